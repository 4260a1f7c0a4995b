package standoff

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
)

// words returns the token texts of sentences of text.
func words(text string, sents [][]Token) []string {
	rs := []rune(text)
	var out []string
	for _, s := range sents {
		var ws []string
		for _, t := range s {
			ws = append(ws, string(rs[t.Start:t.End]))
		}
		out = append(out, strings.Join(ws, " "))
	}
	return out
}

func TestSegment(t *testing.T) {
	for _, c := range []struct {
		text string
		cuts []int
		keep []Span
		want []string
	}{
		{"5-FU and Parkinson's disease.", nil, nil, []string{"5 - FU and Parkinson ' s disease ."}},
		{"It works. Then it stops.", nil, nil, []string{"It works .", "Then it stops ."}},
		{"Given 5 mg/kg i.p. to rats. See Fig. 2 and e.g. this.", nil, nil, []string{"Given 5 mg / kg i . p . to rats .", "See Fig . 2 and e . g . this ."}},
		{"It rose. beta-Blockers helped. and it fell.", nil, nil, []string{"It rose .", "beta - Blockers helped . and it fell ."}},
		{"antiepileptic drugs", []int{4, 13}, nil, []string{"anti epileptic drugs"}},
		{"Dr. No. A B", nil, []Span{{0, 11}}, []string{"Dr . No . A B"}},
		{"naïve café", nil, nil, []string{"naïve café"}},
		{"", nil, nil, nil},
	} {
		got := words(c.text, Segment(c.text, 0, c.cuts, c.keep))
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("Segment(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestSegmentOffset(t *testing.T) {
	s := Segment("ab cd", 10, []int{11}, nil)
	if len(s) != 1 || len(s[0]) != 3 || s[0][0] != (Span{10, 11}) || s[0][2] != (Span{13, 15}) {
		t.Errorf("got %v", s)
	}
}

func TestDetokenize(t *testing.T) {
	for in, want := range map[string]string{
		"5 - FU":                       "5-FU",
		"Parkinson ' s disease":        "Parkinson's disease",
		"heart failure , congestive":   "heart failure, congestive",
		"vitamin ( D ) deficiency":     "vitamin (D) deficiency",
		"N - acetyl - p - aminophenol": "N-acetyl-p-aminophenol",
	} {
		if got := detokenize(strings.Fields(in)); got != want {
			t.Errorf("Detokenize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestOffsetMap(t *testing.T) {
	// "ab cd ef": "cd" (3-5) became "xyz", "ef" (6-8) became "eg".
	m := offsetMap{edits: []edit{{Span{3, 5}, "xyz", 3}, {Span{6, 8}, "eg", 2}}}
	for _, c := range []struct {
		x    int
		end  bool
		want int
	}{
		{0, false, 0}, {2, true, 2}, {3, false, 3}, {5, true, 6}, {5, false, 6},
		{4, false, 3}, {4, true, 6}, {6, false, 7}, {7, false, 8}, {8, true, 9},
	} {
		if got := m.pos(c.x, c.end); got != c.want {
			t.Errorf("pos(%d, %v) = %d, want %d", c.x, c.end, got, c.want)
		}
	}
}

func doc() *Document {
	return &Document{ID: "1", Passages: []Passage{
		{Offset: 0, Text: "Aspirin helps.", Annotations: []Annotation{{Type: "Chemical", Locations: []Span{{0, 7}}, Text: "Aspirin", Infons: []Infon{{"identifier", "D1"}}}}},
		{Offset: 15, Text: "Severe heart failure, then more.", Annotations: []Annotation{
			{Type: "Disease", Locations: []Span{{22, 35}}, Text: "heart failure"},
			{Type: "Quantity", Locations: []Span{{42, 46}}, Text: "more"},
		}},
	}, Relations: []Relation{{Type: "CID", Infons: []Infon{{"arg1", "D1"}, {"arg2", "D2"}}}}}
}

func TestRebuild(t *testing.T) {
	d := doc()
	sd, err := segmentDoc(d)
	if err != nil {
		t.Fatal(err)
	}
	outs := []conll.Sentence{sd.sentence(0), sd.sentence(1)}
	if got := strings.Join(outs[1].Tags, " "); got != "O B-Disease I-Disease O O B-Quantity O" {
		t.Fatalf("tags %s", got)
	}
	outs[0].Tokens = []string{"Asprin", "hleps", "."}
	outs[1].Tokens = []string{"Severe", "cardiac", "failure", "disease", ",", "then", "mroe", "."}
	outs[1].Tags = []string{"O", "B-Disease", "I-Disease", "I-Disease", "O", "O", "B-Quantity", "O"}
	nd, err := Rebuild(d, outs)
	if err != nil {
		t.Fatal(err)
	}
	if err := Check(d, nd); err != nil {
		t.Fatal(err)
	}
	if got := nd.Passages[0].Text + "|" + nd.Passages[1].Text; got != "Asprin hleps.|Severe cardiac failure disease, then mroe." {
		t.Errorf("text %q", got)
	}
	p := nd.Passages[1]
	if nd.Passages[1].Offset != 14 || p.Annotations[0].Text != "cardiac failure disease" || p.Annotations[0].Locations[0] != (Span{21, 44}) {
		t.Errorf("passage %+v", p)
	}
	if p.Annotations[1].Text != "mroe" || p.Annotations[1].Locations[0] != (Span{51, 55}) {
		t.Errorf("second mention %+v", p.Annotations[1])
	}
	if nd.Passages[0].Annotations[0].Text != "Asprin" || len(nd.Relations) != 1 {
		t.Errorf("doc %+v", nd)
	}
	if d.Passages[0].Text != "Aspirin helps." {
		t.Error("Rebuild changed its input")
	}
}

// TestRebuildShiftedMentions: two adjacent mentions replaced by one and
// two tokens keep the sentence's token count but not its mentions.
func TestRebuildShiftedMentions(t *testing.T) {
	text := "Lithium carbonate toxicity in rats."
	d := &Document{ID: "1", Passages: []Passage{{Text: text, Annotations: []Annotation{
		{Type: "Chemical", Locations: []Span{{0, 17}}, Text: "Lithium carbonate"},
		{Type: "Disease", Locations: []Span{{18, 26}}, Text: "toxicity"}}}}}
	out := conll.Sentence{Tokens: []string{"Dipivefrin", "renal", "disorder", "in", "rats", "."},
		Tags: []string{"B-Chemical", "B-Disease", "I-Disease", "O", "O", "O"}}
	nd, err := Rebuild(d, []conll.Sentence{out})
	if err != nil {
		t.Fatal(err)
	}
	if err := Check(d, nd); err != nil {
		t.Fatal(err)
	}
	a := nd.Passages[0].Annotations
	if a[0].Text != "Dipivefrin" || a[1].Text != "renal disorder" || nd.Passages[0].Text != "Dipivefrin renal disorder in rats." {
		t.Errorf("%+v", nd.Passages[0])
	}
}

func TestRebuildAlignErrors(t *testing.T) {
	d := doc()
	sd, _ := segmentDoc(d)
	outs := []conll.Sentence{sd.sentence(0), sd.sentence(1)}
	if _, err := Rebuild(d, outs[:1]); !errors.Is(err, ErrAlign) {
		t.Errorf("missing sentence: %v", err)
	}
	outs[1].Tokens = append(outs[1].Tokens, "extra")
	outs[1].Tags = append(outs[1].Tags, "O")
	if _, err := Rebuild(d, outs); !errors.Is(err, ErrAlign) {
		t.Errorf("extra token: %v", err)
	}
}

func TestCheck(t *testing.T) {
	for name, edit := range map[string]func(d *Document){
		"lost annotation": func(d *Document) { d.Passages[1].Annotations = d.Passages[1].Annotations[:1] },
		"lost relation":   func(d *Document) { d.Relations = nil },
		"id changed":      func(d *Document) { d.Passages[0].Annotations[0].Infons[0].Value = "D9" },
		"wrong text":      func(d *Document) { d.Passages[0].Annotations[0].Text = "Aspiri" },
		"outside":         func(d *Document) { d.Passages[0].Annotations[0].Locations[0].End = 99 },
	} {
		orig, out := doc(), doc()
		edit(out)
		if err := Check(orig, out); !errors.Is(err, ErrCheck) && !errors.Is(err, ErrOffset) {
			t.Errorf("%s: Check = %v", name, err)
		}
	}
	if err := Check(doc(), doc()); err != nil {
		t.Errorf("same document: %v", err)
	}
}

func TestFromSentences(t *testing.T) {
	d := fromSentences("7", []conll.Sentence{
		{Tokens: []string{"Aspirin", "."}, Tags: []string{"B-Chemical", "O"}},
		{Tokens: []string{"Heart", "failure", "."}, Tags: []string{"B-Disease", "I-Disease", "O"}},
		{Tokens: []string{"Ok", "."}, Tags: []string{"O", "O"}},
	})
	if err := CheckOffsets(d); err != nil {
		t.Fatal(err)
	}
	if len(d.Passages) != 2 || d.Passages[1].Offset != 10 || d.Passages[1].Text != "Heart failure . Ok ." {
		t.Fatalf("%+v", d.Passages)
	}
	if n, _ := d.Counts(); n != 2 {
		t.Errorf("%d annotations", n)
	}
}

// TestSegmentLike reads perturbed copies of doc in its sentences and
// tokens: a typo that puts a period inside a word splits neither, and
// a replaced mention is tokenized anew where it stands.
func TestSegmentLike(t *testing.T) {
	orig := doc()
	tmpl, err := segmentDoc(orig)
	if err != nil {
		t.Fatal(err)
	}
	typo := doc()
	typo.Passages[0].Text = "Aspirin he.ps."
	sd, err := segmentLike(typo, tmpl)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(sd.sentence(0).Tokens, " "); len(sd.sents) != 2 || got != "Aspirin he.ps ." {
		t.Errorf("typo: %d sentences, %q", len(sd.sents), got)
	}
	sents := []conll.Sentence{tmpl.sentence(0), tmpl.sentence(1)}
	sents[1].Tokens = []string{"Severe", "cardiac", "failure", "disease", ",", "then", "more", "."}
	sents[1].Tags = []string{"O", "B-Disease", "I-Disease", "I-Disease", "O", "O", "B-Quantity", "O"}
	syn, err := Rebuild(orig, sents)
	if err != nil {
		t.Fatal(err)
	}
	if sd, err = segmentLike(syn, tmpl); err != nil {
		t.Fatal(err)
	}
	s := sd.sentence(1)
	if strings.Join(s.Tokens, " ") != strings.Join(sents[1].Tokens, " ") || strings.Join(s.Tags, " ") != strings.Join(sents[1].Tags, " ") {
		t.Errorf("synonym: %v %v", s.Tokens, s.Tags)
	}
	// Replacements that cancel out in length still move the tokens.
	x := &Document{ID: "x", Passages: []Passage{{Text: "ab cdef gh ij.", Annotations: []Annotation{
		{Type: "X", Locations: []Span{{0, 2}}, Text: "ab"}, {Type: "Y", Locations: []Span{{8, 10}}, Text: "gh"}}}}}
	y := &Document{ID: "x", Passages: []Passage{{Text: "abc cdef g ij.", Annotations: []Annotation{
		{Type: "X", Locations: []Span{{0, 3}}, Text: "abc"}, {Type: "Y", Locations: []Span{{9, 10}}, Text: "g"}}}}}
	tx, _ := segmentDoc(x)
	sy, err := segmentLike(y, tx)
	if err != nil {
		t.Fatal(err)
	}
	if s := sy.sentence(0); strings.Join(s.Tokens, " ") != "abc cdef g ij ." || strings.Join(s.Tags, " ") != "B-X O B-Y O O" {
		t.Errorf("same length, moved: %v %v", s.Tokens, s.Tags)
	}
	// A one-word mention replaced by two words of the same length
	// ("hepatotoxicity" -> "liver toxicity", BioRED train 15858223) in a
	// passage that kept its length and its annotations' offsets: the new
	// words are two tokens, as a change log's after text counts them.
	h := &Document{ID: "h", Passages: []Passage{{Text: "Then hepatotoxicity, then more.", Annotations: []Annotation{
		{Type: "D", Locations: []Span{{5, 19}}, Text: "hepatotoxicity"}}}}}
	l := &Document{ID: "h", Passages: []Passage{{Text: "Then liver toxicity, then more.", Annotations: []Annotation{
		{Type: "D", Locations: []Span{{5, 19}}, Text: "liver toxicity"}}}}}
	th, _ := segmentDoc(h)
	sl, err := segmentLike(l, th)
	if err != nil {
		t.Fatal(err)
	}
	if s := sl.sentence(0); strings.Join(s.Tokens, "|") != "Then|liver|toxicity|,|then|more|." || strings.Join(s.Tags, " ") != "O B-D I-D O O O O" {
		t.Errorf("same length, one word -> two: %q %v", s.Tokens, s.Tags)
	}
	other := doc()
	other.ID = "2"
	if _, err := segmentLike(other, tmpl); !errors.Is(err, ErrAlign) {
		t.Errorf("another document: %v", err)
	}
}

// TestWriteConcepts: an entity swap's new concept replaces the id of the
// mention it swapped, and the check accepts it.
func TestWriteConcepts(t *testing.T) {
	d := doc()
	r := NewReader(&oneDoc{d}, "x")
	var sents []conll.Sentence
	for {
		s, err := r.Read()
		if err != nil {
			break
		}
		sents = append(sents, s)
	}
	sents[0].Tokens[0] = "Cocaine"
	var got []*Document
	w := NewWriter(&collect{&got}, r.Corpus())
	w.WriteConcepts(sents[0], map[int]conll.ConceptSwap{0: {From: "MESH:D1", To: "MESH:D2"}})
	w.Write(sents[1])
	w.Flush()
	if err := w.Error(); err != nil {
		t.Fatal(err)
	}
	a := got[0].Passages[0].Annotations[0]
	if a.Text != "Cocaine" || a.Infon("identifier") != "D2" {
		t.Errorf("%+v", a)
	}
}

type oneDoc struct{ d *Document }

func (o *oneDoc) Read() (*Document, error) {
	if o.d == nil {
		return nil, io.EOF
	}
	d := o.d
	o.d = nil
	return d, nil
}

type collect struct{ docs *[]*Document }

func (c *collect) Write(d *Document) error { *c.docs = append(*c.docs, d); return nil }
func (c *collect) Flush()                  {}
func (c *collect) Error() error            { return nil }

// TestWriteTokensWithoutDocument: sentences without a document become
// text only when every token reads back as one token of it; others are
// refused whole (a tab would be lost, a line break would split the
// document), and the writer takes the next sentence.
func TestWriteTokensWithoutDocument(t *testing.T) {
	tests := []struct {
		token string
		ok    bool
	}{
		{"a", true},
		{"New York", true}, // a space reads back as two tokens of the same text
		{"", false},
		{"a\tb", false},
		{"x\ny", false},
		{"x\r", false},
	}
	for _, tt := range tests {
		var got []*Document
		w := NewWriter(&collect{&got}, nil)
		err := w.Write(conll.Sentence{Tokens: []string{tt.token, "c"}, Tags: []string{"B-Chemical", "O"}})
		if (err == nil) != tt.ok || (err != nil && (!errors.Is(err, ErrToken) || !strings.Contains(err.Error(), "token 1 "))) {
			t.Errorf("token %q: err = %v", tt.token, err)
		}
		if err := w.Write(conll.Sentence{Tokens: []string{"ok"}, Tags: []string{"O"}}); err != nil {
			t.Errorf("token %q: next sentence: %v", tt.token, err)
		}
		w.Flush()
		if err := w.Error(); err != nil {
			t.Errorf("token %q: %v", tt.token, err)
		}
		want := 1
		if tt.ok {
			want = 2
		}
		if len(got) != want {
			t.Errorf("token %q: %d documents, want %d", tt.token, len(got), want)
		}
	}
}
