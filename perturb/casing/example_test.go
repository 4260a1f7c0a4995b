package casing_test

import (
	"fmt"

	"github.com/stress-ner/stress/perturb/casing"
)

func ExampleApply() {
	for _, mode := range []string{casing.Lower, casing.Upper, casing.Title} {
		fmt.Println(casing.Apply("NSAID-induced", mode))
	}
	// Output:
	// nsaid-induced
	// NSAID-INDUCED
	// Nsaid-induced
}
