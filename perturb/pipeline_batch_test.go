package perturb_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
)

// plain hides every optional interface of a perturbation, so that the
// pipeline takes its general path.
type plain struct{ p perturb.Perturbation }

func (p plain) Perturb(s conll.Sentence, sel []bool, r *rand.Rand) (conll.Sentence, []perturb.Change) {
	return p.p.Perturb(s, sel, r)
}
func (p plain) Check(c perturb.Change) error { return p.p.Check(c) }

// manySentences returns the sample repeated to more than a few batches,
// with a tail that does not fill the last one.
func manySentences(t *testing.T) []conll.Sentence {
	ss := sampleSentences(t)
	var out []conll.Sentence
	for len(out) < 1000 {
		out = append(out, ss...)
	}
	return append(out, ss[:7]...)
}

type kwRun struct {
	outs    [2][]conll.Sentence
	changes []perturb.Change
	stats   []perturb.Stats
}

func runSteps(t *testing.T, ss []conll.Sentence, workers int, wrap bool) kwRun {
	t.Helper()
	sel, err := perturb.NewSelector(perturb.DefaultSelection(), 7)
	if err != nil {
		t.Fatal(err)
	}
	k, w := mustKind(t, "keyboard", nil), mustKind(t, "swap", nil)
	if wrap {
		k, w = plain{k}, plain{w}
	}
	ko, wo := &collect{}, &collect{}
	var res kwRun
	p := &perturb.Pipeline{Seed: 7, Selector: sel, Workers: workers, Steps: []perturb.Step{
		{Name: "keyboard", File: "k", Perturbation: k, Out: ko},
		{Name: "swap", File: "w", Perturbation: w, Out: wo},
	}, Changes: func(c perturb.Change) error { res.changes = append(res.changes, c); return nil }}
	if res.stats, err = p.Run(context.Background(), &sliceSource{s: ss}); err != nil {
		t.Fatal(err)
	}
	res.outs = [2][]conll.Sentence{ko.s, wo.s}
	return res
}

// TestPipelineBatching checks that batching, buffer reuse and the
// WordEditor path change nothing: the same sentences, changes and
// statistics with and without the fast path, whatever the workers, and
// sentences a sink kept stay intact when later batches reuse buffers.
func TestPipelineBatching(t *testing.T) {
	ss := manySentences(t)
	want := runSteps(t, ss, 1, true)
	snapshot := func(r kwRun) [2][][]string {
		var out [2][][]string
		for k := range r.outs {
			for _, s := range r.outs[k] {
				out[k] = append(out[k], append([]string(nil), s.Tokens...))
			}
		}
		return out
	}
	wantTokens := snapshot(want)
	for _, workers := range []int{1, 2, 5} {
		for _, wrap := range []bool{false, true} {
			got := runSteps(t, ss, workers, wrap)
			// A second run reuses the pooled batches of the first.
			again := runSteps(t, ss, workers, wrap)
			for _, r := range []kwRun{got, again} {
				if len(r.outs[0]) != len(ss) || !reflect.DeepEqual(snapshot(r), wantTokens) {
					t.Fatalf("workers %d, plain %v: outputs differ", workers, wrap)
				}
				if !reflect.DeepEqual(r.changes, want.changes) {
					t.Fatalf("workers %d, plain %v: changes differ", workers, wrap)
				}
				if !reflect.DeepEqual(r.stats, want.stats) {
					t.Fatalf("workers %d, plain %v: stats differ:\n%+v\n%+v", workers, wrap, r.stats, want.stats)
				}
			}
			if !reflect.DeepEqual(snapshot(got), wantTokens) {
				t.Fatalf("workers %d: sentences kept from the first run changed during the second", workers)
			}
		}
	}
	// The statistics equal Stats.Add over the outputs.
	var st [2]perturb.Stats
	byStep := [2][][]perturb.Change{make([][]perturb.Change, len(ss)), make([][]perturb.Change, len(ss))}
	for _, c := range want.changes {
		k := 0
		if c.Kind == "swap" {
			k = 1
		}
		byStep[k][c.Sentence] = append(byStep[k][c.Sentence], c)
	}
	for k := range st {
		for i, s := range ss {
			st[k].Add(s, want.outs[k][i], byStep[k][i])
		}
	}
	if !reflect.DeepEqual(want.stats, st[:]) {
		t.Errorf("pipeline stats\n%+v\nStats.Add\n%+v", want.stats, st)
	}
}

// TestEditWordsAppends checks that EditWords, as the pipeline calls it
// with a buffer of earlier changes, appends exactly what the kind's
// Perturb returns and leaves dst's earlier elements alone.
func TestEditWordsAppends(t *testing.T) {
	sel, _ := perturb.NewSelector(perturb.DefaultSelection(), 3)
	prefix := []perturb.Change{{Kind: "earlier", Before: "x", After: "y"}}
	for _, name := range []string{"keyboard", "swap"} {
		p := mustKind(t, name, nil)
		we, ok := p.(perturb.WordEditor)
		if !ok {
			t.Fatalf("%s is not a WordEditor", name)
		}
		changed := 0
		for _, s := range sampleSentences(t) {
			selected := sel.Select(s)
			out1, cs1 := p.Perturb(s, selected, perturb.SentenceRand(3, name, s))
			dst := append([]perturb.Change(nil), prefix...)
			out2, cs2 := perturb.EditWords(dst, s, selected, perturb.SentenceRand(3, name, s), name, we)
			if !reflect.DeepEqual(out1, out2) || !reflect.DeepEqual(cs2[:1], prefix) || !reflect.DeepEqual(cs1, nilIfEmpty(cs2[1:])) {
				t.Fatalf("%s: EditWords differs from Perturb on %q", name, s.Tokens)
			}
			changed += len(cs1)
		}
		if changed == 0 {
			t.Fatalf("%s changed nothing: the test proves nothing", name)
		}
	}
}

func nilIfEmpty(cs []perturb.Change) []perturb.Change {
	if len(cs) == 0 {
		return nil
	}
	return cs
}

// failAt fails the sentence with the given first token, after the
// sentences before it have been perturbed.
type failAt struct {
	perturb.Perturbation
	token string
}

func (f failAt) Perturb(s conll.Sentence, sel []bool, r *rand.Rand) (conll.Sentence, []perturb.Change) {
	if s.Tokens[0] == f.token {
		panic("boom")
	}
	return f.Perturbation.Perturb(s, sel, r)
}

// TestPipelineChangeLog checks that ChangeLog writes the same bytes as
// Changes with ChangeWriter.Write, also when the run fails part way
// through a batch.
func TestPipelineChangeLog(t *testing.T) {
	ss := manySentences(t)
	for _, fail := range []int{-1, 300, 0} {
		var logs [2]rowLog
		var errs [2]error
		for mode := range 2 {
			sel, _ := perturb.NewSelector(perturb.DefaultSelection(), 5)
			var k perturb.Perturbation = mustKind(t, "keyboard", nil)
			if fail >= 0 {
				k = failAt{k, ss[fail].Tokens[0]}
			}
			cw := &logs[mode]
			p := &perturb.Pipeline{Seed: 5, Selector: sel, Workers: 2, Steps: []perturb.Step{
				{Name: "keyboard", File: "k", Perturbation: k, Out: &collect{}},
				{Name: "swap", File: "w", Perturbation: mustKind(t, "swap", nil), Out: &collect{}},
			}}
			if mode == 0 {
				p.Changes = cw.Add
			} else {
				p.ChangeLog = cw
			}
			_, errs[mode] = p.Run(context.Background(), &sliceSource{s: ss})
		}
		if (errs[0] == nil) != (fail < 0) || fmt.Sprint(errs[0]) != fmt.Sprint(errs[1]) {
			t.Errorf("fail at %d: errors %v and %v", fail, errs[0], errs[1])
		}
		if !bytes.Equal(logs[0].Bytes(), logs[1].Bytes()) {
			t.Errorf("fail at %d: ChangeLog wrote %d bytes, Changes %d", fail, logs[1].Len(), logs[0].Len())
		}
		if fail != 0 && logs[0].Len() == 0 {
			t.Errorf("fail at %d: empty change log", fail)
		}
	}
}
