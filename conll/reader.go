package conll

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// DocStartToken is the first field of a CoNLL document-boundary line.
const DocStartToken = "-DOCSTART-"

// Delimiter says how the columns of a CoNLL line are separated.
type Delimiter int

const (
	// DelimDetect picks Tab when the first token line contains a tab and
	// Space otherwise.
	DelimDetect Delimiter = iota
	// Tab splits on every tab character; tokens may contain spaces.
	Tab
	// Space splits on runs of spaces and tabs.
	Space
)

func (d Delimiter) String() string {
	switch d {
	case Tab:
		return "tab"
	case Space:
		return "space"
	}
	return "detect"
}

// Layout describes how a CoNLL file was laid out, so that a Writer can
// reproduce it. The zero Layout writes tab-separated LF lines with a blank
// line after every sentence.
type Layout struct {
	Delimiter   Delimiter // Tab or Space (Space writes one space)
	TokenColumn int       // 0-based column of the token
	TagColumn   int       // 0-based column of the tag; negative counts from the end
	CRLF        bool      // lines end in "\r\n"
	BOM         bool      // the file starts with a UTF-8 byte order mark
	// NoFinalBlank is set when the last sentence is not followed by a
	// blank line; NoFinalNewline when the file does not even end in a
	// line break.
	NoFinalBlank   bool
	NoFinalNewline bool
}

// Reader reads sentences from a CoNLL column file: one token per line,
// columns separated by tabs or spaces, a blank line between sentences.
//
// Lines whose first field is -DOCSTART- mark document boundaries: they are
// not tokens, and the next sentence has DocStart set. Lines that start with
// Comment (when it is not empty) are comments. A UTF-8 byte order mark,
// CRLF line ends, trailing spaces, a missing final newline and lines of any
// length are accepted. Memory use depends on the longest sentence, not on
// the size of the input.
//
// As with encoding/csv, the exported fields may be changed after NewReader
// and before the first call to Read.
type Reader struct {
	// File names the input in errors.
	File string
	// TokenColumn is the 0-based column holding the token (default 0).
	TokenColumn int
	// TagColumn is the 0-based column holding the tag; negative values
	// count from the end of each line (default -1, the last column).
	TagColumn int
	// Delimiter separates columns; DelimDetect (the default) decides from
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
	comments  []string
	err       error
}

// NewReader returns a Reader reading from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{TagColumn: -1, r: bufio.NewReaderSize(r, 64<<10)}
}

// Layout returns the layout seen so far; after Read has returned io.EOF
// it describes the whole input.
func (r *Reader) Layout() Layout { return r.layout }

// Line returns the number of the last line read.
func (r *Reader) Line() int { return r.line }

func (r *Reader) errorf(col int, err error) error {
	return &ParseError{File: r.File, Line: r.line, Column: col, Err: err}
}

// readLine returns the next line without its line break, or io.EOF.
func (r *Reader) readLine() ([]byte, error) {
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
func (r *Reader) Read() (Sentence, error) {
	if r.err != nil {
		return Sentence{}, r.err
	}
	s, err := r.read()
	if err != nil {
		r.err = err
	}
	return s, err
}

func (r *Reader) read() (Sentence, error) {
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
				s.Comments, r.comments = r.comments, nil
				return s, nil
			}
			return Sentence{}, io.EOF
		}
		if err != nil {
			return Sentence{}, fmt.Errorf("%s: %w", fileName(r.File), err)
		}
		if !utf8.Valid(b) {
			col := 1 + utf8.RuneCount(b[:firstInvalid(b)])
			return Sentence{}, r.errorf(col, ErrInvalidUTF8)
		}
		b = bytes.TrimRight(b, " \t\r")
		if i := bytes.IndexByte(b, '\r'); i >= 0 {
			return Sentence{}, r.errorf(1+utf8.RuneCount(b[:i]), errors.New("carriage return inside a line"))
		}
		r.lastBlank = len(b) == 0
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
		if r.Delimiter == DelimDetect {
			r.Delimiter = Space
			if strings.IndexByte(line, '\t') >= 0 {
				r.Delimiter = Tab
			}
		}
		r.layout.Delimiter = r.Delimiter
		r.layout.TokenColumn, r.layout.TagColumn = r.TokenColumn, r.TagColumn
		fields := r.split(line)
		if fields[0] == DocStartToken {
			if len(s.Tokens) > 0 {
				// No blank line before the marker: end the sentence here and
				// keep the marker for the next one.
				r.pendDoc, r.pendLine = true, line
				return s, nil
			}
			if r.pendDoc {
				// Two markers in a row: an empty document.
				s.DocStart, s.DocLine = true, r.pendLine
				s.Comments, r.comments = r.comments, nil
				r.pendLine = line
				return s, nil
			}
			r.pendDoc, r.pendLine = true, line
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
func (r *Reader) finish() {
	if r.sawLine && !r.lastLF {
		r.layout.NoFinalNewline = true
	}
	if r.sawLine && !r.lastBlank {
		r.layout.NoFinalBlank = true
	}
}

func (r *Reader) split(line string) []string {
	if r.Delimiter == Tab {
		return strings.Split(line, "\t")
	}
	return splitBlanks(line)
}

// splitBlanks splits on runs of spaces and tabs only: unlike
// strings.Fields it keeps other Unicode spaces (such as U+00A0) inside
// tokens, where corpora do have them.
func splitBlanks(line string) []string {
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

func (r *Reader) pick(fields []string) (tok, tag string, err error) {
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

func firstInvalid(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(b)
}

func fileName(f string) string {
	if f == "" {
		return "-"
	}
	return f
}
