package mention

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
)

func TestCheck(t *testing.T) {
	sent := func(s string) conll.Sentence {
		var out conll.Sentence
		for _, f := range strings.Fields(s) {
			tok, tag, _ := strings.Cut(f, "/")
			out.Tokens, out.Tags = append(out.Tokens, tok), append(out.Tags, tag)
		}
		return out
	}
	orig := sent("Aspirin/B-Chemical causes/O gastric/B-Disease ulcers/I-Disease ./O")
	repl := perturb.Change{Token: 2, End: 4, Before: "gastric ulcers", After: "stomach ulcers"}
	tests := []struct {
		name    string
		out     string
		changes []perturb.Change
		want    string // "" for no error
	}{
		{"unchanged", "Aspirin/B-Chemical causes/O gastric/B-Disease ulcers/I-Disease ./O", nil, ""},
		{"replaced", "Aspirin/B-Chemical causes/O stomach/B-Disease ulcers/I-Disease ./O", []perturb.Change{repl}, ""},
		{"longer", "Aspirin/B-Chemical causes/O peptic/B-Disease gastric/I-Disease ulcers/I-Disease ./O",
			[]perturb.Change{{Token: 2, End: 4, Before: "gastric ulcers", After: "peptic gastric ulcers"}}, ""},
		{"type", "Aspirin/B-Chemical causes/O stomach/B-Chemical ulcers/I-Chemical ./O", []perturb.Change{repl}, "type Disease became Chemical"},
		{"context", "Aspirin/B-Chemical induces/O stomach/B-Disease ulcers/I-Disease ./O", []perturb.Change{repl}, `"causes" became "induces"`},
		{"unlogged", "Aspirin/B-Chemical causes/O stomach/B-Disease ulcers/I-Disease ./O", nil, "without a logged change"},
		{"wrong log", "Aspirin/B-Chemical causes/O gut/B-Disease ulcers/I-Disease ./O", []perturb.Change{repl}, "logged"},
		{"lost entity", "Aspirin/B-Chemical causes/O stomach/O ulcers/O ./O", []perturb.Change{repl}, "2 entities became 1"},
		{"stray change", "Aspirin/B-Chemical causes/O gastric/B-Disease ulcers/I-Disease ./O", []perturb.Change{{Token: 1, End: 2}}, "do not match"},
		{"invalid", "Aspirin/B-Chemical causes/O stomach/I-Disease ulcers/I-Disease ./O", []perturb.Change{repl}, "not valid IOB2"},
	}
	for _, tt := range tests {
		err := Check(orig, sent(tt.out), tt.changes)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want != "" && (err == nil || !errors.Is(err, perturb.ErrCheck) || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: error %v, want perturb.ErrCheck containing %q", tt.name, err, tt.want)
		}
	}
}

// replaceStepwise is Replace as it was before its one-pass path: every
// span replaced with iob.Replace, right to left.
func replaceStepwise(s conll.Sentence, n int, edit func(k int) (iob.Span, []string)) (conll.Sentence, bool) {
	out := s
	out.Tokens = slices.Clone(s.Tokens)
	out.Tags = slices.Clone(s.Tags)
	edits := make([]conll.Edit, n)
	for k := n - 1; k >= 0; k-- {
		sp, toks := edit(k)
		tags, err := iob.Replace(out.Tags, sp.Start, sp.End, len(toks))
		if err != nil {
			return s, false
		}
		out.Tags = tags
		out.Tokens = slices.Replace(out.Tokens, sp.Start, sp.End, toks...)
		edits[k] = conll.Edit{Start: sp.Start, End: sp.End, N: len(toks)}
	}
	out, err := conll.Realign(s, out, edits)
	if err != nil {
		return s, false
	}
	return out, true
}

// TestReplaceAgreesWithStepwise: on random sentences (adjacent entities,
// an I- starting an entity, a type change inside a run) and random
// replacements of some of their entities, or of spans that are not
// entities, Replace gives what replacing span by span gives.
func TestReplaceAgreesWithStepwise(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	tagSet := []string{"O", "O", "B-X", "I-X", "B-Y", "I-Y"}
	for range 20000 {
		n := 1 + r.IntN(8)
		s := conll.Sentence{Tokens: make([]string, n), Tags: make([]string, n)}
		for i := range n {
			s.Tokens[i] = fmt.Sprint("t", i)
			s.Tags[i] = tagSet[r.IntN(len(tagSet))]
		}
		if r.IntN(2) == 0 { // other columns, carried over
			s.Fields = make([][]string, n)
			for i := range n {
				s.Fields[i] = []string{s.Tokens[i], fmt.Sprint("NN", i), tagSet[r.IntN(len(tagSet))], s.Tags[i]}
			}
		}
		var spans []iob.Span
		for _, sp := range iob.Spans(s.Tags) {
			if r.IntN(2) == 0 {
				spans = append(spans, sp)
			}
		}
		if r.IntN(4) == 0 && n > 1 { // a span that need not be an entity
			a := r.IntN(n - 1)
			spans = []iob.Span{{Start: a, End: a + 1 + r.IntN(n-a-1)}}
		}
		toks := make([][]string, len(spans))
		for k := range toks {
			toks[k] = strings.Fields(strings.Repeat("new ", r.IntN(3)))
		}
		edit := func(k int) (iob.Span, []string) { return spans[k], toks[k] }
		got, gok := Replace(s, len(spans), edit)
		want, wok := replaceStepwise(s, len(spans), edit)
		if gok != wok || !slices.Equal(got.Tokens, want.Tokens) || !slices.Equal(got.Tags, want.Tags) ||
			fmt.Sprint(got.Fields) != fmt.Sprint(want.Fields) {
			t.Fatalf("%v %v: Replace = %v %v %v, stepwise %v %v %v", s.Tags, spans, got.Tags, got.Tokens, gok, want.Tags, want.Tokens, wok)
		}
	}
}

// TestReplaceLongSentence: a sentence of 100,000 tokens with 2,000
// mentions, all replaced (issue 25: entity-swap took 110 s on it,
// replacing mention after mention in the whole sentence).
func TestReplaceLongSentence(t *testing.T) {
	s := conll.Sentence{Tokens: make([]string, 100000), Tags: make([]string, 100000)}
	var spans []iob.Span
	for i := range s.Tokens {
		s.Tokens[i], s.Tags[i] = "w", "O"
		if i%50 == 0 {
			s.Tokens[i], s.Tags[i] = "aspirin", "B-Chemical"
			spans = append(spans, iob.Span{Start: i, End: i + 1, Type: "Chemical"})
		}
	}
	out, ok := Replace(s, len(spans), func(int) (iob.Span, []string) { return iob.Span{}, nil })
	if ok || len(out.Tokens) != len(s.Tokens) {
		t.Fatal("an empty span was replaced")
	}
	out, ok = Replace(s, len(spans), func(k int) (iob.Span, []string) { return spans[k], []string{"acetylsalicylic", "acid"} })
	if !ok || len(out.Tokens) != len(s.Tokens)+len(spans) {
		t.Fatalf("ok %v, %d tokens", ok, len(out.Tokens))
	}
	changes := make([]perturb.Change, len(spans))
	for k, sp := range spans {
		changes[k] = perturb.Change{Token: sp.Start, End: sp.End, Before: "aspirin", After: "acetylsalicylic acid"}
	}
	if err := Check(s, out, changes); err != nil {
		t.Fatal(err)
	}
}

func TestApplyAndOutcomes(t *testing.T) {
	s := conll.Sentence{Tokens: strings.Fields("DOX caused renal failure ."), Tags: strings.Fields("B-Chemical O B-Disease I-Disease O")}
	edits := []struct {
		sp   iob.Span
		toks []string
	}{{iob.Span{Start: 0, End: 1}, []string{"doxorubicin"}}, {iob.Span{Start: 2, End: 4}, []string{"kidney", "failure"}}}
	out, changes := Apply(s, len(edits), func(k int) (iob.Span, []string, perturb.Change) {
		return edits[k].sp, edits[k].toks, perturb.Change{Kind: "x", Source: "S"}
	})
	if got := strings.Join(out.Tokens, " "); got != "doxorubicin caused kidney failure ." {
		t.Errorf("tokens %q", got)
	}
	want := []perturb.Change{{Token: 0, End: 1, Kind: "x", Before: "DOX", After: "doxorubicin", Source: "S"},
		{Token: 2, End: 4, Kind: "x", Before: "renal failure", After: "kidney failure", Source: "S"}}
	if !slices.Equal(changes, want) {
		t.Errorf("changes %+v, want %+v", changes, want)
	}
	if out, changes := Apply(s, 0, nil); changes != nil || !slices.Equal(out.Tokens, s.Tokens) {
		t.Errorf("no edit: %v %v", out.Tokens, changes)
	}
	// A span Replace cannot realign (it crosses an entity's end): s whole, no change.
	if out, changes := Apply(s, 1, func(int) (iob.Span, []string, perturb.Change) {
		return iob.Span{Start: 1, End: 3}, []string{"x"}, perturb.Change{}
	}); changes != nil || !slices.Equal(out.Tokens, s.Tokens) {
		t.Errorf("bad span: %v %v", out.Tokens, changes)
	}
	got := Outcomes(s, []string{"replaced"}, "left")
	wantO := []perturb.MentionOutcome{{Type: "Chemical", Outcome: "replaced"}, {Type: "Disease", Outcome: "left"}}
	if !slices.Equal(got, wantO) {
		t.Errorf("Outcomes %+v, want %+v", got, wantO)
	}
}

// TestCheckWhole checks Check's shortcut for a sentence left whole
// against the full check, on random sentences with empty tokens,
// invalid tags and a copy of the sentence, the sentence itself or
// shorter slices of its memory as output.
func TestCheckWhole(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	toks := []string{"a", "", "b c", "(", "DOX"}
	tags := []string{"O", "B-Chemical", "I-Chemical", "B-Disease", "I-Disease"}
	errText := func(err error) string {
		if err == nil {
			return ""
		}
		return err.Error()
	}
	for range 20000 {
		n := rng.IntN(6)
		var s conll.Sentence
		for range n {
			s.Tokens = append(s.Tokens, toks[rng.IntN(len(toks))])
		}
		for range n + rng.IntN(2) - rng.IntN(2) {
			s.Tags = append(s.Tags, tags[rng.IntN(len(tags))])
		}
		out := s
		switch rng.IntN(3) {
		case 0:
			out = conll.Sentence{Tokens: slices.Clone(s.Tokens), Tags: slices.Clone(s.Tags)}
		case 1:
			// Shorter slices of the same memory (sameStrings must
			// not take them for the original), of an original whose
			// tokens and tags the full check can read.
			if len(s.Tokens) == len(s.Tags) {
				out.Tokens, out.Tags = s.Tokens[:len(s.Tokens)/2], s.Tags[:len(s.Tags)/2]
			}
		}
		if got, want := errText(Check(s, out, nil)), errText(checkChanged(s, out, nil)); got != want {
			t.Fatalf("Check(%q %q) = %q, the full check %q", s.Tokens, s.Tags, got, want)
		}
	}
}
