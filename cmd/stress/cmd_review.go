package main

import (
	"context"
	_ "embed"
	"errors"
	"fmt"

	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/review"
)

// reviewCommands are the sub-commands of "stress review", dispatched
// like the top-level commands.
var reviewCommands = &commandSet{Prog: "stress review", Errors: cliError, Flags: subFlags,
	Order: []string{"sample", "score"},
	Footer: "\nGive the judges review.html (or items.tsv) and keep key.tsv from them.\n" +
		"Run 'stress review COMMAND --help' for a command's flags.\n"}

// reviewSampleHelp is the usage of "stress review sample": help/review-sample.txt.
//
//go:embed help/review-sample.txt
var reviewSampleHelp string

// reviewScoreHelp is the usage of "stress review score": help/review-score.txt.
//
//go:embed help/review-score.txt
var reviewScoreHelp string

// reviewHelp is the usage of "stress review": help/review.txt.
//
//go:embed help/review.txt
var reviewHelp string

func init() {
	reviewCommands.Add(&command{
		Name:    "sample",
		Usage:   help(reviewSampleHelp),
		Summary: "draw a blind, stratified sample of a build's changes for people to judge",
		Bind:    bind(func(f *flags, o *review.SampleFlags) { o.Bind(f) }, runReviewSample),
	})
	reviewCommands.Add(&command{
		Name:    "score",
		Usage:   help(reviewScoreHelp),
		Summary: "rates of valid changes with Wilson intervals, judge agreement (kappa), flagged items",
		Bind:    bind(func(f *flags, o *review.ScoreFlags) { o.Bind(f) }, runReviewScore),
	})
	register(group("review", "let people judge a stress set: blind samples to judge, validity rates and agreement",
		help(reviewHelp), reviewCommands))
}

func runReviewSample(_ context.Context, e *env, o *review.SampleFlags, args []string) error {
	if err := o.Check(args); err != nil {
		return err
	}
	inputs, err := o.Inputs(args[0])
	if err != nil {
		return err
	}
	if err := oneStdin(inputs...); err != nil {
		return err
	}
	if err := checkOutputsMaking(o.Out, inputs, review.Files(o.Out), o.Force); err != nil {
		return err
	}
	s, err := o.Draw(corpora(e), args[0])
	if errors.Is(err, review.ErrOption) || errors.Is(err, review.ErrTooFewItems) {
		return usageErrorf("review sample: %v", err)
	}
	if err != nil {
		return err
	}
	// The directory is made (and locked: one sample at a time), and
	// removed again when the sample cannot be written: a full disk
	// leaves nothing.
	lock, err := atomicfile.LockDir(o.Out)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	if err := s.WriteDir(o.Out, o.Force); err != nil {
		return err
	}
	return s.WriteSummary(e.Stdout, o.Out)
}

func runReviewScore(_ context.Context, e *env, o *review.ScoreFlags, args []string) error {
	if err := o.Check(args); err != nil {
		return err
	}
	inputs := append([]string{o.Key}, args...)
	if err := oneStdin(inputs...); err != nil {
		return err
	}
	if err := checkOutputs(inputs, []string{o.Avoid}, o.Force); err != nil {
		return err
	}
	rep, err := review.ScoreFiles(o.Key, args)
	if err != nil {
		return err
	}
	if err := rep.Write(e.Stdout, o.Format); err != nil {
		return err
	}
	if o.Avoid == "" {
		return nil
	}
	n, err := rep.WriteAvoidFile(o.Avoid, o.Force)
	if err != nil {
		return err
	}
	fmt.Fprintf(notices(e), "wrote %s: %d pairs to avoid (rebuild with --avoid %s)\n", o.Avoid, n, o.Avoid)
	return nil
}
