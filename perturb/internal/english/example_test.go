package english

import (
	"fmt"
	"strings"
)

func ExampleTokenize() {
	fmt.Println(strings.Join(Tokenize("Parkinson's disease", TokenizePunct), " | "))
	fmt.Println(strings.Join(Tokenize("5-FU", TokenizePunct), " | "))
	fmt.Println(strings.Join(Tokenize("5-FU", tokenizeSpace), " | "))
	// Output:
	// Parkinson | ' | s | disease
	// 5 | - | FU
	// 5-FU
}

func ExampleRunningText() {
	fmt.Println(RunningText("Heart Failure", []string{"cardiac", "failure"}, false, TokenizePunct))
	fmt.Println(RunningText("Parkinson's Disease", []string{"Seizures"}, true, TokenizePunct))
	// Output:
	// [heart failure]
	// [Parkinson ' s disease]
}
