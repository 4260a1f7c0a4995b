package score

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestIDChunkerMatchesChunker scores random sentences over tags that
// exercise every rule of conlleval's chunk ends and starts (B, I, E, S,
// O, the bracket and dot prefixes, untyped and "0"-typed tags, -r) with
// chunker and with idChunker: the counts must be equal.
func TestIDChunkerMatchesChunker(t *testing.T) {
	tags := []string{"O", "B-A", "I-A", "E-A", "S-A", "B-B", "I-B", "E-B", "[-A", "]-A", ".-A", "B", "I", "X", "B-0", "I-0", "O-A", "-", "B-A-x", "o"}
	r := rand.New(rand.NewPCG(1, 2))
	for _, raw := range []bool{false, true} {
		for _, outside := range []string{"O", "X"} {
			for trial := range 300 {
				var gold, pred [][]string
				for range 1 + r.IntN(4) {
					n := r.IntN(8)
					g, p := make([]string, n), make([]string, n)
					for i := range n {
						g[i], p[i] = tags[r.IntN(len(tags))], tags[r.IntN(len(tags))]
					}
					gold, pred = append(gold, g), append(pred, p)
				}
				var want Counts
				ch := chunker{counts: &want}
				fast := newIDChunker(raw, outside)
				for s := range gold {
					for i := range gold[s] {
						gp, gt := splitTag(gold[s][i], raw, outside)
						pp, pt := splitTag(pred[s][i], raw, outside)
						ch.step(gp, gt, pp, pt, false)
						fast.step(fast.pair([]byte(gold[s][i])), fast.pair([]byte(pred[s][i])), false)
					}
					ch.step("O", "", "O", "", true)
					fast.step(0, 0, true)
				}
				ch.finish()
				if got := fast.finish(); !reflect.DeepEqual(got, want) {
					t.Fatalf("raw %v, outside %q, trial %d: gold %v, pred %v:\nid chunker %+v\nchunker    %+v",
						raw, outside, trial, gold, pred, got, want)
				}
			}
		}
	}
}

// TestIDChunkerManyTags grows the transition table past its first size.
func TestIDChunkerManyTags(t *testing.T) {
	var in strings.Builder
	for i := range 40 {
		typ := string(rune('A'+i%26)) + strings.Repeat("x", i/26)
		in.WriteString("w B-" + typ + " B-" + typ + "\nw I-" + typ + " O\n\n")
	}
	c, err := NewEvaluator(strings.NewReader(in.String())).Evaluate()
	if err != nil {
		t.Fatal(err)
	}
	if all := c.Overall(); all.Gold != 40 || all.Pred != 40 || all.Correct != 0 || len(c.Types) != 40 {
		t.Errorf("overall %+v, %d types; want 40 gold, 40 predicted, 0 correct, 40 types", all, len(c.Types))
	}
}
