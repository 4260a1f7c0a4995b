// Package compare scores one or more NER systems on an original corpus and
// its stress copies, and reports how much each system loses under stress.
//
// For every system and set it gives conlleval-identical precision, recall
// and F1 (overall and per type), the relative drop from the original set as
// a percentage of the original F1 (the convention of Araujo et al. 2021),
// paired bootstrap confidence intervals over sentences, an approximate
// randomization test between systems on the same set, F1 restricted to the
// entities a perturbation touched versus those it left alone, and
// row-normalized B/I/O confusion matrices. Reports render as a terminal
// table, Markdown, JSON, CSV or a self-contained HTML page.
//
// All figures go through score.EvalSentence, sentence by sentence, so they
// agree exactly with "stress score" on the same files.
package compare

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/conll/score"
	"github.com/stress-ner/stress/internal/layout"
	"github.com/stress-ner/stress/stressset"
)

// Sentinel errors. Errors returned by this package wrap one of them.
var (
	// ErrMismatch means a prediction file does not align token by token
	// with its gold file, or a stress set does not align sentence by
	// sentence with the reference set.
	ErrMismatch = conll.ErrMismatch
	// ErrUnknownSet means a prediction or change log names a set that was
	// not added.
	ErrUnknownSet = errors.New("unknown set")
	// ErrDuplicate means a set, or a system's predictions for a set, was
	// added twice.
	ErrDuplicate = errors.New("added twice")
	// ErrNoData means there is nothing to compare.
	ErrNoData = errors.New("nothing to compare")
	// ErrChangeLog means a change log entry points outside its corpus;
	// it is the error the change log reader wraps too.
	ErrChangeLog = stressset.ErrChangeLog
	// ErrWhichSet means a prediction file names no set while there are
	// several gold sets.
	ErrWhichSet = errors.New("name the set of the predictions: there are several gold sets")
	// ErrOption means an option of the Comparer is out of its range.
	ErrOption = errors.New("invalid option")
)

// Limits of the options: the bootstrap keeps every sample's score of
// every interval (8 bytes each, for each system, set, type and drop),
// so Samples bounds memory; 100,000 samples give intervals far finer
// than the scores' own precision.
const (
	MaxSamples = 100_000
	maxWorkers = 1024
)

// Comparer collects gold sets and system predictions and computes a
// Report. Set the option fields before adding data. Predictions are
// scored as they are added; only per-sentence counts are kept.
type Comparer struct {
	// Eval selects the scoring semantics (conlleval by default).
	Eval score.EvalOptions
	// Samples is the number of bootstrap samples and of approximate
	// randomization shuffles, at most MaxSamples; 0 disables intervals
	// and tests.
	Samples int
	// Seed makes intervals and p-values reproducible.
	Seed uint64
	// Confidence is the level of the intervals, e.g. 0.95.
	Confidence float64
	// Reference names the set drops are measured against; "" means the
	// first set added.
	Reference string
	// Workers bounds the goroutines used for resampling, at most
	// maxWorkers; 0 means GOMAXPROCS. Results do not depend on it.
	Workers int
	// Describe, when not nil, tells what each set added is (see
	// SetDescription); sets it does not describe are counted in tokens.
	Describe func(set string) SetDescription
	// Progress, when not nil, is called after each bootstrap sample,
	// from the resampling goroutines.
	Progress func()
	// Missing lists the sets of a build a system has no prediction file
	// for (AddBuild), which its results leave out.
	Missing []MissingPrediction
	// Opener opens the files of AddGoldFile, AddPredictionFile and the
	// builds of AddBuildDir ("-": its standard input; integer JSON Lines
	// tags named by its Labels).
	Opener conll.Opener

	sets    []*setData
	systems []*systemData
}

type setData struct {
	stressset.Set
	tokens  int
	changed [][]bool // per sentence, per token; nil when no change log
	desc    SetDescription
	// mentions and changedMentions count gold mentions per type: all of
	// them, and those covering a changed token.
	mentions, changedMentions map[string]int
	spans                     spanTable // gold entities, computed once
}

type systemData struct {
	name    string
	results map[string]*resultData // by set name
}

// resultData is what a system's predictions on one set boil down to.
type resultData struct {
	file  string
	total score.Counts
	sent  countTable   // per sentence, for resampling
	part  []partCounts // per sentence; nil without change log
	// refPart splits the reference's counts per sentence as this set
	// changed them (onReference), for the interval of ChangedDiff; nil
	// for the reference and without a change log.
	refPart []partCounts
	errs    score.ErrorCounts
	pred    tagTable  // predicted tags per sentence, to score on the reference the entities another set perturbed
	spans   spanTable // predicted entities per sentence
	conf    confusionAcc
	types   map[TypePair]int // entity-type confusion, N unused in the key
	hasLog  bool
}

// New returns a Comparer with the defaults of "stress compare": conlleval
// semantics, 1000 samples, 95% intervals, seed 1.
func New() *Comparer {
	return &Comparer{Samples: 1000, Confidence: 0.95, Seed: 1}
}

// AddSet adds a gold set. The first set added is the reference unless
// Reference says otherwise.
func (c *Comparer) AddSet(s stressset.Set) error {
	if s.Name == "" {
		return errors.New("add set: empty name")
	}
	if c.set(s.Name) != nil {
		return fmt.Errorf("set %q: %w", s.Name, ErrDuplicate)
	}
	d := &setData{Set: s}
	if c.Describe != nil {
		d.desc = c.Describe(s.Name)
	}
	for _, g := range s.Gold {
		d.tokens += len(g.Tokens)
	}
	if s.Changed != nil {
		d.changed = make([][]bool, len(s.Gold))
		for _, ch := range s.Changed {
			if ch.Sentence < 0 || ch.Sentence >= len(s.Gold) {
				return fmt.Errorf("set %q: sentence %d of %d: %w", s.Name, ch.Sentence+1, len(s.Gold), ErrChangeLog)
			}
			n := len(s.Gold[ch.Sentence].Tokens)
			if ch.Start < 0 || ch.End > n || ch.Start >= ch.End {
				return fmt.Errorf("set %q: sentence %d: tokens [%d,%d) of %d: %w", s.Name, ch.Sentence+1, ch.Start, ch.End, n, ErrChangeLog)
			}
			m := d.changed[ch.Sentence]
			if m == nil {
				m = make([]bool, n)
				d.changed[ch.Sentence] = m
			}
			for i := ch.Start; i < ch.End; i++ {
				m[i] = true
			}
		}
	}
	d.mentions, d.changedMentions = map[string]int{}, map[string]int{}
	sc := newSentScorer(c.Eval)
	d.spans.start = make([]int32, 1, len(s.Gold)+1)
	for i, g := range s.Gold {
		var changed []bool
		if d.changed != nil {
			changed = d.changed[i]
		}
		spans := sc.spansOf(g.Tags)
		d.spans.add(spans)
		for _, sp := range spans {
			d.mentions[sp.Type]++
			if touches(changed, sp.Start, sp.End) {
				d.changedMentions[sp.Type]++
			}
		}
	}
	c.sets = append(c.sets, d)
	return nil
}

func (c *Comparer) set(name string) *setData {
	for _, s := range c.sets {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// AddGoldFile reads the corpus at path and adds it as set name, with
// its changes (nil when unknown).
func (c *Comparer) AddGoldFile(name, path string, changed []stressset.Span) error {
	gold, err := c.Opener.ReadFile(path)
	if err != nil {
		return fmt.Errorf("read gold: %w", err)
	}
	return c.AddSet(stressset.Set{Name: name, File: path, Gold: gold, Changed: changed})
}

// AddPredictionFile reads system's predictions on set from the corpus
// at path and adds them. The file is read sentence by sentence: only
// what the comparison keeps of it stays in memory.
func (c *Comparer) AddPredictionFile(system, set, path string) error {
	f, err := c.Opener.Open(path)
	if err != nil {
		return fmt.Errorf("system %s: %w", system, err)
	}
	defer f.Close()
	return c.addPredictions(system, set, path, systemErrors{layout.Track(f), system})
}

// sentenceSource is what addPredictions reads: sentences one by one,
// the strings of each kept in a slice the caller passes back (see
// conll.Reader.ReadAppend), io.EOF after the last. layout.Tracker and
// stressset.Predictions are ones.
type sentenceSource interface {
	ReadAppend(strs []string) (conll.Sentence, []string, error)
}

// systemErrors names the system in the read errors of its predictions.
type systemErrors struct {
	sentenceSource
	system string
}

func (s systemErrors) ReadAppend(strs []string) (conll.Sentence, []string, error) {
	p, strs, err := s.sentenceSource.ReadAppend(strs)
	if err != nil && err != io.EOF {
		err = fmt.Errorf("system %s: %w", s.system, err)
	}
	return p, strs, err
}

// AddPrediction scores a system's predictions on a set added before. The
// predictions must align with the gold sentences token by token (same
// sentence count, same tokens); the tags are the predicted labels.
func (c *Comparer) AddPrediction(system, set, file string, pred []conll.Sentence) error {
	return c.addPredictions(system, set, file, &sentenceSlice{s: pred})
}

// addPredictions is AddPrediction reading the predictions from src,
// sentence by sentence, keeping none of them: a read error is returned
// as it is, before any other (as when the whole file is read first),
// and the other errors are AddPrediction's, in its order.
func (c *Comparer) addPredictions(system, set, file string, src sentenceSource) error {
	s := c.set(set)
	var sys *systemData
	for _, x := range c.systems {
		if x.name == system {
			sys = x
		}
	}
	var early error
	switch {
	case s == nil:
		early = fmt.Errorf("%s: set %q: %w", file, set, ErrUnknownSet)
	case sys != nil && sys.results[set] != nil:
		early = fmt.Errorf("system %q, set %q: %w", system, set, ErrDuplicate)
	}
	var r *resultData
	var sc *sentScorer
	if early == nil {
		r, sc = c.newResult(s, file), newSentScorer(c.Eval)
	}
	// The first error of each kind, in AddPrediction's order: the
	// number of sentences, a token that differs, then the tags.
	var tokenErr, scoreErr error
	var strs []string
	n := 0
	for {
		p, buf, err := src.ReadAppend(strs[:0])
		strs = buf
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		i := n
		n++
		if early != nil || tokenErr != nil || i >= len(s.Gold) {
			continue
		}
		if tokenErr = alignSentence(s, file, i, p); tokenErr == nil && scoreErr == nil {
			scoreErr = c.scoreSentence(r, s, sc, file, i, p)
		}
	}
	if early != nil {
		return early
	}
	if sys == nil {
		sys = &systemData{name: system, results: map[string]*resultData{}}
		c.systems = append(c.systems, sys)
	}
	switch {
	case n != len(s.Gold):
		return fmt.Errorf("%s: %d sentences, gold %s has %d: %w", file, n, s.File, len(s.Gold), ErrMismatch)
	case tokenErr != nil:
		return tokenErr
	case scoreErr != nil:
		return scoreErr
	}
	r.pred.index = nil
	sys.results[set] = r
	return nil
}

// sentenceSlice is a sentenceSource of sentences in memory.
type sentenceSlice struct {
	s []conll.Sentence
	i int
}

func (ss *sentenceSlice) ReadAppend(strs []string) (conll.Sentence, []string, error) {
	if ss.i == len(ss.s) {
		return conll.Sentence{}, strs, io.EOF
	}
	ss.i++
	return ss.s[ss.i-1], strs, nil
}

// newResult returns the empty result of a system's predictions on s,
// read from file.
func (c *Comparer) newResult(s *setData, file string) *resultData {
	r := &resultData{
		file:  file,
		total: score.Counts{Types: map[string]score.TypeCounts{}},
		conf:  newConfusionAcc(),
		types: map[TypePair]int{},
	}
	n := len(s.Gold)
	if s.changed != nil {
		r.part = make([]partCounts, n)
		r.hasLog = true
	}
	r.pred = tagTable{ids: make([]uint16, 0, s.tokens), start: make([]int32, 1, n+1), index: map[string]uint16{}}
	r.spans.start = make([]int32, 1, n+1)
	r.sent.start = make([]int32, 1, n+1)
	return r
}

// scoreSentence adds the predictions p on sentence i of s to r.
func (c *Comparer) scoreSentence(r *resultData, s *setData, sc *sentScorer, file string, i int, p conll.Sentence) error {
	gold := s.Gold[i].Tags
	// Where seqeval or nervaluate would refuse the tags, so does the
	// comparison, rather than score them some other way.
	if err := c.Eval.CheckTags(gold); err != nil {
		return fmt.Errorf("%s: gold: %w (mode %v)", lineOf(s.File, s.Gold[i]), err, c.Eval.Mode)
	}
	if err := c.Eval.CheckTags(p.Tags); err != nil {
		return fmt.Errorf("%s: %w (mode %v)", lineOf(file, p), err, c.Eval.Mode)
	}
	if !r.pred.add(p.Tags) {
		return fmt.Errorf("%s: more than 65,536 distinct tags", file)
	}
	var changed []bool
	if r.part != nil {
		changed = s.changed[i]
	}
	pc, errs := sc.partition(gold, p.Tags, changed)
	counts := &sc.counts
	r.errs.Add(errs)
	r.sent.add(counts)
	r.total.Add(*counts)
	r.conf.add(gold, p.Tags, c.Eval)
	r.spans.add(sc.ps)
	addTypePairs(r.types, s.spans.of(i), sc.ps)
	if r.part != nil {
		// Odd prefixes can make conlleval count an entity it never
		// closes; never let the split disagree silently with the score.
		o := counts.Overall()
		if pc.sum() != [3]int32{int32(o.Gold), int32(o.Pred), int32(o.Correct)} {
			return fmt.Errorf("%s: sentence %d: perturbed/untouched split %v disagrees with scorer %v (unsupported tag scheme for this mode?)", lineOf(file, p), i+1, pc.sum(), o)
		}
		r.part[i] = pc
	}
	return nil
}

func lineOf(file string, s conll.Sentence) string {
	if s.Line > 0 {
		return fmt.Sprintf("%s:%d", file, s.Line)
	}
	return file
}

// alignSentence checks that p matches sentence i of s token by token.
func alignSentence(s *setData, file string, i int, p conll.Sentence) error {
	g := s.Gold[i]
	if len(p.Tokens) != len(g.Tokens) || len(p.Tags) != len(p.Tokens) {
		return fmt.Errorf("%s: sentence %d has %d tokens, gold %s has %d: %w",
			lineOf(file, p), i+1, len(p.Tokens), lineOf(s.File, g), len(g.Tokens), ErrMismatch)
	}
	for j := range p.Tokens {
		if p.Tokens[j] != g.Tokens[j] {
			line := lineOf(file, p)
			if p.Line > 0 {
				line = fmt.Sprintf("%s:%d", file, p.Line+j)
			}
			return fmt.Errorf("%s: token %d of sentence %d is %q, gold %s has %q: %w",
				line, j+1, i+1, p.Tokens[j], lineOf(s.File, g), g.Tokens[j], ErrMismatch)
		}
	}
	return nil
}

// Report computes the scores, intervals and tests. It fails on a
// cancelled context.
func (c *Comparer) Report(ctx context.Context) (*Report, error) {
	if c.Samples < 0 || c.Samples > MaxSamples {
		return nil, fmt.Errorf("%w: %d samples (0 to %d)", ErrOption, c.Samples, MaxSamples)
	}
	if c.Workers > maxWorkers {
		return nil, fmt.Errorf("%w: %d workers, at most %d", ErrOption, c.Workers, maxWorkers)
	}
	if len(c.sets) == 0 || len(c.systems) == 0 {
		return nil, ErrNoData
	}
	ref := c.sets[0]
	if c.Reference != "" {
		if ref = c.set(c.Reference); ref == nil {
			return nil, fmt.Errorf("reference set %q: %w", c.Reference, ErrUnknownSet)
		}
	}
	for _, s := range c.sets {
		if len(s.Gold) != len(ref.Gold) {
			return nil, fmt.Errorf("set %q (%s) has %d sentences, reference %q (%s) has %d: stress sets must align sentence by sentence: %w",
				s.Name, s.File, len(s.Gold), ref.Name, ref.File, len(ref.Gold), ErrMismatch)
		}
	}
	conf := c.Confidence
	if conf <= 0 || conf >= 1 {
		conf = 0.95
	}
	rep := &Report{
		Mode:       modeName(c.Eval.Mode),
		Samples:    c.Samples,
		Seed:       c.Seed,
		Confidence: conf,
		Reference:  ref.Name,
		Test:       testMethod,
	}
	types := map[string]bool{}
	for _, s := range c.sets {
		// Tokens are the original's, and a changed token is a token of
		// the original a change of the change log covers, as stress
		// build counts them (perturb.Stats.TokensModified).
		info := SetInfo{Name: s.Name, File: s.File, Sentences: len(s.Gold), Tokens: ref.tokens, ChangeLog: s.Changed != nil, Kind: s.desc.Kind,
			NotMeasured: s.NotMeasured}
		if s.Mentions > 0 { // an entity-level kind's count (stressset.Set.Mentions)
			n := s.Replaced
			info.MentionsReplaced = &n
		}
		for i, m := range s.changed {
			if m != nil {
				info.ChangedSentences++
				info.ChangedTokens += originalChanged(m, len(ref.Gold[i].Tokens))
			}
		}
		info.describeChanges(s)
		rep.Sets = append(rep.Sets, info)
	}
	for _, sys := range c.systems {
		for _, r := range sys.results {
			for t := range r.total.Types {
				types[t] = true
			}
		}
	}
	for t := range types {
		rep.Types = append(rep.Types, t)
	}
	slices.Sort(rep.Types)
	// A set not measured (by its kind's count or by the share it
	// changed) has no drop, overall or per type, in any format: it
	// would measure nothing.
	measured := map[string]bool{}
	for _, info := range rep.Sets {
		measured[info.Name] = !info.NotMeasured
	}

	for _, sys := range c.systems {
		out := System{Name: sys.name}
		for _, s := range c.sets {
			r := sys.results[s.Name]
			if r == nil {
				continue
			}
			out.Results = append(out.Results, c.resultOf(sys, s, ref, r, rep.Types, measured[s.Name]))
		}
		rep.Systems = append(rep.Systems, out)
	}
	buildComparisons(rep)
	if c.Samples > 0 {
		if err := c.resample(ctx, rep, ref); err != nil {
			return nil, err
		}
	}
	if err := c.significance(ctx, rep); err != nil {
		return nil, err
	}
	noteIntervals(rep)
	rep.Examples = c.examples(ref)
	return rep, nil
}

// resultOf scores system sys on set s (its counts r) against the
// reference set ref: overall and per type (types, the report's),
// perturbed and untouched entities, errors, confusions, and the drops
// from the reference when the set is measured.
func (c *Comparer) resultOf(sys *systemData, s, ref *setData, r *resultData, types []string, measured bool) Result {
	res := Result{Set: s.Name, File: r.file, Accuracy: r.total.Accuracy(), Overall: scoreOf(r.total.Overall())}
	o := sys.results[ref.Name]
	for _, t := range types {
		if tc, ok := r.total.Types[t]; ok {
			ts := TypeScore{Type: t, Score: scoreOf(tc), NotMeasured: s != ref && s.typeNotMeasured(t)}
			if o != nil && s != ref && measured && !ts.NotMeasured {
				if d, ok := relDrop(o.total.Types[t].F1(), ts.F1); ok {
					ts.Drop = &Drop{Value: d}
				}
			}
			res.Types = append(res.Types, ts)
		}
	}
	res.TypeConfusion = typePairs(r.types)
	if r.part != nil {
		var p, u score.TypeCounts
		for _, pc := range r.part {
			pc.addTo(&p, &u)
		}
		ps, us := scoreOf(p), scoreOf(u)
		res.Perturbed, res.Untouched = &ps, &us
		if o := sys.results[ref.Name]; o != nil && s != ref {
			rp, ru, refPart := c.onReference(ref, s, o)
			res.RefPerturbed, res.RefUntouched = &rp, &ru
			r.refPart = refPart
			if ps.Gold+ps.Pred > 0 && rp.Gold+rp.Pred > 0 {
				res.ChangedDiff = &Drop{Value: ps.F1 - rp.F1}
			}
		}
	}
	errs := r.errs
	res.Errors = &errs
	if s != ref && measured {
		if o := sys.results[ref.Name]; o != nil {
			if d, ok := relDrop(o.total.Overall().F1(), res.Overall.F1); ok {
				res.Drop = &Drop{Value: d}
			}
		}
	}
	res.Confusion = r.conf.result(types, s.tokens)
	return res
}

// describeChanges fills in the mentions of s, what its kind changes
// (Target), the share of that it changed and whether that is enough to
// measure anything.
func (info *SetInfo) describeChanges(s *setData) {
	var types []string
	for t := range s.mentions {
		types = append(types, t)
	}
	slices.Sort(types)
	for _, t := range types {
		info.Mentions += s.mentions[t]
		info.ChangedMentions += s.changedMentions[t]
		if s.changed != nil {
			info.Types = append(info.Types, TypeChange{Type: t, Mentions: s.mentions[t], Changed: s.changedMentions[t], NotMeasured: s.typeNotMeasured(t)})
		}
	}
	if s.changed == nil {
		return
	}
	n, d := info.ChangedTokens, info.Tokens
	info.Target = "tokens"
	if s.desc.Mentions {
		n, d = info.ChangedMentions, info.Mentions
		info.Target = "mentions"
	}
	if d > 0 {
		info.ChangedShare = 100 * float64(n) / float64(d)
	}
	info.NotMeasured = info.NotMeasured || info.ChangedShare < 100*minChangedShare
}

// originalChanged counts the tokens of an original sentence of n tokens
// that the change log's changes cover, from the copy's changed tokens:
// every token left alone is the same in both, so the copy's changed
// tokens stand for the original's plus what replacements added (or less
// what they took away).
func originalChanged(changed []bool, n int) int {
	c := 0
	for _, b := range changed {
		if b {
			c++
		}
	}
	return max(0, c-(len(changed)-n))
}

// typeNotMeasured reports whether the set changed under minChangedShare
// of type t's gold mentions (it has some, and a change log).
func (s *setData) typeNotMeasured(t string) bool {
	n := s.mentions[t]
	return s.changed != nil && n > 0 && float64(s.changedMentions[t]) < minChangedShare*float64(n)
}

func modeName(m score.Mode) string { return m.String() }

// onReference scores the system's predictions on the reference set split
// as the entities set s perturbed (see referenceMask): the same entities,
// before the perturbation.
func (c *Comparer) onReference(ref, s *setData, o *resultData) (Score, Score, []partCounts) {
	var p, u score.TypeCounts
	perSentence := make([]partCounts, len(ref.Gold))
	sc := newSentScorer(c.Eval)
	var pred []string
	for i := range ref.Gold {
		var changed []bool
		if i < len(s.changed) {
			changed = s.changed[i]
		}
		mask := changed
		if changed != nil && (i >= len(s.Gold) || len(s.Gold[i].Tags) != len(ref.Gold[i].Tags)) {
			// referenceMask, from the entities computed once per set
			mask = spansMask(len(ref.Gold[i].Tags), ref.spans.of(i), s.spans.of(i), changed)
		}
		pred = o.pred.sentence(pred[:0], i)
		pc, _ := sc.partition(ref.Gold[i].Tags, pred, mask)
		pc.addTo(&p, &u)
		perSentence[i] = pc
	}
	return scoreOf(p), scoreOf(u), perSentence
}

func scoreOf(t score.TypeCounts) Score {
	return Score{Gold: t.Gold, Pred: t.Pred, Correct: t.Correct, Precision: t.Precision(), Recall: t.Recall(), F1: t.F1()}
}

// relDrop is the paper's relative drop: the loss of F1 as a percentage of
// the reference F1. It is undefined when the reference F1 is zero.
func relDrop(ref, x float64) (float64, bool) {
	if ref == 0 {
		return 0, false
	}
	return (ref - x) / ref * 100, true
}
