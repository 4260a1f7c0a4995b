package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/internal/overwrite"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/kinds"
)

// perturbOptions are the flags of "stress perturb".
type perturbOptions struct {
	perturbFlags
	Kind      string
	Output    string
	Log       string
	InFormat  string
	OutFormat string
	Force     bool
	Scheme    iob.Scheme
}

func init() {
	register(&command{
		Name:    "perturb",
		Summary: "write a perturbed (stress) copy of a corpus",
		Usage:   "--kind KIND [--seed N] [--log FILE] [-o OUT] [IN]",
		Bind: bind(func(f *flags, o *perturbOptions) {
			f.String(&o.Kind, "kind", "", "", "perturbation: "+kinds.Help())
			f.String(&o.Output, "output", "o", "", "write the perturbed corpus to `OUT` (default: standard output)")
			f.String(&o.Log, "log", "", "", "write the change log (TSV with header) to `FILE`")
			f.Bool(&o.Force, "force", "", false, "replace OUT and the log if they exist")
			bindScheme(f, &o.Scheme, "tag scheme of the input, checked before anything is perturbed: iob2, or iob1 or iobes (converted to IOB2 on the way in and back on the way out)")
			f.Enum(&o.InFormat, "in-format", "", "", formatChoices, "input format (default: from the name or content)")
			f.Enum(&o.OutFormat, "out-format", "", "", formatChoices, "output format (default: from the output name, or the input's)")
			bindPerturb(f, &o.perturbFlags)
		}, runPerturb),
	})
}

func runPerturb(ctx context.Context, e *env, o *perturbOptions, args []string) error {
	if len(args) > 1 {
		return usageErrorf("perturb takes at most one input file")
	}
	if o.Kind == "" {
		return usageErrorf("perturb: --kind is required (%s)", strings.Join(kindNames(), ", "))
	}
	kind, err := kinds.Lookup(o.Kind)
	if err != nil {
		return usageErrorf("%v", err)
	}
	opts, err := kinds.Options(kind, o.values())
	if err != nil {
		return usageErrorf("%v", err)
	}
	defer tuneGC()()
	inName := "-"
	if len(args) == 1 {
		inName = args[0]
	}
	if err := overwrite.Check([]string{inName}, []string{o.Output, o.Log}, o.Force); err != nil {
		return err
	}
	in, err := openCorpusFormat(e, inName, o.InFormat)
	if err != nil {
		return err
	}
	defer in.Close()
	if err := in.SetScheme(o.Scheme); err != nil {
		return err
	}

	// A document input (PubTator, BioC, brat) hands its documents to the
	// writer, which rebuilds them around the perturbed sentences.
	var layout conll.Layout
	if in.Format.IsDocument() {
		layout = in.Layout()
	}
	var outFormat conll.Format
	if o.OutFormat != "" {
		outFormat, _ = conll.ParseFormat(o.OutFormat)
	}
	var w conll.SentenceWriter
	var outFile *conll.Output
	if o.Output != "" {
		if outFile, err = conll.Create(o.Output, conll.OutputOptions{Layout: layout, Format: outFormat, NoClobber: !o.Force}); err != nil {
			return err
		}
		defer outFile.Abort()
		w = outFile.SentenceWriter
	} else {
		if o.OutFormat == "" {
			outFormat = in.Format
		}
		w = conll.NewFormatWriter(e.Stdout, outFormat, layout)
	}
	w = conll.NewSchemeWriter(w, o.Scheme) // back to the input's scheme
	var logFile *atomicfile.File
	ao := perturb.ApplyOptions{Seed: o.Seed, Selection: &o.Selection, Options: opts, Workers: o.Workers, File: o.Output, Scheme: o.Scheme,
		NoStats: true} // nothing prints them
	if o.Log != "" {
		if logFile, err = atomicfile.Create(o.Log, !o.Force); err != nil {
			return err
		}
		defer logFile.Abort()
		ao.Changes = logFile
	}
	// Sentences are counted for the rule on empty input (the
	// statistics are not computed).
	sentences := 0
	ao.Progress = func(int) { sentences++ }
	if bar := newProgress(e, "perturbing"); bar != nil {
		ao.Progress = func(int) { sentences++; bar.Add(1) }
		defer func() { bar.Finish(); fmt.Fprintln(e.Stderr) }()
	}
	if _, err := perturb.ApplySentences(ctx, kind, ao, in, w); err != nil {
		return setupError(err)
	}
	if sentences == 0 {
		// One rule for empty input: an error, nothing committed (a
		// stream to stdout has had nothing to write).
		return fmt.Errorf("%s: %w", inName, conll.ErrEmpty)
	}
	// Everything is written and checked before anything is committed,
	// and the output goes first: a log without its output would describe
	// a file that does not exist.
	if outFile != nil {
		if err := outFile.Commit(); err != nil {
			return err
		}
	}
	if logFile != nil {
		return logFile.Commit()
	}
	return nil
}
