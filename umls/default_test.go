package umls

import (
	"slices"
	"strings"
	"testing"
)

func TestDefaultMyocardialInfarction(t *testing.T) {
	s, err := OpenDefault()
	if err != nil {
		t.Fatal(err)
	}
	cs, err := s.Lookup("myocardial infarction", "DISO")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	heart := false
	for _, c := range cs {
		ids = append(ids, c.ID)
		ts, err := s.Terms(c.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, tm := range ts {
			if strings.EqualFold(tm.String, "heart attack") && tm.Usable() {
				heart = true
			}
		}
	}
	for _, want := range []string{"DOID:5844", "MESH:D009203", "NCIT:C27996"} {
		if !slices.Contains(ids, want) {
			t.Errorf("lookup myocardial infarction: %v lacks %s", ids, want)
		}
	}
	if !heart {
		t.Errorf("no usable 'heart attack' among the synonyms of %v", ids)
	}
}
