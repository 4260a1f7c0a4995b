package stressset

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestFromManifestInto regenerates a build into its own directory and
// into another one: the inputs are found relative to the manifest
// either way.
func TestFromManifestInto(t *testing.T) {
	plan := testPlan(t, testInputs(t, 5)[:1])
	if _, err := Run(context.Background(), plan); err != nil {
		t.Fatal(err)
	}
	manifest := filepath.Join(plan.Dir, ManifestName)
	other := filepath.Join(t.TempDir(), "again")
	for _, tt := range []struct{ dir, want string }{
		{"", plan.Dir},
		{other, other},
	} {
		p, err := FromManifest(manifest, tt.dir)
		if err != nil {
			t.Fatal(err)
		}
		if p.Dir != tt.want || len(p.Inputs) != 1 || p.Expect == nil {
			t.Fatalf("FromManifest(%q): dir %s, inputs %v; want dir %s, one input", tt.dir, p.Dir, p.Inputs, tt.want)
		}
		if _, err := os.Stat(p.Inputs[0].Path); err != nil {
			t.Errorf("FromManifest(%q): input %v", tt.dir, err)
		}
	}
	p, _ := FromManifest(manifest, other)
	p.Version = plan.Version
	if _, err := Run(context.Background(), p); err != nil {
		t.Errorf("regeneration into %s: %v", other, err)
	}
	if _, err := os.Stat(filepath.Join(other, ManifestName)); err != nil {
		t.Errorf("regeneration into %s: %v", other, err)
	}
}
