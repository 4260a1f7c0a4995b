package review

import (
	"errors"
	"fmt"
	"io"

	"github.com/stress-ner/stress/internal/limits"
)

// lines reads the TSV files a review reads back (a key, a judgement
// file, a label file) one line at a time, as a spreadsheet may have
// saved them (see limits.Lines: no line longer than limits.MaxLine). It
// is used as a bufio.Scanner is: for l.scan() { l.text ... }, then
// l.err.
type lines struct {
	in   *limits.Lines
	name string // the file named in errors
	is   error  // the sentinel that fail wraps
	line int    // of the line last read, from 1
	text string // the line last read
	err  error  // the error that ended scan, if any
}

func newLines(r io.Reader, name string, is error) *lines {
	return &lines{in: limits.NewLines(r), name: name, is: is}
}

// scan reads the next line into l.text; it is false after the last line
// or on an error (l.err): a line longer than limits.MaxLine is a
// *ParseError at its line.
func (l *lines) scan() bool {
	if !l.in.Scan() {
		switch err := l.in.Err(); {
		case errors.Is(err, limits.ErrLongLine):
			l.line = l.in.Line()
			l.err = &ParseError{File: l.name, Line: l.line, Err: err}
		case err != nil:
			l.err = fmt.Errorf("read %s: %w", l.name, err)
		}
		return false
	}
	l.line, l.text = l.in.Line(), l.in.Text()
	return true
}

// fail returns a *ParseError at the line last read (line 1 when none
// was: an empty file) wrapping the sentinel and the message.
func (l *lines) fail(format string, a ...any) error {
	return &ParseError{File: l.name, Line: max(l.line, 1), Err: fmt.Errorf("%w: "+format, append([]any{l.is}, a...)...)}
}
