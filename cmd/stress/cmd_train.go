package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/pflag"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/tagger"
)

func init() {
	register(&command{
		Name:    "train",
		Summary: "train a baseline tagger (words or character n-grams) on IOB2 corpora",
		Usage:   "--features words|chars [--epochs N] [--seed N] -o MODEL TRAIN...",
		Flags: func(fs *pflag.FlagSet) {
			fs.String("features", "", "feature set: words (word identity, brittle to typos) or chars (character n-grams)")
			fs.Int("epochs", 10, "passes over the training data")
			fs.Uint64("seed", 1, "seed for the order of training sentences; same data and seed give the same model")
			fs.Int("hash-bits", 20, "log2 of the number of feature buckets (10-24)")
			fs.StringP("output", "o", "", "model file to write (required)")
			fs.Bool("force", false, "replace the model file if it exists")
			fs.BoolP("quiet", "q", false, "do not report progress on stderr")
		},
		Run: runTrain,
	})
}

func runTrain(ctx context.Context, e *env, fs *pflag.FlagSet, args []string) error {
	featName, _ := fs.GetString("features")
	epochs, _ := fs.GetInt("epochs")
	seed, _ := fs.GetUint64("seed")
	bits, _ := fs.GetInt("hash-bits")
	out, _ := fs.GetString("output")
	force, _ := fs.GetBool("force")
	quiet, _ := fs.GetBool("quiet")
	if featName == "" {
		return usageErrorf("train: --features words|chars is required")
	}
	features, err := tagger.ParseFeatures(featName)
	if err != nil {
		return usageErrorf("train: %v", err)
	}
	if out == "" {
		return usageErrorf("train: -o MODEL is required")
	}
	if len(args) == 0 {
		return usageErrorf("train: no training files given")
	}
	if epochs < 1 {
		return usageErrorf("train: --epochs must be at least 1")
	}
	if bits < 10 || bits > 24 {
		return usageErrorf("train: --hash-bits must be in [10, 24]")
	}
	// Check the output early so a long training run does not end in
	// "file exists".
	if !force {
		if _, err := os.Stat(out); err == nil {
			return fmt.Errorf("%s: %w", out, atomicfile.ErrExists)
		}
	}

	var sents []conll.Sentence
	for _, name := range args {
		ss, err := readTrainingFile(e, name)
		if err != nil {
			return err
		}
		sents = append(sents, ss...)
	}

	opts := tagger.Options{Features: features, Epochs: epochs, Seed: seed, HashBits: bits}
	if !quiet {
		opts.Progress = func(epoch, mistakes int) {
			fmt.Fprintf(e.Stderr, "epoch %d/%d: %d sentences wrong\n", epoch, epochs, mistakes)
		}
	}
	start := time.Now()
	m, err := tagger.TrainContext(ctx, sents, opts)
	if err != nil {
		return err
	}
	took := time.Since(start)

	if err := m.SaveFile(out, tagger.SaveOptions{NoClobber: !force}); err != nil {
		return err
	}
	var size int64
	if fi, err := os.Stat(out); err == nil {
		size = fi.Size()
	}
	if !quiet {
		fmt.Fprintf(e.Stderr, "%v\ntrained in %v; wrote %s (%.1f MB)\n", m, took.Round(time.Millisecond), out, float64(size)/(1<<20))
	}
	return nil
}

// readTrainingFile reads a corpus ("-" is standard input) and checks that
// its tags are IOB2, naming the file and line of the first bad tag.
func readTrainingFile(e *env, name string) ([]conll.Sentence, error) {
	var (
		sr     conll.SentenceReader
		closer io.Closer
	)
	if name == "-" {
		r := conll.NewReader(e.Stdin)
		r.File = "-"
		sr = r
	} else {
		f, err := conll.Open(name)
		if err != nil {
			return nil, err
		}
		sr, closer = f, f
	}
	if closer != nil {
		defer closer.Close()
	}
	var out []conll.Sentence
	for {
		s, err := sr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		if i, err := tagger.CheckTags(s.Tags); err != nil {
			line := 0
			if s.Line > 0 {
				line = s.Line + i
			}
			return nil, &conll.ParseError{File: name, Line: line, Err: err}
		}
		s.Fields = nil // training needs tokens and tags only
		out = append(out, s)
	}
	return out, nil
}
