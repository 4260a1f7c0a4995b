package main

import (
	"context"
	_ "embed"
	"fmt"
	"math"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/experiment"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/kinds"
)

// augmentHelp is the usage of "stress augment": help/augment.txt.
//
//go:embed help/augment.txt
var augmentHelp string

func init() {
	register(&command{
		Name:    "augment",
		Summary: "write a training set with perturbed copies (the paper's O + K), with manifest",
		Usage:   help(augmentHelp),
		Bind: bind(func(f *flags, o *augmentOptions) {
			f.String(&o.In, "in", "", "", "training corpus to augment (`FILE`, or sample:train)")
			f.Input("in", nil)
			f.String(&o.Output, "output", "o", "", "augmented corpus to write (`OUT`; .jsonl writes JSON Lines)")
			f.Output("output", false)
			o.BindKinds(f, &o.Kinds, "kinds", "keyboard", "comma-separated perturbations: "+strings.Join(kinds.Names(), ", "))
			f.IntIn(&o.Copies, "copies", 1, 1, math.MaxInt, "perturbed copies per kind, each seeded differently")
			Parsed(f, &o.Mix, "mix", "", experiment.MixOriginalPerturbed, experiment.ParseMix, "what to write: original+perturbed or perturbed")
			f.Bool(&o.Shuffle, "shuffle", "", false, "shuffle the sentences (seeded by --seed; drops document markers)")
			f.Bool(&o.ChangedOnly, "changed-only", "", false, "write only the sentences a perturbed copy changed (an unchanged one is the original again)")
			f.Float64(&o.Ratio, "ratio", 1, "share of each perturbed copy's sentences to write, drawn by --seed (after --changed-only): O + 0.3 K is --ratio 0.3")
			f.Check("ratio", func() error {
				if !(o.Ratio > 0 && o.Ratio <= 1) {
					return fmt.Errorf("%v: want a share in (0, 1]", o.Ratio)
				}
				return nil
			})
			f.Bool(&o.Force, "force", "", false, "replace OUT and its manifest if they exist")
			bindScheme(f, &o.Scheme, "tag scheme of TRAIN, checked before anything is perturbed: iob2, or iob1 or iobes (converted to IOB2 on the way in, OUT written in it)")
			o.repair.Bind(f, conll.RepairUsage+" (the manifest records it)")
			o.Flags.Bind(f)
		}, runAugment),
	})
}

// augmentOptions are the flags of "stress augment".
type augmentOptions struct {
	kinds.Flags
	In, Output, Mix string
	Kinds           []perturb.ManifestKind
	Copies          int
	Ratio           float64
	Shuffle, Force  bool
	ChangedOnly     bool
	Scheme          iob.Scheme
	repair          conll.RepairFlag
}

func runAugment(ctx context.Context, e *env, o *augmentOptions, args []string) error {
	if len(args) > 0 {
		return usageErrorf("augment takes no arguments (give the corpus with --in)")
	}
	in, out, force := o.In, o.Output, o.Force
	if in == "" {
		return usageErrorf("augment: --in TRAIN is required")
	}
	if out == "" {
		return usageErrorf("augment: -o OUT is required")
	}
	plan := &experiment.AugmentPlan{Input: in, Output: out, Kinds: o.Kinds, Seed: o.Seed, Selection: o.Selection, Opener: corpora(e),
		Copies: o.Copies, Mix: o.Mix, Shuffle: o.Shuffle, ChangedOnly: o.ChangedOnly, Ratio: o.Ratio, Workers: o.Workers, Version: version, Scheme: o.Scheme, Force: force,
		Repair: o.repair.Log(e.Stderr)}
	defer o.repair.Done()
	inputs, outputs := plan.Files()
	if err := checkOutputs(inputs, outputs, force); err != nil {
		return err
	}
	m, err := experiment.Augment(ctx, plan)
	if err != nil {
		return kinds.SetupError(err) // a type map that does not fit is a usage error
	}
	return plan.WriteSummary(e.Stdout, m)
}
