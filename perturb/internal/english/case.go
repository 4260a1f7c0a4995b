package english

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Lexicons spell names in their own case conventions: MeSH and NCIt in
// Title Case ("Premature Ventricular Complex"), some sources in capitals
// ("ANEMIA HEMOLYTIC"). A writer puts a name in running text in lower
// case unless it is a proper noun or a symbol, so a replacement takes the
// case of the mention it replaces.

// functionWords are the short words Title Case styles leave in lower case
// ("Malignant Neoplasm of Lip"); they say nothing about the style of a
// name.
var functionWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"of": true, "and": true, "or": true, "the": true, "in": true, "with": true,
		"without": true, "to": true, "for": true, "by": true, "due": true, "on": true, "at": true, "a": true,
		"an": true, "from": true, "into": true, "after": true, "during": true, "other": true, "than": true, "not": true}
})

// ProperWords adds to set the words name shows to be proper nouns: a
// word with a capital initial followed by a possessive apostrophe
// ("Parkinson's disease"). A capital elsewhere says nothing: sources
// Capitalize every word ("Phenylalanine Mustard") or the first
// ("Stress Cardiomyopathy"); SCOWL tells the other proper nouns (see
// AdaptCase).
func ProperWords(name string, set map[string]bool) { ProperTokens(Tokenize(name, TokenizePunct), set) }

// ProperTokens is ProperWords of a name already tokenized (Tokenize with
// TokenizePunct).
func ProperTokens(toks []string, set map[string]bool) {
	for i, t := range toks {
		if TitleWord(t) && i+1 < len(toks) && IsQuote(FirstRune(toks[i+1])) {
			set[strings.ToLower(t)] = true
		}
	}
}

// LowerWords adds to set the words name writes in lower case: whatever
// another name capitalizes, such a word is no proper noun.
func LowerWords(name string, set map[string]bool) { LowerTokens(Tokenize(name, TokenizePunct), set) }

// LowerTokens is LowerWords of a name already tokenized (Tokenize with
// TokenizePunct).
func LowerTokens(toks []string, set map[string]bool) {
	for _, t := range toks {
		if IsLetters(t) && strings.ToLower(t) == t && utf8.RuneCountInString(t) >= 3 {
			set[t] = true
		}
	}
}

func FirstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

// TitleWord reports a word of two letters or more with a capital initial
// and lower-case letters after it: "Premature", not "DNA", "mRNA", "B12".
func TitleWord(s string) bool {
	if utf8.RuneCountInString(s) < 2 || !IsLetters(s) {
		return false
	}
	for i, r := range s {
		if i == 0 && !unicode.IsUpper(r) || i > 0 && !unicode.IsLower(r) {
			return false
		}
	}
	return true
}

func IsLetters(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return s != ""
}

// LowerMention reports whether a mention is written in lower case: no
// capital letter, except the initial of a sentence-initial mention.
func LowerMention(toks []string, start bool) bool {
	for i, t := range toks {
		for j, r := range t {
			if unicode.IsUpper(r) && !(i == 0 && j == 0 && start) {
				return false
			}
		}
	}
	return true
}

// AdaptCase puts the tokens of a replacement in the case a writer would
// use in running text: Title Case words ("Paralysis Agitans") and the
// long words of a name in capitals ("ANEMIA HEMOLYTIC") become lower
// case, while acronyms, symbols and gene-like tokens ("DNA", "HIV", "II",
// "mRNA", "B12") keep theirs, and proper nouns (in proper, in the
// vocabulary as SCOWL capitalizes them, or capitalized inside the
// mention: "Hodgkin") keep or get their capital ("Parkinson disease",
// "Louis-Bar syndrome"). A mention in capitals only (an acronym) keeps
// the replacement as it is. The sentence-initial capital is capitalize's
// business. toks is not modified.
func AdaptCase(toks, mention []string, start bool, proper map[string]bool) []string {
	if !LowerMention(mention, start) && AllCaps(mention) {
		return toks
	}
	inMention := map[string]bool{}
	for i, t := range mention {
		if TitleWord(t) && !(i == 0 && start) {
			inMention[strings.ToLower(t)] = true
		}
	}
	v := theVocabulary()
	caps := AllCaps(toks)
	out := append([]string(nil), toks...)
	for i, t := range toks {
		lt := strings.ToLower(t)
		isProper := proper[lt] || inMention[lt] || IsLetters(t) && v.properNoun(lt)
		switch {
		case isProper && IsLetters(t) && (TitleWord(t) || lt == t || caps && utf8.RuneCountInString(t) >= 5):
			r, n := utf8.DecodeRuneInString(lt)
			out[i] = string(unicode.ToUpper(r)) + lt[n:]
		case caps:
			if IsLetters(t) && utf8.RuneCountInString(t) >= 5 {
				out[i] = lt
			}
		case TitleWord(t):
			out[i] = lt
		}
	}
	return out
}

// AllCaps reports whether toks have letters and all of them capitals.
func AllCaps(toks []string) bool {
	letters := false
	for _, t := range toks {
		for _, r := range t {
			if unicode.IsLetter(r) {
				letters = true
				if !unicode.IsUpper(r) {
					return false
				}
			}
		}
	}
	return letters
}

// eponymHeads are the nouns eponyms name ("Angelman syndrome", "Wilms
// tumor", "Graves disease").
var eponymHeads = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"disease": true, "syndrome": true, "sign": true, "anomaly": true, "palsy": true,
		"tumor": true, "tumour": true, "sarcoma": true, "lymphoma": true, "anemia": true, "ataxia": true,
		"dystrophy": true, "ulcer": true, "fever": true, "phenomenon": true, "disorder": true, "encephalopathy": true,
		"myopathy": true, "neuropathy": true, "dysplasia": true, "deficiency": true, "reaction": true, "test": true}
})

// Eponym reports whether token i of toks, capitalized, is a person's
// name as the name writes it: a SCOWL proper noun ("Parkinson"), a word
// before a possessive ("Crohn ' s") or joined by a hyphen to another
// capitalized word ("Stevens - Johnson"), or a word that is no English
// word before an eponym's head ("Angelman syndrome", "Wilms tumor").
// Such a capital stays in running text.
func Eponym(toks []string, i int) bool {
	if i < 0 || i >= len(toks) || !TitleWord(toks[i]) {
		return false
	}
	w := strings.ToLower(toks[i])
	if ProperNoun(w) {
		return true
	}
	if i+1 < len(toks) && IsQuote(FirstRune(toks[i+1])) {
		return true
	}
	// A chain of capitalized words joined by hyphens before an eponym's
	// head, none an English word but a proper noun: "Stevens - Johnson
	// syndrome", "Bannayan - Riley - Ruvalcaba syndrome"; not
	// "Opioid - Related Disorders", "Co - Trimoxazole".
	first, last := i, i
	for first >= 2 && toks[first-1] == "-" && TitleWord(toks[first-2]) {
		first -= 2
	}
	for last+2 < len(toks) && toks[last+1] == "-" && TitleWord(toks[last+2]) {
		last += 2
	}
	if last > first {
		if last+1 >= len(toks) || !eponymHeads()[strings.ToLower(toks[last+1])] {
			return false
		}
		for j := first; j <= last; j += 2 {
			if lw := strings.ToLower(toks[j]); EnglishWord(lw) && !ProperNoun(lw) {
				return false
			}
		}
		return true
	}
	// Not an adjective of a part or kind ("Extrapyramidal syndrome",
	// "Macular dystrophy"), which SCOWL may lack.
	return i+1 < len(toks) && eponymHeads()[strings.ToLower(toks[i+1])] && !EnglishWord(w) && !Adjectival(w) && !strings.HasSuffix(w, "ar")
}

// SentenceStart reports whether the token at start begins its sentence:
// it is the first, or the first after the heading the sentence starts
// with (Heading: "RESULTS :", "PATIENTS AND METHODS :"), or after a
// heading word glued to the sentence before it ("... until six days
// after drug cessation DISCUSSION : The ..."), where abstracts start a
// sentence with a capital. Any other colon starts none: "( CCR5 / DD32
// , DD32 / DD32 : RA 18 . 3 % ..." was written "Rheumatoid arthritis
// 18 . 3 %" in a reading of issue 32.
func SentenceStart(toks []string, start int) bool {
	if start == 0 || start > 0 && start == Heading(toks) {
		return true
	}
	return start >= 2 && start <= len(toks) && toks[start-1] == ":" && headingWords()[toks[start-2]]
}

// maxHeadingWords is the most words of a heading: "BACKGROUND AND AIM OF
// THE STUDY" is the longest of BC5CDR and NCBI-disease.
const maxHeadingWords = 6

// headingWords end the headings of structured abstracts ("MAIN OUTCOME
// MEASURES", "AUTHORS ' CONCLUSIONS"): those of BC5CDR and
// NCBI-disease, and the sections of the usual abstract formats.
var headingWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"ABSTRACT": true, "AIM": true, "AIMS": true, "ANALYSIS": true, "BACKGROUND": true,
		"CONCLUSION": true, "CONCLUSIONS": true, "CONTEXT": true, "CRITERIA": true, "DESCRIPTION": true, "DESIGN": true,
		"DISCUSSION": true, "EVIDENCE": true, "EXTRACTION": true, "FINDINGS": true, "HYPOTHESIS": true,
		"IMPLICATIONS": true, "IMPORTANCE": true, "INTERPRETATION": true, "INTERVENTION": true, "INTERVENTIONS": true,
		"INTRODUCTION": true, "LIMITATIONS": true, "MATERIALS": true, "MEASUREMENTS": true, "MEASURES": true,
		"METHOD": true, "METHODOLOGY": true, "METHODS": true, "OBJECTIVE": true, "OBJECTIVES": true, "OBSERVATIONS": true,
		"OUTCOME": true, "OUTCOMES": true, "PARTICIPANTS": true, "PATIENTS": true, "PERSPECTIVE": true,
		"PERSPECTIVES": true, "PRESENTATION": true, "PROCEDURES": true, "PURPOSE": true, "RATIONALE": true,
		"REGISTRATION": true, "RELEVANCE": true, "REPORT": true, "RESULTS": true, "SELECTION": true, "SETTING": true,
		"SETTINGS": true, "SIGNIFICANCE": true, "SOURCES": true, "STRATEGY": true, "SUBJECTS": true, "SUMMARY": true,
		"SYNTHESIS": true, "UNLABELLED": true}
})

// Heading returns how many tokens the heading that toks start with
// takes, its ":" included, or 0 when they start with none: one to
// maxHeadingWords words in capitals of two letters or more, perhaps
// joined by "/" or "'", then ":" ("RESULTS :", "BACKGROUND AND PURPOSE
// :", "DESIGN / METHODS :"; "MEF :" heads an entry of a list of
// abbreviations). Every sentence of BC5CDR and NCBI-disease that starts
// so starts with a heading or such an entry.
func Heading(toks []string) int {
	words := 0
	for i, t := range toks {
		switch {
		case t == ":":
			if words == 0 || toks[i-1] == "/" || toks[i-1] == "'" {
				return 0
			}
			return i + 1
		case i > 0 && (t == "/" || t == "'"):
		case words >= maxHeadingWords || !IsLetters(t) || utf8.RuneCountInString(t) < 2 || !AllCaps([]string{t}):
			return 0
		default:
			words++
		}
	}
	return 0
}

// ArticleBefore returns "a" or "an" when that word precedes the token at
// start, else "".
func ArticleBefore(toks []string, start int) string {
	if start == 0 || start > len(toks) {
		return ""
	}
	switch p := strings.ToLower(toks[start-1]); p {
	case "a", "an":
		return p
	}
	return ""
}

// InTitle reports whether the tokens [start, end) of a sentence are
// written in Title Case in a sentence that is not (two words or more,
// each capitalized but the small ones, not at the sentence's start):
// part of the title of a book, a scale or a society ("Diagnostic and
// Statistical Manual of Mental Disorders", "Unified Parkinson ' s
// Disease Rating Scale"), whose words a writer does not change.
func InTitle(toks []string, start, end int) bool {
	if SentenceStart(toks, start) {
		return false
	}
	words := 0
	for _, t := range toks[start:end] {
		if !IsLetters(t) || SmallWord(strings.ToLower(t)) || len(t) == 1 {
			continue
		}
		if !TitleWord(t) {
			return false
		}
		words++
	}
	if words < 2 {
		return false
	}
	lower := 0
	for _, t := range toks {
		if IsLetters(t) && strings.ToLower(t) == t && len(t) > 3 {
			lower++
		}
	}
	return lower >= 3
}

// EponymHead reports whether w (lower case) is a noun that eponyms name:
// "syndrome", "disease", "dystrophy" ("Duchenne muscular dystrophy").
func EponymHead(w string) bool { return eponymHeads()[w] }
