package main

import (
	"context"
	_ "embed"
	"strings"

	"github.com/stress-ner/stress/experiment"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/kinds"
	"github.com/stress-ner/stress/stressset"
	"github.com/stress-ner/stress/tagger"
)

// curveHelp is the usage of "stress curve": help/curve.txt.
//
//go:embed help/curve.txt
var curveHelp string

func init() {
	register(&command{
		Name:    "curve",
		Summary: "robustness curves: F1 against the rate of each perturbation, per system",
		Usage:   help(curveHelp),
		Bind:    bind(bindCurve, runCurve),
	})
}

// curveOptions are the flags of "stress curve".
type curveOptions struct {
	kinds.Flags
	experiment.SystemFlags
	kinds          []perturb.ManifestKind
	rates          []float64
	test, htmlPath string
	force          bool
}

func bindCurve(f *flags, o *curveOptions) {
	o.BindKinds(f, &o.kinds, "kinds", "keyboard", "perturbations (a+b composes): "+strings.Join(kinds.Names(), ", "))
	Parsed(f, &o.rates, "rates", "", "0.1,0.25,0.5,1", experiment.ParseRates, "comma-separated rates in (0, 1]: shares of eligible words changed")
	f.String(&o.test, "test", "", "", "test corpus `FILE` (default: the embedded sample)")
	f.Input("test", nil)
	ParsedList(f, &o.Systems.Models, "model", experiment.ParseModel, "saved model as `NAME=FILE` (from 'stress train'); repeatable")
	f.Input("model", nameFile)
	experiment.BindBaselines(f, &o.Systems.Baselines, "", "train built-in baselines on --train: words, chars (bare --baselines: both)")
	f.FlagSet().Lookup("baselines").NoOptDefVal = "words,chars"
	f.Strings(&o.Systems.Train, "train", "training corpus `FILE` of --baselines (repeatable; default with no --test: the embedded sample)")
	f.Input("train", nil)
	f.String(&o.htmlPath, "html", "", "", "also write the report with line charts to HTML `FILE`")
	f.Output("html", false)
	f.Bool(&o.force, "force", "", false, "replace the --html file if it exists")
	o.SystemFlags.Bind(f)
	o.Flags.Bind(f)
}

func runCurve(ctx context.Context, e *env, o *curveOptions, args []string) error {
	e = e.Synced()
	if len(args) > 0 {
		return usageErrorf("curve takes no arguments (got %q); use --test", args[0])
	}
	if err := o.SystemFlags.Check("curve", o.test); err != nil {
		return err
	}
	read := append(append([]string{o.test}, o.Systems.Inputs()...), kinds.InputFiles(o.kinds)...)
	if err := checkOutputs(read, []string{o.htmlPath}, o.force); err != nil {
		return err
	}
	inputs, err := stressset.InputsOf(o.test) // no --test: the embedded sample
	if err != nil {
		return err
	}
	op, err := corpora(e).ReadInputs(read, append([]string{inputs[0].Path}, o.Systems.Train...))
	if err != nil {
		return err
	}
	experiment.WarnOverlap(e.Stderr, op, o.Systems.Train, o.test)
	o.Systems.Repair = o.Repair.Log(e.Stderr)
	defer o.Repair.Done()
	test, err := experiment.ReadTest(op, inputs[0].Path, o.Systems.Scheme, o.Systems.Repair)
	if err != nil {
		return err
	}
	c := &experiment.Curve{Kinds: o.kinds, Rates: o.rates, Seed: o.Seed, Selection: o.Selection, Workers: o.Workers}
	stages, logf := o.Progress(e.Stderr)
	cr, warnings, err := c.Run(ctx, test, o.For(&o.Flags, op, e.Stderr, stages, logf), o.Samples)
	if err != nil {
		return experiment.UsageError("curve", err)
	}
	tagger.WriteWarnings(e.Stderr, warnings)
	if o.htmlPath != "" {
		if err := cr.WriteHTMLFile(o.htmlPath, o.force); err != nil {
			return err
		}
		logf("wrote %s", o.htmlPath)
	}
	if err := cr.Write(e.Stdout, o.Format); err != nil {
		return err
	}
	if o.test == "" {
		o.CreditSample(e.Stderr)
	}
	return nil
}
