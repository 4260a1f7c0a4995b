package perturb

import (
	"context"
	"fmt"
	"io"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/layout"
	"github.com/stress-ner/stress/iob"
)

// ApplyOptions are the settings of Apply. The zero value is the default
// of "stress perturb": seed 0 (the CLI's default is 1), the default word
// selection, the kind's default options, one worker per CPU.
type ApplyOptions struct {
	// Seed seeds every random choice, sentence by sentence: the same
	// seed gives the bytes "stress perturb --seed Seed" writes.
	Seed uint64
	// Selection chooses the words to change; nil means DefaultSelection.
	Selection *Selection
	// Tagger marks content words for Selection "pos" (pos.Load); other
	// selections ignore it.
	Tagger ContentTagger
	// Options are the kind's options by name (see Kind.Options);
	// missing ones take their defaults.
	Options map[string]string
	// Workers is the number of perturbing goroutines (0: one per CPU);
	// the output does not depend on it.
	Workers int
	// ChangeLog, when not nil, receives every change (the pipeline's
	// ChangeLog: stressset.ChangeWriter writes changes.tsv); the caller
	// flushes it.
	ChangeLog ChangeLog
	// File names the output in the change log; "-" when empty.
	File string
	// Input names the input in errors about a sentence the output
	// refuses (file:line).
	Input string
	// Scheme is the tag scheme of the input and output, for the change
	// log (see ChangeWriter.Scheme); the caller converts the tags.
	Scheme iob.Scheme
	// Progress, when not nil, is called after each sentence is written.
	Progress func(sentences int)
	// NoStats skips the statistics: Apply then returns zero Stats.
	NoStats bool
	// AuditSections, when not nil, limits Stats.Audit to these sections
	// (see Pipeline.AuditSections).
	AuditSections []string
}

// Apply perturbs the CoNLL corpus read from r with kind k and writes it to
// w in the layout of the input (columns, separators, line ends), every
// sentence checked against its original. It returns the statistics of
// the output (see Stats).
func Apply(ctx context.Context, k *Kind, opts ApplyOptions, r io.Reader, w io.Writer) (Stats, error) {
	cr := conll.NewReader(r)
	cr.File = "-"
	return ApplySentences(ctx, k, opts, cr, conll.NewWriter(w))
}

// ApplySentences is Apply for sentence readers and writers of any format
// (conll.File, conll.JSONWriter, ...). When src has a Layout method (as
// conll.Reader and conll.File do) and dst is a conll.Writer, the output
// follows the input's CoNLL layout. dst is flushed, and the change log
// written, before ApplySentences returns without error; closing files is
// left to the caller.
func ApplySentences(ctx context.Context, k *Kind, opts ApplyOptions, src conll.SentenceReader, dst conll.SentenceWriter) (Stats, error) {
	st, _, err := applySentences(ctx, k, opts, src, dst)
	return st, err
}

// applySentences is ApplySentences, which also returns how many
// sentences the plain path perturbed (for the tests).
func applySentences(ctx context.Context, k *Kind, opts ApplyOptions, src conll.SentenceReader, dst conll.SentenceWriter) (Stats, int, error) {
	sel := DefaultSelection()
	if opts.Selection != nil {
		sel = *opts.Selection
	}
	selector, err := NewSelectorTagger(sel, opts.Seed, opts.Tagger)
	if err != nil {
		return Stats{}, 0, err
	}
	if err := CheckSelection(sel, k); err != nil {
		return Stats{}, 0, err
	}
	bk, err := k.Build(opts.Options)
	if err != nil {
		return Stats{}, 0, err
	}
	defer bk.Close()
	if opts.File == "" {
		opts.File = "-"
	}
	var t *layout.Tracker
	if l, ok := src.(layout.Source); ok {
		t = layout.Track(l)
		src = t
	}
	out := layout.NewSink(dst, t)
	pl := &Pipeline{Seed: opts.Seed, Selector: selector, Workers: opts.Workers, Progress: opts.Progress, NoStats: opts.NoStats, AuditSections: opts.AuditSections, Input: opts.Input,
		Steps: []Step{{Name: k.Name, File: opts.File, Perturbation: bk.Perturbation, Out: out}}}
	pl.ChangeLog = opts.ChangeLog
	stats, err := pl.Run(ctx, src)
	if err != nil {
		return Stats{}, 0, err
	}
	if err := out.Flush(); err != nil {
		return Stats{}, 0, fmt.Errorf("write %s: %w", opts.File, err)
	}
	return stats[0], pl.plainSentences, nil
}
