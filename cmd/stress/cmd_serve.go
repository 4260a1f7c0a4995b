package main

import (
	"context"
	_ "embed"

	"github.com/stress-ner/stress/tagger"
)

// serveHelp is the usage of "stress serve": help/serve.txt.
//
//go:embed help/serve.txt
var serveHelp string

func init() {
	register(&command{
		Name:    "serve",
		Summary: "answer the --model-server protocol with a trained model (JSON lines on stdin and stdout)",
		Usage:   help(serveHelp),
		Bind: bind(func(f *flags, o *serveOptions) {
			f.String(&o.model, "model", "", "", "model `FILE` written by 'stress train' (required)")
			f.Input("model", nil)
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
