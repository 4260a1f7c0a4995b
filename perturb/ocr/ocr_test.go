package ocr

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
)

func TestTable(t *testing.T) {
	seen := map[Confusion]bool{}
	for _, c := range confusions {
		if c.From == "" || c.To == "" || c.From == c.To {
			t.Errorf("bad confusion %+v", c)
		}
		if seen[c] {
			t.Errorf("duplicate confusion %+v", c)
		}
		seen[c] = true
	}
	for c := range seen {
		if !seen[Confusion{c.To, c.From}] {
			t.Errorf("%+v has no reverse", c)
		}
	}
}

func TestWord(t *testing.T) {
	m := New(confusions)
	// Every outcome of a word is one table confusion, and all the
	// places it applies are reached.
	outs := map[string]bool{}
	for seed := range uint64(400) {
		out, ok := perturb.EditWord(m, "modern", rand.New(rand.NewPCG(seed, 3)))
		if !ok {
			t.Fatal("modern has confusions")
		}
		if err := m.Check(perturb.Change{Token: 0, End: 1, Before: "modern", After: out}); err != nil {
			t.Fatal(err)
		}
		outs[out] = true
	}
	for _, want := range []string{"rnodern", "modem", "m0dern", "moclern", "modcrn"} {
		if !outs[want] {
			t.Errorf("modern never became %q (got %v)", want, outs)
		}
	}
	if _, ok := perturb.EditWord(m, "---", rand.New(rand.NewPCG(1, 1))); ok {
		t.Error("--- has no confusion")
	}
}

func TestPerturbCheck(t *testing.T) {
	m := New(confusions)
	s := conll.Sentence{Tokens: []string{"Clonidine", "lowered", "blood", "pressure"},
		Tags: []string{"B-Chemical", "O", "O", "O"}}
	out, cs := m.Perturb(s, []bool{true, true, false, true}, rand.New(rand.NewPCG(7, 7)))
	if len(cs) != 3 {
		t.Fatalf("changes %+v", cs)
	}
	if err := perturb.CheckSentence(m, s, out, cs); err != nil {
		t.Fatal(err)
	}
	if out.Tokens[2] != "blood" || strings.Join(s.Tokens, " ") != "Clonidine lowered blood pressure" {
		t.Error("unselected token or input changed")
	}
	for _, bad := range []string{"Clonidino", "Cl0nidine0", "Clonidine"} {
		if err := m.Check(perturb.Change{Token: 0, End: 1, Before: "Clonidine", After: bad}); !errors.Is(err, perturb.ErrInvalidChange) {
			t.Errorf("Check(%q) = %v, want ErrInvalidChange", bad, err)
		}
	}
}
