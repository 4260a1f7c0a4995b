package iob_test

import (
	"fmt"
	"slices"

	"github.com/stress-ner/stress/iob"
)

func ExampleConvert() {
	tags := []string{"B-Chemical", "O", "B-Disease", "I-Disease", "I-Disease"}
	iobes, _ := iob.Convert(tags, iob.IOB2, iob.IOBES)
	iob1, _ := iob.Convert(tags, iob.IOB2, iob.IOB1)
	fmt.Println(iobes)
	fmt.Println(iob1)
	// Output:
	// [S-Chemical O B-Disease I-Disease E-Disease]
	// [I-Chemical O I-Disease I-Disease I-Disease]
}

func ExampleValidate() {
	for _, v := range iob.Validate([]string{"I-Disease", "O", "B-Chemical", "I-Disease"}, iob.IOB2) {
		fmt.Println(v)
	}
	// Output:
	// token 1: I-Disease after the sentence start: an entity must start with B-
	// token 4: I-Disease after B-Chemical: an entity must start with B-
}

func ExampleRepair() {
	fixed, n := iob.Repair([]string{"O", "I-Disease", "I-Disease", "I-Chemical"})
	fmt.Println(fixed, n)
	// Output: [O B-Disease I-Disease B-Chemical] 2
}

func ExampleSpans() {
	tags := []string{"O", "I-Disease", "I-Disease", "B-Chemical"}
	fmt.Println(iob.Spans(tags))       // conlleval: an I- after O starts an entity
	fmt.Println(iob.StrictSpans(tags)) // seqeval strict: it does not
	// Output:
	// [Disease[1,3) Chemical[3,4)]
	// [Chemical[3,4)]
}

// A synonym replaces the two-token mention "heart attack" by the
// three-token "acute myocardial infarction": tokens and tags are spliced
// over the same range.
func ExampleReplace() {
	tokens := []string{"after", "heart", "attack", "."}
	tags := []string{"O", "B-Disease", "I-Disease", "O"}
	syn := []string{"acute", "myocardial", "infarction"}
	newTags, err := iob.Replace(tags, 1, 3, len(syn))
	if err != nil {
		fmt.Println(err)
		return
	}
	tokens = slices.Replace(tokens, 1, 3, syn...)
	fmt.Println(tokens)
	fmt.Println(newTags)
	// Output:
	// [after acute myocardial infarction .]
	// [O B-Disease I-Disease I-Disease O]
}

func ExampleConvertKnown() {
	// A tagger's output with a tag it should not have made: the rest is
	// converted, the stray tag kept for whoever reports it.
	fmt.Println(iob.ConvertKnown([]string{"S-Chemical", "BANANA", "B-Disease", "E-Disease"}, iob.IOBES, iob.IOB2))
	// Output: [B-Chemical BANANA B-Disease I-Disease]
}
