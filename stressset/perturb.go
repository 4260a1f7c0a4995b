package stressset

import (
	"context"
	"fmt"
	"io"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/kinds"
)

// PerturbFile is one perturbation of one corpus, written to a file or a
// stream with its change log: what "stress perturb" does. Apply holds
// the seed, selection, options, workers and scheme; its ChangeLog and
// File are set by Run.
type PerturbFile struct {
	Kind  *perturb.Kind
	Apply perturb.ApplyOptions
	// Output is the file to write; "" writes to Stdout.
	Output string
	Stdout io.Writer
	// OutFormat is the format written: to Stdout, or to Output when not
	// zero (FormatCoNLL), instead of the format its name says.
	OutFormat conll.Format
	// Log, when not "", receives the change log.
	Log string
	// Force replaces existing files.
	Force bool
	// Repair, when not nil, repairs invalid tag transitions of the
	// input instead of refusing them and receives each repair
	// (conll.File.SetSchemeRepair).
	Repair func(conll.Repair)
	// Opener opens the input of RunFile ("-": its standard input).
	Opener conll.Opener
	// Note, when not nil, receives a line for each thing the run left
	// as it was and says so: the annotations of a document input that
	// IOB tags cannot hold, kept untouched (conll.File.Kept).
	Note func(string)
}

// RunFile perturbs the corpus file name ("-": p.Opener's standard input), read in the
// format named inFormat ("": by its name or content) and in the scheme
// p.Apply.Scheme; outFormat names the format written ("": the output
// name's, or the input's on a stream), overriding p.OutFormat.
func (p PerturbFile) RunFile(ctx context.Context, name, inFormat, outFormat string) error {
	in, err := p.Opener.OpenNonEmpty(name, inFormat)
	if err != nil {
		return err
	}
	defer in.Close()
	if err := in.SetSchemeRepair(p.Apply.Scheme, p.Repair); err != nil {
		return err
	}
	if p.OutFormat, err = conll.OutputFormat(outFormat, p.Output, in.Format); err != nil {
		return err
	}
	return p.Run(ctx, in)
}

// Run perturbs in. Its tags are IOB2 (see conll.File.SetScheme); the
// output is written back in p.Apply.Scheme. A document input (PubTator,
// BioC, brat) hands its documents to the writer, which rebuilds them
// around the perturbed sentences. Everything is written and checked
// before anything is committed, the output before the log that describes
// it, both or neither; an input without sentences is an error (conll.ErrEmpty) and
// commits nothing.
func (p PerturbFile) Run(ctx context.Context, in *conll.File) error {
	var layout conll.Layout
	if in.Format.IsDocument() {
		layout = in.Layout()
	}
	var w conll.SentenceWriter
	var outFile *conll.Output
	if p.Output != "" {
		var err error
		if outFile, err = conll.Create(p.Output, conll.OutputOptions{Layout: layout, Format: p.OutFormat, NoClobber: !p.Force}); err != nil {
			return err
		}
		defer outFile.Abort()
		w = outFile.SentenceWriter
	} else {
		w = conll.NewFormatWriter(p.Stdout, p.OutFormat, layout)
	}
	w = conll.NewSchemeWriter(w, p.Apply.Scheme)
	ao := p.Apply
	// Statistics are skipped (a tenth of the time), but for a kind
	// that maps entity types, whose audit says which types it left
	// and whether a group fits (kinds.TypeNotes).
	_, typeMap := ao.Options["type-map"]
	ao.File, ao.Input, ao.NoStats = p.Output, in.Name, !typeMap
	if typeMap {
		ao.AuditSections = kinds.TypeNoteSections()
	}
	if ao.Selection != nil && ao.Tagger == nil {
		t, err := kinds.ContentTagger(*ao.Selection)
		if err != nil {
			return err
		}
		ao.Tagger = t
	}
	var logFile *atomicfile.File
	var cw *ChangeWriter
	if p.Log != "" {
		var err error
		if logFile, err = atomicfile.Create(p.Log, !p.Force); err != nil {
			return err
		}
		defer logFile.Abort()
		cw = NewChangeWriter(logFile)
		cw.Scheme = p.Apply.Scheme
		cw.WriteHeader()
		ao.ChangeLog = cw
	}
	sentences := 0
	ao.Progress = func(n int) {
		sentences++
		if p.Apply.Progress != nil {
			p.Apply.Progress(n)
		}
	}
	st, err := perturb.ApplySentences(ctx, p.Kind, ao, in, w)
	if err != nil {
		return err
	}
	if sentences == 0 {
		return fmt.Errorf("%s: %w", in.Name, conll.ErrEmpty)
	}
	if typeMap {
		// A type the options map to a group that does not fit its
		// mentions is refused before the output is committed (written
		// to a stream, it is out already: the error still says so).
		notes, err := kinds.TypeNotes(perturb.ManifestKind{Name: p.Kind.Name, Options: ao.Options}, st)
		if err != nil {
			return err
		}
		for _, n := range notes {
			if p.Note != nil {
				p.Note(in.Name + ": " + n)
			}
		}
	}
	if notes, n := in.Kept(); p.Note != nil && n > 0 {
		for _, s := range notes {
			p.Note(in.Name + ": " + s)
		}
		if n > len(notes) {
			p.Note(fmt.Sprintf("%s: %d more annotations kept untouched", in.Name, n-len(notes)))
		}
	}
	// The output and its log appear together or not at all: a log that
	// cannot be written, or appeared meanwhile, leaves no output either.
	var pending []atomicfile.Committer
	if outFile != nil {
		pending = append(pending, outFile)
	}
	if logFile != nil {
		if cw.Flush(); cw.Error() != nil {
			return cw.Error() // names p.Log (atomicfile.File.Write)
		}
		pending = append(pending, logFile)
	}
	if err := atomicfile.CommitAll(pending...); err != nil {
		return err
	}
	return nil
}
