package conll

// This file keeps the field-by-field Writer that writer.go replaced by
// one that builds each sentence in a buffer, so that tests can check
// that both write the same bytes and refuse the same sentences.

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
)

// refWriter writes sentences in CoNLL column format. Set Layout (usually to a
// Reader's Layout) before the first Write to reproduce an input's layout;
// the zero Layout writes "token<TAB>tag" lines with a blank line after
// every sentence.
//
// Token and tag of a sentence with Fields are written into their columns
// of the kept line, so edits to Tokens and Tags show in the output.
//
// Like csv.refWriter, output is buffered: call Flush when done and check Error.
type refWriter struct {
	Layout Layout

	w    *bufio.Writer
	err  error
	n    int // sentences written
	owed int // line breaks owed after the last line written
	paid int // of those, already written by Flush
}

// newRefWriter returns a refWriter writing to w.
func newRefWriter(w io.Writer) *refWriter {
	return &refWriter{w: bufio.NewWriterSize(w, 64<<10)}
}

func (w *refWriter) nl() string {
	if w.Layout.CRLF {
		return "\r\n"
	}
	return "\n"
}

func (w *refWriter) sep() string {
	if w.Layout.Delimiter == Space {
		return " "
	}
	return "\t"
}

// payOwed writes the line breaks still owed before new content.
func (w *refWriter) payOwed() {
	for ; w.paid < w.owed; w.paid++ {
		w.w.WriteString(w.nl())
	}
	w.owed, w.paid = 0, 0
}

// Write writes one sentence.
func (w *refWriter) Write(s Sentence) error {
	if w.err != nil {
		return w.err
	}
	if len(s.Tokens) != len(s.Tags) {
		return fmt.Errorf("conll: sentence has %d tokens but %d tags", len(s.Tokens), len(s.Tags))
	}
	for i := range s.Tokens {
		if err := w.checkField(s.Tokens[i]); err != nil {
			return err
		}
		if err := w.checkField(s.Tags[i]); err != nil {
			return err
		}
	}
	if w.n == 0 && w.Layout.BOM {
		w.w.WriteString("\xef\xbb\xbf")
	}
	if s.DocStart && s.DocTightBefore && s.DocLine != "" && w.owed > 0 {
		w.owed-- // a marker right after the sentence before
	}
	w.payOwed()
	w.n++
	nl := w.nl()
	if s.DocStart {
		doc := s.DocLine
		if doc == "" {
			doc = docStartToken + w.sep() + "O"
		}
		w.w.WriteString(doc)
		if len(s.Tokens) == 0 && len(s.Comments) == 0 {
			w.owed = 2
			return w.werr()
		}
		w.w.WriteString(nl)
		if !s.DocTightAfter {
			w.w.WriteString(nl)
		}
	}
	for _, c := range s.Comments {
		w.w.WriteString(c)
		w.w.WriteString(nl)
	}
	sep := w.sep()
	tc := w.Layout.TagColumn
	for i, tok := range s.Tokens {
		if i > 0 {
			w.w.WriteString(nl)
		}
		if s.Fields != nil && i < len(s.Fields) && len(s.Fields[i]) > 0 {
			f := s.Fields[i]
			col := tc
			if col < 0 {
				col += len(f)
			}
			for j, v := range f {
				if j > 0 {
					w.w.WriteString(sep)
				}
				switch j {
				case w.Layout.TokenColumn:
					v = tok
				case col:
					v = s.Tags[i]
				}
				w.w.WriteString(v)
			}
			continue
		}
		w.w.WriteString(tok)
		w.w.WriteString(sep)
		w.w.WriteString(s.Tags[i])
	}
	w.owed = 2
	return w.werr()
}

func (w *refWriter) werr() error {
	// bufio.refWriter's error is sticky: an empty write reports it.
	if _, err := w.w.Write(nil); err != nil {
		w.err = err
	}
	return w.err
}

// Flush writes buffered data, ending the output as the Layout says.
func (w *refWriter) Flush() {
	if w.err != nil {
		return
	}
	want := w.owed
	if w.Layout.NoFinalBlank {
		want = min(want, 1)
	}
	if w.Layout.NoFinalNewline {
		want = 0
	}
	for ; w.paid < want; w.paid++ {
		w.w.WriteString(w.nl())
	}
	w.err = w.w.Flush()
}

// Error reports any error from a previous Write or Flush.
func (w *refWriter) Error() error { return w.err }

// checkField refuses a value that would read back as a different number
// of columns.
func (w *refWriter) checkField(v string) error {
	bad := "\t\n\r"
	if w.Layout.Delimiter == Space {
		bad = " \t\n\r"
	}
	if v == "" || strings.ContainsAny(v, bad) {
		return fmt.Errorf("cannot write field %q as CoNLL: it is empty or holds a separator", v)
	}
	return nil
}

// writeBoth writes ss with the same layout through Writer and refWriter.
func writeBoth(ss []Sentence, layout Layout) (got, want string, gotErrs, wantErrs []string) {
	var a, b bytes.Buffer
	w, ref := NewWriter(&a), newRefWriter(&b)
	w.Layout, ref.Layout = layout, layout
	for _, s := range ss {
		gotErrs = append(gotErrs, fmt.Sprint(w.Write(s)))
		wantErrs = append(wantErrs, fmt.Sprint(ref.Write(s)))
	}
	w.Flush()
	ref.Flush()
	return a.String(), b.String(), gotErrs, wantErrs
}

func TestWriterMatchesReference(t *testing.T) {
	bad := []Sentence{
		{Tokens: []string{"a", "b c"}, Tags: []string{"O", "O"}},
		{Tokens: []string{"a"}, Tags: []string{"B\tX"}},
		{Tokens: []string{""}, Tags: []string{"O"}},
		{Tokens: []string{"x\ny"}, Tags: []string{"O"}},
		{Tokens: []string{"a"}, Tags: []string{"O", "O"}},
	}
	for _, tc := range readerCases {
		ss, layout, err := readCoNLL(t, tc.in, tc.setup)
		if err != nil {
			continue
		}
		for _, l := range []Layout{layout, {}, {Delimiter: Space, CRLF: true, BOM: true}, {NoFinalBlank: true, NoFinalNewline: true}} {
			// Refused sentences between good ones must leave no trace.
			mixed := append(append(append([]Sentence(nil), bad...), ss...), bad...)
			got, want, ge, we := writeBoth(mixed, l)
			if got != want || strings.Join(ge, "|") != strings.Join(we, "|") {
				t.Errorf("%s, layout %+v:\n got %q %q\nwant %q %q", tc.name, l, got, ge, want, we)
			}
		}
	}
}

// TestWriterRefusesWhole checks that a refused sentence writes nothing
// and leaves the writer usable.
func TestWriterRefusesWhole(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	w.Layout.BOM = true
	good := Sentence{Tokens: []string{"a"}, Tags: []string{"O"}}
	if err := w.Write(Sentence{Tokens: []string{"ok", "not ok\t"}, Tags: []string{"O", "O"}, DocStart: true, Comments: []string{"# c"}}); err == nil {
		t.Fatal("tab inside a token accepted")
	}
	if err := w.Write(good); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	if got, want := buf.String(), "\xef\xbb\xbfa\tO\n\n"; got != want {
		t.Errorf("output %q, want %q", got, want)
	}
}

// FuzzWriterMatchesReference writes whatever the reader accepts with
// both writers.
func FuzzWriterMatchesReference(f *testing.F) {
	for _, tc := range readerCases {
		f.Add(tc.in, false)
	}
	f.Add("a b\tO\n", true)
	f.Fuzz(func(t *testing.T, in string, space bool) {
		ss, layout, err := readCoNLL(t, in, nil)
		if err != nil {
			return
		}
		if space {
			layout.Delimiter = Space
		}
		got, want, ge, we := writeBoth(ss, layout)
		if got != want || strings.Join(ge, "|") != strings.Join(we, "|") {
			t.Fatalf("got %q %q\nwant %q %q", got, ge, want, we)
		}
	})
}
