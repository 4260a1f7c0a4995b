package conll_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	_ "github.com/stress-ner/stress/conll/formats"
	"github.com/stress-ner/stress/internal/limits"
)

// endless is an input that never ends: head, then b forever.
func endless(head string, b byte) io.Reader {
	return io.MultiReader(strings.NewReader(head), repeat(b))
}

type repeat byte

// endlessLines is an input that repeats line forever: a sentence (or a
// document) without end, as `yes` prints.
type endlessLines struct {
	line string
	off  int
}

func (r *endlessLines) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = r.line[r.off]
		r.off = (r.off + 1) % len(r.line)
	}
	return len(p), nil
}

func (r repeat) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r)
	}
	return len(p), nil
}

// gzipped returns the gzip of n bytes b after head: a small file that
// decompresses to a long line (a gzip bomb).
func gzipped(t *testing.T, head string, b byte, n int) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write([]byte(head))
	zw.Write(bytes.Repeat([]byte{b}, n))
	zw.Close()
	return buf.Bytes()
}

// TestEndlessInput: every reader stops an input with an endless line or
// document (/dev/zero, a gzip bomb) with an error at its place, after
// reading a bounded amount (issue 25, F18), instead of filling memory.
func TestEndlessInput(t *testing.T) {
	bomb := gzipped(t, "", '0', limits.MaxLine+1000)
	long := strings.Repeat("abcdefghij", 101) // a 1,010-byte token
	tests := []struct {
		name string // how OpenReader is told the format
		in   io.Reader
		err  error
		msg  string
	}{
		{"-", endless("", 0), limits.ErrLongLine, "-:1: "},
		{"zero.tsv", endless("Aspirin\tB-Chemical\n\n", 0), limits.ErrLongLine, "zero.tsv:3: "},
		{"bomb.tsv.gz", bytes.NewReader(bomb), limits.ErrLongLine, "bomb.tsv.gz:1: "},
		{"-", bytes.NewReader(bomb), limits.ErrLongLine, "-:1: "},
		{"x.jsonl", endless(`{"tokens": ["a"], "ner_tags": ["O"]}`+"\n", ' '), limits.ErrLongLine, "x.jsonl:2: "},
		{"x.pubtator", endless("1|t|", 'a'), limits.ErrLongLine, "x.pubtator:1: "},
		{"x.xml", endless("<collection><document><id>1</id><passage><offset>0</offset><text>", 'a'), limits.ErrLargeDocument, "x.xml:1:"},
		{"x.xml", endless("<collection>", ' '), limits.ErrLargeDocument, "x.xml:1:"},
		{"x.bioc.json", endless(`{"documents": [{"id": "1", "passages": [{"offset": 0, "text": "`, 'a'), limits.ErrLargeDocument, "x.bioc.json:1:"},
		// N04 (issue 31): lines of any length, but no blank line ever
		// (long tokens keep the test short).
		{"N04 sentence.tsv", io.MultiReader(strings.NewReader("a\tO\n\n"), &endlessLines{line: long + "\tO\n"}), limits.ErrLongSentence, "sentence.tsv:16581: sentence longer than 16 MiB: no blank line since line 3"},
		{"N04 sentence.txt", &endlessLines{line: long + " O\n"}, limits.ErrLongSentence, "sentence.txt:16579: "},
		// A PubTator document of endless annotation or relation lines.
		{"N04 x.pubtator", io.MultiReader(strings.NewReader("1|t|"+long+"\n"), &endlessLines{line: "1\t0\t1010\t" + long + "\tChemical\n"}), limits.ErrLargeDocument, "x.pubtator:16305: document larger than 16 MiB: document 1 has no blank line after it"},
		{"N04 x.pubtator", io.MultiReader(strings.NewReader("1|t|a\n"), &endlessLines{line: "1\tCID\t" + long + "\n"}), limits.ErrLargeDocument, "x.pubtator:16498: "},
	}
	for _, tt := range tests {
		name := strings.TrimPrefix(tt.name, "N04 ")
		t.Run(tt.name, func(t *testing.T) {
			f, err := conll.OpenReader(tt.in, name)
			if err == nil {
				for err == nil {
					_, err = f.Read()
				}
				f.Close()
			}
			if !errors.Is(err, tt.err) || !strings.HasPrefix(err.Error(), tt.msg) || strings.Count(err.Error(), name) != 1 {
				t.Errorf("err = %v, want %v at %q", err, tt.err, tt.msg)
			}
		})
	}
}

// TestBadGzip: a truncated or corrupt gzip file is an error saying so and
// naming the file, once, in every format.
func TestBadGzip(t *testing.T) {
	corpus := "Aspirin\tB-Chemical\ninduced\tO\nulcers\tB-Disease\n\n"
	whole := gzipped(t, strings.Repeat(corpus, 2000), '\n', 1)
	corrupt := bytes.Clone(whole)
	corrupt[len(corrupt)-8] ^= 0xff // the checksum
	json := gzipped(t, strings.Repeat(`{"tokens": ["a"], "ner_tags": ["O"]}`+"\n", 2000), '\n', 1)
	tests := []struct {
		name string
		data []byte
		msg  string
	}{
		{"cut.tsv.gz", whole[:len(whole)/2], "cut.tsv.gz: gzip: unexpected EOF (the compressed file is truncated)"},
		{"bad.tsv.gz", corrupt, "bad.tsv.gz: gzip: invalid checksum (the compressed file is corrupt)"},
		{"cut.jsonl.gz", json[:len(json)/2], "cut.jsonl.gz: gzip: unexpected EOF (the compressed file is truncated)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := conll.OpenReader(bytes.NewReader(tt.data), tt.name)
			if err == nil {
				_, err = conll.ReadAll(f)
				f.Close()
			}
			if err == nil || !strings.HasPrefix(err.Error(), tt.msg) || strings.Count(err.Error(), tt.name) != 1 {
				t.Errorf("err = %v, want %q", err, tt.msg)
			}
		})
	}
}
