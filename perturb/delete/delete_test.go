package delete

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
)

func TestWord(t *testing.T) {
	var d Delete
	for seed := range uint64(200) {
		for _, w := range []string{"lithium", "5-FU", "Ab", "α-tocopherol"} {
			out, ok := perturb.EditWord(d, w, rand.New(rand.NewPCG(seed, 5)))
			if !ok || out == "" {
				t.Fatalf("%q -> %q, %v", w, out, ok)
			}
			if err := d.Check(perturb.Change{Token: 0, End: 1, Before: w, After: out}); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, w := range []string{"a", "5", "123", "--", ""} {
		if out, ok := perturb.EditWord(d, w, rand.New(rand.NewPCG(1, 1))); ok {
			t.Errorf("%q -> %q; want no change", w, out)
		}
	}
}

func TestCheck(t *testing.T) {
	var d Delete
	for _, tc := range []struct {
		before, after string
		ok            bool
	}{
		{"lithium", "ithium", true},
		{"lithium", "lithim", true},
		{"lithium", "lithiu", true},
		{"5-FU", "5FU", false},
		{"5-FU", "-FU", false},
		{"a", "", false},
		{"lithium", "lithum", true},
		{"lithium", "lthim", false},
		{"lithium", "lithiam", false},
	} {
		err := d.Check(perturb.Change{Token: 0, End: 1, Before: tc.before, After: tc.after})
		if (err == nil) != tc.ok || err != nil && !errors.Is(err, perturb.ErrInvalidChange) {
			t.Errorf("Check(%q -> %q) = %v, want ok %v", tc.before, tc.after, err, tc.ok)
		}
	}
	s := conll.Sentence{Tokens: []string{"Lithium", "a", "toxicity"}, Tags: []string{"B-Chemical", "O", "O"}}
	out, cs := d.Perturb(s, []bool{true, true, true}, rand.New(rand.NewPCG(2, 2)))
	if err := perturb.CheckSentence(d, s, out, cs); err != nil || len(cs) != 2 {
		t.Fatalf("%v %+v", err, cs)
	}
}
