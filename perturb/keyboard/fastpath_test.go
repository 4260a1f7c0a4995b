package keyboard

import (
	"math/rand/v2"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/perturb"
)

// TestASCIIFastPath checks the ASCII tables against the general
// definitions, and the ASCII word path against the Unicode one (same
// random draws, same result), for every built-in layout.
func TestASCIIFastPath(t *testing.T) {
	words := []string{"inhibitions", "Aspirin", "5-FU", "L-NAME", "x", "12", "a;b", "ZZZ", "naïve", "Straße", "αβγ"}
	for _, name := range Layouts() {
		l, err := LoadLayout(name)
		if err != nil {
			t.Fatal(err)
		}
		typo := New(l)
		for c := 0; c < 256; c++ {
			want := c < utf8.RuneSelf && typo.replaceable(rune(c))
			if l.asciiLetterKey[c] != want {
				t.Errorf("%s: byte %q: table %v, replaceable %v", name, rune(c), l.asciiLetterKey[c], want)
			}
		}
		for _, w := range words {
			for seed := range uint64(20) {
				a, okA := typo.appendASCIIWord(nil, w, rand.New(rand.NewPCG(seed, 1)))
				b, okB := typo.unicodeWord(w, rand.New(rand.NewPCG(seed, 1)))
				if okA != okB || okA && string(a) != b {
					t.Errorf("%s: %q seed %d: ASCII path %q %v, Unicode path %q %v", name, w, seed, a, okA, b, okB)
				}
			}
		}
	}
}

// TestASCIISlip checks the table of ASCII slips against IsNeighbour,
// for every two ASCII characters of every layout.
func TestASCIISlip(t *testing.T) {
	for _, name := range Layouts() {
		l, err := LoadLayout(name)
		if err != nil {
			t.Fatal(err)
		}
		slips := 0
		for a := rune(0); a < utf8.RuneSelf; a++ {
			for b := rune(0); b < utf8.RuneSelf; b++ {
				if got, want := l.slip(byte(a), byte(b)), l.IsNeighbour(a, b); got != want {
					t.Errorf("%s: slip(%q, %q) = %v, IsNeighbour %v", name, a, b, got, want)
				}
				if l.slip(byte(a), byte(b)) {
					slips++
				}
			}
		}
		if slips < 2*26*3 {
			t.Errorf("%s: %d ASCII slips, want a few for every letter in either case", name, slips)
		}
	}
}

// TestCheckASCIITable checks Check on every one-byte ASCII change
// against the definition: a letter replaced by a keyboard neighbour.
func TestCheckASCIITable(t *testing.T) {
	for _, name := range Layouts() {
		l, err := LoadLayout(name)
		if err != nil {
			t.Fatal(err)
		}
		typo := New(l)
		for a := rune(1); a < utf8.RuneSelf; a++ {
			for b := rune(1); b < utf8.RuneSelf; b++ {
				before, after := "q"+string(a)+"z", "q"+string(b)+"z"
				want := a != b && unicode.IsLetter(a) && l.IsNeighbour(a, b)
				got := typo.Check(perturb.Change{Token: 0, End: 1, Before: before, After: after}) == nil
				if got != want {
					t.Errorf("%s: Check(%q -> %q) ok %v, want %v", name, before, after, got, want)
				}
			}
		}
	}
}

// TestRuneString checks runeString against string(c).
func TestRuneString(t *testing.T) {
	for _, c := range []rune{0, 1, 'a', 'Z', '~', 0x7f, 0x80, 'é', '€', utf8.MaxRune, -1} {
		if got, want := runeString(c), string(c); got != want {
			t.Errorf("runeString(%U) = %q, want %q", c, got, want)
		}
	}
	for c := rune(0); c < utf8.RuneSelf; c++ {
		if got, want := runeString(c), string(c); got != want {
			t.Errorf("runeString(%U) = %q, want %q", c, got, want)
		}
	}
}

// TestASCIILetters compares asciiLetters with a byte loop on words of
// every length to 24, with a byte that is no letter (or past ASCII) at
// every position, and checks allLetters against asciiLetterKey.
func TestASCIILetters(t *testing.T) {
	isLetter := func(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
	for n := range 25 {
		for _, fill := range []byte{'a', 'z', 'A', 'Z', 'm'} {
			word := make([]byte, n)
			for i := range word {
				word[i] = fill
			}
			for pos := -1; pos < n; pos++ {
				for _, c := range []byte{'@', '[', '`', '{', '0', '-', ' ', 0x7f, 0x80, 0xc3, 0xe1, 0xff, 'q', 'Q'} {
					w := append([]byte(nil), word...)
					if pos >= 0 {
						w[pos] = c
					}
					want := n >= 4
					for _, b := range w {
						want = want && isLetter(b)
					}
					if got := asciiLetters(w); got != want {
						t.Errorf("asciiLetters(%q) = %v, want %v", w, got, want)
					}
				}
			}
		}
	}
	for _, name := range Layouts() {
		l, err := LoadLayout(name)
		if err != nil {
			t.Fatal(err)
		}
		want := true
		for c := 0; c < 128; c++ {
			if isLetter(byte(c)) && !l.asciiLetterKey[c] {
				want = false
			}
		}
		if l.allLetters != want {
			t.Errorf("%s: allLetters %v, want %v", name, l.allLetters, want)
		}
	}
}
