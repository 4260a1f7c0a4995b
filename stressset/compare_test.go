package stressset

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stress-ner/stress/compare"
)

// TestAddToAndDirFiles compares a system that copies the gold on a
// build: every set scores 100, and DirFiles names every file of the
// build, inputs included.
func TestAddToAndDirFiles(t *testing.T) {
	paths := testInputs(t, 20)
	plan := testPlan(t, paths[:1])
	if _, err := Run(context.Background(), plan); err != nil {
		t.Fatal(err)
	}
	files := DirFiles(plan.Dir)
	for _, want := range []string{ManifestName, ChangesName, "a_key.tsv", "a_swap.tsv"} {
		if !slices.Contains(files, filepath.Join(plan.Dir, want)) {
			t.Errorf("DirFiles lacks %s: %v", want, files)
		}
	}
	if !slices.Contains(files, paths[0]) {
		t.Errorf("DirFiles lacks the input %s: %v", paths[0], files)
	}
	if got := DirFiles(t.TempDir()); len(got) != 2 {
		t.Errorf("DirFiles of an empty directory: %v", got)
	}

	b, err := Open(plan.Dir)
	if err != nil {
		t.Fatal(err)
	}
	in, err := b.Input("")
	if err != nil {
		t.Fatal(err)
	}
	pred := t.TempDir()
	for _, f := range []string{paths[0], filepath.Join(plan.Dir, "a_key.tsv"), filepath.Join(plan.Dir, "a_swap.tsv")} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(pred, filepath.Base(f)), data, 0o644)
	}
	c := compare.New()
	c.Samples = 0
	if err := b.AddTo(c, in, []Predictions{{System: "copy", Dir: pred}}); err != nil {
		t.Fatal(err)
	}
	rep, err := c.Report(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Sets) != 3 || len(rep.Systems) != 1 {
		t.Fatalf("report sets %d, systems %d", len(rep.Sets), len(rep.Systems))
	}
	if err := b.AddTo(compare.New(), in, []Predictions{{System: "none", Dir: t.TempDir()}}); err == nil {
		t.Error("no error for a system without prediction files")
	}
}
