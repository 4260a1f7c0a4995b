package perturb_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/keyboard"
)

// keptSentence has a gold mention whose tokens a document reader keeps
// (conll.Sentence.Keep: a nested or discontinuous annotation, issue 25
// F10 and F20) and one it does not.
func keptSentence() conll.Sentence {
	return conll.Sentence{
		Tokens: []string{"Lithium", "carbonate", "toxicity", "with", "persistent", "hypertension"},
		Tags:   []string{"B-Disease", "I-Disease", "I-Disease", "O", "B-Disease", "I-Disease"},
		Keep:   []bool{true, true, true, false, false, false},
	}
}

// TestKeptTokens: word selection never selects a kept token, mention
// selection never a mention with one, and the output check refuses a
// change of one.
func TestKeptTokens(t *testing.T) {
	s := keptSentence()
	sel, err := perturb.NewSelector(perturb.Selection{Method: perturb.SelectAll, Targets: perturb.TargetsAll, Rate: 1, MinLength: 1}, 1)
	if err != nil {
		t.Fatal(err)
	}
	got := sel.Select(s)
	for i, b := range got {
		if b == s.Kept(i) && s.Tokens[i] != "with" {
			t.Errorf("token %d %q: selected %v, kept %v", i, s.Tokens[i], b, s.Kept(i))
		}
	}
	for _, rate := range []float64{1, 0.99} {
		ms := perturb.SelectMentions(1, rate, s, iob.Spans(s.Tags))
		if ms[0] {
			t.Errorf("rate %v: the kept mention is selected", rate)
		}
		if rate == 1 && !ms[1] {
			t.Errorf("rate 1: the other mention is not selected")
		}
	}
	p, err := keyboard.Kind.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	out := s.Clone()
	out.Tokens[1] = "carbonatw"
	c := perturb.Change{Token: 1, End: 2, Kind: "keyboard", Before: "carbonate", After: "carbonatw"}
	if err := perturb.CheckSentence(p, s, out, []perturb.Change{c}); !errors.Is(err, perturb.ErrCheck) || !strings.Contains(err.Error(), "kept untouched") {
		t.Errorf("change of a kept token: %v", err)
	}
	out = s.Clone()
	out.Tokens[5] = "hypertensiom"
	c = perturb.Change{Token: 5, End: 6, Kind: "keyboard", Before: "hypertension", After: "hypertensiom"}
	if err := perturb.CheckSentence(p, s, out, []perturb.Change{c}); err != nil {
		t.Errorf("change of another token: %v", err)
	}
}

// TestRealignKeep: a replacement of another mention by more tokens
// moves the kept marks with their tokens.
func TestRealignKeep(t *testing.T) {
	s := keptSentence()
	out := s.Clone()
	out.Tokens = append(out.Tokens[:4:4], "high", "blood", "pressure")
	out.Tags = append(out.Tags[:4:4], "B-Disease", "I-Disease", "I-Disease")
	got, err := conll.Realign(s, out, []conll.Edit{{Start: 4, End: 6, N: 3}})
	if err != nil {
		t.Fatal(err)
	}
	want := []bool{true, true, true, false, false, false, false}
	if len(got.Keep) != len(want) {
		t.Fatalf("Keep %v", got.Keep)
	}
	for i := range want {
		if got.Keep[i] != want[i] {
			t.Fatalf("Keep %v, want %v", got.Keep, want)
		}
	}
}
