package synonym

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/internal/english"
	"github.com/stress-ner/stress/umls"
)

// Abbreviations. Most abbreviation mentions (DOX, 5 - FU, STZ, FAP) mean
// what the abstract says they mean: "doxorubicin ( DOX )". The lexicon
// cannot be trusted with them (PAN is polyacrylonitrile in one abstract,
// puromycin aminonucleoside in another), but the text can: a later
// mention of the abbreviation may be replaced by the long form its
// definition gave, which keeps the concept by construction. Definitions
// are found as Schwartz and Hearst (2003) find them, restricted to gold
// mentions: a mention, "(", a mention of the same type whose letters
// occur in order in the first one, each word-initial where the short
// form's first letter is, and ")". The defining sentence is left alone:
// replacing either side of a definition would unmake it.

// AbbreviationWindow is the number of sentences before a mention in
// which a definition of it is looked for, when the input does not mark
// documents (-DOCSTART-): a long abstract. Measured on BC5CDR devel,
// whose sentences map to the CDR development documents: with 10, 15 and
// 20 sentences the replacements by long forms are 384, 402 and 404, and
// none of them uses a definition from another document.
const AbbreviationWindow = 20

// TermLongForm is the Change.TermType of an abbreviation replaced by the
// long form an earlier sentence defined; Change.Source is SourceText.
const (
	TermLongForm = "long form"
	SourceText   = "TEXT"
)

// definition is an abbreviation defined in a sentence.
type definition struct {
	typ       string
	short     string   // compact short form: "5-FU"
	long      []string // long-form tokens as written
	longSpan  iob.Span
	shortSpan iob.Span
	natural   bool // the long form passes natural (judged once, here)
}

// definitions returns the abbreviation definitions of s (see above). The
// strings are copied, so the result may outlive s's memory.
func definitions(s conll.Sentence) []definition {
	if len(s.Tags) != len(s.Tokens) || len(iob.Validate(s.Tags, iob.IOB2)) > 0 {
		return nil
	}
	spans := iob.Spans(s.Tags)
	var out []definition
	for k := 0; k+1 < len(spans); k++ {
		l, sh := spans[k], spans[k+1]
		if l.Type != sh.Type || l.End+1 != sh.Start || sh.End >= len(s.Tokens) ||
			s.Tokens[l.End] != "(" || s.Tokens[sh.End] != ")" {
			continue
		}
		short := english.Compact(strings.Join(s.Tokens[sh.Start:sh.End], " "))
		long := s.Tokens[l.Start:l.End]
		if !IsAbbreviation(short) || !LongFormMatches(short, strings.Join(long, " ")) {
			continue
		}
		d := definition{typ: l.Type, short: strings.Clone(short), longSpan: l, shortSpan: sh,
			natural: english.NaturalInText(strings.Join(long, " "), strings.Join(s.Tokens[sh.Start:sh.End], " ")) == ""}
		for _, t := range long {
			d.long = append(d.long, strings.Clone(t))
		}
		out = append(out, d)
	}
	return out
}

// Abbreviation is an abbreviation defined in a sentence: "doxorubicin (
// DOX )" defines Short "DOX" as Long "doxorubicin" for entity type Type.
type Abbreviation struct {
	Type  string
	Short string // compact: "5-FU"
	Long  string // tokens as written, joined by spaces: "5 - fluorouracil"
}

// Abbreviations returns the definitions of s, found as the synonym
// perturbation finds them (see the package's notes on abbreviations).
func Abbreviations(s conll.Sentence) []Abbreviation {
	var out []Abbreviation
	for _, d := range definitions(s) {
		out = append(out, Abbreviation{Type: d.typ, Short: d.short, Long: strings.Join(d.long, " ")})
	}
	return out
}

// LongFormMatches reports whether long can be the long form of the
// abbreviation short by Schwartz and Hearst's rule: every letter and
// digit of short occurs in long, in order, matched from the end, and the
// first one at the start of a word of long ("FAP", "familial adenomatous
// polyposis"; "5-FU", "5 - fluorouracil"). Case is ignored.
func LongFormMatches(short, long string) bool {
	s := []rune(strings.ToLower(short))
	l := []rune(strings.ToLower(long))
	if len(l) <= len(s) {
		return false
	}
	alnum := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	first := 0
	for first < len(s) && !alnum(s[first]) {
		first++
	}
	if first == len(s) {
		return false
	}
	li := len(l) - 1
	for si := len(s) - 1; si >= first; si-- {
		c := s[si]
		if !alnum(c) {
			continue
		}
		for li >= 0 && (l[li] != c || si == first && li > 0 && alnum(l[li-1])) {
			li--
		}
		if li < 0 {
			return false
		}
		li--
	}
	return true
}

// abbrevContext is what a sentence may use of the definitions before it.
type abbrevContext struct {
	defs []definition // most recent last
}

// find returns the latest definition of the compact short form of type
// typ, if any.
func (c *abbrevContext) find(typ, short string) (definition, bool) {
	if c == nil {
		return definition{}, false
	}
	for i := len(c.defs) - 1; i >= 0; i-- {
		if d := c.defs[i]; d.short == short && d.typ == typ {
			return d, true
		}
	}
	return definition{}, false
}

// abbrevReader keeps the definitions of the last AbbreviationWindow
// sentences of one input (perturb.DocumentReader).
type abbrevReader struct {
	window [][]definition // the last sentences' definitions, oldest first
	ctx    *abbrevContext // the current context, shared until the window changes
}

// sentenceContext is the context of one sentence: the definitions of
// the sentences before it, and its own (which it must leave alone).
type sentenceContext struct {
	before *abbrevContext
	own    []definition
}

// Observe returns the context of s and adds s's definitions to the
// window.
func (ar *abbrevReader) Observe(s conll.Sentence) perturb.DocState {
	if s.DocStart {
		ar.window, ar.ctx = nil, nil // a new document defines its own
	}
	own := definitions(s)
	sc := &sentenceContext{before: ar.ctx, own: own}
	changed := len(own) > 0
	ar.window = append(ar.window, own)
	if len(ar.window) > AbbreviationWindow {
		changed = changed || len(ar.window[0]) > 0
		ar.window = ar.window[1:]
	}
	if changed {
		var all []definition
		for _, ds := range ar.window {
			all = append(all, ds...)
		}
		ar.ctx = nil
		if len(all) > 0 {
			ar.ctx = &abbrevContext{defs: all}
		}
	}
	if sc.before == nil && len(own) == 0 {
		return nil
	}
	return sc
}

// NewDocumentReader returns a reader of one input's abbreviation
// definitions (perturb.DocumentPerturbation).
func (r *Replacer) NewDocumentReader() perturb.DocumentReader { return &abbrevReader{} }

// inDefinition reports whether span sp is one side of a definition of
// its own sentence.
func (sc *sentenceContext) inDefinition(sp iob.Span) bool {
	if sc == nil {
		return false
	}
	for _, d := range sc.own {
		if d.longSpan == sp || d.shortSpan == sp {
			return true
		}
	}
	return false
}

// TermStandardLongForm is the Change.TermType of an abbreviation
// replaced by the long form the training corpora always give it (see
// english.StandardLongForm); Change.Source is SourceCorpora.
const (
	TermStandardLongForm = "standard long form"
	SourceCorpora        = "CORPORA"
)

// longForm returns the tokens replacing abbreviation mention sp of s by
// a long form, or nil, and the term type of the change: the long form
// defined in a sentence before s (TermLongForm), else the one every
// definition of the abbreviation in the training corpora gives
// (TermStandardLongForm: "GABA", "NMDA", "K" for potassium). The long form
// must be natural (Natural) as any replacement; it keeps its spelling,
// but loses the capital it had only for starting its sentence.
func (sc *sentenceContext) longForm(s conll.Sentence, sp iob.Span, standard func(typ, short string) string) ([]string, string) {
	short := english.Compact(strings.Join(s.Tokens[sp.Start:sp.End], " "))
	var toks []string
	term := TermLongForm
	if d, ok := sc.find(sp.Type, short); ok {
		if !d.natural {
			// The text's own name, but a systematic or long one: "N - ( 2
			// - hydroxypropyl ) methacrylamide". Uses have the definition's
			// short form, up to spacing, so one judgement serves them all.
			return nil, ""
		}
		toks = append([]string(nil), d.long...)
		if ownCapital(toks) {
			// Its capital belongs to its defining sentence (its start,
			// a title, the writer's habit: "Streptozotocin ( STZ )"),
			// not to the name: mid-sentence it reads as running text.
			toks[0] = strings.ToLower(toks[0])
		}
	} else if long := standard(sp.Type, short); long != "" && english.NaturalInText(long, strings.Join(s.Tokens[sp.Start:sp.End], " ")) == "" {
		toks, term = strings.Fields(long), TermStandardLongForm
	} else {
		return nil, ""
	}
	if sentenceStart(s, sp) {
		toks = english.Capitalize(toks, "X")
	}
	if art := articleBefore(s, sp); art != "" && english.Article(toks[0]) != art {
		return nil, ""
	}
	return toks, term
}

// standardLongForm returns english.StandardLongForm(typ, short) when the store
// does not contradict it: every concept of a fitting group that short
// names must be named by the long form too ("CM" names cutaneous
// mastocytosis, not only cardiomyopathy; "CC" cholecalciferol).
func (r *Replacer) standardLongForm(typ, short string) string {
	long := english.StandardLongForm(typ, short)
	if long == "" || !r.opts.StandardLongForms {
		return ""
	}
	key := "\x01" + typ + "\x00" + short
	r.mu.Lock()
	a, ok := r.cache[key]
	r.mu.Unlock()
	if !ok {
		a = &Analysis{Outcome: OutcomeReplaced}
		shorts, err := r.store.Lookup(english.LookupForm(short), r.opts.TypeMap[typ]...)
		if err == nil && len(shorts) > 0 {
			var longs []umls.Concept
			if longs, err = r.store.Lookup(english.LookupForm(long)); err == nil {
				for _, c := range shorts {
					if !r.excluded(c.ID) && !slices.ContainsFunc(longs, func(x umls.Concept) bool { return x.ID == c.ID }) {
						a.Outcome = OutcomeAmbiguous
					}
				}
			}
		}
		if err != nil {
			a.Outcome = OutcomeNoConcept // a failing store vouches for nothing
		}
		r.mu.Lock()
		r.cache[key] = a
		r.mu.Unlock()
	}
	if a.Outcome != OutcomeReplaced {
		return ""
	}
	return long
}

// find returns the latest definition of short, of type typ, in the
// sentences before this one.
func (sc *sentenceContext) find(typ, short string) (definition, bool) {
	if sc == nil {
		return definition{}, false
	}
	return sc.before.find(typ, short)
}

// articleBefore returns "a" or "an" when that word precedes span sp.
func articleBefore(s conll.Sentence, sp iob.Span) string {
	if sp.Start == 0 {
		return ""
	}
	switch p := strings.ToLower(s.Tokens[sp.Start-1]); p {
	case "a", "an":
		return p
	}
	return ""
}

// ownCapital reports whether the capital initial of long-form tokens
// toks is the writer's, not the name's: a Title Case first word that is
// no proper noun ("Streptozotocin", "Nimesulide"; not "Parkinson"), in a
// long form that is not Title Case throughout ("Acute Physiology and
// Chronic Health Evaluation" is the name of a score, capitals and all).
func ownCapital(toks []string) bool {
	if len(toks) == 0 || !english.TitleWord(toks[0]) || english.ProperNoun(strings.ToLower(toks[0])) {
		return false
	}
	words, titled := 0, 0
	for _, t := range toks {
		if english.IsLetters(t) && !english.SmallWord(strings.ToLower(t)) {
			words++
			if english.TitleWord(t) {
				titled++
			}
		}
	}
	return words == 1 || titled < words
}

// sentenceStart reports whether mention sp starts its sentence: it is
// the first token, or the first after a heading ("RESULTS :", "METHODS
// :"), where abstracts start a sentence with a capital.
func sentenceStart(s conll.Sentence, sp iob.Span) bool {
	if sp.Start == 0 {
		return true
	}
	if sp.Start < 2 || s.Tokens[sp.Start-1] != ":" {
		return false
	}
	h := s.Tokens[sp.Start-2]
	return utf8.RuneCountInString(h) >= 3 && english.AllCaps([]string{h})
}
