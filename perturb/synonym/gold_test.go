package synonym

import (
	"slices"
	"testing"
)

// TestGoldConcepts checks the attested names against the CDR
// annotations and MeSH 2024 they come from.
func TestGoldConcepts(t *testing.T) {
	for _, tt := range []struct {
		name string
		want string // a concept the name is attested for, "" for none
	}{
		{"adriamycin", "MESH:D004317"},
		{"Adriamycin", "MESH:D004317"}, // any case
		{"liver injury", "MESH:D056486"},
		{"asystole", "MESH:D006323"},
		{"hypomania", ""},    // a heading of its own in MeSH 2024 (D000087122), annotated as bipolar disorder in CDR
		{"hyperthermia", ""}, // as above (D000084462), annotated as fever
		{"heparin cofactor ii", ""},
	} {
		got := goldConcepts(tt.name)
		if tt.want == "" && len(got) > 0 || tt.want != "" && !slices.Contains(got, tt.want) {
			t.Errorf("GoldConcepts(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestWrittenFor checks attestation for a mention: a name of the
// mention's MeSH concept, as MeSH 2024 files it (the mention given as
// the annotations know it, without a store).
func TestWrittenFor(t *testing.T) {
	r := &Replacer{}
	for _, tt := range []struct {
		name, mention string
		want          bool
	}{
		{"adriamycin", "doxorubicin", false},                    // MeSH files the trade name as a concept of its own
		{"liver injury", "hepatic injury", true},                // both CDR names of D056486, neither a MeSH term
		{"renal insufficiency", "renal failure", false},         // two concepts of D051437
		{"hepatocellular carcinoma", "hepatoma", true},          // one concept
		{"hyperkinesis", "hyperactivity", false},                // a heading, for a mention MeSH does not list
		{"respiratory depression", "respiratory arrest", false}, // a narrower concept of the descriptor
		{"icterus", "jaundice", true},
	} {
		if got := writtenFor(tt.name, tt.mention, nil); got != tt.want {
			t.Errorf("writtenFor(%q, %q) = %v, want %v", tt.name, tt.mention, got, tt.want)
		}
		if tt.want && !attestable(tt.mention, nil) {
			t.Errorf("attestable(%q) = false, yet %q is written for it", tt.mention, tt.name)
		}
		for range 2 { // the cached answer, made and then from the cache
			if got := r.writtenFor(tt.name, tt.mention, nil); got != tt.want {
				t.Errorf("Replacer.writtenFor(%q, %q) = %v, want %v", tt.name, tt.mention, got, tt.want)
			}
		}
	}
}
