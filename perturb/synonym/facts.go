package synonym

import (
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/stress-ner/stress/perturb/internal/english"
)

// termFacts is what candidates reads of a lexicon name by itself,
// whatever the mention: a concept's names are judged again for every
// mention of it ("seizures", "seizure", "convulsions"), and reading
// them again was a fifth of a synonym run on BC5CDR test (issue 34).
// Each word list is what the named function adds to its set.
type termFacts struct {
	name    string
	trivial string   // english.TrivialKey
	words   []string // english.KeyWords; shared, never modified
	vkey    string   // variantKey

	// The words of the name's case, made by cased when first asked: a
	// mention none of whose names may replace it (skim) reads none.
	once     sync.Once
	lower    []string // english.LowerWords
	capitals []string // sentenceCaseCapitals
	proper   []string // english.ProperWords, then eponyms
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
	f = &termFacts{name: name, vkey: variantKey(name)}
	f.words = slices.Clip(english.KeyWords(name))
	f.trivial = strings.Join(f.words, "") // english.TrivialKey, from the key words at hand
	r.mu.Lock()
	if r.termFacts == nil || len(r.termFacts) >= maxFacts {
		r.termFacts = map[string]*termFacts{}
	}
	r.termFacts[name] = f
	r.mu.Unlock()
	return f
}

// cased returns f with its lower, capitals and proper words made.
func (f *termFacts) cased() *termFacts {
	f.once.Do(func() {
		// One tokenization and one set for the three lists. Capitals and
		// proper nouns are words english.TitleWord accepts, which begin
		// with an upper-case letter: a name without one has none.
		toks := english.Tokenize(f.name, tokenizePunct)
		set := make(map[string]bool, len(toks))
		f.lower = setWords(set, func(set map[string]bool) { english.LowerTokens(toks, set) })
		if strings.ContainsFunc(f.name, unicode.IsUpper) {
			f.capitals = setWords(set, func(set map[string]bool) { sentenceCaseCapitalTokens(toks, set) })
			f.proper = setWords(set, func(set map[string]bool) {
				english.ProperTokens(toks, set)
				eponymTokens(toks, set)
			})
		}
	})
	return f
}

// setWords returns the words add puts in set, which is empty, and
// empties set again.
func setWords(set map[string]bool, add func(set map[string]bool)) []string {
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
	clear(set)
	return out
}

// addWords adds words to set.
func addWords(set map[string]bool, words []string) {
	for _, w := range words {
		set[w] = true
	}
}
