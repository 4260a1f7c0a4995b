package compare

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
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

// writeBC5CDRSize writes, in dir, what "stress compare --gold ...
// --pred-file ... --changes ..." reads at the size of issue 34's
// measure: four gold sets of BC5CDR test's 4797 sentences (the
// original and three stress sets, each changing the first token of
// every third sentence), their change log, and the predictions of two
// systems on each set.
func writeBC5CDRSize(tb testing.TB, dir string) ([]GoldFile, []PredictionFile, string) {
	const n = 4797
	gold := synthGold(n, 1)
	var golds []GoldFile
	var preds []PredictionFile
	var log bytes.Buffer
	cw := stressset.NewChangeWriter(&log)
	if err := cw.WriteHeader(); err != nil {
		tb.Fatal(err)
	}
	for k, set := range []string{"O", "keyboard", "swap", "synonym"} {
		sents := gold
		if set != "O" {
			sents = make([]conll.Sentence, n)
			for i, s := range gold {
				sents[i] = s
				if i%3 == 0 {
					sents[i] = s.Clone()
					sents[i].Tokens[0] += "x"
					cw.Write(perturb.Change{File: set + ".tsv", Sentence: i, Token: 0, End: 1, Kind: set, Before: s.Tokens[0], After: sents[i].Tokens[0]})
				}
			}
		}
		path := filepath.Join(dir, set+".tsv")
		if err := conll.WriteFile(path, sents, nil); err != nil {
			tb.Fatal(err)
		}
		golds = append(golds, GoldFile{Set: set, Path: path})
		for si, sys := range []string{"a", "b"} {
			p := filepath.Join(dir, sys, set+".tsv")
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				tb.Fatal(err)
			}
			if err := conll.WriteFile(p, noisy(sents, 0.03+0.02*float64(k)+0.01*float64(si), uint64(10*si+k)), nil); err != nil {
				tb.Fatal(err)
			}
			preds = append(preds, PredictionFile{System: sys, Set: set, Path: p})
		}
	}
	cw.Flush()
	changes := filepath.Join(dir, "changes.tsv")
	if err := cw.Error(); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(changes, log.Bytes(), 0o644); err != nil {
		tb.Fatal(err)
	}
	return golds, preds, changes
}

// compareFiles is what "stress compare --samples 0" does with the files.
func compareFiles(tb testing.TB, golds []GoldFile, preds []PredictionFile, changes string) *Report {
	c := New()
	c.Samples = 0
	if err := c.AddFiles(golds, preds, changes); err != nil {
		tb.Fatal(err)
	}
	rep, err := c.Report(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	return rep
}

// BenchmarkCompareFilesBC5CDRSize is "stress compare --samples 0" on
// the files of writeBC5CDRSize, reading included: B/op is what the
// command allocates (issue 34: under 100 MB; 130 MB when every file
// was read whole).
func BenchmarkCompareFilesBC5CDRSize(b *testing.B) {
	golds, preds, changes := writeBC5CDRSize(b, b.TempDir())
	b.ReportAllocs()
	for b.Loop() {
		compareFiles(b, golds, preds, changes)
	}
}

// TestCompareFilesMemory holds the bar of issue 34: a comparison of 4
// sets x 2 systems of BC5CDR test's size, files read, allocates under
// 100 MB. Allocations do not depend on the machine's speed or load.
func TestCompareFilesMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 12 files of BC5CDR test's size")
	}
	golds, preds, changes := writeBC5CDRSize(t, t.TempDir())
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	rep := compareFiles(t, golds, preds, changes)
	runtime.ReadMemStats(&after)
	if len(rep.Systems) != 2 || len(rep.Sets) != 4 {
		t.Fatalf("%d systems, %d sets", len(rep.Systems), len(rep.Sets))
	}
	if mb := float64(after.TotalAlloc-before.TotalAlloc) / 1e6; mb > 100 {
		t.Errorf("a comparison allocated %.0f MB, more than 100", mb)
	}
}
