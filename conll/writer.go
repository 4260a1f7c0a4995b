package conll

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
)

// bom is the UTF-8 byte order mark. A reader drops it at the start of a
// file (Layout.BOM), so a writer whose output would start with a token
// that starts with U+FEFF writes one first: read again, the token keeps
// its own.
const bom = "\xef\xbb\xbf"

// Writer writes sentences in CoNLL column format. Set Layout (usually to a
// Reader's Layout) before the first Write to reproduce an input's layout;
// the zero Layout writes "token<TAB>tag" lines with a blank line after
// every sentence.
//
// Token and tag of a sentence with Fields are written into their columns
// of the kept line, so edits to Tokens and Tags show in the output.
//
// Like csv.Writer, output is buffered: call Flush when done and check Error.
type Writer struct {
	Layout Layout

	w       *bufio.Writer
	err     error
	scratch []byte // the sentence being written
	n       int    // sentences written
	owed    int    // line breaks owed after the last line written
	paid    int    // of those, already written by Flush
}

// NewWriter returns a Writer writing to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: bufio.NewWriterSize(w, 64<<10)}
}

func (w *Writer) nl() string {
	if w.Layout.CRLF {
		return "\r\n"
	}
	return "\n"
}

func (w *Writer) sep() string {
	if w.Layout.Delimiter == Space {
		return " "
	}
	return "\t"
}

// Write writes one sentence. A sentence with a token or tag that would
// not read back as one field is refused whole: nothing of it is written.
func (w *Writer) Write(s Sentence) error {
	if w.err != nil {
		return w.err
	}
	if len(s.Tokens) != len(s.Tags) {
		return fmt.Errorf("conll: sentence has %d tokens but %d tags", len(s.Tokens), len(s.Tags))
	}
	if err := w.checkID(s); err != nil {
		return err
	}
	// The sentence is built in a reused buffer and written with one
	// call: tokens are short, and per-field writes cost more than the copy.
	nl, sep := w.nl(), w.sep()
	b := w.scratch[:0]
	if w.n == 0 && w.Layout.BOM {
		b = append(b, bom...)
	}
	owed := w.owed
	if s.tightBefore() {
		owed-- // the marker came right after the sentence before
	}
	for range owed - w.paid {
		b = append(b, nl...)
	}
	b, err := w.appendSentence(b, s, nl, sep)
	if w.n == 0 && !w.Layout.BOM && bytes.HasPrefix(b, []byte(bom)) {
		b = append(b[:len(bom)], b...) // a BOM first, so that the token keeps its own
		copy(b, bom)
	}
	w.scratch = b[:0]
	if err != nil {
		return err
	}
	w.w.Write(b)
	w.owed, w.paid = 2, 0
	w.n++
	return w.werr()
}

// AppendSentence appends to dst the bytes a Writer with Layout l writes
// for s, preceded, when sep is set, by the line breaks that separate it
// from the sentence before. Unlike Write it keeps no state, so that
// sentences can be formatted concurrently and written in order with
// WriteFormatted. A sentence Write would refuse is refused here, with
// the same error, and dst is then returned unchanged.
func (l Layout) AppendSentence(dst []byte, s Sentence, sep bool) ([]byte, error) {
	if len(s.Tokens) != len(s.Tags) {
		return dst, fmt.Errorf("conll: sentence has %d tokens but %d tags", len(s.Tokens), len(s.Tags))
	}
	w := Writer{Layout: l}
	nl := w.nl()
	n := len(dst)
	if sep {
		dst = append(dst, nl...)
		if !s.tightBefore() {
			dst = append(dst, nl...)
		}
	}
	dst, err := w.appendSentence(dst, s, nl, w.sep())
	if err != nil {
		return dst[:n], err
	}
	return dst, nil
}

// PlainLines reports whether AppendSentence writes a sentence without
// Fields, Record, comments or document marker as its token and tag
// lines alone, each "token\ttag", joined by "\n", after the separator
// "\n\n": then the lines ReadAppendText hands out are the sentence as
// written, but for the last line break.
func (l Layout) PlainLines() bool { return l.Delimiter != Space && !l.CRLF }

// WriteFormatted writes n sentences formatted by the AppendSentence of
// the Writer's Layout, each with its separator (sep true, the first
// too): the bytes that writing them one by one with Write would give.
// The first one's separator says how many line breaks it takes (one
// for a document marker its input had right after the sentence before);
// it is written as Write would write it (nothing at the start of the
// output).
func (w *Writer) WriteFormatted(p []byte, n int) error {
	if w.err != nil {
		return w.err
	}
	if n == 0 {
		return nil
	}
	if w.n == 0 && w.Layout.BOM {
		w.w.WriteString(bom)
	}
	nl := w.nl()
	breaks := 0
	for breaks < 2 && len(p) >= len(nl) && string(p[:len(nl)]) == nl {
		p, breaks = p[len(nl):], breaks+1
	}
	for range w.owed - (2 - breaks) - w.paid {
		w.w.WriteString(nl)
	}
	if w.n == 0 && !w.Layout.BOM && w.owed-(2-breaks)-w.paid <= 0 && bytes.HasPrefix(p, []byte(bom)) {
		w.w.WriteString(bom) // see Write
	}
	w.w.Write(p)
	w.owed, w.paid = 2, 0
	w.n += n
	return w.werr()
}

// checkID refuses a sentence read from JSON Lines whose id is not its
// place among the sentences written: CoNLL keeps no ids, and JSON Lines
// read back from it numbers its records from "0" (F26 of issue 31: ids
// "0" and "5" came back as one record "0").
func (w *Writer) checkID(s Sentence) error {
	raw, ok := s.Record.value("id")
	if !ok {
		return nil
	}
	var id string
	if json.Unmarshal(raw, &id) == nil && id == strconv.Itoa(w.n) {
		return nil
	}
	return fmt.Errorf("%w: CoNLL keeps no record ids, and read back its records are numbered from 0: id %s would become \"%d\" (write JSON Lines to keep the ids)", ErrCannotHold, raw, w.n)
}

// appendSentence appends s (without its final line break) to b, or
// returns an error for a field that cannot be written.
func (w *Writer) appendSentence(b []byte, s Sentence, nl, sep string) ([]byte, error) {
	if s.Record != nil && len(s.Tokens) == 0 && !s.DocStart {
		// A blank line is no sentence: the record would vanish.
		return b, fmt.Errorf("%w: CoNLL has no empty sentences, and this record has no tokens (write JSON Lines to keep it)", ErrCannotHold)
	}
	if s.DocStart {
		doc := s.DocLine
		if doc == "" {
			doc = docStartToken + sep + "O"
		}
		b = append(b, doc...)
		if len(s.Tokens) == 0 && len(s.Comments) == 0 {
			return b, nil
		}
		b = append(b, nl...)
		if !s.DocTightAfter {
			b = append(b, nl...)
		}
	}
	for _, c := range s.Comments {
		b = append(b, c...)
		b = append(b, nl...)
	}
	tc := w.Layout.TagColumn
	lim := w.fieldLimit()
	if s.Fields == nil && s.Record.hasLists() {
		// A JSON Lines record: its per-token lists are the columns
		// between token and tag.
		s.Fields, tc = s.Record.rows(s), -1
	}
	if s.Fields == nil {
		if out, ok := appendPlainLines(b, s, nl, sep[0], lim); ok {
			return out, nil
		}
		// A field to refuse: the loop below says which.
	}
	for i, tok := range s.Tokens {
		if !plainField(tok, lim) {
			if err := w.checkFieldSlow(tok); err != nil {
				return b, err
			}
		}
		if !plainField(s.Tags[i], lim) {
			if err := w.checkFieldSlow(s.Tags[i]); err != nil {
				return b, err
			}
		}
		if i > 0 {
			b = append(b, nl...)
		}
		if s.Fields != nil && i < len(s.Fields) && len(s.Fields[i]) > 0 {
			f := s.Fields[i]
			col := tc
			if col < 0 {
				col += len(f)
			}
			for j, v := range f {
				if j > 0 {
					b = append(b, sep...)
				}
				switch j {
				case w.Layout.TokenColumn:
					v = tok
				case col:
					v = s.Tags[i]
				}
				b = append(b, v...)
			}
			continue
		}
		b = append(b, tok...)
		b = append(b, sep...)
		b = append(b, s.Tags[i]...)
	}
	return b, nil
}

// appendPlainLines appends the token and tag lines of s, which has no
// Fields, and reports true, or returns b unchanged and false when a
// token or tag is empty or has a byte up to lim. It sizes b once and
// copies and checks each field in one loop, as fields are a few bytes
// long: this is where a build spends most of its formatting time.
func appendPlainLines(b []byte, s Sentence, nl string, sep, lim byte) ([]byte, bool) {
	need := 0
	for i, tok := range s.Tokens {
		need += len(tok) + 1 + len(s.Tags[i]) + len(nl)
	}
	if len(s.Tokens) > 0 {
		need -= len(nl) // no line break after the last line
	}
	start := len(b)
	out := slices.Grow(b, need)[:start+need]
	n := start
	low := byte(0xff) // the lowest byte of all fields
	for i, tok := range s.Tokens {
		switch {
		case i == 0:
		case len(nl) == 1:
			out[n] = nl[0] // "\n": a store, not a call to copy
			n++
		default:
			n += copy(out[n:], nl)
		}
		tag := s.Tags[i]
		if tok == "" || tag == "" {
			return b, false
		}
		dst := out[n : n+len(tok)]
		for j := range dst {
			c := tok[j]
			low = min(low, c)
			dst[j] = c
		}
		n += len(tok)
		out[n] = sep
		n++
		dst = out[n : n+len(tag)]
		for j := range dst {
			c := tag[j]
			low = min(low, c)
			dst[j] = c
		}
		n += len(tag)
	}
	if low <= lim {
		return b, false
	}
	return out, true
}

func (w *Writer) werr() error {
	// bufio.Writer's error is sticky: an empty write reports it.
	if _, err := w.w.Write(nil); err != nil {
		w.err = err
	}
	return w.err
}

// Flush writes buffered data, ending the output as the Layout says.
func (w *Writer) Flush() {
	if w.err != nil {
		return
	}
	want := w.owed
	if w.Layout.NoFinalBlank {
		want = min(want, 1)
	}
	if w.Layout.NoFinalNewline {
		want = 0
	}
	for ; w.paid < want; w.paid++ {
		w.w.WriteString(w.nl())
	}
	w.err = w.w.Flush()
}

// Error reports any error from a previous Write or Flush.
func (w *Writer) Error() error { return w.err }

// fieldLimit is the highest byte that may be a separator: separators
// are at most ' ' (0x20), so one comparison clears most bytes.
func (w *Writer) fieldLimit() byte {
	if w.Layout.Delimiter == Space {
		return ' '
	}
	return '\r'
}

// plainField reports whether v is not empty and has no byte up to lim:
// then it is certainly a valid field. It runs for every token and tag
// written, so it is kept small enough to be inlined (a word-at-a-time
// version, measured with BenchmarkAppendSentence, was no faster).
func plainField(v string, lim byte) bool {
	for i := 0; i < len(v); i++ {
		if v[i] <= lim {
			return false
		}
	}
	return v != ""
}

func (w *Writer) checkFieldSlow(v string) error {
	bad := v == ""
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '\t', '\n', '\r':
			bad = true
		case ' ':
			bad = bad || w.Layout.Delimiter == Space
		}
	}
	if bad {
		return fmt.Errorf("cannot write field %q as CoNLL: it is empty or holds a separator", v)
	}
	return nil
}

// tightBefore reports whether s is written right after the sentence
// before, without a blank line: a document marker its input had there.
func (s Sentence) tightBefore() bool { return s.DocStart && s.DocTightBefore && s.DocLine != "" }
