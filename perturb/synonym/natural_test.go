package synonym

import (
	"fmt"
	"github.com/stress-ner/stress/perturb/internal/english"
	"testing"
)

func TestQualifiersAndRewordings(t *testing.T) {
	for _, tt := range []struct {
		name, mention string
		want          bool
	}{
		{"chronic persistent hepatitis", "acute hepatitis", true},
		{"viral hepatitis C", "chronic hepatitis C", true},
		{"adult Fanconi anemia", "Fanconi syndrome", true},
		{"creatine anhydride", "creatinine", true},
		{"acute kidney injury", "acute renal failure", false},
		{"heart attack", "myocardial infarction", false},
	} {
		if got := addsQualifier(tt.name, tt.mention); got != tt.want {
			t.Errorf("addsQualifier(%q, %q) = %v", tt.name, tt.mention, got)
		}
	}
	if !sameContent(english.KeyWords("pain in chest"), english.KeyWords("chest pain")) || !sameContent(english.KeyWords("cancer of the breast"), english.KeyWords("breast cancer")) ||
		sameContent(english.KeyWords("mammary cancer"), english.KeyWords("breast cancer")) {
		t.Error("sameContent")
	}
	for _, tt := range []struct {
		mention, name string
		want          bool
	}{
		{"thrombocytopenia", "thrombocytopenic disorder", true},
		{"mania", "manic state", true},
		{"necrosis", "necrotic change", true},
		{"obesity", "obese", true},
		{"epilepsy", "seizure disorder", false},
		{"hyperactivity", "hyperkinesis", false},
		{"isoproterenol", "isoprenaline", false},
	} {
		if got := paraphrase([]string{tt.mention}, tt.name); got != tt.want {
			t.Errorf("paraphrase(%q, %q) = %v", tt.mention, tt.name, got)
		}
	}
}

func ExampleNatural() {
	for _, name := range []string{"seizures", "kupfer", "6'-methoxycinchonidine", "Infarction, Myocardial"} {
		fmt.Printf("%q: %q\n", name, Natural(name, "convulsions"))
	}
	// Output:
	// "seizures": ""
	// "kupfer": "not English"
	// "6'-methoxycinchonidine": "systematic"
	// "Infarction, Myocardial": "inverted"
}
