package score

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
)

// Mode selects how entities are read from tags.
type Mode int

const (
	// ModeConlleval reads entities exactly as the CoNLL conlleval script:
	// an I- after O or after another type starts an entity.
	ModeConlleval Mode = iota
	// ModeStrict reads entities as seqeval's strict mode under
	// EvalOptions.Scheme (IOB2 by default: only B- starts an entity, stray
	// I- tags belong to none). Tags are read as they are, untyped tags
	// are of type "_", and a tag the scheme does not allow is an error
	// (ErrSchemeTag), as seqeval raises one.
	ModeStrict
	// ModeSemEval counts entities with the SemEval-2013 task 9.1 modes
	// (strict, exact, partial, type) as nervaluate does: see SemEval.
	ModeSemEval
)

var modeNames = [...]string{ModeConlleval: "conlleval", ModeStrict: "strict", ModeSemEval: "semeval"}

func (m Mode) String() string {
	if m >= 0 && int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", int(m))
}

// ParseMode parses "conlleval", "strict" or "semeval".
func ParseMode(s string) (Mode, error) {
	switch s {
	case "conlleval":
		return ModeConlleval, nil
	case "strict":
		return ModeStrict, nil
	case "semeval":
		return ModeSemEval, nil
	}
	return 0, fmt.Errorf("unknown scoring mode %q (want conlleval, strict or semeval)", s)
}

// EvalOptions configures scoring.
type EvalOptions struct {
	Mode Mode
	// Raw is conlleval's -r: tags have no prefixes, every tag other than
	// Outside is a one-token entity of that type.
	Raw bool
	// Outside is the outside tag in Raw mode and in ModeStrict; "" means
	// "O". Like conlleval's -o it has no effect in ModeConlleval without
	// Raw.
	Outside string
	// Scheme is the tag scheme of ModeStrict (ignored by the other modes).
	Scheme StrictScheme
}

func (o EvalOptions) outside() string {
	if o.Outside == "" {
		return iob.Outside
	}
	return o.Outside
}

// TypeCounts holds phrase (entity) counts for one entity type or overall.
type TypeCounts struct {
	Gold    int // entities in the gold standard
	Pred    int // entities predicted
	Correct int // predicted entities with the gold boundaries and type
}

// Precision is 100*Correct/Pred, or 0 when nothing was predicted.
func (t TypeCounts) Precision() float64 {
	if t.Pred == 0 {
		return 0
	}
	return float64(100*t.Correct) / float64(t.Pred)
}

// Recall is 100*Correct/Gold, or 0 when there is no gold entity.
func (t TypeCounts) Recall() float64 {
	if t.Gold == 0 {
		return 0
	}
	return float64(100*t.Correct) / float64(t.Gold)
}

// F1 is the harmonic mean of Precision and Recall in percent, or 0 when
// both are 0, computed in the order conlleval computes it so that the
// rounded figures agree to the last digit.
func (t TypeCounts) F1() float64 {
	p, r := t.Precision(), t.Recall()
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

// TP is the number of true positives (Correct).
func (t TypeCounts) TP() int { return t.Correct }

// FP is the number of predicted entities that are wrong.
func (t TypeCounts) FP() int { return t.Pred - t.Correct }

// FN is the number of gold entities that were missed.
func (t TypeCounts) FN() int { return t.Gold - t.Correct }

// Counts is the result of scoring one sentence or, accumulated with Add,
// a whole corpus.
type Counts struct {
	Tokens      int // tokens scored (sentence boundaries excluded)
	CorrectTags int // tokens whose predicted tag equals the gold tag
	Types       map[string]TypeCounts

	// GoldIssues and PredIssues count I- tags that start an entity or
	// change its type: valid for conlleval, invalid IOB2.
	GoldIssues, PredIssues iob.Issues
}

// Add adds the counts of o to c.
func (c *Counts) Add(o Counts) {
	c.Tokens += o.Tokens
	c.CorrectTags += o.CorrectTags
	for typ, t := range o.Types {
		c.addType(typ, t)
	}
	c.GoldIssues.Add(o.GoldIssues)
	c.PredIssues.Add(o.PredIssues)
}

func (c *Counts) addType(typ string, t TypeCounts) {
	if c.Types == nil {
		c.Types = make(map[string]TypeCounts)
	}
	old := c.Types[typ]
	c.Types[typ] = TypeCounts{Gold: old.Gold + t.Gold, Pred: old.Pred + t.Pred, Correct: old.Correct + t.Correct}
}

// Overall sums the phrase counts of all types.
func (c Counts) Overall() TypeCounts {
	var all TypeCounts
	for _, t := range c.Types {
		all.Gold += t.Gold
		all.Pred += t.Pred
		all.Correct += t.Correct
	}
	return all
}

// Accuracy is the share of tokens with the correct tag, in percent (0
// for no tokens).
func (c Counts) Accuracy() float64 {
	if c.Tokens == 0 {
		return 0
	}
	return float64(100*c.CorrectTags) / float64(c.Tokens)
}

// SortedTypes returns the entity types in conlleval's report order: byte
// order, types that occur in neither gold nor prediction left out.
func (c Counts) SortedTypes() []string {
	types := make([]string, 0, len(c.Types))
	for typ, t := range c.Types {
		if t.Gold > 0 || t.Pred > 0 {
			types = append(types, typ)
		}
	}
	slices.Sort(types)
	return types
}

// EvalSentence scores one sentence: gold and pred are its gold and
// predicted tags (equal length; extra tags of the longer one are
// ignored). Entities never continue past the sentence, so summing the
// Counts of the sentences of a corpus with Add gives the score conlleval
// gives the whole corpus with a blank line between sentences, for any
// tags with B, I, E, S or O prefixes. Tag schemes are not converted here:
// convert with iob.Convert first.
func EvalSentence(gold, pred []string, opt EvalOptions) Counts {
	return evalSentence(gold, pred, opt, nil)
}

// EntityKind says which side of a comparison an Entity belongs to.
type EntityKind int

const (
	GoldEntity    EntityKind = iota // an entity of the gold tags
	PredEntity                      // an entity of the predicted tags
	correctEntity                   // a predicted entity that matches a gold one
)

// Entity is one entity found while scoring a sentence: tokens
// [Start, End) of type Type.
type Entity struct {
	Kind       EntityKind
	Start, End int
	Type       string
}

// EvalEntities scores one sentence like EvalSentence and calls visit for
// every gold, predicted and correct entity it counts, with its position,
// so that callers can split the counts (say, by which tokens a
// perturbation changed) and still agree exactly with the scorer.
func EvalEntities(gold, pred []string, opt EvalOptions, visit func(Entity)) Counts {
	return evalSentence(gold, pred, opt, visit)
}

func evalSentence(gold, pred []string, opt EvalOptions, visit func(Entity)) Counts {
	var c Counts
	addSentence(&c, gold, pred, opt, visit)
	return c
}

// AddEntities scores one sentence as EvalEntities does and adds its
// counts to c. With c.Reset between sentences, a caller that scores
// sentence after sentence reuses c's Types map and allocates nothing
// per sentence (EvalEntities makes a map each time).
func AddEntities(c *Counts, gold, pred []string, opt EvalOptions, visit func(Entity)) {
	addSentence(c, gold, pred, opt, visit)
}

// Reset zeroes c, keeping its Types map (emptied) for reuse.
func (c *Counts) Reset() {
	types := c.Types
	clear(types)
	*c = Counts{Types: types}
}

func addSentence(c *Counts, gold, pred []string, opt EvalOptions, visit func(Entity)) {
	n := min(len(gold), len(pred))
	if opt.Mode == ModeStrict {
		// A tag seqeval refuses reads as outside here; callers that must
		// refuse it check with opt.CheckTags first.
		evalStrict(gold[:n], pred[:n], opt, c, visit)
		return
	}
	if opt.Mode == ModeSemEval {
		evalSemEvalStrict(gold[:n], pred[:n], opt, c, visit)
		return
	}
	ch := chunker{visit: visit, goldStart: -1, predStart: -1}
	ch.counts = c
	out := opt.outside()
	for i := range n {
		gp, gt := splitTag(gold[i], opt.Raw, out)
		pp, pt := splitTag(pred[i], opt.Raw, out)
		ch.step(gp, gt, pp, pt, false)
	}
	ch.step("O", "", "O", "", true)
	ch.finish()
}

// SplitTag cuts a tag into the prefix and type the scorer sees under o:
// conlleval's reading (prefix before the first hyphen, -r making every
// tag but the outside tag a one-token B entity), and in strict mode the
// outside tag read as O.
func (o EvalOptions) SplitTag(tag string) (prefix, typ string) {
	if o.Mode == ModeStrict && !o.Raw && tag == o.outside() {
		return "O", ""
	}
	return splitTag(tag, o.Raw, o.outside())
}

// splitTag cuts a tag into conlleval's prefix and type, applying -r.
func splitTag(tag string, raw bool, outside string) (prefix, typ string) {
	if raw {
		if tag == outside || tag == "O" {
			return "O", ""
		}
		prefix, typ = "B", tag
	} else {
		prefix, typ = iob.Split(tag)
	}
	if typ == "0" { // Perl: "0" is false, and conlleval writes $type ? $type : ""
		typ = ""
	}
	return prefix, typ
}

// chunker is conlleval's main loop, one token at a time, with the same
// state variables as the Perl script.
type chunker struct {
	lastCorrect, lastCorrectType string
	lastGuessed, lastGuessedType string
	inCorrect                    bool
	started                      bool // lastCorrect etc. are set
	counts                       *Counts

	// With visit set, the chunker also tracks where entities are, which
	// the Perl script never needed: the token index and the starts of the
	// open gold, predicted and correct entities (-1: none open).
	visit                           func(Entity)
	pos                             int
	goldStart, predStart, corrStart int
	goldType, predType              string
}

func (ch *chunker) step(correct, correctType, guessed, guessedType string, boundary bool) {
	if !ch.started {
		ch.lastCorrect, ch.lastGuessed, ch.started = "O", "O", true
	}
	c := ch.counts
	if boundary {
		guessed = "O"
	}
	endC := iob.ChunkEnd(ch.lastCorrect, correct, ch.lastCorrectType, correctType)
	endG := iob.ChunkEnd(ch.lastGuessed, guessed, ch.lastGuessedType, guessedType)
	if ch.visit != nil {
		if endC {
			ch.closeGold()
		}
		if endG {
			ch.closePred()
		}
	}
	if ch.inCorrect {
		if endC && endG && ch.lastGuessedType == ch.lastCorrectType {
			ch.inCorrect = false
			c.bump(ch.lastCorrectType, 0, 0, 1)
			if ch.visit != nil {
				ch.visit(Entity{correctEntity, ch.corrStart, ch.pos, ch.lastCorrectType})
			}
		} else if endC != endG || guessedType != correctType {
			ch.inCorrect = false
		}
	}
	startC := iob.ChunkStart(ch.lastCorrect, correct, ch.lastCorrectType, correctType)
	startG := iob.ChunkStart(ch.lastGuessed, guessed, ch.lastGuessedType, guessedType)
	if startC && startG && guessedType == correctType {
		ch.inCorrect = true
		ch.corrStart = ch.pos
	}
	if startC {
		c.bump(correctType, 1, 0, 0)
		if ch.visit != nil && !boundary {
			// An entity can start without the previous one ending (E-X
			// then B-X): the previous one ends here.
			ch.closeGold()
			ch.goldStart, ch.goldType = ch.pos, correctType
		}
	}
	if startG {
		c.bump(guessedType, 0, 1, 0)
		if ch.visit != nil && !boundary {
			ch.closePred()
			ch.predStart, ch.predType = ch.pos, guessedType
		}
	}
	if boundary && ch.visit != nil {
		ch.closeGold()
		ch.closePred()
	}
	ch.pos++
	if !boundary {
		if correct == guessed && guessedType == correctType {
			c.CorrectTags++
		}
		c.Tokens++
		countIssue(&c.GoldIssues, ch.lastCorrect, correct, ch.lastCorrectType, correctType)
		countIssue(&c.PredIssues, ch.lastGuessed, guessed, ch.lastGuessedType, guessedType)
	}
	ch.lastCorrect, ch.lastCorrectType = correct, correctType
	ch.lastGuessed, ch.lastGuessedType = guessed, guessedType
}

// finish is the end of input: an entity still open is counted.
func (ch *chunker) finish() {
	if ch.inCorrect {
		ch.counts.bump(ch.lastCorrectType, 0, 0, 1)
		ch.inCorrect = false
		if ch.visit != nil {
			ch.visit(Entity{correctEntity, ch.corrStart, ch.pos - 1, ch.lastCorrectType})
		}
	}
}

func (ch *chunker) closeGold() {
	if ch.goldStart >= 0 {
		ch.visit(Entity{GoldEntity, ch.goldStart, ch.pos, ch.goldType})
		ch.goldStart = -1
	}
}

func (ch *chunker) closePred() {
	if ch.predStart >= 0 {
		ch.visit(Entity{PredEntity, ch.predStart, ch.pos, ch.predType})
		ch.predStart = -1
	}
}

func countIssue(is *iob.Issues, prevTag, tag, prevType, typ string) {
	if tag != "I" {
		return
	}
	if prevTag != "B" && prevTag != "I" {
		is.IStarts++
	} else if prevType != typ {
		is.TypeChanges++
	}
}

func (c *Counts) bump(typ string, gold, pred, correct int) {
	if c.Types == nil {
		c.Types = make(map[string]TypeCounts, 4)
	}
	t := c.Types[typ]
	t.Gold += gold
	t.Pred += pred
	t.Correct += correct
	c.Types[typ] = t
}

// CheckTags returns the *iob.TagError (wrapping ErrSchemeTag) that
// seqeval's strict mode raises for tags under o.Scheme, or the one
// (wrapping ErrSemEvalTag) nervaluate raises in ModeSemEval, or nil.
// ModeConlleval and Raw accept every tag.
func (o EvalOptions) CheckTags(tags []string) error {
	if o.Raw || o.Mode == ModeConlleval {
		return nil
	}
	if o.Mode == ModeSemEval {
		_, err := SemEvalSpans(tags, o.Outside)
		return err
	}
	_, err := strictSpans(o.strictNorm(tags), o.Scheme, nil)
	return err
}

// strictNorm maps the outside tag to O and, with Raw, every other tag to
// a one-token entity of the scheme.
func (o EvalOptions) strictNorm(tags []string) []string {
	out := o.outside()
	if !o.Raw && out == iob.Outside {
		return tags
	}
	n := make([]string, len(tags))
	for i, t := range tags {
		if t == out || t == iob.Outside {
			n[i] = iob.Outside
		} else {
			n[i] = t
		}
	}
	return n
}

// rawSpans makes every non-outside tag a one-token entity (-r).
func rawSpans(tags []string) []iob.Span {
	var s []iob.Span
	for i, t := range tags {
		if t != iob.Outside {
			s = append(s, iob.Span{Start: i, End: i + 1, Type: t})
		}
	}
	return s
}

// evalStrict scores one sentence with seqeval's strict entities. It
// returns the error seqeval would raise; the counts then hold the
// sentence with the refused side read as having no entity.
func evalStrict(gold, pred []string, opt EvalOptions, c *Counts, visit func(Entity)) error {
	gold, pred = opt.strictNorm(gold), opt.strictNorm(pred)
	for i := range gold {
		c.Tokens++
		if gold[i] == pred[i] {
			c.CorrectTags++
		}
	}
	if opt.Scheme == StrictIOB2 && !opt.Raw {
		c.GoldIssues.Add(iob.Check(gold))
		c.PredIssues.Add(iob.Check(pred))
	}
	var gs, ps []iob.Span
	var gerr, perr error
	if opt.Raw {
		gs, ps = rawSpans(gold), rawSpans(pred)
	} else {
		gs, gerr = strictSpans(gold, opt.Scheme, nil)
		ps, perr = strictSpans(pred, opt.Scheme, nil)
		if gerr != nil {
			gs = nil
		}
		if perr != nil {
			ps = nil
		}
	}
	countSpans(gs, ps, c, visit)
	if gerr != nil {
		return sideError{gold: true, err: gerr}
	}
	if perr != nil {
		return sideError{err: perr}
	}
	return nil
}

// evalSemEvalStrict gives, for EvalSentence and EvalEntities, the
// counts of SemEval's strict mode as TypeCounts: nervaluate's entities,
// correct when boundaries and type match. A side nervaluate refuses
// counts no entity (check with CheckTags first).
func evalSemEvalStrict(gold, pred []string, opt EvalOptions, c *Counts, visit func(Entity)) {
	if opt.Raw {
		gold, pred = rawTags(gold, opt.outside()), rawTags(pred, opt.outside())
	}
	for i := range gold {
		c.Tokens++
		if gold[i] == pred[i] {
			c.CorrectTags++
		}
	}
	gs, _ := SemEvalSpans(gold, opt.Outside)
	ps, _ := SemEvalSpans(pred, opt.Outside)
	countSpans(gs, ps, c, visit)
}

// countSpans counts the gold entities gs, the predicted ps and the
// exact matches between them into c, calling visit (when not nil) for
// each. Spans come sorted by start and never overlap, so one pass finds
// the matches.
func countSpans(gs, ps []iob.Span, c *Counts, visit func(Entity)) {
	for _, s := range gs {
		c.bump(s.Type, 1, 0, 0)
		if visit != nil {
			visit(Entity{GoldEntity, s.Start, s.End, s.Type})
		}
	}
	j := 0
	for _, s := range ps {
		c.bump(s.Type, 0, 1, 0)
		if visit != nil {
			visit(Entity{PredEntity, s.Start, s.End, s.Type})
		}
		for j < len(gs) && gs[j].Start < s.Start {
			j++
		}
		if j < len(gs) && gs[j] == s {
			c.bump(s.Type, 0, 0, 1)
			if visit != nil {
				visit(Entity{correctEntity, s.Start, s.End, s.Type})
			}
		}
	}
}

// sideError says which column a refused tag is in.
type sideError struct {
	gold bool
	err  error
}

func (e sideError) Error() string {
	if e.gold {
		return "gold " + e.err.Error()
	}
	return "predicted " + e.err.Error()
}

func (e sideError) Unwrap() error { return e.err }

// WriteReport writes c as conlleval writes its report, byte for byte:
// the overall line, then one line per type in byte order. WriteResult
// with latex writes the LaTeX table of conlleval -l instead.
func WriteReport(w io.Writer, c Counts) error { return writeReport(w, c, false) }

// writeReport writes conlleval's report of c, or with latex its -l table.
func writeReport(w io.Writer, c Counts, latex bool) error {
	var b []byte
	all := c.Overall()
	types := reportTypes(c)
	if !latex {
		b = fmt.Appendf(b, "processed %d tokens with %d phrases; found: %d phrases; correct: %d.\n",
			c.Tokens, all.Gold, all.Pred, all.Correct)
		if c.Tokens > 0 {
			b = append(b, "accuracy: "...)
			b = appendPct(b, c.Accuracy())
			b = append(b, "%; precision: "...)
			b = appendPct(b, all.Precision())
			b = append(b, "%; recall: "...)
			b = appendPct(b, all.Recall())
			b = append(b, "%; FB1: "...)
			b = appendPct(b, all.F1())
			b = append(b, '\n')
		}
		for _, typ := range types {
			t := c.Types[typ]
			// %17s in Perl pads bytes, not runes.
			for range 17 - len(typ) {
				b = append(b, ' ')
			}
			b = append(b, typ...)
			b = append(b, ": precision: "...)
			b = appendPct(b, t.Precision())
			b = append(b, "%; recall: "...)
			b = appendPct(b, t.Recall())
			b = append(b, "%; FB1: "...)
			b = appendPct(b, t.F1())
			b = append(b, "  "...)
			b = strconv.AppendInt(b, int64(t.Pred), 10)
			b = append(b, '\n')
		}
	} else {
		b = append(b, `        & Precision &  Recall  & F$_{\beta=1} \\\hline`...)
		for _, typ := range types {
			t := c.Types[typ]
			b = append(b, '\n')
			b = append(b, typ...)
			for range 7 - len(typ) {
				b = append(b, ' ')
			}
			b = append(b, " &  "...)
			b = appendPct(b, t.Precision())
			b = append(b, `\% & `...)
			b = appendPct(b, t.Recall())
			b = append(b, `\% & `...)
			b = appendPct(b, t.F1())
			b = append(b, ` \\`...)
		}
		b = append(b, "\\hline\n"...)
		b = append(b, "Overall &  "...)
		b = appendPct(b, all.Precision())
		b = append(b, `\% & `...)
		b = appendPct(b, all.Recall())
		b = append(b, `\% & `...)
		b = appendPct(b, all.F1())
		b = append(b, " \\\\\\hline\n"...)
	}
	_, err := w.Write(b)
	return err
}

// reportTypes lists the types as conlleval's report does. The script
// removes duplicates from the sorted key lists of gold and predicted
// types with "not($lastType) or $lastType ne $i", so the empty type
// (Perl-false) is listed twice when both gold and prediction have it.
func reportTypes(c Counts) []string {
	types := c.SortedTypes()
	if len(types) > 0 && types[0] == "" {
		if t := c.Types[""]; t.Gold > 0 && t.Pred > 0 {
			types = slices.Insert(types, 0, "")
		}
	}
	return types
}

// appendPct formats v as Perl's "%6.2f".
func appendPct(b []byte, v float64) []byte {
	var tmp [32]byte
	s := strconv.AppendFloat(tmp[:0], v, 'f', 2, 64)
	for range 6 - len(s) {
		b = append(b, ' ')
	}
	return append(b, s...)
}

// Scorer accumulates the counts of a corpus given sentence by sentence,
// exactly as conlleval scores the sentences written one after the other
// with a blank line between them (an entity that conlleval lets run on
// past a blank line, which only odd prefixes such as "." allow, runs on
// here too). Use it where gold and prediction come from corpus files
// rather than from one conlleval file.
type Scorer struct {
	opt    EvalOptions
	counts Counts
	ch     chunker
	sem    SemEval
	// Convert, when set, makes AddPairs convert each sentence's tags
	// from Scheme to IOB2 before scoring (not with Raw).
	Convert bool
	Scheme  iob.Scheme
	// Opener opens the files AddFiles names ("-": its Stdin, integer
	// JSON Lines tags by its Labels).
	Opener conll.Opener
}

// SemEval returns the SemEval-2013 counts of the sentences added so far
// in ModeSemEval.
func (s *Scorer) SemEval() *SemEval { return &s.sem }

// rawTags makes every tag but the outside one a one-token B- entity, for
// -r in SemEval mode.
func rawTags(tags []string, outside string) []string {
	out := make([]string, len(tags))
	for i, t := range tags {
		if t == outside || t == iob.Outside {
			out[i] = iob.Outside
		} else {
			out[i] = "B-" + t
		}
	}
	return out
}

// NewScorer returns a Scorer with the given options.
func NewScorer(opt EvalOptions) *Scorer {
	s := &Scorer{opt: opt}
	s.ch.counts = &s.counts
	return s
}

// Add scores one sentence; gold and pred must have the same length
// (extra tags of the longer one are ignored). In ModeStrict it returns
// the error seqeval raises for a tag the scheme does not allow: a
// *iob.TagError wrapping ErrSchemeTag, its message naming the column.
func (s *Scorer) Add(gold, pred []string) error {
	n := min(len(gold), len(pred))
	if s.opt.Mode == ModeStrict {
		return evalStrict(gold[:n], pred[:n], s.opt, &s.counts, nil)
	}
	if s.opt.Mode == ModeSemEval {
		g, p := gold[:n], pred[:n]
		if s.opt.Raw {
			g, p = rawTags(g, s.opt.outside()), rawTags(p, s.opt.outside())
		}
		for i := range g {
			s.counts.Tokens++
			if g[i] == p[i] {
				s.counts.CorrectTags++
			}
		}
		return s.sem.AddSentence(g, p, s.opt.outside())
	}
	out := s.opt.outside()
	for i := range n {
		gp, gt := splitTag(gold[i], s.opt.Raw, out)
		pp, pt := splitTag(pred[i], s.opt.Raw, out)
		s.ch.step(gp, gt, pp, pt, false)
	}
	s.ch.step("O", "", "O", "", true)
	return nil
}

// AddFiles scores the predictions in file predPath against the gold in
// goldPath (corpus files of any format, "-" for Stdin), aligned sentence
// by sentence and token by token; predictions on documents are split
// like the gold documents.
func (s *Scorer) AddFiles(goldPath, predPath string) (Counts, error) {
	gf, err := s.Opener.Open(goldPath)
	if err != nil {
		return Counts{}, err
	}
	defer gf.Close()
	pf, err := s.Opener.Open(predPath)
	if err != nil {
		return Counts{}, err
	}
	defer pf.Close()
	if err := pf.ReadLike(gf.Layout().Template); err != nil {
		return Counts{}, err
	}
	return s.AddPairs(conll.NewPairReader(gf, goldPath, pf, predPath))
}

// AddPairs scores every sentence of p, gold from p.A and predictions
// from p.B, which must have the same tokens, and returns the counts.
func (s *Scorer) AddPairs(p *conll.PairReader) (Counts, error) {
	for {
		g, pr, err := p.Read()
		if err == io.EOF {
			return s.Counts(), nil
		}
		if err != nil {
			return Counts{}, err
		}
		if err := p.CheckTokens(g, pr); err != nil {
			return Counts{}, err
		}
		gt, pt := g.Tags, pr.Tags
		if s.Convert && !s.opt.Raw {
			if gt, err = convertTags(gt, s.Scheme, p.NameA, g.Line); err != nil {
				return Counts{}, err
			}
			if pt, err = convertTags(pt, s.Scheme, p.NameB, pr.Line); err != nil {
				return Counts{}, err
			}
		}
		if err := s.Add(gt, pt); err != nil {
			var te *iob.TagError
			if errors.As(err, &te) {
				return Counts{}, fmt.Errorf("%s:%d and %s:%d: %w (mode %v, scheme %v)",
					p.NameA, g.Line+te.Pos, p.NameB, pr.Line+te.Pos, err, s.opt.Mode, s.opt.Scheme)
			}
			return Counts{}, err
		}
	}
}

func convertTags(tags []string, scheme iob.Scheme, file string, line int) ([]string, error) {
	out, err := iob.Convert(tags, scheme, iob.IOB2)
	var te *iob.TagError
	if errors.As(err, &te) {
		return nil, fmt.Errorf("%s:%d: %w %q for scheme %v", file, line+te.Pos, iob.ErrInvalidTag, te.Tag, scheme)
	}
	return out, err
}

// Counts returns the counts of all sentences added so far.
func (s *Scorer) Counts() Counts {
	c := s.counts
	c.Types = make(map[string]TypeCounts, len(s.counts.Types))
	for k, v := range s.counts.Types {
		c.Types[k] = v
	}
	if s.ch.inCorrect { // conlleval's check after the last line
		c.bump(s.ch.lastCorrectType, 0, 0, 1)
	}
	return c
}
