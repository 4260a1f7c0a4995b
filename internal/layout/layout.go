// Package layout writes sentences in the CoNLL layout of the input they
// were read from (tab or space columns, CRLF, BOM, final blank line) when
// reading and writing happen in different goroutines, as in the perturb
// pipeline. The layout is detected from the first line and completed at
// the end of the input, so a Tracker publishes it as it is read and a
// Sink picks it up before every write and before the final flush.
package layout

import (
	"sync/atomic"

	"github.com/stress-ner/stress/conll"
)

// Source is a sentence source that knows its layout, as conll.Reader and
// conll.File do.
type Source interface {
	Read() (conll.Sentence, error)
	Layout() conll.Layout
}

// Tracker reads from a Source and publishes its layout to other
// goroutines.
type Tracker struct {
	src    Source
	cr     *conll.Reader                // src's CoNLL reader, for ReadAppend; nil for JSON Lines
	layout atomic.Pointer[conll.Layout] // nil until the first Read
	last   conll.Layout                 // the reading goroutine's copy
}

// Track returns a Tracker reading src.
func Track(src Source) *Tracker {
	t := &Tracker{src: src}
	switch r := src.(type) {
	case *conll.Reader:
		t.cr = r
	case *conll.File:
		t.cr = r.CoNLL()
	}
	return t
}

// Read reads the next sentence and publishes the layout when it changed
// (on the first line and at the end of the input, not in between).
func (t *Tracker) Read() (conll.Sentence, error) {
	s, err := t.src.Read()
	t.publish()
	return s, err
}

// ReadAppend is Read keeping the sentence's strings in strs (see
// conll.Reader.ReadAppend), the perturb pipeline's allocation-free path.
func (t *Tracker) ReadAppend(strs []string) (conll.Sentence, []string, error) {
	if t.cr == nil {
		s, err := t.Read()
		return s, strs, err
	}
	s, strs, err := t.cr.ReadAppend(strs)
	t.publish()
	return s, strs, err
}

// ReadAppendText is ReadAppend that also returns the lines of a plain
// sentence as read (see conll.Reader.ReadAppendText): "" for JSON
// Lines.
func (t *Tracker) ReadAppendText(strs []string) (conll.Sentence, string, []string, error) {
	if t.cr == nil {
		s, err := t.Read()
		return s, "", strs, err
	}
	s, text, strs, err := t.cr.ReadAppendText(strs)
	t.publish()
	return s, text, strs, err
}

// ReadPlainText reads the next sentence as plain lines when it can (see
// conll.Reader.ReadPlainText): ok is false for JSON Lines.
func (t *Tracker) ReadPlainText(hashFrom uint64, p *conll.PlainText) (ok bool, err error) {
	if t.cr == nil {
		return false, nil
	}
	ok, err = t.cr.ReadPlainText(hashFrom, p)
	if err != nil {
		t.publish()
	}
	// A plain sentence read changes nothing of the layout (the first
	// token line, which decides it, is read otherwise, and so is the
	// end of the input), which the read before it published: comparing
	// it again for every sentence was a hundredth of the plain path.
	return ok, err
}

// PlainSentence is conll.Reader.PlainSentence, after ReadPlainText.
func (t *Tracker) PlainSentence(strs []string) (conll.Sentence, string, []string) {
	return t.cr.PlainSentence(strs)
}

func (t *Tracker) publish() {
	l := t.src.Layout()
	if t.layout.Load() == nil || l != t.last {
		t.last = l
		p := new(conll.Layout) // only here: storing &l would move l to the heap on every Read
		*p = l
		t.layout.Store(p)
	}
}

// Layout returns the layout read so far; it is safe for concurrent use.
func (t *Tracker) Layout() conll.Layout {
	if l := t.layout.Load(); l != nil {
		return *l
	}
	return conll.Layout{}
}

// Sink writes sentences to a conll.SentenceWriter in the tracked layout.
type Sink interface {
	Write(conll.Sentence) error
	// Flush flushes the writer (it does not close the file below).
	Flush() error
}

// NewSink returns a Sink writing to w in t's layout (t may be nil: the
// writer's own layout). The layout goes to the CoNLL writer (columns,
// line ends) or JSON Lines writer (integer tags) that w is, or wraps (a
// conll.NewSchemeWriter). When w is itself a conll.Writer, the Sink also
// lets the pipeline's workers format sentences (conll.Layout.AppendSentence,
// WriteFormatted), so that the writing goroutine only copies bytes.
func NewSink(w conll.SentenceWriter, t *Tracker) Sink {
	s := &sink{w: w, src: t}
	inner := w
	for {
		u, ok := inner.(interface{ Unwrap() conll.SentenceWriter })
		if !ok {
			break
		}
		inner = u.Unwrap()
	}
	if cw, ok := w.(conll.ConceptWriter); ok {
		// A document writer: the pipeline hands it the concepts of
		// entity swaps (see perturb.Sink).
		return conceptSink{s, cw}
	}
	switch iw := inner.(type) {
	case *conll.Writer:
		s.cw = iw
		if t != nil && inner == w {
			return formatted{s}
		}
	case *conll.JSONWriter:
		s.jw = iw
	}
	return s
}

type sink struct {
	w   conll.SentenceWriter
	cw  *conll.Writer     // the CoNLL writer w is or wraps
	jw  *conll.JSONWriter // the JSON Lines writer w is or wraps
	src *Tracker
}

func (s *sink) sync() {
	if s.src == nil {
		return
	}
	switch {
	case s.cw != nil:
		s.cw.Layout = s.src.Layout()
	case s.jw != nil && s.jw.Labels == nil:
		if l := s.src.Layout().Labels; l != nil {
			s.jw.Labels = l.Names
		}
	}
}

func (s *sink) Write(sent conll.Sentence) error {
	s.sync()
	return s.w.Write(sent)
}

func (s *sink) Flush() error {
	s.sync()
	s.w.Flush()
	return s.w.Error()
}

// conceptSink is a sink of a document writer.
type conceptSink struct {
	*sink
	cw conll.ConceptWriter
}

func (s conceptSink) WriteConcepts(sent conll.Sentence, concepts map[int]conll.ConceptSwap) error {
	s.sync()
	return s.cw.WriteConcepts(sent, concepts)
}

// formatted is a sink of a CoNLL writer with a tracked layout.
type formatted struct{ *sink }

func (s formatted) AppendSentence(dst []byte, sent conll.Sentence, sep bool) ([]byte, error) {
	return s.src.Layout().AppendSentence(dst, sent, sep)
}

// PlainLines reports whether the tracked layout writes a plain
// sentence as its lines (conll.Layout.PlainLines).
func (s formatted) PlainLines() bool { return s.src.Layout().PlainLines() }

func (s formatted) WriteFormatted(p []byte, n int) error {
	s.sync()
	return s.cw.WriteFormatted(p, n)
}
