// Package filehash gives the SHA-256 of a file or stream as manifests
// and reports record it (lower-case hex), so that every package that
// records an input hashes it the same way.
package filehash

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
)

// File returns the SHA-256 of the bytes of the file at path.
func File(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	return reader(path, f)
}

// reader returns the SHA-256 of what r holds to its end; name (a path)
// prefixes a read error.
func reader(name string, r io.Reader) (string, error) {
	h := sha256.New()
	if _, err := io.Copy(h, r); err != nil {
		return "", fmt.Errorf("read %s: %w", name, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
