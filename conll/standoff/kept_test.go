package standoff

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
)

// keptDoc has a mention nested in another (issue 25, F10), a
// discontinuous one sharing a token with a third mention (F20), the
// same span twice, and a plain mention.
func keptDoc() *Document {
	text := "Lithium carbonate toxicity with breast and ovarian cancer and fever and acne."
	return &Document{ID: "k", Passages: []Passage{{Text: text, Annotations: []Annotation{
		{ID: "T1", Type: "Disease", Locations: []Span{{0, 26}}, Text: "Lithium carbonate toxicity"},
		{ID: "T2", Type: "Chemical", Locations: []Span{{0, 17}}, Text: "Lithium carbonate"},
		{ID: "T3", Type: "Disease", Locations: []Span{{32, 38}, {51, 57}}, Text: "breast cancer"},
		{ID: "T4", Type: "Disease", Locations: []Span{{43, 57}}, Text: "ovarian cancer"},
		{ID: "T5", Type: "Disease", Locations: []Span{{62, 67}}, Text: "fever"},
		{ID: "T6", Type: "Symptom", Locations: []Span{{62, 67}}, Text: "fever"},
		{ID: "T7", Type: "Disease", Locations: []Span{{72, 76}}, Text: "acne"},
	}}}}
}

// TestKeptAnnotations: the tokens of annotations IOB tags cannot hold,
// and of the mentions around them, are kept (conll.Sentence.Keep) and
// said so; the plain mention and the context are not.
func TestKeptAnnotations(t *testing.T) {
	d := keptDoc()
	r := NewReader(&oneDoc{d}, "k.txt")
	s, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for i, tok := range s.Tokens {
		if s.Kept(i) {
			kept = append(kept, tok)
		}
	}
	if got := strings.Join(kept, " "); got != "Lithium carbonate toxicity breast ovarian cancer fever" {
		t.Errorf("kept %q (tokens %q, tags %q)", got, s.Tokens, s.Tags)
	}
	notes, n := r.Kept()
	if n != 6 || len(notes) != 6 {
		t.Fatalf("%d notes: %q", n, notes)
	}
	for _, want := range []string{
		`document k: annotation T1 at 0-26 overlaps another annotation: its text is kept untouched`,
		`document k: annotation T3 at 32-38;51-57 is discontinuous: its text is kept untouched`,
		`document k: annotation T6 at 62-67 overlaps another annotation: its text is kept untouched`,
	} {
		if !slices.Contains(notes, want) {
			t.Errorf("no note %q in %q", want, notes)
		}
	}
	if c := s.Clone(); !slices.Equal(c.Keep, s.Keep) || &c.Keep[0] == &s.Keep[0] {
		t.Error("Clone does not copy Keep")
	}

	// A plain document keeps nothing.
	if s := doc(); keptAnnotations(s) != nil {
		t.Errorf("plain document: %q", keptAnnotations(s))
	}
}

// TestRebuildNestedRefused: a mention replaced whole around a nested
// annotation is an error (the nested one would take the replacement's
// text under its own type and concept), and token edits elsewhere are
// carried into every annotation.
func TestRebuildNestedRefused(t *testing.T) {
	d := keptDoc()
	sd, err := segmentDoc(d)
	if err != nil {
		t.Fatal(err)
	}
	out := sd.sentence(0)
	out.Tokens = slices.Replace(out.Tokens, 0, 3, "Wandering", "spleen")
	out.Tags = slices.Replace(out.Tags, 0, 3, "B-Disease", "I-Disease")
	if _, err := Rebuild(d, []conll.Sentence{out}); !errors.Is(err, ErrCheck) || !strings.Contains(err.Error(), "annotation T2 at 0-17 lies inside it") {
		t.Errorf("nested mention replaced: %v", err)
	}
	out = sd.sentence(0)
	last := slices.Index(out.Tokens, "acne")
	out.Tokens[last] = "ance"
	nd, err := Rebuild(d, []conll.Sentence{out})
	if err != nil {
		t.Fatal(err)
	}
	if err := Check(d, nd); err != nil {
		t.Fatal(err)
	}
	a := nd.Passages[0].Annotations
	if a[0].Text != "Lithium carbonate toxicity" || a[1].Text != "Lithium carbonate" || a[2].Text != "breast cancer" || a[6].Text != "ance" {
		t.Errorf("annotations %+v", a)
	}
}
