package pos

import (
	"bytes"
	"compress/gzip"
	"errors"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func gz(t *testing.T, text string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(text))
	zw.Close()
	return b.Bytes()
}

func TestEmbeddedModel(t *testing.T) {
	m, err := parseModel(modelGz)
	if err != nil {
		t.Fatal(err)
	}
	// prose v2.0.0's model: 38 classes weighed, 1,549 words in the tag
	// dictionary, 75,447 features with 271,206 weights.
	if len(m.classes) != 38 || len(m.tagDict) != 1549 || len(m.feature) != 75447 || len(m.entries) != 271206 {
		t.Errorf("model has %d classes, %d dictionary words, %d features, %d weights; want 38, 1549, 75447, 271206",
			len(m.classes), len(m.tagDict), len(m.feature), len(m.entries))
	}
	if w := m.weights([]byte("bias")); len(w) != len(m.classes) || m.classes[w[0].class] != "$" || w[0].milli != 1844 {
		t.Errorf("bias weights %v, want every class, $ first at 1844", w)
	}
	if w := m.weights([]byte("i word no-such-word")); w != nil {
		t.Errorf("unknown feature has weights %v", w)
	}
}

func TestParseModelErrors(t *testing.T) {
	for _, c := range []struct{ name, text string }{
		{"empty", ""},
		{"no features", "c\tNN\n"},
		{"unknown line", "c\tNN\nx\ty\n"},
		{"tag without tag", "c\tNN\nt\tword\n"},
		{"feature without weights", "c\tNN\nf\tbias\n"},
		{"class out of range", "c\tNN\nf\tbias\t1:5\n"},
		{"bad weight", "c\tNN\nf\tbias\t0:x\n"},
	} {
		if _, err := parseModel(gz(t, c.text)); !errors.Is(err, errModel) {
			t.Errorf("%s: err %v, want errModel", c.name, err)
		}
	}
	if _, err := parseModel([]byte("not gzip")); !errors.Is(err, errModel) {
		t.Errorf("not gzip: err %v, want errModel", err)
	}
	m, err := parseModel(gz(t, "c\tJJ\tNN\nt\tthe\tDT\nf\tbias\t0:-1 1:2\nf\ti word x\t1:-5\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.weights([]byte("i word x"))) != 1 || m.tagDict["the"] != "DT" {
		t.Errorf("parsed %+v", m)
	}
}

// FuzzContentWords checks the ported tokenizer and tagger on any text:
// no panic (prose's slices out of range on some words), one answer per
// corpus token, and tagged tokens that are pieces of the sanitised text
// in order, where lower case keeps every letter's length (where it does
// not, prose cuts clitics at the lower-case offset, mid-letter, and so
// does the port). Like prose, the tokenizer drops some text ("'sd'").
func FuzzContentWords(f *testing.F) {
	for _, s := range []string{"The patient 's blood was n't", "İİ's", "(-_-) a.b@c.org http://x.y", "*-1 -LRB- 1999 5-FU", "“q” &rsquo;s"} {
		f.Add(s)
	}
	tg, err := Load()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) {
			return
		}
		tokens := strings.Fields(text)
		if got := tg.ContentWords(tokens); len(got) != len(tokens) {
			t.Fatalf("%d answers for %d tokens", len(got), len(tokens))
		}
		toks := tokenize(text)
		tg.model.tag(toks)
		if !lowerKeepsOffsets(text) {
			return
		}
		rest := sanitizer.Replace(text)
		for _, tok := range toks {
			i := strings.Index(rest, tok.text)
			if tok.text == "" || tok.tag == "" || i < 0 {
				t.Fatalf("token %q tagged %q, not next in %q", tok.text, tok.tag, rest)
			}
			rest = rest[i+len(tok.text):]
		}
	})
}

// lowerKeepsOffsets reports whether strings.ToLower keeps the byte
// length of every letter of text (not of "İ", "Ⱥ").
func lowerKeepsOffsets(text string) bool {
	for _, r := range text {
		if utf8.RuneLen(unicode.ToLower(r)) != utf8.RuneLen(r) {
			return false
		}
	}
	return true
}
