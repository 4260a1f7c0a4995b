// Package standoff is the document model shared by the corpus formats
// that annotate a text by character offsets (PubTator, BioC, brat), and
// the bridge between those documents and the sentences every
// perturbation works on.
//
// A Reader splits each document into sentences and tokens (Segment) and
// hands out conll.Sentences with IOB2 tags derived from the annotations,
// the first sentence of each document marked DocStart, so that every
// perturbation kind works unchanged and the synonym kind sees document
// boundaries. A Writer takes the perturbed sentences back in the same
// order, rebuilds each document's text (Rebuild), recomputes every
// annotation's offsets, carries ids and relations over, checks the
// result (Check) and hands the document to a format's Encoder.
//
// Offsets are counted in Unicode code points, as PubTator, BioC (as
// written by PubTator Central) and brat count them.
package standoff

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Sentinel errors. Errors returned by this package and the format
// packages wrap one of them, so callers can test with errors.Is.
var (
	// ErrSyntax means a line or element of a document file is malformed.
	ErrSyntax = errors.New("syntax error")
	// ErrOffset means an annotation's offsets do not select its text in
	// the document, or lie outside it.
	ErrOffset = errors.New("annotation offsets do not match the text")
	// ErrCheck means a rebuilt document lost or altered annotations or
	// relations; nothing is written when it is returned.
	ErrCheck = errors.New("document check failed")
	// ErrAlign means perturbed sentences cannot be mapped back onto the
	// original document (a different number of sentences or entities).
	ErrAlign = errors.New("perturbed sentences do not align with the document")
	// ErrToken means a sentence that comes without a document (CoNLL,
	// JSON Lines) has a token a document's text cannot hold as a token:
	// an empty one, or one with a tab or a line break, which reading the
	// document back would drop, split or turn into a sentence break.
	ErrToken = errors.New("cannot be written in a document's text")
)

// Infon is a key-value pair, as BioC attaches to documents, passages,
// annotations and relations. Order is kept for round trips.
type Infon struct {
	Key, Value string
}

// Span is a half-open range [Start, End) of code points from the start
// of the document.
type Span struct {
	Start, End int
}

// Len returns the number of code points in s.
func (s Span) Len() int { return s.End - s.Start }

// Annotation is a mention in the text.
type Annotation struct {
	ID        string // "T1" (brat), BioC id; "" when the format has none (PubTator)
	Type      string // entity type, e.g. Chemical
	Locations []Span // one span, or several for a discontinuous mention
	Text      string // the mention as written in the file
	// Infons are the annotation's other attributes: for PubTator the
	// concept id ("identifier") and the individual mentions of a
	// composite mention; for BioC every infon but "type"; for brat the
	// normalisation notes ("identifier").
	Infons []Infon
}

// Infon returns the value of the first infon named key, or "".
func (a *Annotation) Infon(key string) string { return infon(a.Infons, key) }

func infon(in []Infon, key string) string {
	for _, i := range in {
		if i.Key == key {
			return i.Value
		}
	}
	return ""
}

// Node is one argument of a relation: the id of an annotation (or, in
// BioC, of another relation) and its role.
type Node struct {
	RefID, Role string
}

// Relation links annotations or concepts. Perturbations never change
// relations; they are carried over as read.
type Relation struct {
	ID     string
	Type   string // "CID" (PubTator), BioC infon "type" or "relation", brat relation type
	Infons []Infon
	Nodes  []Node
}

// Passage is a run of text at an offset of the document (a PubTator
// title or abstract, a BioC passage; a brat document is one passage).
type Passage struct {
	Offset      int // code points from the document start
	Text        string
	Infons      []Infon
	Annotations []Annotation
	Relations   []Relation
}

// End returns the offset after the passage's last code point.
func (p *Passage) End() int { return p.Offset + utf8.RuneCountInString(p.Text) }

// Document is one document of a corpus.
type Document struct {
	ID        string
	Infons    []Infon
	Passages  []Passage
	Relations []Relation // relations between annotations of several passages, or between concepts
	// Extra is format-specific data that the format's own writer puts
	// back for a faithful round trip (the order of PubTator lines, a brat
	// file's lines other than text-bound annotations, the header of a
	// BioC collection). Other formats ignore it.
	Extra any
}

// Counts returns the number of annotations and relations of d.
func (d *Document) Counts() (annotations, relations int) {
	relations = len(d.Relations)
	for i := range d.Passages {
		annotations += len(d.Passages[i].Annotations)
		relations += len(d.Passages[i].Relations)
	}
	return annotations, relations
}

// TextAt returns the document text at s, and false when s is not inside
// one passage.
func (d *Document) TextAt(s Span) (string, bool) {
	if s.Start < 0 || s.End < s.Start {
		return "", false
	}
	for i := range d.Passages {
		p := &d.Passages[i]
		if s.Start < p.Offset {
			continue
		}
		t, ok := runeSlice(p.Text, s.Start-p.Offset, s.End-p.Offset)
		if ok {
			return t, true
		}
	}
	return "", false
}

// runeSlice returns s[from:to] counted in code points.
func runeSlice(s string, from, to int) (string, bool) {
	bf, bt := -1, -1
	n := 0
	for i := range s {
		if n == from {
			bf = i
		}
		if n == to {
			bt = i
			break
		}
		n++
	}
	if n == from && bf < 0 {
		bf = len(s)
	}
	if n == to && bt < 0 {
		bt = len(s)
	}
	if bf < 0 || bt < 0 {
		return "", false
	}
	return s[bf:bt], true
}

// AnnotationText returns what the text of an annotation with locs is in
// d: the text of its one span, or the texts of its spans joined by one
// space (brat's convention for discontinuous mentions).
func (d *Document) AnnotationText(locs []Span) (string, bool) {
	parts := make([]string, len(locs))
	for i, l := range locs {
		t, ok := d.TextAt(l)
		if !ok {
			return "", false
		}
		parts[i] = t
	}
	return strings.Join(parts, " "), true
}

// CheckOffsets reports the first annotation of d whose text is not the
// document text at its locations (see AnnotationText), or nil.
func CheckOffsets(d *Document) error {
	for i := range d.Passages {
		for j := range d.Passages[i].Annotations {
			a := &d.Passages[i].Annotations[j]
			if len(a.Locations) == 0 {
				continue // a BioC annotation without location (allowed, never perturbed)
			}
			t, ok := d.AnnotationText(a.Locations)
			if !ok {
				return fmt.Errorf("%w: document %s: annotation %s %v lies outside the text", ErrOffset, d.ID, annName(a), a.Locations)
			}
			if t != a.Text {
				return fmt.Errorf("%w: document %s: annotation %s %v is %q but the text there is %q", ErrOffset, d.ID, annName(a), a.Locations, a.Text, t)
			}
		}
	}
	return nil
}

func annName(a *Annotation) string {
	if a.ID != "" {
		return a.ID
	}
	return fmt.Sprintf("%q", a.Text)
}

// Check verifies a rebuilt document against its original before it is
// written: the same id, passages, annotations (count, ids, types, infons)
// and relations, and every annotation's text equal to the document text
// at its offsets.
func Check(orig, out *Document) error { return check(orig, out, nil, false) }

// check is Check, letting the infons of the annotations in swapped
// (passage, index) differ: they name a swapped-in concept; and, with
// followed, the relations: they follow renamed concepts
// (relationFollowRules).
func check(orig, out *Document, swapped map[[2]int]bool, followed bool) error {
	if orig.ID != out.ID {
		return fmt.Errorf("%w: document %s became %s", ErrCheck, orig.ID, out.ID)
	}
	if len(orig.Passages) != len(out.Passages) {
		return fmt.Errorf("%w: document %s: %d passages became %d", ErrCheck, orig.ID, len(orig.Passages), len(out.Passages))
	}
	oa, or := orig.Counts()
	na, nr := out.Counts()
	if followed {
		nr = or
	}
	if oa != na || or != nr {
		return fmt.Errorf("%w: document %s: %d annotations and %d relations became %d and %d", ErrCheck, orig.ID, oa, or, na, nr)
	}
	for i := range orig.Passages {
		op, np := &orig.Passages[i], &out.Passages[i]
		if len(op.Annotations) != len(np.Annotations) || (len(op.Relations) != len(np.Relations) && !followed) {
			return fmt.Errorf("%w: document %s passage %d: annotations or relations lost", ErrCheck, orig.ID, i+1)
		}
		for j := range op.Annotations {
			x, y := &op.Annotations[j], &np.Annotations[j]
			if x.ID != y.ID || x.Type != y.Type || len(x.Locations) != len(y.Locations) ||
				(!sameInfons(x.Infons, y.Infons) && !swapped[[2]int{i, j}]) {
				return fmt.Errorf("%w: document %s: annotation %s changed its id, type, infons or number of spans", ErrCheck, orig.ID, annName(x))
			}
		}
	}
	return CheckOffsets(out)
}

func sameInfons(a, b []Infon) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
