package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/conll/score"
	"github.com/stress-ner/stress/experiment"
	"github.com/stress-ner/stress/report"
	"github.com/stress-ner/stress/stressset"
)

func init() {
	register(&command{
		Name:    "compare",
		Summary: "compare systems on original and stress sets: F1, drops, intervals, tests, confusion",
		Usage:   help("compare"),
		Bind: bind(func(f *flags, o *compareOptions) {
			o.c = compare.New()
			f.String(&o.build, "build", "", "", "build directory with manifest.json, or a manifest file (an attack's OUT.manifest.json)")
			f.String(&o.input, "input", "", "", "input of the build to compare on, by name (needed when the build has several)")
			ParsedList(f, &o.preds, "pred", compare.ParsePredictions, "system predictions as `NAME=DIR` (repeatable)")
			ParsedList(f, &o.golds, "gold", compare.ParseGoldFile, "gold set as `[SET=]FILE` (repeatable)")
			f.Input("gold", func(v string) []string {
				g, err := compare.ParseGoldFile(v)
				if err != nil {
					return nil
				}
				return []string{g.Path}
			})
			ParsedList(f, &o.predFiles, "pred-file", compare.ParsePredictionFile, "prediction file as `NAME[:SET]=FILE` (repeatable)")
			f.Input("pred-file", nameFile)
			f.String(&o.changes, "changes", "", "", "change log (changes.tsv) for --gold sets, matched by file name")
			f.Input("changes", nil)
			f.String(&o.c.Reference, "reference", "", "", "set drops are measured against (default: the original, or the first --gold)")
			Parsed(f, &o.c.Eval.Mode, "mode", "", "conlleval", score.ParseMode, "span semantics: conlleval, strict (seqeval's strict mode under --scheme) or semeval (nervaluate's entities, exact matches)")
			Parsed(f, &o.c.Eval.Scheme, "scheme", "", "iob2", score.ParseStrictScheme, "tag scheme of --mode strict: iob1, iob2, ioe1, ioe2, iobes or bilou")
			f.Check("scheme", func() error {
				if f.Changed("scheme") && o.c.Eval.Mode != score.ModeStrict {
					return errors.New("applies to --mode strict only")
				}
				return nil
			})
			f.IntIn(&o.c.Samples, "samples", 1000, 0, compare.MaxSamples, "bootstrap samples and randomization shuffles (0: none)")
			f.Uint64(&o.c.Seed, "seed", 1, "seed of the resampling")
			f.Float64(&o.c.Confidence, "confidence", 0.95, "confidence level of the intervals")
			f.Check("confidence", func() error {
				if o.c.Confidence <= 0 || o.c.Confidence >= 1 {
					return fmt.Errorf("%v: must be between 0 and 1", o.c.Confidence)
				}
				return nil
			})
			Parsed(f, &o.format, "format", "f", "text", report.Parse, "output format: "+report.Choices())
			f.String(&o.html, "html", "", "", "also write a self-contained HTML report to `FILE`")
			f.Bool(&o.force, "force", "", false, "replace the --html file if it exists")
			f.List(&o.levels, "level", "", "score PubTator or BioC predictions at the BioCreative V CDR levels instead: mention, id, relation (comma-separated; with --build and --pred; see docs/normalisation.md)")
			o.set = f.Changed
		}, runCompare),
	})
}

// compareOptions are the flags of "stress compare".
type compareOptions struct {
	c                           *compare.Comparer
	build, input, changes, html string
	preds                       []compare.Predictions
	golds                       []compare.GoldFile
	predFiles                   []compare.PredictionFile
	format                      report.Format
	force                       bool
	levels                      []string
	set                         func(string) bool
}

func runCompare(ctx context.Context, e *env, o *compareOptions, args []string) error {
	if len(args) > 0 {
		return usageErrorf("compare takes no arguments (got %q)", args[0])
	}
	if len(o.levels) > 0 {
		return compareLevels(o)(e)
	}
	c, buildDir, input, preds, golds, predFiles, changes := o.c, o.build, o.input, o.preds, o.golds, o.predFiles, o.changes
	prov, err := provenance(e) // SOURCE_DATE_EPOCH checked before any work
	if err != nil {
		return err
	}
	inputs := compare.Paths(golds, predFiles)
	if o.build != "" {
		inputs = append(stressset.DirFiles(o.build), inputs...)
	}
	if err := oneStdin(append(inputs, changes)...); err != nil {
		return err
	}
	if err := checkOutputs(append(inputs, changes), []string{o.html}, o.force); err != nil {
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
	if o.html != "" {
		if err := rep.WriteHTMLFile(o.html, o.force); err != nil {
			return err
		}
	}
	return rep.Write(e.Stdout, o.format)
}
