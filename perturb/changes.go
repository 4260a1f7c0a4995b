package perturb

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
	"strings"

	"github.com/stress-ner/stress/iob"
)

// ChangesHeader is the header row of a change log.
var ChangesHeader = []string{"file", "sentence", "token", "end", "kind", "before", "after", "concept_id", "source", "term_type"}

// ChangeWriter writes a change log: one tab-separated row per change
// under a header row. Sentence and token numbers are 1-based, as in an
// editor; end is the last token changed (equal to token for one-token
// changes). Tabs, line breaks and backslashes inside texts are escaped
// as \t, \n, \r and \\ so that every change stays one row.
type ChangeWriter struct {
	// Scheme is the tag scheme of the files the changes were made in (set
	// before the first write). Another scheme than IOB2 adds a last
	// column, scheme, to every row, so that a log read on its own says
	// how the tags of its files are written; an IOB2 log keeps its ten
	// columns. Positions do not depend on it: a scheme changes how tags
	// are written, never which tokens a change covers.
	Scheme iob.Scheme

	w      *bufio.Writer
	header bool
	err    error
	buf    []byte
}

// NewChangeWriter returns a ChangeWriter writing to w.
func NewChangeWriter(w io.Writer) *ChangeWriter {
	return &ChangeWriter{w: bufio.NewWriter(w)}
}

var fieldEscaper = strings.NewReplacer(`\`, `\\`, "\t", `\t`, "\n", `\n`, "\r", `\r`)

// Write writes one change, preceded by the header on first use.
func (cw *ChangeWriter) Write(c Change) error {
	cw.buf = appendChange(cw.buf[:0], c)
	return cw.writeRows(cw.buf)
}

// writeRows writes rows made by appendChange, preceded by the header on
// first use.
func (cw *ChangeWriter) writeRows(rows []byte) error {
	if cw.err != nil {
		return cw.err
	}
	if !cw.header {
		if cw.WriteHeader(); cw.err != nil {
			return cw.err
		}
	}
	if cw.Scheme != iob.IOB2 {
		// Fields are escaped: every line break ends a row.
		rows = bytes.ReplaceAll(rows, []byte("\n"), []byte("\t"+cw.Scheme.String()+"\n"))
	}
	_, cw.err = cw.w.Write(rows)
	return cw.err
}

// appendChange appends c to dst as one change-log row, line break
// included, exactly as ChangeWriter writes it.
func appendChange(b []byte, c Change) []byte {
	b = append(appendField(b, c.File), '\t')
	b = appendPositions(b, c)
	b = append(appendField(append(b, '\t'), c.Kind), '\t')
	return appendRowTail(b, c)
}

// appendPositions appends a row's sentence, token and end columns
// (1-based, end inclusive).
func appendPositions(b []byte, c Change) []byte {
	b = appendCount(b, c.Sentence+1)
	b = append(b, '\t')
	b = appendCount(b, c.Token+1)
	b = append(b, '\t')
	return appendCount(b, max(c.End, c.Token+1))
}

// appendRowTail appends the columns after kind and the line break.
func appendRowTail(b []byte, c Change) []byte {
	b = appendField(b, c.Before)
	b = append(b, '\t')
	b = appendField(b, c.After)
	b = append(b, '\t')
	b = appendField(b, c.ConceptID)
	b = append(b, '\t')
	b = appendField(b, c.Source)
	b = append(b, '\t')
	b = appendField(b, c.TermType)
	return append(b, '\n')
}

// rowAppender is appendChange for the changes of one step, which share
// their file and kind: it escapes those once, not once per row. The
// change log is larger than the corpus, and its rows are a good part of
// a build's work.
type rowAppender struct {
	file, kind string
	head       []byte // file escaped, then a tab
	mid        []byte // a tab, kind escaped, a tab
}

func (ra *rowAppender) append(b []byte, c Change) []byte {
	if c.File != ra.file || c.Kind != ra.kind || ra.head == nil {
		ra.file, ra.kind = c.File, c.Kind
		ra.head = append(appendField(ra.head[:0], c.File), '\t')
		ra.mid = append(appendField(append(ra.mid[:0], '\t'), c.Kind), '\t')
	}
	b = append(b, ra.head...)
	b = appendPositions(b, c)
	b = append(b, ra.mid...)
	return appendRowTail(b, c)
}

// appendCount appends n in decimal as strconv.AppendInt does, with the
// one- and two-digit numbers of token positions done inline.
func appendCount(b []byte, n int) []byte {
	switch {
	case n >= 0 && n < 10:
		return append(b, byte('0'+n))
	case n >= 10 && n < 100:
		return append(b, byte('0'+n/10), byte('0'+n%10))
	}
	return strconv.AppendInt(b, int64(n), 10)
}

// WriteHeader writes the header if nothing was written yet, so that an
// empty log still says what its columns are.
func (cw *ChangeWriter) WriteHeader() error {
	if cw.err != nil || cw.header {
		return cw.err
	}
	cw.header = true
	header := strings.Join(ChangesHeader, "\t")
	if cw.Scheme != iob.IOB2 {
		header += "\tscheme"
	}
	_, cw.err = cw.w.WriteString(header + "\n")
	return cw.err
}

// Flush writes any buffered data to the underlying writer.
func (cw *ChangeWriter) Flush() {
	if cw.err == nil {
		cw.err = cw.w.Flush()
	}
}

// Error reports any error from a previous Write or Flush.
func (cw *ChangeWriter) Error() error { return cw.err }

// needsEscape marks the bytes fieldEscaper replaces.
var needsEscape = [256]bool{'\\': true, '\t': true, '\n': true, '\r': true}

// appendField appends f escaped; most fields need no escaping, and a
// table lookup per byte finds that faster than strings.ContainsAny.
func appendField(b []byte, f string) []byte {
	for i := 0; i < len(f); i++ {
		if needsEscape[f[i]] {
			return append(b, fieldEscaper.Replace(f)...)
		}
	}
	return append(b, f...)
}
