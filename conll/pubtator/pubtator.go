// Package pubtator reads and writes PubTator files, the format of the
// BioCreative V CDR corpus and of PubTator Central exports:
//
//	PMID|t|title
//	PMID|a|abstract
//	PMID<TAB>start<TAB>end<TAB>mention<TAB>type[<TAB>id[<TAB>more...]]
//	PMID<TAB>CID<TAB>D016651<TAB>D003490
//	(blank line)
//
// Offsets count code points of title + " " + abstract. A Decoder yields
// standoff.Documents with a title passage (offset 0) and an abstract
// passage; every annotation line goes to the passage it points into, with
// its concept id as the infon "identifier" and further columns as
// "column7", "column8", ...; relation lines become document relations
// whose arguments are the infons "arg1", "arg2", .... An Encoder writes
// documents back in the order the lines were read, so reading and
// writing a file in the usual layout (LF line ends, a blank line after
// every document) reproduces it byte for byte.
package pubtator

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/conll/standoff"
	"github.com/stress-ner/stress/internal/limits"
)

// Infon keys of annotation attributes.
const (
	KeyID = "identifier" // the concept id column
)

// layout records, for a byte-identical write, in which order a
// document's annotation and relation lines came (passage index and
// annotation index, or passage -1 and relation index), and whether a
// blank line followed the document.
type layout struct {
	order   [][2]int
	noBlank bool
}

// Decoder reads PubTator documents.
type Decoder struct {
	// File names the input in errors.
	File string

	r    *bufio.Reader
	line int
	peek []byte // a line read but not yet used
	buf  []byte // for lines longer than r's buffer
	has  bool
	err  error
}

// NewDecoder returns a Decoder reading from r.
func NewDecoder(r io.Reader, file string) *Decoder {
	return &Decoder{File: file, r: bufio.NewReaderSize(r, 64<<10)}
}

func (d *Decoder) errorf(format string, a ...any) error {
	return &conll.ParseError{File: d.File, Line: d.line, Err: fmt.Errorf("%w: "+format, append([]any{standoff.ErrSyntax}, a...)...)}
}

// readLine returns the next line without its line break (and a
// trailing CR), or io.EOF.
func (d *Decoder) readLine() ([]byte, error) {
	if d.has {
		d.has = false
		return d.peek, nil
	}
	l, buf, err := limits.ReadLine(d.r, d.buf)
	d.buf = buf
	if err == limits.ErrLongLine {
		d.line++
		return nil, &conll.ParseError{File: d.File, Line: d.line, Err: err}
	}
	if len(l) == 0 && err != nil {
		return nil, err
	}
	if err != nil && err != io.EOF {
		return nil, err
	}
	// The line is kept (unread, or as a passage's text): a copy.
	l = bytes.Clone(l)
	d.line++
	l = bytes.TrimSuffix(l, []byte("\n"))
	l = bytes.TrimSuffix(l, []byte("\r"))
	if !utf8.Valid(l) {
		return nil, &conll.ParseError{File: d.File, Line: d.line, Err: conll.ErrInvalidUTF8}
	}
	return l, nil
}

func (d *Decoder) unread(l []byte) { d.peek, d.has = l, true }

// Read returns the next document, or io.EOF after the last one.
func (d *Decoder) Read() (*standoff.Document, error) {
	if d.err != nil {
		return nil, d.err
	}
	doc, err := d.read()
	if err != nil {
		d.err = err
	}
	return doc, err
}

func (d *Decoder) read() (*standoff.Document, error) {
	var l []byte
	var err error
	for {
		if l, err = d.readLine(); err != nil {
			return nil, err
		}
		if len(bytes.TrimSpace(l)) > 0 {
			break
		}
	}
	pmid, kind, text, ok := textLine(l)
	if !ok || kind != "t" {
		return nil, d.errorf("want PMID|t|title, got %.40q", l)
	}
	doc := &standoff.Document{ID: pmid}
	doc.Passages = append(doc.Passages, standoff.Passage{Text: text, Infons: []standoff.Infon{{Key: "type", Value: "title"}}})
	var order [][2]int
	noBlank := false
	// A document of endless annotation lines must not fill memory.
	size := len(l)
	for {
		l, err = d.readLine()
		if err == io.EOF {
			noBlank = true
			break
		}
		if err != nil {
			return nil, err
		}
		if size += len(l) + 1; size > limits.MaxDocument {
			return nil, &conll.ParseError{File: d.File, Line: d.line, Err: fmt.Errorf("%w: document %s has no blank line after it", limits.ErrLargeDocument, pmid)}
		}
		if len(bytes.TrimSpace(l)) == 0 {
			break
		}
		if id, kind, text, ok := textLine(l); ok {
			if kind == "t" {
				d.unread(l) // the next document, without a blank line before it
				noBlank = true
				break
			}
			if kind != "a" || id != pmid || len(doc.Passages) > 1 || len(order) > 0 {
				return nil, d.errorf("unexpected %s|%s| line in document %s", id, kind, pmid)
			}
			off := utf8.RuneCountInString(doc.Passages[0].Text) + 1
			doc.Passages = append(doc.Passages, standoff.Passage{Offset: off, Text: text, Infons: []standoff.Infon{{Key: "type", Value: "abstract"}}})
			continue
		}
		f := strings.Split(string(l), "\t")
		if f[0] != pmid {
			return nil, d.errorf("line of document %q inside document %s", f[0], pmid)
		}
		if annotationLine(doc, f) {
			pi, a, err := d.annotation(doc, f)
			if err != nil {
				return nil, err
			}
			order = append(order, [2]int{pi, len(doc.Passages[pi].Annotations)})
			doc.Passages[pi].Annotations = append(doc.Passages[pi].Annotations, a)
			continue
		}
		if len(f) < 2 || f[1] == "" {
			return nil, d.errorf("want an annotation (PMID, start, end, mention, type[, id]) or a relation (PMID, type, arguments), got %d fields", len(f))
		}
		r := standoff.Relation{Type: f[1]}
		for i, arg := range f[2:] {
			r.Infons = append(r.Infons, standoff.Infon{Key: "arg" + strconv.Itoa(i+1), Value: arg})
		}
		order = append(order, [2]int{-1, len(doc.Relations)})
		doc.Relations = append(doc.Relations, r)
	}
	doc.Extra = layout{order, noBlank}
	return doc, nil
}

// annotation parses annotation line f of doc and returns the passage it
// belongs to.
func (d *Decoder) annotation(doc *standoff.Document, f []string) (int, standoff.Annotation, error) {
	if len(f) < 5 {
		return 0, standoff.Annotation{}, d.errorf("annotation line with %d fields, want PMID, start, end, mention, type[, id]", len(f))
	}
	if !isInt(f[1]) || !isInt(f[2]) {
		return 0, standoff.Annotation{}, d.errorf("bad offsets %.20q and %.20q (want two whole numbers, 0 or more)", f[1], f[2])
	}
	start, err1 := strconv.Atoi(f[1])
	end, err2 := strconv.Atoi(f[2])
	if err1 != nil || err2 != nil || end < start {
		return 0, standoff.Annotation{}, d.errorf("bad offsets %s-%s", f[1], f[2])
	}
	if strings.TrimSpace(f[4]) == "" {
		return 0, standoff.Annotation{}, d.errorf("annotation %q without a type", f[3])
	}
	a := standoff.Annotation{Type: f[4], Locations: []standoff.Span{{Start: start, End: end}}, Text: f[3]}
	if len(f) > 5 {
		a.Infons = append(a.Infons, standoff.Infon{Key: KeyID, Value: f[5]})
	}
	for i, v := range f[min(6, len(f)):] {
		a.Infons = append(a.Infons, standoff.Infon{Key: "column" + strconv.Itoa(i+7), Value: v})
	}
	for pi := range doc.Passages {
		p := &doc.Passages[pi]
		if start >= p.Offset && end <= p.End() {
			t, _ := doc.TextAt(a.Locations[0])
			if t != a.Text {
				return 0, a, &conll.ParseError{File: d.File, Line: d.line, Err: fmt.Errorf("%w: %d-%d is %q in the text, not %q", standoff.ErrOffset, start, end, t, a.Text)}
			}
			return pi, a, nil
		}
	}
	return 0, a, &conll.ParseError{File: d.File, Line: d.line, Err: fmt.Errorf("%w: %d-%d is outside the title and abstract", standoff.ErrOffset, start, end)}
}

// annotationLine reports whether the fields f of a line of doc that is
// not a text line are meant as an annotation rather than a relation
// (PMID, type, arguments...). A relation's type is a name, so a second
// field that starts like a number (digits or a sign: "12", "-3", "7a")
// makes an annotation, to be checked as one; so does a line whose third
// field is a number at which the fourth, the mention, ends in the text
// (a start offset that is not a number). Anything else is a relation:
// its arguments may well be numbers (NCBI Gene ids).
func annotationLine(doc *standoff.Document, f []string) bool {
	if len(f) < 2 || f[1] == "" {
		return false
	}
	if c := f[1][0]; c == '-' || c == '+' || c >= '0' && c <= '9' {
		return true
	}
	if len(f) < 4 || !isInt(f[2]) || f[3] == "" {
		return false
	}
	end, err := strconv.Atoi(f[2])
	if err != nil {
		return false
	}
	n := utf8.RuneCountInString(f[3])
	t, ok := doc.TextAt(standoff.Span{Start: end - n, End: end})
	return ok && t == f[3]
}

// textLine splits "PMID|t|text".
func textLine(l []byte) (pmid, kind, text string, ok bool) {
	s := string(l)
	pmid, rest, ok1 := strings.Cut(s, "|")
	kind, text, ok2 := strings.Cut(rest, "|")
	if !ok1 || !ok2 || pmid == "" || strings.ContainsAny(pmid, "\t") || len(kind) != 1 {
		return "", "", "", false
	}
	return pmid, kind, text, true
}

func isInt(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// ErrUnwritable means a document cannot be written as PubTator (a field
// holds a tab or a line break, or a mention is discontinuous).
var ErrUnwritable = errors.New("cannot be written as PubTator")

// Encoder writes PubTator documents.
type Encoder struct {
	w   *bufio.Writer
	err error
	buf []byte
}

// NewEncoder returns an Encoder writing to w.
func NewEncoder(w io.Writer) *Encoder { return &Encoder{w: bufio.NewWriterSize(w, 64<<10)} }

// Write writes one document: its first passage as the title, the others
// joined by spaces as the abstract (at the offsets PubTator implies, so
// documents of other formats whose passages are not laid out that way
// are re-based), then annotation and relation lines, then a blank line.
func (e *Encoder) Write(doc *standoff.Document) error {
	if e.err != nil {
		return e.err
	}
	b, err := appendDoc(e.buf[:0], doc)
	e.buf = b
	if err != nil {
		e.err = err
		return err
	}
	_, e.err = e.w.Write(b)
	return e.err
}

func clean(s string) bool { return !strings.ContainsAny(s, "\t\r\n") }

// oneLine replaces tabs and line breaks by spaces: one code point by
// one, so offsets stay right.
func oneLine(s string) string {
	if clean(s) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\r' || r == '\n' {
			return ' '
		}
		return r
	}, s)
}

// passageTexts returns the texts of doc's passages as PubTator lines. A
// document of one passage with line breaks (brat) is split after its
// first line, the title; other tabs and line breaks become spaces.
func passageTexts(doc *standoff.Document) []string {
	var out []string
	for i := range doc.Passages {
		out = append(out, doc.Passages[i].Text)
	}
	if len(out) == 1 {
		if t, a, ok := strings.Cut(out[0], "\n"); ok {
			out = []string{strings.TrimSuffix(t, "\r") + strings.Repeat(" ", len(t)-len(strings.TrimSuffix(t, "\r"))), a}
		}
	}
	for i := range out {
		out[i] = oneLine(out[i])
	}
	return out
}

func appendDoc(b []byte, doc *standoff.Document) ([]byte, error) {
	if !clean(doc.ID) || strings.Contains(doc.ID, "|") || doc.ID == "" {
		return b, fmt.Errorf("document id %q: %w", doc.ID, ErrUnwritable)
	}
	// Where each passage goes in title + " " + abstract.
	texts := passageTexts(doc)
	shift := make([]int, len(doc.Passages))
	var title, abstract strings.Builder
	off := 0
	for i, t := range texts {
		switch {
		case i == 0:
			title.WriteString(t)
		case i == 1:
			off++
			abstract.WriteString(t)
		default:
			off++
			abstract.WriteByte(' ')
			abstract.WriteString(t)
		}
		if i < len(doc.Passages) {
			shift[i] = off - doc.Passages[i].Offset
		}
		off += utf8.RuneCountInString(t)
	}
	b = append(b, doc.ID...)
	b = append(b, "|t|"...)
	b = append(b, title.String()...)
	b = append(b, '\n')
	if len(texts) > 1 {
		b = append(b, doc.ID...)
		b = append(b, "|a|"...)
		b = append(b, abstract.String()...)
		b = append(b, '\n')
	}
	lay, _ := doc.Extra.(layout)
	order := lay.order
	if !orderFits(order, doc) {
		order = order[:0:0]
		for pi := range doc.Passages {
			for j := range doc.Passages[pi].Annotations {
				order = append(order, [2]int{pi, j})
			}
		}
		for j := range doc.Relations {
			order = append(order, [2]int{-1, j})
		}
	}
	for _, o := range order {
		var err error
		if o[0] < 0 {
			b, err = appendRelation(b, doc.ID, &doc.Relations[o[1]])
		} else {
			b, err = appendAnnotation(b, doc.ID, &doc.Passages[o[0]].Annotations[o[1]], shift[o[0]])
		}
		if err != nil {
			return b, fmt.Errorf("document %s: %w", doc.ID, err)
		}
	}
	// Relations of passages (BioC) have no PubTator line: they cannot
	// be written, and dropping them would lose data.
	for i := range doc.Passages {
		if len(doc.Passages[i].Relations) > 0 {
			return b, fmt.Errorf("document %s: relations inside a passage: %w", doc.ID, ErrUnwritable)
		}
	}
	if lay.noBlank {
		return b, nil
	}
	return append(b, '\n'), nil
}

// orderFits reports whether order names every annotation and relation
// of doc exactly once.
func orderFits(order [][2]int, doc *standoff.Document) bool {
	a, r := doc.Counts()
	if len(order) != a+r {
		return false
	}
	seen := map[[2]int]bool{}
	for _, o := range order {
		if seen[o] || o[0] >= len(doc.Passages) ||
			(o[0] < 0 && o[1] >= len(doc.Relations)) ||
			(o[0] >= 0 && o[1] >= len(doc.Passages[o[0]].Annotations)) {
			return false
		}
		seen[o] = true
	}
	return true
}

func appendAnnotation(b []byte, id string, a *standoff.Annotation, shift int) ([]byte, error) {
	if len(a.Locations) != 1 {
		return b, fmt.Errorf("annotation %q with %d spans: %w", a.Text, len(a.Locations), ErrUnwritable)
	}
	if !clean(a.Type) {
		return b, fmt.Errorf("annotation %q: %w", a.Text, ErrUnwritable)
	}
	l := a.Locations[0]
	b = append(b, id...)
	b = append(b, '\t')
	b = strconv.AppendInt(b, int64(l.Start+shift), 10)
	b = append(b, '\t')
	b = strconv.AppendInt(b, int64(l.End+shift), 10)
	b = append(b, '\t')
	b = append(b, oneLine(a.Text)...)
	b = append(b, '\t')
	b = append(b, a.Type...)
	// The id column, then further columns; infons of other formats
	// (BioC's) are written as further columns in their order, so
	// nothing is lost.
	ident, hasID := "", false
	var rest []string
	for _, in := range a.Infons {
		if in.Key == KeyID && !hasID {
			ident, hasID = in.Value, true
			continue
		}
		rest = append(rest, in.Value)
	}
	if hasID || len(rest) > 0 {
		if !hasID {
			ident = "-"
		}
		rest = append([]string{ident}, rest...)
	}
	for _, v := range rest {
		if !clean(v) {
			return b, fmt.Errorf("annotation %q: infon %q: %w", a.Text, v, ErrUnwritable)
		}
		b = append(b, '\t')
		b = append(b, v...)
	}
	return append(b, '\n'), nil
}

func appendRelation(b []byte, id string, r *standoff.Relation) ([]byte, error) {
	if !clean(r.Type) || r.Type == "" {
		return b, fmt.Errorf("relation type %q: %w", r.Type, ErrUnwritable)
	}
	b = append(b, id...)
	b = append(b, '\t')
	b = append(b, r.Type...)
	for _, in := range r.Infons {
		if (in.Key == "relation" || in.Key == "type") && in.Value == r.Type {
			continue // the type, as BioC keeps it
		}
		if !clean(in.Value) {
			return b, fmt.Errorf("relation %s: %w", r.Type, ErrUnwritable)
		}
		b = append(b, '\t')
		b = append(b, in.Value...)
	}
	for _, n := range r.Nodes {
		if !clean(n.RefID) {
			return b, fmt.Errorf("relation %s: %w", r.Type, ErrUnwritable)
		}
		b = append(b, '\t')
		b = append(b, n.RefID...)
	}
	return append(b, '\n'), nil
}

// Flush writes buffered data to the underlying writer.
func (e *Encoder) Flush() {
	if err := e.w.Flush(); err != nil && e.err == nil {
		e.err = err
	}
}

// Error returns the first error of Write or Flush.
func (e *Encoder) Error() error { return e.err }

// Format is PubTator (PMID|t|, PMID|a| and annotation lines), as conll
// opens and creates it.
var Format = standoff.Register(standoff.FormatSpec{Name: "pubtator", Exts: []string{".pubtator", ".pubtator.txt"},
	NewDecoder: func(r io.Reader, name string) (standoff.Decoder, error) { return NewDecoder(r, name), nil },
	NewEncoder: func(w io.Writer, _ conll.SideFiles) (standoff.Encoder, error) { return NewEncoder(w), nil },
	Sniff:      sniff})

// sniff reports whether head, the start of a file, looks like PubTator:
// its first non-blank line is "PMID|t|...".
func sniff(head []byte) bool {
	head = bytes.TrimLeft(head, " \t\r\n")
	l, _, _ := bytes.Cut(head, []byte("\n"))
	_, kind, _, ok := textLine(bytes.TrimSuffix(l, []byte("\r")))
	return ok && kind == "t" && isInt(string(l[:bytes.IndexByte(l, '|')]))
}
