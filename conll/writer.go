package conll

import (
	"bufio"
	"fmt"
	"io"
)

// Writer writes sentences in CoNLL column format. Set Layout (usually to a
// Reader's Layout) before the first Write to reproduce an input's layout;
// the zero Layout writes "token<TAB>tag" lines with a blank line after
// every sentence.
//
// Token and tag of a sentence with Fields are written into their columns
// of the kept line, so edits to Tokens and Tags show in the output.
//
// Like csv.Writer, output is buffered: call Flush when done and check Error.
type Writer struct {
	Layout Layout

	w    *bufio.Writer
	err  error
	n    int // sentences written
	owed int // line breaks owed after the last line written
	paid int // of those, already written by Flush
}

// NewWriter returns a Writer writing to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: bufio.NewWriterSize(w, 64<<10)}
}

func (w *Writer) nl() string {
	if w.Layout.CRLF {
		return "\r\n"
	}
	return "\n"
}

func (w *Writer) sep() string {
	if w.Layout.Delimiter == Space {
		return " "
	}
	return "\t"
}

// payOwed writes the line breaks still owed before new content.
func (w *Writer) payOwed() {
	for ; w.paid < w.owed; w.paid++ {
		w.w.WriteString(w.nl())
	}
	w.owed, w.paid = 0, 0
}

// Write writes one sentence.
func (w *Writer) Write(s Sentence) error {
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
	w.payOwed()
	w.n++
	nl := w.nl()
	if s.DocStart {
		doc := s.DocLine
		if doc == "" {
			doc = DocStartToken + w.sep() + "O"
		}
		w.w.WriteString(doc)
		if len(s.Tokens) == 0 && len(s.Comments) == 0 {
			w.owed = 2
			return w.werr()
		}
		w.w.WriteString(nl)
		w.w.WriteString(nl)
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

func (w *Writer) werr() error {
	// bufio.Writer's error is sticky: an empty write reports it.
	if _, err := w.w.Write(nil); err != nil {
		w.err = err
	}
	return w.err
}

// Flush writes buffered data, ending the output as the Layout says.
func (w *Writer) Flush() {
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
func (w *Writer) Error() error { return w.err }

// checkField refuses a value that would read back as a different number
// of columns. It runs for every token and tag written, so it looks at
// bytes rather than calling strings.ContainsAny: the separators are
// ASCII, and ASCII bytes occur in UTF-8 only as themselves.
func (w *Writer) checkField(v string) error {
	space := w.Layout.Delimiter == Space
	bad := v == ""
	for i := 0; i < len(v) && !bad; i++ {
		switch v[i] {
		case '\t', '\n', '\r':
			bad = true
		case ' ':
			bad = space
		}
	}
	if bad {
		return fmt.Errorf("conll: cannot write field %q: empty or contains a separator", v)
	}
	return nil
}
