package attack_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/stress-ner/stress/attack"
	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/keyboard"
)

// dictionary tags the words it knows, as a model that has only seen
// them spelt right.
type dictionary map[string]string

func (d dictionary) TagSentences(_ context.Context, sents []conll.Sentence) ([][]string, error) {
	out := make([][]string, len(sents))
	for i, s := range sents {
		for _, tok := range s.Tokens {
			tag := "O"
			if typ, ok := d[strings.ToLower(tok)]; ok {
				tag = "B-" + typ
			}
			out[i] = append(out[i], tag)
		}
	}
	return out, nil
}

func ExampleRun() {
	gold := []conll.Sentence{{
		Tokens: []string{"Lithium", "induced", "nephrogenic", "diabetes"},
		Tags:   []string{"B-Chemical", "O", "B-Disease", "O"},
	}}
	model := dictionary{"lithium": "Chemical", "nephrogenic": "Disease"}
	kb, err := keyboard.Kind.Build(nil)
	if err != nil {
		panic(err)
	}
	defer kb.Close()
	res, err := attack.Run(context.Background(), model, gold, attack.Options{
		Kinds: []*perturb.BuiltKind{kb},
		Seed:  1,
	})
	if err != nil {
		panic(err)
	}
	for _, c := range res.Changes {
		fmt.Printf("token %d: %s -> %s\n", c.Token+1, c.Before, c.After)
	}
	s := res.Summary
	fmt.Printf("success rate %.0f%%, F1 %.1f -> %.1f, %d queries\n", s.SuccessRate, s.F1Before, s.F1After, s.Queries)
	// Output:
	// token 1: Lithium -> Lithiuj
	// success rate 100%, F1 100.0 -> 66.7, 11 queries
}
