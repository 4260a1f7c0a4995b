package umls

import (
	"errors"
	"slices"
	"testing"
)

func checkConcepts(t *testing.T, s *Store, group string, want int) {
	t.Helper()
	cs, err := s.Concepts(group)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != want {
		t.Errorf("Concepts(%s): %d concepts, want %d", group, len(cs), want)
	}
	if !slices.IsSortedFunc(cs, func(a, b Concept) int {
		switch {
		case a.ID < b.ID:
			return -1
		case a.ID > b.ID:
			return 1
		}
		return 0
	}) {
		t.Errorf("Concepts(%s) not ordered by id", group)
	}
	for _, c := range cs {
		if !c.InGroup(group) {
			t.Fatalf("Concepts(%s) returned %+v", group, c)
		}
	}
}

func TestConceptsDefault(t *testing.T) {
	s, err := OpenDefault()
	if err != nil {
		t.Fatal(err)
	}
	info, err := s.Info()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []string{"CHEM", "DISO"} {
		checkConcepts(t, s, g, info.Groups[g])
	}
	all, err := s.Concepts()
	if err != nil || len(all) != info.Concepts {
		t.Errorf("Concepts(): %d, %v; want %d", len(all), err, info.Concepts)
	}
}

func TestConceptsSQLite(t *testing.T) {
	s, err := Open(importSample(t))
	if err != nil {
		t.Fatal(err)
	}
	info, err := s.Info()
	if err != nil {
		t.Fatal(err)
	}
	for g, n := range info.Groups {
		checkConcepts(t, s, g, n)
	}
	s.Close()
	if _, err := s.Concepts(); !errors.Is(err, ErrClosed) {
		t.Errorf("Concepts on a closed store: %v, want ErrClosed", err)
	}
}
