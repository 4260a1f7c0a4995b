package review

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// lines reads the TSV files a review reads back (a key, a judgement
// file) one line at a time, as a spreadsheet may have saved them: a line
// without its "\n" or "\r\n", the first without a byte-order mark. It is
// used as a bufio.Scanner is: for l.scan() { l.text ... }, then l.err.
type lines struct {
	br   *bufio.Reader
	name string // the file named in errors
	is   error  // the sentinel that fail wraps
	line int    // of the line last read, from 1
	text string // the line last read
	err  error  // the read error that ended scan, if any
}

func newLines(r io.Reader, name string, is error) *lines {
	return &lines{br: bufio.NewReader(r), name: name, is: is}
}

// scan reads the next line into l.text; it is false after the last line
// or on a read error (l.err).
func (l *lines) scan() bool {
	text, err := l.br.ReadString('\n')
	if err != nil && err != io.EOF {
		l.err = fmt.Errorf("read %s: %w", l.name, err)
		return false
	}
	if text == "" && err == io.EOF {
		return false
	}
	l.line++
	l.text = strings.TrimSuffix(strings.TrimSuffix(text, "\n"), "\r")
	if l.line == 1 {
		l.text = strings.TrimPrefix(l.text, "\ufeff")
	}
	return true
}

// fail returns a *ParseError at the line last read (line 1 when none
// was: an empty file) wrapping the sentinel and the message.
func (l *lines) fail(format string, a ...any) error {
	return &ParseError{File: l.name, Line: max(l.line, 1), Err: fmt.Errorf("%w: "+format, append([]any{l.is}, a...)...)}
}
