package compare

import (
	"context"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"

	"github.com/stress-ner/stress/conll/score"
)

// testMethod documents the significance test in reports.
const testMethod = "approximate randomization (two-sided, sentence-level swaps, on overall F1)"

// dense lays out the per-sentence counts of one result as a flat n×width
// array so that resampling sums integers without touching maps: overall
// gold, pred, correct; the same per type in Report.Types order; the
// perturbed and untouched triples; then the same two triples of the
// reference's predictions split as this set changed them (refPart).
type dense struct {
	res   *Result
	width int
	rows  []int32
}

func newDense(r *resultData, res *Result, types []string) dense {
	width := 3*(1+len(types)) + 12
	n := r.sent.len()
	d := dense{res: res, width: width, rows: make([]int32, width*n)}
	column := make([]int, len(r.sent.types)) // of each type of r.sent in types; -1: none
	for k, t := range r.sent.types {
		column[k] = slices.Index(types, t)
	}
	for i := range n {
		row := d.rows[i*width : (i+1)*width]
		g, p, c := r.sent.overall(i)
		row[0], row[1], row[2] = int32(g), int32(p), int32(c)
		for _, tc := range r.sent.rows[r.sent.start[i]:r.sent.start[i+1]] {
			if k := column[tc.typ]; k >= 0 {
				row[3+3*k], row[4+3*k], row[5+3*k] = tc.gold, tc.pred, tc.correct
			}
		}
		if r.part != nil {
			copy(row[width-12:], r.part[i][:])
		}
		if r.refPart != nil && i < len(r.refPart) {
			copy(row[width-6:], r.refPart[i][:])
		}
	}
	return d
}

// f1 is F1 on resampled counts. A resample without any gold or
// predicted entity has no F1 (conlleval would print 0); it yields NaN
// and is left out of the interval rather than dragging it to 0.
func f1(g, p, c int64) float64 {
	if g+p == 0 {
		return math.NaN()
	}
	return score.TypeCounts{Gold: int(g), Pred: int(p), Correct: int(c)}.F1()
}

// stat is one resampled quantity: fn computes it from the summed counts
// of all results, and its interval is stored through set.
type stat struct {
	fn  func(sums [][]int64) float64
	set func(Interval)
}

// resample runs the paired bootstrap. Every sample draws one list of
// sentence indices shared by all systems and sets, so that drops (same
// system, set X against the reference) and differences (two systems, same
// set) are paired by sentence. Sample b uses its own generator seeded with
// (Seed, b): the result does not depend on the number of workers.
func (c *Comparer) resample(ctx context.Context, rep *Report, ref *setData) error {
	n := len(ref.Gold)
	if n == 0 {
		return nil
	}
	ds, index := c.denseResults(rep)
	stats := scoreStats(rep, ds)
	stats = append(stats, dropStats(rep, index)...)
	stats = append(stats, comparisonStats(rep, index)...)
	samples, err := c.draw(ctx, n, ds, stats)
	if err != nil {
		return err
	}
	alpha := 1 - rep.Confidence
	for si, st := range stats {
		if iv, ok := percentile(samples[si], alpha); ok {
			st.set(iv)
		}
	}
	return nil
}

// denseResults returns the counts of every result of rep, system by
// system, as rows the resampling sums, and where each result's are.
func (c *Comparer) denseResults(rep *Report) ([]dense, map[*Result]int) {
	var ds []dense
	index := map[*Result]int{}
	for si, sys := range c.systems {
		for ri := range rep.Systems[si].Results {
			res := &rep.Systems[si].Results[ri]
			index[res] = len(ds)
			ds = append(ds, newDense(sys.results[res.Set], res, rep.Types))
		}
	}
	return ds, index
}

// scoreStats returns the statistics whose intervals resampling gives:
// each result's F1, per type, and on perturbed and untouched entities.
func scoreStats(rep *Report, ds []dense) []stat {
	var stats []stat
	for di, d := range ds {
		res := d.res
		stats = append(stats, stat{
			fn:  func(s [][]int64) float64 { return f1(s[di][0], s[di][1], s[di][2]) },
			set: func(iv Interval) { res.Overall.F1CI = &iv },
		})
		for ti := range res.Types {
			k := 3 + 3*slices.Index(rep.Types, res.Types[ti].Type)
			stats = append(stats, stat{
				fn:  func(s [][]int64) float64 { return f1(s[di][k], s[di][k+1], s[di][k+2]) },
				set: func(iv Interval) { res.Types[ti].F1CI = &iv },
			})
		}
		if res.Perturbed != nil {
			w := d.width
			stats = append(stats,
				stat{
					fn:  func(s [][]int64) float64 { return f1(s[di][w-12], s[di][w-11], s[di][w-10]) },
					set: func(iv Interval) { res.Perturbed.F1CI = &iv },
				},
				stat{
					fn:  func(s [][]int64) float64 { return f1(s[di][w-9], s[di][w-8], s[di][w-7]) },
					set: func(iv Interval) { res.Untouched.F1CI = &iv },
				})
		}
		if res.ChangedDiff != nil {
			// F1 on the changed entities minus F1 on the same entities
			// on the reference, from one resample of sentences.
			w := d.width
			stats = append(stats, stat{
				fn: func(s [][]int64) float64 {
					return f1(s[di][w-12], s[di][w-11], s[di][w-10]) - f1(s[di][w-6], s[di][w-5], s[di][w-4])
				},
				set: func(iv Interval) { res.ChangedDiff.CI = &iv },
			})
		}
	}
	return stats
}

// dropStats returns the relative drops of each result from the same
// system's result on the reference set, overall and per type.
func dropStats(rep *Report, index map[*Result]int) []stat {
	var stats []stat
	for si := range rep.Systems {
		refRes := rep.result(rep.Systems[si].Name, rep.Reference)
		for ri := range rep.Systems[si].Results {
			res := &rep.Systems[si].Results[ri]
			if res.Drop == nil || refRes == nil {
				continue
			}
			o, x := index[refRes], index[res]
			stats = append(stats, stat{
				fn: func(s [][]int64) float64 {
					d, ok := relDrop(f1(s[o][0], s[o][1], s[o][2]), f1(s[x][0], s[x][1], s[x][2]))
					if !ok {
						return math.NaN()
					}
					return d
				},
				set: func(iv Interval) { res.Drop.CI = &iv },
			})
		}
		for ri := range rep.Systems[si].Results {
			res := &rep.Systems[si].Results[ri]
			if refRes == nil {
				continue
			}
			o, x := index[refRes], index[res]
			for ti := range res.Types {
				t := &res.Types[ti]
				if t.Drop == nil {
					continue
				}
				k := 3 + 3*slices.Index(rep.Types, t.Type)
				stats = append(stats, stat{
					fn: func(s [][]int64) float64 {
						d, ok := relDrop(f1(s[o][k], s[o][k+1], s[o][k+2]), f1(s[x][k], s[x][k+1], s[x][k+2]))
						if !ok {
							return math.NaN()
						}
						return d
					},
					set: func(iv Interval) { t.Drop.CI = &iv },
				})
			}
		}
	}
	return stats
}

// comparisonStats returns the F1 differences of the paired comparisons.
func comparisonStats(rep *Report, index map[*Result]int) []stat {
	var stats []stat
	for ci := range rep.Comparisons {
		cmp := &rep.Comparisons[ci]
		a, b := index[rep.result(cmp.A, cmp.Set)], index[rep.result(cmp.B, cmp.Set)]
		stats = append(stats, stat{
			fn:  func(s [][]int64) float64 { return f1(s[a][0], s[a][1], s[a][2]) - f1(s[b][0], s[b][1], s[b][2]) },
			set: func(iv Interval) { cmp.Diff.CI = &iv },
		})
	}
	return stats
}

// draw computes every statistic on c.Samples bootstrap resamples of the
// n sentences, in parallel: sample b is drawn from its own seed, so the
// result does not depend on the number of workers.
func (c *Comparer) draw(ctx context.Context, n int, ds []dense, stats []stat) ([][]float64, error) {
	samples := make([][]float64, len(stats))
	for i := range samples {
		samples[i] = make([]float64, c.Samples)
	}
	workers := c.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, c.Samples)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			idx := make([]int, n)
			sums := make([][]int64, len(ds))
			for i, d := range ds {
				sums[i] = make([]int64, d.width)
			}
			for b := w; b < c.Samples; b += workers {
				if b%64 == w && ctx.Err() != nil {
					return
				}
				rng := rand.New(rand.NewPCG(c.Seed, uint64(b)))
				for k := range idx {
					idx[k] = rng.IntN(n)
				}
				for i, d := range ds {
					sumRows(sums[i], d.rows, d.width, idx)
				}
				for si, st := range stats {
					samples[si][b] = st.fn(sums)
				}
				if c.Progress != nil {
					c.Progress()
				}
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return samples, nil
}

// sumRows adds the rows named by idx into sums.
func sumRows(sums []int64, rows []int32, width int, idx []int) {
	clear(sums)
	switch width {
	case 21: // two types, BC5CDR's
		var s [21]int64
		for _, i := range idx {
			r := rows[i*21 : i*21+21]
			for f := range s {
				s[f] += int64(r[f])
			}
		}
		copy(sums, s[:])
	default:
		for _, i := range idx {
			r := rows[i*width : i*width+width]
			for f, v := range r {
				sums[f] += int64(v)
			}
		}
	}
}

// percentile returns the equal-tailed interval of the finite values of
// xs (sorted in place), with linear interpolation between order
// statistics. Non-finite values come from samples where a quantity is
// undefined (a drop from a zero reference F1) and are left out.
func percentile(xs []float64, alpha float64) (Interval, bool) {
	fin := xs[:0:0]
	for _, x := range xs {
		if !math.IsNaN(x) && !math.IsInf(x, 0) {
			fin = append(fin, x)
		}
	}
	if len(fin) == 0 {
		return Interval{}, false
	}
	slices.Sort(fin)
	q := func(p float64) float64 {
		h := p * float64(len(fin)-1)
		lo := math.Floor(h)
		i := int(lo)
		if i+1 >= len(fin) {
			return fin[len(fin)-1]
		}
		return fin[i] + (h-lo)*(fin[i+1]-fin[i])
	}
	return Interval{Low: q(alpha / 2), High: q(1 - alpha/2)}, true
}

// buildComparisons lists every pair of systems on every set both ran on.
func buildComparisons(rep *Report) {
	for _, set := range rep.Sets {
		for i := range rep.Systems {
			for j := i + 1; j < len(rep.Systems); j++ {
				a := rep.result(rep.Systems[i].Name, set.Name)
				b := rep.result(rep.Systems[j].Name, set.Name)
				if a == nil || b == nil {
					continue
				}
				rep.Comparisons = append(rep.Comparisons, Comparison{
					Set: set.Name, A: rep.Systems[i].Name, B: rep.Systems[j].Name,
					F1A: a.Overall.F1, F1B: b.Overall.F1,
					Diff: Drop{Value: a.Overall.F1 - b.Overall.F1}, P: -1,
				})
			}
		}
	}
}

// significance runs the approximate randomization test (Noreen 1989, as
// recommended for F1 by Yeh 2000) for every comparison: each shuffle
// swaps the two systems' outputs on each sentence with probability 1/2,
// and the p-value is the share of shuffles whose |ΔF1| reaches the
// observed one, with the usual +1 correction. F1 is not a mean of
// per-sentence scores, so a randomization test on the summed counts is
// exact where a t-test would not be.
func (c *Comparer) significance(ctx context.Context, rep *Report) error {
	if c.Samples <= 0 {
		return nil
	}
	for ci := range rep.Comparisons {
		if err := ctx.Err(); err != nil {
			return err
		}
		cmp := &rep.Comparisons[ci]
		a := c.systemResult(cmp.A, cmp.Set)
		b := c.systemResult(cmp.B, cmp.Set)
		n := a.sent.len()
		type triple struct{ g, p, c int64 }
		ta, tb := make([]triple, n), make([]triple, n)
		var sa, sb triple
		for i := range n {
			ta[i].g, ta[i].p, ta[i].c = a.sent.overall(i)
			tb[i].g, tb[i].p, tb[i].c = b.sent.overall(i)
			sa.g, sa.p, sa.c = sa.g+ta[i].g, sa.p+ta[i].p, sa.c+ta[i].c
			sb.g, sb.p, sb.c = sb.g+tb[i].g, sb.p+tb[i].p, sb.c+tb[i].c
		}
		observed := math.Abs(f1Point(sa.g, sa.p, sa.c) - f1Point(sb.g, sb.p, sb.c))
		// The stream depends on the seed and the set alone: the same
		// predictions give the same p whatever the systems are called
		// and in whichever order they come (a shuffle is symmetric in
		// the two systems, and |ΔF1| too).
		h := fnv.New64a()
		h.Write([]byte(cmp.Set))
		rng := rand.New(rand.NewPCG(c.Seed, h.Sum64()))
		reach := 0
		for range c.Samples {
			xa, xb := sa, sb
			var bits uint64
			for i := range n {
				if i%64 == 0 {
					bits = rng.Uint64()
				}
				if bits&1 == 1 {
					// Swap sentence i: move its counts from one side
					// to the other.
					dg, dp, dc := tb[i].g-ta[i].g, tb[i].p-ta[i].p, tb[i].c-ta[i].c
					xa.g, xa.p, xa.c = xa.g+dg, xa.p+dp, xa.c+dc
					xb.g, xb.p, xb.c = xb.g-dg, xb.p-dp, xb.c-dc
				}
				bits >>= 1
			}
			// A tiny tolerance keeps ties that differ only by rounding.
			if math.Abs(f1Point(xa.g, xa.p, xa.c)-f1Point(xb.g, xb.p, xb.c)) >= observed-1e-9 {
				reach++
			}
		}
		cmp.P = float64(reach+1) / float64(c.Samples+1)
		cmp.PFloor = reach == 0
	}
	return nil
}

func (c *Comparer) systemResult(system, set string) *resultData {
	for _, s := range c.systems {
		if s.name == system {
			return s.results[set]
		}
	}
	return nil
}

// f1Point is F1 with the scorer's convention (0 without entities).
func f1Point(g, p, c int64) float64 {
	return score.TypeCounts{Gold: int(g), Pred: int(p), Correct: int(c)}.F1()
}
