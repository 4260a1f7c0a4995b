package main

import (
	"context"
	_ "embed"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/experiment"
	"github.com/stress-ner/stress/internal/cli"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/tagger"
)

// trainHelp is the usage of "stress train": help/train.txt.
//
//go:embed help/train.txt
var trainHelp string

func init() {
	register(&command{
		Name:    "train",
		Summary: "train a baseline tagger (words or character n-grams) on IOB2 corpora",
		Usage:   help(trainHelp),
		Bind: bind(func(f *flags, o *trainOptions) {
			Parsed(f, &o.train.Features, "features", "", "", tagger.ParseFeatures, "feature set: words (word identity, brittle to typos) or chars (character n-grams)")
			f.IntIn(&o.train.Epochs, "epochs", 10, 1, math.MaxInt, "passes over the training data")
			f.Uint64(&o.train.Seed, "seed", 1, "seed for the order of training sentences; same data and seed give the same model")
			f.IntIn(&o.train.HashBits, "hash-bits", 20, 10, 24, "log2 of the number of feature buckets (10-24)")
			f.String(&o.out, "output", "o", "", "model file to write (required)")
			f.Output("output", false)
			f.Bool(&o.force, "force", "", false, "replace the model file if it exists")
			Parsed(f, &o.scheme, "scheme", "", "iob2", iob.ParseScheme, "tag scheme of the training files: iob2 (checked), or iob1 or iobes (converted to IOB2)")
			o.repair.Bind(f, conll.RepairUsage)
			f.Bool(&o.quiet, "quiet", "q", false, cli.QuietUsage)
			o.set = f.Changed
		}, runTrain),
	})
}

// trainOptions are the flags of "stress train".
type trainOptions struct {
	train        tagger.Options
	out          string
	force, quiet bool
	scheme       iob.Scheme
	repair       conll.RepairFlag
	set          func(string) bool
}

func runTrain(ctx context.Context, e *env, o *trainOptions, args []string) error {
	out, force, quiet := o.out, o.force, o.quiet
	if !o.set("features") {
		return usageErrorf("train: --features words|chars is required")
	}
	if out == "" {
		return usageErrorf("train: -o MODEL is required")
	}
	if len(args) == 1 && args[0] == "sample:train" {
		args = nil // the embedded sample, as with no TRAIN
	}
	if slices.ContainsFunc(args, conll.IsEmbedded) {
		return usageErrorf("train: sample:train is the whole training set or none of it (give it alone)")
	}
	// Check the output early so a long training run does not end in
	// "file exists".
	if err := oneStdin(args...); err != nil {
		return err
	}
	if err := checkOutputs(args, []string{out}, force); err != nil {
		return err
	}
	// Started before the training (tagger.ModelFile).
	f, err := tagger.CreateModelFile(out, tagger.SaveOptions{NoClobber: !force})
	if err != nil {
		return err
	}
	defer f.Abort()

	defer o.repair.Done()
	sents, err := experiment.ReadTraining(corpora(e), args, o.scheme, o.repair.Log(e.Stderr))
	if err != nil {
		return err
	}

	if len(args) == 0 && !quiet {
		fmt.Fprintln(e.Stderr, "training on the embedded sample's training part (no TRAIN given)")
	}
	opts := o.train
	if !quiet {
		opts.Progress = tagger.WriteProgress(e.Stderr, opts.Epochs)
	}
	start := time.Now()
	m, err := tagger.TrainContext(ctx, sents, opts)
	if err != nil {
		return err
	}
	took := time.Since(start)

	if err := f.Save(m); err != nil {
		return err
	}
	if !quiet {
		return m.WriteSaved(e.Stderr, took, out)
	}
	return nil
}
