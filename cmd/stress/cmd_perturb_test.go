package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
)

// TestPerturbBadOptionStatus: option values the perturbation refuses are
// usage mistakes, exit status 2, whether the flag parser or the
// perturbation's setup finds them.
func TestPerturbBadOptionStatus(t *testing.T) {
	for _, args := range [][]string{
		{"perturb", "--kind", "keyboard", "--layout", "dvorak"},
		{"perturb", "--kind", "synonym", "--strategy", "bogus"},
		{"perturb", "--kind", "synonym", "--db", filepath.Join(t.TempDir(), "missing.db")},
	} {
		code, stderr := cliStatus(t, args...)
		if code != 2 || !strings.HasPrefix(stderr, "stress: usage: ") {
			t.Errorf("%v: exit %d, stderr %q; want 2 and a usage message", args, code, stderr)
		}
	}
}

// gunzipFile returns the decompressed content of a gzipped file, failing
// the test when the file is not gzipped.
func gunzipFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: not gzipped: %v", path, err)
	}
	text, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return string(text)
}

// TestPerturbGzipOutput: -o x.tsv.gz writes gzip, with the same text as
// -o x.tsv.
func TestPerturbGzipOutput(t *testing.T) {
	in := filepath.Join(t.TempDir(), "in.tsv")
	text, _ := splitSentences(sampleText(t), 30)
	os.WriteFile(in, []byte(text), 0o644)
	dir := t.TempDir()
	plain, zipped := filepath.Join(dir, "x.tsv"), filepath.Join(dir, "x.tsv.GZ")
	for _, out := range []string{plain, zipped} {
		if _, _, err := stressCLI(t, nil, "perturb", "--kind", "swap", "--seed", "7", "-o", out, in); err != nil {
			t.Fatal(err)
		}
	}
	want, _ := os.ReadFile(plain)
	if got := gunzipFile(t, zipped); got != string(want) {
		t.Errorf("gzipped output differs from plain output")
	}
	orig, err := conll.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	sents, err := conll.ReadFile(zipped)
	if err != nil || len(sents) != len(orig) || len(orig) == 0 {
		t.Errorf("read back %d sentences, %v; want %d", len(sents), err, len(orig))
	}
}

// TestPerturbCommitOrder: when the output cannot be put in place, the
// change log is not committed either.
func TestPerturbCommitOrder(t *testing.T) {
	in := filepath.Join(t.TempDir(), "in.tsv")
	text, _ := splitSentences(sampleText(t), 10)
	os.WriteFile(in, []byte(text), 0o644)
	dir := t.TempDir()
	out := filepath.Join(dir, "out.tsv")
	if err := os.MkdirAll(filepath.Join(out, "sub"), 0o755); err != nil { // rename over it fails
		t.Fatal(err)
	}
	logPath := filepath.Join(dir, "changes.tsv")
	if _, _, err := stressCLI(t, nil, "perturb", "--kind", "swap", "-o", out, "--log", logPath, in); err == nil {
		t.Fatal("perturb over a directory succeeded")
	}
	if _, err := os.Stat(logPath); err == nil {
		t.Error("change log committed although the output failed")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("failed perturb left %d entries, want only the directory", len(ents))
	}
}
