package english

import (
	"strings"
	"testing"
)

func TestNumber(t *testing.T) {
	for _, tt := range []struct {
		name     string
		plural   bool
		singular string
		pl       string // Plural; "" when there is none
	}{
		{"seizures", true, "seizure", "seizures"},
		{"seizure", false, "seizure", "seizures"},
		{"headaches", true, "headache", "headaches"},
		{"drug - induced dyskinesias", true, "drug - induced dyskinesia", "drug - induced dyskinesias"},
		{"arrhythmia", false, "arrhythmia", "arrhythmias"},
		{"cardiomyopathy", false, "cardiomyopathy", "cardiomyopathies"},
		{"psychosis", false, "psychosis", "psychoses"},
		{"psychoses", true, "psychosis", "psychoses"},
		{"thrombi", true, "thrombus", "thrombi"},
		{"contrast media", true, "contrast medium", "contrast media"},
		{"diseases of the liver", true, "disease of the liver", "diseases of the liver"},
		{"diabetes", false, "diabetes", ""},
		{"diabetes insipidus", false, "diabetes insipidus", ""},
		{"AIDS", false, "AIDS", ""},
		{"Convulsions", true, "Convulsion", "Convulsions"},
		{"mania", false, "mania", "manias"},
		{"OCs", true, "OC", "OCs"},
		{"NSAIDs", true, "NSAID", "NSAIDs"},
		{"hypertension", false, "hypertension", ""}, // a mass noun: no known plural
	} {
		if got := IsPlural(tt.name); got != tt.plural {
			t.Errorf("IsPlural(%q) = %v, want %v", tt.name, got, tt.plural)
		}
		if got := Singular(tt.name); got != tt.singular {
			t.Errorf("Singular(%q) = %q, want %q", tt.name, got, tt.singular)
		}
		got, ok := Plural(tt.name)
		if !ok {
			got = ""
		}
		if got != tt.pl {
			t.Errorf("Plural(%q) = %q, want %q", tt.name, got, tt.pl)
		}
	}
}

func TestArticle(t *testing.T) {
	for w, want := range map[string]string{"arrhythmia": "an", "seizure": "a", "urinary": "a", "unilateral": "a",
		"MI": "an", "HIV": "an", "UTI": "a", "hour": "an", "one": "a", "8": "an", "5": "a", "L": "an", "heart": "a",
		"European": "a", "infarct": "an", "Ebola": "an"} {
		if got := Article(w); got != want {
			t.Errorf("Article(%q) = %q, want %q", w, got, want)
		}
	}
}

// TestOtherNumber compares OtherNumber with IsPlural, Singular and
// Plural on the vocabulary's words (in three cases) and on names of
// several words, acronyms and punctuation.
func TestOtherNumber(t *testing.T) {
	want := func(name string) (string, bool) {
		if IsPlural(name) {
			return Singular(name), true
		}
		return Plural(name)
	}
	names := []string{"", " ", "seizures", "seizure", "OCs", "NSAIDs", "AIDS", "diabetes", "psychoses", "thrombi",
		"diseases of the heart", "drug - induced dyskinesias", "Cardiomyopathy", "HEADACHE", "5-FU", "mass  of  cells",
		"vertebrae", "media", "hypertension", "ABs", "CTe", "x", "ss", "Is", "the OC"}
	n := 0
	for line := range strings.Lines(vocabText) {
		if !strings.HasPrefix(line, "w\t") {
			continue
		}
		if n++; n%7 != 0 {
			continue
		}
		w, _, _ := strings.Cut(line[2:], "\t")
		names = append(names, w, strings.ToUpper(w), strings.ToUpper(w[:1])+w[1:], "acute "+w, w+" of the liver")
	}
	for _, name := range names {
		got, ok := OtherNumber(name)
		wantName, wantOK := want(name)
		if got != wantName || ok != wantOK {
			t.Fatalf("OtherNumber(%q) = %q, %v; want %q, %v", name, got, ok, wantName, wantOK)
		}
	}
}
