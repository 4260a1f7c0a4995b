package main

// The model a command tags with: a trained model file (--model), an
// external tagger run once per corpus (--model-cmd) or one that stays up
// (--model-server), as a tagger.Spec; and the progress shown while
// models tag.

import (
	"fmt"
	"io"
	"time"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/tagger"
)

// defaultTimeout bounds one run of a --model-cmd (the whole corpus) or
// one batch of a --model-server, start-up included. A BiLSTM-CRF tags
// the BC5CDR test split in about a minute and a BERT-base model on CPU
// in about ten; an hour leaves room for slow machines while a tagger
// that hangs is still caught.
const defaultTimeout = time.Hour

const timeoutHelp = "give up on an external tagger after this long: one --model-cmd run (the whole corpus) or one --model-server batch, start-up included (0: no limit)"

// modelFlags are the options of the commands that tag with one model
// (tag, attack). The spec's Scheme is the tag scheme of the command's
// corpora, which an external model is taken to speak (IOB2 unless the
// command binds --scheme).
type modelFlags struct {
	spec    tagger.Spec
	changed func(flag string) bool
}

func bindModel(f *flags, o *modelFlags) {
	f.String(&o.spec.File, "model", "", "", "model `FILE` written by 'stress train'")
	f.Input("model", nil)
	f.String(&o.spec.Command, "model-cmd", "", "", "external tagger `CMD` run once per corpus with sh -c: CoNLL tokens on stdin, CoNLL or one tag per line on stdout")
	f.String(&o.spec.Server, "model-server", "", "", "external tagger `CMD` started once (sh -c) that answers JSON lines: {\"tokens\": [...]} -> {\"tags\": [...]} (see docs/models.md)")
	f.Duration(&o.spec.Timeout, "timeout", defaultTimeout, timeoutHelp)
	f.Bool(&o.spec.Strict, "strict-tags", "", false, "an unknown tag (not O, B-TYPE or I-TYPE with a type of the gold) is an error, not a warning")
	o.changed = f.Changed
}

// check checks the combination of model flags; a mistake is a usage
// error of command cmd.
func (o *modelFlags) check(cmd string) error {
	n := 0
	for _, s := range []string{o.spec.File, o.spec.Command, o.spec.Server} {
		if s != "" {
			n++
		}
	}
	if n != 1 {
		return usageErrorf("%s: give exactly one of --model, --model-cmd and --model-server", cmd)
	}
	if o.changed("timeout") && o.spec.File != "" {
		return usageErrorf("%s: --timeout applies to --model-cmd and --model-server only", cmd)
	}
	return nil
}

// open returns the model, checked against the entity types of gold, and
// the function that stops it; its standard error goes to stderr, each
// line prefixed with name.
func (o *modelFlags) open(stderr io.Writer, name string, gold []conll.Sentence) (*tagger.Checked, func() error, error) {
	spec := o.spec
	spec.Name, spec.Stderr = name, stderr
	return spec.Open(gold)
}

// warnUnknown prints the systems' warnings about unknown tags.
func warnUnknown(w io.Writer, warnings []string) {
	for _, msg := range warnings {
		fmt.Fprintf(w, "warning: %s (--strict-tags makes this an error)\n", msg)
	}
}

// warning is the unknown-tag warning of model name, if any.
func warning(name string, c *tagger.Checked) []string {
	if msg := c.Warning(); msg != "" {
		return []string{name + ": " + msg}
	}
	return nil
}
