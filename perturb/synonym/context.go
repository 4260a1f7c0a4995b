package synonym

import (
	"slices"
	"strings"
	"sync"
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
	if _, symbol := elements()[name]; symbol {
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
// stands in s: none when a rule of leaveRules leaves the mention as it
// is, else those no rule of placeRules refuses. style is the sentence's
// tokenization (Options.Tokenize, or english.InferStyle of s when that
// is tokenizeAuto), found once per sentence: finding it reads every
// token. p holds the place it finds (see placeIn); mkey is
// english.TrivialKey of the mention.
func (r *Replacer) fitting(p *place, s conll.Sentence, sp iob.Span, a *Analysis, style, mkey string) []Candidate {
	if len(a.Candidates) == 0 {
		return nil
	}
	r.placeIn(p, s, sp)
	if p.leaving() != "" {
		return nil
	}
	p.describe(a, style, mkey)
	var out []Candidate
	for _, c := range a.Candidates {
		if p.refusal(c) == "" {
			out = append(out, c)
		}
	}
	return out
}

// A place is where a mention stands: what the rules of leaveRules and
// placeRules read of its sentence, found once per mention.
type place struct {
	r          *Replacer
	s          conll.Sentence
	sp         iob.Span
	prev, next string // the tokens beside the mention, lower-cased ("" at an edge)
	diso       bool   // the mention's type is a disease's (concepts.Map)

	// Set by describe, for placeRules.
	a         *Analysis
	style     string
	mention   string   // the mention's tokens, joined by spaces
	mkey      string   // english.TrivialKey(mention)
	mw        []string // english.Words(mention)
	art       string   // the article before the mention ("a", "an" or "")
	keepHead  bool     // the mention's head is shared with a coordinated adjective before it
	keepFirst bool     // an adverb before the mention modifies its first word

	// The english.KeyWords of the sentence's text before and after the
	// mention, found by outsideWords when a rule first asks.
	outside     [2][]string
	outsideDone bool
}

// newPlace returns the place of mention sp of s, ready for leaveRules.
func (r *Replacer) newPlace(s conll.Sentence, sp iob.Span) *place {
	p := new(place)
	r.placeIn(p, s, sp)
	return p
}

// placeIn makes p the place of mention sp of s, ready for leaveRules.
// The rules take a *place through function values, so that a place
// always lives on the heap, and holds a sentence: a caller that reads
// the places of several mentions reuses one (one place per mention was
// a twentieth of what a synonym run allocated; issue 34).
func (r *Replacer) placeIn(p *place, s conll.Sentence, sp iob.Span) {
	*p = place{r: r, s: s, sp: sp}
	if sp.Start > 0 {
		p.prev = strings.ToLower(s.Tokens[sp.Start-1])
	}
	if sp.End < len(s.Tokens) {
		p.next = strings.ToLower(s.Tokens[sp.End])
	}
	p.diso = slices.Contains(concepts.Map(r.opts.TypeMap).Groups(sp.Type), "DISO")
}

// describe completes p for placeRules with the mention's analysis a,
// the sentence's tokenization style and english.TrivialKey of the
// mention, which the caller has found.
func (p *place) describe(a *Analysis, style, mkey string) {
	p.a, p.style = a, style
	p.art = articleBefore(p.s, p.sp)
	p.mention = strings.Join(p.s.Tokens[p.sp.Start:p.sp.End], " ")
	p.mkey = mkey
	p.mw = english.Words(p.mention)
	// "inflammatory and neuropathic pain": the adjective before the
	// coordination shares the mention's head, which must stay.
	p.keepHead = p.sp.Start >= 2 && (p.prev == "and" || p.prev == "or") && coordinatedAdjective(p.s.Tokens[p.sp.Start-2])
	// "a mildly dry mouth": the adverb between the article and the
	// mention modifies the mention's first word, which must stay ("a
	// mildly xerostomia").
	p.keepFirst = p.sp.Start >= 2 && adverb(p.prev) && determiners()[strings.ToLower(p.s.Tokens[p.sp.Start-2])] && len(p.mw) >= 2
}

// A leaveRule leaves a mention as it is, whatever its names: where it
// stands, no other name would say what it says.
type leaveRule struct {
	name string
	// another: the mention is part of the name of another thing there (a
	// protein, a gene), so it neither changes nor counts as a mention of
	// its concept (see consistent and nameOfAnother).
	another bool
	leaves  func(p *place) bool
	example string // a text whose first bracketed mention the rule leaves as it is (brackets: other mentions)
}

// leaveRules are the rules that leave a mention as it is, each from
// blind readings of replacements where it stood (TestPlaceRules reads
// every one's example).
var leaveRules = []leaveRule{
	{"enzyme or transporter", true, func(p *place) bool { return proteinHeads()[p.next] },
		"serum [lactate] dehydrogenase rose"},
	{"target of", true, func(p *place) bool {
		return p.sp.Start >= 2 && p.prev == "of" && strings.EqualFold(p.s.Tokens[p.sp.Start-2], "target")
	}, "the mammalian target of [rapamycin] pathway"},
	// A drug takes its dose ("lidocaine 50 mg"); a disease, a gene's number.
	{"numbered gene", true, func(p *place) bool {
		return len(p.next) == 1 && p.next[0] >= '1' && p.next[0] <= '9' && p.diso
	}, "mutations of the [Wilms tumor] 1 gene"},
	{"disease's gene", true, func(p *place) bool {
		return (p.next == "gene" || p.next == "genes" || p.next == "locus") && p.diso
	}, "the [Duchenne muscular dystrophy] gene"},
	{"title", false, func(p *place) bool { return english.InTitle(p.s.Tokens, p.sp.Start, p.sp.End) },
		"diagnosed with the Diagnostic and Statistical Manual of [Mental Disorders] criteria"},
	{"compound's second half", false, func(p *place) bool { return p.prev == "-" },
		"the FKBP12 - [rapamycin] complex"},
	{"writer's compound", false, func(p *place) bool {
		i := p.sp.End
		return p.next == "-" && i+1 < len(p.s.Tokens) && !productiveCompounds()[strings.ToLower(p.s.Tokens[i+1])]
	}, "[rapamycin] - sensitive sites"},
	{"technique's name", false, func(p *place) bool { return fixedTermHeads()[p.next] },
		"impaired [wound] healing"},
}

// leaving returns the name of the first rule of leaveRules that leaves
// the mention of p as it is, "" when none does.
func (p *place) leaving() string {
	for _, m := range leaveRules {
		if m.leaves(p) {
			return m.name
		}
	}
	return ""
}

// nameOfAnother reports whether mention sp of s is part of the name of
// another thing, a protein or a gene, which another name of the
// mention's concept does not name: the mention does not name its
// concept there, so it neither changes nor counts as a mention of it
// (see consistent). p holds the place it finds (see placeIn).
func (r *Replacer) nameOfAnother(p *place, s conll.Sentence, sp iob.Span) bool {
	r.placeIn(p, s, sp)
	for _, m := range leaveRules {
		if m.another && m.leaves(p) {
			return true
		}
	}
	return false
}

// A placeName is a candidate's name as the rules of placeRules read it.
type placeName struct {
	Candidate
	toks  []string // english.Tokenize(Term, tokenizePunct)
	words []string // english.Words(Term)
	of    bool     // an "X of the Y" name: its words have "of"
}

// A placeRule refuses a name where a mention stands.
type placeRule struct {
	name    string
	refuses func(p *place, n placeName) bool
	example string // a text whose first bracketed mention the rule refuses the name after "->" for
}

// placeRules are the rules that refuse one name where a mention stands,
// each from blind readings of replacements it now refuses, in order: the
// first that refuses names the refusal, and "no word" comes before the
// rules that read a name's first or last token (TestPlaceRules reads
// every one's example). An "X of the Y" name moves the head of a "Y X" mention
// to its front, which the of-name rules keep from a place where the
// head is shared, premodifies or parallels another's: readers found each
// awkward or a broken parallel.
var placeRules = []placeRule{
	{"element notation", func(p *place, n placeName) bool {
		return n.Source == sourceElements && !elementFits(p.s.Tokens, p.sp)
	}, "the [K] + channel -> potassium"},
	{"notation beside notation", func(p *place, n placeName) bool {
		return n.Source == sourceNotation && !notationFits(p.s.Tokens, p.sp)
	}, "in [NaCl] , 5 mM KCl -> sodium chloride"},
	{"salt's acid", func(p *place, n placeName) bool {
		return n.Source == sourceNotation && saltsAcid(p.s.Tokens, p.sp)
	}, "cells exposed to progesterone [HCl] for 2 days -> hydrochloric acid"},
	{"no word", func(p *place, n placeName) bool { return len(n.toks) == 0 }, "[aspirin] ->"},
	{"article", func(p *place, n placeName) bool { return p.art != "" && english.Article(n.toks[0]) != p.art },
		"an [acute renal failure] -> kidney injury"},
	{"shared head", func(p *place, n placeName) bool {
		return p.keepHead && len(p.mw) > 0 && len(n.words) > 0 &&
			english.StripPlural(n.words[len(n.words)-1]) != english.StripPlural(p.mw[len(p.mw)-1])
	}, "signs of renal and [cardiac toxicity] -> cardiotoxicity"},
	{"modified first word", func(p *place, n placeName) bool {
		return p.keepFirst && len(p.mw) > 0 && len(n.words) > 0 && n.words[0] != p.mw[0]
	}, "a mildly [dry mouth] -> xerostomia"},
	{"coordinate repeated", func(p *place, n placeName) bool { return repeatsNeighbour(p.s, p.sp, n.Term) },
		"Nociceptin / [orphanin FQ] is a peptide -> nociceptin"},
	{"written elsewhere", func(p *place, n placeName) bool { return p.writtenElsewhere(n.Term) },
		"[Sirolimus] , a mammalian target of rapamycin inhibitor -> rapamycin"},
	{"word beside repeated", func(p *place, n placeName) bool {
		return strings.ToLower(n.toks[len(n.toks)-1]) == p.next || strings.ToLower(n.toks[0]) == p.prev
	}, "growth [hormone] secretion -> hormone secretion"},
	{"stem repeated", func(p *place, n placeName) bool { return stemRepeat(p.prev, n.Term, p.mw) },
		"cerebral [ischemic stroke] -> ischemic cerebrovascular accident"},
	{"of-name premodifying", func(p *place, n placeName) bool { return n.of && premodifies(p.next) },
		"increased [lung cancer] risk -> carcinoma of the lung"},
	{"of-name after of", func(p *place, n placeName) bool { return n.of && p.prev == "of" },
		"a fraction of [breast cancer] -> carcinoma of the breast"},
	{"of-name coordinated", func(p *place, n placeName) bool { return n.of && coordinatedBefore(p.s, p.sp) },
		"ovarian and early - onset [breast cancer] -> carcinoma of the breast"},
	{"of-name heading a list", func(p *place, n placeName) bool { return n.of && listAfter()[p.next] },
		"[breast cancer] , colorectal cancer -> carcinoma of the breast"},
	{"of-name premodified", func(p *place, n placeName) bool { return n.of && premodified(p.s.Tokens, p.sp) },
		"human [breast cancer] is -> carcinoma of the breast"},
	{"of-name sharing a head", func(p *place, n placeName) bool { return n.of && sharedHead(p.s, p.sp) },
		"[ovarian cancer] is rare but [breast cancer] is not -> carcinoma of the ovary"},
	// Only a name equal to the mention up to case and number can.
	{"the mention itself", func(p *place, n placeName) bool {
		return english.TrivialKey(n.Term) == p.mkey && strings.Join(p.r.render(n.Term, p.s, p.sp, p.style, p.a), " ") == p.mention
	}, "the [aspirin] dose -> Aspirin"},
}

// refusal returns the name of the first rule of placeRules that refuses
// candidate c where the mention of p stands, "" when none does.
func (p *place) refusal(c Candidate) string {
	n := placeName{Candidate: c, toks: english.Tokenize(c.Term, tokenizePunct), words: english.Words(c.Term)}
	n.of = slices.Contains(n.words, "of")
	for _, rule := range placeRules {
		if rule.refuses(p, n) {
			return rule.name
		}
	}
	return ""
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
	case english.SmallWord(lp) || afterNounWords()[lp] || determiners()[lp] || prepositions()[lp]:
		return false
	}
	return !strings.HasSuffix(lp, "ed") || lp == "advanced" || lp == "localized" || lp == "untreated"
}

// prepositions are the words before a noun phrase that do not modify it.
var prepositions = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"of": true, "in": true, "with": true, "for": true, "from": true, "to": true,
		"by": true, "on": true, "at": true, "into": true, "than": true, "after": true, "during": true, "like": true,
		"including": true, "such": true, "as": true, "and": true, "or": true, "but": true, "not": true}
})

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
var listAfter = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"and": true, "or": true, "/": true, ",": true, "nor": true}
})

// fixedTermHeads are the words that, after a mention (or after a hyphen
// fused to it), make it part of the fixed name of a technique or a
// process ("wound healing", "bisulfite sequencing", "formalin - fixed",
// "dUTP - biotin nick end labeling", "Evans blue staining"): a writer
// names the technique with its words, and another name of the mention
// ("injury healing", "methyl aldehyde - fixed") reads as another thing.
var fixedTermHeads = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"healing": true, "labeling": true, "labelling": true, "labeled": true,
		"labelled": true, "sequencing": true, "staining": true, "stained": true, "stain": true, "fixation": true,
		"fixed": true, "fixative": true, "embedded": true, "conjugated": true, "tagged": true, "imaging": true,
		"scintigraphy": true, "tomography": true, "angiography": true, "scan": true, "scanning": true, "assay": true,
		"assays": true, "blot": true, "blotting": true, "chromatography": true, "spectrometry": true,
		"spectroscopy": true, "microscopy": true, "electrophoresis": true, "hybridization": true,
		"hybridisation": true, "clamp": true, "clamping": true, "challenge": true, "nick": true, "end": true}
})

// productiveCompounds are the words a writer fuses to any substance or
// condition with a hyphen ("doxorubicin - induced", "cisplatin -
// treated", "diabetes - related"): another name of the mention makes the
// same compound.
var productiveCompounds = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"induced": true, "treated": true, "related": true, "associated": true,
		"mediated": true, "containing": true, "based": true, "exposed": true, "free": true, "loaded": true,
		"pretreated": true, "naive": true, "evoked": true, "anesthetized": true, "anaesthetized": true, "infused": true,
		"injected": true, "fed": true}
})

// coordinators join the names of a coordination ("A and B", "A / B",
// "A , B", "A ( B )").
var coordinators = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"and": true, "or": true, "/": true, ",": true, "(": true, ")": true, "nor": true}
})

// repeatsNeighbour reports whether name, put in place of mention sp of s,
// would repeat the words coordinated with it, before or after:
// "Nociceptin / orphanin FQ" must not become "Nociceptin / nociceptin".
func repeatsNeighbour(s conll.Sentence, sp iob.Span, name string) bool {
	key := english.TrivialKey(name)
	n := len(english.Tokenize(name, tokenizePunct))
	if sp.Start >= 1+n && coordinators()[strings.ToLower(s.Tokens[sp.Start-1])] &&
		english.TrivialKey(strings.Join(s.Tokens[sp.Start-1-n:sp.Start-1], " ")) == key {
		return true
	}
	return sp.End+1+n <= len(s.Tokens) && coordinators()[strings.ToLower(s.Tokens[sp.End])] &&
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
// stand in the sentence outside the mention, as a run of its words: the
// replacement would say the same name twice, or mix it with the
// mention's.
func (p *place) writtenElsewhere(name string) bool {
	nw := english.KeyWords(name)
	if len(nw) == 0 {
		return false
	}
	for _, ws := range p.outsideWords() {
		for i := 0; i+len(nw) <= len(ws); i++ {
			if slices.Equal(ws[i:i+len(nw)], nw) {
				return true
			}
		}
	}
	return false
}

// outsideWords returns the english.KeyWords of the sentence's text
// before the mention and after it (its tokens joined by spaces), found
// once per place: the rule of writtenElsewhere asks for them with every
// candidate name, and finding them anew each time was a twentieth of a
// synonym run (issue 34).
func (p *place) outsideWords() [2][]string {
	if !p.outsideDone {
		p.outside[0] = english.KeyWords(strings.Join(p.s.Tokens[:p.sp.Start], " "))
		p.outside[1] = english.KeyWords(strings.Join(p.s.Tokens[p.sp.End:], " "))
		p.outsideDone = true
	}
	return p.outside
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
	if next == "" || !english.IsLetters(next) || next != strings.ToLower(next) || english.SmallWord(next) || afterNounWords()[next] {
		return false
	}
	return !strings.HasSuffix(next, "ed")
}

// afterNounWords are the words after a noun phrase that do not make it a
// premodifier: verbs, conjunctions and prepositions english.SmallWord lacks.
var afterNounWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"is": true, "was": true, "are": true, "were": true, "be": true, "been": true,
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
})

// determiners are the words before an adjective phrase ("a mildly dry
// mouth", "the severely ill").
var determiners = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"a": true, "an": true, "the": true, "this": true, "that": true, "these": true,
		"those": true, "its": true, "their": true, "his": true, "her": true, "no": true}
})

// coordinatedAdjective reports a lower-case English adjective
// ("inflammatory", "acute", "radiographic") that, before "and" or "or"
// and a mention, shares the mention's head: "inflammatory and
// neuropathic pain".
func coordinatedAdjective(w string) bool {
	if w != strings.ToLower(w) || !english.IsLetters(w) || !english.EnglishWord(w) {
		return false
	}
	if qualifiers()[w] {
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
var proteinHeads = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"dehydrogenase": true, "dehydrogenases": true, "transporter": true,
		"transporters": true, "kinase": true, "kinases": true, "synthase": true, "synthetase": true, "oxidase": true,
		"reductase": true, "transferase": true, "carboxylase": true, "esterase": true, "hydrolase": true,
		"hydroxylase": true, "decarboxylase": true, "phosphatase": true, "isomerase": true, "lyase": true}
})
