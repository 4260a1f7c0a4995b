package score_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/stress-ner/stress/conll/score"
)

// Scoring conlleval input prints conlleval's report, byte for byte.
func ExampleEvaluator() {
	input := `Aspirin B-Chemical B-Chemical
induced O O
liver B-Disease O
damage I-Disease B-Disease

Naloxone B-Chemical B-Chemical
`
	e := score.NewEvaluator(strings.NewReader(input))
	e.File = "example.txt"
	counts, err := e.Evaluate()
	if err != nil {
		fmt.Println(err)
		return
	}
	score.WriteReport(os.Stdout, counts)
	// Output:
	// processed 5 tokens with 3 phrases; found: 3 phrases; correct: 2.
	// accuracy:  60.00%; precision:  66.67%; recall:  66.67%; FB1:  66.67
	//          Chemical: precision: 100.00%; recall: 100.00%; FB1: 100.00  2
	//           Disease: precision:   0.00%; recall:   0.00%; FB1:   0.00  1
}

// Input conlleval refuses gives an error naming file and line, and the
// exit status conlleval would have.
func ExampleEvaluator_refused() {
	e := score.NewEvaluator(strings.NewReader("Aspirin B-Chemical B-Chemical\ninduced O\n"))
	e.File = "example.txt"
	_, err := e.Evaluate()
	fmt.Println(err)
	fmt.Println(score.ConllevalStatus(err))
	// Output:
	// example.txt:2: unexpected number of features: 2 (3)
	// 1
}

func ExampleEvalSentence() {
	gold := []string{"B-Disease", "I-Disease", "O", "B-Chemical"}
	pred := []string{"I-Disease", "I-Disease", "O", "B-Chemical"}
	for _, mode := range []score.Mode{score.ModeConlleval, score.ModeStrict} {
		c := score.EvalSentence(gold, pred, score.EvalOptions{Mode: mode})
		all := c.Overall()
		fmt.Printf("%s: correct %d of %d predicted, F1 %.2f\n", mode, all.Correct, all.Pred, all.F1())
	}
	// Output:
	// conlleval: correct 2 of 2 predicted, F1 100.00
	// strict: correct 1 of 1 predicted, F1 66.67
}

func ExampleScorer() {
	sc := score.NewScorer(score.EvalOptions{})
	sc.Add([]string{"B-Chemical", "O"}, []string{"B-Chemical", "O"})
	sc.Add([]string{"B-Disease", "I-Disease"}, []string{"B-Disease", "O"})
	c := sc.Counts()
	fmt.Printf("accuracy %.2f%%, F1 %.2f\n", c.Accuracy(), c.Overall().F1())
	for _, typ := range c.SortedTypes() {
		t := c.Types[typ]
		fmt.Printf("%s: TP %d FP %d FN %d\n", typ, t.TP(), t.FP(), t.FN())
	}
	// Output:
	// accuracy 75.00%, F1 50.00
	// Chemical: TP 1 FP 0 FN 0
	// Disease: TP 0 FP 1 FN 1
}

// With latex, WriteResult writes conlleval -l's LaTeX table.
func ExampleWriteResult_latex() {
	c := score.EvalSentence([]string{"B-Chemical", "B-Disease"}, []string{"B-Chemical", "O"}, score.EvalOptions{})
	score.WriteResult(os.Stdout, c, nil, score.EvalOptions{}, "text", true)
	// Output:
	//         & Precision &  Recall  & F$_{\beta=1} \\\hline
	// Chemical &  100.00\% & 100.00\% & 100.00 \\
	// Disease &    0.00\% &   0.00\% &   0.00 \\\hline
	// Overall &  100.00\% &  50.00\% &  66.67 \\\hline
}
