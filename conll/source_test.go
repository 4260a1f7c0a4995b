package conll

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const sourceCorpus = "Aspirin\tB-Chemical\n\n"

// TestReadInputs: every corpus that can be read again is read once and
// held by the returned Opener, which then opens it from memory (the
// file may go); standard input is left to the work; an input that is
// not a corpus is only checked; the first missing input is the error,
// in the order of inputs.
func TestReadInputs(t *testing.T) {
	dir := t.TempDir()
	test, train, model := filepath.Join(dir, "test.tsv"), filepath.Join(dir, "train.tsv"), filepath.Join(dir, "model")
	for _, f := range []string{test, train, model} {
		if err := os.WriteFile(f, []byte(sourceCorpus), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stdin := strings.NewReader(sourceCorpus)
	op, err := Opener{Stdin: stdin}.ReadInputs([]string{model, test, train, "-"}, []string{test, train, "-"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{test, train} {
		src := op.Source(c)
		if src == nil || !src.Rereadable || len(src.SHA256) != 64 {
			t.Fatalf("%s: source %+v, want one read, rereadable, hashed", c, src)
		}
	}
	if op.Source(model) != nil || op.Source("-") != nil {
		t.Errorf("the model or standard input was read as a corpus")
	}
	if stdin.Len() != len(sourceCorpus) {
		t.Errorf("standard input read: %d bytes left", stdin.Len())
	}
	if err := os.Remove(test); err != nil {
		t.Fatal(err)
	}
	r, err := op.OpenInput(test)
	if err != nil {
		t.Fatalf("a held source opened again from disk: %v", err)
	}
	b, _ := io.ReadAll(r)
	r.Close()
	if string(b) != sourceCorpus {
		t.Errorf("held source reads %q", b)
	}

	missing := filepath.Join(dir, "missing.tsv")
	if _, err := (Opener{}).ReadInputs([]string{missing, train}, []string{train}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing input: %v, want fs.ErrNotExist", err)
	}
	if _, err := (Opener{}).ReadInputs([]string{train, missing}, nil); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing non-corpus input: %v, want fs.ErrNotExist", err)
	}
}

// TestCheckReadable: "-", "" and embedded names are not files; a
// missing file is the stat error.
func TestCheckReadable(t *testing.T) {
	f := filepath.Join(t.TempDir(), "in.tsv")
	if err := os.WriteFile(f, []byte(sourceCorpus), 0o644); err != nil {
		t.Fatal(err)
	}
	RegisterEmbedded("sourcetest:part", func() io.Reader { return strings.NewReader(sourceCorpus) })
	if err := CheckReadable([]string{"", "-", "sourcetest:part", f}); err != nil {
		t.Errorf("readable inputs: %v", err)
	}
	if err := CheckReadable([]string{f + ".missing"}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing input: %v, want fs.ErrNotExist", err)
	}
}
