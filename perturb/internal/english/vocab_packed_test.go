package english

import (
	"bytes"
	"compress/gzip"
	"strings"
	"testing"

	"github.com/stress-ner/stress/internal/textutil"
)

// TestVocabularyLookups checks the binary searches over the embedded
// vocabulary against maps built from its lines, and that a file whose
// words are not sorted is read into maps with the same answers.
func TestVocabularyLookups(t *testing.T) {
	words, attested := map[string]uint8{}, map[string]bool{}
	_ = textutil.GzipLines(vocabGz, func(line string) {
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
	})
	v := parseVocabulary(vocabGz)
	if v.words != nil || v.attestedNames != nil {
		t.Fatal("the embedded vocabulary is not sorted: it was read into maps")
	}
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
	// compareField orders as strings.Compare on the field: against
	// words, their prefixes and extensions, and the empty word.
	for i := 0; i < len(v.wordAt); i += 97 {
		at := v.wordAt[i]
		f := v.wordField(at)
		for _, w := range []string{f, f[:len(f)/2], f + "a", f + "\t", "", "zz", v.wordField(v.wordAt[(i*31)%len(v.wordAt)])} {
			if got, want := v.compareField(at, w), strings.Compare(f, w); got != want {
				t.Fatalf("compareField(%q, %q) = %d, want %d", f, w, got, want)
			}
		}
	}
	for _, w := range []string{"", "zzzzzzzz", "a b"} {
		if v.flags(w) != words[w] || v.attested(w) != attested[w] {
			t.Errorf("%q: flags %b attested %v", w, v.flags(w), v.attested(w))
		}
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("w\tzebra\te\nw\tapple\tl\nw\tapple\tp\na\tb c\na\ta b\nd\tChemical\tX\tx y\n"))
	zw.Close()
	u := parseVocabulary(gz.Bytes())
	if u.flags("zebra") != wordEnglish || u.flags("apple") != wordProper || !u.attested("a b") || !u.attested("b c") || u.attested("c") ||
		u.longs["Chemical\x00X"] != "x y" {
		t.Errorf("unsorted file: zebra %b apple %b, attested %v %v %v, long %q",
			u.flags("zebra"), u.flags("apple"), u.attested("a b"), u.attested("b c"), u.attested("c"), u.longs["Chemical\x00X"])
	}
}
