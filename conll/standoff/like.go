package standoff

import (
	"fmt"
	"slices"
	"unicode"
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
		var ttoks []Token
		for _, ts := range t.sents {
			if ts.passage == pi {
				ttoks = append(ttoks, ts.toks...)
			}
		}
		m, err := newPassageMap(&t.doc.Passages[pi], &d.Passages[pi], t.passageRunes(pi), ttoks)
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

// passageMap maps template tokens to the tokens of a passage's copy.
type passageMap struct {
	same    bool
	shift   int
	anchors [][2]int // template offset, copy offset; increasing in both
	text    []rune   // the copy's text
	off     int      // the copy's offset
	// emit holds, by template token start, the copy's tokens that take
	// its place (when the passage changed length).
	emit map[int][]Token
}

func newPassageMap(t, d *Passage, trunes []rune, ttoks []Token) (*passageMap, error) {
	m := &passageMap{shift: d.Offset - t.Offset, off: d.Offset}
	if t.Text == d.Text || len(trunes) == utf8.RuneCountInString(d.Text) && !moved(t, d, m.shift) && sameFrame(trunes, []rune(d.Text)) {
		// Every token keeps its offsets only when no white space or
		// punctuation moved: "hepatotoxicity" -> "liver toxicity" keeps
		// the passage's length and its annotations' offsets, and is two
		// tokens all the same.
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
	m.emit = make(map[int][]Token, len(ttoks))
	k := 0
	for i := 0; i+1 < len(m.anchors); i++ {
		a, b := m.anchors[i], m.anchors[i+1]
		first := k
		for k < len(ttoks) && ttoks[k].End <= b[0] {
			k++
		}
		m.mapStretch(a, b, ttoks[first:k], trunes, t.Offset)
	}
	return m, nil
}

// mapStretch fills emit for the template tokens between anchors a and
// b. A stretch of the same length keeps its tokens. Otherwise the
// copy's stretch is tokenized and its tokens are aligned with the
// template's by text (longest common subsequence): a token that matched,
// or that replaced an unmatched one, takes the place of its template
// token, and the others follow the token before them, so a changed word
// stays in its sentence and unchanged tokens, sentence ends included,
// stay where they were.
func (m *passageMap) mapStretch(a, b [2]int, toks []Token, trunes []rune, toff int) {
	if len(toks) == 0 {
		return
	}
	if b[0]-a[0] == b[1]-a[1] && sameFrame(trunes[a[0]-toff:b[0]-toff], m.text[a[1]-m.off:b[1]-m.off]) {
		// Characters replaced one for one (typos, swaps): the same
		// tokens, even where a typo put punctuation inside a word.
		d := a[1] - a[0]
		for _, t := range toks {
			m.emit[t.Start] = []Token{{t.Start + d, t.End + d}}
		}
		return
	}
	var news []Token
	for _, sent := range Segment(string(m.text[a[1]-m.off:b[1]-m.off]), a[1], nil, nil) {
		news = append(news, sent...)
	}
	tt := func(i int) string { return string(trunes[toks[i].Start-toff : toks[i].End-toff]) }
	nt := func(j int) string { return string(m.text[news[j].Start-m.off : news[j].End-m.off]) }
	// lcs[i][j]: length of the longest common subsequence of toks[i:]
	// and news[j:].
	lcs := make([][]int, len(toks)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(news)+1)
	}
	for i := len(toks) - 1; i >= 0; i-- {
		for j := len(news) - 1; j >= 0; j-- {
			if tt(i) == nt(j) {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	owner := 0 // the template token inserted copy tokens follow
	for i, j := 0, 0; j < len(news); {
		switch {
		case i < len(toks) && (tt(i) == nt(j) && lcs[i][j] == lcs[i+1][j+1]+1 || lcs[i][j] == lcs[i+1][j+1]):
			// A match, or a word replaced by another: the copy's token
			// takes the template token's place.
			owner = i
			m.emit[toks[i].Start] = append(m.emit[toks[i].Start], news[j])
			i++
			j++
		case i < len(toks) && lcs[i+1][j] == lcs[i][j]:
			i++ // a template token with no counterpart
		default:
			m.emit[toks[owner].Start] = append(m.emit[toks[owner].Start], news[j])
			j++
		}
	}
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

// sameFrame reports whether y, of x's length, keeps x's white space and
// punctuation in place, as typos and swaps inside words do (a typo may
// put punctuation where x has a letter, never the other way round).
func sameFrame(x, y []rune) bool {
	for i := range x {
		if unicode.IsSpace(x[i]) != unicode.IsSpace(y[i]) || !wordRune(x[i]) && x[i] != y[i] {
			return false
		}
	}
	return true
}

// appendToken appends the image of template token tok.
func (m *passageMap) appendToken(toks []Token, tok Token) []Token {
	if m.same {
		return append(toks, Token{tok.Start + m.shift, tok.End + m.shift})
	}
	return append(toks, m.emit[tok.Start]...)
}
