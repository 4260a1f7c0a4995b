package synonym

import (
	"slices"
	"strings"
	"unicode"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb/internal/concepts"
	"github.com/stress-ner/stress/perturb/internal/english"
)

// render returns the tokens that replace mention sp of s by name: the
// corpus's tokenization, the case of running text, a capital initial at
// the start of a sentence (or after a heading: "RESULTS : Paracetamol").
func (r *Replacer) render(name string, s conll.Sentence, sp iob.Span, style string, a *Analysis) []string {
	if _, symbol := elements[name]; symbol {
		return []string{name} // a symbol keeps its case, at a sentence's start too ("K was")
	}
	start := sentenceStart(s, sp)
	toks := english.AdaptCase(english.Tokenize(name, style), s.Tokens[sp.Start:sp.End], start, a.proper)
	if start {
		toks = english.Capitalize(toks, firstWord(s.Tokens[sp.Start:sp.End]))
	}
	return toks
}

// firstWord returns the first of toks with a letter, whose case tells a
// sentence's capital: "Hydroxytryptamine" of "5 - Hydroxytryptamine"
// ("RATIONALE : 5 - Hydroxytryptamine" is "RATIONALE : Serotonin", not
// "serotonin"); toks[0] when none has one.
func firstWord(toks []string) string {
	for _, t := range toks {
		if strings.ContainsFunc(t, unicode.IsLetter) {
			return t
		}
	}
	return toks[0]
}

// fitting returns the candidates of a that fit mention sp where it
// stands in s: after "a" or "an", those whose first word takes the same
// article, none that would repeat the word before or after the mention,
// and none at all when the mention names part of a protein (see
// proteinHeads). style is the sentence's tokenization (Options.Tokenize,
// or english.InferStyle of s when that is TokenizeAuto), found once per
// sentence: finding it reads every token.
func (r *Replacer) fitting(s conll.Sentence, sp iob.Span, a *Analysis, style string) []Candidate {
	if len(a.Candidates) == 0 {
		return nil
	}
	art := articleBefore(s, sp)
	mention := strings.Join(s.Tokens[sp.Start:sp.End], " ")
	mkey := english.TrivialKey(mention)
	prev, next := "", ""
	if sp.Start > 0 {
		prev = strings.ToLower(s.Tokens[sp.Start-1])
	}
	if sp.End < len(s.Tokens) {
		next = strings.ToLower(s.Tokens[sp.End])
	}
	if r.nameOfAnother(s, sp) {
		return nil
	}
	if inTitle(s, sp) {
		return nil // "Manual of Mental Disorders": part of a title
	}
	if fixedTerm(s.Tokens, sp) {
		return nil // "wound healing", "formalin - fixed", "biotin nick end labeling": a technique's or process's fixed name
	}
	mw := english.Words(mention)
	// "inflammatory and neuropathic pain": the adjective before the
	// coordination shares the mention's head, which must stay.
	keepHead := sp.Start >= 2 && (prev == "and" || prev == "or") && coordinatedAdjective(s.Tokens[sp.Start-2])
	// "a mildly dry mouth": the adverb between the article and the
	// mention modifies the mention's first word, which must stay ("a
	// mildly xerostomia").
	keepFirst := sp.Start >= 2 && adverb(prev) && determiners[strings.ToLower(s.Tokens[sp.Start-2])] && len(mw) >= 2
	var out []Candidate
	for _, c := range a.Candidates {
		if c.Source == SourceElements && !elementFits(s.Tokens, sp) {
			continue
		}
		toks := english.Tokenize(c.Term, TokenizePunct)
		if len(toks) == 0 || art != "" && english.Article(toks[0]) != art {
			continue
		}
		if cw := english.Words(c.Term); len(mw) > 0 && len(cw) > 0 && (keepHead && english.StripPlural(cw[len(cw)-1]) != english.StripPlural(mw[len(mw)-1]) ||
			keepFirst && cw[0] != mw[0]) {
			continue
		}
		// Nor may it repeat the name the mention is coordinated with
		// ("Nociceptin / orphanin FQ" -> "Nociceptin / nociceptin"), or
		// a name the sentence already writes elsewhere ("Sirolimus , a
		// mammalian target of rapamycin inhibitor" -> "Rapamycin , a
		// ... rapamycin inhibitor").
		if repeatsNeighbour(s, sp, c.Term) || writtenElsewhere(s, sp, c.Term) {
			continue
		}
		// A name ending in the word after the mention, or starting with
		// the one before, would repeat it ("hormone secretion secretion").
		if strings.ToLower(toks[len(toks)-1]) == next || strings.ToLower(toks[0]) == prev {
			continue
		}
		// Nor a word of the same stem as the word before, which the
		// mention does not have ("cerebral ischemic stroke" ->
		// "cerebral ischemic cerebrovascular accident").
		if stemRepeat(prev, c.Term, mw) {
			continue
		}
		// An "X of the Y" name cannot premodify the noun after the
		// mention ("lung cancer risk" -> "carcinoma of the lung risk").
		// Nor follow an "of" ("a fraction of breast cancer" -> "a
		// fraction of carcinoma of the breast"): a blind reading judged
		// the chained "of"s awkward.
		// Nor stand in a coordination of premodifiers ("3 of 32 breast
		// and 1 of 12 ovarian carcinomas", "ovarian and early - onset
		// breast cancer"), which would leave the other premodifier
		// without its noun.
		// Nor before one ("breast and ovarian cancer" -> "carcinoma of
		// the breast and ovarian cancer"): a name whose head comes first
		// moves the head the coordination shares.
		// Nor after a premodifier of the mention ("human breast cancer",
		// "stage II ER - positive breast carcinoma", "16 endometrial
		// carcinomas" -> "16 carcinomas of the endometrium"), nor where
		// another mention of the sentence shares its head ("ovarian
		// cancer only ... breast cancer only"): readers of the NCIt "of"
		// names found each of these awkward or a broken parallel.
		if (premodifies(next) || prev == "of" || coordinatedBefore(s, sp) || listAfter[next] || premodified(s.Tokens, sp) ||
			sharedHead(s, sp)) && slices.Contains(english.Words(c.Term), "of") {
			continue
		}
		// Nor may it come out as the mention itself once in running text
		// (only a name equal to it up to case and number can).
		if english.TrivialKey(c.Term) == mkey && strings.Join(r.render(c.Term, s, sp, style, a), " ") == mention {
			continue
		}
		out = append(out, c)
	}
	return out
}

// premodified reports whether the word before mention sp of toks
// modifies it: a number or a word other than a determiner, a
// preposition, a conjunction or a verb form (as far as english.SmallWord
// and afterNounWords tell without a tagger), or punctuation other than
// a bracket, comma or colon.
func premodified(toks []string, sp iob.Span) bool {
	if sp.Start == 0 {
		return false
	}
	p := toks[sp.Start-1]
	lp := strings.ToLower(p)
	switch {
	case p == "-" || p == "/":
		return true
	case !english.IsLetters(p):
		return english.Digits(p) != ""
	case english.SmallWord(lp) || afterNounWords[lp] || determiners[lp] || prepositions[lp]:
		return false
	}
	return !strings.HasSuffix(lp, "ed") || lp == "advanced" || lp == "localized" || lp == "untreated"
}

// prepositions are the words before a noun phrase that do not modify it.
var prepositions = map[string]bool{"of": true, "in": true, "with": true, "for": true, "from": true, "to": true,
	"by": true, "on": true, "at": true, "into": true, "than": true, "after": true, "during": true, "like": true,
	"including": true, "such": true, "as": true, "and": true, "or": true, "but": true, "not": true}

// sharedHead reports whether another mention of s of the type of sp ends
// in the word sp ends in ("breast cancer ... ovarian cancer"): the
// writer's parallel, which a name with another head breaks.
func sharedHead(s conll.Sentence, sp iob.Span) bool {
	head := english.StripPlural(strings.ToLower(s.Tokens[sp.End-1]))
	for _, o := range iob.Spans(s.Tags) {
		if o != sp && o.Type == sp.Type && english.StripPlural(strings.ToLower(s.Tokens[o.End-1])) == head {
			return true
		}
	}
	return false
}

// listAfter are the tokens after a mention that make it the first of a
// coordination.
var listAfter = map[string]bool{"and": true, "or": true, "/": true, ",": true, "nor": true}

// fixedTermHeads are the words that, after a mention (or after a hyphen
// fused to it), make it part of the fixed name of a technique or a
// process ("wound healing", "bisulfite sequencing", "formalin - fixed",
// "dUTP - biotin nick end labeling", "Evans blue staining"): a writer
// names the technique with its words, and another name of the mention
// ("injury healing", "methyl aldehyde - fixed") reads as another thing.
var fixedTermHeads = map[string]bool{"healing": true, "labeling": true, "labelling": true, "labeled": true,
	"labelled": true, "sequencing": true, "staining": true, "stained": true, "stain": true, "fixation": true,
	"fixed": true, "fixative": true, "embedded": true, "conjugated": true, "tagged": true, "imaging": true,
	"scintigraphy": true, "tomography": true, "angiography": true, "scan": true, "scanning": true, "assay": true,
	"assays": true, "blot": true, "blotting": true, "chromatography": true, "spectrometry": true,
	"spectroscopy": true, "microscopy": true, "electrophoresis": true, "hybridization": true,
	"hybridisation": true, "clamp": true, "clamping": true, "challenge": true, "nick": true, "end": true}

// fixedTerm reports whether mention sp of toks stands before a word of
// fixedTermHeads, after a hyphen, or is fused by one to a word other than those of
// productiveCompounds ("folate - dependent", "rapamycin - sensitive":
// the writer's compound, made with the writer's name).
func fixedTerm(toks []string, sp iob.Span) bool {
	if sp.Start > 0 && toks[sp.Start-1] == "-" {
		return true // "FKBP12 - rapamycin", "anti - TNF": the second half of a compound
	}
	i := sp.End
	if i+1 < len(toks) && toks[i] == "-" {
		return !productiveCompounds[strings.ToLower(toks[i+1])]
	}
	return i < len(toks) && fixedTermHeads[strings.ToLower(toks[i])]
}

// productiveCompounds are the words a writer fuses to any substance or
// condition with a hyphen ("doxorubicin - induced", "cisplatin -
// treated", "diabetes - related"): another name of the mention makes the
// same compound.
var productiveCompounds = map[string]bool{"induced": true, "treated": true, "related": true, "associated": true,
	"mediated": true, "containing": true, "based": true, "exposed": true, "free": true, "loaded": true,
	"pretreated": true, "naive": true, "evoked": true, "anesthetized": true, "anaesthetized": true, "infused": true,
	"injected": true, "fed": true}

// nameOfAnother reports whether mention sp of s is part of the name of
// another thing, a protein or a gene, which another name of the
// mention's concept does not name: the mention does not name its
// concept there, so it neither changes nor counts as a mention of it
// (see consistent).
func (r *Replacer) nameOfAnother(s conll.Sentence, sp iob.Span) bool {
	prev, next := "", ""
	if sp.Start > 0 {
		prev = strings.ToLower(s.Tokens[sp.Start-1])
	}
	if sp.End < len(s.Tokens) {
		next = strings.ToLower(s.Tokens[sp.End])
	}
	diso := slices.Contains(concepts.Map(r.opts.TypeMap).Groups(sp.Type), "DISO")
	switch {
	case proteinHeads[next]:
		return true // "lactate dehydrogenase", "glucose transporter": part of a protein's name
	case sp.Start >= 2 && prev == "of" && strings.EqualFold(s.Tokens[sp.Start-2], "target"):
		return true // "mammalian target of rapamycin": a protein's name, not the drug
	case len(next) == 1 && next[0] >= '1' && next[0] <= '9' && diso:
		return true // "Wilms tumor 1": a gene named after the disease, not the disease (a drug takes its dose: "lidocaine 50 mg")
	case (next == "gene" || next == "genes" || next == "locus") && diso:
		return true // "the Duchenne muscular dystrophy gene": a gene's fixed name (a reader flagged "nephroblastoma suppressor gene")
	}
	return false
}

// coordinators join the names of a coordination ("A and B", "A / B",
// "A , B", "A ( B )").
var coordinators = map[string]bool{"and": true, "or": true, "/": true, ",": true, "(": true, ")": true, "nor": true}

// repeatsNeighbour reports whether name, put in place of mention sp of s,
// would repeat the words coordinated with it, before or after:
// "Nociceptin / orphanin FQ" must not become "Nociceptin / nociceptin".
func repeatsNeighbour(s conll.Sentence, sp iob.Span, name string) bool {
	key := english.TrivialKey(name)
	n := len(english.Tokenize(name, TokenizePunct))
	if sp.Start >= 1+n && coordinators[strings.ToLower(s.Tokens[sp.Start-1])] &&
		english.TrivialKey(strings.Join(s.Tokens[sp.Start-1-n:sp.Start-1], " ")) == key {
		return true
	}
	return sp.End+1+n <= len(s.Tokens) && coordinators[strings.ToLower(s.Tokens[sp.End])] &&
		english.TrivialKey(strings.Join(s.Tokens[sp.End+1:sp.End+1+n], " ")) == key
}

// coordinatedBefore reports whether "and" or "or" stands among the four
// tokens before mention sp of s: the mention may share its head with a
// premodifier before it.
func coordinatedBefore(s conll.Sentence, sp iob.Span) bool {
	for i := sp.Start - 1; i >= 0 && i >= sp.Start-4; i-- {
		if w := strings.ToLower(s.Tokens[i]); w == "and" || w == "or" {
			return true
		}
	}
	return false
}

// writtenElsewhere reports whether the words of name (english.KeyWords)
// stand in s outside mention sp, as a run of its words: the replacement
// would say the same name twice, or mix it with the mention's.
func writtenElsewhere(s conll.Sentence, sp iob.Span, name string) bool {
	nw := english.KeyWords(name)
	if len(nw) == 0 {
		return false
	}
	for _, part := range [][]string{s.Tokens[:sp.Start], s.Tokens[sp.End:]} {
		ws := english.KeyWords(strings.Join(part, " "))
		for i := 0; i+len(nw) <= len(ws); i++ {
			if slices.Equal(ws[i:i+len(nw)], nw) {
				return true
			}
		}
	}
	return false
}

// stemRepeat reports whether name has a word sharing its first five
// letters with prev, the word before the mention, that no word of the
// mention (mw) shares: the name would say again what the text just said.
func stemRepeat(prev, name string, mw []string) bool {
	if len(prev) < 5 || !english.IsLetters(prev) {
		return false
	}
	stem := prev[:5]
	for _, w := range mw {
		if strings.HasPrefix(w, stem) {
			return false
		}
	}
	for _, w := range english.Words(name) {
		if strings.HasPrefix(w, stem) {
			return true
		}
	}
	return false
}

// premodifies reports whether the token after a mention makes the
// mention a premodifier: a hyphen ("lung cancer - related") or a
// lower-case word other than a function word or a verb form ("risk",
// "patients", "cells"), as far as a word list can tell without a
// tagger.
func premodifies(next string) bool {
	if next == "-" {
		return true
	}
	if next == "" || !english.IsLetters(next) || next != strings.ToLower(next) || english.SmallWord(next) || afterNounWords[next] {
		return false
	}
	return !strings.HasSuffix(next, "ed")
}

// afterNounWords are the words after a noun phrase that do not make it a
// premodifier: verbs, conjunctions and prepositions english.SmallWord lacks.
var afterNounWords = map[string]bool{"is": true, "was": true, "are": true, "were": true, "be": true, "been": true,
	"has": true, "have": true, "had": true, "may": true, "might": true, "can": true, "could": true, "will": true,
	"would": true, "should": true, "must": true, "does": true, "did": true, "do": true, "as": true, "but": true,
	"nor": true, "that": true, "which": true, "who": true, "whereas": true, "while": true, "when": true,
	"where": true, "because": true, "since": true, "although": true, "if": true, "than": true, "via": true,
	"versus": true, "vs": true, "among": true, "between": true, "before": true, "following": true, "until": true,
	"remains": true, "occurs": true, "occur": true, "develops": true, "develop": true, "causes": true,
	"induces": true, "alone": true, "only": true, "itself": true, "there": true, "here": true,
	"also": true, "both": true, "either": true, "or": true, "and": true, "so": true, "thus": true, "however": true,
	"such": true, "like": true, "including": true, "except": true, "despite": true, "through": true,
	"throughout": true, "within": true, "without": true, "against": true, "under": true, "over": true,
	"about": true, "above": true, "below": true, "per": true, "across": true, "along": true, "toward": true,
	"towards": true, "upon": true, "whether": true, "increases": true, "decreases": true, "appears": true,
	"seems": true, "requires": true, "results": true, "leads": true}

// determiners are the words before an adjective phrase ("a mildly dry
// mouth", "the severely ill").
var determiners = map[string]bool{"a": true, "an": true, "the": true, "this": true, "that": true, "these": true,
	"those": true, "its": true, "their": true, "his": true, "her": true, "no": true}

// coordinatedAdjective reports a lower-case English adjective
// ("inflammatory", "acute", "radiographic") that, before "and" or "or"
// and a mention, shares the mention's head: "inflammatory and
// neuropathic pain".
func coordinatedAdjective(w string) bool {
	if w != strings.ToLower(w) || !english.IsLetters(w) || !english.EnglishWord(w) {
		return false
	}
	if qualifiers[w] {
		return true
	}
	for _, end := range []string{"ive", "ic", "al", "ous", "ary", "ory", "ed", "ian", "ar"} {
		if strings.HasSuffix(w, end) && len(w) >= len(end)+3 {
			return true // "renal", "oral", "hepatic", "inflammatory", "ocular"
		}
	}
	return false
}

// adverb reports a lower-case "-ly" adverb made from a known word
// ("mildly", "severely", "markedly", "heavily"), which before a mention
// modifies its first word.
func adverb(w string) bool {
	if len(w) < 5 || !strings.HasSuffix(w, "ly") || w != strings.ToLower(w) || w == "only" {
		return false
	}
	stem := w[:len(w)-2]
	return english.EnglishWord(stem) || strings.HasSuffix(stem, "i") && english.EnglishWord(stem[:len(stem)-1]+"y")
}

// proteinHeads are the words that make a preceding chemical name part of
// an enzyme's or transporter's name, which a synonym of the chemical
// does not name ("milk acid dehydrogenase", "dextrose transporter").
var proteinHeads = map[string]bool{"dehydrogenase": true, "dehydrogenases": true, "transporter": true,
	"transporters": true, "kinase": true, "kinases": true, "synthase": true, "synthetase": true, "oxidase": true,
	"reductase": true, "transferase": true, "carboxylase": true, "esterase": true, "hydrolase": true,
	"hydroxylase": true, "decarboxylase": true, "phosphatase": true, "isomerase": true, "lyase": true}

// inTitle reports whether mention sp of s is part of a title (see
// english.InTitle).
func inTitle(s conll.Sentence, sp iob.Span) bool { return english.InTitle(s.Tokens, sp.Start, sp.End) }
