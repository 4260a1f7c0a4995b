package score_test

import (
	"fmt"

	"github.com/stress-ner/stress/conll/score"
)

// seqeval's strict mode reads untyped tags as type "_" and, under IOBES,
// drops malformed pieces such as a lone B-.
func ExampleStrictSpans() {
	fmt.Println(score.StrictSpans([]string{"B", "I", "O", "B"}, score.StrictIOB2))
	fmt.Println(score.StrictSpans([]string{"B-PER", "O", "S-LOC"}, score.StrictIOBES))
	_, err := score.StrictSpans([]string{"B-PER", "E-PER"}, score.StrictIOB2)
	fmt.Println(err)
	// Output:
	// [_[0,2) _[3,4)] <nil>
	// [LOC[2,3)] <nil>
	// token 2: tag not allowed by the scheme "E-PER"
}

// "acute renal failure" predicted as "renal failure": wrong in strict
// and exact mode, half right in partial mode, right in type mode.
func ExampleSemEval() {
	var s score.SemEval
	gold := []string{"B-Disease", "I-Disease", "I-Disease", "O"}
	pred := []string{"O", "B-Disease", "I-Disease", "O"}
	if err := s.AddSentence(gold, pred, ""); err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range score.SemEvalModes {
		c := s.Overall[m]
		fmt.Printf("%-8s COR %d INC %d PAR %d P %.2f R %.2f\n", m, c.Correct, c.Incorrect, c.Partial, c.Precision(), c.Recall())
	}
	// Output:
	// strict   COR 0 INC 1 PAR 0 P 0.00 R 0.00
	// exact    COR 0 INC 1 PAR 0 P 0.00 R 0.00
	// partial  COR 0 INC 0 PAR 1 P 0.50 R 0.50
	// ent_type COR 1 INC 0 PAR 0 P 1.00 R 1.00
}

// A typo makes a model miss a mention; a synonym makes it find only part
// of one.
func ExampleClassifyErrors() {
	gold, _ := score.SemEvalSpans([]string{"B-Disease", "I-Disease", "O", "B-Chemical"}, "")
	pred, _ := score.SemEvalSpans([]string{"O", "B-Disease", "O", "O"}, "")
	fmt.Printf("%+v\n", score.ClassifyErrors(gold, pred))
	// Output:
	// {Correct:0 Missed:1 Spurious:0 Type:0 Boundary:1 BoundaryType:0}
}
