package synonym_test

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/synonym"
	"github.com/stress-ner/stress/stressset"
	"github.com/stress-ner/stress/umls"
)

// TestGolden (an external test: the change log writer is in stressset,
// which imports this package through the kind registry) perturbs a BC5CDR fixture with the default store and
// options and compares the change log with testdata/golden.changes.tsv
// (rewrite with -update after a deliberate change).
func TestGolden(t *testing.T) {
	ss, err := conll.ReadFile("testdata/bc5cdr-head.tsv")
	if err != nil {
		t.Fatal(err)
	}
	store, err := umls.OpenDefault()
	if err != nil {
		t.Fatal(err)
	}
	r, err := synonym.New(store, synonym.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	cw := stressset.NewChangeWriter(&buf)
	cr := r.NewDocumentReader(perturb.RunInfo{Seed: 1, Selection: perturb.DefaultSelection()})
	for i, s := range ss {
		_, cs := r.PerturbInDocument(cr.Observe(s), s, nil, perturb.SentenceRand(1, synonym.Name, s))
		for _, c := range cs {
			c.File, c.Sentence = "bc5cdr-head_synonym.tsv", i
			cw.Write(c)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		t.Fatal(err)
	}
	const golden = "testdata/golden.changes.tsv"
	if update := flag.Lookup("update"); update != nil && update.Value.String() == "true" {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("change log differs from %s; run go test -run TestGolden -update and review the diff", golden)
	}
}
