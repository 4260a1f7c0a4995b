package abbreviation

import (
	"os"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/internal/abbrev"
	"github.com/stress-ner/stress/umls"
)

// TestBC5CDR measures the kind on BC5CDR test with the default store, in
// both directions: how many mentions it changes, and that no defining
// sentence and no entity or context token is changed.
func TestBC5CDR(t *testing.T) {
	const path = "../../../shared/corpora/BC5CDR-IOB/test.tsv"
	if _, err := os.Stat(path); err != nil {
		t.Skip("shared data not present")
	}
	ss, err := conll.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	st, err := umls.OpenDefault()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		dir string
		min int // replacements, at least: the measured figure
	}{
		{Expand, 789},
		{Contract, 9},
	} {
		a, err := New(st, Options{Direction: tt.dir, StandardLongForms: true})
		if err != nil {
			t.Fatal(err)
		}
		cr := a.NewDocumentReader(perturb.RunInfo{Seed: 1, Selection: perturb.DefaultSelection()})
		n, defining := 0, 0
		for i, s := range ss {
			doc := cr.Observe(s)
			out, cs := a.PerturbInDocument(doc, s, nil, nil)
			if err := a.CheckSentence(s, out, cs); err != nil {
				t.Errorf("%s: sentence %d: %v", tt.dir, i+1, err)
			}
			for _, c := range cs {
				if err := a.Check(c); err != nil {
					t.Errorf("%s: sentence %d: %v", tt.dir, i+1, err)
				}
			}
			if len(cs) > 0 && len(abbrev.Find(s, a.sameConcept)) > 0 {
				defining++
			}
			n += len(cs)
		}
		t.Logf("%s: %d replacements", tt.dir, n)
		if n < tt.min || defining != 0 {
			t.Errorf("%s: %d replacements (want >= %d), %d defining sentences changed", tt.dir, n, tt.min, defining)
		}
	}
}
