package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/stress-ner/stress/build"
	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/experiment"
	"github.com/stress-ner/stress/internal/overwrite"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
)

func init() {
	register(&command{
		Name:    "run",
		Summary: "the whole story: build stress sets, train baselines, tag, compare, report",
		Usage: "[--train FILE... --test FILE] [--model-cmd CMD...] [--augment KINDS] [--out DIR] [flags]\n\n" +
			"With no flags: builds keyboard (K), swap (W) and synonym (S) stress sets\n" +
			"from the embedded BC5CDR sample's test part (CC BY 4.0), trains the two\n" +
			"baselines (words, chars) on its train part, tags every set, prints F1\n" +
			"per set with relative drops and intervals and writes DIR/report.html.\n" +
			"--augment keyboard,swap,synonym also trains each baseline on O + K,\n" +
			"O + W and O + S (systems words+K, chars+K, ...), the paper's Table 4.\n" +
			"DIR receives the build (manifest.json, changes.tsv, stress sets), the\n" +
			"predictions (pred/SYSTEM/FILE), summary.md and the reports.",
		Bind: bind(bindRun, runRun),
	})
}

func bindRun(f *flags, o *runOptions) {
	f.Strings(&o.train, "train", "training corpus `FILE` (repeatable; default: the embedded sample)")
	f.String(&o.test, "test", "", "", "test corpus `FILE` to build stress sets from (default: the embedded sample)")
	f.String(&o.outDir, "out", "", "stress-run", "output `DIR`")
	f.String(&o.htmlPath, "html", "", "", "HTML report `FILE` (default DIR/report.html)")
	f.Bool(&o.force, "force", "", false, "clear DIR first if it holds an earlier run (and replace --html)")
	bindKinds(f, &o.kinds, &o.perturbFlags, "kinds", "keyboard,swap,synonym", "stress sets to build: "+strings.Join(kindNames(), ", "))
	bindKinds(f, &o.augmentKinds, &o.perturbFlags, "augment", "", "also train the baselines on original + one perturbed copy of the train set, per `KINDS`")
	bindBaselines(f, &o.baselines, "words,chars", "built-in baselines to train: words, chars, or none")
	bindSystems(f, &o.systemFlags)
	bindPerturb(f, &o.perturbFlags)
	o.set = f.Changed
}

// runOptions are the flags of "stress run".
type runOptions struct {
	perturbFlags
	systemFlags
	test, outDir, htmlPath string
	augmentKinds, kinds    []perturb.ManifestKind
	force                  bool
	set                    func(name string) bool
}

func runRun(ctx context.Context, e *env, o *runOptions, args []string) error {
	e = syncStderr(e)
	if len(args) > 0 {
		return usageErrorf("run takes no arguments (got %q); use --train and --test", args[0])
	}
	if err := o.check(); err != nil {
		return err
	}
	read := append([]string{o.test}, o.train...)
	if err := overwrite.Check(read, []string{o.htmlPath}, o.force); err != nil {
		return err
	}
	if err := clearOutDir(o.outDir, o.force, read); err != nil {
		return err
	}
	start := time.Now()
	logf := func(format string, a ...any) {
		if !o.quiet {
			fmt.Fprintf(e.Stderr, "[%5.1fs] %s\n", time.Since(start).Seconds(), fmt.Sprintf(format, a...))
		}
	}

	// 1. Stress sets of the test part, exactly as "stress build" makes them.
	var tests []string
	if o.test != "" {
		tests = []string{o.test}
	}
	inputs, err := build.Inputs(tests)
	if err != nil {
		return err
	}
	logf("building %s from %s into %s", kindList(o.kinds), inputs[0].Path, o.outDir)
	be := e
	if o.quiet {
		be = &env{Stdin: e.Stdin, Stdout: io.Discard, Stderr: io.Discard} // no progress bar
	}
	m, err := runPlan(ctx, be, &build.Plan{Seed: o.Seed, Selection: o.Selection, Kinds: o.kinds,
		Inputs: inputs, Dir: o.outDir, Workers: o.Workers, Version: version, Scheme: o.scheme})
	if err != nil {
		return err
	}
	bld := &build.Build{Dir: o.outDir, Manifest: m}
	sets, err := bld.Sets(&m.Inputs[0])
	if err != nil {
		return err
	}
	// Predictions on documents are written as those documents.
	templates := map[string]conll.Template{}
	for i := range sets {
		templates[filepath.Base(sets[i].File)] = bld.Template(sets[i].File)
		sets[i].File = filepath.Base(sets[i].File) // predictions are written under these names
	}

	// 2. Systems: baselines (trained here) and external commands.
	systems, stop, err := loadSystems(ctx, "run", &o.systemFlags, &o.perturbFlags, o.augmentKinds, e, logf)
	if err != nil {
		return err
	}
	defer stop()
	checked := checkSystems(systems, sets[0].Gold, o.strictTags)
	if !o.quiet {
		showProgress(e, systems, sets)
	}

	// 3. Tag every set with every system and compare.
	logf("tagging %d sets with %d systems and comparing (%d bootstrap samples)", len(sets), len(systems), o.samples)
	c := compare.New()
	c.Samples, c.Seed, c.Workers = o.samples, o.Seed, o.Workers
	predDir, summaryPath := filepath.Join(o.outDir, "pred"), filepath.Join(o.outDir, "summary.md")
	rep, err := experiment.Evaluate(ctx, c, sets, systems, experiment.SavePredictionsLike(predDir, func(s compare.Set) conll.Template { return templates[s.File] }, o.scheme))
	if err != nil {
		return err
	}
	for i, c := range checked {
		warnUnknown(e.Stderr, systems[i].Name, c)
	}

	// 4. Reports: summary.md and the HTML page in DIR, summary tables and
	// the full report on stdout.
	if err := experiment.WriteReports(summaryPath, o.htmlPath, rep, systems); err != nil {
		return err
	}
	switch o.format {
	case compare.Text, compare.Markdown:
		if err := experiment.WriteSummary(e.Stdout, rep, systems, o.format == compare.Markdown); err != nil {
			return err
		}
		fmt.Fprintln(e.Stdout)
	}
	if err := rep.Write(e.Stdout, o.format); err != nil {
		return err
	}
	logf("wrote %s, %s and predictions under %s", o.htmlPath, summaryPath, predDir)
	if o.test == "" && len(o.train) == 0 {
		fmt.Fprintf(e.Stderr, "Data: BC5CDR excerpt (CC BY 4.0), see sample/NOTICE.\n")
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
	if len(o.train) > 0 && o.test == "" {
		return usageErrorf("run: --train needs --test (the stress sets are built from the test set)")
	}
	if o.scheme != iob.IOB2 && o.test == "" {
		return usageErrorf("run: --scheme needs --test (the embedded sample is IOB2)")
	}
	if len(o.modelNames) > len(o.modelCmds)+len(o.modelServers) {
		return usageErrorf("run: more --model-name than --model-cmd and --model-server")
	}
	if o.set("timeout") && len(o.modelCmds)+len(o.modelServers) == 0 {
		return usageErrorf("run: --timeout needs --model-cmd or --model-server")
	}
	if len(o.baselines) == 0 && len(o.modelCmds)+len(o.modelServers) == 0 {
		return usageErrorf("run: no systems (--baselines none and no --model-cmd or --model-server)")
	}
	if len(o.baselines) == 0 && len(o.augmentKinds) > 0 {
		return usageErrorf("run: --augment trains the baselines; it cannot go with --baselines none")
	}
	if len(o.baselines) > 0 && len(o.train) == 0 && o.test != "" {
		return usageErrorf("run: the baselines need --train (or use --baselines none)")
	}
	return nil
}

// clearOutDir applies the output policy to the directory of "stress
// run": an empty or missing directory is used as it is; a non-empty one
// only with --force, which clears it, and only when it holds the
// manifest of an earlier run and none of this run's inputs (a mistyped
// --out must not wipe unrelated files). Stale files of systems no longer
// run would otherwise sit beside the new report.
func clearOutDir(dir string, force bool, inputs []string) error {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if len(ents) == 0 {
		return nil
	}
	if !force {
		return fmt.Errorf("--out %s: directory not empty (use --force to clear it)", dir)
	}
	if _, err := os.Stat(filepath.Join(dir, build.ManifestName)); err != nil {
		return fmt.Errorf("--out %s: directory not empty and not an earlier run (no %s); not clearing it, choose another --out", dir, build.ManifestName)
	}
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	for _, in := range inputs {
		if abs, err := filepath.Abs(in); err == nil && in != "" && strings.HasPrefix(abs, absDir+string(filepath.Separator)) {
			return usageErrorf("--out %s holds the input %s; not clearing it", dir, in)
		}
	}
	for _, e := range ents {
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return err
		}
	}
	return nil
}
