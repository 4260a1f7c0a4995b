package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/internal/overwrite"
	"github.com/stress-ner/stress/report"
	"github.com/stress-ner/stress/review"
	"github.com/stress-ner/stress/stressset"
)

// reviewCommands are the sub-commands of "stress review", dispatched
// like the top-level commands.
var reviewCommands = &commandSet{Prog: "stress review", Errors: cliError, Flags: subFlags,
	Order: []string{"sample", "score"},
	Footer: "\nGive the judges review.html (or items.tsv) and keep key.tsv from them.\n" +
		"Run 'stress review COMMAND --help' for a command's flags.\n"}

// reviewOptions are the flags of the review sub-commands (each binds
// the ones it uses).
type reviewOptions struct {
	out, changes, original string
	n, perStratum          int
	seed                   uint64
	kinds, by, labels      []string
	exclude                []string
	key, avoid             string
	format                 report.Format
	force                  bool
}

func init() {
	reviewCommands.Add(&command{
		Name:    "sample",
		Usage:   help("review-sample"),
		Summary: "draw a blind, stratified sample of a build's changes for people to judge",
		Bind: bind(func(f *flags, o *reviewOptions) {
			f.String(&o.out, "out", "", "", "directory to write the sample into (created if missing; required)")
			f.IntIn(&o.n, "n", review.DefaultN, 1, math.MaxInt32, "items in the sample (every change when there are fewer)")
			f.Uint64(&o.seed, "seed", 1, "random seed; the same seed gives the same files")
			f.List(&o.kinds, "kinds", "", "kinds of change to sample, comma-separated (default: all)")
			f.List(&o.by, "by", "kind,type,source", "columns whose values make the strata: kind, type (entity type), source (lexicon or rule), stratum (the kind's: the synonym kind's policy strata); \"\" for none")
			f.IntIn(&o.perStratum, "per-stratum", 0, 0, math.MaxInt32, "draw this many items from every stratum (all of a smaller one) instead of --n in proportion to their sizes (0: --n)")
			f.Strings(&o.labels, "labels", "labels offered: KIND=label,label,... (* for every kind), or a file of such lines; the first label is the valid one (repeatable)")
			f.Input("labels", func(v string) []string {
				if strings.Contains(v, "=") {
					return nil // a list, not a file
				}
				return []string{v}
			})
			f.String(&o.changes, "changes", "", "", "change log of a set given instead of a build directory")
			f.Input("changes", nil)
			f.String(&o.original, "original", "", "", "original corpus of the set (with --changes; default: undo the logged changes)")
			f.Input("original", nil)
			f.Strings(&o.exclude, "exclude", "leave out the changes an earlier sample showed: its items.tsv (a change at a sentence and span shown there, of any kind; repeatable)")
			f.Input("exclude", nil)
			f.Bool(&o.force, "force", "", false, "replace the sample's files if they exist")
		}, runReviewSample),
	})
	reviewCommands.Add(&command{
		Name:    "score",
		Usage:   help("review-score"),
		Summary: "rates of valid changes with Wilson intervals, judge agreement (kappa), flagged items",
		Bind: bind(func(f *flags, o *reviewOptions) {
			f.String(&o.key, "key", "", "", "the sample's key.tsv (required)")
			f.Input("key", nil)
			Parsed(f, &o.format, "format", "f", "text", report.Parse, "report format on stdout: "+report.Choices())
			f.String(&o.avoid, "avoid", "", "", "also write the flagged synonym (and abbreviation) pairs to `FILE`, in the avoid-list format of --avoid")
			f.Bool(&o.force, "force", "", false, "replace the --avoid file if it exists")
		}, runReviewScore),
	})
	register(group("review", "let people judge a stress set: blind samples to judge, validity rates and agreement",
		help("review"), reviewCommands))
}

func runReviewSample(_ context.Context, e *env, o *reviewOptions, args []string) error {
	if len(args) != 1 {
		return usageErrorf("review sample: want one BUILD_DIR (or one SET with --changes), got %d arguments", len(args))
	}
	if o.out == "" {
		return usageErrorf("review sample: --out is required")
	}
	if o.original != "" && o.changes == "" {
		return usageErrorf("review sample: --original needs --changes (a build directory names its originals)")
	}
	src := args[0]
	var labels review.Labels
	for _, spec := range o.labels {
		var err error
		if strings.Contains(spec, "=") {
			err = labels.Parse(spec)
		} else {
			err = labels.ReadFile(spec)
		}
		if err != nil {
			return usageErrorf("review sample: --labels: %v", err)
		}
	}
	var inputs []string
	if o.changes != "" {
		if info, err := os.Stat(src); err == nil && info.IsDir() {
			return usageErrorf("review sample: with --changes, %s must be the set, not a directory", src)
		}
		inputs = []string{src, o.changes, o.original}
		// A set or change log in a build directory is one of the
		// build's files: the build's input and sets are not replaced
		// either (a build's items.tsv became the judges').
		for _, dir := range []string{filepath.Dir(src), filepath.Dir(o.changes)} {
			if _, err := os.Stat(filepath.Join(dir, stressset.ManifestName)); err == nil {
				inputs = append(inputs, stressset.DirFiles(dir)...)
			}
		}
	} else {
		if info, err := os.Stat(src); err != nil || !info.IsDir() {
			return usageErrorf("review sample: %s is not a build directory (give a set's change log with --changes)", src)
		}
		inputs = stressset.DirFiles(src)
	}
	inputs = append(inputs, o.exclude...)
	if err := oneStdin(inputs...); err != nil {
		return err
	}
	if err := checkOutputsMaking(o.out, inputs, review.Files(o.out), o.force); err != nil {
		return err
	}
	var c *review.Changes
	var err error
	if o.changes != "" {
		c, err = review.ReadSet(corpora(e), src, o.changes, o.original)
	} else {
		c, err = review.ReadBuild(corpora(e), src)
	}
	if err != nil {
		return err
	}
	var shown []string
	for _, p := range o.exclude {
		s, err := review.ReadShownFile(p)
		if err != nil {
			return err
		}
		shown = append(shown, s...)
	}
	s, err := review.Draw(c, review.Options{N: o.n, Seed: o.seed, Kinds: o.kinds, By: o.by, PerStratum: o.perStratum, Labels: labels, Exclude: shown})
	if errors.Is(err, review.ErrOption) || errors.Is(err, review.ErrTooFewItems) {
		return usageErrorf("review sample: %v", err)
	}
	if err != nil {
		return err
	}
	// The directory is made (and locked: one sample at a time), and
	// removed again when the sample cannot be written: a full disk
	// leaves nothing.
	lock, err := atomicfile.LockDir(o.out)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	if err := s.WriteDir(o.out, o.force); err != nil {
		return err
	}
	by := strings.Join(s.By, ", ")
	if by == "" {
		by = "none: one stratum"
	}
	fmt.Fprintf(e.Stdout, "sample %s: %d items of %d changes, %d strata (by %s):\n", s.ID, len(s.Items), s.Changes, len(s.Strata), by)
	tw := tabwriter.NewWriter(e.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "  stratum\tchanges\tdrawn\t\n")
	for _, st := range s.Strata {
		fmt.Fprintf(tw, "  %s\t%d\t%d\t\n", st.Name(s.By), st.Changes, st.Drawn)
	}
	tw.Flush()
	files := review.Files(o.out)
	fmt.Fprintf(e.Stdout, "for the judges: %s (judge in a browser), %s and %s\nkeep from them: %s; the sample's manifest: %s\n",
		files[0], files[1], files[2], files[3], files[4])
	return nil
}

func runReviewScore(_ context.Context, e *env, o *reviewOptions, args []string) error {
	if o.key == "" {
		return usageErrorf("review score: --key is required")
	}
	if len(args) == 0 {
		return usageErrorf("review score: no judgement files given")
	}
	// One judge's file under two names (./j1.tsv, a link) would count
	// as two judges in full agreement.
	if a, prev := overwrite.Twice(args); a != "" {
		return usageErrorf("review score: judgement file %s given twice (%s)", a, prev)
	}
	inputs := append([]string{o.key}, args...)
	if err := oneStdin(inputs...); err != nil {
		return err
	}
	if err := checkOutputs(inputs, []string{o.avoid}, o.force); err != nil {
		return err
	}
	key, err := review.ReadKeyFile(o.key)
	if err != nil {
		return err
	}
	var judges []*review.Judgements
	for _, a := range args {
		js, err := review.ReadJudgementsFile(a, key)
		if err != nil {
			return err
		}
		judges = append(judges, js)
	}
	rep, err := review.Score(key, judges)
	if err != nil {
		return err
	}
	if err := rep.Write(e.Stdout, o.format); err != nil {
		return err
	}
	if o.avoid == "" {
		return nil
	}
	f, err := atomicfile.Create(o.avoid, !o.force)
	if err != nil {
		return err
	}
	defer f.Abort()
	n, err := rep.WriteAvoid(f)
	if err != nil {
		return err
	}
	if err := f.Commit(); err != nil {
		return err
	}
	fmt.Fprintf(notices(e), "wrote %s: %d pairs to avoid (rebuild with --avoid %s)\n", o.avoid, n, o.avoid)
	return nil
}
