package swap

import (
	"math/rand/v2"
	"testing"
)

// TestASCIIFastPath checks the ASCII word path against the Unicode one:
// same random draws, same result, for every keep option.
func TestASCIIFastPath(t *testing.T) {
	words := []string{"inhibitions", "Aspirin", "5-FU", "L-NAME", "x", "aa", "ab", "a-b", "abba", "12ab", "abc", "AbCd", "a[b", "z{a", "@a`b", "aaab", "Zz", "naïve", "Straße", "αβγ", "aé"}
	for _, s := range []Swap{{}, {KeepFirst: true}, {KeepLast: true}, {KeepFirst: true, KeepLast: true}} {
		for _, w := range words {
			for seed := range uint64(20) {
				a, okA := s.appendASCIIWord([]byte("prefix"), w, rand.New(rand.NewPCG(seed, 1)))
				b, okB := s.unicodeWord(w, rand.New(rand.NewPCG(seed, 1)))
				if !okA {
					a = append(a, w...) // AppendWord leaves dst as it was
				}
				if okA != okB || string(a) != "prefix"+b {
					t.Errorf("%+v: %q seed %d: ASCII path %q %v, Unicode path %q %v", s, w, seed, a, okA, b, okB)
				}
			}
		}
	}
}

// TestSwappable checks the branch-free pair test against canSwapASCII
// on every pair of ASCII bytes.
func TestSwappable(t *testing.T) {
	var s Swap
	for a := 0; a < 128; a++ {
		for b := 0; b < 128; b++ {
			w := string([]byte{'-', byte(a), byte(b), '-'})
			if got, want := swappable(byte(a), byte(b)) == 1, canSwapASCII(&s, w, 1); got != want {
				t.Errorf("swappable(%q, %q) = %v, canSwapASCII %v", rune(a), rune(b), got, want)
			}
		}
	}
}
