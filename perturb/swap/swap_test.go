package swap_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/swap"
)

func TestWord(t *testing.T) {
	for _, tc := range []struct {
		word                string
		keepFirst, keepLast bool
		ok                  bool
	}{
		{"inhibitions", false, false, true},
		{"ab", false, false, true},
		{"ab", true, false, false}, // the only pair moves the first letter
		{"abc", true, true, false},
		{"abcd", true, true, true},
		{"aaaa", false, false, false}, // every swap would be a no-op
		{"aab", false, false, true},
		{"5-HT", false, false, true},
		{"12", false, false, false}, // digits stay
		{"a-b", false, false, false},
		{"αβ", false, false, true},
		{"", false, false, false},
	} {
		s := &swap.Swap{KeepFirst: tc.keepFirst, KeepLast: tc.keepLast}
		for seed := range uint64(30) {
			got, ok := s.Word(tc.word, rand.New(rand.NewPCG(seed, 9)))
			if ok != tc.ok {
				t.Fatalf("%+v Word(%q) ok = %v", s, tc.word, ok)
			}
			if !ok {
				if got != tc.word {
					t.Fatalf("Word(%q) = %q without ok", tc.word, got)
				}
				continue
			}
			if err := s.Check(perturb.Change{Token: 0, End: 1, Before: tc.word, After: got}); err != nil {
				t.Fatalf("Word(%q) = %q: %v", tc.word, got, err)
			}
		}
	}
}

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		before, after string
		keepFirst     bool
		ok            bool
	}{
		{"inhibitions", "inihbitions", false, true},
		{"inhibitions", "nihibitions", false, true},
		{"inhibitions", "nihibitions", true, false}, // first letter moved
		{"inhibitions", "inhibitions", false, false},
		{"inhibitions", "inihbitisno", false, false}, // two swaps
		{"abc", "cba", false, false},                 // not adjacent
		{"abc", "abd", false, false},                 // substitution
		{"a-b", "-ab", false, false},                 // hyphen moved
		{"abc", "ab", false, false},
	} {
		s := &swap.Swap{KeepFirst: tc.keepFirst}
		err := s.Check(perturb.Change{Token: 0, End: 1, Before: tc.before, After: tc.after})
		if (err == nil) != tc.ok {
			t.Errorf("Check(%q -> %q) = %v, want ok=%v", tc.before, tc.after, err, tc.ok)
		}
		if err != nil && !errors.Is(err, perturb.ErrInvalidChange) {
			t.Errorf("error %v does not wrap ErrInvalidChange", err)
		}
	}
}

func FuzzWord(f *testing.F) {
	for _, s := range []string{"inhibitions", "ab", "aaaa", "5-HT", "αβ", "Ǆǅ", ""} {
		f.Add(s, uint64(1), false, true)
	}
	f.Fuzz(func(t *testing.T, word string, seed uint64, keepFirst, keepLast bool) {
		s := &swap.Swap{KeepFirst: keepFirst, KeepLast: keepLast}
		got, ok := s.Word(word, rand.New(rand.NewPCG(seed, 0)))
		if !ok {
			if got != word {
				t.Fatalf("%q changed without ok", word)
			}
			return
		}
		if got == word {
			t.Fatalf("no-op swap of %q", word)
		}
		if err := s.Check(perturb.Change{Token: 0, End: 1, Before: word, After: got}); err != nil {
			t.Fatal(err)
		}
	})
}

func ExampleSwap_Word() {
	s := &swap.Swap{KeepFirst: true}
	r := rand.New(rand.NewPCG(1, 2))
	for _, w := range []string{"inhibitions", "Naloxone", "aaa"} {
		out, ok := s.Word(w, r)
		fmt.Println(w, "->", out, ok)
	}
	// Output:
	// inhibitions -> inhibitoins true
	// Naloxone -> Nalooxne true
	// aaa -> aaa false
}

func BenchmarkWord(b *testing.B) {
	s := &swap.Swap{}
	r := rand.New(rand.NewPCG(1, 2))
	b.SetBytes(int64(len("hyperparathyroidism")))
	b.ReportAllocs()
	for b.Loop() {
		s.Word("hyperparathyroidism", r)
	}
}
