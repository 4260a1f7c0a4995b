package synonym

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/perturb/internal/english"
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

// TestAvoidLinesNeeded checks that every line of avoid.txt still acts on
// a stratum the default policy admits: its name, or a name of its pair,
// is one that CDR's annotators attest for a concept (goldConcepts), a
// name of a curated pair, an organ variant the training text writes, or
// an NCIt "X of the Y" wording. A line that acts on none fixed what a
// reading of a refused stratum met, and goes.
func TestAvoidLinesNeeded(t *testing.T) {
	cur := map[string]bool{}
	for k, ps := range curated() {
		cur[k] = true
		for _, p := range ps {
			cur[english.AvoidKey(p.to)] = true
		}
	}
	acts := func(name string) bool {
		name = strings.TrimSpace(name)
		return len(goldConcepts(name)) > 0 || cur[english.AvoidKey(name)] || OrganAttested(name) ||
			strings.Contains(" "+strings.ToLower(name)+" ", " of the ")
	}
	n := 0
	for i, line := range strings.Split(avoidText, "\n") {
		body, reason, _ := strings.Cut(line, "#")
		if body = strings.TrimSpace(body); body == "" {
			continue
		}
		n++
		if strings.TrimSpace(reason) == "" {
			t.Errorf("avoid.txt:%d: %q has no reason", i+1, body)
		}
		var names []string
		switch {
		case strings.Contains(body, "<->"):
			a, b, _ := strings.Cut(body, "<->")
			names = []string{a, b}
		case strings.Contains(body, "->"):
			_, b, _ := strings.Cut(body, "->")
			names = []string{b}
		default:
			names = []string{body}
		}
		if !slices.ContainsFunc(names, acts) {
			t.Errorf("avoid.txt:%d: %q acts on no stratum the policy admits: drop it", i+1, body)
		}
	}
	t.Logf("avoid.txt: %d lines", n)
}
