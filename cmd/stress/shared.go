package main

// Helpers shared by the commands: the perturbation flags (seed,
// selection, workers, every kind's options), corpus input, progress and
// the collector setting of perturbing commands.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/experiment"
	"github.com/stress-ner/stress/internal/overwrite"
	"github.com/stress-ner/stress/internal/progress"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb/kinds"
	"github.com/stress-ner/stress/report"
	"github.com/stress-ner/stress/stressset"
	"github.com/stress-ner/stress/tagger"
)

// bindScheme binds --scheme, the tag scheme of a command's corpora:
// checked before anything is done, converted to IOB2 on the way in and,
// for what the command writes, back on the way out.
func bindScheme(f *flags, p *iob.Scheme, usage string) {
	Parsed(f, p, "scheme", "", "iob2", iob.ParseScheme, usage)
}

// runPlan runs a build with a progress bar on a terminal; bad option
// values of a kind are usage errors.
func runPlan(ctx context.Context, e *env, plan *stressset.Plan) (*stressset.Manifest, error) {
	defer progressPlan(e, plan)()
	m, err := stressset.Run(ctx, plan)
	return m, kinds.SetupError(err)
}

// progressPlan shows the sentences a build perturbs as a stage with its
// total (counted beside the build) when stderr is a terminal; call the
// function it returns when done. Off a terminal the build says nothing:
// its callers print what they made.
func progressPlan(e *env, plan *stressset.Plan) (finish func()) {
	if _, ok := progress.Terminal(e.Stderr); !ok {
		return func() {}
	}
	st := progress.NewStages(e.Stderr, nil).Start("perturbing", -1, "sentences")
	go func() {
		if total, ok := plan.Sentences(); ok {
			st.SetTotal(total)
		}
	}()
	n := 0
	plan.Progress = func(done int) { n = done; st.Add(1) }
	return func() { st.Done(fmt.Sprintf("%d sentences", n)) }
}

// systemFlags are the options of the commands that evaluate systems (run,
// curve): the systems (bound into an experiment.Systems: external
// taggers, baselines and their training) and the report.
type systemFlags struct {
	sys     experiment.Systems
	samples int
	format  report.Format
	quiet   bool
	repair  repairFlag
}

func bindSystems(f *flags, o *systemFlags) {
	f.Strings(&o.sys.Commands, "model-cmd", "external tagger `CMD` (sh -c; CoNLL on stdin, CoNLL or tags on stdout); repeatable")
	f.Strings(&o.sys.Servers, "model-server", "external tagger `CMD` started once (sh -c) answering JSON lines {\"tokens\": [...]} -> {\"tags\": [...]} (see docs/models.md); repeatable")
	f.List(&o.sys.Names, "model-name", "", "names of the --model-cmd, then --model-server, systems in reports, comma-separated or repeated: a,b names two (default cmd, cmd2, ..., server, ...)")
	f.Duration(&o.sys.Timeout, "timeout", defaultTimeout, timeoutHelp)
	f.Bool(&o.sys.Strict, "strict-tags", "", false, "an unknown tag (not O, B-TYPE or I-TYPE with a type of the gold) is an error, not a warning")
	f.IntIn(&o.sys.Epochs, "epochs", 10, 1, math.MaxInt, "training passes of the baselines")
	f.IntIn(&o.samples, "samples", 1000, 0, compare.MaxSamples, "bootstrap samples and randomization shuffles (0: no intervals)")
	Parsed(f, &o.format, "format", "f", "text", report.Parse, "report format on stdout: "+report.Choices())
	f.Bool(&o.quiet, "quiet", "q", false, quietUsage)
	bindScheme(f, &o.sys.Scheme, "tag scheme of --train, --test and the tags of --model-cmd and --model-server: iob2, or iob1 or iobes (checked, converted to IOB2 to be perturbed, trained on and scored; files written back in it)")
	f.Bool(&o.repair.on, "repair", "", false, "repair invalid tag transitions of --train and --test instead of refusing them, reading them as conlleval does (an I- after O or after another type starts an entity); each is reported with file and line")
}

// bindBaselines binds --baselines, a list of feature sets ("none": no
// baselines), parsed when the command line is.
func bindBaselines(f *flags, p *[]tagger.Features, value, usage string) {
	var names []string
	f.List(&names, "baselines", value, usage)
	f.Check("baselines", func() error {
		if len(names) == 1 && names[0] == "none" {
			return nil
		}
		for _, name := range names {
			b, err := tagger.ParseFeatures(name)
			if err != nil {
				return err
			}
			*p = append(*p, b)
		}
		return nil
	})
}

// systems returns the systems of o, seeded, selected and run in
// parallel as p says, their standard error and log on the command's.
func (o *systemFlags) systems(p *kinds.Flags, e *env, st *progress.Stages, logf func(string, ...any)) *experiment.Systems {
	s := o.sys
	s.Seed, s.Selection, s.Workers, s.Stderr, s.Logf, s.Progress = p.Seed, p.Selection, p.Workers, e.Stderr, logf, st
	s.Opener = corpora(e)
	return &s
}

// systemsError makes a bad system name a usage error of command cmd.
func systemsError(cmd string, err error) error {
	if errors.Is(err, experiment.ErrOption) {
		return usageErrorf("%s: %v", cmd, err)
	}
	return err
}

// progress returns the display of the stages of run and curve (bars on
// a terminal, a line per stage elsewhere, every line with the seconds
// since the start) and its log; nil and a log that writes nothing with
// --quiet.
func (o *systemFlags) progress(e *env) (*progress.Stages, func(string, ...any)) {
	if o.quiet {
		return nil, func(string, ...any) {}
	}
	start := time.Now()
	st := progress.NewStages(e.Stderr, func() string { return fmt.Sprintf("[%5.1fs] ", time.Since(start).Seconds()) })
	return st, st.Logf
}

// quietUsage is the help of --quiet, the same for every command that
// has it.
const quietUsage = "only errors and warnings on standard error: no progress, no notices (an external tagger's own standard error still shows)"

// creditSample prints the attribution of the embedded sample on standard
// error after a run or curve of it, unless --quiet: then standard error
// has errors and warnings only (README and sample/NOTICE carry the
// attribution).
func (o *systemFlags) creditSample(e *env) {
	if !o.quiet {
		fmt.Fprintln(e.Stderr, "Data: BC5CDR excerpt (CC BY 4.0), see sample/NOTICE.")
	}
}

// parseModel parses a saved model given as NAME=FILE.
func parseModel(s string) (experiment.Model, error) {
	name, file, ok := strings.Cut(s, "=")
	if !ok || name == "" || file == "" {
		return experiment.Model{}, errors.New("want NAME=FILE")
	}
	return experiment.Model{Name: name, File: file}, nil
}

// withDeclared returns inputs with the files the command's flags
// declare as read (declared) added.
func withDeclared(inputs []string) []string {
	return append(slices.Clip(inputs), declared...)
}

// checkOutputs applies the one output policy (overwrite.Check) to the
// files of a command, before any work, with the files its flags declare
// as read among its inputs (declared): every file a command reads,
// auxiliary ones included (a model, a concept store, corpora of unseen
// mentions, a label list), is an input no output may replace, even
// with --force.
//
// An output whose directory is missing, or is not a directory, fails
// now too, with the error writing it would give at the end ("open
// nodir/out.tsv: no such file or directory"): a command that works for
// minutes (an attack, a run, scoring) must not fail only then.
func checkOutputs(inputs, outputs []string, force bool) error {
	return checkOutputsMaking("", inputs, outputs, force)
}

// checkOutputsMaking is checkOutputs for a command that creates
// directory made itself (build --out, run --out, umls generate --dir):
// outputs inside it need no directory yet.
func checkOutputsMaking(made string, inputs, outputs []string, force bool) error {
	if err := overwrite.Check(withDeclared(inputs), outputs, force); err != nil {
		return err
	}
	return overwrite.CheckDirs(made, outputs)
}

// oneStdin refuses "-" (standard input) given for more than one input:
// the second would read an exhausted stream.
func oneStdin(names ...string) error {
	n := 0
	for _, name := range names {
		if name == "-" {
			n++
		}
	}
	if n > 1 {
		return usageErrorf("standard input (-) can be only one of the inputs")
	}
	return nil
}

// warnOverlap warns when the training corpora and the test corpus of
// run or curve overlap (experiment.TrainTestOverlap): the same file, or
// test sentences the baselines were trained on. A file that cannot be
// read is left to the command, which reports it.
func warnOverlap(w io.Writer, op conll.Opener, train []string, test string) {
	if len(train) == 0 || test == "" {
		return
	}
	if o, err := experiment.TrainTestOverlap(op, train, test); err == nil && o.Any() {
		fmt.Fprintf(w, "warning: --train and --test overlap: %v\n", o)
	}
}
