// Package brat reads and writes brat standoff annotation: a document's
// text in NAME.txt and its annotations in NAME.ann, one per line:
//
//	T1<TAB>Disease 0 29;35 40<TAB>Tricuspid valve regurgitation
//	N1<TAB>Reference T1 MESH:D014262<TAB>Tricuspid Valve Insufficiency
//	R1<TAB>CID Arg1:T2 Arg2:T1
//	E1, A1, #1 ... (events, attributes, notes)
//
// A file pair is one standoff.Document (its id is NAME) with one passage
// holding the whole text. Text-bound annotations (T) become annotations,
// with the ids of their normalisation notes (N) as "identifier" infons;
// relations (R) become relations. Every other line (events, attributes,
// notes, equivalences) is kept verbatim, in place, so reading and
// writing a pair reproduces both files byte for byte; a perturbation
// rewrites only the text and the offsets and texts of T lines, and an
// entity swap the normalisation notes of the mentions it replaced (the
// new concept's id, or no note: see standoff.NoID). Offsets count code
// points, as brat does.
//
// The Decoder reads the .ann from its reader and the text from the .txt
// beside the file it is given; the Encoder writes the .ann to its
// writer and the text through conll.SideFiles. Documents of other
// formats written as brat are joined into one text, separated by a
// blank line, with T ids renumbered.
package brat

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/conll/standoff"
	"github.com/stress-ner/stress/internal/limits"
)

// KeyID is the infon a normalisation note's reference becomes.
const KeyID = "identifier"

// ErrNoText means the .txt file of a .ann file could not be read.
var ErrNoText = errors.New("brat: no text file beside the annotations")

// line is one .ann line: verbatim, or the index of a T annotation to
// write from the document.
type line struct {
	text string
	ann  int // -1: verbatim
	// A normalisation note of annotation note-1 (0: none), its k-th
	// identifier infon, whose value was id: written verbatim while the
	// infon keeps id, rewritten when an entity swap gave the annotation
	// another concept, dropped when it has none (standoff.NoID).
	note, k int
	id      string
}

// extra is what a document read from brat carries for the Encoder.
type extra struct {
	lines []line
	final bool // the .ann ends in a line break
}

// textName returns the name of the text file of annotation file ann.
func textName(ann string) string {
	return strings.TrimSuffix(ann, ".ann") + ".txt"
}

// Decoder reads one brat document.
type Decoder struct {
	File string
	ann  io.Reader
	text func() ([]byte, error)
	done bool
}

// NewDecoder returns a Decoder of the annotations in ann, whose text is
// read with text.
func NewDecoder(ann io.Reader, file string, text func() ([]byte, error)) *Decoder {
	return &Decoder{File: file, ann: ann, text: text}
}

func (d *Decoder) errorf(n int, format string, a ...any) error {
	return &conll.ParseError{File: d.File, Line: n, Err: fmt.Errorf("%w: "+format, append([]any{standoff.ErrSyntax}, a...)...)}
}

// Read returns the document, then io.EOF.
func (d *Decoder) Read() (*standoff.Document, error) {
	if d.done {
		return nil, io.EOF
	}
	d.done = true
	text, err := d.text()
	if err != nil {
		return nil, fmt.Errorf("%s: %w: %v", d.File, ErrNoText, err)
	}
	if !utf8.Valid(text) {
		return nil, &conll.ParseError{File: textName(d.File), Err: conll.ErrInvalidUTF8}
	}
	data, err := io.ReadAll(limits.Reader(d.ann, limits.MaxDocument, limits.ErrLargeDocument))
	if err != nil {
		return nil, &conll.ParseError{File: d.File, Err: err}
	}
	name := strings.TrimSuffix(d.File, ".ann")
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	doc := &standoff.Document{ID: name, Passages: []standoff.Passage{{Text: string(text)}}}
	p := &doc.Passages[0]
	ex := extra{final: len(data) == 0 || data[len(data)-1] == '\n'}
	byID := map[string]int{}
	type note struct {
		n, line int
		ref, id string
	}
	var notes []note
	rest := string(data)
	for n := 1; rest != ""; n++ {
		var l string
		l, rest, _ = strings.Cut(rest, "\n")
		if !utf8.ValidString(l) {
			return nil, &conll.ParseError{File: d.File, Line: n, Err: conll.ErrInvalidUTF8}
		}
		f := strings.Split(strings.TrimSuffix(l, "\r"), "\t")
		switch {
		case strings.HasPrefix(l, "T"):
			if len(f) != 3 {
				return nil, d.errorf(n, "text-bound annotation with %d tab-separated fields, want 3", len(f))
			}
			typ, locs, err := parseLocations(f[1])
			if err != nil {
				return nil, d.errorf(n, "%v", err)
			}
			a := standoff.Annotation{ID: f[0], Type: typ, Locations: locs, Text: f[2]}
			if t, ok := doc.AnnotationText(locs); !ok || t != a.Text {
				return nil, &conll.ParseError{File: d.File, Line: n, Err: fmt.Errorf("%w: %s is %q in the text, not %q", standoff.ErrOffset, f[1], t, a.Text)}
			}
			if _, dup := byID[f[0]]; dup {
				return nil, d.errorf(n, "duplicate id %s", f[0])
			}
			byID[f[0]] = len(p.Annotations)
			ex.lines = append(ex.lines, line{ann: len(p.Annotations)})
			p.Annotations = append(p.Annotations, a)
			continue
		case strings.HasPrefix(l, "R") && len(f) >= 2:
			args := strings.Fields(f[1])
			if len(args) == 0 {
				return nil, d.errorf(n, "relation without a type")
			}
			r := standoff.Relation{ID: f[0], Type: args[0]}
			for _, a := range args[1:] {
				role, ref, ok := strings.Cut(a, ":")
				if !ok {
					return nil, d.errorf(n, "relation argument %q is not ROLE:ID", a)
				}
				r.Nodes = append(r.Nodes, standoff.Node{RefID: ref, Role: role})
			}
			doc.Relations = append(doc.Relations, r)
		case strings.HasPrefix(l, "N") && len(f) >= 2:
			args := strings.Fields(f[1])
			if len(args) == 3 && args[0] == "Reference" {
				notes = append(notes, note{n, len(ex.lines), args[1], args[2]})
			}
		}
		ex.lines = append(ex.lines, line{text: l, ann: -1})
	}
	for _, nt := range notes {
		i, ok := byID[nt.ref]
		if !ok {
			return nil, d.errorf(nt.n, "note refers to unknown annotation %s", nt.ref)
		}
		a := &p.Annotations[i]
		l := &ex.lines[nt.line]
		l.note, l.k, l.id = i+1, len(a.Infons), nt.id
		a.Infons = append(a.Infons, standoff.Infon{Key: KeyID, Value: nt.id})
	}
	doc.Extra = ex
	return doc, nil
}

// parseLocations parses "Type 0 5;7 9".
func parseLocations(s string) (string, []standoff.Span, error) {
	typ, rest, ok := strings.Cut(s, " ")
	if !ok || typ == "" {
		return "", nil, fmt.Errorf("want TYPE START END, got %q", s)
	}
	var locs []standoff.Span
	for _, frag := range strings.Split(rest, ";") {
		a, b, ok := strings.Cut(frag, " ")
		start, err1 := strconv.Atoi(a)
		end, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil || start < 0 || end < start {
			return "", nil, fmt.Errorf("bad span %q", frag)
		}
		locs = append(locs, standoff.Span{Start: start, End: end})
	}
	return typ, locs, nil
}

// Encoder writes brat documents.
type Encoder struct {
	ann  *bufio.Writer
	side conll.SideFiles

	docs []*standoff.Document
	err  error
}

// NewEncoder returns an Encoder writing annotations to ann and the text
// to the file side gives for ".txt".
func NewEncoder(ann io.Writer, side conll.SideFiles) *Encoder {
	return &Encoder{ann: bufio.NewWriter(ann), side: side}
}

// Write adds a document; Flush writes the pair.
func (e *Encoder) Write(d *standoff.Document) error {
	if e.err == nil {
		e.docs = append(e.docs, d)
	}
	return e.err
}

// Flush writes the text and annotation files.
func (e *Encoder) Flush() {
	if e.err != nil || e.docs == nil {
		if e.err == nil {
			e.err = e.ann.Flush()
		}
		return
	}
	if e.side == nil {
		e.err = errors.New("brat: the text needs a file of its own (write to NAME.ann)")
		return
	}
	var text, ann []byte
	var err error
	if ex, ok := e.docs[0].Extra.(extra); ok && len(e.docs) == 1 {
		text, ann, err = verbatim(e.docs[0], ex)
	} else {
		text, ann, err = joined(e.docs)
	}
	e.docs = nil
	if err != nil {
		e.err = err
		return
	}
	tw, err := e.side(".txt")
	if err != nil {
		e.err = err
		return
	}
	if _, err := tw.Write(text); err != nil {
		e.err = err
		return
	}
	e.ann.Write(ann)
	e.err = e.ann.Flush()
}

// Error returns the first error of Write or Flush.
func (e *Encoder) Error() error { return e.err }

func appendT(b []byte, id string, a *standoff.Annotation, shift int) ([]byte, error) {
	if len(a.Locations) == 0 || strings.ContainsAny(a.Text+a.Type, "\t\n") || strings.ContainsAny(a.Type, " ") {
		return b, fmt.Errorf("brat: annotation %s %q cannot be a text-bound annotation", id, a.Text)
	}
	b = append(b, id...)
	b = append(b, '\t')
	b = append(b, a.Type...)
	for i, l := range a.Locations {
		if i == 0 {
			b = append(b, ' ')
		} else {
			b = append(b, ';')
		}
		b = strconv.AppendInt(b, int64(l.Start+shift), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(l.End+shift), 10)
	}
	b = append(b, '\t')
	b = append(b, a.Text...)
	return append(b, '\n'), nil
}

// verbatim writes a document read from brat: its lines as read, T lines
// from the (maybe rebuilt) annotations.
func verbatim(d *standoff.Document, ex extra) ([]byte, []byte, error) {
	if len(d.Passages) != 1 || d.Passages[0].Offset != 0 {
		return joined([]*standoff.Document{d})
	}
	anns := d.Passages[0].Annotations
	var b []byte
	var err error
	for i, l := range ex.lines {
		if l.note > 0 {
			b = appendNote(b, l, anns)
		} else if l.ann < 0 {
			b = append(b, l.text...)
			b = append(b, '\n')
		} else if l.ann < len(anns) {
			if b, err = appendT(b, anns[l.ann].ID, &anns[l.ann], 0); err != nil {
				return nil, nil, err
			}
		}
		if i == len(ex.lines)-1 && !ex.final {
			b = bytes.TrimSuffix(b, []byte("\n"))
		}
	}
	return []byte(d.Passages[0].Text), b, nil
}

// appendNote appends normalisation note l as read, or, when an entity
// swap changed the id it gave its annotation (see line), with the new id
// and the annotation's new text, or nothing when the annotation has no
// id now (standoff.NoID).
func appendNote(b []byte, l line, anns []standoff.Annotation) []byte {
	v := l.id
	if l.note <= len(anns) {
		if in := anns[l.note-1].Infons; l.k < len(in) && in[l.k].Key == KeyID {
			v = in[l.k].Value
		}
	}
	switch {
	case v == l.id:
		b = append(b, l.text...)
	case v == standoff.NoID:
		return b
	default:
		a := &anns[l.note-1]
		nid, _, _ := strings.Cut(l.text, "\t")
		b = fmt.Appendf(b, "%s\tReference %s %s\t%s", nid, a.ID, v, a.Text)
		if strings.HasSuffix(l.text, "\r") {
			b = append(b, '\r') // a CRLF file stays one
		}
	}
	return append(b, '\n')
}

// joined writes documents of any origin as one text: each document's
// passages at their offsets (gaps filled with spaces, a line break after
// a title), documents separated by a blank line, T ids renumbered and
// normalisation notes and relations between annotations written.
func joined(docs []*standoff.Document) ([]byte, []byte, error) {
	var text strings.Builder
	var ann []byte
	base, tn, nn, rn := 0, 0, 0, 0
	var err error
	for di, d := range docs {
		if di > 0 {
			text.WriteString("\n\n")
			base += 2
		}
		pos := 0 // code points of this document written
		ids := map[string]string{}
		for pi := range d.Passages {
			p := &d.Passages[pi]
			for gap := p.Offset - pos; gap > 0; gap-- {
				if gap == p.Offset-pos && pi > 0 {
					text.WriteByte('\n')
				} else {
					text.WriteByte(' ')
				}
				pos++
			}
			text.WriteString(p.Text)
			pos += utf8.RuneCountInString(p.Text)
			for j := range p.Annotations {
				a := &p.Annotations[j]
				tn++
				id := "T" + strconv.Itoa(tn)
				if a.ID != "" {
					ids[a.ID] = id
				}
				if ann, err = appendT(ann, id, a, base); err != nil {
					return nil, nil, err
				}
				if v := a.Infon(KeyID); v != "" && !strings.ContainsAny(v, " \t\n") {
					nn++
					ann = fmt.Appendf(ann, "N%d\tReference %s %s\t%s\n", nn, id, v, a.Text)
				}
			}
		}
		base += pos
		for _, r := range allRelations(d) {
			if len(r.Nodes) == 0 || strings.ContainsAny(r.Type, " \t\n") {
				continue // relations between concepts (PubTator's CID) have no brat form
			}
			rn++
			ann = fmt.Appendf(ann, "R%d\t%s", rn, r.Type)
			for _, n := range r.Nodes {
				ann = fmt.Appendf(ann, " %s:%s", n.Role, ids[n.RefID])
			}
			ann = append(ann, '\n')
		}
	}
	return []byte(text.String()), ann, nil
}

func allRelations(d *standoff.Document) []standoff.Relation {
	out := append([]standoff.Relation(nil), d.Relations...)
	for i := range d.Passages {
		out = append(out, d.Passages[i].Relations...)
	}
	return out
}

// readText reads a document's text file, up to limits.MaxDocument.
func readText(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(limits.Reader(f, limits.MaxDocument, limits.ErrLargeDocument))
}

// Format is brat standoff (NAME.ann beside NAME.txt), as conll opens
// and creates it.
var Format = standoff.Register(standoff.FormatSpec{Name: "brat", Exts: []string{".ann"}, SideExts: []string{".txt"},
	NewDecoder: func(r io.Reader, name string) (standoff.Decoder, error) {
		return NewDecoder(r, name, func() ([]byte, error) { return readText(textName(name)) }), nil
	},
	NewEncoder: func(w io.Writer, side conll.SideFiles) (standoff.Encoder, error) { return NewEncoder(w, side), nil }})
