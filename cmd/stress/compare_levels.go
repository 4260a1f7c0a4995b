package main

import (
	"github.com/stress-ner/stress/conll/cdr"
	"github.com/stress-ner/stress/experiment"
	"github.com/stress-ner/stress/report"
	"github.com/stress-ner/stress/stressset"
)

// compareLevels is compare --level: experiment.CompareLevels.
func compareLevels(o *compareOptions) func(e *env) error {
	return func(e *env) error {
		for _, name := range []string{"gold", "pred-file", "changes", "reference", "mode", "scheme", "confidence"} {
			if o.set(name) {
				return usageErrorf("compare: --%s goes with span comparisons, not with --level", name)
			}
		}
		if o.build == "" || len(o.preds) == 0 {
			return usageErrorf("compare --level needs --build DIR and --pred NAME=DIR")
		}
		var levels []cdr.Level
		for _, s := range o.levels {
			l, err := cdr.ParseLevel(s)
			if err != nil {
				return usageErrorf("--level: %v", err)
			}
			levels = append(levels, l)
		}
		inputs := stressset.DirFiles(o.build)
		for _, p := range o.preds {
			inputs = append(inputs, p.Dir)
		}
		if err := checkOutputs(inputs, []string{o.html}, o.force); err != nil {
			return err
		}
		doc, err := experiment.CompareLevels(o.build, o.input, o.preds, levels, o.c.Samples, o.c.Seed)
		if err != nil {
			return err
		}
		if o.html != "" {
			if err := report.WriteFile(o.html, report.HTML, doc, o.force); err != nil {
				return err
			}
		}
		return report.Render(e.Stdout, o.format, doc)
	}
}
