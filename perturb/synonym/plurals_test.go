package synonym

import (
	"maps"
	"testing"

	"github.com/stress-ner/stress/umls"
)

// TestNotePlurals: which names of a concept are the plurals of others,
// by each ending tried ("ies" for "y", "es" for "is", "s", "es"), in
// any case, and the first ending that is listed.
func TestNotePlurals(t *testing.T) {
	var terms []umls.Term
	for _, s := range []string{"Convulsion", "convulsions", "artery", "arteries", "arterys", "psychosis", "psychoses",
		"box", "boxes", "virus", "tumor", "tumour"} {
		terms = append(terms, umls.Term{String: s})
	}
	var a Analysis
	a.notePlurals(terms)
	want := map[string]string{"convulsion": "convulsions", "artery": "arteries", "psychosis": "psychoses", "box": "boxes"}
	if !maps.Equal(a.plurals, want) {
		t.Errorf("plurals = %v, want %v", a.plurals, want)
	}
	for _, p := range want {
		if !a.pluralNames[p] || len(a.pluralNames) != len(want) {
			t.Errorf("plural names = %v, want the values of %v", a.pluralNames, want)
		}
	}
	var none Analysis
	none.notePlurals([]umls.Term{{String: "cocaine"}})
	if none.plurals != nil || none.pluralNames != nil {
		t.Errorf("cocaine alone: %v %v", none.plurals, none.pluralNames)
	}
}
