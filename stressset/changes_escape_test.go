package stressset

import (
	"math/rand/v2"
	"testing"

	"github.com/stress-ner/stress/perturb"
)

// TestAppendField checks escaping against strings.Replacer on random
// strings of the bytes that matter and their neighbours.
func TestAppendField(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	alphabet := []byte("ab\\\t\n\r\x00\x0b\x0c\x0e[]^\x7f\x80\xffé ")
	escaped := 0
	for range 50000 {
		b := make([]byte, r.IntN(30))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		f := string(b)
		got, want := appendField([]byte("x"), f), "x"+fieldEscaper.Replace(f)
		if string(got) != want {
			t.Fatalf("appendField(%q) = %q, want %q", f, got, want)
		}
		if want != "x"+f {
			escaped++
		}
	}
	if escaped == 0 {
		t.Fatal("no string needed escaping: the test proves nothing")
	}
}

// FuzzAppendField checks escaping against strings.Replacer.
func FuzzAppendField(f *testing.F) {
	for _, s := range []string{"", "a\\b", "tab\there", "line\nbreak\r", "plain text of some length"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := appendField(nil, s), fieldEscaper.Replace(s); string(got) != want {
			t.Fatalf("appendField(%q) = %q, want %q", s, got, want)
		}
	})
}

func BenchmarkAppendChange(b *testing.B) {
	c := perturb.Change{File: "train_keyboard.tsv", Sentence: 1234, Token: 7, End: 8, Kind: "keyboard",
		Before: "nephrotoxicity", After: "nephrotoxocity"}
	b.ReportAllocs()
	var buf []byte
	for b.Loop() {
		buf = appendChange(buf[:0], c)
	}
	b.SetBytes(int64(len(buf)))
}

// TestRowAppender checks rowAppender against appendChange, for changes
// whose file and kind repeat, change, or need escaping.
func TestRowAppender(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	texts := []string{"", "a", "nephrotoxicity", "back\\slash", "tab\tin", "x\ny"}
	files := []string{"train_keyboard.tsv", "dev\tel.tsv"}
	kinds := []string{"keyboard", "swap", "syn\\onym"}
	numbers := []int{0, 1, 8, 9, 10, 98, 99, 100, 12345, -1}
	var ra rowAppender
	for range 20000 {
		c := perturb.Change{File: files[r.IntN(len(files))], Kind: kinds[r.IntN(len(kinds))],
			Sentence: numbers[r.IntN(len(numbers))], Token: numbers[r.IntN(len(numbers))], End: numbers[r.IntN(len(numbers))],
			Before: texts[r.IntN(len(texts))], After: texts[r.IntN(len(texts))],
			ConceptID: texts[r.IntN(len(texts))], Source: texts[r.IntN(len(texts))], TermType: texts[r.IntN(len(texts))]}
		got, want := ra.append([]byte("x"), c), appendChange([]byte("x"), c)
		if string(got) != string(want) {
			t.Fatalf("%+v: rowAppender %q, appendChange %q", c, got, want)
		}
	}
}

func BenchmarkRowAppender(b *testing.B) {
	c := perturb.Change{File: "train_keyboard.tsv", Sentence: 1234, Token: 7, End: 8, Kind: "keyboard",
		Before: "nephrotoxicity", After: "nephrotoxocity"}
	b.ReportAllocs()
	var ra rowAppender
	var buf []byte
	for b.Loop() {
		buf = ra.append(buf[:0], c)
	}
	b.SetBytes(int64(len(buf)))
}
