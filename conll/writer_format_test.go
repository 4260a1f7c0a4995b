package conll

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"
)

// formatInputs are CoNLL texts covering the layouts AppendSentence must
// reproduce: tabs and spaces, CRLF, byte order mark, extra columns,
// document markers, comments, a missing final blank line or newline.
var formatInputs = []struct {
	name, src string
	setup     func(*Reader)
}{
	{"tab", "a\tO\nb\tB-X\n\nc\tI-X\n", nil},
	{"space", "a O\nb B-X\n\nc I-X\n\n", nil},
	{"crlf", "a\tO\r\nb\tB-X\r\n\r\nc\tI-X\r\n\r\n", nil},
	{"bom", "\xef\xbb\xbfa\tO\n\nb\tO", nil},
	{"columns", "a\tNN\tO\nb\tVB\tB-X\n\nc\tNN\tI-X\n\n", nil},
	{"token-column", "1\ta\tO\n2\tb\tB-X\n\n1\tc\tO\n", func(r *Reader) { r.TokenColumn, r.TagColumn = 1, 2 }},
	{"docstart", "-DOCSTART- -X- O O\n\na O\n\n-DOCSTART- -X- O O\n\n-DOCSTART- -X- O O\nb O\n", nil},
	{"comments", "# one\na\tO\n\n# two\n# three\nb\tO\n", func(r *Reader) { r.Comment = "#" }},
	{"empty", "", nil},
	{"token-bom", "\n\xef\xbb\xbfa\tO\n\nb\tO\n", nil},
	{"bom-token-bom", "\xef\xbb\xbf\xef\xbb\xbf\tO\n", nil},
}

// TestTokenBOMRoundTrip: a first token that starts with U+FEFF, in a
// file without a byte order mark or with one, reads back the same from
// what Write and WriteFormatted write (the reader drops a BOM at the
// start of a file: the writers put one before such a token).
func TestTokenBOMRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, tc := range formatInputs[len(formatInputs)-2:] {
		sents, layout, err := readCoNLL(t, tc.src, tc.setup)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(sents[0].Tokens[0], "\ufeff") {
			t.Fatalf("%s: first token %q", tc.name, sents[0].Tokens[0])
		}
		for name, write := range map[string]func() (string, error){
			"Write":          func() (string, error) { return writeEach(t, sents, layout) },
			"WriteFormatted": func() (string, error) { return writeFormatted(t, sents, layout, r) },
		} {
			out, err := write()
			if err != nil {
				t.Fatalf("%s %s: %v", tc.name, name, err)
			}
			again, _, err := readCoNLL(t, out, tc.setup)
			if err != nil || !reflect.DeepEqual(sentTokens(again), sentTokens(sents)) {
				t.Errorf("%s %s: %q reads back as %q (%v), want %q", tc.name, name, out, sentTokens(again), err, sentTokens(sents))
			}
		}
	}
}

// writeEach writes sents one by one with Write.
func writeEach(t testing.TB, sents []Sentence, l Layout) (string, error) {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	w.Layout = l
	for _, s := range sents {
		if err := w.Write(s); err != nil {
			w.Flush() // the sentences before the refused one
			return buf.String(), err
		}
	}
	w.Flush()
	return buf.String(), w.Error()
}

// writeFormatted writes sents formatted by AppendSentence in runs of
// random lengths, as the perturbation pipeline writes batches.
func writeFormatted(t testing.TB, sents []Sentence, l Layout, r *rand.Rand) (string, error) {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	w.Layout = l
	var p []byte
	for i := 0; i < len(sents); {
		n := 1 + r.IntN(4)
		n = min(n, len(sents)-i)
		p = p[:0]
		for j := range n {
			var err error
			if p, err = l.AppendSentence(p, sents[i+j], true); err != nil {
				// The sentences before the refused one are written.
				w.WriteFormatted(p, j)
				w.Flush()
				return buf.String(), err
			}
		}
		if err := w.WriteFormatted(p, n); err != nil {
			return buf.String(), err
		}
		i += n
	}
	w.Flush()
	return buf.String(), w.Error()
}

func TestAppendSentenceMatchesWrite(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, tc := range formatInputs {
		t.Run(tc.name, func(t *testing.T) {
			sents, layout, err := readCoNLL(t, tc.src, tc.setup)
			if err != nil {
				t.Fatal(err)
			}
			want, err := writeEach(t, sents, layout)
			if err != nil {
				t.Fatal(err)
			}
			for range 20 {
				got, err := writeFormatted(t, sents, layout, r)
				if err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Fatalf("formatted %q, Write %q", got, want)
				}
			}
		})
	}
}

func TestAppendSentenceRefuses(t *testing.T) {
	bad := []struct {
		name string
		s    Sentence
		l    Layout
	}{
		{"tab in token", Sentence{Tokens: []string{"a\tb"}, Tags: []string{"O"}}, Layout{}},
		{"space with space delimiter", Sentence{Tokens: []string{"a b"}, Tags: []string{"O"}}, Layout{Delimiter: Space}},
		{"empty tag", Sentence{Tokens: []string{"a"}, Tags: []string{""}}, Layout{}},
		{"newline in tag", Sentence{Tokens: []string{"a"}, Tags: []string{"B-\nX"}}, Layout{}},
		{"counts differ", Sentence{Tokens: []string{"a", "b"}, Tags: []string{"O"}}, Layout{}},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			dst := []byte("kept")
			got, err := tc.l.AppendSentence(dst, tc.s, true)
			if err == nil {
				t.Fatalf("no error, appended %q", got)
			}
			if string(got) != "kept" {
				t.Errorf("dst became %q", got)
			}
			w := NewWriter(io.Discard)
			w.Layout = tc.l
			if werr := w.Write(tc.s); werr == nil || werr.Error() != err.Error() {
				t.Errorf("AppendSentence: %v; Write: %v", err, werr)
			}
		})
	}
}

// TestWriteFormattedSticky checks that a write error stops
// WriteFormatted as it stops Write.
func TestWriteFormattedSticky(t *testing.T) {
	w := NewWriter(failWriter{})
	p, _ := Layout{}.AppendSentence(nil, Sentence{Tokens: []string{"a"}, Tags: []string{"O"}}, true)
	for range 1 << 17 { // more than the buffer holds
		if err := w.WriteFormatted(p, 1); err != nil {
			if !errors.Is(err, errFail) {
				t.Fatalf("error %v", err)
			}
			if err := w.WriteFormatted(p, 1); !errors.Is(err, errFail) {
				t.Fatalf("error not sticky: %v", err)
			}
			return
		}
	}
	t.Fatal("no error")
}

var errFail = errors.New("disk full")

type failWriter struct{}

func (failWriter) Write(p []byte) (int, error) { return 0, errFail }

func TestPlainField(t *testing.T) {
	naive := func(v string, lim byte) bool {
		for i := 0; i < len(v); i++ {
			if v[i] <= lim {
				return false
			}
		}
		return v != ""
	}
	r := rand.New(rand.NewPCG(3, 4))
	alphabet := []byte("ab\t\n\r \x00\x7f\x80\xffé-_Z\x0c\x0e\x1f\x20\x21")
	for range 20000 {
		b := make([]byte, r.IntN(24))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		for _, lim := range []byte{'\r', ' '} {
			if got, want := plainField(string(b), lim), naive(string(b), lim); got != want {
				t.Fatalf("plainField(%q, %#x) = %v, want %v", b, lim, got, want)
			}
		}
	}
}

func TestReadAppend(t *testing.T) {
	for _, tc := range formatInputs {
		t.Run(tc.name, func(t *testing.T) {
			want, wantLayout, wantErr := readCoNLL(t, tc.src, tc.setup)
			r := NewReader(strings.NewReader(tc.src))
			r.File = "in.tsv"
			if tc.setup != nil {
				tc.setup(r)
			}
			var got []Sentence
			var strs []string
			var err error
			for {
				var s Sentence
				s, strs, err = r.ReadAppend(strs)
				if err != nil {
					break
				}
				got = append(got, s)
			}
			if err != io.EOF && (wantErr == nil || err.Error() != wantErr.Error()) {
				t.Fatalf("error %v, Read gave %v", err, wantErr)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("ReadAppend %+v\nRead %+v", got, want)
			}
			if r.Layout() != wantLayout {
				t.Errorf("layout %+v, Read gave %+v", r.Layout(), wantLayout)
			}
			// Every sentence's strings are in strs, back to back.
			n := 0
			for _, s := range got {
				n += len(s.Tokens) + len(s.Tags)
			}
			if len(strs) != n {
				t.Errorf("strs holds %d strings, sentences %d", len(strs), n)
			}
		})
	}
}

// TestReadAppendReuse reads a corpus twice into the same slice: the
// second pass must not need to grow it, and must read the same.
func TestReadAppendReuse(t *testing.T) {
	data, err := os.ReadFile("testdata/corpora/bc5cdr-test-head.tsv")
	if err != nil {
		t.Fatal(err)
	}
	want, _, err := readCoNLL(t, string(data), nil)
	if err != nil {
		t.Fatal(err)
	}
	var strs []string
	for pass := range 2 {
		r := NewReader(bytes.NewReader(data))
		for i := 0; ; i++ {
			before := cap(strs)
			strs = strs[:0]
			var s Sentence
			if s, strs, err = r.ReadAppend(strs); err == io.EOF {
				break
			} else if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(s.Tokens, want[i].Tokens) || !reflect.DeepEqual(s.Tags, want[i].Tags) {
				t.Fatalf("pass %d sentence %d differs", pass, i)
			}
			if pass == 1 && cap(strs) != before && cap(strs) > 0 && before >= len(strs) {
				t.Fatalf("pass %d sentence %d: slice grew from %d to %d", pass, i, before, cap(strs))
			}
		}
	}
}

// FuzzAppendSentence checks AppendSentence plus WriteFormatted against
// Write for sentences built from arbitrary text, in both delimiters.
func FuzzAppendSentence(f *testing.F) {
	for _, tc := range formatInputs {
		f.Add(tc.src, false, false)
	}
	f.Add("a\tb c\td", true, true)
	f.Fuzz(func(t *testing.T, text string, space, crlf bool) {
		var sents []Sentence
		for _, block := range strings.Split(text, "\n\n") {
			var s Sentence
			for _, line := range strings.Split(block, "\n") {
				tok, tag, _ := strings.Cut(line, "\t")
				s.Tokens, s.Tags = append(s.Tokens, tok), append(s.Tags, tag)
			}
			sents = append(sents, s)
		}
		l := Layout{CRLF: crlf}
		if space {
			l.Delimiter = Space
		}
		want, werr := writeEach(t, sents, l)
		got, ferr := writeFormatted(t, sents, l, rand.New(rand.NewPCG(uint64(len(text)), 1)))
		if (werr == nil) != (ferr == nil) || werr != nil && werr.Error() != ferr.Error() {
			t.Fatalf("Write: %v; formatted: %v", werr, ferr)
		}
		if got != want {
			t.Fatalf("formatted %q, Write %q", got, want)
		}
	})
}

func BenchmarkAppendSentence(b *testing.B) {
	data, err := os.ReadFile("../../shared/corpora/BC5CDR-IOB/test.tsv")
	if err != nil {
		data, _ = os.ReadFile("testdata/corpora/bc5cdr-test-head.tsv")
	}
	sents, layout, _ := readCoNLL(b, string(data), nil)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var p []byte
	for b.Loop() {
		for i, s := range sents {
			p, _ = layout.AppendSentence(p[:0], s, i > 0)
		}
	}
}

// FuzzReadAppend checks ReadAppend against Read on arbitrary input.
func FuzzReadAppend(f *testing.F) {
	for _, tc := range formatInputs {
		f.Add(tc.src)
	}
	f.Add("a\tO\r\nb O\n\n\xff\tO\n")
	f.Fuzz(func(t *testing.T, src string) {
		want, wantLayout, wantErr := readCoNLL(t, src, nil)
		r := NewReader(strings.NewReader(src))
		r.File = "in.tsv"
		var strs []string
		for i := 0; ; i++ {
			var s Sentence
			var err error
			s, strs, err = r.ReadAppend(strs)
			if err == io.EOF {
				if i != len(want) || wantErr != nil {
					t.Fatalf("EOF after %d sentences; Read: %d, %v", i, len(want), wantErr)
				}
				break
			}
			if err != nil {
				if wantErr == nil || err.Error() != wantErr.Error() || i != len(want) {
					t.Fatalf("sentence %d: %v; Read: %d, %v", i, err, len(want), wantErr)
				}
				break
			}
			if i >= len(want) || !reflect.DeepEqual(s, want[i]) {
				t.Fatalf("sentence %d differs from Read's", i)
			}
		}
		if r.Layout() != wantLayout {
			t.Fatalf("layout %+v, Read gave %+v", r.Layout(), wantLayout)
		}
	})
}

// TestDocStartTight: -DOCSTART- lines with no blank line before or after
// them are written back as they were read (issue 25, F24), by Write and
// by AppendSentence and WriteFormatted whatever the batches.
func TestDocStartTight(t *testing.T) {
	for _, in := range []string{
		"-DOCSTART-\tO\na\tO\nb\tB-Chemical\n-DOCSTART-\tO\nc\tO\n",
		"-DOCSTART-\tO\n\na\tO\n-DOCSTART-\tO\n\nc\tO\n",
		"a\tO\n\n-DOCSTART-\tO\nb\tO\n\nc\tO\n",
		"-DOCSTART- -X- O O\n-DOCSTART- -X- O O\na O\n\n-DOCSTART- -X- O O\n\nb O\n",
		"a\tO\n-DOCSTART-\tO\n",
		"a\tO\r\n-DOCSTART-\tO\r\nb\tO\r\n",
	} {
		r := NewReader(strings.NewReader(in))
		sents, err := ReadAll(r)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		l := r.Layout()
		var a bytes.Buffer
		w := NewWriter(&a)
		w.Layout = l
		for _, s := range sents {
			if err := w.Write(s); err != nil {
				t.Fatal(err)
			}
		}
		w.Flush()
		if a.String() != in {
			t.Errorf("Write: %q became %q", in, a.String())
		}
		for batch := 1; batch <= 3; batch++ {
			var b bytes.Buffer
			w := NewWriter(&b)
			w.Layout = l
			for i := 0; i < len(sents); i += batch {
				var p []byte
				end := min(i+batch, len(sents))
				for _, s := range sents[i:end] {
					if p, err = l.AppendSentence(p, s, true); err != nil {
						t.Fatal(err)
					}
				}
				if err := w.WriteFormatted(p, end-i); err != nil {
					t.Fatal(err)
				}
			}
			w.Flush()
			if b.String() != in {
				t.Errorf("WriteFormatted, batches of %d: %q became %q", batch, in, b.String())
			}
		}
	}
}
