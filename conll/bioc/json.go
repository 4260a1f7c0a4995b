package bioc

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/conll/standoff"
	"github.com/stress-ner/stress/internal/limits"
)

type jLocation struct {
	Offset int `json:"offset"`
	Length int `json:"length"`
}

type jNode struct {
	RefID string `json:"refid"`
	Role  string `json:"role"`
}

type jAnnotation struct {
	ID        string            `json:"id"`
	Infons    map[string]string `json:"infons"`
	Text      string            `json:"text"`
	Locations []jLocation       `json:"locations"`
}

type jRelation struct {
	ID     string            `json:"id"`
	Infons map[string]string `json:"infons"`
	Nodes  []jNode           `json:"nodes"`
}

type jPassage struct {
	Offset      int               `json:"offset"`
	Infons      map[string]string `json:"infons"`
	Text        string            `json:"text"`
	Sentences   []json.RawMessage `json:"sentences"`
	Annotations []jAnnotation     `json:"annotations"`
	Relations   []jRelation       `json:"relations"`
}

type jDocument struct {
	ID        string            `json:"id"`
	Infons    map[string]string `json:"infons"`
	Passages  []jPassage        `json:"passages"`
	Relations []jRelation       `json:"relations"`
}

// fromMap returns infons in key order (JSON objects have none).
func fromMap(m map[string]string) []standoff.Infon {
	var out []standoff.Infon
	for k, v := range m {
		out = append(out, standoff.Infon{Key: k, Value: v})
	}
	slices.SortFunc(out, func(a, b standoff.Infon) int { return strings.Compare(a.Key, b.Key) })
	return out
}

func toMap(in []standoff.Infon) map[string]string {
	m := make(map[string]string, len(in))
	for _, x := range in {
		if _, dup := m[x.Key]; !dup {
			m[x.Key] = x.Value
		}
	}
	return m
}

// JSONDecoder reads the documents of a BioC JSON collection, one at a
// time.
type JSONDecoder struct {
	// File names the input in errors.
	File string

	r    *bufio.Reader
	d    *json.Decoder
	coll *Collection
	in   bool // inside the documents array
	sent bool
	err  error
	data []byte // what was read, to turn byte offsets into lines
	rec  *recorder
}

// recorder keeps the bytes read since the start of the current
// document, for line numbers in errors: base is the input offset of
// buf[0], lines the line breaks before it. A document larger than
// limits.MaxDocument is an error, not a process filling memory.
type recorder struct {
	r     io.Reader
	buf   []byte
	base  int64
	lines int
}

func (r *recorder) Read(p []byte) (int, error) {
	if len(r.buf) > limits.MaxDocument {
		return 0, limits.ErrLargeDocument
	}
	n, err := r.r.Read(p)
	r.buf = append(r.buf, p[:n]...)
	return n, err
}

// forget drops the bytes before input offset off, counting their lines.
func (r *recorder) forget(off int64) {
	n := int(min(max(off-r.base, 0), int64(len(r.buf))))
	r.lines += bytes.Count(r.buf[:n], []byte("\n"))
	r.buf = append(r.buf[:0], r.buf[n:]...)
	r.base += int64(n)
}

// line returns the line of input offset off (at or after base).
func (r *recorder) line(off int64) int {
	n := int(min(max(off-r.base, 0), int64(len(r.buf))))
	return 1 + r.lines + bytes.Count(r.buf[:n], []byte("\n"))
}

// NewJSONDecoder returns a decoder reading from r.
func NewJSONDecoder(r io.Reader, file string) *JSONDecoder {
	rec := &recorder{r: r}
	return &JSONDecoder{File: file, d: json.NewDecoder(rec), coll: &Collection{}, rec: rec}
}

func (d *JSONDecoder) errorf(err error) error {
	off := d.d.InputOffset()
	if se, ok := err.(*json.SyntaxError); ok {
		off = se.Offset
	}
	line := d.rec.line(off)
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &te):
		// Not encoding/json's Go types: the key and what it holds.
		err = fmt.Errorf("%w: %q is a JSON %s, want a %s", standoff.ErrSyntax, te.Field, te.Value, jsonKind(te.Type.Kind()))
	case !errors.Is(err, standoff.ErrSyntax) && !errors.Is(err, standoff.ErrOffset) && !errors.Is(err, limits.ErrLargeDocument):
		err = fmt.Errorf("%w: %s", standoff.ErrSyntax, strings.TrimPrefix(err.Error(), "json: "))
	}
	return &conll.ParseError{File: d.File, Line: line, Err: err}
}

// Read returns the next document, or io.EOF after the last one.
func (d *JSONDecoder) Read() (*standoff.Document, error) {
	if d.err != nil {
		return nil, d.err
	}
	doc, err := d.read()
	if err != nil {
		if err != io.EOF {
			if pe, ok := err.(*conll.ParseError); !ok || pe.File == "" {
				err = d.errorf(err)
			}
		}
		d.err = err
	}
	return doc, err
}

func (d *JSONDecoder) read() (*standoff.Document, error) {
	if !d.in {
		if err := d.expect('{'); err != nil {
			return nil, err
		}
		for {
			if !d.d.More() {
				return nil, io.EOF // a collection without documents
			}
			t, err := d.d.Token()
			if err != nil {
				return nil, err
			}
			key, _ := t.(string)
			switch key {
			case "source", "date", "key":
				var v string
				if err := d.d.Decode(&v); err != nil {
					return nil, err
				}
				*map[string]*string{"source": &d.coll.Source, "date": &d.coll.Date, "key": &d.coll.Key}[key] = v
				continue
			case "infons":
				var m map[string]string
				if err := d.d.Decode(&m); err != nil {
					return nil, err
				}
				d.coll.Infons = fromMap(m)
				continue
			case "documents":
				if err := d.expect('['); err != nil {
					return nil, err
				}
				d.in = true
			default:
				var skip json.RawMessage
				if err := d.d.Decode(&skip); err != nil {
					return nil, err
				}
				continue
			}
			break
		}
	}
	if !d.d.More() {
		return nil, io.EOF // keys after "documents" are not read
	}
	start := d.d.InputOffset()
	d.rec.forget(start)
	var x xDocument
	if err := d.d.Decode(&x); err != nil {
		return nil, err
	}
	doc, err := fromXDocument(&x)
	if err != nil {
		// Offsets are checked once the whole document is read: the
		// error points at its start.
		return nil, &conll.ParseError{File: d.File, Line: d.rec.line(start + 1), Err: err}
	}
	if !d.sent {
		doc.Extra = extra{d.coll}
		d.sent = true
	}
	return doc, nil
}

func (d *JSONDecoder) expect(delim json.Delim) error {
	t, err := d.d.Token()
	if err != nil {
		return err
	}
	if t != delim {
		return fmt.Errorf("want %v, got %v", delim, t)
	}
	return nil
}

// JSONEncoder writes a BioC JSON collection, one document per line.
type JSONEncoder struct {
	encoder
	n int
}

// NewJSONEncoder returns an encoder writing to w.
func NewJSONEncoder(w io.Writer) *JSONEncoder {
	return &JSONEncoder{encoder: encoder{w: bufio.NewWriter(w), header: jsonHeader, footer: "\n]}\n"}}
}

func marshal(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(v) // maps of strings, slices and structs of them: cannot fail
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

func jsonHeader(w *bufio.Writer, c *Collection) {
	w.WriteString(`{"source":`)
	w.Write(marshal(c.Source))
	w.WriteString(`,"date":`)
	w.Write(marshal(c.Date))
	w.WriteString(`,"key":`)
	w.Write(marshal(c.Key))
	w.WriteString(`,"infons":`)
	w.Write(marshal(toMap(c.Infons)))
	w.WriteString(`,"documents":[`)
}

func toJRelations(in []standoff.Relation) []jRelation {
	out := []jRelation{}
	for i := range in {
		r := &in[i]
		x := jRelation{ID: r.ID, Infons: toMap(relationInfons(r)), Nodes: []jNode{}}
		for _, n := range r.Nodes {
			x.Nodes = append(x.Nodes, jNode{n.RefID, n.Role})
		}
		out = append(out, x)
	}
	return out
}

// Write writes one document.
func (e *JSONEncoder) Write(doc *standoff.Document) error {
	if err := e.begin(doc); err != nil {
		return err
	}
	x := jDocument{ID: doc.ID, Infons: toMap(doc.Infons), Relations: toJRelations(doc.Relations), Passages: []jPassage{}}
	for i := range doc.Passages {
		p := &doc.Passages[i]
		xp := jPassage{Offset: p.Offset, Text: p.Text, Infons: toMap(p.Infons), Relations: toJRelations(p.Relations),
			Sentences: []json.RawMessage{}, Annotations: []jAnnotation{}}
		for j := range p.Annotations {
			a := &p.Annotations[j]
			xa := jAnnotation{ID: a.ID, Text: a.Text, Infons: toMap(annotationInfons(a)), Locations: []jLocation{}}
			for _, l := range a.Locations {
				xa.Locations = append(xa.Locations, jLocation{l.Start, l.Len()})
			}
			xp.Annotations = append(xp.Annotations, xa)
		}
		x.Passages = append(x.Passages, xp)
	}
	if e.n > 0 {
		e.w.WriteString(",")
	}
	e.w.WriteString("\n")
	e.w.Write(marshal(x))
	e.n++
	return nil
}

// The formats of this package: BioC XML (.xml) and BioC JSON
// (.bioc.json), as conll opens and creates them.
var (
	XMLFormat = standoff.Register(standoff.FormatSpec{Name: "bioc-xml", Exts: []string{".xml"},
		NewDecoder: func(r io.Reader, name string) (standoff.Decoder, error) { return NewXMLDecoder(r, name), nil },
		NewEncoder: func(w io.Writer, _ conll.SideFiles) (standoff.Encoder, error) { return NewXMLEncoder(w), nil },
		Sniff:      SniffXML})
	JSONFormat = standoff.Register(standoff.FormatSpec{Name: "bioc-json", Exts: []string{".bioc.json"},
		NewDecoder: func(r io.Reader, name string) (standoff.Decoder, error) { return NewJSONDecoder(r, name), nil },
		NewEncoder: func(w io.Writer, _ conll.SideFiles) (standoff.Encoder, error) { return NewJSONEncoder(w), nil },
		Sniff:      sniffJSON})
)

// sniffJSON reports whether head, the start of a .json file, is a BioC
// collection rather than JSON Lines: an object whose first key is one
// of a collection's.
func sniffJSON(head []byte) bool {
	head = bytes.TrimLeft(head, " \t\r\n")
	if len(head) == 0 || head[0] != '{' {
		return false
	}
	head = bytes.TrimLeft(head[1:], " \t\r\n")
	for _, k := range []string{`"source"`, `"date"`, `"key"`, `"infons"`, `"documents"`} {
		if bytes.HasPrefix(head, []byte(k)) {
			return true
		}
	}
	return false
}

// jsonKind names what a Go kind is in JSON.
func jsonKind(k reflect.Kind) string {
	switch k {
	case reflect.String:
		return "string"
	case reflect.Slice, reflect.Array:
		return "list"
	case reflect.Map, reflect.Struct:
		return "object"
	case reflect.Bool:
		return "boolean"
	}
	return "number"
}
