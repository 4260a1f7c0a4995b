package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/pflag"
	"golang.org/x/term"

	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/umls"
)

// umlsCommand is one "stress umls" sub-command.
type umlsCommand struct {
	name, usage, summary string
	flags                func(fs *pflag.FlagSet)
	run                  func(ctx context.Context, e *env, fs *pflag.FlagSet, args []string) error
}

var umlsCommands = []*umlsCommand{
	{
		name:    "import",
		usage:   "--db OUT [--mrconso FILE [--mrsty FILE]] [--terms FILE]... [--obo FILE]... [filters]",
		summary: "build a concept store from UMLS RRF files and open lexicons",
		flags: func(fs *pflag.FlagSet) {
			fs.String("db", "", "concept store to write (required)")
			fs.String("mrconso", "", "UMLS MRCONSO.RRF (plain or .gz)")
			fs.String("mrsty", "", "UMLS MRSTY.RRF (plain or .gz), for semantic types and groups")
			fs.StringArray("terms", nil, "open-lexicon term file: concept_id<TAB>category<TAB>term<TAB>term_type (repeatable)")
			fs.StringArray("obo", nil, "OBO 1.2 ontology: names and EXACT synonyms, obsolete terms skipped (repeatable)")
			fs.String("lang", "ENG", "MRCONSO languages (LAT) to keep, comma-separated")
			fs.String("sources", "", "sources (SAB, or lexicon prefix such as MESH) to keep, comma-separated; default all")
			fs.String("exclude-sources", "", "sources to leave out, comma-separated")
			fs.String("exclude-tty", strings.Join(umls.DefaultExcludeTTY, ","), "term types to leave out (obsolete and non-name types); \"\" keeps all")
			fs.String("suppress", "N", "MRCONSO SUPPRESS values to keep (N, O, E, Y), comma-separated")
			fs.Bool("force", false, "replace an existing store")
			fs.Bool("no-progress", false, "no progress bar, even on a terminal")
		},
		run: runUMLSImport,
	},
	{
		name:    "lookup",
		usage:   "[--db DB] [--group GROUP]... TERM",
		summary: "list the concepts named TERM with their groups and every synonym",
		flags: func(fs *pflag.FlagSet) {
			fs.String("db", "", "concept store (default: the embedded open lexicon)")
			fs.StringSlice("group", nil, "semantic groups to keep (CHEM, DISO, ...), repeatable or comma-separated")
			fs.Bool("usable", false, "list only the synonyms usable as replacements")
		},
		run: runUMLSLookup,
	},
	{
		name:    "info",
		usage:   "[--db DB]",
		summary: "print a concept store's build metadata and counts",
		flags: func(fs *pflag.FlagSet) {
			fs.String("db", "", "concept store (default: the embedded open lexicon)")
			fs.Bool("notice", false, "print the attribution notice of the embedded lexicon's sources")
		},
		run: runUMLSInfo,
	},
	{
		name:    "generate",
		usage:   "--dir DIR [--rows N] [--seed S]",
		summary: "write synthetic MRCONSO.RRF and MRSTY.RRF shaped like a UMLS release, for tests and benchmarks",
		flags: func(fs *pflag.FlagSet) {
			fs.String("dir", "", "directory to write MRCONSO.RRF and MRSTY.RRF into (required)")
			fs.Int("rows", 2000000, "MRCONSO rows")
			fs.Uint64("seed", 1, "random seed")
		},
		run: runUMLSGenerate,
	},
}

func runUMLSGenerate(_ context.Context, e *env, fs *pflag.FlagSet, args []string) error {
	if len(args) > 0 {
		return usageErrorf("umls generate: unexpected argument %q", args[0])
	}
	dir, _ := fs.GetString("dir")
	rows, _ := fs.GetInt("rows")
	seed, _ := fs.GetUint64("seed")
	if dir == "" {
		return usageErrorf("umls generate: --dir is required")
	}
	if rows <= 0 {
		return usageErrorf("umls generate: --rows must be positive")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	conso, err := atomicfile.Create(filepath.Join(dir, "MRCONSO.RRF"), false)
	if err != nil {
		return err
	}
	defer conso.Abort()
	sty, err := atomicfile.Create(filepath.Join(dir, "MRSTY.RRF"), false)
	if err != nil {
		return err
	}
	defer sty.Abort()
	if err := umls.GenerateRRF(conso, sty, umls.GenerateOptions{Rows: rows, Seed: seed}); err != nil {
		return err
	}
	// Both files reach the disk before either is put in place, so that
	// a write error leaves neither; MRCONSO, the primary file, goes first.
	for _, f := range []*atomicfile.File{conso, sty} {
		if err := f.Sync(); err != nil {
			return fmt.Errorf("write %s: %w", f.Target(), err)
		}
	}
	if err := conso.Commit(); err != nil {
		return err
	}
	if err := sty.Commit(); err != nil {
		return err
	}
	fmt.Fprintf(e.Stdout, "wrote %s and %s (%d rows)\n", conso.Target(), sty.Target(), rows)
	return nil
}

func init() {
	register(&command{
		Name:    "umls",
		Summary: "concept store: import UMLS/open lexicons, look up terms, show info",
		Usage:   "import|lookup|info [flags] [args]",
		Flags: func(fs *pflag.FlagSet) {
			// Flags after the sub-command belong to it.
			fs.SetInterspersed(false)
		},
		Run: runUMLS,
	})
}

func umlsUsage(w io.Writer) {
	fmt.Fprintf(w, "Usage: stress umls COMMAND [flags] [args]\n\nCommands:\n")
	for _, c := range umlsCommands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "\nWithout --db, lookup and info use the embedded default lexicon (MeSH, DrugBank,\n"+
		"ChEBI, DOID, NCIt). Run 'stress umls COMMAND --help' for a command's flags.\n")
}

func runUMLS(ctx context.Context, e *env, _ *pflag.FlagSet, args []string) error {
	if len(args) == 0 {
		umlsUsage(e.Stderr)
		return usageErrorf("umls: no command given")
	}
	if args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		umlsUsage(e.Stdout)
		return nil
	}
	var c *umlsCommand
	for _, x := range umlsCommands {
		if x.name == args[0] {
			c = x
		}
	}
	if c == nil {
		return usageErrorf("umls: unknown command %q (see 'stress umls help')", args[0])
	}
	fs := pflag.NewFlagSet("umls "+c.name, pflag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	fs.SortFlags = false
	c.flags(fs)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "Usage: stress umls %s %s\n\n%s\n\nFlags:\n%s", c.name, c.usage, c.summary, fs.FlagUsages())
	}
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			fs.SetOutput(e.Stdout)
			fs.Usage()
			return errHelpShown
		}
		return usageErrorf("umls %s: %v", c.name, err)
	}
	return c.run(ctx, e, fs, fs.Args())
}

func openStore(fs *pflag.FlagSet) (*umls.Store, error) {
	if db, _ := fs.GetString("db"); db != "" {
		return umls.Open(db)
	}
	return umls.OpenDefault()
}

// isTerminal reports whether w is a terminal, where a progress bar helps;
// in a pipe or log file it would be noise.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

func runUMLSImport(ctx context.Context, e *env, fs *pflag.FlagSet, args []string) error {
	if len(args) > 0 {
		return usageErrorf("umls import: unexpected argument %q", args[0])
	}
	str := func(n string) string { v, _ := fs.GetString(n); return v }
	arr := func(n string) []string { v, _ := fs.GetStringArray(n); return v }
	db := str("db")
	if db == "" {
		return usageErrorf("umls import: --db is required")
	}
	opt := umls.ImportOptions{
		MRCONSO:        str("mrconso"),
		MRSTY:          str("mrsty"),
		Terms:          arr("terms"),
		OBO:            arr("obo"),
		Languages:      nonNil(splitList(str("lang"))),
		Sources:        splitList(str("sources")),
		ExcludeSources: splitList(str("exclude-sources")),
		ExcludeTTY:     nonNil(splitList(str("exclude-tty"))),
		Suppress:       nonNil(splitList(str("suppress"))),
		Tool:           "stress " + version,
	}
	if opt.MRCONSO == "" && len(opt.Terms) == 0 && len(opt.OBO) == 0 {
		return usageErrorf("umls import: give --mrconso, --terms or --obo")
	}
	opt.Force, _ = fs.GetBool("force")
	if quiet, _ := fs.GetBool("no-progress"); !quiet && isTerminal(e.Stderr) {
		opt.Progress = e.Stderr
	}
	// Rows with a bad name (U+FFFD, control characters, invalid UTF-8)
	// are skipped, not fatal: the first few are shown with file:line,
	// and all are counted.
	const maxShown = 20
	skipped := 0
	opt.Skipped = func(err error) {
		if skipped++; skipped <= maxShown {
			fmt.Fprintf(e.Stderr, "stress: %v (row skipped)\n", err)
		}
	}
	start := time.Now()
	in, err := umls.Import(ctx, db, opt)
	if err != nil {
		return err
	}
	rows := 0
	for _, x := range in.Inputs {
		rows += x.Rows
		if x.Bad > 0 {
			fmt.Fprintf(e.Stderr, "stress: %s: %d rows skipped for a bad name\n", x.Path, x.Bad)
		}
	}
	d := time.Since(start)
	fmt.Fprintf(e.Stdout, "wrote %s: %d concepts, %d terms from %d rows in %.1fs (%.0f rows/s)\n",
		db, in.Concepts, in.Terms, rows, d.Seconds(), float64(rows)/d.Seconds())
	return nil
}

// nonNil turns an empty list into an empty, non-nil one: for ImportOptions
// nil means "the default" while an explicit "" means "none".
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func runUMLSLookup(_ context.Context, e *env, fs *pflag.FlagSet, args []string) error {
	if len(args) == 0 {
		return usageErrorf("umls lookup: no TERM given")
	}
	text := strings.Join(args, " ")
	groups, _ := fs.GetStringSlice("group")
	for i, g := range groups {
		groups[i] = strings.ToUpper(g)
		if _, ok := knownGroups()[groups[i]]; !ok {
			return usageErrorf("umls lookup: unknown semantic group %q", g)
		}
	}
	usable, _ := fs.GetBool("usable")
	s, err := openStore(fs)
	if err != nil {
		return err
	}
	defer s.Close()
	cs, err := s.Lookup(text, groups...)
	if err != nil {
		return err
	}
	if len(cs) == 0 {
		return &exitError{Code: 1, Err: fmt.Errorf("umls lookup: no concept named %q (normalized %q)", text, umls.Normalize(text))}
	}
	for i, c := range cs {
		if i > 0 {
			fmt.Fprintln(e.Stdout)
		}
		groups := strings.Join(c.Groups, ",")
		if groups == "" {
			groups = "-"
		}
		fmt.Fprintf(e.Stdout, "%s  %s  [groups %s", c.ID, c.Name, groups)
		if len(c.Types) > 0 {
			fmt.Fprintf(e.Stdout, "; types %s", strings.Join(c.Types, ","))
		}
		fmt.Fprintln(e.Stdout, "]")
		ts, err := s.Terms(c.ID)
		if err != nil {
			return err
		}
		w := tabwriter.NewWriter(e.Stdout, 0, 4, 2, ' ', 0)
		for _, t := range ts {
			if usable && !t.Usable() {
				continue
			}
			var notes []string
			if t.Preferred {
				notes = append(notes, "preferred")
			}
			if t.Suppressed {
				notes = append(notes, "suppressed")
			}
			if t.Avoid != "" {
				notes = append(notes, "avoid:"+t.Avoid)
			}
			fmt.Fprintf(w, "  %s\t%s\t%s\t%s\n", t.String, t.Source, t.TermType, strings.Join(notes, " "))
		}
		if err := w.Flush(); err != nil {
			return err
		}
	}
	return nil
}

func knownGroups() map[string]bool {
	m := map[string]bool{}
	for _, st := range umls.SemanticTypes() {
		m[st.Group] = true
	}
	return m
}

func runUMLSInfo(_ context.Context, e *env, fs *pflag.FlagSet, args []string) error {
	if len(args) > 0 {
		return usageErrorf("umls info: unexpected argument %q", args[0])
	}
	if notice, _ := fs.GetBool("notice"); notice {
		_, err := io.WriteString(e.Stdout, umls.Notice)
		return err
	}
	s, err := openStore(fs)
	if err != nil {
		return err
	}
	defer s.Close()
	in, err := s.Info()
	if err != nil {
		return err
	}
	w := tabwriter.NewWriter(e.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintf(w, "store\t%s\n", in.Path)
	fmt.Fprintf(w, "schema\t%d\n", in.Schema)
	if !in.Built.IsZero() {
		fmt.Fprintf(w, "built\t%s\n", in.Built.Format(time.RFC3339))
	}
	if in.Tool != "" {
		fmt.Fprintf(w, "tool\t%s\n", in.Tool)
	}
	fmt.Fprintf(w, "concepts\t%d\n", in.Concepts)
	fmt.Fprintf(w, "terms\t%d\n", in.Terms)
	for _, k := range sortedKeys(in.Sources) {
		fmt.Fprintf(w, "source %s\t%d terms\n", k, in.Sources[k])
	}
	for _, k := range sortedKeys(in.Groups) {
		fmt.Fprintf(w, "group %s\t%d concepts\n", k, in.Groups[k])
	}
	for _, k := range sortedKeys(in.Filters) {
		v := in.Filters[k]
		if v == "" {
			v = "-"
		}
		fmt.Fprintf(w, "filter %s\t%s\n", k, v)
	}
	for _, x := range in.Inputs {
		fmt.Fprintf(w, "input %s\t%s\t%d bytes\tsha256 %s\t%d rows, %d kept\n", x.Kind, x.Path, x.Bytes, x.SHA256, x.Rows, x.Kept)
	}
	return w.Flush()
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
