package kinds_test

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/kinds"
	"github.com/stress-ner/stress/sample"
)

// goldenKinds are the kinds beyond the paper's, and a composition
// (newKinds of the internal tests).
var goldenKinds = []string{"spelling", "case", "ocr", "insert", "delete", "entity-swap", "keyboard+case"}

// rowLog is a perturb.ChangeLog keeping one line per change: the change
// log's own format, and its golden files, are stressset's (a layer up;
// see its TestGoldenChangeLogKinds).
type rowLog struct{ bytes.Buffer }

func appendRow(dst []byte, c perturb.Change) []byte { return fmt.Appendf(dst, "%+v\n", c) }

func (l *rowLog) RowAppender() func([]byte, perturb.Change) []byte { return appendRow }

func (l *rowLog) WriteRows(rows []byte) error { _, err := l.Buffer.Write(rows); return err }

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
	var ob bytes.Buffer
	var lb rowLog
	w := conll.NewWriter(&ob)
	pl := &perturb.Pipeline{Seed: 1, Selector: sel, Workers: workers, ChangeLog: &lb,
		Steps: []perturb.Step{{Name: k.Name, File: "out", Perturbation: p.Perturbation, Out: w}}}
	if _, err := pl.Run(context.Background(), &conll.SliceReader{Sentences: sents}); err != nil {
		t.Fatalf("%s: %v", kind, err)
	}
	w.Flush()
	return ob.Bytes(), lb.Bytes()
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
		if len(log1) == 0 {
			t.Errorf("%s: no change on the sample", kind)
		}
	}
}
