package perturb

import (
	"strings"
	"testing"
)

// fastPathWords exercise the ASCII fast paths of word selection and
// their fallbacks: stopwords in every case, long words, non-letters,
// non-ASCII letters and characters whose lower case changes length.
var fastPathWords = []string{
	"", "a", "The", "THEMSELVES", "themselves", "Themselvesx", "However", "between",
	"inhibitions", "Inhibitions", "5-FU", "L-NAME", "abc123", "naïve", "Straße", "İnhibit",
	"\u212Aelvin", "café-au-lait", "αβγδεζ", "x\xffy", "aaaaaaaaaaaaaaaaaaaaaaaaa",
}

// checkFastPaths compares the fast selection helpers with their plain
// Unicode definitions on w.
func checkFastPaths(t *testing.T, w string) {
	t.Helper()
	if got, want := letterRun(w), letterRunUnicode(w); got != want {
		t.Errorf("letterRun(%q) = %d, Unicode path %d", w, got, want)
	}
	for _, min := range []int{1, 4, 6, 12} {
		if got, want := isLexical(w, min), isLexicalUnicode(w, min); got != want {
			t.Errorf("isLexical(%q, %d) = %v, Unicode path %v", w, min, got, want)
		}
	}
	_, want := stopwords[strings.ToLower(w)]
	if got := isStopword(w); got != want {
		t.Errorf("isStopword(%q) = %v, want %v", w, got, want)
	}
}

func TestSelectionFastPaths(t *testing.T) {
	for _, w := range fastPathWords {
		checkFastPaths(t, w)
	}
	for w := range stopwords {
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
