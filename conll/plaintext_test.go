package conll

import (
	"bufio"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/stress-ner/stress/iob"
)

// plainTextInputs add to the differential inputs sentences whose tags
// an IOB2 check refuses, after plain ones and inside them.
var plainTextInputs = []string{
	"a\tB-X\nb\tI-X\n\nc\tO\nd\tI-Y\n\ne\tO\n\n",
	"a\tO\n\nb\tO\nc\tI-X\nd\tO\n\n",
	"a\tB-X\n\n\n\nb\tB-Y\nc\tI-Y\n\n-DOCSTART-\tO\n\nd\tO\n\n",
}

// TestReadPlainText checks that reading as the plain path does
// (ReadPlainText, then PlainSentence or the text as it is, or
// ReadAppendText when it declines) gives what Read gives: the same
// sentences, errors, layout and line numbers, with and without an
// IOB2 check of the tags, and with read buffers that hold few
// sentences whole; ReadPlainText declines every sentence when the
// tags may be rewritten.
func TestReadPlainText(t *testing.T) {
	var inputs []string
	for _, tc := range readerCases {
		inputs = append(inputs, tc.in)
	}
	inputs = append(append(inputs, differentialInputs...), plainTextInputs...)
	if data, err := os.ReadFile("testdata/corpora/bc5cdr-test-head.tsv"); err == nil {
		inputs = append(inputs, string(data))
	}
	for _, in := range inputs {
		samePlainText(t, in)
	}
	// It takes nearly every sentence of a corpus, after the first.
	in := strings.Repeat("Aspirin\tB-Chemical\nhelps\tO\n\n", 50)
	r, took := NewReader(strings.NewReader(in)), 0
	for {
		if _, _, _, ok, _ := r.ReadPlainText(nil); ok {
			took++
		} else if _, _, _, err := r.ReadAppendText(nil); err != nil {
			break
		}
	}
	if took != 49 {
		t.Errorf("ReadPlainText took %d of 50 sentences, want 49", took)
	}
}

// FuzzReadPlainText is TestReadPlainText on arbitrary input.
func FuzzReadPlainText(f *testing.F) {
	for _, in := range append(append([]string{}, differentialInputs...), plainTextInputs...) {
		f.Add(in)
	}
	f.Fuzz(samePlainText)
}

func samePlainText(t *testing.T, in string) {
	t.Helper()
	for _, size := range []int{64 << 10, 16, 40} {
		for _, check := range []string{"none", "IOB2", "IOB1"} {
			samePlainTextWith(t, in, size, check)
		}
	}
}

// samePlainTextWith reads in both ways with a buffer of size bytes and
// the tag check named check.
func samePlainTextWith(t *testing.T, in string, size int, check string) {
	t.Helper()
	a, b := NewReader(strings.NewReader(in)), NewReader(strings.NewReader(in))
	a.r = bufio.NewReaderSize(strings.NewReader(in), size)
	a.File, b.File = "in.tsv", "in.tsv"
	switch check {
	case "IOB2":
		a.Tags, b.Tags = iob.Checker(iob.IOB2), iob.Checker(iob.IOB2)
		a.checkOnly = true
	case "IOB1": // rewrites tags: ReadPlainText declines
		a.Tags, b.Tags = iob.Checker(iob.IOB1), iob.Checker(iob.IOB1)
	}
	var strs, tags []string
	for n := 0; ; n++ {
		where := fmt.Sprintf("%q, buffer %d, check %s, sentence %d", in, size, check, n)
		want, werr := b.Read()
		text, lines, next, ok, err := a.ReadPlainText(tags[:0])
		tags = next
		if ok && check == "IOB1" {
			t.Fatalf("%s: ReadPlainText took a sentence whose tags may be rewritten", where)
		}
		var got Sentence
		switch {
		case err != nil:
		case ok && n%2 == 0:
			var str string
			got, str, strs = a.PlainSentence(strs[:0])
			if str != string(text) {
				t.Fatalf("%s: PlainSentence's text %q, ReadPlainText's %q", where, str, text)
			}
		case ok:
			got = Sentence{Line: want.Line, Tokens: make([]string, len(lines)), Tags: make([]string, len(lines))}
			end := 0
			for i, l := range lines {
				if l.Start != end || text[l.Tab] != '\t' || text[l.End] != '\n' || string(text[l.Tab+1:l.End]) != tags[i] {
					t.Fatalf("%s: line %d at %+v of %q, tag %q", where, i, l, text, tags[i])
				}
				got.Tokens[i], got.Tags[i], end = string(text[l.Start:l.Tab]), tags[i], l.End+1
			}
			if end != len(text) || len(tags) != len(lines) {
				t.Fatalf("%s: %d lines of %d bytes in %q, %d tags", where, len(lines), end, text, len(tags))
			}
		default:
			got, _, strs, err = a.ReadAppendText(strs[:0])
		}
		if fmt.Sprint(err) != fmt.Sprint(werr) {
			t.Fatalf("%s: error %v, Read's %v", where, err, werr)
		}
		if err == nil && !reflect.DeepEqual(got, want) {
			t.Fatalf("%s:\n got %#v\nwant %#v", where, got, want)
		}
		if a.Layout() != b.Layout() || a.Line() != b.Line() {
			t.Fatalf("%s: layout %+v line %d, Read's %+v line %d", where, a.Layout(), a.Line(), b.Layout(), b.Line())
		}
		if err != nil {
			return
		}
	}
}
