package delete

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"

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

// checkQuadratic is Check's search as it was before it was made linear:
// the reference TestCheckAgreesWithReference compares with.
func checkQuadratic(before, after string) bool {
	a, b := []rune(before), []rune(after)
	if len(b) != len(a)-1 || len(b) == 0 {
		return false
	}
	for i := range a {
		if string(a[:i]) != string(b[:i]) {
			break
		}
		if unicode.IsLetter(a[i]) && string(a[i+1:]) == string(b[i:]) {
			return true
		}
	}
	return false
}

// TestCheckAgreesWithReference: on random words over a small alphabet
// (runs of equal letters, non-letters, a multi-byte letter), Check
// accepts exactly what the quadratic search accepted.
func TestCheckAgreesWithReference(t *testing.T) {
	alphabet := []rune("aabé1-")
	r := rand.New(rand.NewPCG(1, 2))
	word := func(n int) string {
		w := make([]rune, n)
		for i := range w {
			w[i] = alphabet[r.IntN(len(alphabet))]
		}
		return string(w)
	}
	for range 20000 {
		a := word(1 + r.IntN(7))
		var b string
		if rs := []rune(a); r.IntN(2) == 0 { // a deletion somewhere, often valid
			i := r.IntN(len(rs))
			b = string(rs[:i]) + string(rs[i+1:])
		} else {
			b = word(max(0, len(rs)-1))
		}
		err := Delete{}.Check(perturb.Change{Token: 0, End: 1, Before: a, After: b})
		if want := checkQuadratic(a, b); (err == nil) != want {
			t.Fatalf("%q -> %q: err = %v, reference accepts: %v", a, b, err, want)
		}
	}
}

// longToken is a token of 100,000 letters (issue 25, F13: Check was
// quadratic in it).
var longToken = strings.Repeat("abcdefghij", 10000)

// TestCheckLongToken: a change of a 100,000-letter token is checked, in
// linear time (BenchmarkCheckLongToken measures it).
func TestCheckLongToken(t *testing.T) {
	s := conll.Sentence{Tokens: []string{longToken}, Tags: []string{"O"}}
	out, cs := Delete{}.Perturb(s, []bool{true}, rand.New(rand.NewPCG(1, 1)))
	if len(cs) != 1 || len(out.Tokens[0]) != len(longToken)-1 {
		t.Fatalf("changes %d", len(cs))
	}
	if err := perturb.CheckSentence(Delete{}, s, out, cs); err != nil {
		t.Fatal(err)
	}
}

func BenchmarkCheckLongToken(b *testing.B) {
	c := perturb.Change{Token: 0, End: 1, Before: longToken, After: longToken[:50000] + longToken[50001:]}
	b.ReportAllocs()
	for b.Loop() {
		if err := (Delete{}).Check(c); err != nil {
			b.Fatal(err)
		}
	}
}
