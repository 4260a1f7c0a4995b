package insert

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
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

// checkQuadratic is Check's search as it was before it was made linear:
// the reference TestCheckAgreesWithReference compares with.
func checkQuadratic(p *Insert, before, after string) bool {
	a, b := []rune(before), []rune(after)
	if len(b) != len(a)+1 {
		return false
	}
	for i := range b {
		if string(b[:i]) != string(a[:i]) {
			break
		}
		if string(b[i+1:]) != string(a[i:]) {
			continue
		}
		x := b[i]
		for _, j := range []int{i - 1, i} {
			if j >= 0 && j < len(a) && unicode.IsLetter(a[j]) && (a[j] == x || p.Layout.IsNeighbour(a[j], x)) {
				return true
			}
		}
	}
	return false
}

// TestCheckAgreesWithReference: on random words over a small alphabet
// (runs of equal letters, neighbours, non-letters, a multi-byte letter),
// Check accepts exactly what the quadratic search accepted.
func TestCheckAgreesWithReference(t *testing.T) {
	p := newInsert(t)
	alphabet := []rune("aasdé1-")
	r := rand.New(rand.NewPCG(1, 2))
	word := func(n int) string {
		w := make([]rune, n)
		for i := range w {
			w[i] = alphabet[r.IntN(len(alphabet))]
		}
		return string(w)
	}
	for range 20000 {
		a := word(1 + r.IntN(6))
		var b string
		if r.IntN(2) == 0 { // an insertion somewhere, often valid
			rs := []rune(a)
			i := r.IntN(len(rs) + 1)
			b = string(rs[:i]) + string(alphabet[r.IntN(len(alphabet))]) + string(rs[i:])
		} else {
			b = word(len([]rune(a)) + 1)
		}
		err := p.Check(perturb.Change{Token: 0, End: 1, Before: a, After: b})
		if want := checkQuadratic(p, a, b); (err == nil) != want {
			t.Fatalf("%q -> %q: err = %v, reference accepts: %v", a, b, err, want)
		}
	}
}

// longToken is a token of 100,000 letters (issue 25, F13: Check was
// quadratic in it, 88 s).
var longToken = strings.Repeat("abcdefghij", 10000)

// TestCheckLongToken: a change of a 100,000-letter token is checked, in
// linear time (BenchmarkCheckLongToken measures it).
func TestCheckLongToken(t *testing.T) {
	p := newInsert(t)
	s := conll.Sentence{Tokens: []string{longToken}, Tags: []string{"O"}}
	out, cs := p.Perturb(s, []bool{true}, rand.New(rand.NewPCG(1, 1)))
	if len(cs) != 1 || utf8.RuneCountInString(out.Tokens[0]) != len(longToken)+1 {
		t.Fatalf("changes %d", len(cs))
	}
	if err := p.Check(cs[0]); err != nil {
		t.Fatal(err)
	}
	if err := perturb.CheckSentence(p, s, out, cs); err != nil {
		t.Fatal(err)
	}
}

func BenchmarkCheckLongToken(b *testing.B) {
	l, err := keyboard.LoadLayout("qwerty")
	if err != nil {
		b.Fatal(err)
	}
	p := New(l)
	c := perturb.Change{Token: 0, End: 1, Before: longToken, After: longToken[:50000] + "k" + longToken[50000:]}
	b.ReportAllocs()
	for b.Loop() {
		if err := p.Check(c); err != nil {
			b.Fatal(err)
		}
	}
}
