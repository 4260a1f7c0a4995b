package review

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// lines reads the TSV files a review reads back (a key, a judgement
// file) one line at a time, as a spreadsheet may have saved them: a line
// without its "\n" or "\r\n", the first without a byte-order mark.
type lines struct {
	br   *bufio.Reader
	name string // the file named in errors
	is   error  // the sentinel that fail wraps
	line int    // of the line last read, from 1
}

func newLines(r io.Reader, name string, is error) *lines {
	return &lines{br: bufio.NewReader(r), name: name, is: is}
}

// next returns the next line; ok is false after the last one.
func (l *lines) next() (text string, ok bool, err error) {
	text, err = l.br.ReadString('\n')
	if err != nil && err != io.EOF {
		return "", false, fmt.Errorf("read %s: %w", l.name, err)
	}
	if text == "" && err == io.EOF {
		return "", false, nil
	}
	l.line++
	text = strings.TrimSuffix(strings.TrimSuffix(text, "\n"), "\r")
	if l.line == 1 {
		text = strings.TrimPrefix(text, "\ufeff")
	}
	return text, true, nil
}

// fail returns a *ParseError at the line last read (line 1 when none
// was: an empty file) wrapping the sentinel and the message.
func (l *lines) fail(format string, a ...any) error {
	return &ParseError{File: l.name, Line: max(l.line, 1), Err: fmt.Errorf("%w: "+format, append([]any{l.is}, a...)...)}
}
