package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/sample"
	"github.com/stress-ner/stress/stressset"
)

// TestRunUnseenInTrain: with --train, run makes synonym and entity-swap
// prefer names never seen in the training corpus, records it in the
// manifest (and so in the report's provenance) and says how many
// replacements are seen names all the same; --unseen-in ” keeps the
// seen names; and build --from regenerates either build byte for byte
// (issue 32).
func TestRunUnseenInTrain(t *testing.T) {
	if testing.Short() {
		t.Skip("trains a model and loads the default concept store")
	}
	dir := t.TempDir()
	train, test := filepath.Join(dir, "train.tsv"), filepath.Join(dir, "test.tsv")
	for path, r := range map[string]io.Reader{train: sample.TrainReader(), test: sample.TestReader()} {
		b, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name, unseen string
		args         []string
		log          string
	}{
		{"default", "", nil, "names the model saw as entities; --unseen-in " + train + " prefers the others"},
		{"unseen", train, []string{"--unseen-in", train}, "(names never seen there came first, --unseen-in " + train},
	} {
		out := filepath.Join(dir, tc.name)
		args := append([]string{"run", "--train", train, "--test", test, "--out", out, "--kinds", "synonym,entity-swap",
			"--baselines", "words", "--epochs", "1", "--samples", "0"}, tc.args...)
		stdout, stderr, err := runCLI(t, "", args...)
		if err != nil {
			t.Fatalf("%s: %v\n%s", tc.name, err, stderr)
		}
		if !strings.Contains(stderr, "synonym: ") || !strings.Contains(stderr, "replacements") || !strings.Contains(stderr, tc.log) {
			t.Errorf("%s: the log does not say how many names were seen:\n%s", tc.name, stderr)
		}
		m, err := stressset.ReadManifest(filepath.Join(out, "manifest.json"))
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range m.Kinds {
			got := k.Options["unseen-in"]
			if got != "" {
				got = filepath.Join(out, got) // recorded relative to the build
			}
			if got != tc.unseen {
				t.Errorf("%s: %s unseen-in %q, want %q", tc.name, k.Name, got, tc.unseen)
			}
		}
		if tc.unseen != "" && !strings.Contains(stdout, "unseen-in") {
			t.Errorf("%s: the report's provenance does not show unseen-in:\n%s", tc.name, stdout)
		}
		again := filepath.Join(dir, tc.name+"-again")
		if _, stderr, err := runCLI(t, "", "build", "--from", filepath.Join(out, "manifest.json"), "--out", again); err != nil {
			t.Fatalf("%s: build --from: %v\n%s", tc.name, err, stderr)
		}
		for _, f := range []string{"test_synonym.tsv", "test_eswap.tsv", "changes.tsv"} {
			a, _ := os.ReadFile(filepath.Join(out, f))
			b, _ := os.ReadFile(filepath.Join(again, f))
			if len(a) == 0 || string(a) != string(b) {
				t.Errorf("%s: build --from wrote another %s", tc.name, f)
			}
		}
	}
}
