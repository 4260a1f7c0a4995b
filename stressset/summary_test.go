package stressset

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/perturb"
)

func TestPlanWriteSummary(t *testing.T) {
	m := &Manifest{Inputs: []Input{{Name: "test", Stats: perturb.Stats{Sentences: 3, Tokens: 20},
		Outputs: []Output{{File: "test_key.tsv", Stats: perturb.Stats{Sentences: 3, Tokens: 20, Compared: true}}}}}}
	manifest := filepath.Join("out", ManifestName)
	for _, tt := range []struct {
		name   string
		expect *Manifest
		credit bool
		tail   string // after the statistics
	}{
		{"build", nil, false, "\nwrote " + manifest + "\n"},
		{"sample", nil, true, "\nwrote " + manifest + "\n\n" + sampleCredit + "\n"},
		{"regeneration", m, false, "\nregenerated " + manifest + ": every output matches its recorded SHA-256\n"},
	} {
		var stats, got bytes.Buffer
		if err := writeStats(&stats, m); err != nil {
			t.Fatal(err)
		}
		p := &Plan{Dir: "out", Expect: tt.expect}
		if err := p.WriteSummary(&got, m, tt.credit); err != nil {
			t.Fatal(err)
		}
		if want := stats.String() + tt.tail; got.String() != want {
			t.Errorf("%s: wrote\n%s\nwant\n%s", tt.name, got.String(), want)
		}
		if !strings.Contains(got.String(), "test_key.tsv") {
			t.Errorf("%s: no statistics of the output:\n%s", tt.name, got.String())
		}
	}
}

func TestWriteManifestStats(t *testing.T) {
	plan := testPlan(t, testInputs(t, 5)[:1])
	m, err := Run(context.Background(), plan)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := writeStats(&want, m); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		path string
		err  error
	}{
		{filepath.Join(plan.Dir, ManifestName), nil},
		{filepath.Join(t.TempDir(), ManifestName), fs.ErrNotExist},
		{plan.Inputs[0].Path, perturb.ErrManifest}, // not a manifest
	} {
		var got bytes.Buffer
		err := WriteManifestStats(&got, tt.path)
		if !errors.Is(err, tt.err) || (err == nil) != (tt.err == nil) {
			t.Errorf("%s: error %v, want %v", tt.path, err, tt.err)
			continue
		}
		if err == nil && got.String() != want.String() {
			t.Errorf("%s: wrote\n%s\nwant\n%s", tt.path, got.String(), want.String())
		}
	}
}
