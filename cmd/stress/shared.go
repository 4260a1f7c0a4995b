package main

// Helpers shared by the commands: --scheme, the progress of a build and
// the output checks. The option groups several commands bind live with
// the library that owns them: kinds.Flags (perturbation),
// experiment.SystemFlags (systems), tagger.ModelFlags (one model),
// conll.RepairFlag (--repair).

import (
	"slices"

	"github.com/stress-ner/stress/internal/overwrite"
	"github.com/stress-ner/stress/iob"
)

// bindScheme binds --scheme, the tag scheme of a command's corpora:
// checked before anything is done, converted to IOB2 on the way in and,
// for what the command writes, back on the way out.
func bindScheme(f *flags, p *iob.Scheme, usage string) {
	Parsed(f, p, "scheme", "", "iob2", iob.ParseScheme, usage)
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
