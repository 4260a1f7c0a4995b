package score

import (
	"fmt"
	"slices"

	"github.com/stress-ner/stress/iob"
)

// SemEvalMode is one of the four ways SemEval-2013 task 9.1 matches a
// predicted entity with a gold one, named as nervaluate names them.
type SemEvalMode int

const (
	// semStrict: boundaries and type must both match.
	semStrict SemEvalMode = iota
	// semExact: boundaries must match, the type is ignored.
	semExact
	// semPartial: any overlap counts; an exact boundary match is
	// correct, an overlap partial (half credit), the type is ignored.
	semPartial
	// semType: any overlap counts, the type must match.
	semType
)

// SemEvalModes lists the modes in report order.
var SemEvalModes = [...]SemEvalMode{semStrict, semExact, semPartial, semType}

func (m SemEvalMode) String() string {
	switch m {
	case semStrict:
		return "strict"
	case semExact:
		return "exact"
	case semPartial:
		return "partial"
	case semType:
		return "ent_type"
	}
	return fmt.Sprintf("SemEvalMode(%d)", int(m))
}

// SemEvalCounts are SemEval-2013's counts for one mode.
type SemEvalCounts struct {
	Correct   int // COR
	Incorrect int // INC: matched, but boundaries or type wrong for the mode
	Partial   int // PAR: overlapping boundaries (partial mode only)
	Missed    int // MIS: gold entities no prediction matched
	Spurious  int // SPU: predictions that match no gold entity
}

// Possible is POS = COR + INC + PAR + MIS, the gold entities.
func (c SemEvalCounts) Possible() int { return c.Correct + c.Incorrect + c.Partial + c.Missed }

// Actual is ACT = COR + INC + PAR + SPU, the predicted entities.
func (c SemEvalCounts) Actual() int { return c.Correct + c.Incorrect + c.Partial + c.Spurious }

func (c SemEvalCounts) credit() float64 { return float64(c.Correct) + 0.5*float64(c.Partial) }

// Precision is (COR + 0.5 PAR) / ACT as a fraction, 0 when nothing was
// predicted. PAR is only ever non-zero in partial mode, so this is
// COR/ACT in the others, as SemEval-2013 defines them.
func (c SemEvalCounts) Precision() float64 {
	if c.Actual() == 0 {
		return 0
	}
	return c.credit() / float64(c.Actual())
}

// Recall is (COR + 0.5 PAR) / POS as a fraction, 0 without gold entities.
func (c SemEvalCounts) Recall() float64 {
	if c.Possible() == 0 {
		return 0
	}
	return c.credit() / float64(c.Possible())
}

// F1 is the harmonic mean of Precision and Recall, 0 when both are 0.
func (c SemEvalCounts) F1() float64 {
	p, r := c.Precision(), c.Recall()
	if p+r == 0 {
		return 0
	}
	return 2 * (p * r) / (p + r)
}

func (c *SemEvalCounts) add(o SemEvalCounts) {
	c.Correct += o.Correct
	c.Incorrect += o.Incorrect
	c.Partial += o.Partial
	c.Missed += o.Missed
	c.Spurious += o.Spurious
}

// SemEvalModeCounts holds the counts of the four modes, indexed by
// SemEvalMode.
type SemEvalModeCounts [len(SemEvalModes)]SemEvalCounts

func (m *SemEvalModeCounts) add(o SemEvalModeCounts) {
	for i := range m {
		m[i].add(o[i])
	}
}

// SemEval accumulates nervaluate's counts over a corpus: overall, and per
// entity type from the entities of that type alone (so a type error
// shows as a miss of the gold type and a spurious entity of the
// predicted one there, as in nervaluate).
type SemEval struct {
	Tokens  int
	Overall SemEvalModeCounts
	Types   map[string]*SemEvalModeCounts
}

// SortedTypes returns the entity types in byte order.
func (s *SemEval) SortedTypes() []string {
	types := make([]string, 0, len(s.Types))
	for t := range s.Types {
		types = append(types, t)
	}
	slices.Sort(types)
	return types
}

// Merge adds the counts of o to s.
func (s *SemEval) Merge(o *SemEval) {
	s.Tokens += o.Tokens
	s.Overall.add(o.Overall)
	for t, c := range o.Types {
		s.typ(t).add(*c)
	}
}

func (s *SemEval) typ(t string) *SemEvalModeCounts {
	if s.Types == nil {
		s.Types = make(map[string]*SemEvalModeCounts)
	}
	c := s.Types[t]
	if c == nil {
		c = new(SemEvalModeCounts)
		s.Types[t] = c
	}
	return c
}

// AddSentence reads the entities of one sentence's gold and predicted
// tags as nervaluate reads a tag list (SemEvalSpans) and counts them.
// outside names the outside tag ("" for O). It returns an error wrapping
// ErrSemEvalTag for a tag nervaluate refuses, naming the column.
func (s *SemEval) AddSentence(gold, pred []string, outside string) error {
	g, err := SemEvalSpans(gold, outside)
	if err != nil {
		return sideError{gold: true, err: err}
	}
	p, err := SemEvalSpans(pred, outside)
	if err != nil {
		return sideError{err: err}
	}
	s.Tokens += min(len(gold), len(pred))
	s.AddEntities(g, p)
	return nil
}

// AddEntities counts one sentence's gold and predicted entities.
func (s *SemEval) AddEntities(gold, pred []iob.Span) {
	for _, m := range SemEvalModes {
		s.Overall[m].add(semevalMatch(m, gold, pred))
	}
	var types []string
	for _, e := range gold {
		types = append(types, e.Type)
	}
	for _, e := range pred {
		types = append(types, e.Type)
	}
	slices.Sort(types)
	types = slices.Compact(types)
	var g, p []iob.Span
	for _, t := range types {
		g, p = g[:0], p[:0]
		for _, e := range gold {
			if e.Type == t {
				g = append(g, e)
			}
		}
		for _, e := range pred {
			if e.Type == t {
				p = append(p, e)
			}
		}
		tc := s.typ(t)
		for _, m := range SemEvalModes {
			tc[m].add(semevalMatch(m, g, p))
		}
	}
}

func overlaps(a, b iob.Span) bool { return a.Start < b.End && b.Start < a.End }

// semevalMatch counts one sentence in one mode. Each prediction, in
// order, takes the first gold entity not yet taken that it matches or
// overlaps (nervaluate's rule with its default minimum overlap of one
// token); the gold entities nobody took are missed.
func semevalMatch(m SemEvalMode, gold, pred []iob.Span) SemEvalCounts {
	var c SemEvalCounts
	c.Spurious, c.Missed = takeFirst(gold, pred, func(p, g iob.Span) bool {
		sameBounds := p.Start == g.Start && p.End == g.End
		switch m {
		case semStrict, semExact:
			if sameBounds && (m == semExact || p.Type == g.Type) {
				c.Correct++
			} else if overlaps(p, g) {
				c.Incorrect++
			} else {
				return false
			}
		case semPartial:
			if !overlaps(p, g) {
				return false
			}
			if sameBounds {
				c.Correct++
			} else {
				c.Partial++
			}
		case semType:
			if !overlaps(p, g) {
				return false
			}
			if p.Type == g.Type {
				c.Correct++
			} else {
				c.Incorrect++
			}
		}
		return true
	})
	return c
}

// takeFirst pairs each prediction, in order, with the first gold entity
// not yet taken for which take (which counts the pair) reports true. It
// returns the predictions that took none and the gold entities nobody
// took.
func takeFirst(gold, pred []iob.Span, take func(p, g iob.Span) bool) (spurious, missed int) {
	var takenBuf [16]bool
	taken := takenBuf[:0]
	if len(gold) > len(takenBuf) {
		taken = make([]bool, len(gold))
	} else {
		taken = takenBuf[:len(gold)]
	}
	for _, p := range pred {
		hit := false
		for i, g := range gold {
			if taken[i] || !take(p, g) {
				continue
			}
			taken[i], hit = true, true
			break
		}
		if !hit {
			spurious++
		}
	}
	for _, t := range taken {
		if !t {
			missed++
		}
	}
	return spurious, missed
}

// SemEvalSpans reads entities from tags as nervaluate reads a list of
// tags: outside (O, or the given outside tag) ends an entity; a B- tag,
// or a tag of another type, starts a new one; the type is what follows
// the two-character prefix. Any other tag is a *iob.TagError wrapping
// ErrSemEvalTag, where nervaluate raises an error.
func SemEvalSpans(tags []string, outside string) ([]iob.Span, error) {
	if outside == "" {
		outside = iob.Outside
	}
	var spans []iob.Span
	start, typ := -1, ""
	for i, tag := range tags {
		if tag == outside || tag == iob.Outside {
			if start >= 0 {
				spans = append(spans, iob.Span{Start: start, End: i, Type: typ})
				start = -1
			}
			continue
		}
		if len(tag) < 2 || (tag[:2] != "B-" && tag[:2] != "I-") {
			return nil, &iob.TagError{Pos: i, Tag: tag, Err: ErrSemEvalTag}
		}
		t := tag[2:]
		if start >= 0 && t == typ && tag[0] != 'B' {
			continue
		}
		if start >= 0 {
			spans = append(spans, iob.Span{Start: start, End: i, Type: typ})
		}
		start, typ = i, t
	}
	if start >= 0 {
		spans = append(spans, iob.Span{Start: start, End: len(tags), Type: typ})
	}
	return spans, nil
}

// ErrorCounts sorts one sentence's (or a corpus's) entities by the kind
// of error, with SemEval's matching: each prediction, in order, takes the
// first gold entity not yet taken that it overlaps.
type ErrorCounts struct {
	Correct      int `json:"correct"`       // same boundaries, same type
	Missed       int `json:"missed"`        // gold entity no prediction overlaps
	Spurious     int `json:"spurious"`      // prediction overlapping no gold entity
	Type         int `json:"type"`          // same boundaries, other type
	Boundary     int `json:"boundary"`      // overlapping, other boundaries, same type
	BoundaryType int `json:"boundary_type"` // overlapping, other boundaries and type
}

// Add adds o to e.
func (e *ErrorCounts) Add(o ErrorCounts) {
	e.Correct += o.Correct
	e.Missed += o.Missed
	e.Spurious += o.Spurious
	e.Type += o.Type
	e.Boundary += o.Boundary
	e.BoundaryType += o.BoundaryType
}

// Gold is the number of gold entities: all but the spurious ones.
func (e ErrorCounts) Gold() int { return e.Correct + e.Missed + e.Type + e.Boundary + e.BoundaryType }

// Pred is the number of predicted entities: all but the missed ones.
func (e ErrorCounts) Pred() int { return e.Correct + e.Spurious + e.Type + e.Boundary + e.BoundaryType }

// ClassifyErrors sorts the entities of one sentence by the kind of error.
func ClassifyErrors(gold, pred []iob.Span) ErrorCounts {
	var e ErrorCounts
	e.Spurious, e.Missed = takeFirst(gold, pred, func(p, g iob.Span) bool {
		if !overlaps(p, g) {
			return false
		}
		sameBounds, sameType := p.Start == g.Start && p.End == g.End, p.Type == g.Type
		switch {
		case sameBounds && sameType:
			e.Correct++
		case sameBounds:
			e.Type++
		case sameType:
			e.Boundary++
		default:
			e.BoundaryType++
		}
		return true
	})
	return e
}
