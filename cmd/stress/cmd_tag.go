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
			bindModel(f, &o.modelFlags)
			f.String(&o.out, "output", "o", "", "output file (default standard output); .jsonl writes JSON Lines")
			f.Bool(&o.force, "force", "", false, "replace the output file if it exists")
			o.set = f.Changed
		}, runTag),
	})
}

// tagOptions are the flags of "stress tag".
type tagOptions struct {
	modelFlags
	out   string
	force bool
	set   func(string) bool
}

func runTag(ctx context.Context, e *env, o *tagOptions, args []string) error {
	e = e.Synced()
	if err := o.check("tag"); err != nil {
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
	if err := checkOutputs([]string{in, o.spec.File}, []string{out}, force); err != nil {
		return err
	}

	corpus, err := corpora(e).ReadCorpus(in, conll.ReadOptions{TagOptional: true})
	if err != nil {
		return err
	}
	tg, stop, err := o.open(e.Stderr, "tagger", corpus.Sentences)
	if err != nil {
		return err
	}
	defer stop()
	if err := tagger.TagCorpus(ctx, tg, corpus); err != nil {
		return err
	}
	warnUnknown(e.Stderr, warning("tagger", tg))
	return corpus.WriteFile(out, e.Stdout, !force)
}
