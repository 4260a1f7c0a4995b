package experiment_test

import (
	"context"
	"fmt"
	"os"

	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/experiment"
	"github.com/stress-ner/stress/perturb"
	_ "github.com/stress-ner/stress/perturb/swap"
	"github.com/stress-ner/stress/stressset"
)

// sink prints sentences as they come.
type sink struct{}

func (sink) Write(s conll.Sentence) error {
	fmt.Println(s.Tokens)
	return nil
}

// An "O + W" training set: the original sentence, then its swap copy.
func ExampleAugmenter() {
	k, _ := perturb.Lookup("swap")
	swap, _ := k.Build(nil)
	defer swap.Close()
	a := &experiment.Augmenter{
		Seed:      1,
		Selection: perturb.DefaultSelection(),
		Kinds:     []*perturb.BuiltKind{swap},
		Copies:    1,
	}
	train := []conll.Sentence{{
		Tokens: []string{"Cocaine", "induced", "seizures", "."},
		Tags:   []string{"B-Chemical", "O", "B-Disease", "O"},
	}}
	parts, err := a.Run(context.Background(), train, sink{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, part := range parts {
		fmt.Println(part.Name, part.First, part.Stats.TokensModified)
	}
	// Output:
	// [Cocaine induced seizures .]
	// [Cociane inducde seziures .]
	// original 0 0
	// swap.1 1 3
}

// Table 3 of the paper from a comparison report: F1 per set and the
// relative drop from the original.
func ExampleWriteTable() {
	gold := []conll.Sentence{{Tokens: []string{"Aspirin", "helps"}, Tags: []string{"B-Chemical", "O"}}}
	typo := []conll.Sentence{{Tokens: []string{"Aspirun", "helps"}, Tags: []string{"B-Chemical", "O"}}}
	c := compare.New()
	c.Samples = 0
	c.AddSet(stressset.Set{Name: "O", File: "test.tsv", Gold: gold})
	c.AddSet(stressset.Set{Name: "keyboard", File: "test_key.tsv", Gold: typo})
	c.AddPrediction("words", "O", "pred.tsv", gold)
	c.AddPrediction("words", "keyboard", "pred_key.tsv", []conll.Sentence{{Tokens: typo[0].Tokens, Tags: []string{"O", "O"}}})
	rep, err := c.Report(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	experiment.WriteTable(os.Stdout, rep, []experiment.Row{{Model: "words", System: "words"}},
		experiment.TableOptions{Drops: true, Markdown: true})
	// Output:
	// | model | O F1 | K F1 | K drop % |
	// |---|---:|---:|---:|
	// | words | 100.00 | 0.00 | 100.00 |
}
