// Package limits bounds what every reader of stress holds at once: a
// line, and a document of a document format. A file that is not a corpus
// (/dev/zero, a gzip bomb of one endless line, a binary) is then an
// error after a few megabytes read, instead of filling memory until the
// system kills the process.
package limits

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// The limits. Real corpora stay far below them: a CoNLL or PubTator line
// is a token or a passage (a full-text PubTator passage is some hundred
// kilobytes), a JSON Lines record or a CoNLL sentence a sentence
// (100,000 tokens make about 2 MB), a BioC or PubTator document or a
// brat file one article.
const (
	MaxLine     = 16 << 20 // bytes of a line
	MaxSentence = 16 << 20 // bytes of the lines of a sentence of a line-per-token format (CoNLL)
	MaxDocument = 16 << 20 // bytes of a document (BioC, PubTator) or an annotation or text file (brat)
)

var (
	// ErrLongLine means a line is longer than MaxLine.
	ErrLongLine = fmt.Errorf("line longer than %d MiB (is this a text corpus?)", MaxLine>>20)
	// ErrLongSentence means a sentence is longer than MaxSentence: no
	// blank line ends it.
	ErrLongSentence = fmt.Errorf("sentence longer than %d MiB", MaxSentence>>20)
	// ErrLargeDocument means a document is larger than MaxDocument.
	ErrLargeDocument = fmt.Errorf("document larger than %d MiB", MaxDocument>>20)
)

// ReadLine is r.ReadSlice('\n') for lines of any length up to MaxLine:
// it returns the next line with its line break (without one at the end
// of the input, with io.EOF, as ReadSlice does). A line longer than r's
// buffer is gathered in buf, which is returned for reuse (it may be nil);
// the line is valid until the next read of r or use of buf. A line
// longer than MaxLine is ErrLongLine once MaxLine bytes of it are read,
// and nothing more of r is read.
func ReadLine(r *bufio.Reader, buf []byte) (line, newBuf []byte, err error) {
	b, err := r.ReadSlice('\n')
	if err != bufio.ErrBufferFull {
		return b, buf, err
	}
	buf = append(buf[:0], b...)
	for err == bufio.ErrBufferFull {
		if len(buf) > MaxLine {
			return nil, buf, ErrLongLine
		}
		b, err = r.ReadSlice('\n')
		buf = append(buf, b...)
	}
	if n := len(buf); n > MaxLine && !(n == MaxLine+1 && buf[MaxLine] == '\n') {
		return nil, buf, ErrLongLine
	}
	return buf, buf, err
}

// Scanner returns a bufio.Scanner of r whose lines may be MaxLine bytes
// long; a longer one stops it with bufio.ErrTooLong, which Err turns into
// ErrLongLine.
func Scanner(r io.Reader) *bufio.Scanner {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), MaxLine+1) // the line and its line break
	return sc
}

// ShortScanner is Scanner for short inputs (a keyboard layout): its
// buffer starts at bufio's 4 KiB and grows as lines need, up to
// Scanner's limit. Scanner's 64 KiB, a large allocation cleared before
// the first read, pay only on long inputs (issue 34).
func ShortScanner(r io.Reader) *bufio.Scanner {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, MaxLine+1)
	return sc
}

// Err returns err, with bufio.ErrTooLong (a Scanner's line longer than
// its buffer) as ErrLongLine.
func Err(err error) error {
	if errors.Is(err, bufio.ErrTooLong) {
		return ErrLongLine
	}
	return err
}

// Reader returns r, reading at most n bytes more; the byte after them is
// err, so that a decoder reading a whole value (a brat file, a BioC
// document) stops with err instead of growing without bound.
func Reader(r io.Reader, n int64, err error) io.Reader {
	return &limited{r: r, n: n, err: err}
}

type limited struct {
	r   io.Reader
	n   int64
	err error
}

func (l *limited) Read(p []byte) (int, error) {
	if l.n <= 0 {
		if _, err := l.r.Read(make([]byte, 1)); err == io.EOF {
			return 0, io.EOF // exactly n bytes
		}
		return 0, l.err
	}
	if int64(len(p)) > l.n {
		p = p[:l.n]
	}
	k, err := l.r.Read(p)
	l.n -= int64(k)
	return k, err
}

// Lines reads a text file one line at a time, as an editor or a
// spreadsheet may have saved it: each line without its "\n" or "\r\n",
// the first without a byte-order mark, none longer than MaxLine. It is
// used as a bufio.Scanner is: for l.Scan() { l.Text() ... }, then
// l.Err(), which is ErrLongLine for a line longer than MaxLine (Line
// is then its number) or the read error that ended Scan.
type Lines struct {
	br   *bufio.Reader
	buf  []byte
	line int
	text string
	err  error
}

// NewLines returns a Lines reading r.
func NewLines(r io.Reader) *Lines {
	return &Lines{br: bufio.NewReader(r)}
}

// Scan reads the next line; it is false after the last line or on an
// error.
func (l *Lines) Scan() bool {
	if l.err != nil {
		return false
	}
	b, buf, err := ReadLine(l.br, l.buf)
	l.buf = buf
	switch {
	case err == ErrLongLine:
		l.line++
		l.err = err
		return false
	case err != nil && err != io.EOF:
		l.err = err
		return false
	case len(b) == 0:
		return false
	}
	l.line++
	b = bytes.TrimSuffix(b, []byte("\n"))
	b = bytes.TrimSuffix(b, []byte("\r"))
	if l.line == 1 {
		b = bytes.TrimPrefix(b, []byte("\ufeff"))
	}
	l.text = string(b)
	return true
}

// Text returns the line Scan read.
func (l *Lines) Text() string { return l.text }

// Line returns the number of the line Scan read, from 1 (or of the line
// longer than MaxLine).
func (l *Lines) Line() int { return l.line }

// Err returns the error that ended Scan, or nil at the end of the input.
func (l *Lines) Err() error { return l.err }
