// Package entityswap implements the entity-swap perturbation (kind
// "entity-swap"): each selected gold mention is replaced by a name of a
// different concept of the same semantic group ("cocaine" ->
// "tetrabenazine", "hypotension" -> "pemphigus"), RockNER's entity attack
// and, with names never seen as mentions of a training corpus,
// TextFlint's out-of-vocabulary swap, for biomedicine.
//
// The context is untouched, so a model that reads context still finds
// the entity, while one that memorised entity names does not. Entity
// count and types are kept, B/I labels are realigned by iob.Replace, and
// the change log records the mention's concept and the new one
// ("MESH:D003042->MESH:D013747" in the concept_id column).
//
// Names are drawn from a pool of names a writer uses (see PoolName):
// names the text of the shared training and development corpora attests,
// and lexicons' preferred names of plain English words, that the
// naturalness policy it shares with synonym replacement accepts
// (perturb/internal/english's Natural: no codes, systematic, inverted,
// foreign or qualified forms), without category names
// ("sign or symptom"), staging or finding forms ("stage IIC appendix
// cancer") or lone adjectives. A replacement keeps the mention's
// grammatical number ("seizures" -> "headaches"), fits a preceding
// "a"/"an", has at most twice the mention's words and two more, and is
// rendered by english.RunningText in the corpus's tokenization and
// running-text case, eponyms capitalized ("Maroteaux - Lamy syndrome").
// Adjectival disease mentions ("hypotensive") are left alone. A name
// must not also name a concept of the mention (the round trip), and with
// Unseen it must not be, up to Key, any gold mention of the given
// corpora.
package entityswap

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"path"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/textutil"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/internal/concepts"
	"github.com/stress-ner/stress/perturb/internal/english"
	"github.com/stress-ner/stress/perturb/internal/mention"
	"github.com/stress-ner/stress/umls"
)

// Name and suffix identify the perturbation in the registry and in
// output file names (NAME_eswap.tsv).
const (
	Name   = "entity-swap"
	suffix = "eswap"
)

// maxTries bounds the names drawn for one mention before it is left as
// it is: a draw fails on number, article or length far more often than
// a concept lacks a natural name, and draws are cheap (one lookup for
// the round trip, when the rest fits).
const maxTries = 256

// Store is what entity swap needs of a concept store; *umls.Store
// implements it.
type Store interface {
	Lookup(term string, groups ...string) ([]umls.Concept, error)
	Terms(conceptID string) ([]umls.Term, error)
	Concepts(groups ...string) ([]umls.Concept, error)
}

// Kind describes the perturbation for the registry.
var Kind = &perturb.Kind{
	Name:               Name,
	Suffix:             suffix,
	Help:               "replace selected gold mentions by a name of another concept of the same group (\"cocaine\" -> \"tetrabenazine\")",
	UsesSelection:      true,
	Mentions:           true,
	MeasuredOnMentions: true,
	Options: []perturb.Option{
		{Name: "unseen-in", Default: "", List: true, Files: true, Help: "corpora (e.g. train.tsv; comma-separated) whose gold mentions are never used as replacements"},
		{Name: "swap-db", Default: "", Input: true, Help: "concept store from 'stress umls import' (default: the embedded open lexicons)"},
		{Name: "type-map", Default: "", Help: concepts.OptionHelp},
		perDocument,
	},
	New: newFromOptions,
}

// perDocument is the option that gives every mention of a concept in a
// document one new concept (see documentSwap).
var perDocument = perturb.Option{Name: "per-document", Default: "false", Bool: true,
	Help: "one new concept for every mention of a concept in a document, so that the document's relations move with it (stress run --level sets it)"}

func init() { perturb.Register(Kind) }

func newFromOptions(m map[string]string) (perturb.Perturbation, error) {
	var unseen map[string]bool
	if files := textutil.SplitList(m["unseen-in"]); len(files) > 0 {
		var err error
		if unseen, err = mentionsOf(files...); err != nil {
			return nil, err
		}
	}
	var store *umls.Store
	var err error
	if p := m["swap-db"]; p != "" {
		store, err = umls.Open(p)
	} else {
		store, err = umls.OpenDefault()
	}
	if err != nil {
		return nil, fmt.Errorf("open concept store: %w", err)
	}
	typeMap, err := concepts.Parse(m["type-map"])
	if err == nil {
		err = concepts.CheckOptionStore(store, m["type-map"])
	}
	if err != nil {
		store.Close()
		return nil, fmt.Errorf("%w: %v", perturb.ErrOption, err)
	}
	s, err := New(store, Options{Unseen: unseen, TypeMap: typeMap})
	if err != nil {
		store.Close()
		return nil, err
	}
	s.closer = store.Close
	if perDocument.Value(m) == "true" {
		return &documentSwap{s}, nil
	}
	return s, nil
}

// mentionsOf returns the gold mentions of the corpora at paths, as Keys
// (see mention.MentionsOf).
func mentionsOf(paths ...string) (map[string]bool, error) { return mention.MentionsOf(paths...) }

// AddMentions adds the gold mentions of sents to keys, as Keys: those
// of a corpus read already.
func AddMentions(keys map[string]bool, sents []conll.Sentence) { mention.AddMentions(keys, sents) }

// MentionsOfRepaired is MentionsOf with invalid tag transitions read as
// conlleval reads them (see mention.MentionsOfRepaired).
func MentionsOfRepaired(paths ...string) (map[string]bool, error) {
	return mention.MentionsOfRepaired(paths...)
}

// Key is the form in which names are compared: umls.Normalize (case
// folded, dashes and apostrophes unified) without spaces, so that no
// tokenization ("peau d ' orange", "5 - FU") hides a name.
func Key(name string) string { return mention.Key(name) }

// Options configure a Swap.
type Options struct {
	// TypeMap maps entity types to semantic groups; nil means
	// concepts.Default (perturb/internal/concepts).
	TypeMap map[string][]string
	// Unseen holds Keys of names never to use (see mentionsOf).
	Unseen map[string]bool
	// ExcludeConcepts lists concept ids or path.Match patterns never
	// drawn; nil means the default exclusions (perturb/internal/concepts).
	ExcludeConcepts []string
}

// Swap replaces gold mentions by names of other concepts. It implements
// perturb.Perturbation and perturb.SentenceChecker and is safe for
// concurrent use.
type Swap struct {
	store   Store
	typeMap map[string][]string
	unseen  map[string]bool
	pools   map[string][]name // type -> the names of its groups' concepts a writer uses
	closer  func() error
	survey  *concepts.Surveyor // counts how the store names each type's mentions (Audit)
}

// name is one name of the pool: a well-attested name of a concept, fit
// for running text.
type name struct {
	text     string // respelled for an ASCII corpus
	key      string // Key(text)
	plural   string // the name in the plural ("" when it has none)
	isPlural bool   // the name is plural
	words    int    // its words (letter or digit runs)
	concept  umls.Concept
	term     umls.Term
	proper   map[string]bool // eponyms among its words, lower case: "maroteaux", "lamy"
}

// New returns a Swap drawing from store. It reads the names of every
// concept of the groups the type map names once, and keeps those a
// writer would use (see PoolName).
func New(store Store, opts Options) (*Swap, error) {
	s := &Swap{store: store, typeMap: opts.TypeMap, unseen: opts.Unseen, pools: map[string][]name{}}
	if s.typeMap == nil {
		s.typeMap = concepts.Default()
	}
	exclude := opts.ExcludeConcepts
	if exclude == nil {
		exclude = concepts.DefaultExcluded()
	}
	for _, p := range exclude {
		if _, err := path.Match(p, ""); err != nil {
			return nil, &perturb.OptionError{Option: "entity-swap.exclude", Value: p, Want: "a concept id or pattern"}
		}
	}
	byGroups := map[string][]name{}
	types := make([]string, 0, len(s.typeMap))
	for typ := range s.typeMap {
		types = append(types, typ)
	}
	have, err := concepts.StoreGroups(store)
	if err != nil {
		return nil, err
	}
	s.survey = concepts.NewSurveyor(store, s.typeMap, have)
	slices.Sort(types) // the pools' order decides the draws: never map order
	for _, typ := range types {
		groups := s.typeMap[typ]
		key := strings.Join(groups, "+")
		pool, ok := byGroups[key]
		if !ok {
			var err error
			if pool, err = s.pool(groups, exclude); err != nil {
				return nil, err
			}
			byGroups[key] = pool
		}
		s.pools[typ] = pool
	}
	return s, nil
}

// poolOf returns the pool and groups of entity type typ, matched
// without regard to case ("CHEMICAL" is "Chemical").
func (s *Swap) poolOf(typ string) ([]name, []string) {
	if groups, ok := s.typeMap[typ]; ok {
		return s.pools[typ], groups
	}
	for t, groups := range s.typeMap {
		if strings.EqualFold(t, typ) {
			return s.pools[t], groups
		}
	}
	return nil, nil
}

// pool returns the names of the concepts of groups that PoolName
// accepts, a name once per concept, in the store's concept order.
func (s *Swap) pool(groups, exclude []string) ([]name, error) {
	all, err := s.store.Concepts(groups...)
	if err != nil {
		return nil, err
	}
	diso := slices.Contains(groups, "DISO")
	var pool []name
	for _, c := range all {
		if excluded(c.ID, exclude) {
			continue
		}
		terms, err := s.store.Terms(c.ID)
		if err != nil {
			return nil, err
		}
		var proper map[string]bool
		seen := map[string]bool{}
		for _, t := range terms {
			if !t.Usable() {
				continue
			}
			text := english.CorpusSpelling(t.String, "a")
			k := Key(text)
			if seen[k] || PoolName(text, t, diso) != "" {
				continue
			}
			seen[k] = true
			if proper == nil && diso {
				// Chemicals are no eponyms: their capitals follow
				// locants and prefixes ("5'-Adenosine monophosphate").
				proper = eponyms(terms)
			}
			// Number is judged on the corpus tokens too: "beta-antagonists"
			// is plural as "beta - antagonists".
			plural := english.IsPlural(text) || english.IsPlural(strings.Join(english.Tokenize(text, english.TokenizePunct), " "))
			n := name{text: text, key: k, isPlural: plural, words: len(words(text)),
				concept: c, term: t, proper: proper}
			// An eponym's name has no plural a writer uses
			// ("Parkinson's diseases"), nor has a chemical's
			// ("p-coumaric acids"): a plural chemical mention takes
			// a name that is plural already.
			if p, ok := english.Plural(text); ok && diso && !plural && english.IsPlural(p) && !hasProper(text, proper) && plainPlural(text, p) {
				n.plural = p
			}
			pool = append(pool, n)
		}
	}
	return pool, nil
}

// Reasons for which PoolName keeps a name out of the pool.
const (
	rejectUnattested = "unattested" // neither in the corpora's text nor a preferred name of plain English words
	rejectGeneric    = "generic"    // a category ("sign or symptom", "chemical substance", "aggravated disease")
	rejectFinding    = "finding"    // a staging, grading or finding form ("stage IIC appendix cancer", "... present")
	rejectAdjective  = "adjective"  // a lone adjective ("hypertensive") for a disease
	rejectFragment   = "fragment"   // a chemical group's name ("dimethyl"), attested inside longer names
)

// writerSources are the lexicons whose preferred names of English words
// read as a writer's: MeSH's. DrugBank's and ChEBI's are as often
// allergen extracts, foods and ions ("plum", "blackberry", "carbonate
// ion"), NCIt's and the Disease Ontology's descriptions of a classifier
// ("benign adult cerebral neoplasm", "thoracic disorder", "trachea
// sarcoma").
var writerSources = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"MESH": true}
})

// genericWords are the words of category names: a name made of them only
// names a class, not a thing a sentence is about.
var genericWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"disease": true, "diseases": true, "disorder": true, "disorders": true, "syndrome": true, "syndromes": true,
		"symptom": true, "symptoms": true, "sign": true, "signs": true, "condition": true, "conditions": true,
		"abnormality": true, "abnormalities": true, "abnormal": true, "problem": true, "problems": true,
		"lesion": true, "lesions": true, "injury": true, "injuries": true, "illness": true, "illnesses": true,
		"finding": true, "findings": true, "state": true, "process": true, "event": true, "events": true,
		"chemical": true, "chemicals": true, "drug": true, "drugs": true, "agent": true, "agents": true,
		"substance": true, "substances": true, "compound": true, "compounds": true, "medication": true,
		"medications": true, "medicine": true, "medicines": true, "molecule": true, "molecules": true,
		"entity": true, "product": true, "products": true, "material": true, "mixture": true,
		"electron": true, "electrons": true, "proton": true, "protons": true, "ion": true, "ions": true,
		"atom": true, "atoms": true, "element": true, "elements": true, "alpha": true, "beta": true,
		"gamma": true, "delta": true, "kappa": true, "particle": true, "particles": true, "radical": true,
		"radicals": true, "salt": true, "salts": true, "metal": true, "metals": true, "acid": true, "acids": true,
		"base": true, "bases": true, "solvent": true, "solution": true, "isotope": true, "isotopes": true,
		"polymer": true, "polymers": true, "protein": true, "proteins": true, "peptide": true, "peptides": true,
		"enzyme": true, "enzymes": true, "lipid": true, "lipids": true, "hormone": true, "hormones": true,
		"vitamin": true, "vitamins": true, "antibiotic": true, "antibiotics": true, "analgesic": true,
		"analgesics": true, "systems": true, "integumentary": true, "organ": true, "organs": true,
		"tissue": true, "tissues": true, "flour": true, "food": true, "foods": true,
		"aggravated": true, "acquired": true, "general": true, "specific": true, "chronic": true, "acute": true,
		"severe": true, "mild": true, "unknown": true, "other": true, "physical": true, "organic": true,
		"inorganic": true, "mental": true, "medical": true, "clinical": true, "human": true, "pathologic": true,
		"pathological": true, "morphologic": true, "morphological": true, "anatomical": true, "group": true,
		"neoplasm": true, "neoplasms": true, "class": true, "type": true, "form": true, "site": true, "structure": true, "system": true,
	}
})

// findingWords mark staging, grading and finding forms of thesauri
// (NCIt's "Stage IIC Appendix Cancer AJCC v8", "Abundant ...
// Present"), and category or list names joined by "or"/"and".
var findingWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"stage": true, "staging": true, "grade": true, "present": true, "absent": true, "finding": true,
		"findings": true, "positive": true, "negative": true, "score": true, "status": true, "history": true,
		"level": true, "levels": true, "measurement": true, "observation": true, "result": true, "test": true,
		"or": true, "and": true, "by": true, "with": true, "without": true, "due": true, "other": true,
		"ajcc": true, "tnm": true, "category": true, "classification": true, "site": true, "unspecified": true,
		"recurrent": true, "refractory": true, "metastatic": true, "localized": true, "advanced": true,
		"resectable": true, "unresectable": true, "borderline": true, "suspected": true, "probable": true,
		"possible": true, "risk": true, "personal": true, "family": true, "exposure": true, "poisoning": true,
		"overdose": true, "allergy": true, "adverse": true, "reaction": true, "exposed": true, "use": true,
		"abuse": true, "dependence": true, "therapy": true, "treatment": true, "procedure": true, "cell": true,
		"cells": true, "ratio": true, "count": true, "increased": true, "decreased": true, "elevated": true,
		"group": true, "groups": true, "increase": true, "decrease": true, "activity": true, "activities": true, "poly": true,
		"low": true, "high": true, "normal": true, "pattern": true, "variant": true, "subtype": true,
	}
})

// PoolName reports why text, a name t of a concept (of a disease group
// when diso), is not one entity swap may put in place of a mention, or
// "" when it is. The pool holds names a writer would use: names the
// training and development text of the shared corpora uses (see
// english.Attested; the CDR annotations the store holds are such
// names), and MeSH's and the Disease Ontology's preferred names made of
// English words — what
// english.Natural accepts (no codes, systematic, inverted, foreign or
// qualified forms), without category names, staging or finding forms,
// or lone adjectives for diseases. Against the mention itself,
// Perturb applies Natural again (digits, length), number and article.
func PoolName(text string, t umls.Term, diso bool) string {
	// Attestation first: it is cheap, and rejects most names.
	if !(t.Source == "CDR" || t.Preferred && writerSources()[strings.ToUpper(t.Source)] && english.PlainEnglish(text, "")) && !english.Attested(text) {
		return rejectUnattested
	}
	ws := words(text)
	if len(ws) == 1 && t.Source != "CDR" && !t.Preferred && english.EnglishWord(ws[0]) {
		// Attested as an everyday word, not as this name: "bore" (a
		// synonym of boron), "lemon", "cosmetic".
		return rejectUnattested
	}
	if why := english.Natural(text, text); why != "" {
		return why
	}
	generic := true
	for _, w := range ws {
		if findingWords()[w] || strings.HasSuffix(w, "graphy") || strings.HasSuffix(w, "scopy") {
			return rejectFinding // also procedures: "electroencephalography"
		}
		generic = generic && (genericWords()[w] || len(w) < 2)
	}
	if generic {
		return rejectGeneric
	}
	if diso && len(ws) == 1 && english.Adjectival(ws[0]) {
		return rejectAdjective
	}
	if !diso && len(ws) == 1 && (strings.HasSuffix(ws[0], "yl") ||
		english.Adjectival(ws[0]) && !english.EnglishWord(ws[0])) {
		return rejectFragment // "dimethyl", "aminocaproic": a part of names, attested inside them
	}
	if r, _ := utf8.DecodeRuneInString(text); !unicode.IsLetter(r) && !unicode.IsDigit(r) {
		return rejectFragment // "- phe"
	}
	if r, _ := utf8.DecodeLastRuneInString(text); !unicode.IsLetter(r) && !unicode.IsDigit(r) {
		return rejectFragment // "Arg -"
	}
	return ""
}

// words returns the lower-case letter and digit runs of s.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// eponyms returns the words the names of a concept show to be proper
// nouns, lower case: a capitalized word, not an English one, before an
// eponym's head ("Gaucher Disease"); a capitalized word after the first
// in a name that
// writes other words in lower case ("Maroteaux-Lamy syndrome": lamy; a
// Title Case name says nothing), and the first word when it is joined
// by a hyphen to such a word (maroteaux) or possessive ("Parkinson's").
// Lexicons that lower-case everything ("maroteaux-lamy syndrome") then
// keep the eponym's capital through the concept's other names.
func eponyms(terms []umls.Term) map[string]bool {
	out := map[string]bool{}
	for _, t := range terms {
		toks := english.Tokenize(t.String, english.TokenizePunct)
		lower := false
		for _, w := range toks {
			if len(w) >= 3 && isLower(w) && w != "and" && w != "the" && w != "with" {
				lower = true
			}
		}
		for i, w := range toks {
			if !title(w) {
				continue
			}
			if i+1 < len(toks) && eponymHeads()[strings.ToLower(toks[i+1])] &&
				!english.EnglishWord(strings.ToLower(w)) && !english.Adjectival(w) && !strings.HasSuffix(w, "ar") {
				// "Gaucher Disease", "Papillon-Lefevre Syndrome"; not
				// "Meningococcal Disease", "Macular Dystrophy"
				out[strings.ToLower(w)] = true
				if i >= 2 && toks[i-1] == "-" && title(toks[i-2]) {
					out[strings.ToLower(toks[i-2])] = true
				}
			}
			switch {
			case !lower:
				// Title Case: a capital says nothing more.
			case i >= 2 && toks[i-1] == "-" && title(toks[i-2]) && (eponymWord(w) || eponymWord(toks[i-2])):
				out[strings.ToLower(w)] = true // "Maroteaux-Lamy"
				out[strings.ToLower(toks[i-2])] = true
			case i > 0 && isLetters(toks[i-1]) && eponymWord(w):
				// Not after a locant or prefix ("5'-Adenosine
				// monophosphate"): there a capital starts the name.
				out[strings.ToLower(w)] = true
			case len(toks) > 1 && (toks[1] == "'" || toks[1] == "’"):
				out[strings.ToLower(w)] = true
			}
		}
	}
	return out
}

// eponymHeads are the words eponyms name ("Gaucher disease").
var eponymHeads = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"disease": true, "syndrome": true, "sign": true, "anomaly": true, "palsy": true,
		"tumor": true, "tumour": true, "sarcoma": true, "lymphoma": true, "anemia": true, "ataxia": true,
		"dystrophy": true, "ulcer": true, "fever": true, "phenomenon": true, "disorder": true, "encephalopathy": true}
})

// eponymWord reports whether a capitalized word w may be a person's
// name: a proper noun or no English word ("Lamy", not "Acid" in
// "all-trans Retinoic Acid").
func eponymWord(w string) bool {
	lw := strings.ToLower(w)
	return english.ProperNoun(lw) || !english.EnglishWord(lw)
}

func isLetters(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return w != ""
}

func isLower(w string) bool {
	for _, r := range w {
		if !unicode.IsLower(r) {
			return false
		}
	}
	return true
}

// title reports a word of two letters or more: a capital, then lower case.
func title(w string) bool {
	if len(w) < 2 {
		return false
	}
	for i, r := range w {
		if i == 0 && !unicode.IsUpper(r) || i > 0 && !unicode.IsLower(r) {
			return false
		}
	}
	return true
}

func excluded(id string, patterns []string) bool {
	for _, p := range patterns {
		if ok, _ := path.Match(p, id); ok {
			return true
		}
	}
	return false
}

// Audit counts how the store names the mentions of each type of orig
// (concepts.FitSection), from which a build says which types the type
// map left and which it maps to a group that does not fit them
// (perturb.Auditor).
func (s *Swap) Audit(dst []perturb.AuditCount, doc perturb.DocState, orig, out conll.Sentence, changes []perturb.Change) []perturb.AuditCount {
	return s.survey.Audit(dst, orig)
}

// Close closes the store when s owns it (the registry's New).
func (s *Swap) Close() error {
	if s.closer != nil {
		return s.closer()
	}
	return nil
}

// conceptsOf returns the ids of the concepts of the groups that name
// text names.
func (s *Swap) conceptsOf(text string, groups []string) ([]string, error) {
	cs, err := s.store.Lookup(text, groups...)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	return ids, nil
}

// maxWords bounds the words of a replacement for a mention of n words:
// twice as many, and at most two more.
func maxWords(n int) int { return min(2*n, n+2) }

// render returns the corpus tokens that put n in place of mention (its
// tokens; start: it begins the sentence), or nil when n does not fit:
// the mention's number (a plural mention takes the name's plural), the
// word bound, english.Natural against the mention, a preceding article
// art ("" when none), and replacementRules for the mention t in its
// unit u: first on the name's own concept, then on every concept the
// store gives its text.
func (s *Swap) render(n name, mentionToks []string, mention string, plural bool, art string, start bool, style string, t *target, u *unitNames) ([]string, error) {
	c := &candidate{n: n, ids: []string{n.concept.ID}, keys: []string{n.key}, mention: mention, target: t, unit: u}
	if rejectedBy(c) != "" {
		return nil, nil
	}
	text := n.text
	switch {
	case plural && n.plural == "":
		return nil, nil
	case plural:
		text = n.plural
	case n.isPlural:
		return nil, nil
	}
	if s.unseen[Key(text)] || s.unseen[n.key] || n.words > maxWords(len(words(mention))) || english.Natural(text, mention) != "" {
		return nil, nil
	}
	// Render with a lower-case stand-in for the mention: the name is
	// another one, whose case is its own ("EPA" must not keep
	// "Eicosapentaenoic Acid" in Title Case), while a capital at the
	// start of a sentence stays.
	model := []string{"x"}
	if r, _ := utf8.DecodeRuneInString(mention); start && unicode.IsUpper(r) {
		model = []string{"X"}
	}
	toks := english.RunningText(text, model, start, style)
	for i, t := range toks {
		switch lt := strings.ToLower(t); {
		case n.proper[lt] && lt == t:
			toks[i] = capInitial(t)
		case i+1 < len(toks) && toks[i+1] == "'" && title(t) && english.EnglishWord(lt) && !english.ProperNoun(lt) && !(i == 0 && start):
			toks[i] = lt // "bird fancier's lung": an English word before a possessive is no eponym
		case genericWords()[lt] && t != lt && strings.ToUpper(t) == t && !(i == 0 && start):
			toks[i] = lt // "Glutamic ACID": a capitalized class word, not an acronym ("CREST syndrome")
		}
	}
	if len(toks) == 0 || slices.Contains(toks, "") || strings.Join(toks, " ") == mention {
		return nil, nil
	}
	if art != "" && english.Article(toks[0]) != art {
		return nil, nil
	}
	ids, err := s.conceptsOf(text, t.groups)
	if err != nil {
		return nil, err
	}
	c.ids, c.keys = append(c.ids, ids...), append(c.keys, Key(text))
	if rejectedBy(c) != "" {
		return nil, nil // the name also names a concept of the mention or its unit
	}
	return toks, nil
}

// plainPlural reports whether the word plural changes in text is a
// lower-case word of three letters or more: "hepatitis B" has no plural
// "hepatitis Bs".
func plainPlural(text, plural string) bool {
	a, b := strings.Fields(text), strings.Fields(plural)
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return len(a[i]) >= 3 && isLower(a[i])
		}
	}
	return true
}

// hasProper reports whether text has a proper noun: one of proper, or
// one SCOWL capitalizes.
func hasProper(text string, proper map[string]bool) bool {
	for _, w := range words(text) {
		if proper[w] || english.ProperNoun(w) {
			return true
		}
	}
	return false
}

// capInitial returns w with a capital initial when w begins with one
// ("x" otherwise stands for a lower-case mention).
func capInitial(w string) string {
	r, n := utf8.DecodeRuneInString(w)
	if !unicode.IsUpper(r) && !unicode.IsLower(r) {
		return w
	}
	return string(unicode.ToUpper(r)) + w[n:]
}

// Perturb replaces every gold mention with a selected token by a name of
// another concept of its type's groups drawn from the pool, when one
// fits in maxTries draws and passes replacementRules in the sentence.
// Adjectival disease mentions ("hypotensive") are left alone: the
// pool's names are nouns. Sentences that are not valid IOB2 are left
// whole.
func (s *Swap) Perturb(sent conll.Sentence, selected []bool, r *rand.Rand) (conll.Sentence, []perturb.Change) {
	if !validIOB2(sent) {
		return sent, nil
	}
	u := newUnitNames()
	ts := s.targets(sent, u)
	return apply(sent, s.plan(sent, ts, selected, func(string) *rand.Rand { return r }, u), selected)
}

func validIOB2(sent conll.Sentence) bool {
	return len(sent.Tags) == len(sent.Tokens) && len(iob.Validate(sent.Tags, iob.IOB2)) == 0
}

// target is a gold mention entity swap may replace.
type target struct {
	span   iob.Span
	pool   []name
	groups []string
	mine   []string // the store concepts its text names
	key    string   // its concept: mine[0], or "name:"+Key(mention) when the store has none
	skip   bool     // left alone: an adjectival disease mention, or a failed lookup
}

// targets returns the mentions of sent of a type with a pool, and adds
// the concepts and names of all of its mentions to u.
func (s *Swap) targets(sent conll.Sentence, u *unitNames) []target {
	var ts []target
	for _, sp := range iob.Spans(sent.Tags) {
		mention := strings.Join(sent.Tokens[sp.Start:sp.End], " ")
		u.names[Key(mention)] = true
		pool, groups := s.poolOf(sp.Type)
		if len(pool) == 0 {
			continue
		}
		t := target{span: sp, pool: pool, groups: groups, key: "name:" + Key(mention)}
		mine, err := s.conceptsOf(mention, groups)
		if err != nil {
			t.skip = true // Check reports store failures; a flaky lookup must not abort a run
		}
		for _, id := range mine {
			u.concepts[id] = true
		}
		if len(mine) > 0 {
			t.mine, t.key = mine, mine[0]
		}
		if sp.End-sp.Start == 1 && slices.Contains(groups, "DISO") && english.Adjectival(mention) {
			t.skip = true
		}
		ts = append(ts, t)
	}
	return ts
}

// edit is the replacement of one mention.
type edit struct {
	span iob.Span
	toks []string
	c    perturb.Change
}

// plan returns the replacements of the targets ts of sent with a
// selected token (every one when selected is nil), each drawing its
// names from draws(its concept's key), and records the concepts they
// introduce in u.
func (s *Swap) plan(sent conll.Sentence, ts []target, selected []bool, draws func(key string) *rand.Rand, u *unitNames) []edit {
	style := english.InferStyle(sent.Tokens)
	var edits []edit
	for i := range ts {
		t := &ts[i]
		if t.skip || selected != nil && !isSelected(selected, t.span) {
			continue
		}
		mentionToks := sent.Tokens[t.span.Start:t.span.End]
		mention := strings.Join(mentionToks, " ")
		plural := english.IsPlural(mention)
		art := ""
		if t.span.Start > 0 {
			if p := strings.ToLower(sent.Tokens[t.span.Start-1]); p == "a" || p == "an" {
				art = p
			}
		}
		r := draws(t.key)
		for range maxTries {
			n := t.pool[r.IntN(len(t.pool))]
			toks, err := s.render(n, mentionToks, mention, plural, art, t.span.Start == 0, style, t, u)
			if err != nil || toks == nil {
				continue
			}
			old := ""
			if len(t.mine) > 0 {
				old = t.mine[0]
			}
			u.introduce(n.concept.ID, t.key)
			edits = append(edits, edit{t.span, toks, perturb.Change{
				Token: t.span.Start, End: t.span.End, Kind: Name, Before: mention, After: strings.Join(toks, " "),
				ConceptID: old + "->" + n.concept.ID, Source: n.term.Source, TermType: n.term.TermType,
			}})
			break
		}
	}
	return edits
}

// isSelected reports whether a token of sp is selected.
func isSelected(selected []bool, sp iob.Span) bool {
	return sp.Start < len(selected) && slices.Contains(selected[sp.Start:min(sp.End, len(selected))], true)
}

// apply returns sent with the edits of mentions with a selected token
// made, and their changes.
func apply(sent conll.Sentence, edits []edit, selected []bool) (conll.Sentence, []perturb.Change) {
	var made []edit
	for _, e := range edits {
		if isSelected(selected, e.span) {
			made = append(made, e)
		}
	}
	if len(made) == 0 {
		return sent, nil
	}
	out, ok := mention.Replace(sent, len(made), func(k int) (iob.Span, []string) { return made[k].span, made[k].toks })
	if !ok {
		return sent, nil // cannot happen for valid IOB2; never emit a broken sentence
	}
	changes := make([]perturb.Change, len(made))
	for k, e := range made {
		changes[k] = e.c
	}
	return out, changes
}

// Check reports whether c replaces a mention by a name of a concept
// other than the mention's, not among the unseen names.
func (s *Swap) Check(c perturb.Change) error {
	old, neu, ok := strings.Cut(c.ConceptID, "->")
	if !ok || neu == "" {
		return fmt.Errorf("%w: entity swap %q -> %q without its two concepts (%q)", perturb.ErrInvalidChange, c.Before, c.After, c.ConceptID)
	}
	if old == neu {
		return fmt.Errorf("%w: %q -> %q keeps concept %s", perturb.ErrInvalidChange, c.Before, c.After, neu)
	}
	key := Key(c.After)
	if s.unseen[key] {
		return fmt.Errorf("%w: %q is a mention of the unseen-in corpora", perturb.ErrInvalidChange, c.After)
	}
	terms, err := s.store.Terms(neu)
	if err != nil {
		return fmt.Errorf("%w: terms of %s: %v", perturb.ErrInvalidChange, neu, err)
	}
	for _, t := range terms {
		name := english.CorpusSpelling(t.String, c.Before)
		if Key(name) == key {
			return nil
		}
		if p, ok := english.Plural(name); ok && Key(p) == key {
			return nil // a plural mention takes the name's plural
		}
	}
	return fmt.Errorf("%w: %q is not a name of %s", perturb.ErrInvalidChange, c.After, neu)
}

// CheckSentence verifies out against orig: valid IOB2, the same
// entities (count and types, in order), context tokens unchanged, and
// every changed mention covered by one logged change whose texts match.
func (s *Swap) CheckSentence(orig, out conll.Sentence, changes []perturb.Change) error {
	return mention.Check(orig, out, changes)
}

// documentSwap is entity swap with the option per-document: every
// mention of a concept in a document (its store concept, or its name
// when the store has none) draws its new name from one random stream,
// seeded by the run's seed, the document and the concept, so that they
// take one new concept (unless a name does not fit a mention: a plural,
// an article, a length). The text then names the new concept wherever
// it named the old one, and a document's relations move from the one to
// the other (conll/standoff's relationFollowRules). The document is the
// unit of replacementRules: its reader reads it whole
// (perturb.DocumentLookahead), and its mentions, selected or not (the
// selection is the worker's), are planned in order, so that no new
// concept is one the document names, in any sentence, or one another
// concept's swap introduced. Inputs that mark no documents are taken
// sentence by sentence. In a composition the sentence's own stream is
// used, as without the option.
type documentSwap struct {
	*Swap
}

// docUnit is the document of a sentence (perturb.DocState): a document
// number, or minus the sentence's number where the input marks none;
// with the document read whole, its plan and the sentence's index in it.
type docUnit struct {
	seed  uint64
	unit  int
	plan  *docPlan
	index int
}

// docPlan holds a document's replacements, made once by the first
// worker that needs them.
type docPlan struct {
	once  sync.Once
	swap  *Swap
	draws func(key string) *rand.Rand
	sents []conll.Sentence
	edits [][]edit // by sentence
}

// make plans the replacements of every mention of the document: first
// every mention's concepts and names, then the swaps in order.
func (p *docPlan) make() {
	u := newUnitNames()
	ts := make([][]target, len(p.sents))
	for i, sent := range p.sents {
		if validIOB2(sent) {
			ts[i] = p.swap.targets(sent, u)
		}
	}
	p.edits = make([][]edit, len(p.sents))
	for i, sent := range p.sents {
		p.edits[i] = p.swap.plan(sent, ts[i], nil, p.draws, u)
	}
}

type docReader struct {
	swap      *Swap
	seed      uint64
	doc, sent int
	marksSeen bool
}

// NewDocumentReader returns a reader that numbers the documents
// (perturb.DocumentPerturbation) and plans each document read whole
// (perturb.DocumentLookahead).
func (d *documentSwap) NewDocumentReader(run perturb.RunInfo) perturb.DocumentReader {
	return &docReader{swap: d.Swap, seed: run.Seed}
}

// Observe returns the document of s, without a plan: its sentence is
// then its unit.
func (r *docReader) Observe(s conll.Sentence) perturb.DocState {
	r.sent++
	if s.DocStart {
		r.doc++
		r.marksSeen = true
	}
	if !r.marksSeen {
		return docUnit{seed: r.seed, unit: -r.sent}
	}
	return docUnit{seed: r.seed, unit: r.doc}
}

// ObserveDocument returns the document of each sentence of doc, with
// the document's plan (perturb.DocumentLookahead).
func (r *docReader) ObserveDocument(doc []conll.Sentence) []perturb.DocState {
	out := make([]perturb.DocState, len(doc))
	p := &docPlan{swap: r.swap, sents: make([]conll.Sentence, len(doc))}
	for i, s := range doc {
		u := r.Observe(s).(docUnit)
		p.draws = u.draws() // one document: the same for every sentence
		p.sents[i] = conll.Sentence{Tokens: slices.Clone(s.Tokens), Tags: slices.Clone(s.Tags)}
		u.plan, u.index = p, i
		out[i] = u
	}
	return out
}

// draws returns the random stream of a concept of key in the unit.
func (u docUnit) draws() func(key string) *rand.Rand {
	return func(key string) *rand.Rand {
		h := fnv.New64a()
		fmt.Fprintf(h, "%d\x00%s", u.unit, key)
		return rand.New(rand.NewPCG(u.seed, h.Sum64()))
	}
}

// PerturbInDocument is Perturb with one random stream per concept and
// document, and the document as the unit of replacementRules when its
// reader read it whole (perturb.DocumentPerturbation).
func (d *documentSwap) PerturbInDocument(st perturb.DocState, s conll.Sentence, selected []bool, r *rand.Rand) (conll.Sentence, []perturb.Change) {
	u, ok := st.(docUnit)
	if !ok {
		return d.Perturb(s, selected, r)
	}
	if !validIOB2(s) {
		return s, nil
	}
	if u.plan == nil {
		un := newUnitNames()
		return apply(s, d.plan(s, d.targets(s, un), selected, u.draws(), un), selected)
	}
	u.plan.once.Do(u.plan.make)
	return apply(s, u.plan.edits[u.index], selected)
}

// MentionOutcomesInDocument reports nothing: entity swap is no
// perturb.MentionReporter (perturb.DocumentPerturbation).
func (d *documentSwap) MentionOutcomesInDocument(perturb.DocState, conll.Sentence) []perturb.MentionOutcome {
	return nil
}
