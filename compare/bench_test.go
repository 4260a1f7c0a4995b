package compare

import (
	"context"
	"testing"

	"github.com/stress-ner/stress/stressset"
)

// benchComparer mirrors a BC5CDR test comparison: 4797 sentences, the
// original and two stress sets, two systems.
func benchComparer(tb testing.TB, n int) *Comparer {
	c := New()
	gold := synthGold(n, 1)
	for _, set := range []string{"O", "keyboard", "swap"} {
		var changes []stressset.Span
		if set != "O" {
			for i := 0; i < n; i += 3 {
				changes = append(changes, stressset.Span{Sentence: i, Start: 0, End: 1})
			}
		}
		if err := c.AddSet(stressset.Set{Name: set, File: set + ".tsv", Gold: gold, Changed: changes}); err != nil {
			tb.Fatal(err)
		}
	}
	for si, sys := range []string{"a", "b"} {
		for k, set := range []string{"O", "keyboard", "swap"} {
			rate := 0.03 + 0.02*float64(k) + 0.01*float64(si)
			if err := c.AddPrediction(sys, set, set+".pred", noisy(gold, rate, uint64(10*si+k))); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return c
}

func BenchmarkReportBC5CDRSize(b *testing.B) {
	c := benchComparer(b, 4797)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := c.Report(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReportBC5CDRSizeOneWorker(b *testing.B) {
	c := benchComparer(b, 4797)
	c.Workers = 1
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Report(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}
