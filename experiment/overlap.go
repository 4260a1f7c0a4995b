package experiment

import (
	"fmt"
	"os"
	"strings"

	"github.com/stress-ner/stress/conll"
)

// minOverlapTokens is the shortest sentence an overlap counts: shorter
// ones ("1 .", "Results :") are in any two corpora of a domain.
const minOverlapTokens = 3

// trainOverlap is how much a test corpus shares with the training corpora
// (trainTestOverlap): scores on sentences a model was trained on
// measure memory, not robustness.
type trainOverlap struct {
	// SameFile is the training file that is the test file, or "".
	SameFile string
	// Shared is the number of test sentences of at least three tokens
	// whose tokens are those of a training sentence, of Test in all.
	Shared, Test int
}

// Any reports whether there is an overlap to warn about.
func (o trainOverlap) Any() bool { return o.SameFile != "" || o.Shared > 0 }

func (o trainOverlap) String() string {
	if o.SameFile != "" {
		return fmt.Sprintf("the training file %s is the test file", o.SameFile)
	}
	return fmt.Sprintf("%d of the %d test sentences (%.1f%%) are also in the training data, token for token",
		o.Shared, o.Test, 100*float64(o.Shared)/float64(max(o.Test, 1)))
}

// trainTestOverlap reads the training files train and the test file
// test, tokens only, through op (which may hold them, read once) and
// returns their overlap. Standard input ("-") is left out.
func trainTestOverlap(op conll.Opener, train []string, test string) (trainOverlap, error) {
	var o trainOverlap
	if test == "" || test == "-" {
		return o, nil
	}
	ti, err := os.Stat(test)
	if err != nil {
		return o, err
	}
	seen := map[string]bool{}
	for _, p := range train {
		if p == "-" {
			continue
		}
		if pi, err := os.Stat(p); err == nil && os.SameFile(pi, ti) {
			o.SameFile = p
			return o, nil
		}
		sents, err := op.ReadFile(p)
		if err != nil {
			return o, err
		}
		for _, s := range sents {
			if len(s.Tokens) >= minOverlapTokens {
				seen[strings.Join(s.Tokens, "\x00")] = true
			}
		}
	}
	sents, err := op.ReadFile(test)
	if err != nil {
		return o, err
	}
	o.Test = len(sents)
	for _, s := range sents {
		if len(s.Tokens) >= minOverlapTokens && seen[strings.Join(s.Tokens, "\x00")] {
			o.Shared++
		}
	}
	return o, nil
}
