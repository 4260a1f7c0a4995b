package filehash

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
)

func TestFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x")
	os.WriteFile(p, []byte("abc"), 0o644)
	// SHA-256("abc"), FIPS 180-2 appendix B.1.
	const want = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
	if got, err := File(p); err != nil || got != want {
		t.Errorf("File = %q, %v; want %q", got, err, want)
	}
	if _, err := File(p + ".missing"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	if _, err := reader("in.tsv", iotest.ErrReader(errors.New("boom"))); err == nil || !strings.HasPrefix(err.Error(), "read in.tsv: ") {
		t.Errorf("read error: %v", err)
	}
}
