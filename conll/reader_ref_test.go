package conll

// This file keeps the line-by-line Reader that reader.go replaced by a
// faster one (one string per sentence), so that tests and the fuzz
// target can check that the two read every input identically.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// refReader reads sentences from a CoNLL column file: one token per line,
// columns separated by tabs or spaces, a blank line between sentences.
//
// Lines whose first field is -DOCSTART- mark document boundaries: they are
// not tokens, and the next sentence has DocStart set. Lines that start with
// Comment (when it is not empty) are comments. A UTF-8 byte order mark,
// CRLF line ends, trailing spaces, a missing final newline and lines of any
// length are accepted. Memory use depends on the longest sentence, not on
// the size of the input.
//
// As with encoding/csv, the exported fields may be changed after newRefReader
// and before the first call to Read.
type refReader struct {
	// File names the input in errors.
	File string
	// TokenColumn is the 0-based column holding the token (default 0).
	TokenColumn int
	// TagColumn is the 0-based column holding the tag; negative values
	// count from the end of each line (default -1, the last column).
	TagColumn int
	// Delimiter separates columns; delimDetect (the default) decides from
	// the first token line.
	Delimiter Delimiter
	// Comment, when not empty, is the prefix of comment lines, e.g. "#".
	// It is off by default because "#" is an ordinary token in most corpora.
	Comment string
	// TagOptional accepts lines with a token but no tag column (input to a
	// tagger); their tag is "O".
	TagOptional bool

	r         *bufio.Reader
	line      int
	buf       []byte
	started   bool
	layout    Layout
	sawLine   bool // at least one line was read
	lastLF    bool // the last line read ended in a line break
	lastBlank bool
	pendDoc   bool
	pendLine  string
	// prev is the line before the current one ("" for none or a blank
	// one); a marker is tight before when it is not "", tight after when
	// the line after it is not blank (markerNext waits for that line).
	prev                  string
	markerNext            bool
	tightBefore, tightAft bool
	comments              []string
	err                   error
}

// newRefReader returns a refReader reading from r.
func newRefReader(r io.Reader) *refReader {
	return &refReader{TagColumn: -1, r: bufio.NewReaderSize(r, 64<<10)}
}

// Layout returns the layout seen so far; after Read has returned io.EOF
// it describes the whole input.
func (r *refReader) Layout() Layout { return r.layout }

// Line returns the number of the last line read.
func (r *refReader) Line() int { return r.line }

func (r *refReader) errorf(col int, err error) error {
	return &ParseError{File: r.File, Line: r.line, Column: col, Err: err}
}

// readLine returns the next line without its line break, or io.EOF.
func (r *refReader) readLine() ([]byte, error) {
	r.buf = r.buf[:0]
	for {
		chunk, err := r.r.ReadSlice('\n')
		r.buf = append(r.buf, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && err != io.EOF {
			return nil, err
		}
		if len(r.buf) == 0 {
			return nil, io.EOF
		}
		break
	}
	r.line++
	b := r.buf
	if !r.started {
		r.started = true
		if bytes.HasPrefix(b, []byte("\xef\xbb\xbf")) {
			r.layout.BOM = true
			b = b[3:]
		}
	}
	r.sawLine = true
	r.lastLF = false
	if n := len(b); n > 0 && b[n-1] == '\n' {
		r.lastLF = true
		b = b[:n-1]
		if n := len(b); n > 0 && b[n-1] == '\r' {
			b = b[:n-1]
			if r.line == 1 {
				r.layout.CRLF = true
			}
		}
	}
	return b, nil
}

// Read returns the next sentence, or io.EOF after the last one. Errors are
// *ParseError values carrying file and line.
func (r *refReader) Read() (Sentence, error) {
	if r.err != nil {
		return Sentence{}, r.err
	}
	s, err := r.read()
	if err != nil {
		r.err = err
	}
	return s, err
}

func (r *refReader) read() (Sentence, error) {
	var s Sentence
	for {
		b, err := r.readLine()
		if err == io.EOF {
			r.finish()
			if len(s.Tokens) > 0 {
				r.layout.NoFinalBlank = true
				return s, nil
			}
			if r.pendDoc {
				// A document marker with no sentence after it: keep it as
				// an empty sentence so that writing reproduces it.
				s.DocStart, s.DocLine, r.pendDoc = true, r.pendLine, false
				s.DocTightBefore = r.tightBefore
				s.Comments, r.comments = r.comments, nil
				return s, nil
			}
			return Sentence{}, io.EOF
		}
		if err != nil {
			return Sentence{}, fmt.Errorf("%s: %w", refFileName(r.File), err)
		}
		if !utf8.Valid(b) {
			col := 1 + utf8.RuneCount(b[:refFirstInvalid(b)])
			return Sentence{}, r.errorf(col, ErrInvalidUTF8)
		}
		b = bytes.TrimRight(b, " \t\r")
		if i := bytes.IndexByte(b, '\r'); i >= 0 {
			return Sentence{}, r.errorf(1+utf8.RuneCount(b[:i]), errors.New("carriage return inside a line"))
		}
		r.lastBlank = len(b) == 0
		prev := r.prev
		r.prev = string(b)
		if r.markerNext {
			r.tightAft, r.markerNext = len(b) > 0, false
		}
		if len(b) == 0 {
			if len(s.Tokens) > 0 {
				return s, nil
			}
			continue
		}
		if r.Comment != "" && bytes.HasPrefix(b, []byte(r.Comment)) {
			if len(s.Tokens) > 0 {
				return Sentence{}, r.errorf(1, errors.New("comment line inside a sentence"))
			}
			r.comments = append(r.comments, string(b))
			continue
		}
		line := string(b)
		if r.Delimiter == delimDetect {
			r.Delimiter = Space
			if strings.IndexByte(line, '\t') >= 0 {
				r.Delimiter = tab
			}
		}
		r.layout.Delimiter = r.Delimiter
		r.layout.TokenColumn, r.layout.TagColumn = r.TokenColumn, r.TagColumn
		fields := r.split(line)
		if fields[0] == docStartToken {
			r.markerNext = true
			if len(s.Tokens) > 0 {
				// No blank line before the marker: end the sentence here and
				// keep the marker for the next one.
				r.pendDoc, r.pendLine, r.tightBefore = true, line, prev != ""
				return s, nil
			}
			if r.pendDoc {
				// Two markers in a row: an empty document.
				s.DocStart, s.DocLine, s.DocTightBefore = true, r.pendLine, r.tightBefore
				s.Comments, r.comments = r.comments, nil
				r.pendLine, r.tightBefore = line, prev != ""
				return s, nil
			}
			r.pendDoc, r.pendLine, r.tightBefore = true, line, prev != ""
			continue
		}
		tok, tag, err := r.pick(fields)
		if err != nil {
			return Sentence{}, err
		}
		if len(s.Tokens) == 0 {
			s.Line = r.line
			s.Comments, r.comments = r.comments, nil
			if r.pendDoc {
				s.DocStart, s.DocLine, r.pendDoc = true, r.pendLine, false
				s.DocTightBefore, s.DocTightAfter = r.tightBefore, r.tightAft
			}
		}
		s.Tokens = append(s.Tokens, tok)
		s.Tags = append(s.Tags, tag)
		if len(fields) > 2 || r.TokenColumn != 0 || s.Fields != nil {
			if s.Fields == nil {
				// Earlier lines of this sentence had two plain columns.
				for i := 0; i < len(s.Tokens)-1; i++ {
					s.Fields = append(s.Fields, []string{s.Tokens[i], s.Tags[i]})
				}
			}
			s.Fields = append(s.Fields, fields)
		}
	}
}

// finish records how the input ended.
func (r *refReader) finish() {
	if r.sawLine && !r.lastLF {
		r.layout.NoFinalNewline = true
	}
	if r.sawLine && !r.lastBlank {
		r.layout.NoFinalBlank = true
	}
}

func (r *refReader) split(line string) []string {
	if r.Delimiter == tab {
		return strings.Split(line, "\t")
	}
	return refSplitBlanks(line)
}

// splitBlanks splits on runs of spaces and tabs only: unlike
// strings.Fields it keeps other Unicode spaces (such as U+00A0) inside
// tokens, where corpora do have them.
func refSplitBlanks(line string) []string {
	n := 0
	for i := 0; i < len(line); {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		if i < len(line) {
			n++
		}
		for i < len(line) && line[i] != ' ' && line[i] != '\t' {
			i++
		}
	}
	out := make([]string, 0, n)
	for i := 0; i < len(line); {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		j := i
		for j < len(line) && line[j] != ' ' && line[j] != '\t' {
			j++
		}
		if j > i {
			out = append(out, line[i:j])
		}
		i = j
	}
	return out
}

func (r *refReader) pick(fields []string) (tok, tag string, err error) {
	tc := r.TagColumn
	if tc < 0 {
		tc += len(fields)
	}
	if r.TokenColumn >= len(fields) {
		return "", "", r.errorf(0, fmt.Errorf("%w: no token column %d in %d fields", ErrFieldCount, r.TokenColumn+1, len(fields)))
	}
	tok = fields[r.TokenColumn]
	if tc == r.TokenColumn || tc < 0 || tc >= len(fields) {
		if !r.TagOptional {
			return "", "", r.errorf(0, fmt.Errorf("%w: missing tag column (line has %d field(s))", ErrFieldCount, len(fields)))
		}
		tag = "O"
	} else {
		tag = fields[tc]
	}
	if tok == "" || tag == "" {
		return "", "", r.errorf(0, ErrEmptyToken)
	}
	return tok, tag, nil
}

func refFirstInvalid(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(b)
}

func refFileName(f string) string {
	if f == "" {
		return "-"
	}
	return f
}

// readerOption is an option setting of the differential tests.
type readerOption struct {
	name  string
	apply func(tok, tag *int, delim *Delimiter, comment *string, optional *bool)
}

// readerOptions are the option settings the differential tests try.
var readerOptions = []readerOption{
	{"defaults", func(*int, *int, *Delimiter, *string, *bool) {}},
	{"comments", func(_, _ *int, _ *Delimiter, c *string, _ *bool) { *c = "#" }},
	{"tag optional", func(_, _ *int, _ *Delimiter, _ *string, o *bool) { *o = true }},
	{"token column 1", func(tok, _ *int, _ *Delimiter, _ *string, _ *bool) { *tok = 1 }},
	{"tag column 1", func(_, tag *int, _ *Delimiter, _ *string, _ *bool) { *tag = 1 }},
	{"space", func(_, _ *int, d *Delimiter, _ *string, _ *bool) { *d = Space }},
	{"tab optional", func(_, _ *int, d *Delimiter, _ *string, o *bool) { *d, *o = tab, true }},
}

// sameAsReference reads in with Reader and refReader under every option
// setting and fails on the first difference in sentences, errors or layout.
func sameAsReference(t *testing.T, in string) {
	t.Helper()
	for _, o := range readerOptions {
		sameAsReferenceSize(t, in, o, 64<<10)
		// A small buffer holds few sentences whole: the others are read
		// line by line (see readPlain).
		sameAsReferenceSize(t, in, o, 16)
	}
}

// sameAsReferenceSize is sameAsReference for one set of options, with
// a read buffer of size bytes.
func sameAsReferenceSize(t *testing.T, in string, o readerOption, size int) {
	t.Helper()
	{
		r := NewReader(strings.NewReader(in))
		r.r = bufio.NewReaderSize(strings.NewReader(in), size)
		ref := newRefReader(strings.NewReader(in))
		r.File, ref.File = "in.tsv", "in.tsv"
		o.apply(&r.TokenColumn, &r.TagColumn, &r.Delimiter, &r.Comment, &r.TagOptional)
		o.apply(&ref.TokenColumn, &ref.TagColumn, &ref.Delimiter, &ref.Comment, &ref.TagOptional)
		for n := 0; ; n++ {
			got, err := r.Read()
			want, werr := ref.Read()
			if fmt.Sprint(err) != fmt.Sprint(werr) {
				t.Fatalf("%s: sentence %d of %q: error %v, reference %v", o.name, n, in, err, werr)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: sentence %d of %q:\n got %#v\nwant %#v", o.name, n, in, got, want)
			}
			if r.Layout() != ref.Layout() || r.Line() != ref.Line() {
				t.Fatalf("%s: after sentence %d of %q: layout %+v line %d, reference %+v line %d",
					o.name, n, in, r.Layout(), r.Line(), ref.Layout(), ref.Line())
			}
			if err != nil {
				break
			}
		}
	}
}

var differentialInputs = []string{
	"a\tO\nb\tB-X\tpos\nc\tO\n\n",
	"a b c\nd e\n\nf\tg\th\n",
	"x\tO\n\t\tO\na\t\tB\n",
	"-DOCSTART-\n-DOCSTART-\n\n# c\na\tO\n# d\nb\tO\n-DOCSTART- O\n",
	"  lead\tO\n \t \n\r\na\tO \t\r\n\n",
	"a\tO\r\nb\tO\rc\n",
	"\xef\xbb\xbf\xef\xbb\xbfa\tO\n",
	"a\n\nb\tB-X\n",
	"é\u00a0x\tO\nß Y\n\n",
	"a\tO\nb\xc3\tO\n",
	"# only a comment",
}

func TestReaderMatchesReference(t *testing.T) {
	for _, tc := range readerCases {
		sameAsReference(t, tc.in)
	}
	for _, in := range differentialInputs {
		sameAsReference(t, in)
	}
	for _, name := range []string{"testdata/corpora/bc5cdr-test-head.tsv", "../../shared/corpora/NCBI-disease-IOB/devel.tsv"} {
		if data, err := os.ReadFile(name); err == nil {
			sameAsReference(t, string(data))
		}
	}
}

// TestReaderFieldsIndependent checks that the strings and slices of one
// sentence do not alias another's or the reader's reused buffers.
func TestReaderFieldsIndependent(t *testing.T) {
	got, _, err := readCoNLL(t, "a\tX\tB-Y\nb\tO\n\nc\tP\tO\n\n", nil)
	if err != nil {
		t.Fatal(err)
	}
	got[0].Fields[0] = append(got[0].Fields[0], "extra")
	got[0].Tokens = append(got[0].Tokens, "new")
	if got[0].Fields[1][0] != "b" || got[0].Tags[0] != "B-Y" || got[1].Tokens[0] != "c" {
		t.Fatalf("appending to one slice changed another: %#v", got)
	}
}

// FuzzReaderMatchesReference checks the sentence-at-a-time Reader
// against the line-at-a-time reference on arbitrary input.
func FuzzReaderMatchesReference(f *testing.F) {
	for _, tc := range readerCases {
		f.Add(tc.in)
	}
	for _, in := range differentialInputs {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) { sameAsReference(t, in) })
}
