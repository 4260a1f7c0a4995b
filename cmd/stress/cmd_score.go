package main

import (
	"context"
	_ "embed"
	"fmt"

	"github.com/stress-ner/stress/conll/cdr"
	"github.com/stress-ner/stress/conll/score"
	"github.com/stress-ner/stress/internal/textutil"
	"github.com/stress-ner/stress/iob"
)

// scoreHelp is the usage of "stress score": help/score.txt.
//
//go:embed help/score.txt
var scoreHelp string

func init() {
	register(&command{
		Name:    "score",
		Summary: "score predicted tags against gold tags with conlleval's span F1",
		Usage:   help(scoreHelp),
		Bind: bind(func(f *flags, o *scoreOptions) {
			o.Flags.Bind(f)
			o.cdr.Bind(f)
			o.set = f.Changed
		}, runScore),
	})
}

// scoreOptions are the flags of "stress score": span scoring's and, with
// --level, the CDR kit's.
type scoreOptions struct {
	score.Flags
	cdr cdr.Flags
	set func(string) bool
}

// runScoreLevel is score --level: the CDR kit's measures.
func runScoreLevel(e *env, o *scoreOptions, args []string) error {
	for _, name := range []string{"delimiter", "outside", "raw", "latex", "mode", "scheme"} {
		if o.set(name) {
			return usageErrorf("--%s applies to span scoring, not to --level", name)
		}
	}
	if o.Gold == "" || o.Pred == "" || len(args) > 0 {
		return usageErrorf("--level scores --gold and --pred (PubTator or BioC files)")
	}
	if err := oneStdin(o.Gold, o.Pred); err != nil {
		return err
	}
	if o.set("type") {
		if o.cdr.Options.Types = cdr.SplitTypes(o.cdr.Types); len(o.cdr.Options.Types) == 0 {
			return usageErrorf("--type needs a type name")
		}
	}
	fs := cdr.FileScorer{Open: corpora(e).OpenText}
	if o.cdr.InFormat != "" {
		fs.Format, _ = cdr.ParseFormat(o.cdr.InFormat)
	}
	rep, err := fs.Score(o.Gold, o.Pred, o.cdr.Options)
	if err != nil {
		return err
	}
	for _, w := range rep.Warnings {
		fmt.Fprintf(e.Stderr, "stress score: warning: %s\n", w)
	}
	return cdr.WriteReport(e.Stdout, rep, o.Format)
}

func runScore(_ context.Context, e *env, o *scoreOptions, args []string) error {
	if o.cdr.Options.Level != 0 {
		return runScoreLevel(e, o, args)
	}
	for _, name := range []string{"type", "in-format"} {
		if o.set(name) {
			return usageErrorf("--%s goes with --level", name)
		}
	}
	delim, latex, goldPath, predPath, format, opt := o.Delimiter, o.Latex, o.Gold, o.Pred, o.Format, o.Eval
	var scheme iob.Scheme // tags converted from it to IOB2, if convert
	var convert bool
	var err error
	if o.set("scheme") {
		if scheme, convert, err = opt.ParseScheme(o.Scheme); err != nil {
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
