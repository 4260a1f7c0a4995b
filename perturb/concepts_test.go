package perturb_test

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
)

// swapFirst logs a concept swap ("OLD->NEW") on the first mention of
// each sentence, as entity swaps do.
type swapFirst struct{ upperMentions }

func (swapFirst) Perturb(s conll.Sentence, _ []bool, _ *rand.Rand) (conll.Sentence, []perturb.Change) {
	sp := iob.Spans(s.Tags)
	if len(sp) == 0 {
		return s, nil
	}
	out := s
	out.Tokens = append([]string(nil), s.Tokens...)
	out.Tokens[sp[0].Start] = "X" + s.Tokens[sp[0].Start]
	return out, []perturb.Change{{Token: sp[0].Start, End: sp[0].Start + 1, Before: s.Tokens[sp[0].Start], After: out.Tokens[sp[0].Start], ConceptID: "MESH:D1->MESH:D2"}}
}

// conceptSink records what WriteConcepts gets.
type conceptSink struct {
	collect
	concepts []map[int]conll.ConceptSwap
}

func (c *conceptSink) WriteConcepts(s conll.Sentence, m map[int]conll.ConceptSwap) error {
	c.concepts = append(c.concepts, m)
	return c.Write(s)
}

// TestConceptWriter: a sink with a WriteConcepts method (the writer
// of a document format) gets each sentence with its swapped concepts,
// by the first token of the mention.
func TestConceptWriter(t *testing.T) {
	ss := manySentences(t)
	sink := &conceptSink{}
	sel, _ := perturb.NewSelector(perturb.DefaultSelection(), 1)
	p := &perturb.Pipeline{Seed: 1, Selector: sel, Workers: 2, Steps: []perturb.Step{{Name: "swap1", File: "s", Perturbation: swapFirst{}, Out: sink}}}
	if _, err := p.Run(context.Background(), &sliceSource{s: ss}); err != nil {
		t.Fatal(err)
	}
	if len(sink.concepts) != len(ss) {
		t.Fatalf("%d calls for %d sentences", len(sink.concepts), len(ss))
	}
	for i, s := range ss {
		sp := iob.Spans(s.Tags)
		got := sink.concepts[i]
		if len(sp) == 0 && got != nil || len(sp) > 0 && got[sp[0].Start] != (conll.ConceptSwap{From: "MESH:D1", To: "MESH:D2"}) {
			t.Fatalf("sentence %d: %v", i, got)
		}
	}
}

// TestPipelineWorkerLimit: more workers than MaxWorkers are refused
// before any is started (issue 25: --workers 2147483647 ran out of
// memory); MaxWorkers are taken.
func TestPipelineWorkerLimit(t *testing.T) {
	ss := manySentences(t)
	sel, _ := perturb.NewSelector(perturb.DefaultSelection(), 1)
	for _, tt := range []struct {
		workers int
		ok      bool
	}{{perturb.MaxWorkers + 1, false}, {math.MaxInt32, false}, {perturb.MaxWorkers, true}} {
		p := &perturb.Pipeline{Seed: 1, Selector: sel, Workers: tt.workers, Steps: []perturb.Step{{Name: "swap1", File: "s", Perturbation: swapFirst{}, Out: &conceptSink{}}}}
		_, err := p.Run(context.Background(), &sliceSource{s: ss})
		if (err == nil) != tt.ok || err != nil && !errors.Is(err, perturb.ErrOption) {
			t.Errorf("%d workers: err = %v", tt.workers, err)
		}
	}
}
