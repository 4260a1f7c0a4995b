package review

import (
	"math"
	"sort"
)

// Z95 is the standard normal quantile of a two-sided 95% interval,
// norm.ppf(0.975), as statsmodels uses it.
const Z95 = 1.959963984540054

// Wilson returns the Wilson score interval of k successes in n trials
// with normal quantile z (Wilson 1927; statsmodels'
// proportion_confint(method="wilson")). It is (NaN, NaN) for n = 0.
func Wilson(k, n int, z float64) (low, high float64) {
	if n <= 0 || k < 0 || k > n {
		return math.NaN(), math.NaN()
	}
	nf := float64(n)
	p := float64(k) / nf
	z2 := z * z
	denom := 1 + z2/nf
	center := (p + z2/(2*nf)) / denom
	half := z / denom * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	low, high = center-half, center+half
	// The bounds are 0 and 1 exactly at k = 0 and k = n; rounding must
	// not put them outside [0, 1].
	return math.Max(0, low), math.Min(1, high)
}

// CohenKappa returns Cohen's kappa (1960) of two raters' labels of the
// same items, a[i] and b[i] for item i, as sklearn's cohen_kappa_score
// computes it: (po - pe) / (1 - pe) with pe from each rater's own label
// frequencies. ok is false when it is undefined: no items, or pe = 1
// (both raters used one and the same label throughout).
func CohenKappa(a, b []string) (kappa float64, ok bool) {
	if len(a) != len(b) || len(a) == 0 {
		return math.NaN(), false
	}
	n := float64(len(a))
	ca, cb := map[string]float64{}, map[string]float64{}
	agree := 0.0
	for i := range a {
		ca[a[i]]++
		cb[b[i]]++
		if a[i] == b[i] {
			agree++
		}
	}
	po := agree / n
	pe := 0.0
	for _, l := range sortedLabels(ca) {
		pe += ca[l] / n * cb[l] / n
	}
	if pe >= 1 {
		return math.NaN(), false
	}
	return (po - pe) / (1 - pe), true
}

// FleissKappa returns Fleiss' kappa (1971) of items each rated by the
// same number of raters: ratings[i] lists the labels item i got, one per
// rater. It is statsmodels' fleiss_kappa(method="fleiss") on the table
// of counts: (P̄ - P̄e) / (1 - P̄e), with P̄ the mean share of agreeing
// rater pairs per item and P̄e the sum of squared label shares. ok is
// false when it is undefined: no items, fewer than two raters, items
// with different numbers of raters, or P̄e = 1.
func FleissKappa(ratings [][]string) (kappa, observed float64, ok bool) {
	if len(ratings) == 0 {
		return math.NaN(), math.NaN(), false
	}
	m := len(ratings[0])
	if m < 2 {
		return math.NaN(), math.NaN(), false
	}
	total := map[string]float64{}
	sumP := 0.0
	for _, rs := range ratings {
		if len(rs) != m {
			return math.NaN(), math.NaN(), false
		}
		counts := map[string]float64{}
		for _, l := range rs {
			counts[l]++
			total[l]++
		}
		pairs := 0.0
		for _, l := range sortedLabels(counts) {
			pairs += counts[l] * (counts[l] - 1)
		}
		sumP += pairs / float64(m*(m-1))
	}
	nm := float64(len(ratings) * m)
	pbar := sumP / float64(len(ratings))
	pe := 0.0
	for _, l := range sortedLabels(total) {
		p := total[l] / nm
		pe += p * p
	}
	if pe >= 1 {
		return math.NaN(), pbar, false
	}
	return (pbar - pe) / (1 - pe), pbar, true
}

// sortedLabels returns the keys of m sorted, so that sums run in one
// order and results do not depend on map iteration.
func sortedLabels(m map[string]float64) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
