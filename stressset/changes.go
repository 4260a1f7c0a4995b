package stressset

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/stress-ner/stress/internal/limits"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
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
func (cw *ChangeWriter) Write(c perturb.Change) error {
	cw.buf = appendChange(cw.buf[:0], c)
	return cw.WriteRows(cw.buf)
}

// RowAppender returns a function appending a change as a row exactly as
// Write writes it (perturb.ChangeLog): the pipeline's workers format the
// rows of their steps with it.
func (cw *ChangeWriter) RowAppender() func(dst []byte, c perturb.Change) []byte {
	var ra rowAppender
	return ra.append
}

// WriteRows writes rows made by RowAppender functions (or appendChange),
// preceded by the header on first use (perturb.ChangeLog).
func (cw *ChangeWriter) WriteRows(rows []byte) error {
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
func appendChange(b []byte, c perturb.Change) []byte {
	b = append(appendField(b, c.File), '\t')
	b = appendPositions(b, c)
	b = append(appendField(append(b, '\t'), c.Kind), '\t')
	return appendRowTail(b, c)
}

// appendPositions appends a row's sentence, token and end columns
// (1-based, end inclusive).
func appendPositions(b []byte, c perturb.Change) []byte {
	b = appendCount(b, c.Sentence+1)
	b = append(b, '\t')
	b = appendCount(b, c.Token+1)
	b = append(b, '\t')
	return appendCount(b, max(c.End, c.Token+1))
}

// appendRowTail appends the columns after kind and the line break.
func appendRowTail(b []byte, c perturb.Change) []byte {
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

func (ra *rowAppender) append(b []byte, c perturb.Change) []byte {
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

// ChangeLogError reports a malformed change log at File:Line (Line is
// 1-based; the header is line 1). It wraps ErrChangeLog.
type ChangeLogError struct {
	File string
	Line int
	Msg  string
}

func (e *ChangeLogError) Error() string {
	return fmt.Sprintf("%s:%d: %s (%v)", e.File, e.Line, e.Msg, ErrChangeLog)
}

func (e *ChangeLogError) Unwrap() error { return ErrChangeLog }

// ChangeRow is one row of a change log as ChangeReader reads it back:
// every column ChangeWriter wrote, as the perturb.Change it was written from
// (0-based Sentence and Token, End after the last token changed), the
// tag scheme of the row's file (IOB2 when the log has no scheme column)
// and the row's 1-based line in the log.
type ChangeRow struct {
	perturb.Change
	Scheme iob.Scheme
	Line   int
}

// ChangeReader reads a change log written by ChangeWriter, row by row.
// It accepts exactly what the writer writes (its header, with or
// without the scheme column; canonical 1-based numbers; the writer's
// escapes) and, for logs saved on Windows, lines ending in "\r\n".
// Anything else is a *ChangeLogError naming the file and line.
type ChangeReader struct {
	r      *bufio.Reader
	name   string
	line   int
	ncols  int // 10, or 11 with the scheme column
	header bool
	err    error
	buf    []byte   // for lines longer than r's buffer
	fields []string // the fields of the row being parsed, reused
}

// NewChangeReader returns a ChangeReader reading from r; name is the
// file named in errors.
func NewChangeReader(r io.Reader, name string) *ChangeReader {
	return &ChangeReader{r: bufio.NewReader(r), name: name}
}

// Read returns the next row, or io.EOF after the last. After an error
// every later call returns it again.
func (cr *ChangeReader) Read() (ChangeRow, error) {
	if cr.err != nil {
		return ChangeRow{}, cr.err
	}
	if !cr.header {
		if cr.err = cr.readHeader(); cr.err != nil {
			return ChangeRow{}, cr.err
		}
	}
	text, err := cr.next()
	if err != nil {
		cr.err = err
		return ChangeRow{}, err
	}
	row, err := cr.parse(text)
	if err != nil {
		cr.err = err
	}
	return row, err
}

// next returns the next line without its line break, or io.EOF.
func (cr *ChangeReader) next() (string, error) {
	b, buf, err := limits.ReadLine(cr.r, cr.buf)
	cr.buf = buf
	if err == limits.ErrLongLine {
		cr.line++
		return "", cr.fail("%v", err)
	}
	if err != nil && err != io.EOF {
		return "", fmt.Errorf("read %s: %w", cr.name, err)
	}
	if len(b) == 0 && err == io.EOF {
		return "", io.EOF
	}
	cr.line++
	text := strings.TrimSuffix(string(b), "\n")
	return strings.TrimSuffix(text, "\r"), nil
}

func (cr *ChangeReader) fail(format string, a ...any) error {
	return &ChangeLogError{File: cr.name, Line: cr.line, Msg: fmt.Sprintf(format, a...)}
}

func (cr *ChangeReader) readHeader() error {
	cr.header = true
	text, err := cr.next()
	if err == io.EOF {
		cr.line = 1
		return cr.fail("empty file: no header row")
	}
	if err != nil {
		return err
	}
	want := strings.Join(ChangesHeader, "\t")
	switch text {
	case want:
		cr.ncols = len(ChangesHeader)
	case want + "\tscheme":
		cr.ncols = len(ChangesHeader) + 1
	default:
		return cr.fail("header %q is not a change log's (want %q, with or without a last \"scheme\" column)", clip(text), want)
	}
	return nil
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

func (cr *ChangeReader) parse(text string) (ChangeRow, error) {
	f := cr.split(text)
	if len(f) != cr.ncols {
		return ChangeRow{}, cr.fail("%d tab-separated fields, the header has %d", len(f), cr.ncols)
	}
	row := ChangeRow{Line: cr.line}
	var nums [3]int
	for i, col := range []string{"sentence", "token", "end"} {
		n, ok := parseCount(f[1+i])
		if !ok {
			return ChangeRow{}, cr.fail("%s %q is not a number from 1 written as the writer writes it", col, clip(f[1+i]))
		}
		nums[i] = n
	}
	if nums[2] < nums[1] {
		return ChangeRow{}, cr.fail("end %d before token %d", nums[2], nums[1])
	}
	row.Sentence, row.Token, row.End = nums[0]-1, nums[1]-1, nums[2]
	texts := []*string{&row.File, nil, nil, nil, &row.Kind, &row.Before, &row.After, &row.ConceptID, &row.Source, &row.TermType}
	for i, p := range texts {
		if p == nil {
			continue
		}
		v, ok := unescapeField(f[i])
		if !ok {
			return ChangeRow{}, cr.fail("%s %q: a backslash not followed by \\, t, n or r", ChangesHeader[i], clip(f[i]))
		}
		*p = v
	}
	if cr.ncols > len(ChangesHeader) {
		s, err := iob.ParseScheme(f[len(ChangesHeader)])
		if err != nil {
			return ChangeRow{}, cr.fail("scheme: %v", err)
		}
		row.Scheme = s
	}
	return row, nil
}

// split is strings.Split(text, "\t") into a slice the reader reuses
// (a log has a row per changed word), with at most one field more than
// the header has: enough to tell that a row has too many.
func (cr *ChangeReader) split(text string) []string {
	f := cr.fields[:0]
	for len(f) < cr.ncols {
		i := strings.IndexByte(text, '\t')
		if i < 0 {
			break
		}
		f = append(f, text[:i])
		text = text[i+1:]
	}
	f = append(f, text)
	cr.fields = f
	return f
}

// parseCount parses a positive count as appendCount writes it: decimal
// digits without sign or leading zero.
func parseCount(s string) (int, bool) {
	if s == "" || s[0] == '0' || len(s) > 18 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// unescapeField undoes appendField; a backslash must start one of the
// escapes it writes.
func unescapeField(s string) (string, bool) {
	i := strings.IndexByte(s, '\\')
	if i < 0 {
		return s, true
	}
	b := make([]byte, 0, len(s))
	for ; i >= 0; i = strings.IndexByte(s, '\\') {
		b = append(b, s[:i]...)
		if i+1 == len(s) {
			return "", false
		}
		switch s[i+1] {
		case '\\':
			b = append(b, '\\')
		case 't':
			b = append(b, '\t')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		default:
			return "", false
		}
		s = s[i+2:]
	}
	return string(append(b, s...)), true
}

// ReadChanges reads a whole change log (see ChangeReader); name is the
// file named in errors.
func ReadChanges(r io.Reader, name string) ([]ChangeRow, error) {
	cr := NewChangeReader(r, name)
	var rows []ChangeRow
	for {
		row, err := cr.Read()
		if err == io.EOF {
			return rows, nil
		}
		if err != nil {
			return nil, err
		}
		rows = append(rows, row)
	}
}

// ReadChangesFile reads the change log at path (see ReadChanges).
func ReadChangesFile(path string) ([]ChangeRow, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadChanges(f, path)
}
