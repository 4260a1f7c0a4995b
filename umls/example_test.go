package umls_test

import (
	"fmt"
	"strings"

	"github.com/stress-ner/stress/umls"
)

func ExampleNormalize() {
	fmt.Println(umls.Normalize("Parkinson ' s Disease"))
	fmt.Println(umls.Normalize("Parkinson's disease"))
	fmt.Println(umls.Normalize("5 - FU"))
	// Output:
	// parkinsons disease
	// parkinsons disease
	// 5-fu
}

func ExampleStore_Lookup() {
	s, err := umls.OpenDefault()
	if err != nil {
		panic(err)
	}
	cs, err := s.Lookup("myocardial infarction", "DISO")
	if err != nil {
		panic(err)
	}
	for _, c := range cs {
		ts, _ := s.Terms(c.ID)
		var usable []string
		for _, t := range ts {
			if t.Usable() && !strings.EqualFold(t.String, c.Name) {
				usable = append(usable, t.String)
			}
		}
		fmt.Println(c.ID, c.Groups, strings.Join(usable, "; "))
	}
	// Output:
	// DOID:5844 [DISO] heart attack; Myocardial infarct
	// MESH:D009203 [DISO] Myocardial Infarctions; Cardiovascular Stroke; Cardiovascular Strokes; Heart Attack; Heart Attacks; Myocardial Infarct; Myocardial Infarcts; acute myocardial infarction
	// NCIT:C27996 [DISO] Heart Attack; Myocardial Infarct; MI
}

func ExampleClassify() {
	fmt.Printf("%q\n", umls.Classify("Infarction, Myocardial", "entry"))
	fmt.Printf("%q\n", umls.Classify("50-00-0", "synonym"))
	fmt.Printf("%q\n", umls.Classify("heart attack", "entry"))
	// Output:
	// "inverted"
	// "registry"
	// ""
}
