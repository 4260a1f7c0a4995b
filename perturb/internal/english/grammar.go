package english

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Grammar: a replacement must fit the sentence it goes into. It keeps
// the mention's grammatical number ("convulsions" -> "seizures", never
// "The convulsion were"), the "a" or "an" before it, and an Adjectival
// mention ("hypertensive") is replaced by an adjective or not at all.

// HeadIndex returns the index of the head word among words: the word
// before the first "of" ("diseases of the liver"), else the last.
func HeadIndex(words []string) int {
	for i, w := range words {
		if i > 0 && strings.EqualFold(w, "of") {
			return i - 1
		}
	}
	return len(words) - 1
}

// singularOf returns the singular of the lower-case word w when w is an
// English plural, else "": a plural ending whose removal (or Latin or
// Greek replacement) gives a known word ("seizures", "headaches",
// "arrhythmias", "psychoses", "thrombi"), so that "diabetes", "measles"
// or "AIDS" are not plurals.
func singularOf(w string) string {
	v := theVocabulary()
	try := func(stem string) bool { return len(stem) > 2 && v.knownWord(stem) }
	switch {
	case strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || strings.HasSuffix(w, "is"):
		return ""
	case strings.HasSuffix(w, "ies") && try(w[:len(w)-3]+"y"):
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "es") && try(w[:len(w)-2]+"is"):
		return w[:len(w)-2] + "is" // psychoses, stases
	case strings.HasSuffix(w, "s") && try(w[:len(w)-1]):
		return w[:len(w)-1]
	case strings.HasSuffix(w, "es") && try(w[:len(w)-2]):
		return w[:len(w)-2] // abscesses, reflexes
	case strings.HasSuffix(w, "i") && try(w[:len(w)-1]+"us"):
		return w[:len(w)-1] + "us" // thrombi, emboli
	case strings.HasSuffix(w, "ae") && try(w[:len(w)-1]):
		return w[:len(w)-1] // vertebrae
	case strings.HasSuffix(w, "a") && try(w[:len(w)-1]+"um"):
		return w[:len(w)-1] + "um" // media, bacteria; "mania" has no "manium"
	}
	return ""
}

// pluralWord reports whether w is an English plural (see singularOf),
// or an abbreviation's plural ("OCs", "NSAIDs").
func pluralWord(w string) bool {
	if n := len(w); n >= 3 && w[n-1] == 's' && IsAcronym(w[:n-1]) {
		return true
	}
	if !IsLetters(w) || IsAcronym(w) {
		return false
	}
	return singularOf(strings.ToLower(w)) != ""
}

// IsPlural reports whether a name is grammatically plural: its head word
// is ("seizures", "drug - induced dyskinesias", "diseases of the heart").
func IsPlural(name string) bool {
	words := strings.Fields(name)
	if len(words) == 0 {
		return false
	}
	return pluralWord(words[HeadIndex(words)])
}

// Singular returns name with its head word in the singular when it is
// plural ("drug - induced dyskinesias" -> "drug - induced dyskinesia"),
// else name unchanged. Words are separated by single spaces.
func Singular(name string) string {
	words := strings.Fields(name)
	if len(words) == 0 {
		return name
	}
	h := HeadIndex(words)
	if !pluralWord(words[h]) {
		return name
	}
	if w := words[h]; IsAcronym(w[:len(w)-1]) {
		words[h] = w[:len(w)-1] // "OCs" -> "OC"
	} else {
		words[h] = MatchCase(singularOf(strings.ToLower(w)), w)
	}
	return strings.Join(words, " ")
}

// Plural returns name with its head word in the plural ("seizure" ->
// "seizures", "cardiomyopathy" -> "cardiomyopathies", "psychosis" ->
// "psychoses"), and whether it could: the plural must be a known word,
// so mass nouns ("hypertension") and Latin or foreign heads have none.
// A plural name is returned as it is.
func Plural(name string) (string, bool) {
	words := strings.Fields(name)
	if len(words) == 0 {
		return name, false
	}
	h := HeadIndex(words)
	w := words[h]
	if pluralWord(w) {
		return name, true
	}
	if !IsLetters(w) || IsAcronym(w) {
		return name, false
	}
	p := pluralSpelling(strings.ToLower(w))
	if !theVocabulary().knownWord(p) {
		return name, false
	}
	words[h] = MatchCase(p, w)
	return strings.Join(words, " "), true
}

// pluralSpelling is the regular plural of the lower-case word lw
// ("psychosis" -> "psychoses", "cardiomyopathy" -> "cardiomyopathies",
// "reflex" -> "reflexes"), whether or not it is a word: Plural and
// OtherNumber check the vocabulary.
func pluralSpelling(lw string) string {
	switch {
	case strings.HasSuffix(lw, "is") && len(lw) > 4:
		return lw[:len(lw)-2] + "es"
	case strings.HasSuffix(lw, "y") && len(lw) > 2 && !strings.ContainsRune("aeiou", rune(lw[len(lw)-2])):
		return lw[:len(lw)-1] + "ies"
	case strings.HasSuffix(lw, "s") || strings.HasSuffix(lw, "x") || strings.HasSuffix(lw, "z") ||
		strings.HasSuffix(lw, "ch") || strings.HasSuffix(lw, "sh"):
		return lw + "es"
	}
	return lw + "s"
}

// OtherNumber returns name in its other grammatical number: Singular's
// name when it IsPlural, else Plural's; ok is false (and name returned)
// when it has none. It reads the head word once, where IsPlural,
// Singular and Plural in turn read it and look it up in the vocabulary
// three times (issue 34: the attested names look every name up in both
// numbers). TestOtherNumber compares.
func OtherNumber(name string) (other string, ok bool) {
	words := strings.Fields(name)
	if len(words) == 0 {
		return name, false
	}
	h := HeadIndex(words)
	w := words[h]
	// pluralWord, keeping the singular it finds.
	singular, plural := "", false
	if n := len(w); n >= 3 && w[n-1] == 's' && IsAcronym(w[:n-1]) {
		plural = true
	} else if IsLetters(w) && !IsAcronym(w) {
		singular = singularOf(strings.ToLower(w))
		plural = singular != ""
	}
	if plural {
		// Singular.
		if IsAcronym(w[:len(w)-1]) {
			words[h] = w[:len(w)-1]
		} else {
			if singular == "" {
				singular = singularOf(strings.ToLower(w))
			}
			words[h] = MatchCase(singular, w)
		}
		return strings.Join(words, " "), true
	}
	// Plural of a head that is not plural.
	if !IsLetters(w) || IsAcronym(w) {
		return name, false
	}
	p := pluralSpelling(strings.ToLower(w))
	if !theVocabulary().knownWord(p) {
		return name, false
	}
	words[h] = MatchCase(p, w)
	return strings.Join(words, " "), true
}

// MatchCase gives lower-case word w the case pattern of model: capital
// initial, all capitals, or lower case.
func MatchCase(w, model string) string {
	switch {
	case AllCaps([]string{model}) && utf8.RuneCountInString(model) > 1:
		return strings.ToUpper(w)
	case TitleWord(model):
		r, n := utf8.DecodeRuneInString(w)
		return string(unicode.ToUpper(r)) + w[n:]
	}
	return w
}

// Article returns the indefinite article a writer puts before word: "an"
// before a vowel sound ("an arrhythmia", "an MI", "an hour"), "a" before a
// consonant sound ("a seizure", "a urinary", "a one-sided", "a UTI").
func Article(word string) string {
	lw := strings.ToLower(word)
	if lw == "" {
		return "a"
	}
	if lw[0] >= '0' && lw[0] <= '9' {
		if strings.HasPrefix(lw, "8") || strings.HasPrefix(lw, "11") || strings.HasPrefix(lw, "18") {
			return "an"
		}
		return "a"
	}
	if IsAcronym(word) || utf8.RuneCountInString(word) == 1 {
		// Letters are read by name: "an MI", "an HIV", "a UTI".
		if strings.ContainsRune("aefhilmnorsx", rune(lw[0])) {
			return "an"
		}
		return "a"
	}
	for _, p := range []string{"uni", "use", "usu", "ura", "ure", "uri", "uro", "uti", "eu", "one", "once", "ewe"} {
		if strings.HasPrefix(lw, p) {
			return "a"
		}
	}
	for _, p := range []string{"hour", "honest", "honor", "honour", "heir"} {
		if strings.HasPrefix(lw, p) {
			return "an"
		}
	}
	if strings.ContainsRune("aeiou", rune(lw[0])) {
		return "an"
	}
	return "a"
}

// Adjectival reports a word that is an adjective by its ending
// ("hypertensive", "diabetic", "epileptic", "nephrotoxic", "renal").
func Adjectival(w string) bool {
	w = strings.ToLower(w)
	for _, end := range []string{"ive", "ic", "al", "ous", "ary", "ed", "ian"} {
		if strings.HasSuffix(w, end) && len(w) > len(end)+3 {
			return true
		}
	}
	return false
}
