package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"
	"time"

	"github.com/stress-ner/stress/internal/progress"
	"github.com/stress-ner/stress/umls"
)

// umlsCommands are the sub-commands of "stress umls", dispatched like the
// top-level commands.
var umlsCommands = &commandSet{Prog: "stress umls", Errors: cliError, Flags: subFlags,
	Order: []string{"import", "lookup", "info", "generate"},
	Footer: "\nWithout --db, lookup and info use the embedded default lexicon (MeSH, DrugBank,\n" +
		"ChEBI, DOID, NCIt). Run 'stress umls COMMAND --help' for a command's flags.\n"}

// umlsOptions are the flags of the umls sub-commands (each binds the
// ones it uses).
type umlsOptions struct {
	db                         string
	imp                        umls.ImportOptions
	noProgress, usable, notice bool
	groups                     []string
	dir                        string
	rows                       int
	seed                       uint64
	force                      bool
}

func init() {
	umlsCommands.Add(&command{
		Name:    "import",
		Usage:   "--db OUT [--mrconso FILE [--mrsty FILE]] [--terms FILE]... [--obo FILE]... [filters]",
		Summary: "build a concept store from UMLS RRF files and open lexicons",
		Bind: bind(func(f *flags, o *umlsOptions) {
			f.String(&o.db, "db", "", "", "concept store to write (required)")
			f.Output("db", false)
			o.imp.Bind(f)
			f.Bool(&o.noProgress, "no-progress", "", false, "no progress bar, even on a terminal")
		}, runUMLSImport),
	})
	umlsCommands.Add(&command{
		Name:    "lookup",
		Usage:   "[--db DB] [--group GROUP]... TERM",
		Summary: "list the concepts named TERM with their groups and every synonym",
		Bind: bind(func(f *flags, o *umlsOptions) {
			f.String(&o.db, "db", "", "", "concept store (default: the embedded open lexicon)")
			f.Input("db", nil)
			f.List(&o.groups, "group", "", "semantic groups to keep (CHEM, DISO, ...), repeatable or comma-separated")
			f.Check("group", func() (err error) {
				for i, g := range o.groups {
					if o.groups[i], err = umls.ParseGroup(g); err != nil {
						return err
					}
				}
				return nil
			})
			f.Bool(&o.usable, "usable", "", false, "list only the synonyms usable as replacements")
		}, runUMLSLookup),
	})
	umlsCommands.Add(&command{
		Name:    "info",
		Usage:   "[--db DB]",
		Summary: "print a concept store's build metadata and counts",
		Bind: bind(func(f *flags, o *umlsOptions) {
			f.String(&o.db, "db", "", "", "concept store (default: the embedded open lexicon)")
			f.Input("db", nil)
			f.Bool(&o.notice, "notice", "", false, "print the attribution notice of the embedded lexicon's sources")
		}, runUMLSInfo),
	})
	umlsCommands.Add(&command{
		Name:    "generate",
		Usage:   "--dir DIR [--rows N] [--seed S]",
		Summary: "write synthetic MRCONSO.RRF and MRSTY.RRF shaped like a UMLS release, for tests and benchmarks",
		Bind: bind(func(f *flags, o *umlsOptions) {
			f.String(&o.dir, "dir", "", "", "directory to write MRCONSO.RRF and MRSTY.RRF into (required)")
			f.Output("dir", false)
			f.IntIn(&o.rows, "rows", 2000000, 1, math.MaxInt, "MRCONSO rows")
			f.Uint64(&o.seed, "seed", 1, "random seed")
			f.Bool(&o.force, "force", "", false, "replace MRCONSO.RRF and MRSTY.RRF if they exist")
		}, runUMLSGenerate),
	})
}

func runUMLSGenerate(_ context.Context, e *env, o *umlsOptions, args []string) error {
	if len(args) > 0 {
		return usageErrorf("umls generate: unexpected argument %q", args[0])
	}
	dir, rows, seed := o.dir, o.rows, o.seed
	if dir == "" {
		return usageErrorf("umls generate: --dir is required")
	}
	if err := checkOutputsMaking(dir, nil, []string{filepath.Join(dir, "MRCONSO.RRF"), filepath.Join(dir, "MRSTY.RRF")}, o.force); err != nil {
		return err
	}
	conso, sty, err := umls.GenerateFiles(dir, umls.GenerateOptions{Rows: rows, Seed: seed, Force: o.force})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.Stdout, "wrote %s and %s (%d rows)\n", conso, sty, rows)
	return nil
}

func init() {
	register(group("umls", "concept store: import UMLS/open lexicons, look up terms, show info",
		"import|lookup|info|generate [flags] [args]", umlsCommands))
}

func runUMLSImport(ctx context.Context, e *env, o *umlsOptions, args []string) error {
	if len(args) > 0 {
		return usageErrorf("umls import: unexpected argument %q", args[0])
	}
	db := o.db
	if db == "" {
		return usageErrorf("umls import: --db is required")
	}
	// An empty list given (--exclude-tty "") means none, not the default.
	opt := o.imp.Explicit()
	opt.Tool = "stress " + version
	if opt.MRCONSO == "" && len(opt.Terms) == 0 && len(opt.OBO) == 0 {
		return usageErrorf("umls import: give --mrconso, --terms or --obo")
	}
	if err := checkOutputs(opt.Inputs(), []string{db}, opt.Force); err != nil {
		return err
	}
	if _, ok := progress.Terminal(e.Stderr); ok && !o.noProgress && !quiet {
		opt.Progress = e.Stderr
	}
	// Rows with a bad name (U+FFFD, control characters, invalid UTF-8)
	// are skipped, not fatal: the first few are shown with file:line,
	// and all are counted.
	opt.Skipped = umls.SkipLogger(e.Stderr, "stress", 20)
	start := time.Now()
	in, err := umls.Import(ctx, db, opt)
	if err != nil {
		return err
	}
	return in.WriteImportSummary(e.Stdout, e.Stderr, "stress", time.Since(start))
}

func runUMLSLookup(_ context.Context, e *env, o *umlsOptions, args []string) error {
	if len(args) == 0 {
		return usageErrorf("umls lookup: no TERM given")
	}
	s, err := umls.OpenOrDefault(o.db)
	if err != nil {
		return err
	}
	defer s.Close()
	err = umls.WriteLookup(e.Stdout, s, strings.Join(args, " "), o.groups, o.usable)
	var nf *umls.NotFoundError
	if errors.As(err, &nf) {
		nf.Hint = "drop --group or add it"
		return &exitError{Code: 1, Err: fmt.Errorf("umls lookup: %w", nf)}
	}
	return err
}

func runUMLSInfo(_ context.Context, e *env, o *umlsOptions, args []string) error {
	if len(args) > 0 {
		return usageErrorf("umls info: unexpected argument %q", args[0])
	}
	if o.notice {
		_, err := io.WriteString(e.Stdout, umls.Notice)
		return err
	}
	return umls.WriteInfo(e.Stdout, o.db)
}
