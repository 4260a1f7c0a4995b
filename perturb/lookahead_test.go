package perturb_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
)

// docLength writes into each sentence's first token its index in its
// document and the document's length, which its reader knows only by
// reading the document whole (perturb.DocumentLookahead).
type docLength struct{}

type docPos struct{ i, n int }

type wholeReader struct{}

func (wholeReader) Observe(conll.Sentence) perturb.DocState { panic("Observe of a DocumentLookahead") }

func (wholeReader) ObserveDocument(doc []conll.Sentence) []perturb.DocState {
	out := make([]perturb.DocState, len(doc))
	for i := range doc {
		out[i] = docPos{i, len(doc)}
	}
	return out
}

func (docLength) NewDocumentReader(perturb.RunInfo) perturb.DocumentReader { return wholeReader{} }

func (d docLength) PerturbInDocument(st perturb.DocState, s conll.Sentence, _ []bool, _ *rand.Rand) (conll.Sentence, []perturb.Change) {
	p := st.(docPos)
	out := s
	out.Tokens = append([]string{fmt.Sprintf("%d/%d", p.i, p.n)}, s.Tokens[1:]...)
	return out, []perturb.Change{{Token: 0, End: 1, Before: s.Tokens[0], After: out.Tokens[0]}}
}

func (docLength) Perturb(s conll.Sentence, _ []bool, _ *rand.Rand) (conll.Sentence, []perturb.Change) {
	return s, nil
}
func (docLength) MentionOutcomesInDocument(perturb.DocState, conll.Sentence) []perturb.MentionOutcome {
	return nil
}
func (docLength) Check(perturb.Change) error                                       { return nil }
func (docLength) CheckSentence(orig, out conll.Sentence, _ []perturb.Change) error { return nil }

// brokenSource returns its sentences, then err.
type brokenSource struct {
	sliceSource
	err error
}

func (f *brokenSource) Read() (conll.Sentence, error) {
	s, err := f.sliceSource.Read()
	if err == io.EOF {
		return s, f.err
	}
	return s, err
}

// TestDocumentLookahead: a DocumentLookahead reader sees every document
// whole, across batches (documents of 100 and 70 sentences), a sentence
// before the first mark alone, whatever the workers; sentences read
// before an error are written, then the error is returned.
func TestDocumentLookahead(t *testing.T) {
	var in []conll.Sentence
	var want []string
	add := func(doc bool, n int) {
		for i := range n {
			in = append(in, conll.Sentence{Tokens: []string{"x", "y"}, Tags: []string{"O", "O"}, DocStart: doc && i == 0})
			if doc {
				want = append(want, fmt.Sprintf("%d/%d y", i, n))
			} else {
				want = append(want, "0/1 y")
			}
		}
	}
	add(false, 3)
	add(true, 100)
	add(true, 5)
	add(true, 1)
	add(true, 70)
	for _, workers := range []int{1, 3} {
		for _, fail := range []bool{false, true} {
			sel, _ := perturb.NewSelector(perturb.DefaultSelection(), 1)
			out := &collect{}
			p := &perturb.Pipeline{Seed: 1, Selector: sel, Workers: workers, Steps: []perturb.Step{
				{Name: "keyboard", File: "k", Perturbation: mustKind(t, "keyboard", nil), Out: &collect{}},
				{Name: "doc", File: "d", Perturbation: docLength{}, Out: out},
			}}
			var src conll.SentenceReader = &sliceSource{s: in}
			broken := errors.New("broken input")
			if fail {
				src = &brokenSource{sliceSource{s: in}, broken}
			}
			_, err := p.Run(context.Background(), src)
			if fail != errors.Is(err, broken) || !fail && err != nil {
				t.Fatalf("workers %d, failing %v: %v", workers, fail, err)
			}
			var got []string
			for _, s := range out.s {
				got = append(got, strings.Join(s.Tokens, " "))
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("workers %d, failing %v: got %d sentences %q..., want %d", workers, fail, len(got), got[:min(8, len(got))], len(want))
			}
		}
	}
}
