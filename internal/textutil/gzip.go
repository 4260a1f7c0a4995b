package textutil

import (
	"bufio"
	"bytes"
	"compress/gzip"
)

// GzipLines calls fn with every line (up to 1 MiB) of gz, gzipped text
// such as the data a package embeds and decodes on first use, and
// returns what stopped it short: a malformed gzip stream or an overlong
// line. The lines before that have been passed to fn.
func GzipLines(gz []byte, fn func(line string)) error {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		fn(sc.Text())
	}
	return sc.Err()
}
