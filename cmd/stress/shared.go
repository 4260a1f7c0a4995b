package main

// Helpers shared by the commands: --scheme, the progress of a build and
// the output checks. The option groups several commands bind live with
// the library that owns them: kinds.Flags (perturbation),
// experiment.SystemFlags (systems), tagger.ModelFlags (one model),
// conll.RepairFlag (--repair).

import (
	"context"
	"fmt"
	"slices"

	"github.com/stress-ner/stress/internal/overwrite"
	"github.com/stress-ner/stress/internal/progress"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb/kinds"
	"github.com/stress-ner/stress/stressset"
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
