package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTraps are the mistakes a new user made in the first hour (issue
// 33), each answered by the error or the feature they expected.
func TestTraps(t *testing.T) {
	dir := t.TempDir()
	gold := "testdata/bc5cdr4-head.tsv"
	empty := filepath.Join(dir, "empty.tsv")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}

	// score with two files: point to --gold/--pred.
	_, _, err := runCLI(t, "", "score", gold, gold)
	if err == nil || !strings.Contains(err.Error(), "--gold "+gold+" --pred "+gold) {
		t.Errorf("score GOLD PRED: %v, want a hint to --gold/--pred", err)
	}

	// train with no TRAIN: the embedded sample, as run and build use it.
	model := filepath.Join(dir, "m.model")
	if _, stderr, err := runCLI(t, "", "train", "--features", "words", "--epochs", "1", "-o", model); err != nil {
		t.Errorf("train on the sample: %v\n%s", err, stderr)
	} else if !strings.Contains(stderr, "embedded sample") {
		t.Errorf("train on the sample does not say so:\n%s", stderr)
	}
	if _, _, err := runCLI(t, "", "train", "--features", "words", "-o", filepath.Join(dir, "m2.model"), "sample:train", gold); err == nil {
		t.Error("train sample:train FILE: no error")
	}

	// An empty training file fails before the stress sets are built.
	out := filepath.Join(dir, "run")
	_, _, err = runCLI(t, "", "run", "-q", "--train", empty, "--test", gold, "--out", out)
	if err == nil || !strings.Contains(err.Error(), "empty.tsv") {
		t.Errorf("run --train empty: %v", err)
	}
	if _, statErr := os.Stat(out); statErr == nil {
		t.Error("run --train empty built the stress sets first")
	}
	_, stderr, err := runCLI(t, "", "curve", "--train", empty, "--test", gold, "--baselines", "--kinds", "keyboard", "--rates", "1")
	if err == nil || strings.Contains(stderr, "building") {
		t.Errorf("curve --train empty: %v; it logged:\n%s", err, stderr)
	}

	// --model-name a,b names two systems.
	cmd := `awk '{print NF ? "O" : ""}'`
	stdout, stderr, err := runCLI(t, "", "run", "-q", "--test", gold, "--baselines", "none", "--kinds", "keyboard",
		"--model-cmd", cmd, "--model-cmd", cmd, "--model-name", "first,second", "--samples", "0", "--format", "csv", "--out", filepath.Join(dir, "names"))
	if err != nil {
		t.Fatalf("run --model-name first,second: %v\n%s", err, stderr)
	}
	if !strings.Contains(stdout, "\nfirst,O,overall,") || !strings.Contains(stdout, "\nsecond,O,overall,") {
		t.Errorf("--model-name first,second did not name two systems:\n%s", stdout)
	}

	// run --mode: the scoring modes of compare.
	for _, mode := range []string{"strict", "semeval"} {
		stdout, stderr, err := runCLI(t, "", "run", "-q", "--test", gold, "--baselines", "none", "--kinds", "keyboard",
			"--model-cmd", cmd, "--mode", mode, "--samples", "0", "--format", "json", "--out", filepath.Join(dir, "mode-"+mode))
		if err != nil {
			t.Fatalf("run --mode %s: %v\n%s", mode, err, stderr)
		}
		if !strings.Contains(stdout, `"mode": "`+mode) {
			t.Errorf("run --mode %s: the report does not say so", mode)
		}
	}
}
