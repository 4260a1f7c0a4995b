package compare

import (
	"cmp"
	"slices"

	"github.com/stress-ner/stress/conll/score"
	"github.com/stress-ner/stress/iob"
)

// What a comparison keeps per sentence, packed: memory grows with the
// sets and results, one array each, not with a map or a slice per
// sentence of every system on every set.

// spanTable holds the entities of every sentence of one side (a set's
// gold, a system's predictions) in one array: sentence i's are
// all[start[i]:start[i+1]], sorted by start.
type spanTable struct {
	all   []iob.Span
	start []int32
}

func (t *spanTable) add(spans []iob.Span) {
	if t.start == nil {
		t.start = []int32{0}
	}
	t.all = append(t.all, spans...)
	t.start = append(t.start, int32(len(t.all)))
}

// of returns the entities of sentence i (nil when there is none).
func (t *spanTable) of(i int) []iob.Span {
	if i+1 >= len(t.start) || t.start[i] == t.start[i+1] {
		return nil
	}
	return t.all[t.start[i]:t.start[i+1]:t.start[i+1]]
}

// tagTable holds a system's predicted tags on a set, two bytes a token:
// the number of the tag in names.
type tagTable struct {
	names []string
	ids   []uint16
	start []int32
	index map[string]uint16 // while adding
}

func (t *tagTable) add(tags []string) bool {
	if t.start == nil {
		t.start, t.index = []int32{0}, map[string]uint16{}
	}
	for _, tag := range tags {
		id, ok := t.index[tag]
		if !ok {
			if len(t.names) > 0xffff {
				return false
			}
			id = uint16(len(t.names))
			t.names = append(t.names, tag)
			t.index[tag] = id
		}
		t.ids = append(t.ids, id)
	}
	t.start = append(t.start, int32(len(t.ids)))
	return true
}

// sentence appends the tags of sentence i to dst.
func (t *tagTable) sentence(dst []string, i int) []string {
	for _, id := range t.ids[t.start[i]:t.start[i+1]] {
		dst = append(dst, t.names[id])
	}
	return dst
}

// typedCount is one type's counts in one sentence.
type typedCount struct {
	typ                 int32 // index in countTable.types
	gold, pred, correct int32
}

// countTable holds the per-sentence counts by type that resampling
// needs: sentence i's are rows[start[i]:start[i+1]].
type countTable struct {
	types []string
	rows  []typedCount
	start []int32
}

func (t *countTable) add(c *score.Counts) {
	if t.start == nil {
		t.start = []int32{0}
	}
	first := len(t.rows)
	for typ, tc := range c.Types {
		k := slices.Index(t.types, typ)
		if k < 0 {
			k = len(t.types)
			t.types = append(t.types, typ)
		}
		t.rows = append(t.rows, typedCount{int32(k), int32(tc.Gold), int32(tc.Pred), int32(tc.Correct)})
	}
	// Map order is random; the rows of a sentence are summed, but keep
	// them in one order all the same.
	slices.SortFunc(t.rows[first:], func(a, b typedCount) int { return cmp.Compare(a.typ, b.typ) })
	t.start = append(t.start, int32(len(t.rows)))
}

func (t *countTable) len() int { return max(len(t.start)-1, 0) }

// overall returns sentence i's counts summed over types.
func (t *countTable) overall(i int) (gold, pred, correct int64) {
	for _, r := range t.rows[t.start[i]:t.start[i+1]] {
		gold, pred, correct = gold+int64(r.gold), pred+int64(r.pred), correct+int64(r.correct)
	}
	return
}

// sentScorer scores sentences one after another, reusing its counts,
// entity lists and visit function: no allocation per sentence.
type sentScorer struct {
	opt     score.EvalOptions
	counts  score.Counts
	pc      partCounts
	changed []bool
	gs, ps  []iob.Span
	visit   func(score.Entity)
	spans   bool // collecting gold entities only (spansOf)
}

func newSentScorer(opt score.EvalOptions) *sentScorer {
	s := &sentScorer{opt: opt}
	s.visit = s.entity
	return s
}

func (s *sentScorer) entity(e score.Entity) {
	if s.spans {
		if e.Kind == score.GoldEntity {
			s.gs = append(s.gs, iob.Span{Start: e.Start, End: e.End, Type: e.Type})
		}
		return
	}
	field := int(e.Kind) // GoldEntity, PredEntity, CorrectEntity: 0, 1, 2
	if !touches(s.changed, e.Start, e.End) {
		field += 3
	}
	s.pc[field]++
	switch e.Kind {
	case score.GoldEntity:
		s.gs = append(s.gs, iob.Span{Start: e.Start, End: e.End, Type: e.Type})
	case score.PredEntity:
		s.ps = append(s.ps, iob.Span{Start: e.Start, End: e.End, Type: e.Type})
	}
}

// partition is the package's partition on the scorer's buffers: the
// counts are s.counts and the entities s.gs and s.ps, sorted, until the
// next call.
func (s *sentScorer) partition(gold, pred []string, changed []bool) (partCounts, score.ErrorCounts) {
	s.counts.Reset()
	s.pc, s.changed, s.spans = partCounts{}, changed, false
	s.gs, s.ps = s.gs[:0], s.ps[:0]
	score.AddEntities(&s.counts, gold, pred, s.opt, s.visit)
	// The scorer reports entities as they close; the matching wants them
	// in sentence order.
	sortSpans(s.gs)
	sortSpans(s.ps)
	return s.pc, score.ClassifyErrors(s.gs, s.ps)
}

// spansOf is goldSpans on the scorer's buffer, valid until the next call.
func (s *sentScorer) spansOf(tags []string) []iob.Span {
	s.counts.Reset()
	s.spans, s.gs = true, s.gs[:0]
	score.AddEntities(&s.counts, tags, tags, s.opt, s.visit)
	sortSpans(s.gs)
	return s.gs
}
