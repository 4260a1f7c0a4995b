package standoff

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
)

// edit replaces the original text at span by text.
type edit struct {
	span Span
	text string
	n    int // code points of text
}

// Rebuild returns the document that the perturbed sentences outs make
// of d, whose sentences as a Reader reads them are the originals. The
// text between tokens is kept; a token whose text changed takes its new
// text; a mention replaced by one of a different number of tokens (a
// synonym) takes its new tokens joined as detokenize joins them. Every
// annotation's offsets are recomputed and its text is read from the new
// text; ids, types, infons and relations are carried over.
//
// A mention replaced whole must not hold another annotation (a Reader
// keeps nested mentions untouched): the other annotation would widen to
// the replacement and name it with its own type and concept, so it is
// an error wrapping ErrCheck.
func Rebuild(d *Document, outs []conll.Sentence) (*Document, error) {
	sd, err := segmentDoc(d)
	if err != nil {
		return nil, err
	}
	r, err := rebuild(sd, outs, nil)
	return r.doc, err
}

// rebuilt is a document rebuild made, with what an entity swap changed
// beyond the text: which annotations (passage, index) took a new
// concept id, and what became of the relations that name a renamed
// concept.
type rebuilt struct {
	doc       *Document
	swapped   map[[2]int]bool
	relations []relationChange
}

// rebuild is Rebuild of a segmented document; concepts, when not nil,
// holds per sentence the swapped concepts of its mentions by first
// token (Writer.WriteConcepts).
func rebuild(sd *segDoc, outs []conll.Sentence, concepts []map[int]conll.ConceptSwap) (rebuilt, error) {
	d := sd.doc
	if len(outs) != len(sd.sents) {
		return rebuilt{}, fmt.Errorf("%w: document %s has %d sentences, got %d", ErrAlign, d.ID, len(sd.sents), len(outs))
	}
	var edits []edit
	for i := range outs {
		var err error
		edits, err = alignSentence(edits, sd, i, outs[i])
		if err != nil {
			return rebuilt{}, fmt.Errorf("document %s: sentence %d: %w", d.ID, i+1, err)
		}
	}
	swaps := swappedSpans(sd, concepts)
	if len(edits) == 0 && len(swaps) == 0 {
		return rebuilt{doc: d}, nil
	}
	slices.SortFunc(edits, func(a, b edit) int { return a.span.Start - b.span.Start })
	m := offsetMap{edits: edits}
	nd := *d
	nd.Passages = make([]Passage, len(d.Passages))
	for pi := range d.Passages {
		p := &d.Passages[pi]
		np := *p
		np.Offset = m.pos(p.Offset, false)
		np.Text = applyEdits(p.Text, p.Offset, edits)
		np.Annotations = slices.Clone(p.Annotations)
		nd.Passages[pi] = np
	}
	for pi := range nd.Passages {
		anns := nd.Passages[pi].Annotations
		for j := range anns {
			a := &anns[j]
			locs := make([]Span, len(a.Locations))
			for k, l := range a.Locations {
				locs[k] = Span{m.pos(l.Start, false), m.pos(l.End, true)}
			}
			a.Locations = locs
			if len(locs) > 0 {
				t, ok := nd.AnnotationText(locs)
				if !ok {
					return rebuilt{}, fmt.Errorf("%w: document %s: annotation %s moved outside the text", ErrCheck, d.ID, annName(a))
				}
				a.Text = t
			}
		}
	}
	swapped := map[[2]int]bool{}
	rn := &renames{to: map[string][]string{}, kept: map[string]bool{}}
	for pi := range d.Passages {
		for j, a := range d.Passages[pi].Annotations {
			c, ok := swaps[firstLocation(a)]
			if !ok || len(a.Locations) != 1 {
				for _, x := range mentionConcepts(&a) {
					rn.kept[x] = true
				}
				continue
			}
			for _, x := range mentionConcepts(&a) {
				rn.add(x, conceptKey(c.To))
			}
			na := &nd.Passages[pi].Annotations[j]
			if infons, ok := swapInfons(a.Infons, c, idForm(d, a.Type)); ok {
				na.Infons = infons
				swapped[[2]int{pi, j}] = true
			}
		}
	}
	// Relations follow the names (relationFollowRules), those of the
	// document and those of its passages.
	var changes, pc []relationChange
	nd.Relations, changes = followRelations(d.Relations, rn)
	for pi := range nd.Passages {
		nd.Passages[pi].Relations, pc = followRelations(d.Passages[pi].Relations, rn)
		changes = append(changes, pc...)
	}
	return rebuilt{doc: &nd, swapped: swapped, relations: changes}, nil
}

// firstLocation returns the first span of a, or the zero Span.
func firstLocation(a Annotation) Span {
	if len(a.Locations) == 0 {
		return Span{}
	}
	return a.Locations[0]
}

// swappedSpans returns the concepts swapped in by the original spans of
// the mentions concepts names.
func swappedSpans(sd *segDoc, concepts []map[int]conll.ConceptSwap) map[Span]conll.ConceptSwap {
	var m map[Span]conll.ConceptSwap
	for i, cs := range concepts {
		if i >= len(sd.sents) {
			break
		}
		ss := &sd.sents[i]
		for _, sp := range iob.Spans(ss.tags) {
			if c, ok := cs[sp.Start]; ok {
				if m == nil {
					m = map[Span]conll.ConceptSwap{}
				}
				m[Span{ss.toks[sp.Start].Start, ss.toks[sp.End-1].End}] = c
			}
		}
	}
	return m
}

// crossing returns an annotation of p other than the mention at span
// that a replacement of span would cut or swallow, or nil. A Reader
// keeps such mentions (conll.Sentence.Keep); this check stands behind
// it, as an annotation widened to the replacement would name it with
// another type and concept.
func crossing(p *Passage, span Span) *Annotation {
	own := false
	for j := range p.Annotations {
		a := &p.Annotations[j]
		for _, l := range a.Locations {
			if l.Start >= span.End || l.End <= span.Start {
				continue
			}
			if l == span && len(a.Locations) == 1 && !own {
				own = true
				continue
			}
			return a
		}
	}
	return nil
}

// alignSentence appends the edits that turn sentence i of sd into out.
func alignSentence(edits []edit, sd *segDoc, i int, out conll.Sentence) ([]edit, error) {
	ss := &sd.sents[i]
	p := &sd.doc.Passages[ss.passage]
	orig := sd.sentence(i)
	tokenEdits := func(edits []edit, from, to, outFrom int) []edit {
		for k := from; k < to; k++ {
			if nt := out.Tokens[outFrom+k-from]; nt != orig.Tokens[k] {
				edits = append(edits, edit{ss.toks[k], nt, utf8.RuneCountInString(nt)})
			}
		}
		return edits
	}
	// Context tokens map one to one between the mentions, which keep
	// their order; a mention maps token by token, or is written anew
	// when it was replaced by one of another shape (even if the
	// sentence kept its number of tokens).
	os, ps := iob.Spans(orig.Tags), iob.Spans(out.Tags)
	if len(os) != len(ps) || len(out.Tags) != len(out.Tokens) {
		return nil, fmt.Errorf("%w: %d mentions became %d", ErrAlign, len(os), len(ps))
	}
	oi, pi := 0, 0
	for k := range os {
		o, q := os[k], ps[k]
		if o.Start-oi != q.Start-pi {
			return nil, fmt.Errorf("%w: %d tokens before mention %d became %d", ErrAlign, o.Start-oi, k+1, q.Start-pi)
		}
		edits = tokenEdits(edits, oi, o.Start, pi)
		if o.End-o.Start == q.End-q.Start && sameClasses(orig.Tokens[o.Start:o.End], out.Tokens[q.Start:q.End]) {
			edits = tokenEdits(edits, o.Start, o.End, q.Start)
		} else {
			span := Span{ss.toks[o.Start].Start, ss.toks[o.End-1].End}
			if a := crossing(p, span); a != nil {
				return nil, fmt.Errorf("%w: mention %d (%s) is replaced whole, but annotation %s at %s lies inside it (nested annotations are kept untouched)", ErrCheck, k+1, spansText([]Span{span}), annName(a), spansText(a.Locations))
			}
			text := detokenize(out.Tokens[q.Start:q.End])
			if old, _ := runeSlice(p.Text, span.Start-p.Offset, span.End-p.Offset); old != text {
				edits = append(edits, edit{span, text, utf8.RuneCountInString(text)})
			}
		}
		oi, pi = o.End, q.End
	}
	if len(orig.Tokens)-oi != len(out.Tokens)-pi {
		return nil, fmt.Errorf("%w: %d tokens after the last mention became %d", ErrAlign, len(orig.Tokens)-oi, len(out.Tokens)-pi)
	}
	return tokenEdits(edits, oi, len(orig.Tokens), pi), nil
}

// sameClasses reports whether b's tokens are words where a's are and
// punctuation where a's are: then b's tokens can take the places of a's,
// keeping the text between them ("5 - FU" for "5 - HT"). Otherwise
// ("heart failure x" for "Parkinson ' s") the mention is written anew.
func sameClasses(a, b []string) bool {
	for i := range a {
		if isWordToken(a[i]) != isWordToken(b[i]) {
			return false
		}
	}
	return true
}

func isWordToken(t string) bool {
	r, _ := utf8.DecodeRuneInString(t)
	return wordRune(r)
}

// noSpaceBefore and noSpaceAfter are the tokens detokenize attaches to
// their neighbour.
const (
	noSpaceBefore = ".,;:)]}%'-/+"
	noSpaceAfter  = "([{'-/+"
)

// detokenize joins the tokens of a replacement name into text: with a
// space between words, none before closing punctuation or after opening
// brackets, and none around hyphens, slashes, plus signs and apostrophes
// ("5 - FU" is "5-FU", "Parkinson ' s disease" is "Parkinson's disease").
func detokenize(toks []string) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && !(len(t) == 1 && strings.Contains(noSpaceBefore, t)) &&
			!(len(toks[i-1]) == 1 && strings.Contains(noSpaceAfter, toks[i-1])) {
			b.WriteByte(' ')
		}
		b.WriteString(t)
	}
	return b.String()
}

// applyEdits returns text (at document offset off) with the edits that
// fall inside it applied.
func applyEdits(text string, off int, edits []edit) string {
	rs := []rune(text)
	end := off + len(rs)
	var b strings.Builder
	last := 0
	for _, e := range edits {
		if e.span.Start < off || e.span.End > end {
			continue
		}
		b.WriteString(string(rs[last : e.span.Start-off]))
		b.WriteString(e.text)
		last = e.span.End - off
	}
	b.WriteString(string(rs[last:]))
	return b.String()
}

// offsetMap maps original document offsets to rebuilt ones.
type offsetMap struct {
	edits []edit // sorted, disjoint
}

// pos maps offset x; end says x ends a span, which matters only when
// x falls inside an edit of another length.
func (m offsetMap) pos(x int, end bool) int {
	delta := 0
	for _, e := range m.edits {
		switch {
		case e.span.End <= x:
			delta += e.n - e.span.Len()
		case e.span.Start < x && x < e.span.End:
			if e.n == e.span.Len() {
				return x + delta // same length: the same position in the new text
			}
			if end {
				return e.span.Start + delta + e.n
			}
			return e.span.Start + delta
		default:
			return x + delta
		}
	}
	return x + delta
}
