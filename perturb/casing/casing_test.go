package casing

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
)

func TestApply(t *testing.T) {
	for _, tc := range []struct{ in, mode, want string }{
		{"Cocaine", Lower, "cocaine"},
		{"cocaine", Upper, "COCAINE"},
		{"NSAID-induced", Title, "Nsaid-induced"},
		{"5-FU", Title, "5-Fu"},
		{"α-tocopherol", Upper, "Α-TOCOPHEROL"},
		{"123", Upper, "123"},
	} {
		if got := Apply(tc.in, tc.mode); got != tc.want {
			t.Errorf("Apply(%q, %s) = %q, want %q", tc.in, tc.mode, got, tc.want)
		}
	}
}

func TestPerturb(t *testing.T) {
	s := conll.Sentence{Tokens: []string{"Cocaine", "induced", "SEIZURES", "123"},
		Tags: []string{"B-Chemical", "O", "B-Disease", "O"}}
	sel := []bool{true, true, true, true}
	for _, tc := range []struct{ mode, want string }{
		{Lower, "cocaine induced seizures 123"},
		{Upper, "COCAINE INDUCED SEIZURES 123"},
		{Title, "Cocaine Induced Seizures 123"},
	} {
		p, err := New(tc.mode)
		if err != nil {
			t.Fatal(err)
		}
		out, cs := p.Perturb(s, sel, rand.New(rand.NewPCG(1, 1)))
		if got := strings.Join(out.Tokens, " "); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.mode, got, tc.want)
		}
		if err := perturb.CheckSentence(p, s, out, cs); err != nil {
			t.Errorf("%s: %v", tc.mode, err)
		}
		for _, c := range cs {
			if c.Before == c.After {
				t.Errorf("%s: no-op change %+v", tc.mode, c)
			}
		}
	}
	p, _ := New(random)
	for seed := range uint64(50) {
		out, cs := p.Perturb(s, sel, rand.New(rand.NewPCG(seed, 1)))
		if len(cs) != 3 {
			t.Fatalf("random: %d changes, want 3 (every word with letters)", len(cs))
		}
		if err := perturb.CheckSentence(p, s, out, cs); err != nil {
			t.Fatal(err)
		}
	}
	up, _ := New(Upper)
	if err := up.Check(perturb.Change{Token: 0, End: 1, Before: "cocaine", After: "Cocaine"}); !errors.Is(err, perturb.ErrInvalidChange) {
		t.Errorf("upper accepts a title change: %v", err)
	}
	if _, err := New("sentence"); !errors.Is(err, perturb.ErrOption) {
		t.Errorf("New(sentence) = %v, want ErrOption", err)
	}
}
