package main

import (
	"context"

	"github.com/stress-ner/stress/tagger"
)

func init() {
	register(&command{
		Name:    "serve",
		Summary: "answer the --model-server protocol with a trained model (JSON lines on stdin and stdout)",
		Usage: `--model FILE

Reads {"tokens": [...]} lines on standard input and answers each with
{"tags": [...]} on standard output, until the end of the input: the
protocol of --model-server, spoken by a built-in model. Useful to test a
pipeline, or as the pattern of a server in another language.`,
		Bind: bind(func(f *flags, o *serveOptions) {
			f.String(&o.model, "model", "", "", "model `FILE` written by 'stress train' (required)")
		}, runServe),
	})
}

type serveOptions struct{ model string }

func runServe(ctx context.Context, e *env, o *serveOptions, args []string) error {
	if len(args) > 0 || o.model == "" {
		return usageErrorf("serve: give --model FILE and no arguments")
	}
	m, err := tagger.LoadFile(o.model)
	if err != nil {
		return err
	}
	return tagger.Serve(ctx, m, e.Stdin, e.Stdout)
}
