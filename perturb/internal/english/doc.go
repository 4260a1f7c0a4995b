// Package english holds what the kinds that write names into running
// text share: tokenization as the corpora tokenize (Tokenize), the
// grammatical number and article of a name (IsPlural, Plural, Article),
// the case of running text (AdaptCase, RunningText), the embedded
// vocabulary (SCOWL words, lexicon label words, the names the training
// text attests) and the naturalness policy (Natural: no foreign,
// systematic, inverted, coded or qualified names).
//
// Synonym replacement and entity swap both use it, so it is apart from
// either: a change to the synonym kind's own rules (what replaces what)
// cannot move entity-swap output, while a change here moves both, and
// is seen as such.
package english

// NaturalInText is Natural for a name the text itself uses (an
// abbreviation's long form, as its definition wrote it): its words are
// attested where they stand, so the vocabulary test is skipped.
func NaturalInText(name, mention string) string { return natural(name, mention, true, true) }

// SmallWord reports the short function words that Title Case styles
// leave in lower case ("of", "and", "the", "with", ...): they say nothing
// about the style of a name.
func SmallWord(w string) bool { return functionWords()[w] }

// EnglishWord reports whether the lower-case word w is in the SCOWL
// English word lists.
func EnglishWord(w string) bool { return theVocabulary().english(w) }

// ProperNoun reports whether the lower-case word w is a proper noun in
// SCOWL ("parkinson", "hodgkin").
func ProperNoun(w string) bool { return theVocabulary().properNoun(w) }

// KnownWord reports whether the lower-case word w is an English word or
// a word of a lexicon's preferred name.
func KnownWord(w string) bool { return theVocabulary().knownWord(w) }
