// Package synonym builds synonym stress sets: every gold entity mention
// that names exactly one concept of a fitting semantic group is replaced
// by another name of that concept, and the labels are realigned with
// iob.Replace (B-TYPE on the first new token, I-TYPE on the others).
//
// Concept preservation comes first. A mention is left alone when its
// string names several fitting concepts of one source, when its concept
// has no other name, or when the other names are only trivial variants
// (case, punctuation, spacing, plural), which are no stress. A candidate
// name is dropped when it also names a concept the mention does not name
// (a round trip through the store: "carboxylesterase" names an enzyme
// that "cocaine" does not), and when its words contain the mention's
// words or are contained in them ("heparin cofactor ii", "lithium
// hydride": more specific or broader concepts, salts and parts).
//
// Every random choice comes from the per-sentence generator the perturb
// pipeline passes in, so the output does not depend on the number of
// workers.
package synonym

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/internal/concepts"
	"github.com/stress-ner/stress/perturb/internal/english"
	"github.com/stress-ner/stress/umls"
)

// Name and Suffix identify the perturbation in the registry and in
// output file names (NAME_synonym.tsv).
const (
	Name   = "synonym"
	Suffix = "synonym"
)

// Sentinel errors of the package.
var (
	// ErrOption means an option value is invalid.
	ErrOption = errors.New("invalid synonym option")
	// ErrLookup means the concept store failed during a lookup.
	ErrLookup = errors.New("concept lookup failed")
)

// Store is what synonym replacement needs of a concept store;
// *umls.Store implements it.
type Store interface {
	Lookup(term string, groups ...string) ([]umls.Concept, error)
	Terms(conceptID string) ([]umls.Term, error)
}

// Strategies for choosing among the candidate names of a mention.
const (
	strategyRandom     = "random"     // uniform, from the sentence's generator
	strategyShortest   = "shortest"   // fewest characters
	strategyLongest    = "longest"    // most characters
	strategyDissimilar = "dissimilar" // least character-bigram overlap with the mention
	StrategyPreferred  = "preferred"  // a source's preferred name, else random
)

// defaultStrategy was chosen by measurement on the BC5CDR train and
// development PubTator files (TestEvaluatePubTator): every strategy
// replaces the same mentions, and random keeps the concept as often as
// the others while spreading replacements over all names.
const defaultStrategy = strategyRandom

// Ambiguity policies.
const (
	ambiguousSkip  = "skip"  // leave a mention naming several concepts of one source
	ambiguousFirst = "first" // use the first such concept (by id)
)

// Tokenization styles of replacement names.
const (
	tokenizeAuto  = "auto"  // punct, unless the sentence has tokens with inner punctuation
	tokenizePunct = "punct" // every punctuation character is a token ("5 - FU"), as BC5CDR
	tokenizeSpace = "space" // split on white space only ("5-FU")
)

// Outcomes of a mention, as counted in statistics.
const (
	OutcomeReplaced  = "replaced"
	OutcomeNoType    = "unmapped type" // the entity type maps to no semantic group
	outcomeNoConcept = "no concept"    // the string names no concept of a fitting group
	outcomeAmbiguous = "ambiguous"     // several fitting concepts of one source
	outcomeNoSynonym = "no synonym"    // no name other than trivial variants
	outcomeFiltered  = "filtered"      // other names exist, but every one was excluded
	// outcomeNotSelected: left by the rate (perturb.SelectMentions).
	outcomeNotSelected = "not selected"
	// outcomeSeen: every name that fits was seen in the unseen-in
	// corpora (with unseen-only).
	outcomeSeen = "only seen names"
	// outcomeDefinition: one side of an abbreviation's definition,
	// "doxorubicin ( DOX )", left alone so that the text still defines it.
	outcomeDefinition = "in a definition"
)

// Reasons for rejecting a name that Natural does not give: the name is
// fine, but not as a replacement of this mention.
const (
	rejectedVariant   = "variant"           // a spelling variant or reordering of the mention
	rejectedUnusable  = "unusable"          // the store marks it (inverted, registry, formula, suppressed) or the options exclude it
	rejectedNested    = "nested"            // contains the mention's words or is contained in them
	rejectedRoundTrip = "round trip"        // it names a concept the mention does not
	rejectedDuplicate = "duplicate"         // another spelling variant of the same concepts is better attested
	rejectedNumber    = "number"            // its grammatical number cannot be made the mention's
	rejectedArticle   = "article"           // it does not fit the mention's "a" or "an"
	rejectedAdjective = "adjective"         // a noun for an adjectival mention
	rejectedNarrower  = "qualifier changed" // adds or drops a qualifier ("chronic", "adult", "primary"): a narrower or broader condition
	rejectedObscure   = "obscure"           // neither attested nor preferred, and not plain English ("methyl benzoylecgonine")
	rejectedGeneric   = "generic head"      // a part's "disease" or "disorder" for a named condition: "brain disease" for "encephalopathy"
	rejectedIsomer    = "isomer"            // drops or adds a Greek letter: "prostaglandin F2" for "PGF2 alpha"
	rejectedBrand     = "brand name"        // a trade name for a generic one: "Valium" for "diazepam"
	rejectedThesaurus = "thesaurus wording" // "X of Y" without the article: "carcinoma of large bowel"
	rejectedExact     = "loose exact"       // a DOID or NCIt "exact" synonym of a condition (see looseExact)
	rejectedStratum   = "stratum"           // a stratum the policy does not admit (see policy.go)
)

// Outcomes lists the outcomes in report order.
var Outcomes = []string{OutcomeReplaced, outcomeNotSelected, outcomeSeen, outcomeNoConcept, outcomeAmbiguous, outcomeNoSynonym, outcomeFiltered, outcomeDefinition, OutcomeNoType}

// defaultTypeMap maps the entity labels of BC5CDR (Chemical, Disease),
// NCBI-disease (Disease, and its original SpecificDisease, DiseaseClass,
// Modifier, CompositeMention) and BC4CHEMD (Chemical, and its original
// CHEMDNER classes) to semantic groups. Types match without regard to
// case ("CHEMICAL", "disease").
func defaultTypeMap() map[string][]string { return concepts.Default() }

// ParseTypeMap parses "Chemical=CHEM,Disease=DISO" (several groups of a
// type joined by "+": "Disease=DISO+ANAT") into defaultTypeMap with
// these types added (an item replaces its type's default groups); a
// first item "none" starts from no types at all. An empty string gives
// defaultTypeMap.
func ParseTypeMap(s string) (map[string][]string, error) {
	m, err := concepts.Parse(s)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrOption, err)
	}
	return m, nil
}

// defaultExcludeConcepts returns the concepts excluded by default:
// MeSH records created since 2016, whose names belonged to other
// records when the corpora were annotated, and the BC5CDR annotation
// conflicts (see perturb/internal/concepts).
func defaultExcludeConcepts() []string { return concepts.DefaultExcluded() }

// Options configure a Replacer. The zero value is not valid; start from
// DefaultOptions.
type Options struct {
	TypeMap        map[string][]string // entity type -> semantic groups
	Ambiguous      string              // ambiguousSkip or ambiguousFirst
	Strategy       string              // a Strategy* constant
	Tokenize       string              // a Tokenize* constant
	ExcludeSources []string            // sources whose concepts and names are ignored (MESH, CHEBI, SNOMEDCT_US, ...)
	ExcludeTTY     []string            // term types never used as replacements
	// ExcludeConcepts lists concept ids, or path.Match patterns of ids
	// ("MESH:D0000?????"), that are never used, and whose names are never replacements: a
	// candidate naming one fails the round trip.
	ExcludeConcepts []string
	// Avoid is a file of names and pairs never used, in the format of
	// avoid.txt, besides those of avoid.txt (see avoidopt.go).
	Avoid string
	// Unseen holds the names (mention.Key) of gold mentions of corpora a
	// model was trained on (unseen-in): replacements avoid them, so that
	// a set tests names the model never saw. With UnseenOnly a mention
	// all of whose names were seen is left alone; else seen names are
	// used when no other fits.
	Unseen     map[string]bool
	UnseenOnly bool
	// Strata lists the strata (see Stratum and policy.go) whose names
	// may replace a mention; nil admits every stratum.
	Strata []string
	// NoAvoidLists leaves out the embedded avoid lists (avoid.txt, the
	// shared and the synonym kind's): "--avoid none", to measure what
	// the rules alone let through.
	NoAvoidLists bool
}

// DefaultOptions returns the measured defaults.
func DefaultOptions() Options {
	return Options{
		TypeMap:         defaultTypeMap(),
		Ambiguous:       ambiguousSkip,
		Strategy:        defaultStrategy,
		Tokenize:        tokenizeAuto,
		ExcludeConcepts: defaultExcludeConcepts(),
		Strata:          defaultStrata(),
	}
}

// Validate reports an invalid option, wrapping ErrOption.
func (o Options) Validate() error {
	switch o.Ambiguous {
	case ambiguousSkip, ambiguousFirst:
	default:
		return fmt.Errorf("%w: ambiguous %q (want skip or first)", ErrOption, o.Ambiguous)
	}
	switch o.Strategy {
	case strategyRandom, strategyShortest, strategyLongest, strategyDissimilar, StrategyPreferred:
	default:
		return fmt.Errorf("%w: strategy %q (want random, shortest, longest, dissimilar or preferred)", ErrOption, o.Strategy)
	}
	switch o.Tokenize {
	case tokenizeAuto, tokenizePunct, tokenizeSpace:
	default:
		return fmt.Errorf("%w: tokenize %q (want auto, punct or space)", ErrOption, o.Tokenize)
	}
	if len(o.TypeMap) == 0 {
		return fmt.Errorf("%w: empty type map", ErrOption)
	}
	return nil
}

// Candidate is one name that may replace a mention.
type Candidate struct {
	Term      string // as the source spells it
	ConceptID string
	Source    string
	TermType  string
	Preferred bool
	Attested  bool // the training text uses the name (see english.Attested)
}

// Stratum returns the stratum of c (see Stratum).
func (c Candidate) Stratum() string { return Stratum(c.Source, c.TermType) }

// Analysis is what the store says about one mention string of one type.
type Analysis struct {
	Outcome    string      // OutcomeReplaced when Candidates is not empty
	Concepts   []string    // ids of the fitting concepts used
	Candidates []Candidate // sorted by term, then concept
	Err        error       // a store failure; Outcome is then ""
	// Rejected counts the other names of the concepts that were not
	// candidates, by reason (a Reject* constant of Natural, or one of
	// the Rejected* constants).
	Rejected map[string]int

	proper map[string]bool // folded words the concepts' names spell with a capital: "parkinson"
	// plurals maps a lower-case name of the concepts to another of
	// their names that is its plural ("bradyarrhythmia" ->
	// "bradyarrhythmias"): the lexicon's own knowledge of number, for
	// words the English word lists lack.
	plurals map[string]string
	// pluralNames holds the lower-case names that plurals maps to.
	pluralNames map[string]bool
	// mc is what the mention names, when analyzeForm looked it up: the
	// round trip of the names from other sources reuses it.
	mc *mentionConcepts
	// skimmed marks an analysis whose lexicon names were not judged,
	// as none could replace the mention (see skim).
	skimmed bool
}

// notePlurals records which names of terms are the plurals of others.
func (a *Analysis) notePlurals(terms []umls.Term) {
	lower := make(map[string]bool, len(terms))
	for _, t := range terms {
		lower[strings.ToLower(t.String)] = true
	}
	// The plurals tried are built in buf and looked up without a string
	// each (the compiler's m[string(b)]); only one found is made one.
	var buf []byte
	listed := func(stem, suffix string) bool {
		buf = append(append(buf[:0], stem...), suffix...)
		return lower[string(buf)]
	}
	for n := range lower {
		switch {
		case strings.HasSuffix(n, "y") && listed(n[:len(n)-1], "ies"),
			strings.HasSuffix(n, "is") && listed(n[:len(n)-2], "es"),
			listed(n, "s"), listed(n, "es"):
			if a.plurals == nil {
				a.plurals, a.pluralNames = map[string]string{}, map[string]bool{}
			}
			p := string(buf)
			a.plurals[n], a.pluralNames[p] = p, true
		}
	}
}

// Replacer replaces gold entity mentions by synonyms. It implements
// perturb.Perturbation and perturb.SentenceChecker, and is safe for
// concurrent use.
type Replacer struct {
	store      Store
	opts       Options
	noSource   map[string]bool
	noTTY      map[string]bool
	noID       map[string]bool
	patterns   []string
	prefixes   []string // the literal prefix of each pattern, before its first wildcard
	closer     func() error
	extraAvoid *english.AvoidList // Options.Avoid, read
	admit      *strataSet         // Options.Strata; nil: every stratum
	survey     *concepts.Surveyor // counts how the store names each type's mentions (Audit)

	mu        sync.Mutex
	cache     map[string]*Analysis // type + "\x00" + mention -> analysis (see Replacer.analysis)
	explained map[string]*Analysis // the same, every rejected name counted (Analyze)
	plans     planCache            // plans of sentences perturbed, until their outcomes are counted
	// termFacts caches what candidates reads of a name by itself.
	termFacts map[string]*termFacts
	// goldNames caches the attested concepts of names (writtenFor).
	goldNames map[string][]goldName
	// strataOf caches termStrata by source and term type.
	strataOf map[sourceTTY]strata

	// names and terms cache the store's answers across mentions, bounded
	// like cache: the same names come back in the round trips of many
	// mentions, and on a full UMLS release a common word names thousands
	// of concepts, each decoded anew by every lookup.
	names     map[string][]umls.Concept // english.LookupForm(name) -> concepts, all groups
	terms     map[string][]umls.Term    // concept id -> its names
	namesSize int                       // concepts held by names
	common    map[string]bool           // lookupForm(name) of names of more than maxNamed concepts
	termsSize int                       // terms held by terms

	// trace, when set (by tests), sees every rejected name with its
	// reason: the way to ask why a mention was left alone.
	trace func(mention, name, reason string)
}

// maxStoreCache bounds each of the store caches (names, terms), in
// concepts or terms held: about 100 MB at most, whatever the store.
const maxStoreCache = 1 << 19

// lookupAll returns the concepts of every group that name (already in
// english.LookupForm) names, from the cache or the store. The result must not
// be modified.
func (r *Replacer) lookupAll(name string) ([]umls.Concept, error) {
	r.mu.Lock()
	cs, ok := r.names[name]
	common := r.common[name]
	r.mu.Unlock()
	if common {
		return nil, errTooCommon
	}
	if ok {
		return cs, nil
	}
	n := 0
	var err error
	if am, ok := r.store.(atMostStore); ok {
		cs, n, err = am.LookupAtMost(name, maxNamed)
	} else {
		cs, err = r.store.Lookup(name)
		n = len(cs)
	}
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if n > maxNamed {
		if r.common == nil || len(r.common) > maxCache {
			r.common = map[string]bool{}
		}
		r.common[name] = true
		return nil, errTooCommon
	}
	if r.names == nil || r.namesSize+len(cs) > maxStoreCache {
		r.names, r.namesSize = map[string][]umls.Concept{}, 0
	}
	r.names[name] = cs
	r.namesSize += len(cs) + 1
	return cs, nil
}

// maxNamed is the most concepts a name may name for the synonym kind to
// read them: on a full release a common word names thousands (a
// synthetic 16M-row store, "infection": 14,656), which no label tells
// apart, and decoding them was most of a run's time. A mention naming
// more is ambiguous; a candidate naming more fails the round trip.
const maxNamed = 1000

// errTooCommon is lookupAll's answer for a name of more than maxNamed
// concepts.
var errTooCommon = errors.New("names too many concepts")

// atMostStore is a Store that can count a name's concepts without
// decoding them (*umls.Store).
type atMostStore interface {
	LookupAtMost(term string, max int) ([]umls.Concept, int, error)
}

// conceptTerms returns the names of concept id, from the cache or the
// store. The result must not be modified.
func (r *Replacer) conceptTerms(id string) ([]umls.Term, error) {
	r.mu.Lock()
	ts, ok := r.terms[id]
	r.mu.Unlock()
	if ok {
		return ts, nil
	}
	ts, err := r.store.Terms(id)
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	if r.terms == nil || r.termsSize+len(ts) > maxStoreCache {
		r.terms, r.termsSize = map[string][]umls.Term{}, 0
	}
	r.terms[id] = ts
	r.termsSize += len(ts) + 1
	r.mu.Unlock()
	return ts, nil
}

// reject counts name as rejected for mention, by reason.
func (r *Replacer) reject(a *Analysis, mention, name, reason string) {
	a.Rejected[reason]++
	if r.trace != nil {
		r.trace(mention, name, reason)
	}
}

// maxCache bounds the analysis cache, so that memory stays flat in the
// input size: corpora repeat their mentions (BC5CDR's three splits have
// about 12,000 distinct typed mentions), and an analysis with its
// candidates and rejection counts takes a kilobyte or two, so the cache
// stays under about 50 MB and is rarely cleared.
const maxCache = 1 << 15

// New returns a Replacer using store. It does not take ownership of store.
func New(store Store, opts Options) (*Replacer, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	r := &Replacer{store: store, opts: opts, noSource: map[string]bool{}, noTTY: map[string]bool{}}
	for _, s := range opts.ExcludeSources {
		r.noSource[strings.ToUpper(strings.TrimSpace(s))] = true
	}
	for _, t := range opts.ExcludeTTY {
		r.noTTY[strings.TrimSpace(t)] = true
	}
	var err error
	if r.extraAvoid, err = loadAvoid(opts.Avoid); err != nil {
		return nil, err
	}
	r.admit = newStrataSet(opts.Strata)
	have, err := concepts.StoreGroups(store)
	if err != nil {
		return nil, err
	}
	r.survey = concepts.NewSurveyor(store, opts.TypeMap, have)
	r.noID = map[string]bool{}
	for _, id := range opts.ExcludeConcepts {
		id = strings.TrimSpace(id)
		if strings.ContainsAny(id, "*?[") {
			if _, err := path.Match(id, ""); err != nil {
				return nil, fmt.Errorf("%w: concept pattern %q: %v", ErrOption, id, err)
			}
			r.patterns = append(r.patterns, id)
			r.prefixes = append(r.prefixes, id[:strings.IndexAny(id, "*?[\\")])
		} else if id != "" {
			r.noID[id] = true
		}
	}
	return r, nil
}

// Options returns the options of r.
func (r *Replacer) Options() Options { return r.opts }

// Close closes the store when r owns it (see the registry's New).
func (r *Replacer) Close() error {
	if r.closer != nil {
		return r.closer()
	}
	return nil
}

// Analyze returns what r would do with a mention of type typ, whatever
// its position, every rejected name counted (Analysis.Rejected). The
// result is cached and must not be modified.
func (r *Replacer) Analyze(typ, mention string) *Analysis {
	return r.cachedAnalysis(&r.explained, typ, mention, true)
}

// analysis is Analyze without the rejected names counted when none of
// them could have replaced the mention (see skim): what perturbing
// reads. Its Outcome, Concepts and Candidates are Analyze's.
func (r *Replacer) analysis(typ, mention string) *Analysis {
	return r.cachedAnalysis(&r.cache, typ, mention, false)
}

// analysisOf is analysis of the mention of type typ whose tokens are toks
// (the mention is their text, space-joined), looked up without making
// the key or the mention's text when the cache holds it: plan,
// consistent and CheckSentence ask for every mention of every sentence,
// and the strings made for each were a tenth of what a synonym run
// allocated (issue 34).
func (r *Replacer) analysisOf(typ string, toks []string) *Analysis {
	var buf [256]byte
	key := concepts.AppendMentionKey(buf[:0], typ, toks)
	r.mu.Lock()
	a, ok := r.cache[string(key)] // the key of cachedAnalysis
	r.mu.Unlock()
	if ok {
		return a
	}
	return r.analysis(typ, string(key[len(typ)+1:]))
}

// cachedAnalysis returns analyze(typ, mention, explain) from the cache
// *cache, or made and kept there.
func (r *Replacer) cachedAnalysis(cache *map[string]*Analysis, typ, mention string, explain bool) *Analysis {
	// The key is the mention as written: analyze reads its case and
	// punctuation (abbreviations, labels, capitals), so keying on a
	// normalized form would let whichever spelling came first decide for
	// the others, and results would depend on processing order.
	key := typ + "\x00" + mention
	r.mu.Lock()
	a, ok := (*cache)[key]
	r.mu.Unlock()
	if ok {
		return a
	}
	a = r.analyze(typ, mention, explain)
	r.mu.Lock()
	if *cache == nil || len(*cache) >= maxCache {
		*cache = map[string]*Analysis{}
	}
	(*cache)[key] = a
	r.mu.Unlock()
	return a
}

// excluded reports whether concept id is excluded by the options.
func (r *Replacer) excluded(id string) bool {
	if r.noID[id] {
		return true
	}
	for i, p := range r.patterns {
		// The literal prefix first: a CUI is never a MeSH pattern, and
		// a mention names thousands of concepts on a full release.
		if !strings.HasPrefix(id, r.prefixes[i]) {
			continue
		}
		if ok, _ := path.Match(p, id); ok {
			return true
		}
	}
	return false
}

// analyze looks a plural mention up in the singular ("convulsions" as
// "convulsion"), where lexicons list names, and puts the candidates back
// in the mention's number. Without explain, a.Rejected may count only
// some of the rejected names (see skim).
func (r *Replacer) analyze(typ, mention string, explain bool) *Analysis {
	// A symbol has no number ("Ca" is no plural of "cum").
	plural := english.IsPlural(mention) && elements()[mention] == ""
	var a *Analysis
	form := mention
	if plural {
		form = english.Singular(mention)
		a = r.analyzeForm(typ, mention, form, explain)
	}
	if a == nil || a.Outcome == outcomeNoConcept {
		form = mention
		a = r.analyzeForm(typ, mention, mention, explain)
	}
	if a.Err != nil {
		return a
	}
	// The lexicon's names of strata the policy does not admit go before
	// the other sources add theirs: a name the organ rule or a pair
	// makes too ("kidney failure", a DOID label) is then theirs.
	a.Candidates = r.admitted(a, mention, a.Candidates)
	err := r.addExtra(a, typ, mention, form)
	a.mc = nil // the analysis is cached: it must not hold what a common word names
	if err != nil {
		return &Analysis{Err: err}
	}
	if a.skimmed && len(a.Candidates) > 0 {
		// A name from another source replaces it: its number and case
		// read the plurals and proper nouns of the concepts' names,
		// which skim left.
		if err := r.unskim(a); err != nil {
			return &Analysis{Err: err}
		}
	}
	a = matchNumber(a, plural)
	// What the pipeline will check, checked now: a candidate failing
	// it is dropped and counted, never an error for the run.
	out := a.Candidates[:0]
	for _, c := range a.Candidates {
		if r.Check(perturb.Change{Before: mention, After: c.Term, ConceptID: c.ConceptID, Source: c.Source, TermType: c.TermType}) != nil {
			r.reject(a, mention, c.Term, rejectedRoundTrip)
			continue
		}
		out = append(out, c)
	}
	// Names no training text, no preferred name and no English word list
	// vouches for are descriptions or systematic names more often than
	// not ("creatine anhydride", "tropine tropate"): only plain English
	// ones ("hair loss", "lazy eye") stay.
	out2 := out[:0]
	for _, c := range out {
		if !c.Attested && !c.Preferred && !english.PlainEnglish(c.Term, mention) {
			r.reject(a, mention, c.Term, rejectedObscure)
			continue
		}
		out2 = append(out2, c)
	}
	out2 = r.admitted(a, mention, out2)
	if a.Candidates = out2; len(out2) == 0 && a.Outcome == OutcomeReplaced {
		a.Outcome = outcomeFiltered
	}
	return a
}

// admitted returns the candidates of cands whose stratum the policy
// admits (Options.Strata), counting the others as rejected.
func (r *Replacer) admitted(a *Analysis, mention string, cands []Candidate) []Candidate {
	if r.admit == nil {
		return cands
	}
	out := cands[:0]
	for _, c := range cands {
		if !r.admit.admits(c.Stratum()) {
			r.reject(a, mention, c.Term, rejectedStratum)
			continue
		}
		out = append(out, c)
	}
	return out
}

// matchNumber puts the candidates of a in the number wanted: plural
// candidates of a singular mention, and those of a plural one that have
// no known plural, are rejected.
func matchNumber(a *Analysis, plural bool) *Analysis {
	if len(a.Candidates) == 0 {
		return a
	}
	out := a.Candidates[:0]
	seen := map[string]bool{}
	for _, c := range a.Candidates {
		p, ok := english.Plural(c.Term)
		if lp, known := a.plurals[strings.ToLower(c.Term)]; !ok && known {
			p, ok = english.MatchCase(lp, c.Term), true
		}
		if lp := curatedPlurals()[strings.ToLower(c.Term)]; !ok && c.Source == sourceCurated && lp != "" {
			// pairs.txt writes a plural the word list lacks
			// ("arrhythmias <-> dysrhythmias"): the curator vouches for it.
			p, ok = english.MatchCase(lp, c.Term), true
		}
		switch {
		case plural && ok:
			c.Term = p
		case plural || english.IsPlural(c.Term) || a.pluralNames[strings.ToLower(c.Term)]:
			a.Rejected[rejectedNumber]++
			continue
		}
		if k := c.Term + "\x00" + c.ConceptID; !seen[k] {
			seen[k] = true
			out = append(out, c)
		}
	}
	a.Candidates = out
	if len(out) == 0 {
		a.Outcome = outcomeFiltered
	}
	return a
}

// mentionConcepts is what the store says a mention names, as the round
// trip of a candidate needs it.
type mentionConcepts struct {
	// all holds every concept the mention names, in any group, sorted by
	// id; excluded ones (Replacer.excluded) do not count. A common word
	// of a full release names thousands of concepts: a sorted slice the
	// store gave costs nothing to keep, where a map of their ids was most
	// of the garbage of an analysis.
	all     []umls.Concept
	r       *Replacer
	sources []string // sources in which the mention names a concept (sourceKey)
	groups  []string // the fitting groups
}

// newMentionConcepts returns what the round trip needs of the concepts
// all, sorted by id unless they are (as the store gives them).
func (r *Replacer) newMentionConcepts(all []umls.Concept, groups []string) *mentionConcepts {
	byID := func(a, b umls.Concept) int { return strings.Compare(a.ID, b.ID) }
	if !slices.IsSortedFunc(all, byID) {
		all = slices.Clone(all)
		slices.SortFunc(all, byID)
	}
	m := &mentionConcepts{all: all, r: r, groups: groups}
	for _, c := range all {
		if k := sourceKey(c); !slices.Contains(m.sources, k) && !r.excluded(c.ID) {
			m.sources = append(m.sources, k)
		}
	}
	return m
}

// names reports whether the mention names concept id (not excluded).
func (m *mentionConcepts) names(id string) bool {
	_, ok := slices.BinarySearchFunc(m.all, id, func(c umls.Concept, id string) int { return strings.Compare(c.ID, id) })
	return ok && !m.r.excluded(id)
}

// empty reports whether the mention names no concept.
func (m *mentionConcepts) empty() bool { return len(m.sources) == 0 }

// agrees reports whether concept x, named by a candidate, is consistent
// with the mention m: the mention names x too, or x belongs to a fitting
// group and to a source in which the mention names nothing, while two
// other sources or more agree on what the mention names. A source that
// does not know the mention has no say on it: ChEBI names adrenaline but
// not "epinephrine", and that does not make "adrenaline" another concept
// than the MeSH and DrugBank epinephrine. A source that knows the mention
// does: "carboxylesterase" names in MeSH an enzyme that "cocaine" does
// not. A mention known to one source only is not established enough,
// even when labels agree: "Dex" names dextromethorphan in DrugBank,
// dexamethasone in the corpus; one source's "hypomania" is filed under
// bipolar disorder. Excluded concepts never agree.
func (r *Replacer) agrees(x umls.Concept, m *mentionConcepts) bool {
	if m.names(x.ID) {
		return true
	}
	return len(m.sources) >= 2 && !slices.Contains(m.sources, sourceKey(x)) && x.InGroup(m.groups...) &&
		!r.excluded(x.ID) && !r.noSource[sourceKey(x)]
}

// byLabel resolves the ambiguity of a mention within one source by the
// source's own preferred names: when exactly one of the concepts has the
// mention as its label, the source uses the string for that concept and
// lists it for the others as a looser name ("cocaine" is the label of
// CHEBI:27958 cocaine and a synonym of CHEBI:60056 cocaine(1+), its
// protonated form). Otherwise cs is returned unchanged.
func byLabel(all []umls.Concept, is []int32, mention string) []int32 {
	key := english.TrivialKey(mention)
	n := english.Alnum(mention)
	var hit []int32
	for _, i := range is {
		c := all[i]
		// Names equal up to case, punctuation and a plural ending have
		// nearly as many letters and digits, and the same first two:
		// most of the thousands of concepts a common word names on a
		// full release are skipped without building their key.
		if d := english.Alnum(c.Name) - n; d < -3 || d > 3 || !samePrefix(c.Name, key) {
			continue
		}
		if c.Name != "" && english.TrivialKey(c.Name) == key {
			hit = append(hit, i)
		}
	}
	if len(hit) == 1 {
		return hit
	}
	return is
}

// samePrefix reports whether name may have trivial key key, by their
// first two letters or digits: an ASCII name's key starts with them,
// lower-cased (normalizing and singular endings change neither); a name
// with another character may start otherwise and is not judged.
func samePrefix(name, key string) bool {
	k := 0
	for i := 0; i < len(name) && k < 2; i++ {
		c := name[i]
		switch {
		case c >= 0x80:
			return true
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		case !('a' <= c && c <= 'z' || '0' <= c && c <= '9'):
			continue
		}
		if k >= len(key) || key[k] != c {
			return false
		}
		k++
	}
	return true
}

// sourceKey is the source a concept's ambiguity is judged in: its
// lexicon, or "UMLS" for CUIs.
func sourceKey(c umls.Concept) string {
	if c.Source == "" {
		return "UMLS"
	}
	return strings.ToUpper(c.Source)
}

// bestAttested returns the candidates a writer is most likely to use:
// those the training text attests or a source prefers, when there are
// any, else all of them.
func bestAttested(cands []Candidate) []Candidate {
	var best []Candidate
	for _, c := range cands {
		if c.Attested || c.Preferred {
			best = append(best, c)
		}
	}
	if len(best) == 0 {
		return cands
	}
	return best
}

// choose picks one candidate by strategy; r is used only by the random
// strategies. cands must not be empty.
func choose(strategy, mention string, cands []Candidate, r *rand.Rand) Candidate {
	switch strategy {
	case strategyShortest, strategyLongest:
		best := cands[0]
		for _, c := range cands[1:] {
			lc, lb := utf8.RuneCountInString(c.Term), utf8.RuneCountInString(best.Term)
			if strategy == strategyShortest && lc < lb || strategy == strategyLongest && lc > lb {
				best = c
			}
		}
		return best
	case strategyDissimilar:
		mb := bigrams(mention)
		best, bestSim := cands[0], 2.0
		for _, c := range cands {
			if s := dice(mb, bigrams(c.Term)); s < bestSim {
				best, bestSim = c, s
			}
		}
		return best
	case StrategyPreferred:
		cands = preferredFirst(cands)
	}
	return cands[r.IntN(len(cands))]
}

// preferredFirst returns the preferred names among cands, or cands when
// none is preferred (StrategyPreferred).
func preferredFirst(cands []Candidate) []Candidate {
	var pref []Candidate
	for _, c := range cands {
		if c.Preferred {
			pref = append(pref, c)
		}
	}
	if len(pref) > 0 {
		return pref
	}
	return cands
}

// sortCandidates puts candidates in the order an Analysis lists them: by
// name, then concept, so that picks do not depend on lookup order.
func sortCandidates(cs []Candidate) {
	sort.Slice(cs, func(i, j int) bool {
		x, y := cs[i], cs[j]
		if x.Term != y.Term {
			return x.Term < y.Term
		}
		return x.ConceptID < y.ConceptID
	})
}
