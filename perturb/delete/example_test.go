package delete_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/delete"
)

// A letter is dropped; digits, punctuation and one-character tokens stay.
func ExampleDelete() {
	r := rand.New(rand.NewPCG(3, 0))
	for _, w := range []string{"5-FU", "a", "1995"} {
		out, ok := perturb.EditWord(delete.Delete{}, w, r)
		fmt.Println(w, "->", out, ok)
	}
	// Output:
	// 5-FU -> 5-F true
	// a -> a false
	// 1995 -> 1995 false
}
