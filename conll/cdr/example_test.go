package cdr_test

import (
	"fmt"
	"strings"

	"github.com/stress-ner/stress/conll/cdr"
)

// Score a prediction at the id level, as the CDR kit's eval_id.sh does:
// each document's set of Disease ids; "MESH:D003866" is "D003866", a
// composite counts each of its ids, and a document the gold lacks is
// not counted.
func ExampleScore() {
	gold := "1|t|Depression and hypertension.\n1\t0\t10\tDepression\tDisease\tD003866\n1\t15\t27\thypertension\tDisease\tD006973\n"
	pred := "1\t0\t10\tDepression\tDisease\tMESH:D003866|D000001\n2\t0\t5\tother\tDisease\tD000002\n"
	o := cdr.Options{Level: cdr.ID}
	g, _ := cdr.Read(strings.NewReader(gold), "gold", cdr.PubTator, o)
	p, _ := cdr.Read(strings.NewReader(pred), "pred", cdr.PubTator, o)
	fmt.Print(cdr.Score(g, p))
	// Output:
	// TP: 1
	// FP: 1
	// FN: 1
	// Precision: 0.5
	// Recall: 0.5
	// F-score: 0.5
}
