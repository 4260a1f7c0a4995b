package conll

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stress-ner/stress/iob"
)

// plainTextInputs add to the differential inputs sentences whose tags
// an IOB2 check refuses, after plain ones and inside them.
var plainTextInputs = []string{
	"a\tB-X\nb\tI-X\n\nc\tO\nd\tI-Y\n\ne\tO\n\n",
	"a\tO\n\nb\tO\nc\tI-X\nd\tO\n\n",
	"a\tB-X\n\n\n\nb\tB-Y\nc\tI-Y\n\n-DOCSTART-\tO\n\nd\tO\n\n",
	"a\tO\n\nb\tB-X\nc\tI-Y\n\nd\tO\n\n",
	"a\tO\n\nb\tB-X\nc\tI-\n\nd\tO\n\n",
	"a\tO\n\nb\tOx\n\nc\tB-\n\nd\tX-Y\n\ne\tb-X\n\n",
	"a\tO\n\nb\tI-X\n\n",
	"a\tO\n\nb\tB-X\nc\tI-X\nd\tI-XY\n\n",
	// More lines than scanPlain first has room for (it grows its
	// storage and scans again), and sentences that end at every byte
	// of a word of eight.
	"a\tO\n\n" + strings.Repeat("bc\tO\n", 200) + "d\tB-X\n\n",
	"a\tO\n\nb\tO\n\nbc\tO\n\nbcd\tO\n\nbcde\tO\n\nbcdef\tO\n\nbcdefg\tO\n\nbcdefgh\tO\n\nbcdefghi\tO\n\n",
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
	// It takes nearly every sentence of a corpus, after the first, also
	// those the read buffer cuts (it reads more for them).
	in := strings.Repeat("Aspirin\tB-Chemical\nhelps\tO\n\n", 50)
	for _, size := range []int{64 << 10, 40} {
		r, took := NewReader(strings.NewReader(in)), 0
		r.r = bufio.NewReaderSize(strings.NewReader(in), size)
		for {
			var p PlainText
			if ok, _ := r.ReadPlainText(0, &p); ok {
				took++
			} else if _, _, _, err := r.ReadAppendText(nil); err != nil {
				break
			}
		}
		if took != 49 {
			t.Errorf("buffer %d: ReadPlainText took %d of 50 sentences, want 49", size, took)
		}
	}
}

// FuzzReadPlainText is TestReadPlainText on arbitrary input.
func FuzzReadPlainText(f *testing.F) {
	for _, in := range append(append([]string{}, differentialInputs...), plainTextInputs...) {
		f.Add(in)
	}
	f.Fuzz(samePlainText)
}

// fnvTokensTags is the simple path to PlainText.Hash: FNV-1a continued
// from h, byte by byte, over "\x00", token, "\t" and tag of every token
// of s.
func fnvTokensTags(h uint64, s Sentence) uint64 {
	for i, tok := range s.Tokens {
		for _, c := range []byte("\x00" + tok + "\t" + s.Tags[i]) {
			h = (h ^ uint64(c)) * 1099511628211
		}
	}
	return h
}

func samePlainText(t *testing.T, in string) {
	t.Helper()
	for _, size := range []int{64 << 10, 16, 40} {
		for _, check := range []string{"none", "IOB2", "IOB1"} {
			samePlainTextWith(t, fmt.Sprintf("%q", in), func() io.Reader { return strings.NewReader(in) }, size, check)
		}
	}
}

// TestReadPlainTextReadError checks that an input that fails after any
// of its bytes gives the same sentences, error and line numbers both
// ways, with read buffers that hold few sentences whole (ReadPlainText
// then reads more for a sentence cut short, and may meet the error
// there).
func TestReadPlainTextReadError(t *testing.T) {
	in := "a\tO\n\nAspirin\tB-Chemical\nhelps\tO\n\nb\tO\nc\xff\tO\nd\tO\n\n\ne\tB-X\n\nf\tO\n\n"
	fail := errors.New("disk on fire")
	for k := range len(in) + 1 {
		for _, size := range []int{16, 24, 40} {
			open := func() io.Reader { return io.MultiReader(strings.NewReader(in[:k]), iotest.ErrReader(fail)) }
			samePlainTextWith(t, fmt.Sprintf("%q then an error", in[:k]), open, size, "none")
		}
	}
}

// samePlainTextWith reads the input open returns (in describes it) in
// both ways with a buffer of size bytes and the tag check named check.
func samePlainTextWith(t *testing.T, in string, open func() io.Reader, size int, check string) {
	t.Helper()
	a, b := NewReader(open()), NewReader(open())
	a.r = bufio.NewReaderSize(open(), size)
	a.File, b.File = "in.tsv", "in.tsv"
	switch check {
	case "IOB2":
		a.Tags, b.Tags = iob.Checker(iob.IOB2), iob.Checker(iob.IOB2)
		a.checkOnly = true
	case "IOB1": // rewrites tags: ReadPlainText declines
		a.Tags, b.Tags = iob.Checker(iob.IOB1), iob.Checker(iob.IOB1)
	}
	var strs []string
	var p PlainText
	for n := 0; ; n++ {
		where := fmt.Sprintf("%s, buffer %d, check %s, sentence %d", in, size, check, n)
		want, werr := b.Read()
		hashFrom := uint64(n) * 0x9e3779b97f4a7c15 // a different state for every sentence, zero too
		ok, err := a.ReadPlainText(hashFrom, &p)
		text, lines := p.Text, p.Lines
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
				if l.Start != end || text[l.Tab] != '\t' || text[l.End] != '\n' {
					t.Fatalf("%s: line %d at %+v of %q", where, i, l, text)
				}
				got.Tokens[i], got.Tags[i], end = string(text[l.Start:l.Tab]), string(text[l.Tab+1:l.End]), l.End+1
			}
			if end != len(text) {
				t.Fatalf("%s: %d lines of %d bytes in %q", where, len(lines), end, text)
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
		if ok {
			if h := fnvTokensTags(hashFrom, want); p.Hash != h {
				t.Fatalf("%s: hash %#x, want %#x", where, p.Hash, h)
			}
		}
		if a.Layout() != b.Layout() || a.Line() != b.Line() {
			t.Fatalf("%s: layout %+v line %d, Read's %+v line %d", where, a.Layout(), a.Line(), b.Layout(), b.Line())
		}
		if err != nil {
			return
		}
	}
}

// TestPlainIOB2 compares plainIOB2 with iob.Checker(iob.IOB2) on every
// sequence of up to four tags from a set of valid and invalid ones.
func TestPlainIOB2(t *testing.T) {
	alphabet := []string{"O", "B-X", "I-X", "B-Y", "I-Y", "I-XY", "B-", "I-", "X", "Ox", "OO", "b-X", "i-X", "X-Y", "B_X", "E-X", "S-X", "B-X-Y", "I-X-Y"}
	check := iob.Checker(iob.IOB2)
	var tags []string
	var try func(n int)
	try = func(n int) {
		if len(tags) > 0 {
			var text []byte
			lines := make([]TextLine, len(tags))
			for i, tag := range tags {
				start := len(text)
				text = append(text, "tok\t"...)
				text = append(text, tag...)
				lines[i] = TextLine{Start: start, Tab: start + 3, End: len(text)}
				text = append(text, '\n')
			}
			_, err := check(slices.Clone(tags))
			if got := plainIOB2(text, lines); got != (err == nil) {
				t.Errorf("plainIOB2(%q) = %v, the IOB2 check's error %v", tags, got, err)
			}
		}
		if n == 0 {
			return
		}
		for _, tag := range alphabet {
			tags = append(tags, tag)
			try(n - 1)
			tags = tags[:len(tags)-1]
		}
	}
	try(4)
}

// TestUnhashWord checks that unhashWord takes the bytes of a word from
// the k-th on, then a zero byte, back out of the hash.
func TestUnhashWord(t *testing.T) {
	y := binary.LittleEndian.Uint64([]byte("ab\x00cd\xffe\x00"))
	for _, h0 := range []uint64{0, 1, 0xcbf29ce484222325, 0x9e3779b97f4a7c15} {
		for k := range 9 {
			h := h0
			for b := range 8 {
				h = (h ^ y>>(8*b)&0xff) * fnvPrime
			}
			want := h0 * fnvInverse // no byte, then the zero byte taken back too
			if k > 0 {
				want = h0
				for b := range k - 1 {
					want = (want ^ y>>(8*b)&0xff) * fnvPrime
				}
			}
			if k > 0 && y>>(8*(k-1))&0xff != 0 {
				continue // the byte before k is no zero byte to take back
			}
			if got := unhashWord(h, y, k); got != want {
				t.Errorf("unhashWord(%#x, %#x, %d) = %#x, want %#x", h, y, k, got, want)
			}
		}
	}
}

// TestFNVInverse checks that fnvInverse takes back a zero byte's step
// of the hash, as scanPlain does after the last line break.
func TestFNVInverse(t *testing.T) {
	p, inv := uint64(fnvPrime), uint64(fnvInverse)
	if got := p * inv; got != 1 {
		t.Errorf("fnvPrime * fnvInverse = %d, want 1", got)
	}
	h := uint64(0x1234567890abcdef)
	if got := (h ^ 0) * p * inv; got != h {
		t.Errorf("a zero byte's step taken back: %#x, want %#x", got, h)
	}
}

// TestNewlinesZeroed compares newlinesZeroed with a byte loop on every
// byte in every position, beside other bytes that are line breaks too.
func TestNewlinesZeroed(t *testing.T) {
	for c := range 0x100 {
		for pos := range 8 {
			for _, fill := range []string{"ab\ncd\n\x0b\xff", "\n\n\n\n\n\n\n\n", "\x09\x0b\x8a\x00\x7f\x80\x0a\x8b"} {
				w := []byte(fill)
				w[pos] = byte(c)
				want := bytes.ReplaceAll(w, []byte("\n"), []byte{0})
				if got := newlinesZeroed(binary.LittleEndian.Uint64(w)); got != binary.LittleEndian.Uint64(want) {
					t.Errorf("newlinesZeroed(%q) = %#x, want %q", w, got, want)
				}
			}
		}
	}
}
