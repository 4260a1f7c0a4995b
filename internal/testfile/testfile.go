// Package testfile holds what tests of several packages do with files,
// written once: input files made in a test's directory and golden files
// compared or rewritten. Only tests import it.
package testfile

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// Writer returns a function that writes a file of text named name in
// dir and returns its path, failing t when it cannot.
func Writer(t testing.TB, dir string) func(name, text string) string {
	return func(name, text string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
}

// Golden compares got with the golden file at path, or rewrites the
// file with got when update is set (a test's -update flag). A missing
// golden file fails t; one that differs is an error showing got.
func Golden(t testing.TB, path string, got []byte, update bool) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run go test -update after checking the difference); got:\n%s", path, got)
	}
}
