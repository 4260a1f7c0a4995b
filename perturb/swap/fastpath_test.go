package swap

import (
	"math/rand/v2"
	"testing"
)

// TestASCIIFastPath checks the ASCII word path against the Unicode one:
// same random draws, same result, for every keep option.
func TestASCIIFastPath(t *testing.T) {
	words := []string{"inhibitions", "Aspirin", "5-FU", "L-NAME", "x", "aa", "ab", "a-b", "abba", "12ab", "abc", "AbCd", "a[b", "z{a", "@a`b", "aaab", "Zz", "naïve", "Straße", "αβγ", "aé", ""}
	// Words of every length to 40 from a few letters and non-letters,
	// so that pairs fall on every place of the eight-byte chunks, and
	// some with a byte past ASCII.
	r := rand.New(rand.NewPCG(7, 7))
	for n := range 41 {
		for range 6 {
			w := make([]byte, n)
			for i := range w {
				w[i] = "aabBz-1{`@"[r.IntN(10)]
			}
			words = append(words, string(w))
			if n > 0 {
				w[r.IntN(n)] = 0xc3
				words = append(words, string(w))
			}
		}
	}
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

// TestNthByte compares nthByte with a loop on every mask of one bit per
// byte and every k below its count.
func TestNthByte(t *testing.T) {
	for b := range 256 {
		var m uint64
		for i := range 8 {
			if b&(1<<i) != 0 {
				m |= 0x80 << (8 * i)
			}
		}
		k := 0
		for i := range 8 {
			if b&(1<<i) == 0 {
				continue
			}
			if got := nthByte(m, k); got != i {
				t.Errorf("nthByte(%#x, %d) = %d, want %d", m, k, got, i)
			}
			k++
		}
	}
}
