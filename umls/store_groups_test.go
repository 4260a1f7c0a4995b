package umls

import (
	"slices"
	"testing"
)

func TestGroupsNaming(t *testing.T) {
	gs := groups()
	if !slices.Contains(gs, "CHEM") || !slices.Contains(gs, "DISO") || !slices.IsSorted(gs) {
		t.Fatalf("Groups() = %v", gs)
	}
	s, err := OpenOrDefault("")
	if err != nil {
		t.Skip(err)
	}
	defer s.Close()
	got, err := s.GroupsNaming("aspirin", false)
	if err != nil || !slices.Equal(got, []string{"CHEM"}) {
		t.Errorf("GroupsNaming(aspirin) = %v, %v", got, err)
	}
	if got, _ := s.GroupsNaming("no such name at all", false); len(got) != 0 {
		t.Errorf("GroupsNaming of nothing = %v", got)
	}
	if _, err := OpenOrDefault("/nonexistent/store.db"); err == nil {
		t.Error("OpenOrDefault of a missing file: no error")
	}
}
