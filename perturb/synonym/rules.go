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
//
// The rules take a *nameCase through function values, so that each
// lives on the heap: a loop over names reuses one, set whole for each
// name (its lazy fields too), as nothing keeps it past its name (one per
// name was a thirtieth of what a synonym run allocated; issue 34).
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
	// names are the names of the mention's concepts, concept by concept,
	// and r the Replacer that caches their facts.
	names [][]umls.Term
	r     *Replacer
	// written holds the words some name of the concepts writes in lower
	// case; capitals the words a sentence-case name capitalizes (its
	// proper nouns: "Fallot"). Made by casedWords when first asked.
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
	// canAttest is 1 when attestable, -1 when not, 0 when not asked yet
	// (one mentionCase, one mc).
	canAttest int8
	gold      *formGold // of form, made when first asked
}

// casedWords returns m.written and m.capitals, made from the names'
// facts when first asked.
func (m *mentionCase) casedWords() (written, capitals map[string]bool) {
	if m.written == nil {
		m.written, m.capitals = map[string]bool{}, map[string]bool{}
		// Words some name of the concepts writes in lower case: a capital
		// that no source drops is a trade name's ("Valium", "Motrin").
		for _, terms := range m.names {
			for _, t := range terms {
				f := m.r.facts(t.String).cased()
				addWords(m.written, f.lower)
				addWords(m.capitals, f.capitals)
			}
		}
		for w := range m.written {
			delete(m.capitals, w) // "tumor of Endometrium" next to "neoplasm of endometrium"
		}
	}
	return m.written, m.capitals
}

// attestable returns attestable(m.form, mc), asked once.
func (m *mentionCase) attestable(mc *mentionConcepts) bool {
	if m.canAttest == 0 {
		m.canAttest = -1
		if attestableGold(m.formGold(), mc) {
			m.canAttest = 1
		}
	}
	return m.canAttest > 0
}

// formGold returns goldOfForm(m.form), made once.
func (m *mentionCase) formGold() *formGold {
	if m.gold == nil {
		m.gold = goldOfForm(m.form)
	}
	return m.gold
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
		when(rejectedThesaurus, func(n *nameCase) bool {
			if !slices.Contains(n.lowerWords(), "of") {
				return false // no "X of Y": the mention's capitals are not needed
			}
			_, capitals := n.m.casedWords()
			return ofWithoutArticle(n.term.String, n.m.form, capitals)
		})},
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
func (r *Replacer) analyzeForm(typ, mention, form string, explain bool) *Analysis {
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
	a, err := r.candidates(use, mc, groups, mention, form, explain)
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

// A skim. Of the lexicon names of a mention's concepts, the default
// policy admits few strata (policy.tsv: MeSH entry terms attested for the
// concept, NCIt's "of the" wordings), and most mentions have no name in
// them: every name is judged by the rules and the round trip only to be
// refused by its stratum at the end, and those judgments were most of a
// synonym run (issue 34). When no name of the concepts is in a stratum
// the policy admits (mayReplace), no lexicon name can replace the
// mention, whatever the rules say; what is left to know is the outcome,
// which only the first rule decides (a name that is not the mention
// over again makes it "filtered", else "no synonym"). The analysis then
// lacks the counts of rejected names (Analyze has them), and the plurals
// and proper nouns among the names, which the number and case of a
// replacement read: analyze adds them (unskim) when a name of another
// source replaces the mention.

// mayReplace reports whether a lexicon name of the concepts use (whose
// names are m.names) may replace the mention m: whether one of them
// passes every rule (judge) and the policy admits its stratum, as
// candidates would log it (its term type marked attested or in text).
// Only such a name can be a candidate after analyze's admitted; the
// others, passing or not, are dropped there or before. It errs on the
// side of true: the round trip is not asked.
func (r *Replacer) mayReplace(m *mentionCase, use []umls.Concept, mc *mentionConcepts, mkey string) bool {
	if r.admit == nil {
		return true
	}
	n := new(nameCase) // one for every name (see nameCase)
	for i, c := range use {
		for _, t := range m.names[i] {
			st := r.termStrata(t.Source, t.TermType)
			if !st.plain && !st.attested && !st.inText {
				continue
			}
			// The stratum first, as candidates marks the term type: most
			// names of an admitted term type are not attested as the
			// policy asks. What cannot change the answer is not asked.
			spelled := english.CorpusSpelling(t.String, m.mention)
			admitted := st.plain
			switch {
			case (st.attested != st.plain || st.attested != st.inText) && m.attestable(mc) && r.writtenFor(spelled, m.formGold(), mc):
				admitted = st.attested
			case st.plain != st.inText && english.Attested(spelled):
				admitted = st.inText
			}
			if !admitted {
				continue
			}
			f := r.facts(t.String)
			if f.trivial == mkey {
				continue // the mention itself: never a candidate
			}
			*n = nameCase{m: m, term: t, label: c.Name, words: f.words, vkey: f.vkey, spelled: spelled}
			if rule, _ := judge(n); rule == nil {
				return true
			}
		}
	}
	return false
}

// skim returns the analysis candidates would return, but for its
// Rejected counts, plurals and proper nouns (see unskim), for a mention m of concepts use of
// which no name may replace it (see mayReplace). mkey is the trivial key
// of m's form.
func (r *Replacer) skim(m *mentionCase, use []umls.Concept, mkey string) *Analysis {
	a := &Analysis{Rejected: map[string]int{}, skimmed: true}
	other := false     // a non-trivial name exists before the filters
	n := new(nameCase) // one for every name (see nameCase)
	for i, c := range use {
		a.Concepts = append(a.Concepts, c.ID)
		for _, t := range m.names[i] {
			if other {
				break
			}
			f := r.facts(t.String)
			if f.trivial == mkey {
				continue // the mention itself
			}
			// What candidates reads of judge here: whether the rule that
			// rejects the name first is of stageSame. Those rules come
			// first (TestNameRuleStages).
			*n = nameCase{m: m, term: t, label: c.Name, words: f.words, vkey: f.vkey}
			same := false
			for i := 0; i < len(nameRules) && nameRules[i].stage == stageSame && !same; i++ {
				same = nameRules[i].Check(n) != ""
			}
			other = !same
		}
	}
	if other {
		a.Outcome = outcomeFiltered
	} else {
		a.Outcome = outcomeNoSynonym
	}
	return a
}

// strata says whether the policy admits the stratum of a name of one
// source and term type, as candidates marks the term type: attested
// (termAttested), in text (termInText) or neither (plain).
type strata struct{ plain, attested, inText bool }

// sourceTTY is a source and a term type, the key of termStrata's cache:
// a pair, not a string made of the two, which cost half of its ~800
// instructions a name (issue 34).
type sourceTTY struct{ source, tty string }

// termStrata returns the strata of names of source and term type tt.
func (r *Replacer) termStrata(source, tt string) strata {
	key := sourceTTY{source, tt}
	r.mu.Lock()
	st, known := r.strataOf[key]
	r.mu.Unlock()
	if known {
		return st
	}
	st = strata{plain: r.admit.admits(Stratum(source, tt)), attested: r.admit.admits(Stratum(source, tt+termAttested)),
		inText: r.admit.admits(Stratum(source, tt+termInText))}
	r.mu.Lock()
	if r.strataOf == nil {
		r.strataOf = map[sourceTTY]strata{}
	}
	r.strataOf[key] = st
	r.mu.Unlock()
	return st
}

// unskim adds to a skimmed analysis what candidates makes of its names
// for the candidates it keeps, and skim left: the plurals among the
// names and their proper nouns.
func (r *Replacer) unskim(a *Analysis) error {
	if a.proper == nil {
		a.proper = map[string]bool{}
	}
	lower := map[string]bool{}
	for _, id := range a.Concepts {
		terms, err := r.conceptTerms(id)
		if err != nil {
			return fmt.Errorf("%w: terms of %s: %v", ErrLookup, id, err)
		}
		a.notePlurals(terms)
		for _, t := range terms {
			f := r.facts(t.String).cased()
			addWords(a.proper, f.proper)
			addWords(lower, f.lower)
		}
	}
	for w := range lower {
		delete(a.proper, w)
	}
	return nil
}

// candidates returns the analysis of a mention whose concepts are use:
// every name of them that passes nameRules and the round trip, the
// spelling variants of better-attested names dropped.
// Without explain, a mention none of whose names may replace it is
// skimmed (see skim).
func (r *Replacer) candidates(use []umls.Concept, mc *mentionConcepts, groups []string, mention, form string, explain bool) (*Analysis, error) {
	names := make([][]umls.Term, len(use))
	for i, c := range use {
		terms, err := r.conceptTerms(c.ID)
		if err != nil {
			return nil, fmt.Errorf("%w: terms of %s: %v", ErrLookup, c.ID, err)
		}
		names[i] = terms
	}
	fw := strings.Fields(form)
	m := &mentionCase{mention: mention, form: form, words: english.KeyWords(form), vkey: variantKey(form), fields: fw,
		foreign: english.IsForeign(form), chem: slices.Contains(groups, "CHEM"), diso: slices.Contains(groups, "DISO"),
		adjective: len(fw) == 1 && english.Adjectival(fw[0]) && slices.Contains(groups, "DISO"),
		names:     names, r: r, noSource: r.noSource, noTTY: r.noTTY, listed: !r.opts.NoAvoidLists}
	mkey := english.TrivialKey(form)
	if !explain && !r.mayReplace(m, use, mc, mkey) {
		return r.skim(m, use, mkey), nil
	}
	a := &Analysis{proper: map[string]bool{}, Rejected: map[string]int{}}
	rt := &roundTrip{r: r, mc: mc, mention: form, back: map[string][]umls.Concept{}}
	other := false             // a non-trivial name exists before the filters
	var anchors []anchor       // usable names, against which candidates are judged as variants
	lower := map[string]bool{} // words some name of the concepts writes in lower case
	seen := map[string]bool{}
	n := new(nameCase) // one for every name (see nameCase)
	for i, c := range use {
		a.Concepts = append(a.Concepts, c.ID)
		terms := names[i]
		a.notePlurals(terms)
		for _, t := range terms {
			f := r.facts(t.String).cased()
			addWords(a.proper, f.proper)
			addWords(lower, f.lower)
			if f.trivial == mkey {
				continue // the mention itself
			}
			*n = nameCase{m: m, term: t, label: c.Name, words: f.words, vkey: f.vkey,
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
			case m.attestable(mc) && r.writtenFor(n.spelled, m.formGold(), mc):
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
	before := len(a.Candidates)
	var err error
	if a.Candidates, err = dropVariants(a.Candidates, anchors, rt.lookup); err != nil {
		return nil, err
	}
	a.Rejected[rejectedDuplicate] += before - len(a.Candidates)
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
