package insert

import (
	"errors"
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/keyboard"
)

func newInsert(t *testing.T) *Insert {
	l, err := keyboard.LoadLayout("qwerty")
	if err != nil {
		t.Fatal(err)
	}
	return New(l)
}

func TestWord(t *testing.T) {
	p := newInsert(t)
	doubled, slipped := 0, 0
	for seed := range uint64(300) {
		for _, w := range []string{"lithium", "5-FU", "Naloxone", "α-tocopherol"} {
			out, ok := perturb.EditWord(p, w, rand.New(rand.NewPCG(seed, 9)))
			if !ok || utf8.RuneCountInString(out) != utf8.RuneCountInString(w)+1 {
				t.Fatalf("%q -> %q, %v", w, out, ok)
			}
			if err := p.Check(perturb.Change{Token: 0, End: 1, Before: w, After: out}); err != nil {
				t.Fatal(err)
			}
			if w == "lithium" {
				if out == "llithium" || out == "liithium" || out == "litthium" || out == "lithhium" || out == "lithiium" || out == "lithiuum" || out == "lithiumm" {
					doubled++
				} else {
					slipped++
				}
			}
		}
	}
	if doubled == 0 || slipped == 0 {
		t.Errorf("doubled %d, slipped %d: want both kinds of insertion", doubled, slipped)
	}
	if _, ok := perturb.EditWord(p, "123", rand.New(rand.NewPCG(1, 1))); ok {
		t.Error("123 has no letter to insert beside")
	}
}

func TestCheck(t *testing.T) {
	p := newInsert(t)
	for _, tc := range []struct {
		before, after string
		ok            bool
	}{
		{"lithium", "lithiumm", true},
		{"lithium", "lkithium", true}, // k is beside l
		{"lithium", "lithiumz", false},
		{"lithium", "lithium", false},
		{"lithium", "lithiummm", false},
		{"5-FU", "5--FU", false},
		{"5-FU", "5-FFU", true},
	} {
		err := p.Check(perturb.Change{Token: 0, End: 1, Before: tc.before, After: tc.after})
		if (err == nil) != tc.ok || err != nil && !errors.Is(err, perturb.ErrInvalidChange) {
			t.Errorf("Check(%q -> %q) = %v, want ok %v", tc.before, tc.after, err, tc.ok)
		}
	}
	s := conll.Sentence{Tokens: []string{"Lithium", "toxicity"}, Tags: []string{"B-Chemical", "O"}}
	out, cs := p.Perturb(s, []bool{true, true}, rand.New(rand.NewPCG(2, 2)))
	if err := perturb.CheckSentence(p, s, out, cs); err != nil || len(cs) != 2 {
		t.Fatalf("%v %+v", err, cs)
	}
}
