package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stress-ner/stress/internal/termfile"
)

// TestGoldReproducible checks that the committed attested names is what
// "go generate" makes of the shared data, byte for byte.
func TestGoldReproducible(t *testing.T) {
	const shared = "../../../../../shared"
	if _, err := os.Stat(filepath.Join(shared, termfile.Corpora[0])); err != nil {
		t.Skip("shared data not present")
	}
	out := filepath.Join(t.TempDir(), "gold.txt.gz")
	if err := build(shared, out, io.Discard); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../gold.txt.gz")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("generated attested names (%d bytes) differs from gold.txt.gz (%d bytes): run go generate ./perturb/synonym", len(got), len(want))
	}
}
