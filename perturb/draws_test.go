package perturb_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stress-ner/stress/perturb"
)

// drawBounds are bounds of IntN that take each way of rand.Rand's: one
// (a mask of nothing), powers of two, the small bounds of the editors,
// and bounds near 2^63, where about half the draws are rejected.
var drawBounds = []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 16, 17, 31, 64, 100, 1000, 1 << 20, 1<<20 + 1,
	1<<32 - 1, 1 << 32, 1<<32 + 1, 1<<62 + 1, 3 << 61, math.MaxInt64 - 1, math.MaxInt64}

// TestDrawsIntN checks that Draws.IntN draws what rand.Rand's IntN
// draws from the same PCG, and leaves it in the same state, for many
// seeds and every bound of drawBounds in turn.
func TestDrawsIntN(t *testing.T) {
	for seed := range uint64(200) {
		checkDraws(t, seed, seed*0x9e3779b97f4a7c15, drawBounds)
	}
}

// FuzzDrawsIntN is TestDrawsIntN on arbitrary seeds and bounds.
func FuzzDrawsIntN(f *testing.F) {
	f.Add(uint64(1), uint64(2), int64(7), int64(math.MaxInt64))
	f.Fuzz(func(t *testing.T, s1, s2 uint64, n1, n2 int64) {
		var bounds []int
		for _, n := range []int64{n1, n2, n1 & 0xff, n2 >> 1} {
			if n > 0 {
				bounds = append(bounds, int(n))
			}
		}
		checkDraws(t, s1, s2, bounds)
	})
}

func checkDraws(t *testing.T, s1, s2 uint64, bounds []int) {
	t.Helper()
	want, pcg := rand.New(rand.NewPCG(s1, s2)), rand.NewPCG(s1, s2)
	got := perturb.NewDraws(pcg)
	for _, n := range bounds {
		for range 3 {
			if g, w := got.IntN(n), want.IntN(n); g != w {
				t.Fatalf("seed %d,%d: IntN(%d) = %d, rand.Rand's %d", s1, s2, n, g, w)
			}
		}
	}
	if g, w := pcg.Uint64(), want.Uint64(); g != w {
		t.Fatalf("seed %d,%d: the PCG's state differs after the draws", s1, s2)
	}
}
