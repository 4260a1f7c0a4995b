package spelling_test

import (
	"fmt"

	"github.com/stress-ner/stress/perturb/spelling"
)

func ExampleRespell_Word() {
	uk, _ := spelling.New(spelling.Default(), spelling.ToUK)
	us, _ := spelling.New(spelling.Default(), spelling.ToUS)
	for _, w := range []string{"Anemia", "tumor-bearing", "HEMORRHAGE", "hospitalized"} {
		v, _ := uk.Word(w)
		back, _ := us.Word(v)
		fmt.Println(w, "->", v, "->", back)
	}
	// Output:
	// Anemia -> Anaemia -> Anemia
	// tumor-bearing -> tumour-bearing -> tumor-bearing
	// HEMORRHAGE -> HAEMORRHAGE -> HEMORRHAGE
	// hospitalized -> hospitalised -> hospitalized
}
