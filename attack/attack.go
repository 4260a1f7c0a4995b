// Package attack searches, sentence by sentence, for the smallest
// perturbation that makes one tagger lose a gold entity: an adversarial
// stress set for that model, where "stress build" makes random ones for
// every model alike.
//
// The search is greedy, in the manner of TextFooler and SeqAttack's
// recipes, with the registered perturbation kinds (keyboard, swap,
// synonym, ...) as the only source of edits, so every change is one a
// build could have made and is checked the same way. For each sentence:
//
//  1. the model tags the original; a sentence in which it finds no gold
//     entity has nothing to lose and is skipped;
//  2. word importance: one edit per eligible word and kind, all tagged in
//     one call; words are ranked by how much their edit lowers the
//     sentence's score on the gold entities;
//  3. in rank order, several edits of the word are tagged in one call and
//     the one that lowers the score most is kept (an edit that lowers
//     nothing is not, and the word does not count); the search stops as
//     soon as the model no longer finds a gold entity it found, after
//     MaxWords changed words, or when the sentence's query budget is
//     spent.
//
// The score, lowest best, is the sentence's entity F1, then the number of
// gold entities found, then the number of gold-entity tokens tagged as in
// the gold: a model gives tags, not probabilities, so the finer counts
// break the ties of F1. Rounds of many sentences go to the model in one
// call, so a model that stays up (tagger.Server) pays one round trip per
// round, not one per candidate.
//
// A random set with the same number of changed words per sentence (words
// and edits drawn at random among the same candidates) is tagged too, so
// that the value of the search shows against chance. Every random choice
// is seeded per sentence from its content: the result depends only on
// the seed, the options and the model's answers.
package attack

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/conll/score"
	"github.com/stress-ner/stress/internal/textutil"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/kinds"
	"github.com/stress-ner/stress/tagger"
)

// Sentinel errors. Errors returned by this package wrap one of them (or
// an error of the model or of package perturb).
var (
	// ErrOption means an option is invalid.
	ErrOption = errors.New("invalid attack option")
	// ErrAnswer means the model returned a wrong number of tags.
	ErrAnswer = errors.New("model answer does not match its sentence")
)

// newKinds builds the kinds of the search from resolved kinds (see
// kinds.Resolve), and the function that releases them (a kind may hold
// a concept store): call it when the search is done, also after an
// error.
func newKinds(mks []perturb.ManifestKind) ([]*perturb.BuiltKind, func(), error) {
	var ks []*perturb.BuiltKind
	release := func() {
		for _, k := range ks {
			k.Close()
		}
	}
	for _, mk := range mks {
		if mk.Options["per-document"] == "true" {
			// An attack perturbs sentence by sentence, never a document
			// in order.
			return nil, release, fmt.Errorf("%w: %s: per-document needs documents read in order; an attack perturbs sentence by sentence", perturb.ErrOption, mk.Name)
		}
		bk, err := kinds.New(mk)
		if err != nil {
			return nil, release, err
		}
		ks = append(ks, bk)
	}
	return ks, release, nil
}

// Defaults of Options.
const (
	DefaultMaxWords   = 2
	DefaultQueries    = 200
	DefaultCandidates = 8
	// MaxCandidates bounds Candidates: the tries of a word are drawn
	// before they are tagged, however few are new.
	MaxCandidates = 10_000
	defaultBatch  = 256
)

// Options configure Run. Zero values select the defaults.
type Options struct {
	Kinds []*perturb.BuiltKind
	// Selection chooses the words that may be edited by kinds that use
	// a selection (nil: perturb.DefaultSelection).
	Selection *perturb.Selection
	// MaxWords is the most words changed per sentence.
	MaxWords int
	// Queries is the budget of sentences sent to the model per sentence
	// attacked, the original included.
	Queries int
	// Candidates is the number of edits tried per word and kind when
	// choosing the best edit of a word.
	Candidates int
	// Seed seeds every random choice, per sentence.
	Seed uint64
	// Batch is the number of sentences searched side by side: each round
	// of theirs is one model call.
	Batch int
	// File names the adversarial set in its changes (Change.File), and
	// RandomFile the random set.
	File, RandomFile string
	// Input names the input in errors (file:line).
	Input string
	// Progress, when not nil, is called after each batch with the number
	// of sentences done.
	Progress func(done int)
}

// Status is the outcome of the attack on one sentence.
type Status int

const (
	// skipped: the model found no gold entity of the sentence to begin
	// with (or the sentence has none), so there is nothing to attack.
	skipped Status = iota
	// succeeded: the model lost a gold entity it found.
	succeeded
	// failed: no edit within the limits made it lose one.
	failed
)

func (s Status) String() string {
	switch s {
	case succeeded:
		return "succeeded"
	case failed:
		return "failed"
	}
	return "skipped"
}

// SentenceResult is the attack on one sentence.
type SentenceResult struct {
	Status  Status
	Words   int // words changed
	Queries int // sentences sent to the model, the original included
	// Found is the number of gold entities the model found before,
	// After in the adversarial sentence and Random in the random one.
	Found, After, Random int
}

// Summary sums up an attack. F1 values are conlleval span F1 in percent
// over the whole corpus; rates are shares of the attacked sentences.
type Summary struct {
	Sentences         int     `json:"sentences"`
	Attacked          int     `json:"attacked"` // sentences with a gold entity the model found
	Skipped           int     `json:"skipped"`
	Succeeded         int     `json:"succeeded"`
	Failed            int     `json:"failed"`
	SuccessRate       float64 `json:"success_rate"`
	F1Before          float64 `json:"f1_before"`
	F1After           float64 `json:"f1_after"`
	RandomF1          float64 `json:"random_f1"`
	RandomSuccessRate float64 `json:"random_success_rate"`
	WordsChanged      int     `json:"words_changed"`
	// SuccessWords are the words changed in the sentences the attack
	// succeeded on (WordsChanged counts the failures' too), and
	// WordsPerSuccess their mean: the figures add up.
	SuccessWords      int     `json:"success_words"`
	WordsPerSuccess   float64 `json:"words_per_success"`
	Queries           int     `json:"queries"`
	SuccessQueries    int     `json:"success_queries"` // the queries of the successful sentences
	QueriesPerSuccess float64 `json:"queries_per_success"`
	ModelCalls        int     `json:"model_calls"`
}

// Result is the outcome of Run.
type Result struct {
	// Adversarial is the attacked corpus: every input sentence, edited
	// where the search kept edits; Changes lists the edits (sentence
	// and token indices refer to the input).
	Adversarial []conll.Sentence
	Changes     []perturb.Change
	// Random is the random set: as many words changed per sentence as
	// in Adversarial, chosen at random.
	Random        []conll.Sentence
	RandomChanges []perturb.Change
	Sentences     []SentenceResult
	Summary       Summary
}

// Run attacks the sentences of gold (valid IOB2 tags) with model. The
// sentences are not modified.
func Run(ctx context.Context, model tagger.Tagger, gold []conll.Sentence, opts Options) (*Result, error) {
	a, err := newAttacker(opts)
	if err != nil {
		return nil, err
	}
	res := &Result{
		Adversarial: make([]conll.Sentence, len(gold)),
		Random:      make([]conll.Sentence, len(gold)),
		Sentences:   make([]SentenceResult, len(gold)),
	}
	var before, after, random score.Counts
	for lo := 0; lo < len(gold); lo += a.opts.Batch {
		hi := min(lo+a.opts.Batch, len(gold))
		states := make([]*state, 0, hi-lo)
		for i := lo; i < hi; i++ {
			if errs := iob.Validate(gold[i].Tags, iob.IOB2); len(errs) > 0 {
				line := 0
				if gold[i].Line > 0 {
					line = gold[i].Line + errs[0].Pos
				}
				return nil, &conll.ParseError{File: a.opts.Input, Line: line,
					Err: fmt.Errorf("sentence %d: %w: %v (the attack needs IOB2 tags)", i+1, iob.ErrInvalidTag, errs[0])}
			}
			states = append(states, a.newState(i, gold[i]))
		}
		if err := a.search(ctx, model, states); err != nil {
			return nil, err
		}
		for _, st := range states {
			adv, err := a.finish(st)
			if err != nil {
				return nil, err
			}
			res.Adversarial[st.index] = adv
			for _, e := range st.edits {
				res.Changes = append(res.Changes, a.changes(e, st.index, a.opts.File)...)
			}
			res.Sentences[st.index] = SentenceResult{Status: st.status, Words: len(st.edits),
				Queries: st.queries, Found: st.base.found, After: st.cur.found, Random: st.random.found}
			before.Add(st.baseCounts)
			after.Add(st.curCounts)
			res.Random[st.index] = compose(st.orig, st.randomEdits)
			for _, e := range st.randomEdits {
				res.RandomChanges = append(res.RandomChanges, a.changes(e, st.index, a.opts.RandomFile)...)
			}
			random.Add(st.randomCounts)
		}
		if a.opts.Progress != nil {
			a.opts.Progress(hi)
		}
	}
	res.Summary = summarize(res.Sentences, before, after, random, a.calls)
	return res, nil
}

func summarize(rs []SentenceResult, before, after, random score.Counts, calls int) Summary {
	s := Summary{Sentences: len(rs), ModelCalls: calls,
		F1Before: before.Overall().F1(), F1After: after.Overall().F1(), RandomF1: random.Overall().F1()}
	successQueries, successWords, randomSuccess := 0, 0, 0
	for _, r := range rs {
		s.Queries += r.Queries
		s.WordsChanged += r.Words
		switch r.Status {
		case skipped:
			s.Skipped++
			continue
		case succeeded:
			s.Succeeded++
			successQueries += r.Queries
			successWords += r.Words
		case failed:
			s.Failed++
		}
		if r.Random < r.Found {
			randomSuccess++
		}
	}
	s.Attacked = s.Succeeded + s.Failed
	if s.Attacked > 0 {
		s.SuccessRate = 100 * float64(s.Succeeded) / float64(s.Attacked)
		s.RandomSuccessRate = 100 * float64(randomSuccess) / float64(s.Attacked)
	}
	s.SuccessWords, s.SuccessQueries = successWords, successQueries
	if s.Succeeded > 0 {
		s.WordsPerSuccess = float64(successWords) / float64(s.Succeeded)
		s.QueriesPerSuccess = float64(successQueries) / float64(s.Succeeded)
	}
	return s
}

// attacker holds the settings of a run.
type attacker struct {
	opts     Options
	selector *perturb.Selector
	kindHash []uint64 // per kind, mixed into its edits' seeds
	calls    int
}

func newAttacker(opts Options) (*attacker, error) {
	if len(opts.Kinds) == 0 {
		return nil, fmt.Errorf("%w: no perturbation kinds", ErrOption)
	}
	for name, v := range map[string]int{"max words": opts.MaxWords, "queries": opts.Queries,
		"candidates": opts.Candidates, "batch": opts.Batch} {
		if v < 0 {
			return nil, fmt.Errorf("%w: %s %d is negative", ErrOption, name, v)
		}
	}
	if opts.MaxWords == 0 {
		opts.MaxWords = DefaultMaxWords
	}
	if opts.Queries == 0 {
		opts.Queries = DefaultQueries
	}
	if opts.Candidates == 0 {
		opts.Candidates = DefaultCandidates
	}
	if opts.Candidates > MaxCandidates {
		return nil, fmt.Errorf("%w: candidates %d, at most %d", ErrOption, opts.Candidates, MaxCandidates)
	}
	if opts.Batch == 0 {
		opts.Batch = defaultBatch
	}
	sel := perturb.DefaultSelection()
	if opts.Selection != nil {
		sel = *opts.Selection
	}
	selector, err := kinds.NewSelector(sel, opts.Seed)
	if err != nil {
		return nil, err
	}
	for _, bk := range opts.Kinds {
		if bk == nil || bk.Kind == nil || bk.Kind.UsesSelection {
			continue
		}
		k := bk.Kind
		// A kind that picks its own targets is offered every one of
		// them: the search, not a rate, chooses among them.
		d := perturb.DefaultSelection()
		why := "offers the attack every mention it can change: the selection applies to the kinds that change words"
		switch {
		case sel.Rate != d.Rate:
			return nil, &perturb.SelectionError{Option: "rate", Value: fmt.Sprint(sel.Rate), Kind: k.Name, Why: why}
		case sel.Method != d.Method:
			return nil, &perturb.SelectionError{Option: "select", Value: sel.Method, Kind: k.Name, Why: why}
		case sel.MinLength != d.MinLength:
			return nil, &perturb.SelectionError{Option: "min_length", Value: fmt.Sprint(sel.MinLength), Kind: k.Name, Why: why}
		case sel.Targets == perturb.TargetsContext:
			return nil, &perturb.SelectionError{Option: "targets", Value: sel.Targets, Kind: k.Name, Why: "changes gold mentions only"}
		}
	}
	a := &attacker{opts: opts, selector: selector}
	seen := map[string]bool{}
	for _, k := range opts.Kinds {
		if k == nil || k.Kind == nil || k.Perturbation == nil || k.Kind.Name == "" || seen[k.Kind.Name] {
			name := ""
			if k != nil && k.Kind != nil {
				name = k.Kind.Name
			}
			return nil, fmt.Errorf("%w: kind %q is unnamed, repeated or has no perturbation", ErrOption, name)
		}
		seen[k.Kind.Name] = true
		h := fnv.New64a()
		h.Write([]byte(k.Kind.Name))
		a.kindHash = append(a.kindHash, h.Sum64())
	}
	return a, nil
}

// edit is one candidate change of a sentence, in the coordinates of the
// original: tokens [c.Token, c.End) become tokens, labelled tags. parts
// are the changes the kind made there: c alone, or for a composition one
// change per component that edited the span, in the order applied.
type edit struct {
	c      perturb.Change
	parts  []perturb.Change
	kind   int
	tokens []string
	tags   []string
}

// score is how well the model does on a sentence's gold entities;
// lower is a better attack.
type entityScore struct {
	f1     float64
	found  int // gold entities found exactly
	tokens int // gold-entity tokens tagged as in the gold
}

func (s entityScore) less(t entityScore) bool {
	if s.f1 != t.f1 {
		return s.f1 < t.f1
	}
	if s.found != t.found {
		return s.found < t.found
	}
	return s.tokens < t.tokens
}

// state is the search on one sentence.
type state struct {
	index    int
	orig     conll.Sentence
	selected []bool
	rng      [2]uint64 // per-sentence seed of the edits

	base, cur             entityScore // of the original, of the kept edits
	baseCounts, curCounts score.Counts
	random                entityScore
	randomCounts          score.Counts
	queries               int
	status                Status
	done                  bool
	edits                 []edit // kept, by position
	randomEdits           []edit
	eligible              []int            // words some kind can edit
	first                 map[int][]scored // word importance: first edits of each word, scored
	ranking               []int            // words by importance
	next                  int              // next word of ranking to try
	// spanEdits caches the edits of kinds without a selection, by kind
	// and try: one Perturb call gives them for the whole sentence.
	spanEdits map[[2]int][]edit
}

// scored is a candidate edit with the score of the sentence it gives.
type scored struct {
	e edit
	s entityScore
	c score.Counts
}

func (a *attacker) newState(index int, s conll.Sentence) *state {
	r := perturb.SentenceRand(a.opts.Seed, "attack", s)
	return &state{index: index, orig: s, selected: a.selector.Select(s),
		rng: [2]uint64{r.Uint64(), r.Uint64()}, spanEdits: map[[2]int][]edit{}}
}

// rand returns the generator of try j of kind k on word w.
func (a *attacker) rand(st *state, k, w, j int) *rand.Rand {
	h := textutil.Mix64(a.kindHash[k] ^ uint64(w)<<24 ^ uint64(j) + textutil.Golden)
	return rand.New(rand.NewPCG(st.rng[0]^h, st.rng[1]))
}

// edits returns the edits try j of kind k makes on word w of the
// original sentence (at most one for kinds with a selection).
func (a *attacker) edits(st *state, k, w, j int) []edit {
	kind := a.opts.Kinds[k]
	if !kind.Kind.UsesSelection {
		key := [2]int{k, j}
		es, ok := st.spanEdits[key]
		if !ok {
			all := make([]bool, len(st.orig.Tokens))
			for i := range all {
				all[i] = true
			}
			out, cs := kind.Perturbation.Perturb(st.orig, all, a.rand(st, k, -1, j))
			es = extract(st.orig, out, cs, k)
			st.spanEdits[key] = es
		}
		var at []edit
		for _, e := range es {
			if e.c.Token == w {
				at = append(at, e)
			}
		}
		return at
	}
	if w >= len(st.selected) || !st.selected[w] {
		return nil
	}
	one := make([]bool, len(st.orig.Tokens))
	one[w] = true
	out, cs := kind.Perturbation.Perturb(st.orig, one, a.rand(st, k, w, j))
	var at []edit
	for _, e := range extract(st.orig, out, cs, k) {
		if e.c.Token == w {
			at = append(at, e)
		}
	}
	return at
}

// extract splits a perturbation's output into one edit per changed
// span. Changes whose spans overlap are one edit: a composition
// ("keyboard+case") changes a word once per component, each change
// starting from the text the one before left. It returns nil when the
// output does not match its changes (a token count the changes do not
// explain, or a change that is no change).
func extract(orig, out conll.Sentence, cs []perturb.Change, k int) []edit {
	if len(cs) == 0 {
		return nil
	}
	cs = slices.Clone(cs)
	slices.SortStableFunc(cs, func(x, y perturb.Change) int { return x.Token - y.Token })
	sameLen := len(out.Tokens) == len(orig.Tokens)
	var es []edit
	shift := 0
	for i := 0; i < len(cs); {
		c := cs[i]
		end, delta := c.End, 0
		j := i
		for ; j < len(cs) && (j == i || cs[j].Token < end); j++ {
			d := cs[j]
			if d.End <= d.Token || d.End > len(orig.Tokens) || d.Before == d.After {
				return nil
			}
			end = max(end, d.End)
			if !sameLen {
				delta += strings.Count(d.After, " ") + 1 - (d.End - d.Token)
			}
		}
		parts := cs[i:j:j]
		if len(parts) > 1 {
			// Only the components of a composition (each named, once) may
			// change the same span.
			kinds := map[string]bool{}
			for _, d := range parts {
				if d.Kind == "" || kinds[d.Kind] {
					return nil
				}
				kinds[d.Kind] = true
			}
			c.End = end
			c.Before = strings.Join(orig.Tokens[c.Token:end], " ")
		}
		oldLen := end - c.Token
		newLen := oldLen + delta
		start := c.Token + shift
		if newLen < 1 || start+newLen > len(out.Tokens) || start+newLen > len(out.Tags) {
			return nil
		}
		after := strings.Join(out.Tokens[start:start+newLen], " ")
		if len(parts) > 1 {
			c.After = after
			if c.After == c.Before {
				return nil // the components undid each other
			}
		}
		if after != c.After {
			return nil
		}
		es = append(es, edit{c: c, parts: parts, kind: k,
			tokens: out.Tokens[start : start+newLen : start+newLen],
			tags:   out.Tags[start : start+newLen : start+newLen]})
		shift += newLen - oldLen
		i = j
	}
	if len(orig.Tokens)+shift != len(out.Tokens) {
		return nil
	}
	return es
}

// compose returns orig with edits (sorted, not overlapping) applied.
func compose(orig conll.Sentence, edits []edit) conll.Sentence {
	if len(edits) == 0 {
		return orig
	}
	out := orig
	out.Tokens = make([]string, 0, len(orig.Tokens)+4)
	out.Tags = make([]string, 0, len(orig.Tags)+4)
	prev := 0
	for _, e := range edits {
		out.Tokens = append(append(out.Tokens, orig.Tokens[prev:e.c.Token]...), e.tokens...)
		out.Tags = append(append(out.Tags, orig.Tags[prev:e.c.Token]...), e.tags...)
		prev = e.c.End
	}
	out.Tokens = append(out.Tokens, orig.Tokens[prev:]...)
	out.Tags = append(out.Tags, orig.Tags[prev:]...)
	ce := make([]conll.Edit, len(edits))
	for i, e := range edits {
		ce[i] = conll.Edit{Start: e.c.Token, End: e.c.End, N: len(e.tokens)}
	}
	if re, err := conll.Realign(orig, out, ce); err == nil {
		return re
	}
	out.Fields, out.Record = nil, nil // cannot happen for sorted edits; never misalign columns
	return out
}

// with returns the edits of st plus e, sorted, or false when e overlaps
// one of them.
func with(edits []edit, e edit) ([]edit, bool) {
	for _, x := range edits {
		if e.c.Token < x.c.End && x.c.Token < e.c.End {
			return nil, false
		}
	}
	out := append(slices.Clone(edits), e)
	slices.SortFunc(out, func(x, y edit) int { return x.c.Token - y.c.Token })
	return out, true
}

// evaluate scores pred against the gold tags of s.
func evaluate(s conll.Sentence, pred []string) (entityScore, score.Counts) {
	c := score.EvalSentence(s.Tags, pred, score.EvalOptions{})
	all := c.Overall()
	sc := entityScore{found: all.Correct}
	if all.Gold+all.Pred > 0 {
		sc.f1 = 200 * float64(all.Correct) / float64(all.Gold+all.Pred)
	}
	for i, t := range s.Tags {
		if t != iob.Outside && i < len(pred) && pred[i] == t {
			sc.tokens++
		}
	}
	return sc, c
}

// query is one sentence to tag for one state; done receives its tags.
type query struct {
	sent conll.Sentence
	done func(tags []string)
}

// ask tags the queries of a round in one model call.
func (a *attacker) ask(ctx context.Context, model tagger.Tagger, qs []query) error {
	if len(qs) == 0 {
		return nil
	}
	sents := make([]conll.Sentence, len(qs))
	for i, q := range qs {
		sents[i] = q.sent
	}
	a.calls++
	tags, err := model.TagSentences(ctx, sents)
	if err != nil {
		return err
	}
	if len(tags) != len(sents) {
		return fmt.Errorf("%w: %d answers for %d sentences", ErrAnswer, len(tags), len(sents))
	}
	for i, q := range qs {
		if len(tags[i]) != len(q.sent.Tokens) {
			return fmt.Errorf("%w: %d tags for %d tokens", ErrAnswer, len(tags[i]), len(q.sent.Tokens))
		}
	}
	for i, q := range qs {
		q.done(tags[i])
	}
	return nil
}

// search runs the rounds of a batch of sentences to their end.
func (a *attacker) search(ctx context.Context, model tagger.Tagger, states []*state) error {
	// Round 1: the originals.
	var qs []query
	for _, st := range states {
		qs = append(qs, query{st.orig, func(tags []string) {
			st.queries++
			st.base, st.baseCounts = evaluate(st.orig, tags)
			st.cur, st.curCounts = st.base, st.baseCounts
			if st.base.found == 0 {
				st.done = true
			}
		}})
	}
	if err := a.ask(ctx, model, qs); err != nil {
		return err
	}
	// Round 2: word importance, one edit per word and kind.
	qs = qs[:0]
	for _, st := range states {
		if st.done {
			continue
		}
		qs = append(qs, a.importance(st)...)
	}
	if err := a.ask(ctx, model, qs); err != nil {
		return err
	}
	for _, st := range states {
		if !st.done {
			a.rank(st)
		}
	}
	// Then one round per word tried.
	for {
		qs = qs[:0]
		for _, st := range states {
			if !st.done {
				qs = append(qs, a.step(st)...)
			}
		}
		if len(qs) == 0 {
			break
		}
		if err := a.ask(ctx, model, qs); err != nil {
			return err
		}
	}
	// Last round: the random sets.
	qs = qs[:0]
	for _, st := range states {
		st.random, st.randomCounts = st.base, st.baseCounts
		if len(st.edits) == 0 {
			continue
		}
		st.randomEdits = a.randomEdits(st, len(st.edits))
		qs = append(qs, query{compose(st.orig, st.randomEdits), func(tags []string) {
			st.random, st.randomCounts = evaluate(compose(st.orig, st.randomEdits), tags)
		}})
	}
	return a.ask(ctx, model, qs)
}

// words returns the positions that some kind can edit, in order.
func (a *attacker) words(st *state) []int {
	if st.eligible != nil {
		return st.eligible
	}
	has := make([]bool, len(st.orig.Tokens))
	for k, kind := range a.opts.Kinds {
		if kind.Kind.UsesSelection {
			for w, sel := range st.selected {
				has[w] = has[w] || sel
			}
			continue
		}
		a.edits(st, k, -1, 0) // fills st.spanEdits
		for _, e := range st.spanEdits[[2]int{k, 0}] {
			has[e.c.Token] = true
		}
	}
	st.eligible = []int{}
	for w, h := range has {
		if h {
			st.eligible = append(st.eligible, w)
		}
	}
	return st.eligible
}

// importance returns the queries of word importance: the first edit of
// every kind on every eligible word, within the budget.
func (a *attacker) importance(st *state) []query {
	st.first = map[int][]scored{}
	var qs []query
	for _, w := range a.words(st) {
		for k := range a.opts.Kinds {
			for _, e := range a.edits(st, k, w, 0) {
				if st.queries+len(qs) >= a.opts.Queries {
					return qs
				}
				sent := compose(st.orig, []edit{e})
				qs = append(qs, query{sent, func(tags []string) {
					st.queries++
					s, c := evaluate(sent, tags)
					st.first[w] = append(st.first[w], scored{e, s, c})
				}})
			}
		}
	}
	return qs
}

// rank orders the words by the best score their first edits gave.
func (a *attacker) rank(st *state) {
	best := map[int]entityScore{}
	for w, ss := range st.first {
		for i, s := range ss {
			if b, ok := best[w]; i == 0 || !ok || s.s.less(b) {
				best[w] = s.s
			}
		}
	}
	for w := range best {
		st.ranking = append(st.ranking, w)
	}
	slices.SortFunc(st.ranking, func(x, y int) int {
		bx, by := best[x], best[y]
		switch {
		case bx.less(by):
			return -1
		case by.less(bx):
			return 1
		}
		return x - y
	})
	if len(st.ranking) == 0 {
		st.done = true
		st.status = failed
	}
}

// step returns the queries that choose the best edit of the next word
// of st's ranking; it marks st done when the search is over.
func (a *attacker) step(st *state) []query {
	for st.next < len(st.ranking) {
		if len(st.edits) >= a.opts.MaxWords || st.queries >= a.opts.Queries {
			break
		}
		w := st.ranking[st.next]
		st.next++
		var pre []scored // candidates already scored: the first edits, before any change
		if len(st.edits) == 0 {
			pre = st.first[w]
		}
		var cands []edit
		seen := map[string]bool{}
		for _, s := range pre {
			seen[candidateKey(s.e)] = true
		}
		// No more candidates than the budget has room for are tagged:
		// the first ones, so drawing stops once there are that many.
		room := a.opts.Queries - st.queries
	draw:
		for k := range a.opts.Kinds {
			for j := range a.opts.Candidates {
				for _, e := range a.edits(st, k, w, j) {
					if len(cands) >= room {
						break draw
					}
					if key := candidateKey(e); !seen[key] {
						seen[key] = true
						if _, ok := with(st.edits, e); ok {
							cands = append(cands, e)
						}
					}
				}
			}
		}
		if len(cands) == 0 && len(pre) == 0 {
			continue
		}
		results := make([]scored, len(cands))
		var qs []query
		for i, e := range cands {
			edits, _ := with(st.edits, e)
			sent := compose(st.orig, edits)
			qs = append(qs, query{sent, func(tags []string) {
				st.queries++
				s, c := evaluate(sent, tags)
				results[i] = scored{e, s, c}
				if i == len(cands)-1 {
					a.choose(st, append(slices.Clone(pre), results...))
				}
			}})
		}
		if len(qs) == 0 {
			a.choose(st, pre)
			if st.done {
				return nil
			}
			continue
		}
		return qs
	}
	st.done = true
	if st.status != succeeded {
		st.status = failed
	}
	return nil
}

// candidateKey identifies an edit's text, so that tries that give the
// same edit are tagged once.
func candidateKey(e edit) string {
	return fmt.Sprintf("%d\x00%d\x00%s", e.c.Token, e.c.End, e.c.After)
}

// choose keeps the best of the scored candidates if it lowers st's score.
func (a *attacker) choose(st *state, cands []scored) {
	bi := -1
	for i, c := range cands {
		if bi < 0 || c.s.less(cands[bi].s) {
			bi = i
		}
	}
	if bi < 0 || !cands[bi].s.less(st.cur) {
		return
	}
	edits, ok := with(st.edits, cands[bi].e)
	if !ok {
		return
	}
	st.edits = edits
	st.cur, st.curCounts = cands[bi].s, cands[bi].c
	if st.cur.found < st.base.found {
		st.status = succeeded
		st.done = true
	}
}

// randomEdits draws n edits at random among the first edits of the
// eligible words: distinct words, a random kind and try for each.
func (a *attacker) randomEdits(st *state, n int) []edit {
	r := perturb.SentenceRand(a.opts.Seed, "attack-random", st.orig)
	words := slices.Clone(a.words(st))
	r.Shuffle(len(words), func(i, j int) { words[i], words[j] = words[j], words[i] })
	var out []edit
	for _, w := range words {
		if len(out) == n {
			break
		}
		k := r.IntN(len(a.opts.Kinds))
		j := r.IntN(a.opts.Candidates)
		es := a.edits(st, k, w, j)
		if len(es) == 0 {
			// The kind drawn cannot edit this word: try the others in order.
			for d := 1; d < len(a.opts.Kinds) && len(es) == 0; d++ {
				es = a.edits(st, (k+d)%len(a.opts.Kinds), w, j)
			}
		}
		if len(es) == 0 {
			continue
		}
		if next, ok := with(out, es[0]); ok {
			out = next
		}
	}
	return out
}

// finish checks the adversarial sentence of st as a build checks its
// outputs and sets the corpus counts of the kept edits.
func (a *attacker) finish(st *state) (conll.Sentence, error) {
	for _, set := range [][]edit{st.edits, st.randomEdits} {
		out := compose(st.orig, set)
		if errs := iob.Validate(out.Tags, iob.IOB2); len(errs) > 0 {
			return conll.Sentence{}, fmt.Errorf("sentence %d%s: %w: %v", st.index+1, lineOf(st.orig), perturb.ErrCheck, errs[0])
		}
		for _, e := range set {
			one := compose(st.orig, []edit{e})
			if err := perturb.CheckSentence(a.opts.Kinds[e.kind].Perturbation, st.orig, one, e.parts); err != nil {
				return conll.Sentence{}, fmt.Errorf("sentence %d%s: %s: %w", st.index+1, lineOf(st.orig), a.opts.Kinds[e.kind].Kind.Name, err)
			}
		}
	}
	return compose(st.orig, st.edits), nil
}

// changes returns the logged form of e: as a build logs it, one change
// per component of a composition, each named by its component.
func (a *attacker) changes(e edit, sentence int, file string) []perturb.Change {
	out := make([]perturb.Change, len(e.parts))
	for i, c := range e.parts {
		if c.Kind == "" {
			c.Kind = a.opts.Kinds[e.kind].Kind.Name
		}
		c.Sentence = sentence
		c.File = file
		out[i] = c
	}
	return out
}

func lineOf(s conll.Sentence) string {
	if s.Line <= 0 {
		return ""
	}
	return fmt.Sprintf(" (line %d)", s.Line)
}
