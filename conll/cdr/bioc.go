package cdr

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/limits"
)

// The BioC reader follows the kit's, which is the BioC Java library's
// ConnectorWoodstox (a StAX reader) under loadBioC. What it keeps of a
// collection:
//
//   - A document starts at any <document> outside another one and ends
//     at the first end tag it does not hand to a part's reader: its
//     </document>, or the end of an element it does not know (<foo/>
//     inside a document ends the document there, and what follows until
//     </document> is a second document, with id "" unless it has an
//     <id>). Its id is the text of its last <id>; "" without one.
//   - Texts (<id>, <infon>, <text>, <offset>) are the concatenated
//     character data inside the element, nested elements included,
//     neither trimmed nor coalesced with CDATA sections: CDATA is
//     ignored (<id><![CDATA[1]]></id> is the id ""). Entities and
//     character references are replaced.
//   - Passages, annotations, relations, sentences, locations and nodes
//     end at their own end tag; any other end tag inside them (an
//     unknown child element) stops the kit (ErrKit), as does an offset
//     or length that is not an int, and a <location> or <node> with
//     anything inside.
//   - Infons are a map: of two infons with one key, the last counts.
//   - mention and id levels read the annotations of passages (not those
//     of sentences, not those of documents) whose "type" infon is scored
//     and that have a location. mention: an annotation whose
//     "CompositeRole" is absent or "CompositeMention" is the key
//     (document, type, offset, offset + length, as Java ints add); with
//     two or more locations the kit stops. IndividualMention annotations
//     count at level id only. id: the "MESH" infon, or when there is no
//     such infon the "OMIM" one (an empty "MESH" infon hides "OMIM"),
//     trimmed and split at "|", each part finalised as in PubTator.
//   - relation level reads the annotations and the relations of the
//     document (not those of passages or sentences) whose "relation"
//     infon is scored: key (document, type, "Chemical" infon, "Disease"
//     infon), a missing id reading "null".
//   - An XML error between documents ends the collection there, without
//     error (the kit's hasNext swallows it; Keys.Warnings says so); one
//     inside a document stops the kit.
//   - The collection's DOCTYPE is not read (the kit needs BioC.dtd in
//     its working directory to start at all, and does nothing with it).

// event kinds of the StAX stream the kit reads.
type eventKind int

const (
	evStart eventKind = iota + 1
	evEnd
	evChars // character data outside CDATA sections
	evOther // CDATA, comments, processing instructions, DOCTYPE
	evEndDocument
)

type event struct {
	kind  eventKind
	name  string // element name as QName.toString prints it
	attrs []xml.Attr
	text  string
	line  int
}

// cdataReader is the byte reader under the XML decoder: it notes where
// CDATA sections start, which encoding/xml does not tell from other
// character data and the kit ignores.
type cdataReader struct {
	r      *bufio.Reader
	pos    int64
	match  int     // bytes of cdataStart matched so far
	starts []int64 // offsets of "<![CDATA[" not yet passed
	mark   int64   // where the token being read starts
}

const cdataStart = "<![CDATA["

func (c *cdataReader) ReadByte() (byte, error) {
	if c.pos-c.mark > limits.MaxDocument {
		return 0, limits.ErrLargeDocument // one token: no corpus has such a text
	}
	b, err := c.r.ReadByte()
	if err != nil {
		return b, err
	}
	switch {
	case b == cdataStart[c.match]:
		c.match++
	case b == '<':
		c.match = 1
	default:
		c.match = 0
	}
	c.pos++
	if c.match == len(cdataStart) {
		c.starts = append(c.starts, c.pos-int64(len(cdataStart)))
		c.match = 0
	}
	return b, nil
}

func (c *cdataReader) Read(p []byte) (int, error) {
	for i := range p {
		b, err := c.ReadByte()
		if err != nil {
			return i, err
		}
		p[i] = b
	}
	return len(p), nil
}

// isCDATA reports whether a token starting at off is a CDATA section,
// forgetting the starts before off.
func (c *cdataReader) isCDATA(off int64) bool {
	for len(c.starts) > 0 && c.starts[0] < off {
		c.starts = c.starts[1:]
	}
	return len(c.starts) > 0 && c.starts[0] == off
}

// stax is the stream of events the kit's reader sees.
type stax struct {
	file  string
	in    *cdataReader
	dec   *xml.Decoder
	depth int
	roots int  // root elements opened
	ended bool // the end of the document was reported
}

func newStax(r io.Reader, file string) *stax {
	in := &cdataReader{r: bufio.NewReader(r)}
	d := xml.NewDecoder(in)
	// The kit reads through a UTF-8 Reader whatever the declaration says.
	d.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	return &stax{file: file, in: in, dec: d}
}

func qname(n xml.Name) string {
	if n.Space != "" {
		return "{" + n.Space + "}" + n.Local
	}
	return n.Local
}

// next returns the next event; after evEndDocument it returns io.EOF.
func (s *stax) next() (event, error) {
	if s.ended {
		return event{}, io.EOF
	}
	off := s.dec.InputOffset()
	s.in.mark = off
	line, _ := s.dec.InputPos()
	tok, err := s.dec.Token()
	if err == io.EOF {
		if s.depth > 0 || s.roots == 0 {
			return event{}, s.errorf(line, "unexpected end of the XML")
		}
		s.ended = true
		return event{kind: evEndDocument, line: line}, nil
	}
	if err != nil {
		var se *xml.SyntaxError
		if errors.As(err, &se) {
			return event{}, s.errorf(se.Line, "%s", se.Msg)
		}
		return event{}, s.errorf(line, "%v", err)
	}
	switch t := tok.(type) {
	case xml.StartElement:
		if s.depth == 0 {
			if s.roots++; s.roots > 1 {
				return event{}, s.errorf(line, "a second root element <%s>", t.Name.Local)
			}
		}
		s.depth++
		return event{kind: evStart, name: qname(t.Name), attrs: t.Attr, line: line}, nil
	case xml.EndElement:
		s.depth--
		return event{kind: evEnd, name: qname(t.Name), line: line}, nil
	case xml.CharData:
		if s.in.isCDATA(off) {
			return event{kind: evOther, line: line}, nil
		}
		if s.depth == 0 && len(bytes.TrimSpace(t)) > 0 {
			return event{}, s.errorf(line, "text outside the root element")
		}
		return event{kind: evChars, text: string(t), line: line}, nil
	}
	return event{kind: evOther, line: line}, nil
}

func (s *stax) errorf(line int, format string, a ...any) error {
	return &conll.ParseError{File: s.file, Line: line, Err: fmt.Errorf("%w: XML: "+format, append([]any{ErrKit}, a...)...)}
}

// attr returns the value of the attribute local (any namespace), and
// whether there is one.
func attr(ev event, local string) (string, bool) {
	for _, a := range ev.attrs {
		if a.Name.Local == local {
			return a.Value, true
		}
	}
	return "", false
}

// infonKey returns the "key" attribute of an infon (no namespace); ok
// false is Java's null key.
func infonKey(ev event) (string, bool) {
	for _, a := range ev.attrs {
		if a.Name.Space == "" && a.Name.Local == "key" {
			return a.Value, true
		}
	}
	return "", false
}

// javaInt reads s as Java's Integer.parseInt: an optional sign, then
// decimal digits, within an int.
func javaInt(s string) (int32, bool) {
	if s == "" || s == "+" || s == "-" {
		return 0, false
	}
	digits := strings.TrimLeft(s[:1], "+-") + s[1:]
	if !asciiDigits(digits) {
		return 0, false
	}
	v, err := strconv.ParseInt(s, 10, 32)
	return int32(v), err == nil
}

// infons is a BioC infon map: a nil key is Java's null.
type infons map[infonName]string

type infonName struct {
	key   string
	isNil bool
}

func (m infons) get(key string) (string, bool) {
	v, ok := m[infonName{key: key}]
	return v, ok
}

type location struct{ offset, length int32 }

type annotation struct {
	infons    infons
	locations []location
}

type passage struct {
	annotations []annotation
}

type document struct {
	id          string
	passages    []passage
	annotations []annotation // the document's own, which relation reads
	relations   []infons
}

// kitBioC is the kit's ConnectorWoodstox over one file.
type kitBioC struct {
	s          *stax
	inDocument bool
	finished   bool
	warning    string
}

func (k *kitBioC) kitError(ev event, format string, a ...any) error {
	return &conll.ParseError{File: k.s.file, Line: ev.line, Err: fmt.Errorf("%w: "+format, append([]any{ErrKit}, a...)...)}
}

// startRead reads the collection's header up to its first document.
func (k *kitBioC) startRead() error {
	last := ""
	for !k.inDocument {
		ev, err := k.s.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		switch ev.kind {
		case evStart:
			last = ev.name
			switch last {
			case "document":
				k.inDocument = true
			case "source", "date", "key", "infon":
				if _, err := k.getString(last); err != nil {
					return err
				}
			}
		case evEnd:
			if last == "collection" {
				k.finished = true
			}
		case evEndDocument:
			k.finished = true
		}
	}
	return nil
}

// hasNext finds the next document. An XML error while looking for one
// ends the collection, as the kit's hasNext swallows it.
func (k *kitBioC) hasNext() bool {
	if k.finished {
		return false
	}
	if k.inDocument {
		return true
	}
	for {
		ev, err := k.s.next()
		if err == io.EOF {
			k.finished = true
			return false
		}
		if err != nil {
			k.warning = fmt.Sprintf("%v: the kit stops reading there, without error", err)
			k.finished = true
			return false
		}
		switch {
		case ev.kind == evStart && ev.name == "document":
			k.inDocument = true
			return true
		case ev.kind == evEndDocument:
			k.finished = true
			return false
		}
	}
}

// nextDocument reads a document (fromXML).
func (k *kitBioC) nextDocument() (*document, error) {
	d := &document{}
	for {
		ev, err := k.s.next()
		if err == io.EOF {
			return d, nil
		}
		if err != nil {
			return nil, err
		}
		switch ev.kind {
		case evStart:
			switch ev.name {
			case "id":
				if d.id, err = k.getString("id"); err != nil {
					return nil, err
				}
			case "infon":
				if _, err := k.getString("infon"); err != nil {
					return nil, err
				}
			case "passage":
				p, err := k.passage("passage")
				if err != nil {
					return nil, err
				}
				d.passages = append(d.passages, p)
			case "annotation":
				a, err := k.annotation(ev)
				if err != nil {
					return nil, err
				}
				d.annotations = append(d.annotations, a)
			case "relation":
				r, err := k.relation()
				if err != nil {
					return nil, err
				}
				d.relations = append(d.relations, r)
			}
		case evEnd:
			if ev.name == "document" {
				k.inDocument = false
			}
			return d, nil
		case evEndDocument:
			return d, nil
		}
	}
}

// getString returns the character data up to the end tag of name.
func (k *kitBioC) getString(name string) (string, error) {
	var b strings.Builder
	for {
		ev, err := k.s.next()
		if err == io.EOF {
			return "", nil
		}
		if err != nil {
			return "", err
		}
		switch ev.kind {
		case evChars:
			b.WriteString(ev.text)
		case evEnd:
			if ev.name == name {
				return b.String(), nil
			}
		case evEndDocument:
			return "", nil
		}
	}
}

// putInfon reads an infon element into m.
func (k *kitBioC) putInfon(m infons, ev event) error {
	key, ok := infonKey(ev)
	v, err := k.getString("infon")
	if err != nil {
		return err
	}
	m[infonName{key: key, isNil: !ok}] = v
	return nil
}

// passage reads a passage (or a sentence, whose annotations no level
// reads) up to the end tag of elem.
func (k *kitBioC) passage(elem string) (passage, error) {
	var p passage
	for {
		ev, err := k.s.next()
		if err == io.EOF {
			return p, nil
		}
		if err != nil {
			return p, err
		}
		switch ev.kind {
		case evStart:
			switch ev.name {
			case "infon", "text":
				if _, err := k.getString(ev.name); err != nil {
					return p, err
				}
			case "offset":
				s, err := k.getString("offset")
				if err != nil {
					return p, err
				}
				if _, ok := javaInt(s); !ok {
					return p, k.kitError(ev, "%s offset %q is not an int", elem, s)
				}
			case "sentence":
				if elem == "sentence" {
					break // a sentence inside a sentence is an unknown element
				}
				if _, err := k.passage("sentence"); err != nil {
					return p, err
				}
			case "annotation":
				a, err := k.annotation(ev)
				if err != nil {
					return p, err
				}
				if elem == "passage" {
					p.annotations = append(p.annotations, a)
				}
			case "relation":
				if _, err := k.relation(); err != nil {
					return p, err
				}
			}
		case evEnd:
			if ev.name == elem {
				return p, nil
			}
			return p, k.kitError(ev, "found </%s> in a %s", ev.name, elem)
		case evEndDocument:
			return p, nil
		}
	}
}

func (k *kitBioC) annotation(start event) (annotation, error) {
	a := annotation{infons: infons{}}
	for {
		ev, err := k.s.next()
		if err == io.EOF {
			return a, nil
		}
		if err != nil {
			return a, err
		}
		switch ev.kind {
		case evStart:
			switch ev.name {
			case "infon":
				if err := k.putInfon(a.infons, ev); err != nil {
					return a, err
				}
			case "location":
				l, err := k.location(ev)
				if err != nil {
					return a, err
				}
				a.locations = append(a.locations, l)
			case "text":
				if _, err := k.getString("text"); err != nil {
					return a, err
				}
			}
		case evEnd:
			if ev.name == "annotation" {
				return a, nil
			}
			return a, k.kitError(ev, "found </%s> in an annotation", ev.name)
		case evEndDocument:
			return a, nil
		}
	}
}

// location reads a location: its attributes, then the very next event
// must be its end tag.
func (k *kitBioC) location(ev event) (location, error) {
	var l location
	for _, name := range []string{"offset", "length"} {
		v, _ := attr(ev, name)
		n, ok := javaInt(v)
		if !ok {
			return l, k.kitError(ev, "location %s %q is not an int", name, v)
		}
		if name == "offset" {
			l.offset = n
		} else {
			l.length = n
		}
	}
	return l, k.emptyElement("location")
}

// emptyElement checks that the next event is the end of an element
// that must be empty (location, node).
func (k *kitBioC) emptyElement(name string) error {
	ev, err := k.s.next()
	if err != nil && err != io.EOF {
		return err
	}
	if (ev.kind != evStart && ev.kind != evEnd) || ev.name != name {
		return k.kitError(ev, "a <%s> must be empty", name)
	}
	return nil
}

func (k *kitBioC) relation() (infons, error) {
	m := infons{}
	for {
		ev, err := k.s.next()
		if err == io.EOF {
			return m, nil
		}
		if err != nil {
			return m, err
		}
		switch ev.kind {
		case evStart:
			switch ev.name {
			case "infon":
				if err := k.putInfon(m, ev); err != nil {
					return m, err
				}
			case "node":
				if err := k.emptyElement("node"); err != nil {
					return m, err
				}
			}
		case evEnd:
			if ev.name == "relation" {
				return m, nil
			}
			return m, k.kitError(ev, "found </%s> in a relation", ev.name)
		case evEndDocument:
			return m, nil
		}
	}
}

// readBioC reads r as the kit's loadBioC.
func readBioC(r io.Reader, file string, o Options) (*Keys, error) {
	types := o.types()
	keys := newKeys(o.Level, BioC)
	k := &kitBioC{s: newStax(r, file)}
	if err := k.startRead(); err != nil {
		return nil, err
	}
	for k.hasNext() {
		d, err := k.nextDocument()
		if err != nil {
			return nil, err
		}
		if err := addBioC(keys, d, o.Level, types, file); err != nil {
			return nil, err
		}
	}
	if k.warning != "" {
		keys.Warnings = append(keys.Warnings, k.warning)
	}
	return keys, nil
}

// addBioC adds the keys of document d.
func addBioC(keys *Keys, d *document, level Level, types map[string]bool, file string) error {
	if level == Relation {
		for _, set := range [][]infons{annotationInfons(d.annotations), d.relations} {
			for _, m := range set {
				rel, ok := m.get("relation")
				if !ok || !types[rel] {
					continue
				}
				keys.add("relation", d.id, rel, relationArg(m.get("Chemical")), relationArg(m.get("Disease")))
			}
		}
		return nil
	}
	for _, p := range d.passages {
		for _, a := range p.annotations {
			typ, ok := a.infons.get("type")
			if !ok || !types[typ] || len(a.locations) == 0 {
				continue
			}
			role, hasRole := a.infons.get("CompositeRole")
			if level == Mention {
				if hasRole && role != "CompositeMention" {
					continue
				}
				if len(a.locations) > 1 {
					return &conll.ParseError{File: file, Err: fmt.Errorf("%w: document %s: a %s mention with %d locations (the kit takes one, except for IndividualMentions)", ErrKit, d.id, typ, len(a.locations))}
				}
				l := a.locations[0]
				keys.add("mention", d.id, typ, strconv.Itoa(int(l.offset)), strconv.Itoa(int(l.offset+l.length)))
				continue
			}
			ids, ok := a.infons.get("MESH")
			if !ok {
				if ids, ok = a.infons.get("OMIM"); !ok {
					continue
				}
			}
			for _, part := range javaSplit(javaTrim(ids), "|") {
				if id, ok := conceptID(part, true); ok {
					keys.add("id", d.id, typ, id)
				}
			}
		}
	}
	return nil
}

func annotationInfons(as []annotation) []infons {
	out := make([]infons, len(as))
	for i, a := range as {
		out[i] = a.infons
	}
	return out
}
