package main

import (
	"context"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/tagger"
)

func init() {
	register(&command{
		Name:    "tag",
		Summary: "tag a corpus with a trained model or an external tagger command",
		Usage:   "(--model MODEL | --model-cmd CMD | --model-server CMD) [--timeout D] [-o OUT] [IN]",
		Bind: bind(func(f *flags, o *tagOptions) {
			o.ModelFlags.Bind(f)
			f.String(&o.out, "output", "o", "", "output file (default, or -: standard output); .jsonl writes JSON Lines")
			f.Output("output", true)
			f.Bool(&o.force, "force", "", false, "replace the output file if it exists")
			o.set = f.Changed
		}, runTag),
	})
}

// tagOptions are the flags of "stress tag".
type tagOptions struct {
	tagger.ModelFlags
	out   string
	force bool
	set   func(string) bool
}

func runTag(ctx context.Context, e *env, o *tagOptions, args []string) error {
	e = e.Synced()
	if err := o.ModelFlags.Check("tag"); err != nil {
		return err
	}
	out, force := o.out, o.force
	if len(args) > 1 {
		return usageErrorf("tag: at most one input file")
	}
	in := "-"
	if len(args) == 1 {
		in = args[0]
	}
	if err := checkOutputs([]string{in, o.Spec.File}, []string{out}, force); err != nil {
		return err
	}

	corpus, err := corpora(e).ReadCorpus(in, conll.ReadOptions{TagOptional: true})
	if err != nil {
		return err
	}
	o.Spec.Name, o.Spec.Stderr = "tagger", e.Stderr
	tg, stop, err := o.Spec.Open(corpus.Sentences)
	if err != nil {
		return err
	}
	defer stop()
	if err := tagger.TagCorpus(ctx, tg, corpus); err != nil {
		return err
	}
	if msg := tg.Warning(); msg != "" {
		tagger.WriteWarnings(e.Stderr, []string{"tagger: " + msg})
	}
	return corpus.WriteFile(out, e.Stdout, !force)
}
