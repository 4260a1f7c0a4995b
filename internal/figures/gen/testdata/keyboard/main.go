// Command keyboard perturbs a CoNLL corpus from standard input to standard
// output as "stress perturb --kind keyboard --seed 1" does: the smallest
// program the library makes, whose size docs/architecture.md gives (the
// figures generator builds it; testdata keeps it out of ./...).
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/keyboard"
)

func main() {
	if _, err := perturb.Apply(context.Background(), keyboard.Kind, perturb.ApplyOptions{Seed: 1}, os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
