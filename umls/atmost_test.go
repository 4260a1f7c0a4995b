package umls

import (
	"errors"
	"slices"
	"testing"
)

// TestLookupAtMost: a term naming at most max concepts gives what
// Lookup gives; one naming more gives none and how many it names, from
// the cache too; on both backends.
func TestLookupAtMost(t *testing.T) {
	stores := backends(t)
	for name, s := range stores {
		var term string
		var all []Concept
		// A term of the store and its concepts.
		err := s.b.each(func(c Concept) bool {
			cs, err := s.Lookup(c.Name)
			if err == nil && len(cs) >= 1 {
				term, all = c.Name, cs
				return false
			}
			return true
		})
		if err != nil || term == "" {
			t.Fatalf("%s: no term (%v)", name, err)
		}
		for range 2 { // the second time from the cache
			cs, n, err := s.LookupAtMost(term, len(all))
			if err != nil || n != len(all) || !slices.EqualFunc(cs, all, func(a, b Concept) bool { return a.ID == b.ID }) {
				t.Errorf("%s: LookupAtMost(%q, %d) = %d concepts, %d, %v; want %d", name, term, len(all), len(cs), n, err, len(all))
			}
			cs, n, err = s.LookupAtMost(term, len(all)-1)
			if err != nil || n != len(all) || cs != nil {
				t.Errorf("%s: LookupAtMost(%q, %d) = %d concepts, %d, %v; want none, %d", name, term, len(all)-1, len(cs), n, err, len(all))
			}
		}
		if cs, n, err := s.LookupAtMost("no such term at all", 5); cs != nil || n != 0 || err != nil {
			t.Errorf("%s: unknown term: %v %d %v", name, cs, n, err)
		}
	}
	file := stores["sqlite"]
	file.Close()
	if _, _, err := file.LookupAtMost("x", 1); !errors.Is(err, ErrClosed) {
		t.Errorf("closed store: %v", err)
	}
}

// backends returns a store of each backend, by name: one imported into
// SQLite from the test sample ("sqlite") and the embedded default
// ("default"), for tests that hold the two to the same contract. The
// SQLite store is closed when the test ends.
func backends(t *testing.T) map[string]*Store {
	t.Helper()
	file, err := Open(importSample(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { file.Close() })
	def, err := OpenDefault()
	if err != nil {
		t.Fatal(err)
	}
	return map[string]*Store{"sqlite": file, "default": def}
}
