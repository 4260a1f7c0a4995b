package perturb_test

import (
	"bytes"
	"io"
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/sample"
)

// byteEditorWords are the words TestByteEditors edits besides the
// sample's tokens: short, hyphenated, digits, repeated letters,
// non-ASCII.
var byteEditorWords = []string{"", "a", "ab", "aa", "Ab", "5-FU", "L-NAME", "x1y", "a;b", "ZZZ", "inhibitions",
	"naïve", "Straße", "αβγ", "café-au-lait", "zqxjkv", "AZERTY", "mmmmmm"}

// TestByteEditors checks every kind that offers perturb.ByteEditor,
// with each of its options: EditBytes makes the bytes and the random
// draws AppendWord makes, or declines only a word it cannot edit in
// place (not ASCII, or edited to another length); CheckBytes gives
// Check's verdict on the edits and on other changes of ASCII words
// (unchanged, each letter replaced, each pair swapped).
func TestByteEditors(t *testing.T) {
	data, err := io.ReadAll(sample.TestReader())
	if err != nil {
		t.Fatal(err)
	}
	words := append([]string(nil), byteEditorWords...)
	seen := map[string]bool{}
	r := conll.NewReader(bytes.NewReader(data))
	for {
		s, err := r.Read()
		if err != nil {
			break
		}
		for _, w := range s.Tokens {
			if !seen[w] {
				seen[w] = true
				words = append(words, w)
			}
		}
	}
	offered := 0
	for _, k := range wordEditorKinds(t) {
		variants := []map[string]string{nil}
		for _, o := range k.Options {
			switch {
			case o.Bool:
				variants = append(variants, map[string]string{o.Name: "true"})
			case o.Name == "layout":
				variants = append(variants, map[string]string{o.Name: "qwertz"}, map[string]string{o.Name: "azerty"})
			}
		}
		for _, opts := range variants {
			p, err := k.New(opts)
			if err != nil {
				t.Fatal(err)
			}
			be, ok := p.(perturb.ByteEditor)
			if !ok {
				continue
			}
			offered++
			for _, w := range words {
				for seed := range uint64(4) {
					checkByteEditor(t, k.Name, opts, p, be, w, seed)
				}
				checkBytesVerdicts(t, k.Name, opts, p, be, w)
			}
		}
	}
	if offered < 2 {
		t.Errorf("%d kinds and options offer ByteEditor, want keyboard and swap at least", offered)
	}
}

// checkByteEditor compares EditBytes with AppendWord on w.
func checkByteEditor(t *testing.T, kind string, opts map[string]string, p perturb.Perturbation, be perturb.ByteEditor, w string, seed uint64) {
	t.Helper()
	pcg := rand.NewPCG(seed, 9)
	r1, r2 := rand.New(rand.NewPCG(seed, 9)), rand.New(pcg)
	want, wantOK := be.AppendWord(nil, w, r1)
	got := []byte(w)
	edited, ok := be.EditBytes(got, perturb.NewDraws(pcg))
	if !ok {
		if ascii(w) && (!wantOK || len(want) == len(w)) {
			t.Errorf("%s %v: EditBytes declined %q, which AppendWord edits to %q in place", kind, opts, w, want)
		}
		return
	}
	if edited != wantOK || edited && string(got) != string(want) || !edited && string(got) != w {
		t.Errorf("%s %v seed %d: EditBytes(%q) = %q, %v; AppendWord %q, %v", kind, opts, seed, w, got, edited, want, wantOK)
	}
	if r1.Uint64() != r2.Uint64() {
		t.Errorf("%s %v seed %d: %q: EditBytes and AppendWord drew differently", kind, opts, seed, w)
	}
	if edited && !be.CheckBytes([]byte(w), got) {
		t.Errorf("%s %v: CheckBytes refused its own edit %q -> %q", kind, opts, w, got)
	}
}

// checkBytesVerdicts compares CheckBytes with Check on changes of the
// ASCII word w: none, each letter replaced by a few characters (control
// bytes among them), each pair of adjacent bytes swapped. CheckBytes
// must accept no change that puts a byte up to '\r' into a word without
// one: the plain path writes what it accepts unchecked.
func checkBytesVerdicts(t *testing.T, kind string, opts map[string]string, p perturb.Perturbation, be perturb.ByteEditor, w string) {
	t.Helper()
	if !ascii(w) {
		return
	}
	check := func(after []byte) {
		want := p.Check(perturb.Change{Token: 0, End: 1, Kind: kind, Before: w, After: string(after)}) == nil
		got := be.CheckBytes([]byte(w), after)
		if got != want {
			t.Errorf("%s %v: CheckBytes(%q -> %q) = %v, Check's verdict %v", kind, opts, w, after, got, want)
		}
		if got && noControlBytes([]byte(w)) && !noControlBytes(after) {
			t.Errorf("%s %v: CheckBytes accepts %q -> %q, which puts a control byte in", kind, opts, w, after)
		}
	}
	check([]byte(w))
	for i := range len(w) {
		for _, c := range []byte("aqwszx1;-E\t\n\r\x00 ") {
			b := []byte(w)
			b[i] = c
			check(b)
		}
		if i+1 < len(w) {
			b := []byte(w)
			b[i], b[i+1] = b[i+1], b[i]
			check(b)
		}
	}
}

// noControlBytes reports whether w has no byte up to '\r' (the bytes
// the plain path cannot write as they are).
func noControlBytes(w []byte) bool {
	for _, c := range w {
		if c <= '\r' {
			return false
		}
	}
	return true
}

func ascii(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
