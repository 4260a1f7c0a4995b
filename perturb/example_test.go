package perturb_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	_ "github.com/stress-ner/stress/perturb/keyboard"
	_ "github.com/stress-ner/stress/perturb/swap"
)

// Keyboard and swap typos of the same words: selection is shared.
func ExamplePipeline() {
	in := "Naloxone\tB-Chemical\nreverses\tO\nthe\tO\nantihypertensive\tO\neffect\tO\nof\tO\nclonidine\tB-Chemical\n.\tO\n"
	sel, err := perturb.NewSelector(perturb.DefaultSelection(), 42)
	if err != nil {
		fmt.Println(err)
		return
	}
	var steps []perturb.Step
	for _, name := range []string{"keyboard", "swap"} {
		kind, _ := perturb.Lookup(name)
		p, _ := kind.New(nil)
		steps = append(steps, perturb.Step{Name: name, File: "example_" + kind.Suffix, Perturbation: p, Out: printTokens{}})
	}
	p := &perturb.Pipeline{Seed: 42, Selector: sel, Steps: steps,
		Changes: func(c perturb.Change) error {
			fmt.Printf("%s token %d: %s -> %s\n", c.Kind, c.Token+1, c.Before, c.After)
			return nil
		}}
	stats, err := p.Run(context.Background(), conll.NewReader(strings.NewReader(in)))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d of %d tokens modified\n", stats[0].TokensModified, stats[0].Tokens)
	// Output:
	// Naloxonf reversez the antijypertensive effext of clonidlne .
	// Nalooxne rveerses the natihypertensive fefect of clondiine .
	// keyboard token 1: Naloxone -> Naloxonf
	// keyboard token 2: reverses -> reversez
	// keyboard token 4: antihypertensive -> antijypertensive
	// keyboard token 5: effect -> effext
	// keyboard token 7: clonidine -> clonidlne
	// swap token 1: Naloxone -> Nalooxne
	// swap token 2: reverses -> rveerses
	// swap token 4: antihypertensive -> natihypertensive
	// swap token 5: effect -> fefect
	// swap token 7: clonidine -> clondiine
	// 5 of 8 tokens modified
}

// printTokens prints a sentence's tokens on one line (a real program
// would use a conll.Writer).
type printTokens struct{}

func (printTokens) Write(s conll.Sentence) error {
	fmt.Println(strings.Join(s.Tokens, " "))
	return nil
}

func ExampleSelector_Select() {
	sel, _ := perturb.NewSelector(perturb.DefaultSelection(), 1)
	s := conll.Sentence{
		Tokens: []string{"Torsade", "de", "pointes", "during", "low", "dose", "dobutamine", "treatment"},
		Tags:   []string{"B-Disease", "I-Disease", "I-Disease", "O", "O", "O", "B-Chemical", "O"},
	}
	for i, ok := range sel.Select(s) {
		if ok {
			fmt.Print(s.Tokens[i], " ")
		}
	}
	fmt.Println()
	// Output: Torsade pointes dobutamine treatment
}

func ExampleWriteTable() {
	orig := conll.Sentence{Tokens: []string{"dobutamine", "induced", "cardiomyopathy"},
		Tags: []string{"B-Chemical", "O", "B-Disease"}}
	pert := orig.Clone()
	pert.Tokens[0] = "dobutamien"
	var o, p perturb.Stats
	o.AddOriginal(orig)
	p.Add(orig, pert, nil)
	perturb.WriteTable(os.Stdout, []perturb.NamedStats{{Name: "orig", Stats: o}, {Name: "swap", Stats: p}})
	// Output:
	// file  sentences (annot.)  tokens  Chemical  Disease  % tokens mod.  % entity tok. mod.  % Chemical tok. mod.  % Disease tok. mod.  mentions repl.
	//   orig               1 (1)       3         1        1              -                   -                     -                    -               -
	//   swap               1 (1)       3         1        1          33.3%               50.0%                100.0%                 0.0%               1
}
