package synonym

import (
	"maps"
	"slices"
	"testing"

	"github.com/stress-ner/stress/perturb/internal/english"
)

// TestTermFacts: the cached facts of a name are what the functions they
// stand for give, asked once or twice.
func TestTermFacts(t *testing.T) {
	r := &Replacer{}
	for _, name := range []string{"Parkinson's disease", "Stevens - Johnson syndrome", "tumor of Endometrium",
		"gamma-Aminobutyric Acid", "Wilms tumor", "heart attack", "", "5-FU", "Sjögren syndrome", "Hodgkin Disease"} {
		for range 2 {
			f := r.facts(name).cased()
			set := func(add func(map[string]bool)) []string {
				m := map[string]bool{}
				add(m)
				return slices.Sorted(maps.Keys(m))
			}
			sorted := func(w []string) []string { return slices.Sorted(slices.Values(w)) }
			if got, want := sorted(f.lower), set(func(m map[string]bool) { english.LowerWords(name, m) }); !slices.Equal(got, want) {
				t.Errorf("%q lower: %q, want %q", name, got, want)
			}
			if got, want := sorted(f.capitals), set(func(m map[string]bool) { sentenceCaseCapitals(name, m) }); !slices.Equal(got, want) {
				t.Errorf("%q capitals: %q, want %q", name, got, want)
			}
			if got, want := sorted(f.proper), set(func(m map[string]bool) { english.ProperWords(name, m); eponyms(name, m) }); !slices.Equal(got, want) {
				t.Errorf("%q proper: %q, want %q", name, got, want)
			}
			if f.trivial != english.TrivialKey(name) || f.vkey != variantKey(name) || !slices.Equal(f.words, english.KeyWords(name)) {
				t.Errorf("%q: %+v", name, f)
			}
		}
	}
}
