package tagger

// The command-line options of the model a command tags with, declared
// once here: a trained model file (--model), an external tagger run once
// per corpus (--model-cmd) or one that stays up (--model-server).

import (
	"fmt"
	"io"
	"time"

	"github.com/stress-ner/stress/internal/cli"
)

// DefaultTimeout bounds one run of a --model-cmd (the whole corpus) or
// one batch of a --model-server, start-up included. A BiLSTM-CRF tags
// the BC5CDR test split in about a minute and a BERT-base model on CPU
// in about ten; an hour leaves room for slow machines while a tagger
// that hangs is still caught.
const DefaultTimeout = time.Hour

// TimeoutUsage is the help of --timeout.
const TimeoutUsage = "give up on an external tagger after this long: one --model-cmd run (the whole corpus) or one --model-server batch, start-up included (0: no limit)"

// StrictUsage is the help of --strict-tags.
const StrictUsage = "an unknown tag (not O, B-TYPE or I-TYPE with a type of the gold) is an error, not a warning"

// ModelFlags are the options of the commands that tag with one model
// (stress tag, attack), bound into a Spec. Its Scheme is the tag scheme
// of the command's corpora, which an external model is taken to speak
// (IOB2 unless the command binds --scheme).
type ModelFlags struct {
	Spec    Spec
	changed func(flag string) bool
}

// Bind binds --model, --model-cmd, --model-server, --timeout and
// --strict-tags.
func (o *ModelFlags) Bind(f *cli.Flags) {
	f.String(&o.Spec.File, "model", "", "", "model `FILE` written by 'stress train'")
	f.Input("model", nil)
	f.String(&o.Spec.Command, "model-cmd", "", "", "external tagger `CMD` run once per corpus with sh -c: CoNLL tokens on stdin, CoNLL or one tag per line on stdout")
	f.String(&o.Spec.Server, "model-server", "", "", "external tagger `CMD` started once (sh -c) that answers JSON lines: {\"tokens\": [...]} -> {\"tags\": [...]} (see docs/models.md)")
	f.Duration(&o.Spec.Timeout, "timeout", DefaultTimeout, TimeoutUsage)
	f.Bool(&o.Spec.Strict, "strict-tags", "", false, StrictUsage)
	o.changed = f.Changed
}

// Check checks the combination of model flags; a mistake is a usage
// error of command cmd.
func (o *ModelFlags) Check(cmd string) error {
	n := 0
	for _, s := range []string{o.Spec.File, o.Spec.Command, o.Spec.Server} {
		if s != "" {
			n++
		}
	}
	if n != 1 {
		return cli.UsageErrorf("%s: give exactly one of --model, --model-cmd and --model-server", cmd)
	}
	if o.changed("timeout") && o.Spec.File != "" {
		return cli.UsageErrorf("%s: --timeout applies to --model-cmd and --model-server only", cmd)
	}
	return nil
}

// WriteWarnings writes the systems' warnings about unknown tags.
func WriteWarnings(w io.Writer, warnings []string) {
	for _, msg := range warnings {
		fmt.Fprintf(w, "warning: %s (--strict-tags makes this an error)\n", msg)
	}
}
