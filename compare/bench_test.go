package compare

import (
	"context"
	"testing"

	"github.com/stress-ner/stress/conll"
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

// BenchmarkCompareBC5CDRSize is what "stress compare --samples 0" does
// after reading its files, at the size of issue 34's measure: BC5CDR
// test's 4797 sentences, four sets (O and three stress sets with change
// logs), two systems; B/op is the memory a comparison allocates.
func BenchmarkCompareBC5CDRSize(b *testing.B) {
	const n = 4797
	gold := synthGold(n, 1)
	sets := []string{"O", "keyboard", "swap", "synonym"}
	var changes []stressset.Span
	for i := 0; i < n; i += 3 {
		changes = append(changes, stressset.Span{Sentence: i, Start: 0, End: 1})
	}
	preds := map[string][]conll.Sentence{}
	for si, sys := range []string{"a", "b"} {
		for k, set := range sets {
			preds[sys+set] = noisy(gold, 0.03+0.02*float64(k)+0.01*float64(si), uint64(10*si+k))
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		c := New()
		c.Samples = 0
		for _, set := range sets {
			ch := changes
			if set == "O" {
				ch = nil
			}
			if err := c.AddSet(stressset.Set{Name: set, File: set + ".tsv", Gold: gold, Changed: ch}); err != nil {
				b.Fatal(err)
			}
		}
		for _, sys := range []string{"a", "b"} {
			for _, set := range sets {
				if err := c.AddPrediction(sys, set, set+".pred", preds[sys+set]); err != nil {
					b.Fatal(err)
				}
			}
		}
		if _, err := c.Report(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}
