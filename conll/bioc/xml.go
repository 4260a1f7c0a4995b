package bioc

import (
	"bufio"
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/conll/standoff"
	"github.com/stress-ner/stress/internal/limits"
)

// The x types are BioC as decoded from either format: they carry the
// tags of both, so one function (fromXDocument) builds the document. The
// JSON encoder has types of its own (jDocument), which keep the JSON
// field order.

type xInfon struct {
	Key   string `xml:"key,attr"`
	Value string `xml:",chardata"`
}

// xInfons are the infons of one element: <infon key="k">v</infon>
// elements in XML, an object {"k": "v"} in JSON.
type xInfons []xInfon

// xText is the text of a passage or an annotation: character data only.
// An element inside it (<b>, <sup>) is an error: encoding/xml would drop
// it with its words, and the offsets of BioC count plain text.
type xText string

func (t *xText) UnmarshalXML(d *xml.Decoder, start xml.StartElement) error {
	var b strings.Builder
	for {
		tok, err := d.Token()
		if err != nil {
			return err
		}
		switch tok := tok.(type) {
		case xml.CharData:
			b.Write(tok)
		case xml.StartElement:
			return fmt.Errorf("%w: <%s> inside <%s>: the text of a passage or annotation must be plain (its words would be lost)", standoff.ErrSyntax, tok.Name.Local, start.Name.Local)
		case xml.EndElement:
			*t = xText(b.String())
			return nil
		}
	}
}

// UnmarshalJSON reads the infons in key order (JSON objects have none).
func (x *xInfons) UnmarshalJSON(b []byte) error {
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	*x = (*x)[:0]
	for _, in := range fromMap(m) {
		*x = append(*x, xInfon{Key: in.Key, Value: in.Value})
	}
	return nil
}

type xLocation struct {
	Offset int `xml:"offset,attr" json:"offset"`
	Length int `xml:"length,attr" json:"length"`
}

type xNode struct {
	RefID string `xml:"refid,attr" json:"refid"`
	Role  string `xml:"role,attr" json:"role"`
}

type xAnnotation struct {
	ID        string      `xml:"id,attr,omitempty" json:"id"`
	Infons    xInfons     `xml:"infon" json:"infons"`
	Locations []xLocation `xml:"location" json:"locations"`
	Text      xText       `xml:"text" json:"text"`
}

type xRelation struct {
	ID     string  `xml:"id,attr,omitempty" json:"id"`
	Infons xInfons `xml:"infon" json:"infons"`
	Nodes  []xNode `xml:"node" json:"nodes"`
}

// xSentence is a sentence element, only counted: sentences instead of
// passage text are refused.
type xSentence struct{}

// UnmarshalJSON accepts any value: its content is not read.
func (*xSentence) UnmarshalJSON([]byte) error { return nil }

type xPassage struct {
	Infons      xInfons       `xml:"infon" json:"infons"`
	Offset      int           `xml:"offset" json:"offset"`
	Text        xText         `xml:"text" json:"text"`
	Sentences   []xSentence   `xml:"sentence" json:"sentences"`
	Annotations []xAnnotation `xml:"annotation" json:"annotations"`
	Relations   []xRelation   `xml:"relation" json:"relations"`
}

type xDocument struct {
	XMLName   xml.Name    `xml:"document" json:"-"`
	ID        string      `xml:"id" json:"id"`
	Infons    xInfons     `xml:"infon" json:"infons"`
	Passages  []xPassage  `xml:"passage" json:"passages"`
	Relations []xRelation `xml:"relation" json:"relations"`
}

func fromXInfons(in []xInfon) []standoff.Infon {
	var out []standoff.Infon
	for _, x := range in {
		out = append(out, standoff.Infon{Key: x.Key, Value: x.Value})
	}
	return out
}

func toXInfons(in []standoff.Infon) []xInfon {
	var out []xInfon
	for _, x := range in {
		out = append(out, xInfon{x.Key, x.Value})
	}
	return out
}

// XMLDecoder reads the documents of a BioC XML collection.
type XMLDecoder struct {
	// File names the input in errors.
	File string

	d    *xml.Decoder
	in   *window
	coll *Collection
	sent bool // the collection header went out with a document
	err  error
}

// NewXMLDecoder returns a decoder reading from r. Besides UTF-8, the
// encodings ISO-8859-1 and US-ASCII are read (converted to UTF-8).
func NewXMLDecoder(r io.Reader, file string) *XMLDecoder {
	w := &window{r: r}
	d := xml.NewDecoder(bufio.NewReader(w))
	d.CharsetReader = charsetReader
	return &XMLDecoder{File: file, d: d, in: w, coll: &Collection{}}
}

// window counts the bytes read since the last mark: a document (or an
// element between documents) is held whole while it is decoded, and one
// larger than limits.MaxDocument is an error, not a process filling
// memory.
type window struct {
	r io.Reader
	n int64
}

func (w *window) Read(p []byte) (int, error) {
	if w.n > limits.MaxDocument {
		return 0, limits.ErrLargeDocument
	}
	k, err := w.r.Read(p)
	w.n += int64(k)
	return k, err
}

func (w *window) mark() { w.n = 0 }

// charsetReader reads the encodings other than UTF-8 that BioC files
// declare in practice: ISO-8859-1 (Latin-1, whose bytes are the first
// 256 code points) and US-ASCII.
func charsetReader(label string, r io.Reader) (io.Reader, error) {
	switch strings.ToLower(label) {
	case "us-ascii", "ascii":
		return r, nil // invalid bytes are found as invalid UTF-8
	case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1":
		return &latin1{r: bufio.NewReader(r)}, nil
	}
	return nil, fmt.Errorf("encoding %q is not supported (UTF-8, ISO-8859-1 or US-ASCII; convert the file to UTF-8, e.g. with iconv)", label)
}

// latin1 converts ISO-8859-1 to UTF-8.
type latin1 struct {
	r    *bufio.Reader
	pend []byte // encoded bytes not yet returned
}

func (l *latin1) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if len(l.pend) > 0 {
			k := copy(p[n:], l.pend)
			l.pend, n = l.pend[k:], n+k
			continue
		}
		c, err := l.r.ReadByte()
		if err != nil {
			if n > 0 {
				return n, nil
			}
			return 0, err
		}
		if c < utf8.RuneSelf {
			p[n] = c
			n++
			continue
		}
		l.pend = utf8.AppendRune(l.pend[:0], rune(c))
	}
	return n, nil
}

func (d *XMLDecoder) errorf(err error) error {
	line, col := d.d.InputPos()
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		line, col = se.Line, 0
	}
	if !errors.Is(err, standoff.ErrSyntax) && !errors.Is(err, standoff.ErrOffset) && !errors.Is(err, limits.ErrLargeDocument) {
		err = fmt.Errorf("%w: %v", standoff.ErrSyntax, err)
	}
	return &conll.ParseError{File: d.File, Line: line, Column: col, Err: err}
}

// Read returns the next document, or io.EOF after the last one.
func (d *XMLDecoder) Read() (*standoff.Document, error) {
	if d.err != nil {
		return nil, d.err
	}
	doc, err := d.read()
	if err != nil {
		if _, ok := err.(*conll.ParseError); !ok && err != io.EOF {
			err = d.errorf(err)
		}
		d.err = err
	}
	return doc, err
}

func (d *XMLDecoder) read() (*standoff.Document, error) {
	for {
		d.in.mark()
		tok, err := d.d.Token()
		if err == io.EOF {
			return nil, io.EOF
		}
		if err != nil {
			return nil, err
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		switch se.Name.Local {
		case "collection":
		case "source", "date", "key":
			var v string
			if err := d.d.DecodeElement(&v, &se); err != nil {
				return nil, err
			}
			switch se.Name.Local {
			case "source":
				d.coll.Source = v
			case "date":
				d.coll.Date = v
			default:
				d.coll.Key = v
			}
		case "infon":
			var x xInfon
			if err := d.d.DecodeElement(&x, &se); err != nil {
				return nil, err
			}
			d.coll.Infons = append(d.coll.Infons, standoff.Infon{Key: x.Key, Value: x.Value})
		case "document":
			d.in.mark()
			line, _ := d.d.InputPos()
			var x xDocument
			if err := d.d.DecodeElement(&x, &se); err != nil {
				return nil, err
			}
			doc, err := fromXDocument(&x)
			if err != nil {
				// Offsets are checked once the whole document is read:
				// the error points at its start.
				return nil, &conll.ParseError{File: d.File, Line: line, Err: err}
			}
			if !d.sent {
				doc.Extra = extra{d.coll}
				d.sent = true
			}
			return doc, nil
		default:
			if err := d.d.Skip(); err != nil {
				return nil, err
			}
		}
	}
}

func fromXRelations(in []xRelation) []standoff.Relation {
	var out []standoff.Relation
	for _, r := range in {
		rel := standoff.Relation{ID: r.ID, Infons: fromXInfons(r.Infons)}
		rel.Type = relationType(rel.Infons)
		for _, n := range r.Nodes {
			rel.Nodes = append(rel.Nodes, standoff.Node{RefID: n.RefID, Role: n.Role})
		}
		out = append(out, rel)
	}
	return out
}

func fromXDocument(x *xDocument) (*standoff.Document, error) {
	doc := &standoff.Document{ID: x.ID, Infons: fromXInfons(x.Infons), Relations: fromXRelations(x.Relations)}
	for pi, xp := range x.Passages {
		if len(xp.Sentences) > 0 && xp.Text == "" {
			return nil, fmt.Errorf("%w: document %s: passage %d has sentences instead of text (not supported)", standoff.ErrSyntax, x.ID, pi+1)
		}
		p := standoff.Passage{Offset: xp.Offset, Text: string(xp.Text), Infons: fromXInfons(xp.Infons), Relations: fromXRelations(xp.Relations)}
		for _, xa := range xp.Annotations {
			a := standoff.Annotation{ID: xa.ID, Text: string(xa.Text)}
			a.Type, a.Infons = splitType(fromXInfons(xa.Infons))
			for _, l := range xa.Locations {
				a.Locations = append(a.Locations, standoff.Span{Start: l.Offset, End: l.Offset + l.Length})
			}
			p.Annotations = append(p.Annotations, a)
		}
		doc.Passages = append(doc.Passages, p)
	}
	if err := checkPassages(doc); err != nil {
		return nil, err
	}
	return doc, standoff.CheckOffsets(doc)
}

// checkPassages rejects passages that overlap or go backwards, which no
// offset could be recomputed for.
func checkPassages(doc *standoff.Document) error {
	end := 0
	for i := range doc.Passages {
		p := &doc.Passages[i]
		if p.Offset < end {
			return fmt.Errorf("%w: document %s: passage %d at offset %d overlaps the one before (ends at %d)", standoff.ErrSyntax, doc.ID, i+1, p.Offset, end)
		}
		end = p.Offset + utf8.RuneCountInString(p.Text)
	}
	return nil
}

// XMLEncoder writes a BioC XML collection.
type XMLEncoder struct {
	encoder
}

// NewXMLEncoder returns an encoder writing to w.
func NewXMLEncoder(w io.Writer) *XMLEncoder {
	return &XMLEncoder{encoder{w: bufio.NewWriter(w), header: xmlHeader, footer: "</collection>\n"}}
}

func xmlHeader(w *bufio.Writer, c *Collection) {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString("<!DOCTYPE collection SYSTEM \"BioC.dtd\">\n<collection>")
	for _, f := range [][2]string{{"source", c.Source}, {"date", c.Date}, {"key", c.Key}} {
		b.WriteString("<" + f[0] + ">")
		xml.EscapeText(&b, []byte(f[1]))
		b.WriteString("</" + f[0] + ">")
	}
	for _, in := range c.Infons {
		x, _ := xml.Marshal(xInfon{in.Key, in.Value})
		b.Write(x)
	}
	b.WriteString("\n")
	w.Write(b.Bytes())
}

func toXRelations(in []standoff.Relation) []xRelation {
	var out []xRelation
	for i := range in {
		r := &in[i]
		x := xRelation{ID: r.ID, Infons: toXInfons(relationInfons(r))}
		for _, n := range r.Nodes {
			x.Nodes = append(x.Nodes, xNode{n.RefID, n.Role})
		}
		out = append(out, x)
	}
	return out
}

// Write writes one document.
func (e *XMLEncoder) Write(doc *standoff.Document) error {
	if err := e.begin(doc); err != nil {
		return err
	}
	x := xDocument{ID: doc.ID, Infons: toXInfons(doc.Infons), Relations: toXRelations(doc.Relations)}
	for i := range doc.Passages {
		p := &doc.Passages[i]
		xp := xPassage{Offset: p.Offset, Text: xText(p.Text), Infons: toXInfons(p.Infons), Relations: toXRelations(p.Relations)}
		for j := range p.Annotations {
			a := &p.Annotations[j]
			xa := xAnnotation{ID: a.ID, Text: xText(a.Text), Infons: toXInfons(annotationInfons(a))}
			for _, l := range a.Locations {
				xa.Locations = append(xa.Locations, xLocation{l.Start, l.Len()})
			}
			xp.Annotations = append(xp.Annotations, xa)
		}
		x.Passages = append(x.Passages, xp)
	}
	b, err := xml.Marshal(x)
	if err != nil {
		e.err = err
		return err
	}
	e.w.Write(b)
	_, e.err = e.w.WriteString("\n")
	return e.err
}

// SniffXML reports whether head, the start of a file whose name does not
// say its format (standard input), is a BioC XML collection: an XML
// declaration, a DOCTYPE or a collection element first.
func SniffXML(head []byte) bool {
	head = bytes.TrimLeft(head, " \t\r\n")
	for _, p := range []string{"<?xml", "<!DOCTYPE collection", "<collection"} {
		if bytes.HasPrefix(head, []byte(p)) {
			return true
		}
	}
	return false
}
