package main

import (
	"context"
	"fmt"

	"github.com/stress-ner/stress/conll/cdr"
	"github.com/stress-ner/stress/conll/score"
	"github.com/stress-ner/stress/internal/textutil"
	"github.com/stress-ner/stress/iob"
)

func init() {
	register(&command{
		Name:    "score",
		Summary: "score predicted tags against gold tags with conlleval's span F1",
		Usage:   help("score"),
		Bind: bind(func(f *flags, o *scoreOptions) {
			f.String(&o.delim, "delimiter", "d", " ", "field separator of conlleval input (a Perl-style pattern, as conlleval -d)")
			f.String(&o.eval.Outside, "outside", "o", "O", "outside tag for -r (as conlleval -o) and for --mode strict")
			f.Bool(&o.eval.Raw, "raw", "r", false, "tags have no B-/I- prefixes: every non-outside tag is a one-token entity (conlleval -r)")
			f.Bool(&o.latex, "latex", "l", false, "print conlleval's LaTeX table (text format only)")
			f.String(&o.gold, "gold", "", "", "gold corpus file (with --pred)")
			f.Input("gold", nil)
			f.String(&o.pred, "pred", "", "", "predicted corpus file (with --gold)")
			f.Input("pred", nil)
			f.Enum(&o.format, "format", "", "text", []string{"text", "json", "markdown", "csv"}, "output format: text, json, markdown or csv")
			Parsed(f, &o.eval.Mode, "mode", "", "conlleval", score.ParseMode, "scoring: conlleval, strict (seqeval's strict mode under --scheme, iob2 by default) or semeval (nervaluate's four SemEval-2013 modes)")
			f.String(&o.schemeName, "scheme", "", "", "conlleval and semeval modes: convert tags from iob1, iob2 or iobes to IOB2 first; strict mode: read tags as seqeval does in iob1, iob2, ioe1, ioe2, iobes or bilou (never converted or repaired)")
			Parsed(f, &o.cdr.Level, "level", "", "", parseCDRLevel, "score PubTator or BioC --gold and --pred as the BioCreative V CDR kit does: mention, id (concept ids per document) or relation (chemical-disease pairs per document)")
			f.String(&o.types, "type", "", "", "with --level: the mention types (default Disease) or relation types (default CID) scored, several as A|B, as the kit's scripts pass them")
			f.Enum(&o.inFormat, "in-format", "", "", []string{"pubtator", "bioc"}, "with --level: the format of both files (default: from the gold's content)")
			o.set = f.Changed
		}, runScore),
	})
}

// scoreOptions are the flags of "stress score".
type scoreOptions struct {
	delim, gold, pred, format string
	schemeName                string
	eval                      score.EvalOptions
	latex                     bool
	set                       func(string) bool

	cdr             cdr.Options // --level, --type
	types, inFormat string
}

func parseCDRLevel(s string) (cdr.Level, error) {
	if s == "" {
		return 0, nil
	}
	return cdr.ParseLevel(s)
}

// runScoreLevel is score --level: the CDR kit's measures.
func runScoreLevel(e *env, o *scoreOptions, args []string) error {
	for _, name := range []string{"delimiter", "outside", "raw", "latex", "mode", "scheme"} {
		if o.set(name) {
			return usageErrorf("--%s applies to span scoring, not to --level", name)
		}
	}
	if o.gold == "" || o.pred == "" || len(args) > 0 {
		return usageErrorf("--level scores --gold and --pred (PubTator or BioC files)")
	}
	if err := oneStdin(o.gold, o.pred); err != nil {
		return err
	}
	if o.set("type") {
		if o.cdr.Types = cdr.SplitTypes(o.types); len(o.cdr.Types) == 0 {
			return usageErrorf("--type needs a type name")
		}
	}
	fs := cdr.FileScorer{Open: corpora(e).OpenText}
	if o.inFormat != "" {
		fs.Format, _ = cdr.ParseFormat(o.inFormat)
	}
	rep, err := fs.Score(o.gold, o.pred, o.cdr)
	if err != nil {
		return err
	}
	for _, w := range rep.Warnings {
		fmt.Fprintf(e.Stderr, "stress score: warning: %s\n", w)
	}
	return cdr.WriteReport(e.Stdout, rep, o.format)
}

func runScore(_ context.Context, e *env, o *scoreOptions, args []string) error {
	if o.cdr.Level != 0 {
		return runScoreLevel(e, o, args)
	}
	for _, name := range []string{"type", "in-format"} {
		if o.set(name) {
			return usageErrorf("--%s goes with --level", name)
		}
	}
	delim, latex, goldPath, predPath, format, opt := o.delim, o.latex, o.gold, o.pred, o.format, o.eval
	var scheme iob.Scheme // tags converted from it to IOB2, if convert
	var convert bool
	var err error
	if o.set("scheme") {
		if scheme, convert, err = opt.ParseScheme(o.schemeName); err != nil {
			return usageErrorf("--scheme: %v", err)
		}
	}
	if latex && format != "text" {
		return usageErrorf("-l needs --format text")
	}
	if latex && opt.Mode == score.ModeSemEval {
		return usageErrorf("-l applies to conlleval and strict reports")
	}
	if delim == "" {
		return usageErrorf("-d needs a non-empty delimiter")
	}

	var counts score.Counts
	var sem *score.SemEval
	switch {
	case goldPath != "" || predPath != "":
		if goldPath == "" || predPath == "" {
			return usageErrorf("--gold and --pred go together")
		}
		if len(args) > 0 {
			return usageErrorf("FILE cannot be combined with --gold and --pred")
		}
		if err := oneStdin(goldPath, predPath); err != nil {
			return err
		}
		if o.set("delimiter") {
			return usageErrorf("-d applies to conlleval input; corpus files are read by format")
		}
		sc := score.NewScorer(opt)
		sc.Opener = corpora(e)
		sc.Convert, sc.Scheme = convert, scheme
		if counts, err = sc.AddFiles(goldPath, predPath); err != nil {
			return err
		}
		sem = sc.SemEval()
	default:
		if len(args) == 2 {
			return usageErrorf("score reads one conlleval FILE (token, gold tag, predicted tag per line); to score two corpus files, give them as --gold %s --pred %s", textutil.ShellLine(args[:1]), textutil.ShellLine(args[1:]))
		}
		if len(args) > 2 {
			return usageErrorf("score reads one conlleval FILE, or two corpus files as --gold GOLD --pred PRED (got %d files)", len(args))
		}
		name := "-" // standard input, decompressed if it is gzipped
		if len(args) == 1 {
			name = args[0]
		}
		ev := &score.Evaluator{Delimiter: delim, Options: opt, Convert: convert, Scheme: scheme, Opener: corpora(e)}
		if counts, err = ev.EvaluateFile(name); err != nil {
			// Refuse as conlleval does: nothing on stdout, its exit status.
			return &exitError{Code: score.ConllevalStatus(err), Err: err}
		}
		sem = ev.SemEval()
	}

	// Tags valid IOB2 forbids: conlleval reads them as entity starts,
	// strict mode ignores them; SemEval's report goes without the warning.
	if opt.Mode != score.ModeSemEval {
		for _, w := range counts.IssueWarnings(opt.Mode, "--mode strict") {
			fmt.Fprintf(e.Stderr, "stress score: warning: %s\n", w)
		}
	}
	return score.WriteResult(e.Stdout, counts, sem, opt, format, latex)
}
