package synonym

import (
	"github.com/stress-ner/stress/perturb/internal/english"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// nested reports whether one word sequence contains the other as a
// contiguous run and is longer: "heparin" within "heparin cofactor ii",
// "lithium" within "lithium hydride", "breast cancer" around "cancer".
// Such names are usually narrower or broader concepts (or salts and
// parts), even when a lexicon files them together.
func nested(a, b []string) bool {
	if len(a) == len(b) || len(a) == 0 || len(b) == 0 {
		return false
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	for i := 0; i+len(a) <= len(b); i++ {
		ok := true
		for j := range a {
			if b[i+j] != a[j] {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// bigrams returns the character bigrams of a name's trivial key.
func bigrams(s string) map[string]int {
	k := []rune(english.TrivialKey(s))
	m := make(map[string]int, len(k))
	for i := 0; i+1 < len(k); i++ {
		m[string(k[i:i+2])]++
	}
	return m
}

// dice is the Sørensen–Dice similarity of two bigram multisets.
func dice(a, b map[string]int) float64 {
	na, nb, common := 0, 0, 0
	for g, n := range a {
		na += n
		common += min(n, b[g])
	}
	for _, n := range b {
		nb += n
	}
	if na+nb == 0 {
		return 1
	}
	return 2 * float64(common) / float64(na+nb)
}

// affixed reports two one-word names of which one is the other with a
// prefix or suffix of three letters or more: "hypomania" and "mania",
// "akinesia" is not, but such pairs name narrower or other conditions.
func affixed(a, b []string) bool {
	if len(a) != 1 || len(b) != 1 {
		return false
	}
	x, y := a[0], b[0]
	if len(x) > len(y) {
		x, y = y, x
	}
	return len(x) >= 4 && len(y) >= len(x)+3 && (strings.HasPrefix(y, x) || strings.HasSuffix(y, x))
}

// numberVariant returns the name in the other grammatical number, for
// the round trip: its singular when it is plural, else the name with a
// plural "s" (which need not be a word: it is only looked up).
func numberVariant(name string) string {
	if english.IsPlural(name) {
		return english.Singular(name)
	}
	words := strings.Fields(name)
	if len(words) == 0 || !english.IsLetters(words[len(words)-1]) {
		return ""
	}
	return name + "s"
}

// functionWord reports the small words that wording adds without
// meaning ("pain in chest", "cancer of the breast").
func functionWord(w string) bool {
	switch w {
	case "of", "in", "the", "a", "an", "and", "to", "with", "for", "on", "by":
		return true
	}
	return false
}

// sameContent reports whether two names have the same content words, in
// whatever order and with whatever function words: "pain in chest" and
// "chest pain", "cancer of the breast" and "breast cancer". Such a
// rewording is no synonym.
func sameContent(a, b []string) bool {
	set := func(ws []string) map[string]bool {
		m := map[string]bool{}
		for _, w := range ws {
			if !functionWord(w) {
				m[w] = true
			}
		}
		return m
	}
	x, y := set(a), set(b)
	if len(x) == 0 || len(x) != len(y) {
		return false
	}
	for w := range x {
		if !y[w] {
			return false
		}
	}
	return true
}

// genericHeads are the nouns a thesaurus adds to an adjective to make a
// name of a condition ("thrombocytopenic disorder", "necrotic change").
var genericHeads = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"disorder": true, "disorders": true, "disease": true, "diseases": true,
		"state": true, "states": true, "change": true, "changes": true, "condition": true, "conditions": true}
})

// paraphrase reports a name made of the mention's own adjective and a
// generic noun ("thrombocytopenia" -> "thrombocytopenic disorder",
// "mania" -> "manic state"), or another form of the mention's one word
// ("obese" for "obesity"): a thesaurus paraphrase, not a name writers
// use. mention is the mention's words as written.
func paraphrase(mention []string, name string) bool {
	nw := english.Words(name)
	if len(mention) == 1 && len(nw) == 1 {
		// Another form of the same word: "obese" for "obesity".
		m := strings.ToLower(mention[0])
		n := 0
		for n < len(m) && n < len(nw[0]) && m[n] == nw[0][n] {
			n++
		}
		return n >= 4 && 10*n >= 7*min(len(m), len(nw[0]))
	}
	if len(mention) != 1 || len(nw) != 2 || !genericHeads()[nw[1]] {
		return false
	}
	m := strings.ToLower(mention[0])
	n := 0
	for n < len(m) && n < len(nw[0]) && m[n] == nw[0][n] {
		n++
	}
	return n >= 4 && n*2 >= min(len(m), len(nw[0]))
}

// contains reports whether name has every content word of mention and
// more ("ventricular cardiac remodeling" for "ventricular remodeling"):
// a narrower or redundant name, like a nested one.
func contains(name, mention []string) bool {
	n := 0
	for _, w := range mention {
		if functionWord(w) {
			continue
		}
		if !slices.Contains(name, w) {
			return false
		}
		n++
	}
	extra := 0
	for _, w := range name {
		if !functionWord(w) && !slices.Contains(mention, w) {
			extra++
		}
	}
	return n > 0 && extra > 0
}

// genericName reports a name made of a part or an adjective and a
// generic head ("disease", "disorder", "condition", see genericHeads) in
// place of a mention whose head is not generic: "brain disease" for
// "encephalopathy", "muscle disorder" for "myopathy", "seizure disorder"
// for "epilepsy", "bacterial disorders" for "bacterial infections". A
// lexicon files such a name under the specific concept, but a reader
// takes it for the broader class. One generic head for another is a
// thesaurus rewording ("heart disorder" for "heart disease"). Eponyms
// stay: "Parkinson disease", "Wilson disease" name one condition.
func genericName(name, mention string) bool {
	return genericNameWords(english.Words(name), english.Tokenize(name, tokenizePunct), english.Words(mention))
}

// genericNameWords is genericName of a name's english.Words nw and
// tokens (english.Tokenize with tokenizePunct) and of the mention's
// english.Words mw.
func genericNameWords(nw, toks, mw []string) bool {
	if len(nw) < 2 || len(mw) == 0 {
		return false
	}
	nh, mh := nw[english.HeadIndex(nw)], mw[english.HeadIndex(mw)]
	if !genericHeads()[nh] || genericHeads()[mh] && english.StripPlural(nh) == english.StripPlural(mh) {
		return false
	}
	for _, w := range nw {
		if english.ProperNoun(w) {
			return false
		}
	}
	for _, t := range toks {
		if english.IsQuote(english.FirstRune(t)) {
			return false // "Crohn's disease"
		}
	}
	return true
}

// greekNames are the Greek letters spelled out, as ASCII corpora write
// them ("PGF2 alpha", "gamma - aminobutyric acid").
var greekNames = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"alpha": true, "beta": true, "gamma": true, "delta": true, "epsilon": true,
		"zeta": true, "eta": true, "theta": true, "iota": true, "kappa": true, "lambda": true, "mu": true, "nu": true,
		"xi": true, "omicron": true, "pi": true, "rho": true, "sigma": true, "tau": true, "upsilon": true, "phi": true,
		"chi": true, "psi": true, "omega": true}
})

// greekWords returns the Greek letters of a name, spelled out and
// sorted: they tell isomers and subtypes apart ("PGF2 alpha" and
// "prostaglandin F2", "alpha-tocopherol" and "vitamin E"), so a name
// without the mention's letters names a broader or another compound.
func greekWords(name string) []string {
	var out []string
	for _, w := range english.Words(english.CorpusSpelling(name, "a")) {
		if greekNames()[w] {
			out = append(out, w)
		}
	}
	slices.Sort(out)
	return out
}

// brandName reports a trade name in place of a generic mention in lower
// case (but for a sentence's capital): a word that SCOWL knows as a proper noun in a chemical's name
// ("Valium", "Motrin", "sodium Pentothal": SCOWL lists trade marks, and
// chemicals are seldom named after people), or a capitalized word that
// no name of the concepts writes in lower case (written) where the
// source writes the concept's label in lower case (as ChEBI does: its
// capitals mean something, where MeSH and DrugBank capitalize every
// name).
func brandName(n *nameCase) bool {
	if !n.m.lowerCase() {
		return false // "Adriamycin", "ACE": the mention is a name as capitalized
	}
	mw, toks, label, written, chem := n.m.lowerWords(), n.tokens(), n.label, n.m.written, n.m.chem
	for i, t := range toks {
		lt := strings.ToLower(t)
		if chem && english.IsLetters(t) && english.ProperNoun(lt) && !slices.Contains(mw, lt) {
			return true
		}
		// A capital first word of several is the source's sentence
		// case ("Ureteric stone"); alone or inside, a trade mark's.
		if strings.ToLower(label) == label && english.TitleWord(t) && (i > 0 || len(toks) == 1) && !written[lt] {
			return true
		}
	}
	return false
}

// ofWithoutArticle reports a thesaurus wording "X of Y" whose Y lacks
// the article a writer puts there ("carcinoma of uterine cervix",
// "hyperplasia of endometrium", "atresia of bile duct"), unless the
// training text uses the name ("shortness of breath", "loss of
// consciousness") or Y is a proper noun: in SCOWL, or in capitals, the
// set of words some sentence-case name of the concepts capitalizes
// ("tetralogy of Fallot").
func ofWithoutArticle(name, mention string, capitals map[string]bool) bool {
	ws := english.Words(name)
	for i := 1; i+1 < len(ws); i++ {
		if ws[i] != "of" {
			continue
		}
		if y := ws[i+1]; y != "the" && y != "a" && y != "an" && !english.ProperNoun(y) && !capitals[y] {
			return !english.Attested(name) && !ofWithoutArticleIn(mention)
		}
	}
	return false
}

// ofWithoutArticleIn reports whether mention writes "of" before a word
// other than an article ("carcinoma of bladder"): a text that does may
// take a name that does too; "carcinomas of the urinary bladder" may not
// become "cancers of bladder".
func ofWithoutArticleIn(mention string) bool {
	ws := english.Words(mention)
	for i := 0; i+1 < len(ws); i++ {
		if y := ws[i+1]; ws[i] == "of" && y != "the" && y != "a" && y != "an" {
			return true
		}
	}
	return false
}

// sentenceCaseCapitals adds to set the words that name capitalizes
// although it writes another content word in lower case: a source's
// proper nouns ("Fallot" in "tetralogy of Fallot"), not its Title Case
// ("Carcinoma of the Uterine Cervix") nor its first capital ("Liver
// disease").
func sentenceCaseCapitals(name string, set map[string]bool) {
	sentenceCaseCapitalTokens(english.Tokenize(name, tokenizePunct), set)
}

// sentenceCaseCapitalTokens is sentenceCaseCapitals of a name already
// tokenized (english.Tokenize with tokenizePunct).
func sentenceCaseCapitalTokens(toks []string, set map[string]bool) {
	lower := false
	for _, t := range toks {
		if english.IsLetters(t) && !english.SmallWord(t) && strings.ToLower(t) == t && utf8.RuneCountInString(t) >= 3 {
			lower = true
		}
	}
	if !lower {
		return
	}
	for i, t := range toks {
		if i > 0 && english.TitleWord(t) { // the first word's capital is the sentence's
			set[strings.ToLower(t)] = true
		}
	}
}
