package perturb_test

import (
	"context"
	"os"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/keyboard"
	"github.com/stress-ner/stress/perturb/swap"
)

const bc5cdrTest = "../shared/corpora/BC5CDR-IOB/test.tsv"

type discard struct{}

func (discard) Write(conll.Sentence) error { return nil }

// TestMeasureSelection prints the share of tokens and entity tokens each
// selection method modifies on BC5CDR test, beside the paper's figures
// (33.8% of tokens, 66% chemical and 86% disease entity tokens).
func TestMeasureSelection(t *testing.T) {
	path := "../" + bc5cdrTest
	if _, err := os.Stat(path); err != nil {
		t.Skip("shared corpora not present")
	}
	for _, method := range []string{perturb.SelectLexical, perturb.SelectPOS} {
		for _, minLen := range []int{5, 6, 7} {
			opts := perturb.DefaultSelection()
			opts.Method = method
			opts.MinLength = minLen
			sel, err := perturb.NewSelector(opts, 1)
			if err != nil {
				t.Fatal(err)
			}
			f, err := conll.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			kb, _ := keyboard.LoadLayout("qwerty")
			p := &perturb.Pipeline{Seed: 1, Selector: sel, Steps: []perturb.Step{
				{Name: "keyboard", File: "k", Perturbation: keyboard.New(kb), Out: discard{}},
				{Name: "swap", File: "s", Perturbation: &swap.Swap{}, Out: discard{}},
			}}
			st, err := p.Run(context.Background(), f)
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			for i, s := range st {
				t.Logf("%-8s min %d %-8s tokens %.1f%% entity %.1f%% chem %.1f%% dis %.1f%%", method, minLen, p.Steps[i].Name,
					100*float64(s.TokensModified)/float64(s.Tokens),
					100*float64(s.EntityTokensModified)/float64(s.EntityTokens),
					100*float64(s.TypeTokensModified["Chemical"])/float64(s.TypeTokens["Chemical"]),
					100*float64(s.TypeTokensModified["Disease"])/float64(s.TypeTokens["Disease"]))
			}
		}
	}
}
