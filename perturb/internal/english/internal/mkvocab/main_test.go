package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestReproducesEmbedded checks that the committed vocabulary is what
// "go generate" makes of the shared data, byte for byte.
func TestReproducesEmbedded(t *testing.T) {
	const shared = "../../../../../../shared"
	if _, err := os.Stat(filepath.Join(shared, wordLists[0])); err != nil {
		t.Skip("shared data not present")
	}
	out := filepath.Join(t.TempDir(), "vocab.txt.gz")
	if err := build(shared, out, io.Discard); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../vocab.txt.gz")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("generated vocabulary (%d bytes) differs from vocab.txt.gz (%d bytes): run go generate ./perturb/internal/english", len(got), len(want))
	}
}
