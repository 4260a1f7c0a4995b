// Package limits bounds what every reader of stress holds at once: a
// line, and a document of a document format. A file that is not a corpus
// (/dev/zero, a gzip bomb of one endless line, a binary) is then an
// error after a few megabytes read, instead of filling memory until the
// system kills the process.
package limits

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// The limits. Real corpora stay far below them: a CoNLL or PubTator line
// is a token or a passage (a full-text PubTator passage is some hundred
// kilobytes), a JSON Lines record a sentence (100,000 tokens make about
// 2 MB), a BioC document or a brat file one article.
const (
	MaxLine     = 16 << 20 // bytes of a line
	MaxDocument = 16 << 20 // bytes of a document (BioC) or an annotation or text file (brat)
)

var (
	// ErrLongLine means a line is longer than MaxLine.
	ErrLongLine = fmt.Errorf("line longer than %d MiB (is this a text corpus?)", MaxLine>>20)
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
