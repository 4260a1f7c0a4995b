package english

import (
	"strings"
	"testing"
)

// TestVocabularyLookups checks the binary searches over the embedded
// vocabulary against maps built from its lines, and that a file whose
// words are not sorted is read into maps with the same answers.
func TestVocabularyLookups(t *testing.T) {
	words, attested := map[string]uint8{}, map[string]bool{}
	for _, line := range strings.Split(strings.TrimSuffix(vocabText, "\n"), "\n") {
		f := strings.Split(line, "\t")
		switch {
		case len(f) == 3 && f[0] == "w":
			var flags uint8
			for _, c := range f[2] {
				flags |= map[rune]uint8{'e': wordEnglish, 'p': wordProper, 'l': wordLabel}[c]
			}
			words[f[1]] = flags
		case len(f) == 2 && f[0] == "a":
			attested[f[1]] = true
		}
	}
	if v := parseVocabulary(vocabText); v.wordMap != nil || v.attestedNames != nil {
		t.Fatal("the embedded vocabulary is not sorted: it was read into maps")
	}
	v := theVocabulary()
	for w, want := range words {
		if got := v.flags(w); got != want {
			t.Fatalf("flags(%q) = %b, want %b", w, got, want)
		}
	}
	for a := range attested {
		if !v.attested(a) {
			t.Fatalf("attested(%q) = false", a)
		}
	}
	// Every word and name of the file is found, and neighbours of them
	// (prefixes, extensions) answer as the maps do.
	n := 0
	for w := range words {
		if n++; n%97 != 0 {
			continue
		}
		for _, x := range []string{w[:len(w)/2], w + "a", w + "\t", w + " x"} {
			if v.flags(x) != words[x] {
				t.Fatalf("flags(%q) = %b, want %b", x, v.flags(x), words[x])
			}
			if v.attested(x) != attested[x] {
				t.Fatalf("attested(%q) = %v", x, v.attested(x))
			}
		}
	}
	for _, w := range []string{"", "zzzzzzzz", "a b"} {
		if v.flags(w) != words[w] || v.attested(w) != attested[w] {
			t.Errorf("%q: flags %b attested %v", w, v.flags(w), v.attested(w))
		}
	}
	u := parseVocabulary("w\tzebra\te\nw\tapple\tl\nw\tapple\tp\na\tb c\na\ta b\nd\tChemical\tX\tx y\n")
	if u.flags("zebra") != wordEnglish || u.flags("apple") != wordProper || !u.attested("a b") || !u.attested("b c") || u.attested("c") ||
		u.longs["Chemical\x00X"] != "x y" {
		t.Errorf("unsorted file: zebra %b apple %b, attested %v %v %v, long %q",
			u.flags("zebra"), u.flags("apple"), u.attested("a b"), u.attested("b c"), u.attested("c"), u.longs["Chemical\x00X"])
	}
}

// TestVocabularyRuns holds runStart, the binary search theVocabulary
// finds the embedded vocabulary's runs with, to lineStart's scan on the
// embedded text and on small texts grouped as the generator writes them,
// with "a" lines.
func TestVocabularyRuns(t *testing.T) {
	// (Without "a" lines the two differ: runStart's "a" run is empty
	// where the "d" lines start, lineStart's at the end.)
	texts := []string{vocabText, "", "w\tx\te\n", "a\tx\n", "w\tx\te\na\tx y\n",
		"a\tx\nd\tA\tB\tc\n", "w\ta\te\nw\tb\tp\na\tb c\na\tc d\nd\tChemical\tX\tx y\n"}
	for _, text := range texts {
		for _, kind := range []byte("ad") {
			if got, want := runStart(text, kind), lineStart(text, string(kind)+"\t"); got != want {
				t.Errorf("runStart(%.40q, %q) = %d, lineStart %d", text, kind, got, want)
			}
		}
	}
	if runStart(vocabText, 'a') == len(vocabText) || runStart(vocabText, 'd') == len(vocabText) {
		t.Error("the embedded vocabulary has no \"a\" or no \"d\" lines")
	}
}
