// Package bioc reads and writes BioC collections, in XML (the BioC DTD)
// and in JSON (as PubTator Central and bioc.py write it): documents with
// infons, passages with offsets and text, annotations with infons and
// locations, and relations with infons and nodes.
//
// A Decoder streams the documents of a collection as
// standoff.Documents: an annotation's "type" infon becomes its Type, its
// other infons stay in order; a relation's Type is its "relation" or
// "type" infon, its infons and nodes are kept. The collection's source,
// date, key and infons travel with the first document, so that an
// Encoder writes them back. Reading and writing gives an equivalent
// collection (same documents, passages, annotations and relations), not
// the same bytes: XML formatting and JSON key order are the Encoder's.
// Passages given as sentences rather than text are not supported.
package bioc

import (
	"bufio"
	"errors"

	"github.com/stress-ner/stress/conll/standoff"
)

// errClosed means a document was written after Flush ended the
// collection.
var errClosed = errors.New("bioc: write after the collection was closed by Flush")

// Collection is the header of a BioC collection.
type Collection struct {
	Source, Date, Key string
	Infons            []standoff.Infon
}

// extra is what a Document carries for an Encoder of this package: the
// collection header (first document only).
type extra struct {
	collection *Collection
}

// Infon keys with a meaning of their own.
const (
	keyType     = "type"
	keyRelation = "relation"
)

// splitType takes the "type" infon out of an annotation's infons.
func splitType(in []standoff.Infon) (string, []standoff.Infon) {
	for i, x := range in {
		if x.Key == keyType {
			rest := append(append([]standoff.Infon(nil), in[:i]...), in[i+1:]...)
			return x.Value, rest
		}
	}
	return "", in
}

// relationType is the type a relation's infons give it.
func relationType(in []standoff.Infon) string {
	for _, key := range []string{keyRelation, keyType} {
		for _, x := range in {
			if x.Key == key {
				return x.Value
			}
		}
	}
	return ""
}

// relationInfons returns the infons to write for r: its own, with its
// Type first as "relation" when no infon holds it (a relation read from
// PubTator).
func relationInfons(r *standoff.Relation) []standoff.Infon {
	if r.Type == "" || relationType(r.Infons) == r.Type {
		return r.Infons
	}
	return append([]standoff.Infon{{Key: keyRelation, Value: r.Type}}, r.Infons...)
}

// annotationInfons returns the infons to write for a: "type" first.
func annotationInfons(a *standoff.Annotation) []standoff.Infon {
	return append([]standoff.Infon{{Key: keyType, Value: a.Type}}, a.Infons...)
}

// collectionOf returns the collection header a document carries.
func collectionOf(d *standoff.Document) *Collection {
	if e, ok := d.Extra.(extra); ok {
		return e.collection
	}
	return nil
}

// encoder is what the XML and JSON encoders share: the collection opens
// with the header its first document carries (or a default one when
// Flush comes first), documents follow, Flush closes it, and the first
// error sticks.
type encoder struct {
	w       *bufio.Writer
	header  func(w *bufio.Writer, c *Collection)
	footer  string
	started bool
	closed  bool
	err     error
}

// open writes the header once; c nil means no document gave one.
func (e *encoder) open(c *Collection) {
	if e.started {
		return
	}
	if c == nil {
		c = &Collection{Source: "stress"}
	}
	e.header(e.w, c)
	e.started = true
}

// begin reports whether doc may be written, opening the collection
// with its header if it is the first.
func (e *encoder) begin(doc *standoff.Document) error {
	if e.err != nil {
		return e.err
	}
	if e.closed {
		e.err = errClosed
		return e.err
	}
	e.open(collectionOf(doc))
	return nil
}

// Flush ends the collection and writes buffered data; nothing can be
// written after it.
func (e *encoder) Flush() {
	if e.err != nil || e.closed {
		return
	}
	e.open(nil)
	e.w.WriteString(e.footer)
	e.closed = true
	e.err = e.w.Flush()
}

// Error returns the first error of Write or Flush.
func (e *encoder) Error() error { return e.err }
