package score_test

import (
	"fmt"

	"github.com/stress-ner/stress/conll/score"
)

func ExampleEvalEntities() {
	gold := []string{"B-Chemical", "I-Chemical", "O", "B-Disease"}
	pred := []string{"B-Chemical", "O", "O", "B-Disease"}
	kinds := []string{"gold", "pred", "correct"}
	c := score.EvalEntities(gold, pred, score.EvalOptions{}, func(e score.Entity) {
		fmt.Printf("%-7s [%d,%d) %s\n", kinds[e.Kind], e.Start, e.End, e.Type)
	})
	fmt.Printf("F1 %.2f\n", c.Overall().F1())
	// Unordered output:
	// pred    [0,1) Chemical
	// gold    [0,2) Chemical
	// gold    [3,4) Disease
	// pred    [3,4) Disease
	// correct [3,4) Disease
	// F1 50.00
}
