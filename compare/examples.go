package compare

import (
	"cmp"
	"hash/fnv"
	"slices"
	"strconv"

	"github.com/stress-ner/stress/iob"
)

// examplesPerSet is how many sentences of each stress set a report
// shows (see Example).
const examplesPerSet = 3

// examples picks, for every set with a change log other than ref, up to
// examplesPerSet changed sentences where a system failed on the
// perturbed text: first those where a system was right on the original
// (the perturbation broke it), then those where it failed on both. The
// choice within each group is seeded by the Comparer's seed and the
// set's name, so a report always shows the same sentences.
func (c *Comparer) examples(ref *setData) []Example {
	var out []Example
	for _, s := range c.sets {
		if s == ref || s.changed == nil || len(s.Gold) != len(ref.Gold) {
			continue
		}
		type cand struct {
			i, class int
			key      uint64
		}
		var cands []cand
		for i := range s.Gold {
			if s.changed[i] == nil {
				continue
			}
			class := 2
			for _, sys := range c.systems {
				r, o := sys.results[s.Name], sys.results[ref.Name]
				if r == nil || o == nil {
					continue
				}
				if !sameSpans(s.spans.of(i), r.spans.of(i)) {
					if sameSpans(ref.spans.of(i), o.spans.of(i)) {
						class = 0
					} else {
						class = min(class, 1)
					}
				}
			}
			if class < 2 {
				h := fnv.New64a()
				h.Write([]byte(strconv.FormatUint(c.Seed, 10) + "\x00" + s.Name + "\x00" + strconv.Itoa(i)))
				cands = append(cands, cand{i, class, h.Sum64()})
			}
		}
		slices.SortFunc(cands, func(a, b cand) int { return cmp.Or(cmp.Compare(a.class, b.class), cmp.Compare(a.key, b.key)) })
		cands = cands[:min(len(cands), examplesPerSet)]
		slices.SortFunc(cands, func(a, b cand) int { return cmp.Compare(a.i, b.i) })
		for _, cd := range cands {
			out = append(out, c.example(ref, s, cd.i))
		}
	}
	return out
}

// example shows sentence i of set s beside the same sentence of ref.
func (c *Comparer) example(ref, s *setData, i int) Example {
	g, o := s.Gold[i], ref.Gold[i]
	ex := Example{Set: s.Name, Sentence: i + 1, File: s.File, Line: g.Line,
		Original: o.Tokens, Perturbed: g.Tokens, Changed: s.changed[i],
		OriginalGold: mentions(ref.spans.of(i)), Gold: mentions(s.spans.of(i))}
	for _, sys := range c.systems {
		r, or := sys.results[s.Name], sys.results[ref.Name]
		if r == nil || or == nil {
			continue
		}
		pred, predO := r.spans.of(i), or.spans.of(i)
		ex.Systems = append(ex.Systems, ExampleSystem{System: sys.name,
			OnOriginal: mentions(predO), Predicted: mentions(pred),
			Failed:         !sameSpans(s.spans.of(i), pred),
			FailedOriginal: !sameSpans(ref.spans.of(i), predO)})
	}
	return ex
}

func mentions(spans []iob.Span) []Mention {
	out := []Mention{}
	for _, sp := range spans {
		out = append(out, Mention{Start: sp.Start, End: sp.End, Type: sp.Type})
	}
	return out
}

func sameSpans(a, b []iob.Span) bool { return slices.Equal(a, b) }
