package kinds_test

import (
	"bytes"
	"context"
	"flag"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/kinds"
	"github.com/stress-ner/stress/sample"
	"github.com/stress-ner/stress/stressset"
)

// update is the -update flag of the package's tests: this external test
// (stressset, which writes its change logs, imports perturb/kinds) reads
// it through the flag package.
func update() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// goldenKinds are the kinds beyond the paper's, and a composition
// (newKinds of the internal tests).
var goldenKinds = []string{"spelling", "case", "ocr", "insert", "delete", "entity-swap", "keyboard+case"}

type sliceSource struct {
	sents []conll.Sentence
	i     int
}

func (s *sliceSource) Read() (conll.Sentence, error) {
	if s.i >= len(s.sents) {
		return conll.Sentence{}, io.EOF
	}
	s.i++
	return s.sents[s.i-1], nil
}

// run perturbs sents with kind through the pipeline and returns the
// output corpus and change log.
func run(t *testing.T, kind string, sents []conll.Sentence, workers int) (out, log []byte) {
	t.Helper()
	k, err := kinds.Lookup(kind)
	if err != nil {
		t.Fatal(err)
	}
	p, err := k.Build(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	sel, err := perturb.NewSelector(perturb.DefaultSelection(), 1)
	if err != nil {
		t.Fatal(err)
	}
	var ob, lb bytes.Buffer
	w := conll.NewWriter(&ob)
	cw := stressset.NewChangeWriter(&lb)
	cw.WriteHeader()
	pl := &perturb.Pipeline{Seed: 1, Selector: sel, Workers: workers, ChangeLog: cw,
		Steps: []perturb.Step{{Name: k.Name, File: "out", Perturbation: p.Perturbation, Out: w}}}
	if _, err := pl.Run(context.Background(), &sliceSource{sents: sents}); err != nil {
		t.Fatalf("%s: %v", kind, err)
	}
	w.Flush()
	cw.Flush()
	if err := cw.Error(); err != nil {
		t.Fatal(err)
	}
	return ob.Bytes(), lb.Bytes()
}

// TestGoldenChanges pins the change logs of the new kinds on the first
// sentences of the embedded sample: any change to their seeding,
// selection or edits shows here. Rewrite with -update.
func TestGoldenChanges(t *testing.T) {
	sents, err := sample.Test()
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range goldenKinds {
		_, log := run(t, kind, sents[:25], 2)
		path := filepath.Join("testdata", "golden_"+kind+".tsv")
		if update() {
			if err := os.WriteFile(path, log, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run with -update to create)", err)
		}
		if !bytes.Equal(log, want) {
			t.Errorf("%s: change log differs from %s (run with -update after checking the diff)", kind, path)
		}
	}
}

// TestWorkers checks that every new kind's output and log are the same
// for any number of workers, over the whole sample.
func TestWorkers(t *testing.T) {
	sents, err := sample.Test()
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range goldenKinds {
		out1, log1 := run(t, kind, sents, 1)
		out3, log3 := run(t, kind, sents, 3)
		if !bytes.Equal(out1, out3) || !bytes.Equal(log1, log3) {
			t.Errorf("%s: output depends on the number of workers", kind)
		}
		if bytes.Count(log1, []byte("\n")) < 2 {
			t.Errorf("%s: no change on the sample", kind)
		}
	}
}
