package synonym

import (
	"encoding/binary"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/internal/abbrev"
	"github.com/stress-ner/stress/perturb/internal/english"
	"github.com/stress-ner/stress/perturb/internal/mention"
)

// One name for a concept. A writer who calls a drug adrenaline calls it
// adrenaline throughout: the name a concept takes is drawn once per run
// and document, not per mention, so two mentions of it never end up
// with two names ("adrenaline and epinephrine plus lipid"), and a
// sentence that names it twice changes both or neither. The draw is a
// ranking of the concept's names by a hash of the run's seed, the
// document and the name (see rank); each mention takes the best-ranked
// of its candidates that fits where it stands.

// sentenceContext is what one sentence's replacements depend on beyond
// the sentence: the run (its seed and rate) and the document.
type sentenceContext struct {
	run perturb.RunInfo
	doc uint64 // a hash of the document's first sentence; 0 when the input marks no documents
}

// reader follows the documents of one input (perturb.DocumentReader).
type reader struct {
	run perturb.RunInfo
	doc uint64
	ctx *sentenceContext // shared by the sentences of a document
}

// NewDocumentReader returns a reader of one input
// (perturb.DocumentPerturbation): it gives each sentence the run and its
// document.
func (r *Replacer) NewDocumentReader(run perturb.RunInfo) perturb.DocumentReader {
	return &reader{run: run, ctx: &sentenceContext{run: run}}
}

// Observe returns the context of s.
func (rd *reader) Observe(s conll.Sentence) perturb.DocState {
	if s.DocStart {
		// The document is known by its first sentence, as sentences
		// are seeded by their content: the output does not depend on
		// where the document stands in the input.
		h := fnv.New64a()
		for _, t := range s.Tokens {
			h.Write([]byte(t))
			h.Write([]byte{0})
		}
		rd.ctx = &sentenceContext{run: rd.run, doc: h.Sum64()}
	}
	return rd.ctx
}

// edit is one planned replacement.
type edit struct {
	span iob.Span
	toks []string
	c    Candidate
	key  string // trivialKey of the mention replaced
}

// plan returns the replacements of s and the outcome of each gold
// mention, in the context sc (nil: seed 0, no document, every mention
// selected). It is deterministic, so PerturbInDocument,
// MentionOutcomesInDocument and Audit agree; and mentions left by the rate
// are planned as at rate 1 and dropped last, so what a rate changes is
// a subset of what a higher rate changes, with the same names.
//
// It returns the gold mentions of s too (iob.Spans, whether or not its
// tags are valid), for the outcomes to read.
func (r *Replacer) plan(sc *sentenceContext, s conll.Sentence) ([]edit, []string, []iob.Span) {
	spans := iob.Spans(s.Tags)
	edits, outcomes := r.planSpans(sc, s, spans)
	return edits, outcomes, spans
}

// planSpans is plan of s whose gold mentions are spans (iob.Spans of its
// tags), which it does not keep.
func (r *Replacer) planSpans(sc *sentenceContext, s conll.Sentence, spans []iob.Span) ([]edit, []string) {
	if len(spans) == 0 || len(iob.Validate(s.Tags, iob.IOB2)) > 0 || len(s.Tags) != len(s.Tokens) {
		return nil, nil // not valid IOB2: no span is trustworthy
	}
	outcomes := make([]string, len(spans))
	pairs := abbrev.PairsOf(s, spans)
	// The sentence's tokenization, found when a mention first reaches
	// fitting: InferStyle reads every token, and most sentences have no
	// mention with a candidate (issue 34).
	style, styled := r.opts.Tokenize, r.opts.Tokenize != tokenizeAuto
	planned := make([]*edit, len(spans))
	var prev *edit           // the last mention planned
	var ks []keyStart        // of the sentence's tokens, for writtenOutside
	var abbrs []abbreviation // abbreviationTokens of the sentence, for abbreviatedBeside
	var p *place             // the place of the mention at hand (fitting)
	for k, sp := range spans {
		if abbrev.Defines(pairs, sp) {
			// "doxorubicin ( DOX )", "acetaminophen ( paracetamol )":
			// a definition, or two names the writer gave together.
			outcomes[k] = outcomeDefinition
			continue
		}
		if abbrev.InLongForm(s, sp) {
			// "selective serotonin reuptake inhibitors ( SSRIs )": the
			// abbreviation spells the mention's letter.
			outcomes[k] = outcomeDefinition
			continue
		}
		if ks == nil {
			ks, abbrs = keyStarts(s.Tokens), abbreviationTokens(s)
		}
		// The mention's text and key words, found once for the rules
		// below, its key and its place (four times per mention before,
		// issue 34).
		text := strings.Join(s.Tokens[sp.Start:sp.End], " ")
		mw := english.KeyWords(text)
		if embedded(s, sp) || writtenOutside(s, sp, spans, ks, mw) || abbreviatedBeside(s, sp, abbrs) || inExpansion(s.Tokens, sp) {
			// "Antirifampicin antibodies in rifampicin - associated
			// renal failure", "rapamycin ... FKBP12 - rapamycin -
			// associated protein", "norepinephrine ... NE": another word
			// keeps the mention's name, and the sentence would mix two
			// names of one concept.
			outcomes[k] = outcomeFiltered
			continue
		}
		a := r.analysisOf(sp.Type, s.Tokens[sp.Start:sp.End])
		if a.Outcome != OutcomeReplaced {
			outcomes[k] = a.Outcome
			if a.Err != nil {
				outcomes[k] = outcomeFiltered // CheckSentence reports the error
			}
			continue
		}
		key := strings.Join(mw, "") // english.TrivialKey(text)
		if !styled {
			style, styled = english.InferStyle(s.Tokens), true
		}
		if p == nil {
			p = new(place)
		}
		cands := r.fitting(p, s, sp, a, style, key)
		if prev != nil && prev.span.End+1 == sp.Start && coordinators()[strings.ToLower(s.Tokens[sp.Start-1])] && prev.key != key {
			// Nor the name the mention before it has just become:
			// "seizures and convulsions" -> "seizures and seizures".
			prevKey := english.TrivialKey(strings.Join(prev.toks, " "))
			cands = slices.DeleteFunc(slices.Clone(cands), func(c Candidate) bool { return english.TrivialKey(c.Term) == prevKey })
		}
		if len(cands) == 0 {
			outcomes[k] = outcomeFiltered // no candidate fits where the mention stands
			continue
		}
		if cands = r.dropAvoided(text, cands, func(t string) []string { return r.render(t, s, sp, style, a) }); len(cands) == 0 {
			outcomes[k] = outcomeFiltered // every name that fits is in --avoid
			continue
		}
		if r.opts.Unseen != nil {
			unseen := slices.DeleteFunc(slices.Clone(cands), func(c Candidate) bool { return r.opts.Unseen[mention.Key(c.Term)] })
			switch {
			case len(unseen) > 0:
				cands = unseen
			case r.opts.UnseenOnly:
				outcomes[k] = outcomeSeen
				continue
			}
		}
		c := r.pick(sc, text, a, bestAttested(cands))
		toks := r.render(c.Term, s, sp, style, a)
		if len(toks) == 0 || strings.Join(toks, " ") == text {
			outcomes[k] = outcomeFiltered
			continue
		}
		planned[k] = &edit{span: sp, toks: toks, c: c, key: key}
		prev = planned[k]
		outcomes[k] = OutcomeReplaced
	}
	// One name per concept in the sentence: a mention whose own text is
	// the name another mention of its type becomes stays as it is
	// ("epinephrine ... adrenaline" -> "adrenaline ... adrenaline", not
	// "adrenaline ... epinephrine").
	for k, e := range planned {
		if e == nil {
			continue
		}
		for j, o := range planned {
			if o != nil && j != k && spans[j].Type == spans[k].Type && english.TrivialKey(strings.Join(o.toks, " ")) == e.key {
				planned[k], outcomes[k] = nil, outcomeFiltered
				break
			}
		}
	}
	consistent(r, s, spans, planned, outcomes)
	var selected []bool
	if sc != nil {
		selected = perturb.SelectMentions(sc.run.Seed, sc.run.Selection.Rate, s, spans)
	}
	var edits []edit
	for k, e := range planned {
		switch {
		case e == nil:
		case selected != nil && !selected[k]:
			outcomes[k] = outcomeNotSelected
		default:
			edits = append(edits, *e)
		}
	}
	return edits, outcomes
}

// pick returns the candidate mention takes: by the options' strategy,
// the random one being the best-ranked name of the concept in the
// document (see rank), so that every mention of a concept takes the same
// name where it fits.
func (r *Replacer) pick(sc *sentenceContext, mention string, a *Analysis, cands []Candidate) Candidate {
	switch r.opts.Strategy {
	case strategyShortest, strategyLongest, strategyDissimilar:
		return choose(r.opts.Strategy, mention, cands, nil)
	case StrategyPreferred:
		cands = preferredFirst(cands)
	}
	best, bestRank := cands[0], uint64(0)
	for i, c := range cands {
		if h := rank(sc, a, c.Term); i == 0 || h < bestRank {
			best, bestRank = c, h
		}
	}
	return best
}

// rank is the rank of name among the names of the concepts of a: a hash
// of the run's seed, the document, the concepts and the name up to case,
// punctuation and number.
func rank(sc *sentenceContext, a *Analysis, name string) uint64 {
	h := fnv.New64a()
	var b [16]byte
	if sc != nil {
		binary.LittleEndian.PutUint64(b[:8], sc.run.Seed)
		binary.LittleEndian.PutUint64(b[8:], sc.doc)
	}
	h.Write(b[:])
	h.Write([]byte(conceptKey(a)))
	h.Write([]byte{0})
	h.Write([]byte(english.TrivialKey(name)))
	return h.Sum64()
}

// conceptKey names the concept of an analysis the same way for every
// mention of it: its first MeSH id, else its first id ("epinephrine"
// and "Epinephrine" name the same MeSH record, with other records of
// other sources).
func conceptKey(a *Analysis) string {
	for _, id := range a.Concepts {
		if strings.HasPrefix(id, "MESH:") {
			return id
		}
	}
	if len(a.Concepts) > 0 {
		return a.Concepts[0]
	}
	return ""
}

// Perturb is PerturbInDocument without context: seed 0, no document, every
// mention a target. The pipeline calls PerturbInDocument.
func (r *Replacer) Perturb(s conll.Sentence, selected []bool, rng *rand.Rand) (conll.Sentence, []perturb.Change) {
	return r.PerturbInDocument(nil, s, selected, rng)
}

// PerturbInDocument replaces the mentions of s that plan chooses
// (perturb.DocumentPerturbation). selected and rng are not used: the
// targets are the gold mentions (perturb.SelectMentions at the run's
// rate) and names are ranked per concept (see rank). The other columns
// of s follow the tokens by conll.Realign's rule.
func (r *Replacer) PerturbInDocument(doc perturb.DocState, s conll.Sentence, _ []bool, _ *rand.Rand) (conll.Sentence, []perturb.Change) {
	sc, _ := doc.(*sentenceContext)
	edits, _, _ := r.plans.plan(r, sc, s, false)
	return apply(s, edits)
}

// PerturbMentions is PerturbInDocument and MentionOutcomesInDocument in
// one plan of s, whose gold mentions are spans
// (perturb.MentionPerturbation): the pipeline calls it, and the plan
// cache is for callers of the two.
func (r *Replacer) PerturbMentions(doc perturb.DocState, s conll.Sentence, spans []iob.Span, outcomes []perturb.MentionOutcome) (conll.Sentence, []perturb.Change, []perturb.MentionOutcome) {
	sc, _ := doc.(*sentenceContext)
	edits, planned := r.planSpans(sc, s, spans)
	out, changes := apply(s, edits)
	return out, changes, mention.AppendOutcomes(outcomes, spans, planned, outcomeFiltered) // not valid IOB2: left whole
}

// apply makes the edits of a plan of s.
func apply(s conll.Sentence, edits []edit) (conll.Sentence, []perturb.Change) {
	return mention.Apply(s, len(edits), func(k int) (iob.Span, []string, perturb.Change) {
		e := edits[k]
		return e.span, e.toks, perturb.Change{Kind: Name, ConceptID: e.c.ConceptID, Source: e.c.Source, TermType: e.c.TermType}
	})
}

// planCache keeps the plans of the sentences PerturbInDocument planned
// until MentionOutcomesInDocument asks for their outcomes: the pipeline
// perturbs a batch of sentences, then counts their outcomes, and
// planning each sentence twice was a fifth of a synonym run (issue 34).
// plan is deterministic, so a plan from the cache is the plan; an entry
// is one sentence's tokens, tags and kept tokens (copies) in one
// document context.
//
// An entry taken goes to free, and the next entry reuses its copies: the
// pipeline takes a batch's entries right after planning it, so a run
// copies about a batch of sentences, not its whole input (the copies
// were a sixth of what a synonym run allocated; issue 34).
type planCache struct {
	mu      sync.Mutex
	entries map[uint64][]*plannedSentence // by planKey
	free    []*plannedSentence            // taken entries, their copies to reuse
}

type plannedSentence struct {
	sc           *sentenceContext // held, so that its address names it while the entry lives
	tokens, tags []string
	keep         []bool
	edits        []edit
	outcomes     []string
	spans        []iob.Span // the gold mentions (iob.Spans of tags)
}

// maxPlans bounds the cache: outcomes nobody asks for (a run without
// statistics) would otherwise pile up. The pipeline asks for a batch's
// outcomes right after planning it, so a batch is far smaller.
const maxPlans = 1 << 12

// planKey hashes what plan reads of a sentence besides its context, to
// choose the cache's bucket: the length and the first and last bytes of
// each token and tag. A bucket's sentences are compared whole
// (plannedSentence.is), so the hash need only spread them; hashing
// every byte was 2% of a synonym run (issue 34).
func planKey(s conll.Sentence) uint64 {
	h := uint64(14695981039346656037)
	add := func(t string) {
		h = (h ^ uint64(len(t))) * 1099511628211
		if len(t) > 0 {
			h = (h ^ uint64(t[0])) * 1099511628211
			h = (h ^ uint64(t[len(t)-1])) * 1099511628211
		}
	}
	for _, t := range s.Tokens {
		add(t)
	}
	h = (h ^ 0xff) * 1099511628211 // tokens and tags apart
	for _, t := range s.Tags {
		add(t)
	}
	return h
}

func (e *plannedSentence) is(sc *sentenceContext, s conll.Sentence) bool {
	return e.sc == sc && slices.Equal(e.tokens, s.Tokens) && slices.Equal(e.tags, s.Tags) && slices.Equal(e.keep, s.Keep)
}

// plan returns r.plan(sc, s): the cached plan (removed when take is set,
// as its outcomes are asked for once), or a new one, kept when take is
// not set.
func (c *planCache) plan(r *Replacer, sc *sentenceContext, s conll.Sentence, take bool) ([]edit, []string, []iob.Span) {
	key := planKey(s)
	c.mu.Lock()
	for i, e := range c.entries[key] {
		if e.is(sc, s) {
			edits, outcomes, spans := e.edits, e.outcomes, e.spans
			if take {
				l := c.entries[key]
				if l = slices.Delete(l, i, i+1); len(l) == 0 {
					delete(c.entries, key)
				} else {
					c.entries[key] = l
				}
				if len(c.free) < maxPlans {
					e.sc, e.edits, e.outcomes, e.spans = nil, nil, nil, nil // the caller's now
					c.free = append(c.free, e)
				}
			}
			c.mu.Unlock()
			return edits, outcomes, spans
		}
	}
	var e *plannedSentence // this goroutine's alone until it is kept
	if n := len(c.free); n > 0 && !take {
		e, c.free = c.free[n-1], c.free[:n-1]
	}
	c.mu.Unlock()
	edits, outcomes, spans := r.plan(sc, s)
	if take {
		return edits, outcomes, spans
	}
	if e == nil {
		e = new(plannedSentence)
	}
	*e = plannedSentence{sc: sc, tokens: append(e.tokens[:0], s.Tokens...), tags: append(e.tags[:0], s.Tags...),
		keep: append(e.keep[:0], s.Keep...), edits: edits, outcomes: outcomes, spans: spans}
	c.mu.Lock()
	if c.entries == nil || len(c.entries) >= maxPlans {
		c.entries = map[uint64][]*plannedSentence{}
	}
	c.entries[key] = append(c.entries[key], e)
	c.mu.Unlock()
	return edits, outcomes, spans
}

// articleBefore returns "a" or "an" when that word precedes span sp.
func articleBefore(s conll.Sentence, sp iob.Span) string {
	return english.ArticleBefore(s.Tokens, sp.Start)
}

// sentenceStart reports whether mention sp starts its sentence (see
// english.SentenceStart).
func sentenceStart(s conll.Sentence, sp iob.Span) bool {
	return english.SentenceStart(s.Tokens, sp.Start)
}

// writtenOutside reports whether the words of mention sp stand again in
// s outside every gold mention of its type: in another entity's name
// ("FKBP12 - rapamycin - associated protein") or in running text the
// annotators did not mark. Changing the mention would leave its name
// there beside the new one.
// ks are the keyStarts of the sentence's tokens, mw the mention's
// english.KeyWords (of its tokens joined by spaces).
func writtenOutside(s conll.Sentence, sp iob.Span, spans []iob.Span, ks []keyStart, mw []string) bool {
	if len(mw) == 0 {
		return false
	}
	n := sp.End - sp.Start
	for i := nextMayKeyWord(ks, 0, n, sp.Start, mw[0][0]); i >= 0; i = nextMayKeyWord(ks, i+1, n, sp.Start, mw[0][0]) {
		if !slices.Equal(english.KeyWords(strings.Join(s.Tokens[i:i+n], " ")), mw) {
			continue
		}
		inMention := slices.ContainsFunc(spans, func(o iob.Span) bool { return o.Type == sp.Type && o.Start <= i && i+n <= o.End })
		if !inMention {
			return true
		}
	}
	return false
}

// mayKeyWord reports whether the first of english.KeyWords of toks
// (joined) may start with byte first: false only when toks are ASCII
// and their first letter or digit, in lower case, is not first (or they
// have none, and so no key words). KeyWords lower-cases ASCII text and
// keeps its letters and digits in order, and a plural ending leaves a
// word's first letter; text with other characters is folded and
// composed first, so it may. writtenOutside asks this of every stretch
// of a sentence as long as a mention, most of which it rules out without
// building their key words (issue 34).
func mayKeyWord(toks []string, first byte) bool { return mayKeyWordAt(keyStarts(toks), first) }

// keyStart is what mayKeyWord reads of a token: whether it has a
// non-ASCII byte, and else its first ASCII letter or digit in lower case
// (0: none). writtenOutside reads each token's once per sentence, not
// once for every stretch of the sentence it belongs to.
type keyStart struct {
	wide  bool
	first byte
}

// keyStarts returns the keyStart of every token of toks.
func keyStarts(toks []string) []keyStart {
	ks := make([]keyStart, len(toks))
	for j, t := range toks {
		ks[j] = keyStartOf(t)
	}
	return ks
}

// keyStartOf returns the keyStart of token t. The first letter or digit
// of a token with a non-ASCII byte is not read (mayKeyWordAt says yes to
// it whatever its first byte), and once the first is found the rest of
// the token is only looked at for a non-ASCII byte.
func keyStartOf(t string) keyStart {
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c >= utf8.RuneSelf:
			return keyStart{wide: true}
		case 'a' <= c && c <= 'z' || '0' <= c && c <= '9':
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		default:
			continue
		}
		for _, d := range []byte(t[i+1:]) {
			if d >= utf8.RuneSelf {
				return keyStart{wide: true}
			}
		}
		return keyStart{first: c}
	}
	return keyStart{}
}

// mayKeyWordAt is mayKeyWord of the tokens whose keyStarts are ks.
func mayKeyWordAt(ks []keyStart, first byte) bool {
	found := byte(0)
	for _, k := range ks {
		if k.wide {
			return true
		}
		if found == 0 {
			found = k.first
		}
	}
	return found == first
}

// nextMayKeyWord returns the first i from from on, other than skip, of
// a stretch of n tokens (i+n <= len(ks)) that may have key words
// starting with first (mayKeyWordAt of ks[i:i+n]), or -1 when there is
// none: writtenOutside's scan of a sentence in a loop that calls
// nothing, and so keeps its state in registers (issue 34).
func nextMayKeyWord(ks []keyStart, from, n, skip int, first byte) int {
	if n == 1 {
		// Most mentions are one token: mayKeyWordAt of one keyStart.
		for i := from; i < len(ks); i++ {
			if i != skip && (ks[i].wide || ks[i].first == first) {
				return i
			}
		}
		return -1
	}
	for i := from; i+n <= len(ks); i++ {
		if i != skip && mayKeyWordAt(ks[i:i+n], first) {
			return i
		}
	}
	return -1
}

// abbreviatedBeside reports whether s holds, outside mention sp, an
// abbreviation whose letters the mention spells (abbrev.LongFormMatches:
// "NE" beside "norepinephrine", "RA" beside "retinoic acid"): the
// writer's abbreviation of the mention, which another name would no
// longer spell. abbrs are the abbreviationTokens of s.
func abbreviatedBeside(s conll.Sentence, sp iob.Span, abbrs []abbreviation) bool {
	mention, compact := "", ""
	for _, a := range abbrs {
		if a.i >= sp.Start && a.i < sp.End {
			continue
		}
		if mention == "" {
			mention = strings.Join(s.Tokens[sp.Start:sp.End], " ")
			compact = english.Compact(mention)
		}
		t := s.Tokens[a.i]
		if a.compact != compact && abbrev.LongFormMatches(t, mention) && spellsLastWord(t, mention) {
			return true
		}
	}
	return false
}

// abbreviation is a token that may be an abbreviation beside a mention
// (abbreviationTokens): its index and english.Compact of it, which
// abbreviatedBeside compares with every mention's.
type abbreviation struct {
	i       int
	compact string
}

// abbreviationTokens returns the tokens of s that may be an
// abbreviation beside a mention (abbreviatedBeside): of two to six
// characters, two capitals or more ("NE", "RA", "ATRA": not a word
// capitalized at a sentence's start, "To"), and isAbbreviation. plan
// finds them once per sentence, not once per mention (issue 34).
func abbreviationTokens(s conll.Sentence) []abbreviation {
	var out []abbreviation
	for i, t := range s.Tokens {
		if len(t) < 2 || len(t) > 6*utf8.UTFMax || !twoCapitals(t) {
			continue
		}
		if isAbbreviation(t) {
			out = append(out, abbreviation{i: i, compact: english.Compact(t)})
		}
	}
	return out
}

// twoCapitals reports whether t has two to six characters and two
// capitals or more: for ASCII, a count of bytes (a scan of every token
// of a sentence with a mention, where utf8 and unicode calls were a
// fiftieth of a synonym run; issue 34), else of runes.
func twoCapitals(t string) bool {
	caps := 0
	for i := 0; i < len(t); i++ {
		c := t[i]
		if c >= utf8.RuneSelf {
			return twoCapitalRunes(t)
		}
		if 'A' <= c && c <= 'Z' {
			caps++
		}
	}
	return len(t) >= 2 && len(t) <= 6 && caps >= 2
}

// twoCapitalRunes is twoCapitals of any text.
func twoCapitalRunes(t string) bool {
	if n := utf8.RuneCountInString(t); n < 2 || n > 6 {
		return false
	}
	caps := 0
	for _, r := range t {
		if unicode.IsUpper(r) {
			caps++
		}
	}
	return caps >= 2
}

// inExpansion reports whether mention sp of toks stands in the
// parenthesized expansion of an acronym before it whose letters spell
// the initial of one of its words ("WAGR ( Wilms tumor , aniridia ,
// genitourinary abnormalities and mental retardation )": the R is
// retardation's, which "intellectual disability" would not spell).
func inExpansion(toks []string, sp iob.Span) bool {
	for i := sp.Start - 1; i >= 1 && i >= sp.Start-40; i-- {
		switch toks[i] {
		case ")":
			return false
		case "(":
			acr := toks[i-1]
			caps := 0
			for _, r := range acr {
				if unicode.IsUpper(r) {
					caps++
				}
			}
			if caps < 2 || !isAbbreviation(acr) {
				return false
			}
			letters := strings.ToLower(acr)
			for _, w := range english.Words(strings.Join(toks[sp.Start:sp.End], " ")) {
				if strings.ContainsRune(letters, []rune(w)[0]) {
					return true
				}
			}
			return false
		}
	}
	return false
}

// spellsLastWord reports whether short, after its first letter, has the
// initial of the last word of long when long has several: "RA" for
// "retinoic acid", not "HT" (hormone therapy) for "heart disease".
func spellsLastWord(short, long string) bool {
	w := english.Words(long)
	if len(w) < 2 {
		return true
	}
	rs := []rune(strings.ToLower(english.Compact(short)))
	last := []rune(w[len(w)-1])[0]
	return len(rs) > 1 && slices.Contains(rs[1:], last)
}

// embedded reports whether a word of s outside mention sp holds the
// mention, a single word of five letters or more, inside it
// ("Antirifampicin" beside "rifampicin"), ignoring case.
func embedded(s conll.Sentence, sp iob.Span) bool {
	if sp.End-sp.Start != 1 || utf8.RuneCountInString(s.Tokens[sp.Start]) < 5 {
		return false
	}
	m := strings.ToLower(s.Tokens[sp.Start])
	for i, t := range s.Tokens {
		if (i < sp.Start || i >= sp.End) && len(t) > len(m) && strings.Contains(strings.ToLower(t), m) {
			return true
		}
	}
	return false
}

// consistent leaves alone every mention of a concept that another
// mention of the sentence names too, unless all of them take one name:
// "carcinoma of the bladder ... bladder cancer" says two things where
// the writer said one ("replace consistently or not at all"). Mentions
// name one concept when their analyses do (conceptKey) or they are
// written alike (english.TrivialKey); an abbreviation, which the store
// is not asked about, names none.
func consistent(r *Replacer, s conll.Sentence, spans []iob.Span, planned []*edit, outcomes []string) {
	if len(spans) < 2 || !slices.ContainsFunc(planned, func(e *edit) bool { return e != nil }) {
		return // it leaves alone planned mentions only: most sentences have none
	}
	group := make([]int, len(spans)) // a union-find forest over the spans
	for i := range group {
		group[i] = i
	}
	find := func(i int) int {
		for group[i] != i {
			group[i] = group[group[i]]
			i = group[i]
		}
		return i
	}
	first := map[string]int{}         // key -> first span with it
	other := make([]bool, len(spans)) // part of another thing's name: no mention of the concept
	p := new(place)                   // the place of the mention at hand
	for k, sp := range spans {
		if other[k] = r.nameOfAnother(p, s, sp); other[k] {
			continue
		}
		text := strings.Join(s.Tokens[sp.Start:sp.End], " ")
		keys := []string{"t\x00" + sp.Type + "\x00" + english.TrivialKey(text)}
		if a := r.analysisOf(sp.Type, s.Tokens[sp.Start:sp.End]); a.Err == nil {
			if c := conceptKey(a); c != "" {
				keys = append(keys, "c\x00"+sp.Type+"\x00"+c)
			}
		}
		for _, key := range keys {
			if j, ok := first[key]; ok {
				group[find(k)] = find(j)
			} else {
				first[key] = k
			}
		}
	}
	name := func(k int) string {
		if planned[k] == nil {
			return ""
		}
		return english.TrivialKey(strings.Join(planned[k].toks, " "))
	}
	names := map[int]string{} // group -> the one name of its planned mentions
	mixed := map[int]bool{}   // group -> some mention keeps its text, or two names
	for k := range spans {
		if other[k] {
			continue
		}
		g := find(k)
		n := name(k)
		if prev, ok := names[g]; ok && prev != n || n == "" {
			mixed[g] = true
		}
		names[g] = n
	}
	for k := range spans {
		if g := find(k); planned[k] != nil && mixed[g] {
			planned[k], outcomes[k] = nil, outcomeFiltered
		}
	}
}
