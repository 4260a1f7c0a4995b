package main

import (
	"context"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
)

// convertOptions are the flags of "stress convert".
type convertOptions struct {
	Output    string
	InFormat  string
	OutFormat string
	Force     bool
	Scheme    iob.Scheme
	repair    conll.RepairFlag
	set       func(string) bool
}

var formatChoices = []string{"conll", "jsonl", "pubtator", "bioc-xml", "bioc-json", "brat"}

func init() {
	register(&command{
		Name:    "convert",
		Summary: "convert a corpus between CoNLL, JSON Lines, PubTator, BioC XML/JSON and brat",
		Usage:   "[--in-format F] [--out-format F] [--scheme S] [--repair] [-o OUT] IN",
		Bind: bind(func(f *flags, o *convertOptions) {
			f.String(&o.Output, "output", "o", "", "write to `OUT` (default, or -: standard output, in the input's format)")
			f.Output("output", true)
			f.Enum(&o.InFormat, "in-format", "", "", formatChoices, "input format (default: from the name or content)")
			f.Enum(&o.OutFormat, "out-format", "", "", formatChoices, "output format (default: from the output name)")
			f.Bool(&o.Force, "force", "", false, "replace the output file if it exists")
			bindScheme(f, &o.Scheme, "tag scheme of the input, checked when given (or with --repair) and kept in the output: iob2, iob1 or iobes (default: tags copied as they are)")
			o.repair.Bind(f, conll.RepairUsage)
			o.set = f.Changed
		}, runConvert),
	})
}

// runConvert reads IN and writes it in another format. Documents read
// from a document format are rebuilt by the writer (same text, offsets,
// ids and relations): the same format gives the same bytes for PubTator
// and brat.
func runConvert(ctx context.Context, e *env, o *convertOptions, args []string) error {
	if len(args) != 1 {
		return usageErrorf("convert takes one input file")
	}
	if err := checkOutputs(args, []string{o.Output}, o.Force); err != nil {
		return err
	}
	in, err := corpora(e).OpenNonEmpty(args[0], o.InFormat)
	if err != nil {
		return err
	}
	defer in.Close()
	if o.set("scheme") || o.repair.On {
		// Checked (or repaired) on the way in, written back in the scheme.
		if err := in.SetSchemeRepair(o.Scheme, o.repair.Log(e.Stderr)); err != nil {
			return err
		}
		defer o.repair.Done()
	}
	return conll.Convert(e.Stdout, in, conll.ConvertOptions{Output: o.Output, Format: o.OutFormat, Force: o.Force, Scheme: o.Scheme})
}
