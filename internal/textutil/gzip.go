package textutil

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"io"
	"strings"
)

// maxGzipLine is the longest line GzipLines passes on.
const maxGzipLine = 1 << 20

// GzipText returns the text of gz, gzipped text such as the data a
// package embeds and decodes on first use, in one string, and with it
// what stopped it short (a malformed gzip stream): the text decoded
// until then.
func GzipText(gz []byte) (string, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if len(gz) >= 4 {
		// gzip's trailer holds the size of the text (modulo 2^32).
		b.Grow(int(binary.LittleEndian.Uint32(gz[len(gz)-4:])) + 1)
	}
	_, err = io.Copy(&b, zr)
	return b.String(), err
}

// GzipLines calls fn with every line (up to 1 MiB) of gz (see GzipText)
// and returns what stopped it short: a malformed gzip stream or an
// overlong line (bufio.ErrTooLong). The lines before that have been
// passed to fn. Lines are split as bufio.ScanLines splits them (a final
// "\r" dropped, a last line without "\n" passed too); they are
// substrings of the whole decoded text: a string per line cost the
// English vocabulary 180,000 allocations.
func GzipLines(gz []byte, fn func(line string)) error {
	text, err := GzipText(gz)
	for text != "" {
		line, rest, _ := strings.Cut(text, "\n")
		if len(line) > maxGzipLine {
			return bufio.ErrTooLong
		}
		fn(strings.TrimSuffix(line, "\r"))
		text = rest
	}
	return err
}
