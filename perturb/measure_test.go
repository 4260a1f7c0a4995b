package perturb_test

import (
	"os"
	"reflect"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
)

const bc5cdrTest = "../shared/corpora/BC5CDR-IOB/test.tsv"

type discard struct{}

func (discard) Write(conll.Sentence) error { return nil }

// TestBC5CDRAcceptance checks the acceptance figures on BC5CDR
// test with the default options (28-40% of tokens and at least 60% of
// entity tokens modified, K and W on the same positions) and logs the
// figures of lexical and pos selection beside the paper's (33.8% of
// tokens, 66% chemical and 86% disease entity tokens). It needs the
// shared corpora.
func TestBC5CDRAcceptance(t *testing.T) {
	path := "../" + bc5cdrTest
	if _, err := os.Stat(path); err != nil {
		t.Skip("shared corpora not present")
	}
	ss, err := conll.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	methods := []string{perturb.SelectLexical, perturb.SelectPOS}
	if testing.Short() {
		methods = methods[:1]
	}
	for _, method := range methods {
		opts := perturb.DefaultSelection()
		opts.Method = method
		res := runKW(t, ss, opts, 1, 0)
		for i, s := range res.stats {
			tok := 100 * float64(s.TokensModified) / float64(s.Tokens)
			ent := 100 * float64(s.EntityTokensModified) / float64(s.EntityTokens)
			t.Logf("%-7s %-8s tokens %.1f%%  entity tokens %.1f%% (Chemical %.1f%%, Disease %.1f%%)", method,
				[]string{"keyboard", "swap"}[i], tok, ent,
				100*float64(s.TypeTokensModified["Chemical"])/float64(s.TypeTokens["Chemical"]),
				100*float64(s.TypeTokensModified["Disease"])/float64(s.TypeTokens["Disease"]))
			if method == perturb.DefaultSelection().Method && (tok < 28 || tok > 40 || ent < 60) {
				t.Errorf("defaults modify %.1f%% of tokens and %.1f%% of entity tokens; want 28-40%% and >= 60%%", tok, ent)
			}
		}
		pos := [2]map[[2]int]bool{{}, {}}
		for _, c := range res.changes {
			k := 0
			if c.Kind == "swap" {
				k = 1
			}
			pos[k][[2]int{c.Sentence, c.Token}] = true
		}
		if !reflect.DeepEqual(pos[0], pos[1]) {
			t.Errorf("%s: keyboard and swap change different positions (%d vs %d)", method, len(pos[0]), len(pos[1]))
		}
	}
}
