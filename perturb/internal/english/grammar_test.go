package english

import (
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
