// Command limit runs the yardsticks of package limit as whole programs,
// for scripts/speed.sh to time beside stress:
//
//	limit score FILE          counts chunk starts of conlleval input
//	limit perturb FILE OUT    changes a byte of every word of 6+ letters
package main

import (
	"fmt"
	"os"

	"github.com/stress-ner/stress/internal/limit"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "limit:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) < 2 {
		return fmt.Errorf("usage: limit score FILE | limit perturb FILE OUT")
	}
	in, err := os.Open(args[1])
	if err != nil {
		return err
	}
	defer in.Close()
	switch {
	case args[0] == "score" && len(args) == 2:
		c, err := limit.Score(in)
		if err != nil {
			return err
		}
		fmt.Printf("%d tokens, %d gold chunks, %d predicted, %d both\n", c.Tokens, c.Gold, c.Pred, c.Both)
		return nil
	case args[0] == "perturb" && len(args) == 3:
		out, err := os.Create(args[2])
		if err != nil {
			return err
		}
		if _, err := limit.Perturb(in, out); err != nil {
			out.Close()
			return err
		}
		return out.Close()
	}
	return fmt.Errorf("usage: limit score FILE | limit perturb FILE OUT")
}
