package umls

import (
	"fmt"
	"testing"
)

// TestNames: Names says what len(Lookup(term, groups...)) > 0 says, for
// names of the store (of every group), their variants in case and
// plural, and words it lacks, under every choice of groups; on both
// backends.
func TestNames(t *testing.T) {
	groupSets := [][]string{nil, {"CHEM"}, {"DISO"}, {"ANAT"}, {"CHEM", "DISO"}, {"DISO", "ANAT"}, {"NONE"}}
	for name, s := range backends(t) {
		var terms []string
		i := 0
		_ = s.b.each(func(c Concept) bool {
			if i++; i < 300 || i%97 == 0 {
				terms = append(terms, c.Name, c.Name+"s", fmt.Sprintf("%s %d", c.Name, i))
			}
			return len(terms) < 3000
		})
		terms = append(terms, "", " ", "zzqx", "cocaine", "Cocaine", "myocardial infarction", "heart")
		named := 0
		for _, term := range terms {
			for _, gs := range groupSets {
				cs, err := s.Lookup(term, gs...)
				got, gotErr := s.Names(term, gs...)
				if got != (len(cs) > 0) || (gotErr == nil) != (err == nil) {
					t.Fatalf("%s: Names(%q, %q) = %v, %v; Lookup gives %d concepts, %v", name, term, gs, got, gotErr, len(cs), err)
				}
				if got && gs != nil {
					named++
				}
			}
		}
		if named == 0 {
			t.Errorf("%s: no term names a concept of a group: the test sees nothing", name)
		}
	}
}
