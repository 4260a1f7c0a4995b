package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tinyCorpus is a small IOB2 training corpus in the shared corpora's
// layout.
const tinyCorpus = `Aspirin	B-Chemical
causes	O
gastric	B-Disease
ulcers	I-Disease
.	O

Cocaine	B-Chemical
induced	O
seizures	B-Disease
.	O

Heparin	B-Chemical
prevents	O
deep	B-Disease
vein	I-Disease
thrombosis	I-Disease
.	O

No	O
effect	O
was	O
seen	O
.	O
`

func writeTemp(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func trainTiny(t *testing.T, features string) string {
	t.Helper()
	train := writeTemp(t, "train.tsv", tinyCorpus)
	model := filepath.Join(t.TempDir(), features+".model")
	if _, stderr, err := runCLI(t, "", "train", "--features", features, "--epochs", "5", "--hash-bits", "14", "-o", model, train); err != nil {
		t.Fatalf("train: %v\n%s", err, stderr)
	}
	return model
}

func TestTrainCommand(t *testing.T) {
	train := writeTemp(t, "train.tsv", tinyCorpus)
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.model"), filepath.Join(dir, "b.model")
	_, stderr, err := runCLI(t, "", "train", "--features", "chars", "--seed", "5", "-o", a, train)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr, "epoch 10/10") || !strings.Contains(stderr, "trained on 4 sentences (20 tokens)") {
		t.Errorf("stderr lacks progress or summary:\n%s", stderr)
	}
	// Standard input as training data, same seed: same bytes.
	if _, _, err := runCLI(t, tinyCorpus, "train", "-q", "--features=chars", "--seed=5", "-o", b, "-"); err != nil {
		t.Fatal(err)
	}
	da, _ := os.ReadFile(a)
	db, _ := os.ReadFile(b)
	if len(da) == 0 || !bytes.Equal(da, db) {
		t.Error("same data and seed gave different model files")
	}
	// No clobbering without --force.
	if _, _, err := runCLI(t, "", "train", "--features", "words", "-o", a, train); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("overwrite without --force: err = %v", err)
	}
	if _, _, err := runCLI(t, "", "train", "-q", "--force", "--features", "words", "-o", a, train); err != nil {
		t.Errorf("--force: %v", err)
	}
}

func TestTrainCommandErrors(t *testing.T) {
	train := writeTemp(t, "train.tsv", tinyCorpus)
	bad := writeTemp(t, "bad.tsv", "a\tO\nb\tB-X\n\nc\tO\nd\tPERSON\n")
	out := filepath.Join(t.TempDir(), "m.model")
	tests := []struct {
		args  []string
		usage bool
		msg   string
	}{
		{[]string{"train", "-o", out, train}, true, "--features"},
		{[]string{"train", "--features", "glyphs", "-o", out, train}, true, "unknown feature set"},
		{[]string{"train", "--features", "words", train}, true, "-o MODEL"},
		{[]string{"train", "--features", "words", "-o", out, "sample:train", train}, true, "sample:train"},
		{[]string{"train", "--features", "words", "--epochs", "0", "-o", out, train}, true, "--epochs"},
		{[]string{"train", "--features", "words", "--hash-bits", "40", "-o", out, train}, true, "--hash-bits"},
		{[]string{"train", "--features", "words", "-o", out, bad}, false, bad + `:5: tag "PERSON" is not valid iob2`},
		{[]string{"train", "--features", "words", "-o", out, filepath.Join(t.TempDir(), "missing.tsv")}, false, "missing.tsv"},
	}
	for _, tt := range tests {
		_, _, err := runCLI(t, "", tt.args...)
		if err == nil {
			t.Errorf("%q: no error", tt.args)
			continue
		}
		if errors.Is(err, errUsage) != tt.usage || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%q: err = %v (usage %v), want %q (usage %v)", tt.args, err, errors.Is(err, errUsage), tt.msg, tt.usage)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed run left a model file")
	}
}
