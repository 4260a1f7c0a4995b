package main

import (
	"context"
	_ "embed"
	"errors"
	"fmt"

	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/experiment"
	"github.com/stress-ner/stress/stressset"
)

// compareHelp is the usage of "stress compare": help/compare.txt.
//
//go:embed help/compare.txt
var compareHelp string

func init() {
	register(&command{
		Name:    "compare",
		Summary: "compare systems on original and stress sets: F1, drops, intervals, tests, confusion",
		Usage:   help(compareHelp),
		Bind:    bind(func(f *flags, o *compare.Flags) { o.Bind(f) }, runCompare),
	})
}

func runCompare(ctx context.Context, e *env, o *compare.Flags, args []string) error {
	if len(args) > 0 {
		return usageErrorf("compare takes no arguments (got %q)", args[0])
	}
	if len(o.Levels) > 0 {
		return compareLevels(o)(e)
	}
	c, buildDir, input, preds, golds, predFiles, changes := o.Comparer, o.Build, o.Input, o.Preds, o.Golds, o.PredFiles, o.Changes
	prov, err := provenance(e) // SOURCE_DATE_EPOCH checked before any work
	if err != nil {
		return err
	}
	inputs := compare.Paths(golds, predFiles)
	if buildDir != "" {
		inputs = append(stressset.DirFiles(buildDir), inputs...)
	}
	if err := oneStdin(append(inputs, changes)...); err != nil {
		return err
	}
	if err := checkOutputs(append(inputs, changes), []string{o.HTML}, o.Force); err != nil {
		return err
	}
	c.Opener = corpora(e)
	c.Describe = experiment.DescribeSet
	switch {
	case buildDir != "" && (len(golds) > 0 || len(predFiles) > 0 || changes != ""):
		return usageErrorf("--build cannot be combined with --gold, --pred-file or --changes")
	case buildDir != "":
		if len(preds) == 0 {
			return usageErrorf("--build needs at least one --pred NAME=DIR")
		}
		var ie *stressset.InputError
		if err = c.AddBuildDir(buildDir, input, preds); errors.As(err, &ie) {
			return usageErrorf("%v (choose one with --input)", err)
		}
	case len(golds) > 0:
		if len(preds) > 0 {
			return usageErrorf("--pred needs --build; use --pred-file with --gold")
		}
		if len(predFiles) == 0 {
			return usageErrorf("--gold needs at least one --pred-file NAME[:SET]=FILE")
		}
		if err = c.AddFiles(golds, predFiles, changes); errors.Is(err, compare.ErrWhichSet) {
			return usageErrorf("--pred-file %v (NAME:SET=FILE)", err)
		}
	default:
		return usageErrorf("give --build DIR with --pred, or --gold with --pred-file")
	}
	if err != nil {
		return err
	}
	for _, m := range c.Missing {
		fmt.Fprintf(e.Stderr, "warning: %v\n", m)
	}
	rep, err := c.Report(ctx)
	if err != nil {
		return err
	}
	if rep.Provenance, err = experiment.CompareProvenance(prov, buildDir, input, preds, golds, predFiles, c.Seed, rep.Sets); err != nil {
		return err
	}
	if o.HTML != "" {
		if err := rep.WriteHTMLFile(o.HTML, o.Force); err != nil {
			return err
		}
	}
	return rep.Write(e.Stdout, o.Format)
}
