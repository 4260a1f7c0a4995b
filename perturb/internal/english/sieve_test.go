package english

import (
	"os"
	"strings"
	"testing"
	"unicode"

	"github.com/stress-ner/stress/internal/textutil"
)

// sieves are the expressions of natural with their conditions; the
// word sieves are asked of a name's words, the others of whole names.
var (
	nameSieves = map[string]sieve{"stereo": stereoRE, "locant": locantRE, "stereo letter": stereoLetterRE, "code": codeRE,
		"roman": romanRE, "amino": aminoRE, "qualifier": qualifierRE, "punct": punctRE}
	wordSieves = map[string]sieve{"formula": formulaRE, "roman numeral": romanNumeral}
)

// checkSieves fails when a sieve's condition is false for s while its
// expression matches s.
func checkSieves(t *testing.T, sieves map[string]sieve, s string) {
	t.Helper()
	for name, v := range sieves {
		if !v.need(s) && v.re().MatchString(s) {
			t.Errorf("%s: %q matches, but the condition says it cannot", name, s)
		}
	}
}

// TestSieves checks every sieve's condition against its expression on
// hand-picked strings and on every name of the embedded lexicon, its
// words and its letter runs (as natural asks them); every eighth name
// with -short.
func TestSieves(t *testing.T) {
	for _, s := range []string{"", "NOS", "Nos", "noſ", "unKnown", "(+)-ephedrine", "DL-alanine", "2,3-x", "6'-x", "N,N'-x", "CaCl2",
		"L dopa", "Hoe 33342", "factor IV", "Tyr-Gly-Gly-Phe", "a; b", "subac. x", "x.y", "viii", "VIII", "\u212Anown", "drug\\x",
		"not otherwise specified", "NOT ELSEWHERE CLASSIFIED", "cancer <NOS>", "obsolete x", "retired", "deprecated",
		"trans-x", "x cis-y", "LL-x", "DDL-x", "Na", "NaCl", "H2O", "C6H12O6", "Fe3", "CO", "Ca2+", "Parkinson", "AbC", "A1b"} {
		checkSieves(t, nameSieves, s)
		checkSieves(t, wordSieves, s)
	}
	const lexicon = "../../../umls/default/lexicon.tsv.gz"
	gz, err := os.ReadFile(lexicon)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	seen := map[string]bool{}
	word := func(w string) {
		if !seen[w] {
			seen[w] = true
			checkSieves(t, wordSieves, w)
		}
	}
	err = textutil.GzipLines(gz, func(line string) {
		f := strings.Split(line, "\t")
		for _, name := range f[min(2, len(f)):] {
			if n++; testing.Short() && n%8 != 0 {
				continue
			}
			name = name[min(2, len(name)):] // after the term-type marker
			checkSieves(t, nameSieves, name)
			for _, w := range strings.Fields(name) {
				word(w)
			}
			for _, w := range strings.FieldsFunc(name, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsMark(r) }) {
				word(w)
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 100000 {
		t.Errorf("%s: %d names, want the lexicon's", lexicon, n)
	}
}
