package entityswap

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/sample"
)

// TestTitlecaseBeforeMention: a titlecase digraph (ǈ: neither upper nor
// lower case, and one letter that NFKC makes two) before a mention — a
// token of its own, glued to the word before, or opening the sentence —
// never makes entity-swap write a change its own checks refuse (issue
// 25, F19).
func TestTitlecaseBeforeMention(t *testing.T) {
	sents, err := sample.Test()
	if err != nil {
		t.Fatal(err)
	}
	s := newSwap(t, Options{})
	variants := map[string]func(toks, tags []string, start int) ([]string, []string){
		"token": func(toks, tags []string, start int) ([]string, []string) {
			return slices.Insert(toks, start, "ǈ"), slices.Insert(tags, start, "O")
		},
		"glued": func(toks, tags []string, start int) ([]string, []string) {
			if start > 0 {
				toks[start-1] += "ǈ"
			}
			return toks, tags
		},
		"first": func(toks, tags []string, start int) ([]string, []string) {
			return slices.Insert(toks, 0, "ǈ"), slices.Insert(tags, 0, "O")
		},
		"in mention": func(toks, tags []string, start int) ([]string, []string) {
			toks[start] = "ǈ" + toks[start]
			return toks, tags
		},
	}
	changes := 0
	for name, variant := range variants {
		for i, sent := range sents[:min(len(sents), 200)] {
			start := slices.IndexFunc(sent.Tags, func(t string) bool { return t != "O" })
			if start < 0 {
				continue
			}
			toks, tags := variant(slices.Clone(sent.Tokens), slices.Clone(sent.Tags), start)
			in := conll.Sentence{Tokens: toks, Tags: tags}
			for seed := range uint64(3) {
				r := rand.New(rand.NewPCG(seed, uint64(i)))
				out, cs := s.Perturb(in, allTrue(len(in.Tokens)), r)
				changes += len(cs)
				if err := perturb.CheckSentence(s, in, out, cs); err != nil {
					t.Errorf("%s: sentence %d %q, seed %d: %v", name, i+1, toks, seed, err)
				}
			}
		}
	}
	if changes == 0 {
		t.Fatal("no change made: the test checks nothing")
	}
}
