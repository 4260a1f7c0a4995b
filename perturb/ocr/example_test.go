package ocr_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/ocr"
)

// A misreading is one confusion of the table, where it applies.
func ExampleMisread() {
	m := ocr.New([]ocr.Confusion{{From: "rn", To: "m"}, {From: "cl", To: "d"}})
	r := rand.New(rand.NewPCG(1, 0))
	for _, w := range []string{"clinic", "corneal", "liver"} {
		out, ok := perturb.EditWord(m, w, r)
		fmt.Println(w, "->", out, ok)
	}
	// Output:
	// clinic -> dinic true
	// corneal -> comeal true
	// liver -> liver false
}
