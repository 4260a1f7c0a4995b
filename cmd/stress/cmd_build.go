package main

import (
	"context"
	_ "embed"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/kinds"
	"github.com/stress-ner/stress/stressset"
)

// sampleOutDir is the output of "stress build" with no arguments.
const sampleOutDir = "stress-sample"

// buildOptions are the flags of "stress build".
type buildOptions struct {
	kinds.Flags
	Out    string
	From   string
	Kinds  []perturb.ManifestKind
	Force  bool
	Scheme iob.Scheme
	repair conll.RepairFlag
	set    func(name string) bool // whether a flag was given
}

// buildHelp is the usage of "stress build": help/build.txt.
//
//go:embed help/build.txt
var buildHelp string

func init() {
	register(&command{
		Name:    "build",
		Summary: "build stress sets (keyboard, swap, synonym, spelling, case, ocr, ...) with change log and manifest",
		Usage:   help(buildHelp),
		Bind: bind(func(f *flags, o *buildOptions) {
			f.String(&o.Out, "out", "", "", "output `DIR` (created if missing)")
			f.Output("out", false)
			o.BindKinds(f, &o.Kinds, "kinds", "keyboard,swap,synonym", "comma-separated perturbations: "+strings.Join(kinds.Names(), ", "))
			f.String(&o.From, "from", "", "", "regenerate the build described by `MANIFEST` (into its directory unless --out is given)")
			f.Bool(&o.Force, "force", "", false, "replace outputs that exist (with --from and no --out: implied, as the regenerated files must match the recorded ones)")
			bindScheme(f, &o.Scheme, "tag scheme of the inputs, checked before anything is perturbed: iob2, or iob1 or iobes (converted to IOB2 on the way in, stress sets written in it; the manifest records it)")
			o.repair.Bind(f, conll.RepairUsage+" (the manifest records it)")
			o.Flags.Bind(f)
			o.set = f.Changed
		}, runBuild),
	})
}

func runBuild(ctx context.Context, e *env, o *buildOptions, args []string) error {
	var plan *stressset.Plan
	if o.From != "" {
		for _, name := range []string{"seed", "select", "rate", "targets", "min-length", "kinds", "scheme", "repair"} {
			if o.set(name) {
				return usageErrorf("build: --%s cannot be combined with --from (the manifest sets it)", name)
			}
		}
		if len(args) > 0 {
			return usageErrorf("build: input files cannot be combined with --from")
		}
		var err error
		if plan, err = stressset.FromManifest(o.From, o.Out); err != nil {
			return err
		}
		o.repair.On = plan.Repair != nil // as the manifest says
	} else {
		if o.Out == "" && len(args) > 0 {
			return usageErrorf("build: --out DIR is required")
		}
		inputs, err := stressset.Inputs(args)
		if err != nil {
			return usageErrorf("build: %v", err)
		}
		plan = &stressset.Plan{Seed: o.Seed, Selection: o.Selection, Kinds: o.Kinds, Inputs: inputs, Dir: o.Out, Scheme: o.Scheme}
		if plan.Dir == "" {
			plan.Dir = sampleOutDir // "stress build" alone, on the embedded sample
		}
	}
	plan.Workers, plan.Version, plan.Opener = o.Workers, version, corpora(e)
	plan.Repair = o.repair.Log(e.Stderr)
	defer o.repair.Done()
	// Regenerating in place writes the very bytes recorded (checked
	// before anything is committed), so it may replace its own outputs:
	// FromManifest sets Force then.
	plan.Force = plan.Force || o.Force
	inputs, outputs := plan.Files()
	if err := checkOutputsMaking(plan.Dir, inputs, outputs, plan.Force); err != nil {
		return err
	}
	defer stressset.TuneGC()()
	names := make([]string, len(plan.Kinds))
	for i, k := range plan.Kinds {
		names[i] = k.Name
	}
	reserveHeap(names...)
	finish := plan.ShowProgress(e.Stderr)
	m, err := stressset.Run(ctx, plan)
	finish()
	if err != nil {
		return kinds.SetupError(err) // bad option values of a kind are usage errors
	}
	// "stress build" alone builds the embedded sample, which it credits.
	return plan.WriteSummary(e.Stdout, m, len(args) == 0 && o.From == "")
}
