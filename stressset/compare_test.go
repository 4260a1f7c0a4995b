package stressset

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
)

// TestDirFiles checks that DirFiles names every file of a build,
// inputs included.
func TestDirFiles(t *testing.T) {
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
}
