package perturb

import (
	"context"
	"fmt"
	"io"
	"sync"

	"github.com/stress-ner/stress/conll"
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
	// Options are the kind's options by name (see Kind.Options);
	// missing ones take their defaults.
	Options map[string]string
	// Workers is the number of perturbing goroutines (0: one per CPU);
	// the output does not depend on it.
	Workers int
	// Changes, when not nil, receives the change log: TSV with a header
	// row, one row per change (the format of changes.tsv).
	Changes io.Writer
	// File names the output in the change log; "-" when empty.
	File string
	// Progress, when not nil, is called after each sentence is written.
	Progress func(sentences int)
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
func ApplySentences(ctx context.Context, k *Kind, opts ApplyOptions, src Source, dst conll.SentenceWriter) (Stats, error) {
	sel := DefaultSelection()
	if opts.Selection != nil {
		sel = *opts.Selection
	}
	selector, err := NewSelector(sel, opts.Seed)
	if err != nil {
		return Stats{}, err
	}
	p, err := k.Build(opts.Options)
	if err != nil {
		return Stats{}, err
	}
	if c, ok := p.(io.Closer); ok {
		defer c.Close()
	}
	if opts.File == "" {
		opts.File = "-"
	}
	out := &layoutSink{w: dst}
	if l, ok := src.(layoutSource); ok {
		t := &layoutTracker{src: l}
		src, out.src = t, t
	}
	pl := &Pipeline{Seed: opts.Seed, Selector: selector, Workers: opts.Workers, Progress: opts.Progress,
		Steps: []Step{{Name: k.Name, File: opts.File, Perturbation: p, Out: out}}}
	var cw *ChangeWriter
	if opts.Changes != nil {
		cw = NewChangeWriter(opts.Changes)
		cw.WriteHeader()
		pl.ChangeLog = cw
	}
	stats, err := pl.Run(ctx, src)
	if err != nil {
		return Stats{}, err
	}
	if err := out.flush(); err != nil {
		return Stats{}, fmt.Errorf("write %s: %w", opts.File, err)
	}
	if cw != nil {
		if cw.Flush(); cw.Error() != nil {
			return Stats{}, fmt.Errorf("write change log: %w", cw.Error())
		}
	}
	return stats[0], nil
}

// layoutSource is a sentence source that knows its CoNLL layout, as
// conll.Reader and conll.File do.
type layoutSource interface {
	Source
	Layout() conll.Layout
}

// layoutTracker reads from src and keeps a copy of its layout, taken in
// the reading goroutine after every Read, that writers in another
// goroutine may ask for: the layout is detected from the first line and
// completed at the end of the input.
type layoutTracker struct {
	src    layoutSource
	mu     sync.Mutex
	layout conll.Layout
}

func (t *layoutTracker) Read() (conll.Sentence, error) {
	s, err := t.src.Read()
	l := t.src.Layout()
	t.mu.Lock()
	t.layout = l
	t.mu.Unlock()
	return s, err
}

func (t *layoutTracker) Layout() conll.Layout {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.layout
}

// layoutSink writes sentences in the layout of the source they came from
// (tab or space columns, CRLF, final blank line), which is known only as
// the source is read, so it is refreshed before every write and before
// the final flush.
type layoutSink struct {
	w   conll.SentenceWriter
	src *layoutTracker // nil when the source has no layout
}

func (s *layoutSink) sync() {
	if cw, ok := s.w.(*conll.Writer); ok && s.src != nil {
		cw.Layout = s.src.Layout()
	}
}

func (s *layoutSink) Write(sent conll.Sentence) error {
	s.sync()
	return s.w.Write(sent)
}

// flush flushes the writer (it does not close the underlying file).
func (s *layoutSink) flush() error {
	s.sync()
	s.w.Flush()
	return s.w.Error()
}
