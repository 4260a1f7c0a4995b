package kinds_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/kinds"
)

// "spelling+case" respells, then upper-cases, the same words; the log
// names the kind that made each change.
func ExampleLookup_composition() {
	k, _ := kinds.Lookup("spelling+case")
	p, _ := k.Build(nil)
	s := conll.Sentence{Tokens: []string{"Severe", "anemia", "in", "tumor", "patients"},
		Tags: []string{"O", "B-Disease", "O", "B-Disease", "O"}}
	out, changes := p.Perturbation.Perturb(s, []bool{false, true, false, true, false}, rand.New(rand.NewPCG(1, 1)))
	fmt.Println(out.Tokens)
	for _, c := range changes {
		fmt.Println(c.Token, c.Kind, c.Before, "->", c.After)
	}
	fmt.Println(perturb.CheckSentence(p.Perturbation, s, out, changes))
	// Output:
	// [Severe ANAEMIA in TUMOUR patients]
	// 1 spelling anemia -> anaemia
	// 1 case anaemia -> ANAEMIA
	// 3 spelling tumor -> tumour
	// 3 case tumour -> TUMOUR
	// <nil>
}
