package synonym

import (
	"slices"

	"github.com/stress-ner/stress/perturb/internal/english"
)

// termFacts is what candidates reads of a lexicon name by itself,
// whatever the mention: a concept's names are judged again for every
// mention of it ("seizures", "seizure", "convulsions"), and reading
// them again was a fifth of a synonym run on BC5CDR test (issue 34).
// Each word list is what the named function adds to its set.
type termFacts struct {
	lower    []string // english.LowerWords
	capitals []string // sentenceCaseCapitals
	proper   []string // english.ProperWords, then eponyms
	trivial  string   // english.TrivialKey
	words    []string // english.KeyWords; shared, never modified
	vkey     string   // variantKey
}

// maxFacts bounds the facts cache, in names: a few hundred bytes each.
const maxFacts = 1 << 16

// facts returns the facts of name, from the cache or computed.
func (r *Replacer) facts(name string) *termFacts {
	r.mu.Lock()
	f, ok := r.termFacts[name]
	r.mu.Unlock()
	if ok {
		return f
	}
	f = &termFacts{trivial: english.TrivialKey(name), vkey: variantKey(name)}
	f.words = slices.Clip(english.KeyWords(name))
	f.lower = setWords(func(set map[string]bool) { english.LowerWords(name, set) })
	f.capitals = setWords(func(set map[string]bool) { sentenceCaseCapitals(name, set) })
	f.proper = setWords(func(set map[string]bool) {
		english.ProperWords(name, set)
		eponyms(name, set)
	})
	r.mu.Lock()
	if r.termFacts == nil || len(r.termFacts) >= maxFacts {
		r.termFacts = map[string]*termFacts{}
	}
	r.termFacts[name] = f
	r.mu.Unlock()
	return f
}

// setWords returns the words add puts in an empty set.
func setWords(add func(set map[string]bool)) []string {
	set := map[string]bool{}
	add(set)
	if len(set) == 0 {
		return nil
	}
	out := make([]string, 0, len(set))
	for w, ok := range set {
		if ok {
			out = append(out, w)
		}
	}
	return out
}

// addWords adds words to set.
func addWords(set map[string]bool, words []string) {
	for _, w := range words {
		set[w] = true
	}
}
