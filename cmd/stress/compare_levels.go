package main

import (
	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/conll/cdr"
	"github.com/stress-ner/stress/experiment"
	"github.com/stress-ner/stress/report"
	"github.com/stress-ner/stress/stressset"
)

// compareLevels is compare --level: experiment.CompareLevels.
func compareLevels(o *compare.Flags) func(e *env) error {
	return func(e *env) error {
		for _, name := range []string{"gold", "pred-file", "changes", "reference", "mode", "scheme", "confidence"} {
			if o.Set(name) {
				return usageErrorf("compare: --%s goes with span comparisons, not with --level", name)
			}
		}
		if o.Build == "" || len(o.Preds) == 0 {
			return usageErrorf("compare --level needs --build DIR and --pred NAME=DIR")
		}
		levels, err := cdr.ParseLevels(o.Levels)
		if err != nil {
			return usageErrorf("--level: %v", err)
		}
		inputs := stressset.DirFiles(o.Build)
		for _, p := range o.Preds {
			inputs = append(inputs, p.Dir)
		}
		if err := checkOutputs(inputs, []string{o.HTML}, o.Force); err != nil {
			return err
		}
		doc, err := experiment.CompareLevels(o.Build, o.Input, o.Preds, levels, o.Comparer.Samples, o.Comparer.Seed)
		if err != nil {
			return err
		}
		if o.HTML != "" {
			if err := report.WriteFile(o.HTML, report.HTML, doc, o.Force); err != nil {
				return err
			}
		}
		return report.Render(e.Stdout, o.Format, doc)
	}
}
