package main

import (
	"context"
	"fmt"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/overwrite"
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
	e = syncStderr(e)
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
	if err := overwrite.Check([]string{in, o.spec.File}, []string{out}, force); err != nil {
		return err
	}

	sents, layout, format, err := readTagInput(e, in)
	if err != nil {
		return err
	}
	tg, stop, err := o.open(e.Stderr, "tagger", sents)
	if err != nil {
		return err
	}
	defer stop()
	preds, err := tg.TagSentences(ctx, sents)
	if err != nil {
		return err
	}
	warnUnknown(e.Stderr, warning("tagger", tg))
	for i := range sents {
		// The writer puts Tags into the tag column of kept Fields, so
		// extra columns survive. Token-only input gets a tag column,
		// separated by a space (the reader's guess for one column).
		copy(sents[i].Tags, preds[i])
	}

	if format.IsDocument() {
		// Predictions on documents keep the documents' text, with the
		// predicted entities as their annotations.
		layout = conll.Layout{Template: conll.Predictions(layout.Template)}
	}
	if out == "" {
		w := conll.NewFormatWriter(e.Stdout, format, layout)
		return conll.WriteAll(w, sents)
	}
	if of := conll.FormatOf(out); of != format && !(of.IsDocument() && format.IsDocument()) {
		layout = conll.Layout{}
	}
	f, err := conll.Create(out, conll.OutputOptions{Layout: layout, NoClobber: !force})
	if err != nil {
		return err
	}
	defer f.Abort()
	if err := conll.WriteAll(f, sents); err != nil {
		return fmt.Errorf("%s: %w", out, err)
	}
	return f.Commit()
}

// readTagInput reads the corpus to tag. Token-only lines are accepted:
// input to a tagger need not carry gold tags.
func readTagInput(e *env, name string) ([]conll.Sentence, conll.Layout, conll.Format, error) {
	f, err := openCorpus(e, name)
	if err != nil {
		return nil, conll.Layout{}, 0, err
	}
	defer f.Close()
	if r := f.CoNLL(); r != nil {
		r.TagOptional = true
	}
	sents, err := conll.ReadAll(f)
	if err != nil {
		return nil, conll.Layout{}, 0, err
	}
	return sents, f.Layout(), f.Format, nil
}
