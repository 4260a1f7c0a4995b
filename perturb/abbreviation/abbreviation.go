// Package abbreviation implements the abbreviation perturbation (kind
// "abbreviation"): an abbreviation is swapped with the long form its
// document defined, "doxorubicin ( DOX )" then "DOX" -> "doxorubicin"
// (direction expand, the default) or "doxorubicin" -> "DOX" (contract).
//
// Most abbreviation mentions (DOX, 5 - FU, STZ, FAP) mean what their
// abstract says they mean, not what a lexicon says (PAN is
// polyacrylonitrile in one abstract, puromycin aminonucleoside in
// another), so the text is the source: a mention after a definition
// (perturb/internal/abbrev finds them) becomes the other side of it,
// which keeps the concept by construction. A defining sentence is never
// changed, nor either side of any "X ( Y )" pair of mentions. In
// documents marked by -DOCSTART- (and in PubTator, BioC and brat input)
// a definition holds to the document's end; without marks, for
// abbreviationWindow (20) sentences, and not past an opening heading
// ("BACKGROUND :") that follows another abstract's sections. A
// replacement is refused where the sentence around it would read wrong
// (siteRules, sentenceRules, numberFits: grammar.go), and a long form is not contracted once the
// document wrote it out again after its definition (the writer keeps
// it, or the definition is another abstract's). When expanding, an abbreviation its
// document does not define may still be written out when the training
// corpora always define it the same way and the concept store agrees
// ("GABA", "NMDA": standard long forms, option standard-long-forms).
//
// The two directions measure different things: expanded abbreviations
// tell how much a model relies on the short forms it saw in training
// (most taggers find written-out names more easily), contracted long
// forms how it copes with a short form it must tag from context alone.
// The kind picks its own targets (Kind.Mentions): --rate chooses a share
// of them (perturb.SelectMentions), nested across rates.
package abbreviation

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/internal/abbrev"
	"github.com/stress-ner/stress/perturb/internal/concepts"
	"github.com/stress-ner/stress/perturb/internal/english"
	"github.com/stress-ner/stress/perturb/internal/mention"
	"github.com/stress-ner/stress/umls"
)

// Name and Suffix identify the perturbation in the registry and in
// output file names (NAME_abbr.tsv).
const (
	Name   = "abbreviation"
	Suffix = "abbr"
)

// Directions.
const (
	Expand   = "expand"   // an abbreviation becomes its long form
	Contract = "contract" // a long form becomes its abbreviation
)

// abbreviationWindow is the number of sentences after a definition in
// which it holds when the input does not mark documents (-DOCSTART-):
// a long abstract. Measured on BC5CDR devel, whose sentences map to the
// CDR development documents: with 10, 15 and 20 sentences the
// replacements by long forms are 384, 402 and 404, and none of them uses
// a definition from another document.
const abbreviationWindow = 20

// Change.Source and Change.TermType of the replacements.
const (
	sourceText    = "TEXT"    // the document's definition
	sourceCorpora = "CORPORA" // the training corpora's definitions
	// termLongForm: an abbreviation replaced by the long form its
	// document defined.
	termLongForm = "long form"
	// termStandardLongForm: an abbreviation its document does not
	// define, replaced by the long form the training corpora always
	// give it (english.StandardLongForm).
	termStandardLongForm = "standard long form"
	// termShortForm: a long form replaced by the abbreviation its
	// document defined for it.
	termShortForm = "short form"
)

// Outcomes of a mention, as counted in statistics.
const (
	outcomeReplaced    = "replaced"
	outcomeDefinition  = "in a definition" // in a defining sentence, or one side of an "X ( Y )" pair
	outcomeNotSelected = "not selected"    // left by --rate
	outcomeUndefined   = "undefined"       // an abbreviation its document does not define
	outcomeOther       = "no abbreviation" // neither an abbreviation nor a defined long form
	outcomeFiltered    = "filtered"        // a long form too long or systematic to write out, or one that does not take the article before it
	outcomeNoType      = "unmapped type"   // the entity type maps to no semantic group
)

// maxLongWords is the most words (english.WordCount) of a long form
// written out.
const maxLongWords = 6

// Option names.
const (
	optionDirection = "direction"
	optionStandard  = "standard-long-forms"
	optionDB        = "db"
	optionTypeMap   = "type-map"
)

// standardOption is the option of standard long forms.
var standardOption = perturb.Option{Name: optionStandard, Default: "true", Bool: true,
	Help: "write out an abbreviation that its document does not define when the training corpora always define it the same way (GABA, NMDA)"}

// Store is what the kind needs of a concept store; *umls.Store
// implements it.
type Store interface {
	Lookup(term string, groups ...string) ([]umls.Concept, error)
}

// Kind describes the perturbation for the registry.
var Kind = &perturb.Kind{
	Name:   Name,
	Suffix: Suffix,
	Help:   "swap an abbreviation and the long form its document defined (\"DOX\" -> \"doxorubicin\"; --direction contract: back)",
	Options: []perturb.Option{
		{Name: optionDirection, Default: Expand, Help: "expand (an abbreviation becomes its long form) or contract (a long form becomes its abbreviation)"},
		standardOption,
		{Name: optionDB, Default: "", Input: true, Help: "concept store from 'stress umls import' (default: the embedded open lexicons)"},
		{Name: optionTypeMap, Default: "", Help: concepts.OptionHelp},
	},
	Mentions:           true,
	MeasuredOnMentions: true,
	Avoidable:          true,
	New:                newFromOptions,
}

func init() { perturb.Register(Kind) }

// Options configure an Abbreviator.
type Options struct {
	Direction string // Expand or Contract
	// StandardLongForms writes out undefined abbreviations the training
	// corpora always define alike (Expand only).
	StandardLongForms bool
	// TypeMap maps entity types to semantic groups; nil means
	// concepts.Default.
	TypeMap map[string][]string
	// ExcludeConcepts are never taken as the store's word (nil:
	// concepts.DefaultExcluded).
	ExcludeConcepts []string
}

// Abbreviator swaps abbreviations and long forms. It implements
// perturb.Perturbation, perturb.DocumentPerturbation,
// perturb.SentenceChecker and perturb.Auditor, and is safe for
// concurrent use.
type Abbreviator struct {
	store    Store
	opts     Options
	typeMap  concepts.Map
	excluded *concepts.Excluded
	survey   *concepts.Surveyor // counts how the store names each type's mentions (Audit)
	closer   func() error

	mu    sync.Mutex
	cache map[string]bool // store answers: "s"+type+short+long (same concept), "l"+type+short (standard form agreed)
}

// New returns an Abbreviator using store, which it does not close.
func New(store Store, opts Options) (*Abbreviator, error) {
	switch opts.Direction {
	case Expand, Contract:
	default:
		return nil, &perturb.OptionError{Option: Name + "." + optionDirection, Value: opts.Direction, Want: "expand or contract"}
	}
	a := &Abbreviator{store: store, opts: opts, typeMap: opts.TypeMap, cache: map[string]bool{}}
	if a.typeMap == nil {
		a.typeMap = concepts.Default()
	}
	ex := opts.ExcludeConcepts
	if ex == nil {
		ex = concepts.DefaultExcluded()
	}
	var err error
	if a.excluded, err = concepts.NewExcluded(ex); err != nil {
		return nil, err
	}
	have, err := concepts.StoreGroups(store)
	if err != nil {
		return nil, err
	}
	a.survey = concepts.NewSurveyor(store, a.typeMap, have)
	return a, nil
}

// openDefault opens the embedded default store.
var openDefault = func() (*umls.Store, error) { return umls.OpenDefault() }

func newFromOptions(m map[string]string) (perturb.Perturbation, error) {
	opts := Options{Direction: m[optionDirection]}
	if opts.Direction == "" {
		opts.Direction = Expand
	}
	var err error
	if opts.StandardLongForms, err = standardOption.BoolValue(m); err != nil {
		return nil, err
	}
	if opts.TypeMap, err = concepts.Parse(m[optionTypeMap]); err != nil {
		return nil, err
	}
	var store *umls.Store
	if p := m[optionDB]; p != "" {
		store, err = umls.Open(p)
	} else {
		store, err = openDefault()
	}
	if err != nil {
		return nil, fmt.Errorf("open concept store: %w", err)
	}
	if err := concepts.CheckOptionStore(store, m[optionTypeMap]); err != nil {
		store.Close()
		return nil, err
	}
	a, err := New(store, opts)
	if err != nil {
		store.Close()
		return nil, err
	}
	a.closer = store.Close
	return a, nil
}

// Close closes the store when a owns it (the registry's New).
func (a *Abbreviator) Close() error {
	if a.closer != nil {
		return a.closer()
	}
	return nil
}

// diso reports whether entity type typ maps to disorders (DISO).
func (a *Abbreviator) diso(typ string) bool { return slices.Contains(a.typeMap.Groups(typ), "DISO") }

// sameConcept reports whether the store names one concept of a group
// fitting typ by both short and long (typ "": any group): a definition
// whose letters do not match ("carmustine ( BCNU )").
func (a *Abbreviator) sameConcept(typ, short, long string) bool {
	key := "s" + typ + "\x00" + short + "\x00" + long
	a.mu.Lock()
	v, ok := a.cache[key]
	a.mu.Unlock()
	if ok {
		return v
	}
	var groups []string
	if typ != "" {
		if groups = a.typeMap.Groups(typ); len(groups) == 0 {
			return false
		}
	}
	shorts, err := a.store.Lookup(english.LookupForm(short), groups...)
	if err == nil && len(shorts) > 0 {
		var longs []umls.Concept
		if longs, err = a.store.Lookup(english.LookupForm(long), groups...); err == nil {
			v = slices.ContainsFunc(shorts, func(c umls.Concept) bool {
				return !a.excluded.Has(c.ID) && slices.ContainsFunc(longs, func(x umls.Concept) bool { return x.ID == c.ID })
			})
		}
	}
	a.mu.Lock()
	a.cache[key] = v
	a.mu.Unlock()
	return v
}

// standardLongForm returns english.StandardLongForm(typ, short) when the
// option allows it and the store does not contradict it: every concept
// of a fitting group that short names must be named by the long form too
// ("CM" names cutaneous mastocytosis, not only cardiomyopathy).
func (a *Abbreviator) standardLongForm(typ, short string) string {
	long := english.StandardLongForm(typ, short)
	if long == "" || !a.opts.StandardLongForms {
		return ""
	}
	key := "l" + typ + "\x00" + short
	a.mu.Lock()
	ok, cached := a.cache[key]
	a.mu.Unlock()
	if !cached {
		ok = true
		shorts, err := a.store.Lookup(english.LookupForm(short), a.typeMap.Groups(typ)...)
		if err == nil && len(shorts) > 0 {
			var longs []umls.Concept
			if longs, err = a.store.Lookup(english.LookupForm(long)); err == nil {
				for _, c := range shorts {
					if !a.excluded.Has(c.ID) && !slices.ContainsFunc(longs, func(x umls.Concept) bool { return x.ID == c.ID }) {
						ok = false
					}
				}
			}
		}
		if err != nil {
			ok = false // a failing store vouches for nothing
		}
		a.mu.Lock()
		a.cache[key] = ok
		a.mu.Unlock()
	}
	if !ok {
		return ""
	}
	return long
}

// sentenceContext is what one sentence may use: the definitions before
// it (most recent last), whether it defines one itself, and the run.
type sentenceContext struct {
	before   []abbrev.Definition
	defining bool
	run      perturb.RunInfo
	// longKept holds the definitions (longKey) whose long form a sentence
	// after them wrote out again, with no use of the short form since.
	longKept map[string]bool
	// written holds the abbreviations written in parentheses after a
	// word before s and in s (abbrev.FindWritten), definitions or not.
	written []abbrev.Written
}

// longKey identifies a definition in sentenceContext.longKept.
func longKey(d abbrev.Definition) string { return d.Type + "\x00" + d.Short }

// reader keeps the definitions of one input (perturb.DocumentReader).
type reader struct {
	a      *Abbreviator
	run    perturb.RunInfo
	docs   bool                  // the input marks documents: definitions hold to the document's end
	window [][]abbrev.Definition // without marks, the last sentences' definitions, oldest first
	defs   []abbrev.Definition   // what the next sentence may use
	// writtenWindow and written are window and defs for the
	// abbreviations written in parentheses (abbrev.FindWritten).
	writtenWindow [][]abbrev.Written
	written       []abbrev.Written
	opened        bool // the last heading opened an abstract ("BACKGROUND :")
	// longKept is sentenceContext.longKept for the next sentence; a new
	// map whenever it changes, since the contexts handed out share it.
	longKept map[string]bool
}

// NewDocumentReader returns a reader of one input's definitions
// (perturb.DocumentPerturbation).
func (a *Abbreviator) NewDocumentReader(run perturb.RunInfo) perturb.DocumentReader {
	return &reader{a: a, run: run}
}

// Observe returns the context of s and adds s's definitions to those of
// the sentences after it.
func (r *reader) Observe(s conll.Sentence) perturb.DocState {
	if s.DocStart {
		r.docs, r.window, r.defs, r.longKept = true, nil, nil, nil // a new document defines its own
		r.writtenWindow, r.written = nil, nil
	}
	if !r.docs {
		// Without marks, an opening heading after the sections of
		// another abstract (or none) begins a new abstract, whose title
		// is the sentence before: what was defined before the title
		// belongs to the abstract before. Measured on BC5CDR devel (the
		// CDR development titles): 100 of its 473 titles are found so,
		// none wrongly.
		if h := heading(s.Tokens); h != "" {
			if opening(h) && !r.opened && len(r.window) > 1 {
				r.window = r.window[len(r.window)-1:]
				r.defs = slices.Clone(r.window[0])
				r.writtenWindow = r.writtenWindow[len(r.writtenWindow)-1:]
				r.written = slices.Clone(r.writtenWindow[0])
			}
			r.opened = opening(h)
		}
	}
	own := abbrev.Find(s, r.a.sameConcept)
	written := abbrev.FindWritten(s)
	if len(written) > 0 {
		r.written = append(slices.Clip(r.written), written...)
	}
	sc := &sentenceContext{before: r.defs, defining: len(own) > 0, run: r.run, longKept: r.longKept, written: r.written}
	r.keepLong(s, own)
	if r.docs {
		if len(own) > 0 {
			r.defs = append(slices.Clip(r.defs), own...)
		}
		return sc
	}
	r.writtenWindow = append(r.writtenWindow, written)
	if len(r.writtenWindow) > abbreviationWindow {
		if len(r.writtenWindow[0]) > 0 {
			r.written = slices.Concat(r.writtenWindow[1:]...)
		}
		r.writtenWindow = r.writtenWindow[1:]
	}
	changed := len(own) > 0
	r.window = append(r.window, own)
	if len(r.window) > abbreviationWindow {
		changed = changed || len(r.window[0]) > 0
		r.window = r.window[1:]
	}
	if changed {
		var all []abbrev.Definition
		for _, ds := range r.window {
			all = append(all, ds...)
		}
		r.defs = all
	}
	return sc
}

// keepLong updates r.longKept after sentence s, which defines own: a
// long form written out again marks its definition, a use of the short
// form or a new definition clears the mark.
func (r *reader) keepLong(s conll.Sentence, own []abbrev.Definition) {
	if len(iob.Validate(s.Tags, iob.IOB2)) > 0 || len(s.Tags) != len(s.Tokens) {
		return
	}
	next, copied := r.longKept, false
	set := func(k string, v bool) {
		if next[k] == v {
			return
		}
		if !copied {
			next, copied = maps.Clone(r.longKept), true
			if next == nil {
				next = map[string]bool{}
			}
		}
		next[k] = v
	}
	if len(own) == 0 {
		for _, sp := range iob.Spans(s.Tags) {
			text := strings.Join(s.Tokens[sp.Start:sp.End], " ")
			short := english.Compact(text)
			for _, d := range r.defs {
				switch {
				case d.Type != sp.Type:
				case d.Short == short:
					set(longKey(d), false)
				case strings.EqualFold(d.LongText(), text):
					set(longKey(d), true)
				}
			}
		}
	}
	for _, d := range own {
		set(longKey(d), false)
	}
	r.longKept = next
}

// openingHeadings are the headings that open a structured abstract,
// right after its title ("BACKGROUND :", "STUDY OBJECTIVE :").
var openingHeadings = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"BACKGROUND": true, "OBJECTIVE": true, "OBJECTIVES": true, "AIM": true,
		"AIMS": true, "PURPOSE": true, "INTRODUCTION": true, "CONTEXT": true, "RATIONALE": true, "STUDY OBJECTIVE": true,
		"STUDY OBJECTIVES": true, "HYPOTHESIS": true, "IMPORTANCE": true}
})

// heading returns the heading toks start with (english.Heading),
// words in capitals before ":" ("BACKGROUND AND PURPOSE"), or "".
func heading(toks []string) string {
	if n := english.Heading(toks); n > 0 {
		return strings.Join(toks[:n-1], " ")
	}
	return ""
}

// opening reports whether heading h opens an abstract: its first words
// are an opening heading ("BACKGROUND AND PURPOSE", "STUDY OBJECTIVE").
func opening(h string) bool {
	w := strings.Fields(h)
	return len(w) > 0 && (openingHeadings()[w[0]] || len(w) > 1 && openingHeadings()[w[0]+" "+w[1]])
}

// edit is one planned replacement.
type edit struct {
	span         iob.Span
	toks         []string
	term, source string
}

// plan returns the replacements of s and the outcome of each gold
// mention, given its context (nil: no definitions, every mention
// selected). It is deterministic: PerturbInDocument, MentionOutcomesInDocument
// and Audit agree on it.
func (a *Abbreviator) plan(sc *sentenceContext, s conll.Sentence) ([]edit, []string) {
	if len(iob.Validate(s.Tags, iob.IOB2)) > 0 || len(s.Tags) != len(s.Tokens) {
		return nil, nil
	}
	spans := iob.Spans(s.Tags)
	if len(spans) == 0 {
		return nil, nil
	}
	outcomes := make([]string, len(spans))
	var selected []bool
	if sc != nil {
		selected = perturb.SelectMentions(sc.run.Seed, sc.run.Selection.Rate, s, spans)
	}
	pairs := abbrev.Pairs(s)
	var edits []edit
	planned := make([]edit, len(spans))
	for k, sp := range spans {
		switch {
		case len(a.typeMap.Groups(sp.Type)) == 0:
			outcomes[k] = outcomeNoType
			continue
		case sc != nil && sc.defining || abbrev.Defines(pairs, sp):
			outcomes[k] = outcomeDefinition
			continue
		}
		var e edit
		if a.opts.Direction == Contract {
			e, outcomes[k] = a.contract(sc, s, sp)
		} else {
			e, outcomes[k] = a.expand(sc, s, sp)
		}
		if outcomes[k] != outcomeReplaced {
			continue
		}
		planned[k] = e
	}
	dropUnmatched(s, spans, outcomes, outcomeFiltered)
	if selected != nil {
		for k := range spans {
			if outcomes[k] == outcomeReplaced && !selected[k] {
				outcomes[k] = outcomeNotSelected
			}
		}
		// A mention the rate leaves unmakes the replacements the
		// sentence rules tie to it: what a rate changes stays within
		// what a higher rate changes.
		dropUnmatched(s, spans, outcomes, outcomeNotSelected)
	}
	for k := range spans {
		if outcomes[k] == outcomeReplaced {
			edits = append(edits, planned[k])
		}
	}
	return edits, outcomes
}

// expand plans abbreviation mention sp of s as its long form: the one
// defined before s, else its standard one.
func (a *Abbreviator) expand(sc *sentenceContext, s conll.Sentence, sp iob.Span) (edit, string) {
	text := strings.Join(s.Tokens[sp.Start:sp.End], " ")
	short := english.Compact(text)
	var toks []string
	e := edit{span: sp, term: termLongForm, source: sourceText}
	if d, ok := sc.latest(func(d abbrev.Definition) bool { return d.Type == sp.Type && d.Short == short }); ok {
		if !writable(d.LongText(), text) {
			// The text's own name, but a systematic or long one: "N - ( 2
			// - hydroxypropyl ) methacrylamide".
			return e, outcomeFiltered
		}
		toks = runningLong(d)
		var ok bool
		if toks, ok = numberFits(s, sp, short, toks); !ok {
			return e, outcomeFiltered
		}
	} else if d, ok := sc.latest(func(d abbrev.Definition) bool { return d.Type == sp.Type && short == pluralShort(d.Short) }); ok {
		// The plural of a defined abbreviation ("BSs" after "bile salt (
		// BS )") is the plural of its long form, when English has one
		// ("bile salts"; not "hypertension").
		long, plural := english.Plural(d.LongText())
		if !plural || !writable(long, text) {
			return e, outcomeFiltered
		}
		toks = strings.Fields(long)
		d.Long = toks
		toks = runningLong(d)
	} else if !umls.IsAbbreviation(short) {
		return e, outcomeOther
	} else if long := a.standardLongForm(sp.Type, short); long != "" && writable(long, text) {
		toks, e.term, e.source = strings.Fields(long), termStandardLongForm, sourceCorpora
	} else {
		return e, outcomeUndefined
	}
	if english.SentenceStart(s.Tokens, sp.Start) {
		toks = english.Capitalize(toks, "X")
	}
	if siteRefused(site{dir: Expand, s: s, sp: sp, toks: toks, diso: a.diso(sp.Type), standard: e.term == termStandardLongForm, written: sc.writtenAbbreviations()}) != "" {
		return e, outcomeFiltered
	}
	return e.with(s, toks, text)
}

// contract plans mention sp of s, a long form defined before s, as its
// abbreviation, written as the definition wrote it.
func (a *Abbreviator) contract(sc *sentenceContext, s conll.Sentence, sp iob.Span) (edit, string) {
	text := strings.Join(s.Tokens[sp.Start:sp.End], " ")
	e := edit{span: sp, term: termShortForm, source: sourceText}
	d, ok := sc.latest(func(d abbrev.Definition) bool {
		return d.Type == sp.Type && strings.EqualFold(d.LongText(), text)
	})
	if !ok {
		return e, outcomeOther
	}
	toks := slices.Clone(d.ShortToks)
	if d.Outside > 0 {
		// "maternal phenylketonuria ( PKU )": the short form would drop
		// the words its letters leave out, and the document may use it
		// for the rest alone ("mild PKU", "patients with PKU").
		return e, outcomeFiltered
	}
	if sc.longKept[longKey(d)] {
		// The long form was written out again after the definition
		// with no use of the short form since: the writer keeps the
		// long form, or the definition is another abstract's (a
		// document's first sentences repeat its topic's name).
		return e, outcomeFiltered
	}
	if english.Alnum(d.Short) < 2 || english.InTitle(s.Tokens, sp.Start, sp.End) {
		// A one-letter short form ("isoflurane ( I )") reads as anything
		// once alone; a title's name ("Unified Parkinson ' s Disease
		// Rating Scale") is written as it is.
		return e, outcomeFiltered
	}
	if siteRefused(site{dir: Contract, s: s, sp: sp, toks: toks, diso: a.diso(sp.Type)}) != "" {
		return e, outcomeFiltered
	}
	return e.with(s, toks, text)
}

// pluralShort returns the plural of abbreviation short, as writers make
// it: "BS" -> "BSs", "OC" -> "OCs"; "" for one that is plural already or
// no acronym.
func pluralShort(short string) string {
	if !english.IsAcronym(short) || strings.HasSuffix(short, "s") {
		return ""
	}
	return short + "s"
}

// commonWord reports whether capitalized token i of toks is a common
// English word, not a person's or a foreign name ("Symptom", not
// "Pointes", "Dreifuss", "Parkinson").
func commonWord(toks []string, i int) bool {
	w := strings.ToLower(toks[i])
	return english.EnglishWord(w) && !english.ProperNoun(w) && !english.Eponym(toks, i)
}

// with completes e, the plan of a mention of s written text, with toks
// in its place: filtered when the article before the mention no longer
// fits, no change when the tokens are the same.
func (e edit) with(s conll.Sentence, toks []string, text string) (edit, string) {
	if art := english.ArticleBefore(s.Tokens, e.span.Start); art != "" && english.Article(toks[0]) != art {
		return e, outcomeFiltered
	}
	if strings.Join(toks, " ") == text {
		return e, outcomeOther
	}
	e.toks = toks
	return e, outcomeReplaced
}

// writtenAbbreviations returns sc.written; nil for no context.
func (sc *sentenceContext) writtenAbbreviations() []abbrev.Written {
	if sc == nil {
		return nil
	}
	return sc.written
}

// latest returns the most recent definition before the sentence that ok
// accepts.
func (sc *sentenceContext) latest(ok func(abbrev.Definition) bool) (abbrev.Definition, bool) {
	if sc == nil {
		return abbrev.Definition{}, false
	}
	for i := len(sc.before) - 1; i >= 0; i-- {
		if ok(sc.before[i]) {
			return sc.before[i], true
		}
	}
	return abbrev.Definition{}, false
}

// writable reports whether long, a long form the text wrote or the
// training corpora give, may replace the abbreviation short in running
// text: natural (english.NaturalInText: no systematic name, locant,
// code, bracket or stray punctuation), of at most maxLongWords words.
// An abbreviation stands for a long name by nature, so a long form may
// have many more tokens than it ("restless legs syndrome" for "RLS").
func writable(long, short string) bool {
	why := english.NaturalInText(long, short)
	return (why == "" || why == english.RejectLength) && english.WordCount(long) <= maxLongWords
}

// runningLong returns the long-form tokens of definition d as running
// text. The capital of the first word goes when it belonged to the
// defining sentence and not to the name (capitalRules, in order: the
// first that decides wins).
func runningLong(d abbrev.Definition) []string {
	toks := slices.Clone(d.Long)
	if len(toks) == 0 || !english.TitleWord(toks[0]) {
		return lowerStray(toks)
	}
	for _, r := range capitalRules {
		if keep, ok := r.decide(d, toks); ok {
			if !keep {
				// The sentence's capitals go, and those of a name in
				// Title Case ("Extrapyramidal Symptom ( EPS ) rating
				// scales", "Metachromatic Leukodystrophy ( MLD )"); a
				// person's or foreign name's stay ("Lou Gehrig").
				toks[0] = strings.ToLower(toks[0])
				for i := 1; i < len(toks); i++ {
					if english.TitleWord(toks[i]) && (commonWord(toks, i) || medicalWord(toks, i)) {
						toks[i] = strings.ToLower(toks[i])
					}
				}
			}
			return lowerStray(toks)
		}
	}
	return lowerStray(toks)
}

// lowerStray lowers the capital of a disease or chemical word after a
// lower-case word of a long form written in running case: "X - linked
// Adrenoleukodystrophy ( X - ALD )" is "X - linked
// adrenoleukodystrophy" (a reading of NCBI-disease train flagged the
// stray capital). A person's name keeps its ("juvenile Parkinson").
func lowerStray(toks []string) []string {
	for i := 1; i < len(toks); i++ {
		prev := toks[i-1]
		if english.TitleWord(toks[i]) && medicalWord(toks, i) && english.IsLetters(prev) &&
			strings.ToLower(prev) == prev && !english.SmallWord(prev) {
			toks[i] = strings.ToLower(toks[i])
		}
	}
	return toks
}

// medicalSuffixes end the words of diseases and tissues that are no
// person's name ("leukodystrophy", "xanthomatosis", "nephritis").
var medicalSuffixes = []string{"trophy", "osis", "itis", "emia", "aemia", "pathy", "oma", "plasia", "algia", "uria",
	"ectasia", "penia", "rrhea", "rrhoea", "plegia", "iasis", "lepsy", "cardia", "megaly"}

// medicalWord reports whether capitalized token i of toks is a medical
// word by its ending, not a person's name.
func medicalWord(toks []string, i int) bool {
	w := strings.ToLower(toks[i])
	if english.ProperNoun(w) || english.Eponym(toks, i) {
		return false
	}
	return slices.ContainsFunc(medicalSuffixes, func(s string) bool { return strings.HasSuffix(w, s) && len(w) > len(s)+2 })
}

// capitalRule decides whether the capitalized first word of a long form
// keeps its capital in running text (keep), or does not decide (!ok).
type capitalRule struct {
	name   string
	decide func(d abbrev.Definition, toks []string) (keep, ok bool)
}

// capitalRules are the rules of runningLong, in order.
var capitalRules = []capitalRule{
	// A person's name: "Angelman syndrome", "Wilms tumor", "Parkinson".
	{"eponym", func(_ abbrev.Definition, toks []string) (bool, bool) {
		return true, english.Eponym(toks, 0)
	}},
	// Joined by a hyphen to a capitalized word: two names of one eponym
	// ("Papillon - Lefevre syndrome", "Haim - Munk syndrome"), whatever
	// English word the first may also be.
	{"hyphened names", func(_ abbrev.Definition, toks []string) (bool, bool) {
		return true, len(toks) > 2 && toks[1] == "-" && english.TitleWord(toks[2])
	}},
	// A chemist's atom before a Greek letter: "Nomega - nitro - L -
	// arginine".
	{"atom locant", func(_ abbrev.Definition, toks []string) (bool, bool) {
		return true, atomGreek(toks[0])
	}},
	// Title Case throughout, three words or more: "Acute Physiology and Chronic Health
	// Evaluation", a title the writer does not change.
	{"title case", func(_ abbrev.Definition, toks []string) (bool, bool) {
		words, titled := 0, 0
		for _, t := range toks {
			if english.IsLetters(t) && !english.SmallWord(strings.ToLower(t)) {
				words++
				if english.TitleWord(t) {
					titled++
				}
			}
		}
		return true, words > 2 && titled == words
	}},
	// Written with its capital in mid-sentence, a disease name whose
	// head eponyms name or that has another capitalized word that is no
	// common English word: the capital is the name's ("leading to Duchenne muscular dystrophy (
	// DMD )", "cause Torsade de Pointes ( TdP )").
	{"mid-sentence name", func(d abbrev.Definition, toks []string) (bool, bool) {
		if d.AtStart {
			return false, false
		}
		if english.EponymHead(strings.ToLower(toks[len(toks)-1])) {
			return true, true
		}
		for i := 1; i < len(toks); i++ {
			if english.TitleWord(toks[i]) && !commonWord(toks, i) {
				return true, true
			}
		}
		return false, false
	}},
	// Otherwise the capital is the sentence's (its start, a heading) or
	// the writer's habit ("with Streptozotocin ( STZ )"): it goes.
	{"sentence capital", func(abbrev.Definition, []string) (bool, bool) { return false, true }},
}

// atomGreek reports a word made of an atom's letter and a Greek letter
// spelled out ("Nomega", "Nalpha"): a locant, whose capital is the
// atom's.
func atomGreek(w string) bool {
	if len(w) < 3 || !strings.ContainsRune("NOSCP", rune(w[0])) {
		return false
	}
	for _, g := range []string{"alpha", "beta", "gamma", "delta", "epsilon", "omega"} {
		if w[1:] == g {
			return true
		}
	}
	return false
}

// Perturb is PerturbInDocument without context: only standard long forms,
// which need none.
func (a *Abbreviator) Perturb(s conll.Sentence, selected []bool, r *rand.Rand) (conll.Sentence, []perturb.Change) {
	return a.PerturbInDocument(nil, s, selected, r)
}

// PerturbInDocument replaces the mentions plan selects
// (perturb.DocumentPerturbation). selected and r are not used: mentions
// are selected by perturb.SelectMentions and every choice is the text's.
func (a *Abbreviator) PerturbInDocument(doc perturb.DocState, s conll.Sentence, _ []bool, _ *rand.Rand) (conll.Sentence, []perturb.Change) {
	sc, _ := doc.(*sentenceContext)
	edits, _ := a.plan(sc, s)
	return mention.Apply(s, len(edits), func(k int) (iob.Span, []string, perturb.Change) {
		e := edits[k]
		return e.span, e.toks, perturb.Change{Kind: Name, Source: e.source, TermType: e.term}
	})
}

// Check reports whether c is a valid change of this kind: the two sides
// are an abbreviation and its long form (by their letters, or by the
// store).
func (a *Abbreviator) Check(c perturb.Change) error {
	short, long := c.Before, c.After
	switch {
	case c.TermType == termShortForm && c.Source == sourceText:
		short, long = c.After, c.Before
	case c.TermType == termLongForm && c.Source == sourceText, c.TermType == termStandardLongForm && c.Source == sourceCorpora:
	default:
		return fmt.Errorf("%w: %q -> %q is no %s change", perturb.ErrInvalidChange, c.Before, c.After, Name)
	}
	if abbrev.Match(english.Compact(short), long, "", a.sameConcept) == "" {
		return fmt.Errorf("%w: %q is not a long form of %q", perturb.ErrInvalidChange, long, short)
	}
	return nil
}

// CheckSentence verifies out against orig: the same entities (count and
// types, in order), context tokens unchanged, every change logged.
func (a *Abbreviator) CheckSentence(orig, out conll.Sentence, changes []perturb.Change) error {
	return mention.Check(orig, out, changes)
}

// MentionOutcomes returns, for each gold mention of s in order, its type
// and outcome, without context.
func (a *Abbreviator) MentionOutcomes(s conll.Sentence) []perturb.MentionOutcome {
	return a.MentionOutcomesInDocument(nil, s)
}

// MentionOutcomesInDocument returns, for each gold mention of s in order,
// its type and outcome (an Outcome* constant), as PerturbInDocument decides
// (perturb.DocumentPerturbation).
func (a *Abbreviator) MentionOutcomesInDocument(doc perturb.DocState, s conll.Sentence) []perturb.MentionOutcome {
	sc, _ := doc.(*sentenceContext)
	_, outcomes := a.plan(sc, s)
	return mention.Outcomes(s, outcomes, outcomeFiltered) // not valid IOB2: left whole
}

// Audit sections and items (perturb.Auditor).
const (
	// AuditReplacements counts the replacements by term type.
	AuditReplacements = "replacements"
	// AuditDefinitions counts the definitions by how their letters
	// matched (abbrev's Match* constants), in the sentences that make
	// them.
	AuditDefinitions = "definitions"
	ItemTotal        = "total"
)

// Audit counts the replacements by term type, the definitions of orig
// by how they matched, and how the store names the mentions of each
// type (concepts.FitSection) (perturb.Auditor).
func (a *Abbreviator) Audit(dst []perturb.AuditCount, doc perturb.DocState, orig, out conll.Sentence, changes []perturb.Change) []perturb.AuditCount {
	dst = a.survey.Audit(dst, orig)
	for _, c := range changes {
		dst = append(dst, perturb.AuditCount{Section: AuditReplacements, Item: ItemTotal, N: 1},
			perturb.AuditCount{Section: AuditReplacements, Item: c.TermType, N: 1})
	}
	if sc, _ := doc.(*sentenceContext); sc != nil && sc.defining {
		for _, d := range abbrev.Find(orig, a.sameConcept) {
			dst = append(dst, perturb.AuditCount{Section: AuditDefinitions, Item: d.Match, N: 1})
		}
	}
	return dst
}
