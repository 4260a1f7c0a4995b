package insert_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/insert"
	"github.com/stress-ner/stress/perturb/keyboard"
)

// The extra character is a letter typed twice ("litthium") or a key
// beside it, shift held for a capital ("L.ithium").
func ExampleInsert() {
	l, _ := keyboard.LoadLayout("qwerty")
	p := insert.New(l)
	r := rand.New(rand.NewPCG(5, 0))
	for _, w := range []string{"lithium", "Lithium", "123"} {
		out, ok := perturb.EditWord(p, w, r)
		fmt.Println(w, "->", out, ok)
	}
	// Output:
	// lithium -> litthium true
	// Lithium -> L.ithium true
	// 123 -> 123 false
}
