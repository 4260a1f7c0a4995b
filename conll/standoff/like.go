package standoff

import (
	"fmt"
	"slices"
	"sort"
	"unicode/utf8"
)

// segmentLike splits d, a copy of template document t whose text may
// have been perturbed (or a prediction file of the same text), into the
// sentences and tokens of t, and tags them with d's annotations.
//
// Where a passage kept its length (no change, or typos and swaps that
// replace characters one for one), every token keeps its offsets.
// Otherwise the annotations of d and t, paired in order, anchor the
// texts to each other: a stretch between two anchors that kept its
// length keeps its tokens, and a stretch that did not (a mention
// replaced by a synonym) is tokenized anew, in the sentence of its
// first original token. Sentences are t's whatever the text says, so a
// typo that puts a period or a hyphen inside a word splits neither the
// word nor the sentence.
func segmentLike(d *Document, t *segDoc) (*segDoc, error) {
	if t == nil {
		return nil, fmt.Errorf("%w: document %s has no counterpart in the template", ErrAlign, d.ID)
	}
	if t.doc.ID != d.ID || len(t.doc.Passages) != len(d.Passages) {
		return nil, fmt.Errorf("%w: document %s (%d passages) against %s (%d passages)", ErrAlign, d.ID, len(d.Passages), t.doc.ID, len(t.doc.Passages))
	}
	if err := CheckOffsets(d); err != nil {
		return nil, err
	}
	maps := make([]*passageMap, len(d.Passages))
	for pi := range d.Passages {
		m, err := newPassageMap(&t.doc.Passages[pi], &d.Passages[pi])
		if err != nil {
			return nil, fmt.Errorf("document %s: %w", d.ID, err)
		}
		maps[pi] = m
	}
	sd := newSegDoc(d)
	ents := make([]struct {
		spans  []Span
		types  []string
		tagged []int
	}, len(d.Passages))
	for pi := range d.Passages {
		e := &ents[pi]
		e.spans, e.types, _ = passageEntities(&d.Passages[pi])
		e.tagged = pickEntities(e.spans)
	}
	for _, ts := range t.sents {
		m := maps[ts.passage]
		var toks []Token
		for _, tok := range ts.toks {
			toks = m.appendToken(toks, tok)
		}
		e := &ents[ts.passage]
		sd.sents = append(sd.sents, segSent{passage: ts.passage, toks: toks, tags: tagTokens(toks, e.spans, e.types, e.tagged)})
	}
	return sd, nil
}

// passageMap maps template offsets to the offsets of a passage's copy.
type passageMap struct {
	same    bool
	shift   int
	anchors [][2]int // template offset, copy offset; increasing in both
	text    []rune   // the copy's text
	off     int      // the copy's offset
	done    map[int]bool
}

func newPassageMap(t, d *Passage) (*passageMap, error) {
	m := &passageMap{shift: d.Offset - t.Offset, off: d.Offset, done: map[int]bool{}}
	if t.Text == d.Text || utf8.RuneCountInString(t.Text) == utf8.RuneCountInString(d.Text) && !moved(t, d, m.shift) {
		m.same = true
		return m, nil
	}
	if len(t.Annotations) != len(d.Annotations) {
		return nil, fmt.Errorf("%w: a passage changed length and has %d annotations, not %d", ErrAlign, len(d.Annotations), len(t.Annotations))
	}
	m.text = []rune(d.Text)
	as := [][2]int{{t.Offset, d.Offset}, {t.End(), d.End()}}
	for i := range t.Annotations {
		x, y := t.Annotations[i].Locations, d.Annotations[i].Locations
		if len(x) != len(y) {
			return nil, fmt.Errorf("%w: annotation %d has %d spans, not %d", ErrAlign, i+1, len(y), len(x))
		}
		for k := range x {
			as = append(as, [2]int{x[k].Start, y[k].Start}, [2]int{x[k].End, y[k].End})
		}
	}
	slices.SortFunc(as, func(a, b [2]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	for _, a := range as {
		if n := len(m.anchors); n > 0 {
			last := m.anchors[n-1]
			if a[0] == last[0] {
				// Nested annotations widened to one replacement: keep
				// the widest image of the offset.
				if a[1] > last[1] {
					m.anchors[n-1] = a
				}
				continue
			}
			if a[1] < last[1] {
				continue // not monotone: not an anchor
			}
		}
		m.anchors = append(m.anchors, a)
	}
	return m, nil
}

// moved reports whether d's annotations, paired in order with t's, are
// not where t's are (by shift): a passage of the same length where
// replacements of other lengths happen to cancel out. Annotations in
// other numbers (predictions on the same text) do not count.
func moved(t, d *Passage, shift int) bool {
	if len(t.Annotations) != len(d.Annotations) {
		return false
	}
	for i := range t.Annotations {
		x, y := t.Annotations[i].Locations, d.Annotations[i].Locations
		if len(x) != len(y) {
			return false
		}
		for k := range x {
			if x[k].Start+shift != y[k].Start || x[k].End+shift != y[k].End {
				return true
			}
		}
	}
	return false
}

// appendToken appends the image of template token tok.
func (m *passageMap) appendToken(toks []Token, tok Token) []Token {
	if m.same {
		return append(toks, Token{tok.Start + m.shift, tok.End + m.shift})
	}
	// The anchors around the token.
	hi := sort.Search(len(m.anchors), func(i int) bool { return m.anchors[i][0] >= tok.End })
	lo := hi - 1
	for lo > 0 && m.anchors[lo][0] > tok.Start {
		lo--
	}
	if lo < 0 || hi >= len(m.anchors) {
		return toks // cannot happen: the passage's ends are anchors
	}
	a, b := m.anchors[lo], m.anchors[hi]
	if b[0]-a[0] == b[1]-a[1] {
		d := a[1] - a[0]
		return append(toks, Token{tok.Start + d, tok.End + d})
	}
	// A replaced stretch: its new tokens, once.
	if m.done[lo] {
		return toks
	}
	m.done[lo] = true
	s := string(m.text[a[1]-m.off : b[1]-m.off])
	for _, sent := range Segment(s, a[1], nil, nil) {
		toks = append(toks, sent...)
	}
	return toks
}
