package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/progress"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/kinds"
	"github.com/stress-ner/stress/stressset"
)

// perturbOptions are the flags of "stress perturb".
type perturbOptions struct {
	kinds.Flags
	Kind      string
	Output    string
	Log       string
	InFormat  string
	OutFormat string
	Force     bool
	Scheme    iob.Scheme
	repair    conll.RepairFlag
}

func init() {
	register(&command{
		Name:    "perturb",
		Summary: "write a perturbed (stress) copy of a corpus",
		Usage:   "--kind KIND [--seed N] [--log FILE] [-o OUT] [IN]",
		Bind: bind(func(f *flags, o *perturbOptions) {
			f.String(&o.Kind, "kind", "", "", "perturbation: "+kinds.Help())
			f.String(&o.Output, "output", "o", "", "write the perturbed corpus to `OUT` (default, or -: standard output)")
			f.String(&o.Log, "log", "", "", "write the change log (TSV with header) to `FILE`")
			f.Output("output", true)
			f.Output("log", false)
			f.Bool(&o.Force, "force", "", false, "replace OUT and the log if they exist")
			bindScheme(f, &o.Scheme, "tag scheme of the input, checked before anything is perturbed: iob2, or iob1 or iobes (converted to IOB2 on the way in and back on the way out)")
			o.repair.Bind(f, conll.RepairUsage)
			f.Enum(&o.InFormat, "in-format", "", "", formatChoices, "input format (default: from the name or content)")
			f.Enum(&o.OutFormat, "out-format", "", "", formatChoices, "output format (default: from the output name, or the input's)")
			o.Flags.Bind(f)
		}, runPerturb),
	})
}

func runPerturb(ctx context.Context, e *env, o *perturbOptions, args []string) error {
	if len(args) > 1 {
		return usageErrorf("perturb takes at most one input file")
	}
	if o.Kind == "" {
		return usageErrorf("perturb: --kind is required (%s)", strings.Join(kinds.Names(), ", "))
	}
	kind, err := kinds.Lookup(o.Kind)
	if err != nil {
		return usageErrorf("%v", err)
	}
	opts, err := kinds.Options(kind, o.Values())
	if err != nil {
		return usageErrorf("%v", err)
	}
	if err := perturb.CheckSelection(o.Selection, kind); err != nil {
		return usageErrorf("%v", kinds.FlagError(err))
	}
	defer stressset.TuneGC()()
	reserveHeap(kind.Name)
	inName := "-"
	if len(args) == 1 {
		inName = args[0]
	}
	if err := checkOutputs(append([]string{inName}, kinds.InputFiles([]perturb.ManifestKind{{Name: kind.Name, Options: opts}})...), []string{o.Output, o.Log}, o.Force); err != nil {
		return err
	}
	pf := stressset.PerturbFile{Kind: kind, Output: o.Output, Stdout: e.Stdout, Log: o.Log, Force: o.Force,
		Apply:  perturb.ApplyOptions{Seed: o.Seed, Selection: &o.Selection, Options: opts, Workers: o.Workers, Scheme: o.Scheme},
		Repair: o.repair.Log(e.Stderr), Opener: corpora(e),
		Note: func(s string) { fmt.Fprintln(notices(e), "note: "+s) }}
	defer o.repair.Done()
	if _, ok := progress.Terminal(notices(e)); ok {
		st, n := progress.NewStages(e.Stderr, nil).Start("perturbing", -1, "sentences"), 0
		pf.Apply.Progress = func(done int) { n = done; st.Add(1) }
		defer func() { st.Done(fmt.Sprintf("%d sentences", n)) }()
	}
	return kinds.SetupError(pf.RunFile(ctx, inName, o.InFormat, o.OutFormat))
}
