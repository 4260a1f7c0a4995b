package main

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/stress-ner/stress/conll/score"
	"github.com/stress-ner/stress/perturb/kinds"
	"github.com/stress-ner/stress/tagger"

	"github.com/stress-ner/stress/experiment"
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/internal/overwrite"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/stressset"
)

// runHelp is the usage of "stress run": help/run.txt.
//
//go:embed help/run.txt
var runHelp string

func init() {
	register(&command{
		Name:    "run",
		Summary: "the whole story: build stress sets, train baselines, tag, compare, report",
		Usage:   help(runHelp),
		Bind:    bind(bindRun, runRun),
	})
}

func bindRun(f *flags, o *runOptions) {
	f.Strings(&o.Systems.Train, "train", "training corpus `FILE` (repeatable; default: the embedded sample)")
	f.Input("train", nil)
	f.String(&o.test, "test", "", "", "test corpus `FILE` to build stress sets from (default: the embedded sample)")
	f.Input("test", nil)
	f.String(&o.outDir, "out", "", "stress-run", "output `DIR`")
	f.String(&o.htmlPath, "html", "", "", "HTML report `FILE` (default DIR/report.html)")
	f.Output("out", false)
	f.Output("html", false)
	f.Bool(&o.force, "force", "", false, "clear DIR first if it holds an earlier run (and replace --html)")
	o.BindKinds(f, &o.kinds, "kinds", "keyboard,swap,synonym", "stress sets to build: "+strings.Join(kinds.Names(), ", "))
	o.BindKinds(f, &o.Systems.Augment, "augment", "", "also train the baselines on original + one perturbed copy of the train set, per `KINDS`")
	experiment.BindBaselines(f, &o.Systems.Baselines, "words,chars", "built-in baselines to train: words, chars, or none")
	o.SystemFlags.Bind(f)
	o.Flags.Bind(f)
	Parsed(f, &o.mode, "mode", "", "conlleval", score.ParseMode, "span semantics of the report: conlleval, strict (seqeval's strict mode, IOB2) or semeval (nervaluate's entities, exact matches)")
	bindRunLevels(f, &o.levelFlags)
	o.set = f.Changed
}

// runOptions are the flags of "stress run".
type runOptions struct {
	kinds.Flags
	experiment.SystemFlags
	levelFlags
	test, outDir, htmlPath string
	kinds                  []perturb.ManifestKind
	force                  bool
	mode                   score.Mode
	set                    func(name string) bool
}

func runRun(ctx context.Context, e *env, o *runOptions, args []string) error {
	e = e.Synced()
	if len(args) > 0 {
		return usageErrorf("run takes no arguments (got %q); use --train and --test", args[0])
	}
	if len(o.levels) > 0 {
		return runLevels(ctx, e, o)
	}
	for _, name := range []string{"level-baselines", "doc-cmd", "doc-server"} {
		if o.set(name) {
			return usageErrorf("run: --%s goes with --level", name)
		}
	}
	if err := o.check(); err != nil {
		return err
	}
	inputs, err := stressset.InputsOf(o.test)
	if err != nil {
		return err
	}
	prov, err := provenance(e)
	if err != nil {
		return err
	}
	stages, logf := o.Progress(e.Stderr)
	o.Systems.Repair = o.Repair.Log(e.Stderr)
	defer o.Repair.Done()
	ev := &experiment.Evaluation{
		Plan: stressset.Plan{Seed: o.Seed, Selection: o.Selection, Kinds: o.kinds, Inputs: inputs, Dir: o.outDir,
			Workers: o.Workers, Version: version, Scheme: o.Systems.Scheme, Repair: o.Systems.Repair, Opener: corpora(e)},
		Systems: *o.For(&o.Flags, corpora(e), e.Stderr, stages, logf), Samples: o.Samples, HTML: o.htmlPath, Logf: logf,
		Provenance: prov, Force: o.force,
		// Sets and predictions are compared as IOB2, whatever --scheme
		// they are written in: strict mode reads IOB2.
		Eval: score.EvalOptions{Mode: o.mode, Scheme: score.StrictIOB2}}
	// Every file the run reads and writes is known now: the one policy
	// checks them all (--html over a set or a prediction is an output
	// named twice) before the directory is cleared and any work done.
	read, written := ev.Files()
	read = withDeclared(read)
	op, err := ev.Plan.Opener.ReadInputs(read, append([]string{inputs[0].Path}, o.Systems.Train...))
	if err != nil {
		return err
	}
	ev.Plan.Opener, ev.Systems.Opener = op, op
	if err := experiment.CheckDir(o.outDir, o.force, read); err != nil {
		return outDirError(err)
	}
	if err := checkOutputsMaking(o.outDir, read, written, o.force); err != nil {
		return err
	}
	// One run at a time writes into --out: a second one would clear,
	// replace or remove this one's files, and neither would be whole.
	lock, err := atomicfile.LockDir(o.outDir)
	if errors.Is(err, atomicfile.ErrLocked) {
		return outDirError(&experiment.DirError{Dir: o.outDir, Err: atomicfile.ErrLocked})
	}
	if err != nil {
		return err
	}
	defer lock.Unlock()
	if err := experiment.ClearDir(o.outDir, o.force, read); err != nil {
		return outDirError(err)
	}
	experiment.WarnOverlap(e.Stderr, op, o.Systems.Train, o.test)
	res, err := ev.Run(ctx)
	if err != nil {
		return experiment.UsageError("run", kinds.SetupError(err))
	}
	tagger.WriteWarnings(e.Stderr, res.Warnings)
	if err := res.Write(e.Stdout, o.Format); err != nil {
		return err
	}
	logf("wrote %s, %s and predictions under %s", res.HTML, res.Summary, res.Predictions)
	if o.test == "" && len(o.Systems.Train) == 0 {
		o.CreditSample(e.Stderr)
	}
	return nil
}

// check checks the combinations of flags.
func (o *runOptions) check() error {
	if o.outDir == "" {
		return usageErrorf("run: --out must not be empty")
	}
	if o.htmlPath == "" {
		o.htmlPath = filepath.Join(o.outDir, "report.html")
	}
	if err := oneStdin(append([]string{o.test}, o.Systems.Train...)...); err != nil {
		return err
	}
	return o.SystemFlags.Check("run", o.test)
}

// outDirError puts a refusal of experiment.ClearDir in terms of --out.
func outDirError(err error) error {
	var de *experiment.DirError
	if !errors.As(err, &de) {
		return err
	}
	switch de.Err {
	case experiment.ErrDirNotEmpty:
		return fmt.Errorf("--out %v (use --force to clear it)", err)
	case overwrite.ErrInput:
		return usageErrorf("--out %v", err)
	}
	return fmt.Errorf("--out %v, choose another --out", err)
}
