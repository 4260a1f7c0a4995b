package perturb

import (
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
)

// fastPathWords exercise the ASCII fast paths of word selection and
// their fallbacks: stopwords in every case, long words, non-letters,
// non-ASCII letters and characters whose lower case changes length.
var fastPathWords = []string{
	"", "a", "The", "THEMSELVES", "themselves", "Themselvesx", "However", "between",
	"inhibitions", "Inhibitions", "5-FU", "L-NAME", "abc123", "naïve", "Straße", "İnhibit",
	"\u212Aelvin", "café-au-lait", "αβγδεζ", "x\xffy", "aaaaaaaaaaaaaaaaaaaaaaaaa",
	// Lengths where the eight-byte loads overlap, a non-letter or a
	// byte past ASCII in the overlap or out of it.
	"inhibition5", "5inhibition", "inhibi5ion", "abcdefgé", "éabcdefg", "abcd5", "ab5de", "abcdé", "abcdefghi",
	// Control bytes, which writable refuses, in every place of a word
	// of 4 to 9 bytes.
	"\tbcd", "a\rcd", "ab\x00d", "abc\n", "\x0dbcdefgh", "abcdefg\x0b", "abcd\x0cfghi", "abcd\x0e", "ab\x7fde\x80",
}

// checkFastPaths compares the fast selection helpers with their plain
// Unicode definitions on w.
func checkFastPaths(t *testing.T, w string) {
	t.Helper()
	if got, want := letterRun(w), letterRunUnicode(w); got != want {
		t.Errorf("letterRun(%q) = %d, Unicode path %d", w, got, want)
	}
	if len(w) >= 4 {
		if got, want := asciiLettersOnly(w), asciiLetters(w); got != want {
			t.Errorf("asciiLettersOnly(%q) = %v, byte by byte %v", w, got, want)
		}
	}
	for _, min := range []int{1, 4, 6, 12} {
		if got, want := isLexical(w, min), isLexicalUnicode(w, min); got != want {
			t.Errorf("isLexical(%q, %d) = %v, Unicode path %v", w, min, got, want)
		}
	}
	if got, want := writable(w), writableBytewise(w); got != want {
		t.Errorf("writable(%q) = %v, byte by byte %v", w, got, want)
	}
	_, want := stopwords()[strings.ToLower(w)]
	if got := isStopword(w); got != want {
		t.Errorf("isStopword(%q) = %v, want %v", w, got, want)
	}
	if asciiLetters(w) {
		if got := isStopwordLetters(w); got != want {
			t.Errorf("isStopwordLetters(%q) = %v, want %v", w, got, want)
		}
	}
}

// asciiLetters reports whether w is ASCII letters only, as
// isStopwordLetters needs.
func asciiLetters(w string) bool {
	for i := 0; i < len(w); i++ {
		if !isASCIILetter(w[i]) {
			return false
		}
	}
	return true
}

func TestSelectionFastPaths(t *testing.T) {
	for _, w := range fastPathWords {
		checkFastPaths(t, w)
	}
	for w := range stopwords() {
		checkFastPaths(t, w)
		checkFastPaths(t, strings.ToUpper(w))
	}
}

func FuzzSelectionFastPaths(f *testing.F) {
	for _, w := range fastPathWords {
		f.Add(w)
	}
	f.Fuzz(checkFastPaths)
}

// checkSeed2 compares sentenceSeed2 with two calls of sentenceSeed.
func checkSeed2(t *testing.T, seed uint64, a, b string, s conll.Sentence) {
	t.Helper()
	a1, a2, b1, b2 := sentenceSeed2(seed, a, b, s)
	w1, w2 := sentenceSeed(seed, a, s)
	v1, v2 := sentenceSeed(seed, b, s)
	if a1 != w1 || a2 != w2 || b1 != v1 || b2 != v2 {
		t.Errorf("sentenceSeed2(%d, %q, %q, %q) differs from sentenceSeed", seed, a, b, s.Tokens)
	}
}

func TestSentenceSeed2(t *testing.T) {
	s := conll.Sentence{Tokens: []string{"Aspirin", "", "é"}, Tags: []string{"B-Chemical", "O"}}
	checkSeed2(t, 1, "keyboard", "swap", s)
	checkSeed2(t, 0, "", "x", conll.Sentence{})
}

func FuzzSentenceSeed2(f *testing.F) {
	f.Add(uint64(1), "keyboard", "swap", "Aspirin helps", "B-Chemical O")
	f.Fuzz(func(t *testing.T, seed uint64, a, b, toks, tags string) {
		checkSeed2(t, seed, a, b, conll.Sentence{Tokens: strings.Fields(toks), Tags: strings.Fields(tags)})
	})
}

// checkSeedLines compares sentenceSeedLines, and the hash
// conll.Reader.ReadPlainText continues from seedPrefix (as perturbBytes
// seeds), with sentenceSeed on s written as plain lines.
func checkSeedLines(t *testing.T, seed uint64, stream string, s conll.Sentence) {
	t.Helper()
	var text strings.Builder
	for i, tok := range s.Tokens {
		text.WriteString(tok + "\t" + s.Tags[i] + "\n")
	}
	h1, h2 := sentenceSeedLines(seedPrefix(seed, stream), seed, text.String())
	w1, w2 := sentenceSeed(seed, stream, s)
	if h1 != w1 || h2 != w2 {
		t.Errorf("sentenceSeedLines(%d, %q, %q) differs from sentenceSeed", seed, stream, text.String())
	}
	// The reader declines the first sentence of an input (its first
	// line decides the layout): one goes before.
	r := conll.NewReader(strings.NewReader("x\tO\n\n" + text.String() + "\n"))
	if _, err := r.Read(); err != nil {
		t.Fatal(err)
	}
	var pt conll.PlainText
	if ok, err := r.ReadPlainText(seedPrefix(seed, stream), &pt); !ok || err != nil {
		t.Logf("ReadPlainText declined %q: %v", text.String(), err)
	} else if pt.Hash != w1 {
		t.Errorf("ReadPlainText's hash of %q from seedPrefix(%d, %q) = %#x, sentenceSeed's %#x", text.String(), seed, stream, pt.Hash, w1)
	}
}

func TestSentenceSeedLines(t *testing.T) {
	s := conll.Sentence{Tokens: []string{"Aspirin", "-", "é"}, Tags: []string{"B-Chemical", "O", "I-Chemical"}}
	checkSeedLines(t, 1, "keyboard", s)
	checkSeedLines(t, 0, "", conll.Sentence{Tokens: []string{"x"}, Tags: []string{"O"}})
}

func FuzzSentenceSeedLines(f *testing.F) {
	f.Add(uint64(1), "keyboard", "Aspirin helps", "B-Chemical O")
	f.Fuzz(func(t *testing.T, seed uint64, stream, toks, tags string) {
		s := conll.Sentence{Tokens: strings.Fields(toks), Tags: strings.Fields(tags)}
		if len(s.Tokens) == 0 || len(s.Tokens) != len(s.Tags) || strings.ContainsAny(toks+tags, "\t\n") {
			return // not a sentence of plain lines
		}
		checkSeedLines(t, seed, stream, s)
	})
}

// TestStopwordStarts computes stopwordStarts and stopwordEnds again
// from the stopwords.
func TestStopwordStarts(t *testing.T) {
	var starts, ends [maxStopword + 1]uint32
	for w := range stopwords() {
		if c := w[0]; 'a' <= c && c <= 'z' {
			starts[len(w)] |= 1 << (c - 'a')
		}
		if c := w[len(w)-1]; 'a' <= c && c <= 'z' {
			ends[len(w)] |= 1 << (c - 'a')
		}
	}
	if starts != stopwordStarts {
		t.Errorf("stopwordStarts = %#x, the stopwords give %#x", stopwordStarts, starts)
	}
	if ends != stopwordEnds {
		t.Errorf("stopwordEnds = %#x, the stopwords give %#x", stopwordEnds, ends)
	}
}

// TestASCIILetters8 compares asciiLetters8 with isASCIILetter on every
// ASCII byte in every position, and isASCIILetter with its definition
// on every byte.
func TestASCIILetters8(t *testing.T) {
	for c := range 0x100 {
		b := byte(c)
		if got, want := isASCIILetter(b), 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'; got != want {
			t.Errorf("isASCIILetter(%q) = %v, want %v", b, got, want)
		}
	}
	for c := range 0x80 {
		for pos := range 8 {
			w := []byte("abcdXYZq")
			w[pos] = byte(c)
			if got, want := asciiLetters8(load64(w, 0)), isASCIILetter(byte(c)); got != want {
				t.Errorf("asciiLetters8(%q) = %v, want %v", w, got, want)
			}
		}
	}
}
