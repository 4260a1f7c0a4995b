package synonym

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/stress-ner/stress/internal/textutil"
	"github.com/stress-ner/stress/perturb/internal/concepts"
	"github.com/stress-ner/stress/perturb/internal/english"
	"github.com/stress-ner/stress/umls"
)

// The policy. A mention is analyzed in three steps, each a function of
// its own: which concepts of a fitting group it names (conceptsOf: none,
// several of one source, or the ones to use), which of their names may
// replace it (the table nameRules, in order: the first rule that rejects
// a name says why), and whether the names left pass the round trip
// through the store (roundTrip: a candidate must name nothing the
// mention does not). Names from the other sources (sources.go) pass the
// rules that apply to them too.

// nameCase is one lexicon name of a mention's concepts, judged as its
// replacement: what the rules read.
type nameCase struct {
	m *mentionCase

	term    umls.Term
	label   string   // the preferred name of the name's concept
	words   []string // english.KeyWords of the name
	vkey    string   // variantKey of the name
	spelled string   // the name respelled in the mention's characters (english.CorpusSpelling)

	// What several rules read of the name, made when one first asks.
	toks       []string // english.Tokenize(term.String, tokenizePunct)
	lower      []string // english.Words(term.String)
	spelledKey []string // english.KeyWords(spelled), when spelled is not term.String
}

// tokens returns english.Tokenize(n.term.String, tokenizePunct).
func (n *nameCase) tokens() []string {
	if n.toks == nil {
		n.toks = english.Tokenize(n.term.String, tokenizePunct)
	}
	return n.toks
}

// spelledWords returns english.KeyWords(n.spelled): the name's own when
// it is spelled as the lexicon spells it.
func (n *nameCase) spelledWords() []string {
	if n.spelled == n.term.String {
		return n.words
	}
	if n.spelledKey == nil {
		n.spelledKey = english.KeyWords(n.spelled)
	}
	return n.spelledKey
}

// lowerWords returns english.Words(n.term.String).
func (n *nameCase) lowerWords() []string {
	if n.lower == nil {
		n.lower = english.Words(n.term.String)
	}
	return n.lower
}

// mentionCase is a mention as the rules see it.
type mentionCase struct {
	mention   string   // as written
	form      string   // the string looked up: the mention or its singular
	words     []string // english.KeyWords(form)
	vkey      string   // variantKey(form)
	fields    []string // the words of form as written
	foreign   bool     // english.IsForeign(form)
	adjective bool     // one adjectival word of a disease ("hypertensive")
	chem      bool     // a chemical's mention (group CHEM)
	diso      bool     // a condition's mention (group DISO)
	// written holds the words some name of the concepts writes in lower
	// case; capitals the words a sentence-case name capitalizes (its
	// proper nouns: "Fallot").
	written, capitals map[string]bool
	noSource, noTTY   map[string]bool // excluded by the options
	listed            bool            // the embedded avoid lists apply (not "--avoid none")

	// What the rules read of the mention for every name, made when one
	// first asks: a mention's concepts have dozens of names.
	toks    []string // english.Tokenize(mention, tokenizePunct)
	lower   []string // english.Words(form)
	greek   []string // greekWords(form)
	stereo  []string // stereoPrefixes(form)
	derived bool     // greek and stereo are made
	inLower int8     // 1: english.LowerMention of form's fields, -1: not, 0: not asked yet
}

// lowerCase reports english.LowerMention(strings.Fields(m.form), true).
func (m *mentionCase) lowerCase() bool {
	if m.inLower == 0 {
		m.inLower = -1
		if english.LowerMention(strings.Fields(m.form), true) {
			m.inLower = 1
		}
	}
	return m.inLower > 0
}

// tokens returns english.Tokenize(m.mention, tokenizePunct).
func (m *mentionCase) tokens() []string {
	if m.toks == nil {
		m.toks = english.Tokenize(m.mention, tokenizePunct)
	}
	return m.toks
}

// lowerWords returns english.Words(m.form).
func (m *mentionCase) lowerWords() []string {
	if m.lower == nil {
		m.lower = english.Words(m.form)
	}
	return m.lower
}

// isomer returns greekWords and stereoPrefixes of m.form.
func (m *mentionCase) isomer() (greek, stereo []string) {
	if !m.derived {
		m.greek, m.stereo, m.derived = greekWords(m.form), stereoPrefixes(m.form), true
	}
	return m.greek, m.stereo
}

// Stages of the name rules: a name that is the mention over again is not
// another name at all; one the store or the options rule out is no
// candidate, but another name exists; the rest are the policy.
const (
	stageSame = iota
	stageUsable
	stagePolicy
)

// nameRule is one rule of the policy on names: Reason is what it counts
// when it rejects (a Reject* or Rejected* constant; "" when Check gives
// Natural's own reason), Doc says what it rejects, with an example.
type nameRule struct {
	Reason string
	Doc    string
	stage  int
	Check  func(n *nameCase) string // "" when the name passes
}

// when makes a rule's Check from a predicate.
func when(reason string, rejects func(n *nameCase) bool) func(n *nameCase) string {
	return func(n *nameCase) string {
		if rejects(n) {
			return reason
		}
		return ""
	}
}

// nameRules are the rules every lexicon name of a mention's concepts
// must pass to replace it, in order. Each has table tests of names it
// accepts and rejects (TestNameRules).
var nameRules = []nameRule{
	{rejectedVariant, "a spelling variant or reordering of the mention (\"haemolytic\", \"Anemia Hemolytic\"): a typo, no synonym", stageSame,
		when(rejectedVariant, func(n *nameCase) bool {
			return isVariant(n.vkey, n.m.vkey) || permutation(n.m.words, n.words)
		})},
	{rejectedUnusable, "marked by the store (inverted, registry number, formula, suppressed) or excluded by the options", stageUsable,
		when(rejectedUnusable, func(n *nameCase) bool {
			return !n.term.Usable() || n.m.noSource[strings.ToUpper(n.term.Source)] || n.m.noTTY[n.term.TermType]
		})},
	{rejectAbbrev, "an abbreviation (\"MI\" for myocardial infarction): writing one out or in is the abbreviation kind's", stagePolicy,
		when(rejectAbbrev, func(n *nameCase) bool { return isAbbreviation(n.term.String) })},
	{rejectAbbrev, "holds an abbreviation the mention does not (\"AGA deficiency\" for aspartylglucosaminuria, \"HIV infection\" for AIDS)", stagePolicy,
		when(rejectAbbrev, func(n *nameCase) bool { return holdsAcronymTokens(n.tokens(), n.m.tokens()) })},
	{rejectAbbrev, "writes out an abbreviation the mention holds (\"cyclooxygenase 2 inhibitors\" for \"COX - 2 inhibitors\"): the abbreviation kind's", stagePolicy,
		when(rejectAbbrev, func(n *nameCase) bool { return holdsAcronymTokens(n.m.tokens(), n.tokens()) })},
	{rejectForeign, "a name in another language (\"acidum valproicum\") for an English mention", stagePolicy,
		when(rejectForeign, func(n *nameCase) bool { return english.IsForeign(n.term.String) && !n.m.foreign })},
	{rejectedNested, "contains the mention's words or is contained in them (\"heparin cofactor ii\", \"lithium hydride\", \"hypomania\"): a narrower or broader concept, a salt, a part", stagePolicy,
		when(rejectedNested, func(n *nameCase) bool {
			mw, w := n.m.words, n.words
			return nested(mw, w) || affixed(mw, w) || contains(w, mw) || contains(mw, w)
		})},
	{rejectedGeneric, "a part's \"disease\" or \"disorder\" for a named condition (\"brain disease\" for \"encephalopathy\"): the broader class", stagePolicy,
		when(rejectedGeneric, func(n *nameCase) bool { return genericNameWords(n.lowerWords(), n.tokens(), n.m.lowerWords()) })},
	{rejectedIsomer, "drops or adds a Greek letter (\"prostaglandin F2\" for \"PGF2 alpha\"): another isomer or subtype", stagePolicy,
		when(rejectedIsomer, func(n *nameCase) bool {
			greek, stereo := n.m.isomer()
			return !slices.Equal(greekWords(n.term.String), greek) || !slices.Equal(stereoPrefixTokens(n.tokens()), stereo)
		})},
	{rejectedBrand, "a trade name for a generic one (\"Valium\" for \"diazepam\")", stagePolicy,
		when(rejectedBrand, func(n *nameCase) bool {
			return brandName(n)
		})},
	{rejectedThesaurus, "\"X of Y\" without the article a writer puts there (\"carcinoma of large bowel\")", stagePolicy,
		when(rejectedThesaurus, func(n *nameCase) bool { return ofWithoutArticle(n.term.String, n.m.form, n.m.capitals) })},
	{rejectedNarrower, "joins two conditions or substances with \"and\" or \"or\" that the mention does not (\"hematologic and lymphocytic disorders\" for \"hematological disorders\"): a broader union", stagePolicy,
		when(rejectedNarrower, func(n *nameCase) bool { return joinsTwo(n.term.String, n.m.form) })},
	{rejectedNarrower, "adds or drops a qualifier (\"chronic\", \"adult\", \"primary\"): a narrower or broader condition", stagePolicy,
		when(rejectedNarrower, func(n *nameCase) bool { return addsQualifierWords(n.lowerWords(), n.m.lowerWords()) })},
	{rejectedVariant, "a rewording of the mention (\"pain in chest\", \"thrombocytopenic disorder\", \"obese\" for \"obesity\")", stagePolicy,
		when(rejectedVariant, func(n *nameCase) bool {
			return sameContent(n.m.words, n.words) || paraphrase(n.m.fields, n.term.String)
		})},
	{rejectedAdjective, "a lone English adjective for a noun (\"sensitive\" for \"hypersensitivity\"), or a noun for an adjectival mention", stagePolicy,
		when(rejectedAdjective, func(n *nameCase) bool {
			tw := strings.Fields(n.term.String)
			if !n.m.adjective {
				return len(tw) == 1 && english.Adjectival(tw[0]) && english.EnglishWord(strings.ToLower(tw[0]))
			}
			return len(tw) > 0 && !english.Adjectival(tw[len(tw)-1])
		})},
	{rejectedExact, "a DOID or NCIt \"exact\" synonym of a condition (\"hexosaminidase A deficiency\" for Tay-Sachs disease, \"pancreas carcinoma\" for pancreatic cancer), but NCIt's \"X of the Y\" for a \"Y X\" mention", stagePolicy,
		when(rejectedExact, func(n *nameCase) bool { return n.m.diso && looseExact(n.term, n.m.form) })},
	{rejectAvoid, "a pair of avoid.txt: names of one concept that are not interchangeable (\"seizures\" -> \"convulsions\")", stagePolicy,
		when(rejectAvoid, func(n *nameCase) bool { return avoidedPairWords(n.spelledWords(), n.m.words, n.m.listed) })},
	{"", "not a name a writer would use in place of the mention (Natural: foreign, systematic, inverted, coded, qualified, much longer, avoided)", stagePolicy,
		func(n *nameCase) string { return naturalWords(n.spelled, n.spelledWords(), n.m.mention, n.m.listed) }},
}

// romanRE matches a Roman numeral, which names a type, not an
// abbreviation ("type II diabetes").
var romanRE = textutil.LazyRegexp(`^(?:I{1,3}|IV|VI{0,3}|IX|XI{0,3})$`)

// holdsAcronym reports whether name has a word that is an abbreviation
// (two capitals or more: "AGA", "COX", "PGF2"; no Roman numeral) that
// other does not have.
func holdsAcronym(name, other string) bool {
	return holdsAcronymTokens(english.Tokenize(name, tokenizePunct), english.Tokenize(other, tokenizePunct))
}

// holdsAcronymTokens is holdsAcronym of two names already tokenized
// (english.Tokenize with tokenizePunct).
func holdsAcronymTokens(name, ot []string) bool {
	for _, t := range name {
		caps := 0
		for _, r := range t {
			if 'A' <= r && r <= 'Z' {
				caps++
			}
		}
		if caps >= 2 && isAbbreviation(t) && !romanRE().MatchString(t) && !slices.Contains(ot, t) {
			return true
		}
	}
	return false
}

// stereoPrefixes returns the stereo descriptors of a name written as
// prefixes ("D" in "N - methyl - D - aspartate", "L" in "L-dopa"),
// sorted: a name without the mention's names another isomer or the
// racemate ("N - methylaspartate").
func stereoPrefixes(name string) []string {
	return stereoPrefixTokens(english.Tokenize(name, tokenizePunct))
}

// stereoPrefixTokens is stereoPrefixes of a name already tokenized
// (english.Tokenize with tokenizePunct).
func stereoPrefixTokens(toks []string) []string {
	var out []string
	for i, t := range toks {
		lt := strings.ToLower(t)
		switch {
		case (t == "D" || t == "L" || t == "DL") && i+1 < len(toks) && toks[i+1] == "-":
			out = append(out, t)
		case strings.HasPrefix(lt, "levo") && len(lt) > 6:
			out = append(out, "L") // "levodopa" is L-dopa
		case strings.HasPrefix(lt, "dextro") && len(lt) > 8:
			out = append(out, "D")
		}
	}
	slices.Sort(out)
	return out
}

// looseExact reports whether t, a name of a condition mentioned as form,
// is an "exact" synonym of DOID or NCIt that blind readings found a
// writer would not put in the mention's place. Those sources file
// broader names, enzyme deficiencies, findings and obsolete names as
// exact synonyms: of 26 DOID exact replacements read (NCBI-disease and
// BC5CDR), 16 changed the meaning or read unnaturally ("hexosaminidase A
// deficiency" for Tay-Sachs disease, "near vision" for myopia,
// "degenerative disease" for neurodegenerative disease); of 53 NCIt exact
// ones other than an "of the" wording, 26 ("pancreas carcinoma",
// "multiple hemorrhagic sarcoma" for Kaposi sarcoma, "rhabdoid sarcomas",
// "nasal hemorrhage" for epistaxis). NCIt's "carcinoma of the breast" for
// "breast cancer", an organ adjective's noun after "of the", read natural
// in 44 of 56, the rest in contexts the context rules now refuse
// (premodifiers, coordinations, after "of"); it stays.
func looseExact(t umls.Term, form string) bool {
	if t.TermType != "exact" {
		return false
	}
	switch strings.ToUpper(t.Source) {
	case "DOID":
		return true
	case "NCIT":
		return !ofTheWording(t.String, form)
	}
	return false
}

// ofTheWording reports whether name is an "X of the Y" wording that
// form, a mention without "of", does not have ("carcinoma of the breast"
// for "breast cancer").
func ofTheWording(name, form string) bool {
	w := strings.Fields(strings.ToLower(name))
	return slices.Contains(w, "of") && slices.Contains(w, "the") && !slices.Contains(strings.Fields(strings.ToLower(form)), "of")
}

// judge returns the first rule of nameRules that rejects n, and its
// reason, or nil and "".
func judge(n *nameCase) (*nameRule, string) {
	for i := range nameRules {
		if why := nameRules[i].Check(n); why != "" {
			return &nameRules[i], why
		}
	}
	return nil, ""
}

// analyzeForm analyzes mention through form, the string looked up: the
// mention itself or its singular (see the policy above).
func (r *Replacer) analyzeForm(typ, mention, form string) *Analysis {
	groups := concepts.Map(r.opts.TypeMap).Groups(typ)
	if len(groups) == 0 {
		return &Analysis{Outcome: OutcomeNoType}
	}
	if isAbbreviation(english.Compact(mention)) {
		// "DOX", "5-FU": their meaning is defined in the text, not the
		// lexicon, and writing them out is the abbreviation kind's.
		return &Analysis{Outcome: outcomeFiltered}
	}
	use, mc, outcome, err := r.conceptsOf(groups, mention, form)
	if err != nil {
		return &Analysis{Err: err}
	}
	if outcome != "" {
		return &Analysis{Outcome: outcome}
	}
	a, err := r.candidates(use, mc, groups, mention, form)
	if err != nil {
		return &Analysis{Err: err}
	}
	a.mc = mc
	return a
}

// conceptsOf returns the concepts of a fitting group that the mention
// (through form) names and that its replacements are drawn from, with
// what the round trip needs to know of what it names; or an outcome
// saying why there are none: no concept (or only excluded ones), or
// several of one source that no label or agreement of other sources
// tells apart (ambiguous).
func (r *Replacer) conceptsOf(groups []string, mention, form string) ([]umls.Concept, *mentionConcepts, string, error) {
	// All concepts the mention names, in any group: a candidate must not
	// name anything outside this set.
	all, err := r.lookupAll(english.LookupForm(form))
	if errors.Is(err, errTooCommon) {
		return nil, nil, outcomeAmbiguous, nil
	}
	if err != nil {
		return nil, nil, "", fmt.Errorf("%w: %q: %v", ErrLookup, mention, err)
	}
	mc := r.newMentionConcepts(all, groups)
	// The fitting concepts by source, as indices into mc.all: a common
	// word of a full release names thousands of concepts, which are
	// never copied.
	bySource := map[string][]int32{}
	var sources []string
	excluded := false
	for i, c := range mc.all {
		if r.excluded(c.ID) {
			excluded = true
			continue
		}
		if !c.InGroup(groups...) {
			continue
		}
		k := sourceKey(c)
		if r.noSource[k] {
			continue
		}
		if bySource[k] == nil {
			sources = append(sources, k)
		}
		bySource[k] = append(bySource[k], int32(i))
	}
	if len(sources) == 0 {
		if excluded {
			return nil, nil, outcomeFiltered, nil
		}
		return nil, nil, outcomeNoConcept, nil
	}
	sort.Strings(sources)
	clear := 0 // sources naming one fitting concept
	// byLabel once per source: on a full UMLS release a common word
	// names thousands of concepts, each label to be keyed.
	for _, s := range sources {
		if is := bySource[s]; len(is) > 1 {
			bySource[s] = byLabel(mc.all, is, form)
		}
		if len(bySource[s]) == 1 {
			clear++
		}
	}
	var use []umls.Concept
	for _, s := range sources {
		is := bySource[s]
		if len(is) > 1 {
			switch {
			case r.opts.Ambiguous == ambiguousFirst:
				is = is[:1] // the first by id
			case clear >= 2:
				// Two sources agree on one concept: this one's
				// distinctions (a compound and its ion, a disease and
				// a finding) are finer than the text's. Its concepts
				// stay named, so their names still fail the round
				// trip, but none is used.
				continue
			default:
				return nil, nil, outcomeAmbiguous, nil
			}
		}
		for _, i := range is {
			use = append(use, mc.all[i])
		}
	}
	return use, mc, "", nil
}

// candidates returns the analysis of a mention whose concepts are use:
// every name of them that passes nameRules and the round trip, the
// spelling variants of better-attested names dropped.
func (r *Replacer) candidates(use []umls.Concept, mc *mentionConcepts, groups []string, mention, form string) (*Analysis, error) {
	a := &Analysis{proper: map[string]bool{}, Rejected: map[string]int{}}
	fw := strings.Fields(form)
	m := &mentionCase{mention: mention, form: form, words: english.KeyWords(form), vkey: variantKey(form), fields: fw,
		foreign: english.IsForeign(form), chem: slices.Contains(groups, "CHEM"), diso: slices.Contains(groups, "DISO"),
		adjective: len(fw) == 1 && english.Adjectival(fw[0]) && slices.Contains(groups, "DISO"),
		written:   map[string]bool{}, capitals: map[string]bool{}, noSource: r.noSource, noTTY: r.noTTY,
		listed: !r.opts.NoAvoidLists}
	mkey := english.TrivialKey(form)
	// Words some name of the concepts writes in lower case: a capital
	// that no source drops is a trade name's ("Valium", "Motrin").
	for _, c := range use {
		terms, err := r.conceptTerms(c.ID)
		if err != nil {
			return nil, fmt.Errorf("%w: terms of %s: %v", ErrLookup, c.ID, err)
		}
		for _, t := range terms {
			f := r.facts(t.String)
			addWords(m.written, f.lower)
			addWords(m.capitals, f.capitals)
		}
	}
	for w := range m.written {
		delete(m.capitals, w) // "tumor of Endometrium" next to "neoplasm of endometrium"
	}
	rt := &roundTrip{r: r, mc: mc, mention: form, back: map[string][]umls.Concept{}}
	other := false             // a non-trivial name exists before the filters
	var anchors []anchor       // usable names, against which candidates are judged as variants
	lower := map[string]bool{} // words some name of the concepts writes in lower case
	seen := map[string]bool{}
	for _, c := range use {
		a.Concepts = append(a.Concepts, c.ID)
		terms, err := r.conceptTerms(c.ID)
		if err != nil {
			return nil, fmt.Errorf("%w: terms of %s: %v", ErrLookup, c.ID, err)
		}
		a.notePlurals(terms)
		for _, t := range terms {
			f := r.facts(t.String)
			addWords(a.proper, f.proper)
			addWords(lower, f.lower)
			if f.trivial == mkey {
				continue // the mention itself
			}
			n := &nameCase{m: m, term: t, label: c.Name, words: f.words, vkey: f.vkey,
				spelled: english.CorpusSpelling(t.String, mention)}
			rule, why := judge(n)
			if rule == nil || rule.stage > stageSame {
				other = true
			}
			if rule == nil || rule.stage > stageUsable {
				anchors = append(anchors, anchor{name: t.String, vkey: n.vkey, words: n.words, label: t.Preferred})
			}
			if rule != nil {
				r.reject(a, mention, t.String, why)
				continue
			}
			ok, err := rt.keeps(t.String, c.ID)
			if err != nil {
				return nil, err
			}
			if !ok {
				r.reject(a, mention, t.String, rejectedRoundTrip)
				continue
			}
			k := n.spelled + "\x00" + c.ID
			if seen[k] {
				continue
			}
			seen[k] = true
			tt, attested := t.TermType, english.Attested(n.spelled)
			switch {
			case writtenFor(n.spelled, form, mc):
				tt += termAttested
			case attested:
				tt += termInText
			}
			a.Candidates = append(a.Candidates, Candidate{Term: n.spelled, ConceptID: c.ID, Source: t.Source,
				TermType: tt, Preferred: t.Preferred, Attested: attested})
		}
	}
	for w := range lower {
		delete(a.proper, w) // "gamma-Aminobutyric Acid" next to "gamma-aminobutyric acid"
	}
	n := len(a.Candidates)
	var err error
	if a.Candidates, err = dropVariants(a.Candidates, anchors, rt.lookup); err != nil {
		return nil, err
	}
	a.Rejected[rejectedDuplicate] += n - len(a.Candidates)
	a.Candidates = oneSourcePerName(a.Candidates)
	for k, v := range a.Rejected {
		if v == 0 {
			delete(a.Rejected, k)
		}
	}
	switch {
	case len(a.Candidates) > 0:
		a.Outcome = OutcomeReplaced
	case other:
		a.Outcome = outcomeFiltered
	default:
		a.Outcome = outcomeNoSynonym
	}
	sortCandidates(a.Candidates)
	return a, nil
}

// roundTrip looks names up again: a candidate of concept id must name
// id and nothing the mention does not name (mentionConcepts.agrees), and
// neither may its other grammatical number ("statin" goes with
// simvastatin in the corpus, "statins" names the drug class).
type roundTrip struct {
	r       *Replacer
	mention string // the form looked up
	mc      *mentionConcepts
	back    map[string][]umls.Concept // lookups by normalized name
}

func (rt *roundTrip) lookup(name string) ([]umls.Concept, error) {
	norm := umls.Normalize(name)
	cs, ok := rt.back[norm]
	if !ok {
		var err error
		if cs, err = rt.r.lookupAll(english.LookupForm(name)); err != nil {
			if errors.Is(err, errTooCommon) {
				return nil, err
			}
			return nil, fmt.Errorf("%w: %q: %v", ErrLookup, name, err)
		}
		rt.back[norm] = cs
	}
	return cs, nil
}

// keeps reports whether name, a name of concept id ("" for a name of no
// store concept: it must then name nothing the mention does not), passes
// the round trip.
func (rt *roundTrip) keeps(name, id string) (bool, error) {
	cs, err := rt.lookup(name)
	if errors.Is(err, errTooCommon) {
		return false, nil // a name of thousands of concepts names something the mention does not
	}
	if err != nil {
		return false, err
	}
	if id != "" && !slices.ContainsFunc(cs, func(x umls.Concept) bool { return x.ID == id }) ||
		slices.ContainsFunc(cs, func(x umls.Concept) bool { return !rt.agrees(name, x, cs) }) {
		return false, nil
	}
	if other := numberVariant(name); other != "" {
		cs, err := rt.lookup(other)
		if errors.Is(err, errTooCommon) {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		if slices.ContainsFunc(cs, func(x umls.Concept) bool { return !rt.agrees(other, x, cs) }) {
			return false, nil
		}
	}
	return true, nil
}

// agrees reports whether concept x, one of the concepts cs that name (a
// candidate) names, is consistent with the mention: Replacer.agrees, or
// x is a charge state or the conjugate acid or base of a concept y the
// mention names in x's own source (conjugateNames), while the candidate
// names in another source a concept the mention names too, and either
// names y as well ("doxorubicin" names doxorubicin and
// doxorubicin(1+)) or is the other form of the mention ("valproic
// acid" for "valproate"; not "acetylsalicylate" for "aspirin", which
// is the anion's name for the acid's concept). ChEBI files those
// forms apart ("doxorubicin(1+)" besides doxorubicin, "valproic acid"
// and "valproate"); a text about a drug never tells them apart, and
// the other source's agreement says that the candidate is the mention's
// drug, not a substance of its own ("phosphoric acid" for "phosphate"
// is another MeSH concept, and fails).
func (rt *roundTrip) agrees(name string, x umls.Concept, cs []umls.Concept) bool {
	m := rt.mc
	if rt.r.agrees(x, m) {
		return true
	}
	if rt.r.excluded(x.ID) || !slices.Contains(m.groups, "CHEM") || !x.InGroup(m.groups...) {
		return false
	}
	k := sourceKey(x)
	if !slices.ContainsFunc(cs, func(c umls.Concept) bool { return sourceKey(c) != k && m.names(c.ID) }) {
		return false
	}
	// The acid for an anion only by a curated pair: the anion is how
	// a physiologist writes any acid, but the acid for an anion is the
	// same drug only when the drug is given as either ("valproic acid"
	// for "valproate"); "citric acid" for a citrate dialysate is not.
	n, f := strings.ToLower(name), strings.ToLower(rt.mention)
	other := conjugateNames(n, f) && (!acidOf(n, f) || curatedMatches(rt.mention, name))
	return slices.ContainsFunc(m.all, func(y umls.Concept) bool {
		return sourceKey(y) == k && m.names(y.ID) && conjugateNames(x.Name, y.Name) &&
			(other || slices.ContainsFunc(cs, func(c umls.Concept) bool { return c.ID == y.ID }))
	})
}

// chargeRE matches a charge written after a chemical's name, as ChEBI
// labels its ions: "(1+)", "(2-)", " zwitterion", " anion".
var chargeRE = textutil.LazyRegexp(`(?:\s*\((?:\d*[+-]|[+-]\d*)\)|\s+(?:zwitterion|anion|dianion|cation|dication))$`)

// conjugateNames reports whether labels a and b, of two concepts of one
// source, name one compound in two charge states ("doxorubicin(1+)" and
// "doxorubicin", "L-dopa zwitterion" and "L-dopa") or as an acid and
// its anion ("valproic acid" and "valproate", "nitrous acid" and
// "nitrite"). Two labels alike are two concepts of one name, no pair.
func conjugateNames(a, b string) bool {
	a, b = strings.ToLower(strings.TrimSpace(a)), strings.ToLower(strings.TrimSpace(b))
	if a == b {
		return false
	}
	a, b = chargeRE().ReplaceAllString(a, ""), chargeRE().ReplaceAllString(b, "")
	if a == "" || b == "" {
		return false
	}
	return a == b || acidOf(a, b) || acidOf(b, a)
}

// acidOf reports whether acid ("valproic acid") is the acid whose anion
// is base ("valproate").
func acidOf(acid, base string) bool {
	for _, p := range [][2]string{{"ic acid", "ate"}, {"ous acid", "ite"}} {
		if stem, ok := strings.CutSuffix(acid, p[0]); ok && stem != "" && !strings.HasSuffix(stem, " ") && base == stem+p[1] {
			return true
		}
	}
	return false
}

// eponyms adds to set the words name capitalizes as a person's name
// (english.Eponym: "Angelman" in "Angelman Syndrome", "Ruvalcaba" in
// "Bannayan-Riley-Ruvalcaba Syndrome"), so that a source that writes the
// name in lower case ("angelman syndrome") is rendered with the capital.
// A word another name writes in lower case is dropped again (see
// candidates).
func eponyms(name string, set map[string]bool) {
	eponymTokens(english.Tokenize(name, tokenizePunct), set)
}

// eponymTokens is eponyms of a name already tokenized (english.Tokenize
// with tokenizePunct).
func eponymTokens(toks []string, set map[string]bool) {
	for i, t := range toks {
		if english.Eponym(toks, i) {
			set[strings.ToLower(t)] = true
		}
	}
}

// sourceOrder ranks the lexicons a name is attributed to when several
// give it: the thesaurus whose record the corpora are annotated with
// first, then the drug vocabularies, then the disease ontologies. A name
// has one stratum (Stratum), whichever lexicon the lookup met first.
var sourceOrder = sync.OnceValue(func() map[string]int {
	return map[string]int{"MESH": 0, "CDR": 1, "DRUGBANK": 2, "CHEBI": 3, "NCIT": 4, "DOID": 5}
})

// oneSourcePerName keeps one candidate per name (as spelled), the one of
// the first source of sourceOrder (other sources after them, by name),
// preferred when any of them is.
func oneSourcePerName(cs []Candidate) []Candidate {
	rank := func(c Candidate) (int, string) {
		if r, ok := sourceOrder()[strings.ToUpper(c.Source)]; ok {
			return r, ""
		}
		return len(sourceOrder()), c.Source
	}
	best := map[string]int{} // name -> index in out
	var out []Candidate
	for _, c := range cs {
		i, ok := best[c.Term]
		if !ok {
			best[c.Term] = len(out)
			out = append(out, c)
			continue
		}
		pref := out[i].Preferred || c.Preferred
		r1, s1 := rank(c)
		r2, s2 := rank(out[i])
		if r1 < r2 || r1 == r2 && (s1 < s2 || s1 == s2 && c.ConceptID < out[i].ConceptID) {
			out[i] = c
		}
		out[i].Preferred = pref
	}
	return out
}

// joinsTwo reports whether name joins two things with "and" or "or"
// where form does not.
func joinsTwo(name, form string) bool {
	has := func(s string) bool {
		w := strings.Fields(strings.ToLower(s))
		return slices.Contains(w, "and") || slices.Contains(w, "or")
	}
	return has(name) && !has(form)
}
