package umls

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/stress-ner/stress/internal/limits"
)

// rrfReader reads pipe-delimited RRF rows: every row ends with "|", so a
// row of n columns holds exactly n pipes; the last row may lack its final
// newline. Fields are returned as sub-slices of an internal buffer, valid
// until the next call.
type rrfReader struct {
	file string
	cols int
	// name is the column of free text (MRCONSO STR), or -1: invalid
	// UTF-8 there is left to the loader, which skips and reports the row
	// (see CheckName); anywhere else it makes the file unreadable.
	name   int
	br     *bufio.Reader
	line   int
	fields [][]byte
	long   []byte // for rows longer than the bufio buffer
}

func newRRFReader(r io.Reader, file string, cols, name int) *rrfReader {
	return &rrfReader{file: file, cols: cols, name: name, br: bufio.NewReaderSize(r, 1<<16), fields: make([][]byte, cols)}
}

func (r *rrfReader) errorf(err error) error {
	return &ParseError{File: r.file, Line: r.line, Err: err}
}

// read returns the next row's fields, or io.EOF.
func (r *rrfReader) read() ([][]byte, error) {
	line, long, err := limits.ReadLine(r.br, r.long)
	r.long = long
	if err == limits.ErrLongLine {
		r.line++
		return nil, r.errorf(err)
	}
	if err != nil && err != io.EOF {
		return nil, fmt.Errorf("%s: %w", r.file, err)
	}
	if len(line) == 0 && err == io.EOF {
		return nil, io.EOF
	}
	r.line++
	last := err == io.EOF
	line = bytes.TrimSuffix(line, []byte{'\n'})
	line = bytes.TrimSuffix(line, []byte{'\r'})
	if len(line) == 0 {
		if last {
			return nil, io.EOF
		}
		return nil, r.errorf(fmt.Errorf("%w: empty row", ErrFieldCount))
	}
	valid := utf8.Valid(line)
	n := bytes.Count(line, []byte{'|'})
	if line[len(line)-1] != '|' {
		if last {
			return nil, r.errorf(fmt.Errorf("%w: %d of %d fields", ErrTruncated, n+1, r.cols))
		}
		return nil, r.errorf(fmt.Errorf("%w: row does not end with '|'", ErrFieldCount))
	}
	if n != r.cols {
		return nil, r.errorf(fmt.Errorf("%w: %d fields, want %d", ErrFieldCount, n, r.cols))
	}
	for i := range r.cols {
		j := bytes.IndexByte(line, '|')
		r.fields[i] = line[:j]
		line = line[j+1:]
		if !valid && i != r.name && !utf8.Valid(r.fields[i]) {
			return nil, r.errorf(fmt.Errorf("%w in field %d", ErrInvalidUTF8, i+1))
		}
	}
	return r.fields, nil
}
