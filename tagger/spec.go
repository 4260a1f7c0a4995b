package tagger

import (
	"bytes"
	"context"
	"io"
	"sync"
	"time"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
)

// Spec names the model a program tags with: a model file written by
// Save, an external command run once per corpus (Command) or an external
// server started once (Server). Exactly one of File, Command and Server
// is set.
type Spec struct {
	File, Command, Server string
	// Timeout bounds one run of Command or one batch of Server, start-up
	// included (0: no limit).
	Timeout time.Duration
	// Strict makes a tag unknown to the gold data an error (see Checked).
	Strict bool
	// Scheme is the tag scheme of the data, which an external model is
	// taken to speak: its tags are converted to IOB2 (see inScheme).
	Scheme iob.Scheme
	// Name prefixes each line of an external model's standard error
	// written to Stderr ("[Name] ..."); a nil Stderr discards it.
	Name   string
	Stderr io.Writer
}

// Describe says which model s is, as a report or manifest records it:
// "model FILE", "command CMD" or "server CMD".
func (s Spec) Describe() string {
	switch {
	case s.File != "":
		return "model " + s.File
	case s.Command != "":
		return "command " + s.Command
	case s.Server != "":
		return "server " + s.Server
	}
	return ""
}

// Open loads or starts the model of s, wrapped in a Checked for the
// entity types of gold (any type when gold has no tag but O: input to a
// tagger need not carry gold tags). It returns the function that stops
// the model and writes out the last line of its standard error; call it
// once.
func (s Spec) Open(gold []conll.Sentence) (*Checked, func() error, error) {
	var types []string
	if hasTags(gold) {
		types = Types(gold)
	}
	o, err := OpenAll([]Spec{s}, types)
	if err != nil {
		return nil, nil, err
	}
	return o.Checked[0], o.Close, nil
}

// Opened are models opened together (OpenAll), in the order of their
// Specs, and closed together.
type Opened struct {
	Checked []*Checked
	stderrs []*prefixWriter
}

// OpenAll loads the model files and sets up the external models of
// specs, in order, each wrapped in a Checked for the entity types types
// (nil: any type). An external model is started when it first tags.
// The caller closes the result.
func OpenAll(specs []Spec, types []string) (*Opened, error) {
	o := &Opened{}
	for _, s := range specs {
		var t Tagger
		var pw *prefixWriter
		if s.Stderr != nil {
			pw = newPrefixWriter(s.Stderr, s.Name)
		}
		switch {
		case s.File != "":
			m, err := LoadFile(s.File)
			if err != nil {
				o.Close()
				return nil, err
			}
			t = m
		case s.Command != "":
			t = &Command{Line: s.Command, Timeout: s.Timeout, Stderr: writerOrNil(pw)}
		default:
			t = &Server{Line: s.Server, Timeout: s.Timeout, Stderr: writerOrNil(pw)}
		}
		if s.Scheme != iob.IOB2 && s.File == "" {
			t = &inScheme{Tagger: t, Scheme: s.Scheme}
		}
		o.Checked = append(o.Checked, &Checked{Tagger: t, Types: types, Strict: s.Strict})
		if pw != nil && s.File == "" {
			o.stderrs = append(o.stderrs, pw)
		}
	}
	return o, nil
}

// Close stops every external model (a server's process), then writes
// out the last line of each one's standard error. It returns the first
// error of a stop.
func (o *Opened) Close() error {
	var first error
	for _, c := range o.Checked {
		if err := c.Close(); err != nil && first == nil {
			first = err
		}
	}
	for _, pw := range o.stderrs {
		pw.Flush()
	}
	return first
}

// writerOrNil keeps a nil *prefixWriter a nil io.Writer.
func writerOrNil(pw *prefixWriter) io.Writer {
	if pw == nil {
		return nil
	}
	return pw
}

// hasTags reports whether some sentence has a tag other than O.
func hasTags(sents []conll.Sentence) bool {
	for _, s := range sents {
		for _, t := range s.Tags {
			if t != "" && t != "O" {
				return true
			}
		}
	}
	return false
}

// prefixWriter writes whole lines to an io.Writer, each prefixed with
// "[name] ", so that the standard error of several models can be told
// apart. It is safe for concurrent use. Call Flush when done: it writes
// a last line that had no line end.
type prefixWriter struct {
	mu     sync.Mutex
	w      io.Writer
	prefix []byte
	buf    []byte
}

// maxPrefixLine is the longest line kept back waiting for its end; a
// longer one is passed on at once, so a model that writes no newline
// still shows what it says.
const maxPrefixLine = 4096

// newPrefixWriter returns a prefixWriter writing to w with the prefix
// "[name] ".
func newPrefixWriter(w io.Writer, name string) *prefixWriter {
	return &prefixWriter{w: w, prefix: []byte("[" + name + "] ")}
}

// Write writes the complete lines of b, prefixed, and keeps the rest.
func (p *prefixWriter) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.buf = append(p.buf, b...)
	var out []byte
	for {
		i := bytes.IndexByte(p.buf, '\n')
		if i < 0 {
			break
		}
		out = append(append(out, p.prefix...), p.buf[:i+1]...)
		p.buf = p.buf[i+1:]
	}
	if len(p.buf) > maxPrefixLine {
		out = append(append(append(out, p.prefix...), p.buf...), '\n')
		p.buf = p.buf[:0]
	}
	if len(out) > 0 {
		if _, err := p.w.Write(out); err != nil {
			return 0, err
		}
	}
	return len(b), nil
}

// Flush writes a last line that had no line end.
func (p *prefixWriter) Flush() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.buf) == 0 {
		return nil
	}
	_, err := p.w.Write(append(append(append([]byte(nil), p.prefix...), p.buf...), '\n'))
	p.buf = p.buf[:0]
	return err
}

// TagCorpus tags the sentences of c with t, in place: each sentence's
// Tags become the predicted ones (other columns are kept, and a corpus
// read without tags gets a tag column). The documents of a document
// format keep their text and get the predicted entities as their
// annotations (conll.Predictions), so that c.WriteFile writes the
// predictions in the corpus's format.
func TagCorpus(ctx context.Context, t Tagger, c *conll.Corpus) error {
	preds, err := t.TagSentences(ctx, c.Sentences)
	if err != nil {
		return err
	}
	for i := range c.Sentences {
		copy(c.Sentences[i].Tags, preds[i])
	}
	if c.Format.IsDocument() {
		c.Layout = conll.Layout{Template: conll.Predictions(c.Layout.Template)}
	}
	return nil
}
