package compare

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/stress-ner/stress/iob"
)

// addTypePairs counts one sentence's entity-type confusion (see
// TypePair) into m: each gold entity under the type of the prediction
// with its boundaries, else of the prediction overlapping it most (the
// first of equals), else noEntity; each prediction overlapping no gold
// entity under gold noEntity.
func addTypePairs(m map[TypePair]int, gold, pred []iob.Span) {
	for _, g := range gold {
		best, bestOverlap := noEntity, 0
		for _, p := range pred {
			if p.Start == g.Start && p.End == g.End {
				best, bestOverlap = p.Type, g.End-g.Start+1 // beats any overlap
				break
			}
			if o := min(g.End, p.End) - max(g.Start, p.Start); o > bestOverlap {
				best, bestOverlap = p.Type, o
			}
		}
		m[TypePair{Gold: g.Type, Pred: best}]++
	}
	for _, p := range pred {
		alone := true
		for _, g := range gold {
			if min(g.End, p.End) > max(g.Start, p.Start) {
				alone = false
				break
			}
		}
		if alone {
			m[TypePair{Gold: noEntity, Pred: p.Type}]++
		}
	}
}

// typePairs returns the counts of m as TypePairs, sorted by gold then
// predicted type, noEntity last.
func typePairs(m map[TypePair]int) []TypePair {
	var out []TypePair
	for k, n := range m {
		out = append(out, TypePair{Gold: k.Gold, Pred: k.Pred, N: n})
	}
	slices.SortFunc(out, func(a, b TypePair) int {
		return cmp.Or(typeOrder(a.Gold, b.Gold), typeOrder(a.Pred, b.Pred))
	})
	return out
}

func typeOrder(a, b string) int {
	if (a == noEntity) != (b == noEntity) {
		if a == noEntity {
			return 1
		}
		return -1
	}
	return cmp.Compare(a, b)
}

// noteIntervals records on every interval how many gold entities it
// rests on and, under minEntities, says in words that they are too few.
func noteIntervals(rep *Report) {
	note := func(iv *Interval, n int) {
		if iv == nil {
			return
		}
		iv.Entities = n
		if n < minEntities {
			iv.Note = fewEntities(n)
		}
	}
	for si := range rep.Systems {
		for ri := range rep.Systems[si].Results {
			res := &rep.Systems[si].Results[ri]
			ref := rep.result(rep.Systems[si].Name, rep.Reference)
			note(res.Overall.F1CI, res.Overall.Gold)
			if res.Drop != nil && ref != nil {
				note(res.Drop.CI, min(ref.Overall.Gold, res.Overall.Gold))
			}
			for ti := range res.Types {
				t := &res.Types[ti]
				note(t.F1CI, t.Gold)
				if t.Drop != nil && ref != nil {
					for _, rt := range ref.Types {
						if rt.Type == t.Type {
							note(t.Drop.CI, min(rt.Gold, t.Gold))
						}
					}
				}
			}
			for _, s := range []*Score{res.Perturbed, res.Untouched, res.RefPerturbed, res.RefUntouched} {
				if s != nil {
					note(s.F1CI, s.Gold)
				}
			}
			if res.ChangedDiff != nil && res.Perturbed != nil {
				note(res.ChangedDiff.CI, res.Perturbed.Gold)
			}
		}
	}
	for ci := range rep.Comparisons {
		c := &rep.Comparisons[ci]
		if a := rep.result(c.A, c.Set); a != nil {
			note(c.Diff.CI, a.Overall.Gold)
		}
	}
}

// fewEntities says that n entities are too few for an interval.
func fewEntities(n int) string {
	switch n {
	case 0:
		return "no entities: no interval"
	case 1:
		return "1 entity: too few for an interval"
	}
	return fmt.Sprintf("%d entities: too few for a reliable interval (under %d)", n, minEntities)
}
