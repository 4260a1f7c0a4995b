package stressset_test

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/testfile"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/kinds"
	"github.com/stress-ner/stress/perturb/synonym"
	"github.com/stress-ner/stress/sample"
	"github.com/stress-ner/stress/stressset"
	"github.com/stress-ner/stress/umls"
)

// The golden change logs of the kinds are pinned here, where their
// format is written: tests of perturb and of the kinds, a layer below,
// do not import stressset (internal/layers checks test imports too).

var update = flag.Bool("update", false, "rewrite the golden change logs in testdata/")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	testfile.Golden(t, filepath.Join("testdata", name), got, *update)
}

type discard struct{}

func (discard) Write(conll.Sentence) error { return nil }

// changeLog runs the kinds over sents in one pipeline (seed 1, the
// default selection) and returns the change log it writes.
func changeLog(t *testing.T, sents []conll.Sentence, workers int, header bool, names ...string) []byte {
	t.Helper()
	sel, err := perturb.NewSelector(perturb.DefaultSelection(), 1)
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	cw := stressset.NewChangeWriter(&log)
	if header {
		cw.WriteHeader()
	}
	p := &perturb.Pipeline{Seed: 1, Selector: sel, Workers: workers, ChangeLog: cw}
	for _, name := range names {
		k, err := kinds.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		b, err := k.Build(nil)
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		file := "out"
		if len(names) > 1 {
			file = "x_" + k.Suffix + ".tsv"
		}
		p.Steps = append(p.Steps, perturb.Step{Name: k.Name, File: file, Perturbation: b.Perturbation, Out: discard{}})
	}
	if _, err := p.Run(context.Background(), &conll.SliceReader{Sentences: sents}); err != nil {
		t.Fatal(err)
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		t.Fatal(err)
	}
	return log.Bytes()
}

func sampleTest(t *testing.T) []conll.Sentence {
	t.Helper()
	sents, err := sample.Test()
	if err != nil {
		t.Fatal(err)
	}
	return sents
}

// TestGoldenChangeLogKW pins the change log of keyboard and swap, seed
// 1, on the first sentences of the sample: any change to seeding,
// selection or the edits shows here.
func TestGoldenChangeLogKW(t *testing.T) {
	golden(t, "golden_changes.tsv", changeLog(t, sampleTest(t)[:12], 2, false, "keyboard", "swap"))
}

// TestGoldenChangeLogKinds pins the change logs of the kinds beyond the
// paper's, and of a composition, on the first sentences of the sample.
func TestGoldenChangeLogKinds(t *testing.T) {
	sents := sampleTest(t)[:25]
	for _, kind := range []string{"spelling", "case", "ocr", "insert", "delete", "entity-swap", "keyboard+case"} {
		golden(t, filepath.Join("kinds", "golden_"+kind+".tsv"), changeLog(t, sents, 2, true, kind))
	}
}

// TestGoldenChangeLogSynonym perturbs a BC5CDR fixture with the synonym
// kind, the default store and options, and pins its change log.
func TestGoldenChangeLogSynonym(t *testing.T) {
	ss, err := conll.ReadFile("../perturb/synonym/testdata/bc5cdr-head.tsv")
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
	golden(t, "synonym.changes.tsv", buf.Bytes())
}

func TestChangeWriterEscapes(t *testing.T) {
	var buf bytes.Buffer
	cw := stressset.NewChangeWriter(&buf)
	cw.Write(perturb.Change{File: "f", Sentence: 0, Token: 2, End: 4, Kind: "synonym", Before: "a\tb", After: `c\d` + "\n",
		ConceptID: "C0001", Source: "mesh", TermType: "SY"})
	cw.Flush()
	want := strings.Join(stressset.ChangesHeader, "\t") + "\n" + "f\t1\t3\t4\tsynonym\ta\\tb\tc\\\\d\\n\tC0001\tmesh\tSY\n"
	if buf.String() != want {
		t.Errorf("got %q\nwant %q", buf.String(), want)
	}
}

type errWriter struct{}

func (errWriter) Write([]byte) (int, error) { return 0, io.ErrShortWrite }

func TestChangeWriterError(t *testing.T) {
	cw := stressset.NewChangeWriter(errWriter{})
	cw.Write(perturb.Change{Kind: "k", Before: "a", After: "b"})
	cw.Flush()
	if !errors.Is(cw.Error(), io.ErrShortWrite) {
		t.Errorf("Error() = %v", cw.Error())
	}
}
