package english

import (
	_ "embed"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/internal/textutil"
	"github.com/stress-ner/stress/umls"
)

// Naturalness: lexicons list many names no writer of an abstract would
// put in running text: forms in other languages ("kupfer", "morfina",
// "Amiodaronum"), systematic names ("6'-methoxycinchonidine"), peptide
// sequences, codes, inverted thesaurus forms ("Infarction, Myocardial",
// "cardiac failure congestive"), qualified forms ("... NOS", "...
// (disorder)") and definitions posing as names ("hypersensitivity
// reaction type I disease" for "allergy"). A synonym stress set made of
// them measures nothing but a model's surprise at odd strings, so a name
// replaces a mention only when Natural accepts it.

// Reasons for which Natural rejects a name, as counted in manifests.
const (
	RejectEmpty       = "empty"
	RejectCharacters  = "characters"   // a character the mention's text does not use (non-ASCII in ASCII text)
	RejectQualifier   = "qualifier"    // "NOS", "NEC", "unspecified", parentheses, brackets
	RejectPunctuation = "punctuation"  // ; : / & + = and the like, or an abbreviating period ("subac.")
	RejectInverted    = "inverted"     // "X, Y", or a noun followed by its adjective ("anemia hemolytic")
	RejectSystematic  = "systematic"   // locants, stereo descriptors, formulae
	RejectSequence    = "sequence"     // peptide or nucleotide sequences
	RejectDigits      = "adds digits"  // Digits the mention does not have: codes, types, numbered names
	RejectAbbrev      = "abbreviation" // a lone abbreviation or symbol the mention is not
	RejectForeign     = "not English"  // a word neither in the English word lists nor in a lexicon's preferred names
	RejectLength      = "too long"     // more than twice the mention's tokens
	RejectAvoid       = "avoided"      // in avoid.txt: read as another condition, archaic or folk
)

// avoidText lists names never used (see the file).
//
//go:embed avoid.txt
var avoidText string

// avoidLists are avoid.txt's names and pairs, parsed on first use: no
// work at package initialisation (every command would pay for it).
var avoidLists = sync.OnceValues(func() (map[string]bool, []avoidPair) { return parseAvoid(avoidText) })

// avoidPair forbids replacing a mention that contains the words from by
// a name that contains the words to without them: "seizure -> convulsion"
// (a convulsion is only the motor kind of seizure, so "partial seizures"
// must not become "partial convulsions"), while "convulsions" may still
// become "seizures". A line "a <-> b" forbids both directions.
type avoidPair struct{ from, to []string }

// parseAvoid reads avoid.txt: one name a line ("dropsy"), or a pair
// "from -> to" or "a <-> b", each with its reason after "#". Names are
// keyed by AvoidKey, so that case, hyphens and spacing ("diffuse small
// cleaved-cell lymphoma", "maturity - onset diabetes") and number
// ("carbolic acids") do not matter.
func parseAvoid(text string) (map[string]bool, []avoidPair) {
	names := map[string]bool{}
	var pairs []avoidPair
	for _, line := range strings.Split(text, "\n") {
		line, _, _ = strings.Cut(line, "#")
		if line = strings.TrimSpace(line); line == "" {
			continue
		}
		if a, b, ok := strings.Cut(line, "<->"); ok {
			pairs = append(pairs, avoidPair{KeyWords(a), KeyWords(b)}, avoidPair{KeyWords(b), KeyWords(a)})
		} else if a, b, ok := strings.Cut(line, "->"); ok {
			pairs = append(pairs, avoidPair{KeyWords(a), KeyWords(b)})
		} else {
			names[AvoidKey(line)] = true
		}
	}
	return names, pairs
}

// AvoidKey is the form in which names are compared with avoid.txt: the
// words of KeyWords (normalized, singular), joined by single spaces.
func AvoidKey(name string) string { return strings.Join(KeyWords(name), " ") }

// avoidedPair reports whether a pair of avoid.txt forbids replacing
// mention by name (see avoidPair). Natural does not apply the pairs: they
// say that two names of one concept are not interchangeable, which
// matters to a synonym, not to entity swap, which changes the concept
// anyway.
func avoidedPair(name, mention string) bool {
	nw, mw := KeyWords(name), KeyWords(mention)
	_, pairs := avoidLists()
	for _, p := range pairs {
		if hasRun(mw, p.from) && hasRun(nw, p.to) && !hasRun(nw, p.from) {
			return true
		}
	}
	return false
}

// hasRun reports whether words contains run as a contiguous sequence.
func hasRun(words, run []string) bool {
	if len(run) == 0 {
		return false
	}
	for i := 0; i+len(run) <= len(words); i++ {
		if slices.Equal(words[i:i+len(run)], run) {
			return true
		}
	}
	return false
}

// greek spells Greek letters the way ASCII corpora do (BC5CDR writes
// "alpha - methyldopa", never "α-methyldopa").
var greek = sync.OnceValue(func() map[rune]string {
	return map[rune]string{
		'α': "alpha", 'β': "beta", 'γ': "gamma", 'δ': "delta", 'ε': "epsilon", 'ζ': "zeta", 'η': "eta",
		'θ': "theta", 'ι': "iota", 'κ': "kappa", 'λ': "lambda", 'μ': "mu", 'ν': "nu", 'ξ': "xi",
		'ο': "omicron", 'π': "pi", 'ρ': "rho", 'σ': "sigma", 'ς': "sigma", 'τ': "tau", 'υ': "upsilon",
		'φ': "phi", 'χ': "chi", 'ψ': "psi", 'ω': "omega",
		'Α': "Alpha", 'Β': "Beta", 'Γ': "Gamma", 'Δ': "Delta", 'Κ': "Kappa", 'Ω': "Omega",
	}
})

// typographic maps typographic punctuation to the ASCII a plain-text
// corpus uses.
var typographic = sync.OnceValue(func() map[rune]string {
	return map[rune]string{
		'\u2018': "'", '\u2019': "'", '\u201c': "\"", '\u201d': "\"", '\u2010': "-", '\u2011': "-",
		'\u2012': "-", '\u2013': "-", '\u2014': "-", '\u2212': "-", '\u00a0': " ", '\u00b4': "'",
	}
})

// CorpusSpelling respells name in the characters of the text the
// mention comes from: for an ASCII mention, Greek letters are spelled out
// ("α-tocopherol" -> "alpha-tocopherol") and typographic dashes, quotes
// and spaces become ASCII. Other characters are left for Natural to judge.
func CorpusSpelling(name, mention string) string {
	if textutil.IsASCII(name) || !textutil.IsASCII(mention) {
		return name
	}
	var b strings.Builder
	for _, r := range name {
		if s, ok := greek()[r]; ok {
			b.WriteString(s)
		} else if s, ok := typographic()[r]; ok {
			b.WriteString(s)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// The expressions of the rules, each with a necessary condition that is
// cheaper to test than the expression (sieve): the synonym kind asks
// them of every name of its mentions' concepts, and running the
// expressions was two thirds of that (issue 34). TestSieves checks
// every condition against its expression on the embedded lexicon's
// names.
var (
	stereoRE = sieve{textutil.LazyRegexp(`\((?:[+-]|\+/-|±|[RSEZ]|\d+[RSEZ](?:\s*,\s*\d+[RSEZ])*|[RS]\s*,\s*[RS])\)|\b(?:rac|cis|trans|erythro|threo|meso|endo|exo|sec|tert)-|\b[DL]{2}-`),
		// A parenthesis, or one of the prefixes with its hyphen: names
		// with a hyphen are common ("drug-induced"), those prefixes not.
		func(s string) bool {
			if strings.Contains(s, "(") {
				return true
			}
			if !strings.Contains(s, "-") {
				return false
			}
			for _, p := range stereoPrefixes {
				if strings.Contains(s, p) {
					return true
				}
			}
			return false
		}}
	locantRE = sieve{textutil.LazyRegexp(`\d+'*\s*[,-]\s*\d|\d+'+|\b\d+[a-z]?-[a-zA-Z]|\b[NOS]\s*,\s*[NOS]'*-`),
		anyOf("0123456789,")}
	formulaRE      = sieve{textutil.LazyRegexp(`^(?:[A-Z][a-z]?\d*){2,}$|^(?:[A-Z][a-z]?\d+)+$`), formulaShaped}
	stereoLetterRE = sieve{textutil.LazyRegexp(`^[A-Za-z] [A-Za-z]`), // "L dopa", "D glucose", "G strophanthin": a prefix lost its hyphen
		func(s string) bool { return len(s) >= 3 && s[1] == ' ' }}
	codeRE = sieve{textutil.LazyRegexp(`(?:^|\s)\d{3,}(?:\s|$)`), // "Hoe 33342", "BAY e 5009": a code number
		anyOf("0123456789")}
	romanRE = sieve{textutil.LazyRegexp(`\b(?:I{1,3}|IV|VI{0,3}|IX|XI{0,3})\b`), anyOf("IVX")}
	aminoRE = sieve{textutil.LazyRegexp(`^(?:(?:Ala|Arg|Asn|Asp|Cys|Gln|Glu|Gly|His|Ile|Leu|Lys|Met|Phe|Pro|Ser|Thr|Trp|Tyr|Val)-){2,}(?:Ala|Arg|Asn|Asp|Cys|Gln|Glu|Gly|His|Ile|Leu|Lys|Met|Phe|Pro|Ser|Thr|Trp|Tyr|Val)\b`),
		anyOf("-")}
	qualifierRE = sieve{textutil.LazyRegexp(`(?i)\b(?:nos|nec|unspecified|not otherwise specified|not elsewhere classified|obsolete|retired|deprecated|unknown)\b|[()\[\]{}<>]`),
		func(s string) bool {
			// Case folding lets a few non-ASCII letters match ASCII
			// ones (U+017F, long s, matches "s"): such names go to the
			// expression.
			return strings.ContainsAny(s, "()[]{}<>") || !textutil.IsASCII(s) ||
				containsFold(s, "nos") || containsFold(s, "nec") || containsFold(s, "unspecified") ||
				containsFold(s, "not ") || containsFold(s, "obsolete") || containsFold(s, "retired") ||
				containsFold(s, "deprecated") || containsFold(s, "unknown")
		}}
	punctRE = sieve{textutil.LazyRegexp(`[;:/&+=|"*@#%$~^\\!?]|[A-Za-z]\.(?:\s|$)|\.[A-Za-z]`),
		anyOf(`;:/&+=|"*@#%$~^\!?.`)}
	romanNumeral = sieve{textutil.LazyRegexp(`^(?i:i{1,3}|iv|v|vi{1,3}|ix|x)$`),
		func(s string) bool { return utf8.RuneCountInString(s) <= 4 }}
)

// stereoPrefixes are the prefixes with their hyphen that stereoRE
// matches, as its condition looks for them.
var stereoPrefixes = []string{"rac-", "cis-", "trans-", "erythro-", "threo-", "meso-", "endo-", "exo-", "sec-", "tert-",
	"DD-", "DL-", "LD-", "LL-"}

// formulaShaped is formulaRE's condition: a capital first, then only
// ASCII letters and digits, each lower-case letter right after a
// capital (as in "CaCl2"). Capitalized words ("Parkinson", "Graves")
// fail it at their second lower-case letter, where they went to the
// expression (issue 34).
func formulaShaped(s string) bool {
	if s == "" || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case 'a' <= c && c <= 'z':
			if s[i-1] < 'A' || s[i-1] > 'Z' {
				return false
			}
		case 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		default:
			return false
		}
	}
	return true
}

// sieve is a regular expression with a necessary condition of its
// matches: where need is false, the expression does not match.
type sieve struct {
	re   func() *regexp.Regexp
	need func(s string) bool
}

// MatchString is re's MatchString.
func (v sieve) MatchString(s string) bool { return v.need(s) && v.re().MatchString(s) }

// FindAllString is re's FindAllString.
func (v sieve) FindAllString(s string, n int) []string {
	if !v.need(s) {
		return nil
	}
	return v.re().FindAllString(s, n)
}

// anyOf is the condition that s holds one of chars.
func anyOf(chars string) func(s string) bool {
	return func(s string) bool { return strings.ContainsAny(s, chars) }
}

// containsFold reports whether s contains sub (ASCII lower case) in any
// ASCII case.
func containsFold(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		j := 0
		for j < len(sub) && s[i+j]|0x20 == sub[j] {
			j++
		}
		if j == len(sub) {
			return true
		}
	}
	return false
}

// trailingAdjective reports a word that, last in a name of several
// words, marks the inverted order of thesauri without their comma
// ("anemia hemolytic", "cardiac failure congestive", "hepatitis toxic").
func trailingAdjective(w string) bool {
	switch w {
	case "acute", "chronic", "induced", "primary", "secondary", "congenital", "familial", "hereditary",
		"idiopathic", "malignant", "benign", "severe", "mild":
		return true
	}
	for _, end := range []string{"ive", "ic", "ical", "al", "ous", "ary", "ed"} {
		if strings.HasSuffix(w, end) && len(w) > len(end)+3 {
			return true
		}
	}
	return false
}

// Natural reports why name is not a name a writer of an English
// biomedical abstract would plausibly put in place of mention (the text
// it replaces, as it stands in the corpus), or "" when it is. The rules,
// in order, each with its Reject* reason:
//
//   - characters: a non-ASCII character in place of an ASCII mention
//     (spell Greek letters first, see CorpusSpelling);
//   - qualifier: "NOS", "NEC", "unspecified", "obsolete", brackets;
//   - punctuation: ; : / & + and the like, an abbreviating period;
//   - inverted: a comma ("Infarction, Myocardial"), or a name of several
//     words ending in an adjective that the mention does not end in and
//     the training text never writes;
//   - systematic: stereo descriptors ("(R)-", "(+)-", "rac-"), locants
//     ("2,3-", "6'-", "N-"), formulae ("CaCl2");
//   - sequence: amino-acid chains ("Tyr-Gly-Gly-Phe") and one-letter
//     sequences ("fggftgarksarklanq");
//   - adds Digits: a digit the mention does not have;
//   - abbreviation: a lone abbreviation or symbol ("TOX", "3Li") where
//     the mention is not one;
//   - not English: a word found neither in the SCOWL English word lists
//     nor in the preferred names of the open lexicons ("kupfer",
//     "Amiodarona", "oxigeno");
//   - too long: more corpus tokens than twice the mention's ("5 - FU"
//     is three, "high blood pressure" too long for "hypertension"), except
//     for one hyphenated word the training text uses ("L - dopa" for
//     "levodopa"; not "delta - cortisone" for "prednisone").
//
// Natural says nothing about meaning: whether name names the mention's
// concept is the caller's business (see Replacer's round trip).
func Natural(name, mention string) string { return natural(name, mention, false, true) }

// NaturalUnlisted is Natural without avoid.txt: the rules alone, as a
// measurement of what they let through needs them (the synonym kind's
// "--avoid none").
func NaturalUnlisted(name, mention string) string { return natural(name, mention, false, false) }

// natural is Natural; fromText skips the vocabulary test, for names the
// text itself uses (an abbreviation's long form): their words are
// attested where they stand; listed applies the names of avoid.txt.
func natural(name, mention string, fromText, listed bool) string {
	name = strings.TrimSpace(name)
	if name == "" {
		return RejectEmpty
	}
	if names, _ := avoidLists(); listed && names[AvoidKey(name)] {
		return RejectAvoid
	}
	v := theVocabulary()
	for _, r := range name {
		if r >= utf8.RuneSelf && !strings.ContainsRune(mention, r) || unicode.IsControl(r) || r == utf8.RuneError {
			return RejectCharacters
		}
	}
	if qualifierRE.MatchString(name) {
		return RejectQualifier
	}
	if punctRE.MatchString(name) {
		return RejectPunctuation
	}
	d := Digits(name)
	newDigits := d != "" && !SubMultiset(d, Digits(mention))
	if stereoRE.MatchString(name) || newDigits && locantRE.MatchString(name) || stereoLetterRE.MatchString(name) ||
		codeRE.MatchString(name) {
		return RejectSystematic
	}
	if strings.Contains(name, ",") {
		return RejectInverted
	}
	words := strings.Fields(name)
	for _, w := range words {
		if formulaRE.MatchString(w) && !strings.Contains(mention, w) && !romanNumeral.MatchString(w) && !IsAcronym(w) &&
			strings.ContainsFunc(w, func(r rune) bool { return unicode.IsLower(r) || unicode.IsDigit(r) }) {
			return RejectSystematic
		}
	}
	if aminoRE.MatchString(name) {
		return RejectSequence
	}
	for _, w := range Words(name) {
		if isSequence(w) {
			return RejectSequence
		}
	}
	if newDigits {
		return RejectDigits
	}
	for _, n := range romanRE.FindAllString(name, -1) {
		if !slices.Contains(strings.Fields(mention), n) {
			return RejectDigits // "factor IV" for "calcium": a numbered name
		}
	}
	if !umls.IsAbbreviation(Compact(mention)) {
		if umls.IsAbbreviation(name) || umls.IsAbbreviation(strings.ReplaceAll(name, " ", "-")) ||
			len(words) == 1 && utf8.RuneCountInString(name) <= 3 {
			return RejectAbbrev // "TOX", "5 FU", "bet"
		}
	}
	if IsForeign(name) {
		return RejectForeign
	}
	for _, w := range Words(name) {
		if foreignFunctionWords()[w] && !slices.Contains(Words(mention), w) && !fromText {
			return RejectForeign // a name the text uses may borrow a phrase: "torsade de pointes ( TdP )"
		}
	}
	// A name the training text uses is one writers of abstracts write
	// ("Adriamycin", "lignocaine"), whatever the word lists say.
	attested := Attested(name)
	for _, w := range strings.FieldsFunc(name, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsMark(r) }) {
		lw := strings.ToLower(w)
		if fromText || attested || utf8.RuneCountInString(w) == 1 || romanNumeral.MatchString(w) || v.knownWord(lw) ||
			strings.Contains(strings.ToLower(mention), lw) {
			continue
		}
		return RejectForeign
	}
	mw := Words(mention)
	if nw := Words(name); len(nw) >= 2 && trailingAdjective(nw[len(nw)-1]) &&
		(len(mw) == 0 || !trailingAdjective(mw[len(mw)-1])) && !Attested(name) {
		return RejectInverted
	}
	if len(Tokenize(name, TokenizePunct)) > 2*len(Tokenize(mention, TokenizePunct)) && (!attested || WordCount(name) > 1) {
		return RejectLength
	}
	return ""
}

// foreignFunctionWords are articles and prepositions of other languages
// that English names do not contain ("nitrite de sodium", "acide
// aminocaproique") unless they borrow a phrase the mention has too
// ("torsade de pointes").
var foreignFunctionWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"de": true, "du": true, "des": true, "la": true, "le": true, "les": true,
		"del": true, "della": true, "di": true, "und": true, "der": true, "die": true, "das": true, "von": true, "et": true, "y": true}
})

// PlainEnglish reports whether every word of name is in the SCOWL
// English word lists or in the mention: the test for names that neither
// the training text nor a lexicon's preferred names vouch for.
func PlainEnglish(name, mention string) bool {
	v := theVocabulary()
	mw := Words(mention)
	for _, w := range Words(name) {
		if len([]rune(w)) > 1 && v.flags(w)&wordEnglish == 0 && !slices.Contains(mw, w) {
			return false
		}
	}
	return true
}

// IsAcronym reports an all-capitals word of two to six letters ("ACE",
// "HIV"): symbols a writer uses as such.
func IsAcronym(w string) bool {
	n := utf8.RuneCountInString(w)
	if n < 2 || n > 6 {
		return false
	}
	for _, r := range w {
		if !unicode.IsUpper(r) {
			return false
		}
	}
	return true
}

// isSequence reports a word of ten letters or more with too few vowels
// to be pronounced: a one-letter amino-acid or nucleotide sequence.
func isSequence(w string) bool {
	n := utf8.RuneCountInString(w)
	if n < 10 {
		return false
	}
	vowels := 0
	for _, r := range w {
		if strings.ContainsRune("aeiouy", r) {
			vowels++
		}
	}
	return vowels*4 < n
}

// SubMultiset reports whether every digit of a occurs in b at least as
// often.
func SubMultiset(a, b string) bool {
	var n [10]int
	for i := 0; i < len(b); i++ {
		n[b[i]-'0']++
	}
	for i := 0; i < len(a); i++ {
		if n[a[i]-'0']--; n[a[i]-'0'] < 0 {
			return false
		}
	}
	return true
}

// joinedRE matches the spaces a corpus tokenization puts around hyphens,
// slashes and apostrophes ("5 - FU", "Parkinson ' s").
var joinedRE = textutil.LazyRegexp(`\s*([-/'])\s*`)

// WordCount counts the words of s as a reader does: "5 - FU" and
// "L-dopa" are one word each, "high blood pressure" three.
func WordCount(s string) int { return len(strings.Fields(joinedRE().ReplaceAllString(s, "$1"))) }

// AvoidList is a list in avoid.txt's format (names, and pairs "from ->
// to" or "a <-> b", each with its reason): a kind may keep one of its
// own beside the shared avoid.txt (the synonym kind does, so that what
// its readings find cannot move entity swap's names).
type AvoidList struct {
	names map[string]bool
	pairs []avoidPair
}

// ParseAvoidList reads a list in avoid.txt's format.
func ParseAvoidList(text string) *AvoidList {
	names, pairs := parseAvoid(text)
	return &AvoidList{names: names, pairs: pairs}
}

// Name reports whether the list avoids name (compared as AvoidKey).
func (l *AvoidList) Name(name string) bool { return l.names[AvoidKey(name)] }

// NameWords is Name of the name whose KeyWords are words.
func (l *AvoidList) NameWords(words []string) bool { return l.names[strings.Join(words, " ")] }

// Pair reports whether a pair of the list forbids replacing mention by
// name (see avoidedPair).
func (l *AvoidList) Pair(name, mention string) bool {
	return l.PairWords(KeyWords(name), KeyWords(mention))
}

// PairWords is Pair of the name whose KeyWords are nw and the mention
// whose KeyWords are mw.
func (l *AvoidList) PairWords(nw, mw []string) bool {
	for _, p := range l.pairs {
		// The pair itself applies even when the name holds the
		// mention: "fluorouracil -> 5-fluorouracil", flagged by a
		// judge, must not be made again.
		if hasRun(mw, p.from) && hasRun(nw, p.to) && !hasRun(nw, p.from) ||
			slices.Equal(mw, p.from) && slices.Equal(nw, p.to) {
			return true
		}
	}
	return false
}

// Len returns the number of names and pairs (both directions counted)
// of the list.
func (l *AvoidList) Len() (names, pairs int) { return len(l.names), len(l.pairs) }
