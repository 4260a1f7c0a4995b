package synonym

// Exports for entity swap, which draws names of other concepts by the
// same naturalness policy (see perturb/entityswap).

// PlainEnglish reports whether every word of name longer than one letter
// is in the SCOWL English word lists: "heart attack", not "rulonilimab".
// Lexicons' preferred names pass Natural's vocabulary test by
// construction; this tells the ones made of ordinary words.
func PlainEnglish(name string) bool { return plainEnglish(name, "") }

// Adjectival reports a word that is an adjective by its ending
// ("hypertensive", "diabetic", "renal"), as the grammar rules judge it.
func Adjectival(word string) bool { return adjectival(word) }

// EnglishWord reports whether the lower-case word w is in the SCOWL
// English word lists.
func EnglishWord(w string) bool { return theVocabulary().english(w) }

// ProperNoun reports whether the lower-case word w is a proper noun in
// SCOWL ("parkinson", "hodgkin").
func ProperNoun(w string) bool { return theVocabulary().properNoun(w) }
