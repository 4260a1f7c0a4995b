package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestEvidenceReproducible checks that the committed evidence.tsv,
// validity.tsv and docs/synonym-evidence.md are what the readings and
// the code of today make: the sets built again, the figures recomputed.
// "go generate ./perturb/synonym" writes them.
func TestEvidenceReproducible(t *testing.T) {
	const shared = "../../../../../shared"
	if _, err := os.Stat(filepath.Join(shared, "corpora/BC5CDR-IOB/test.tsv")); err != nil {
		t.Skip("shared data not present")
	}
	if testing.Short() {
		t.Skip("builds a dozen synonym sets")
	}
	dir := t.TempDir()
	doc := filepath.Join(dir, "synonym-evidence.md")
	if err := run("../../testdata/readings", shared, dir, doc); err != nil {
		t.Fatal(err)
	}
	for got, want := range map[string]string{
		filepath.Join(dir, "evidence.tsv"): "../../evidence.tsv",
		filepath.Join(dir, "validity.tsv"): "../../validity.tsv",
		doc:                                "../../../../docs/synonym-evidence.md",
	} {
		g, err := os.ReadFile(got)
		if err != nil {
			t.Fatal(err)
		}
		w, err := os.ReadFile(want)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(g, w) {
			t.Errorf("%s differs from what the readings make: run go generate ./perturb/synonym", want)
		}
	}
}

func TestReadIndex(t *testing.T) {
	dir := t.TempDir()
	bad := []string{
		"a\tpolicy\tcorpus\n",         // three fields
		"a\tmaybe\tcorpus\thow\n",     // unknown use
		"../x\tpolicy\tcorpus\thow\n", // not a directory name
	}
	for _, text := range bad {
		p := filepath.Join(dir, "readings.tsv")
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := readIndex(p); err == nil {
			t.Errorf("readIndex accepted %q", text)
		}
	}
}
