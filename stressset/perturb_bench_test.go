package stressset

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/kinds"
	"github.com/stress-ner/stress/sample"
)

// BenchmarkPerturbFile measures what "stress perturb --kind K --workers 1
// --force -o FILE" does after start-up (PerturbFile.RunFile, the plain
// path included), on the embedded sample, or with STRESS_BIG_BENCH set
// on BC5CDR test six times over (the 780k-token file of issue 34's
// table; BenchmarkLimitPerturb in package perturb is its limit).
func BenchmarkPerturbFile(b *testing.B) {
	data, err := io.ReadAll(sample.TestReader())
	if err != nil {
		b.Fatal(err)
	}
	if os.Getenv("STRESS_BIG_BENCH") != "" {
		if test, err := os.ReadFile("../../shared/corpora/BC5CDR-IOB/test.tsv"); err == nil {
			data = bytes.Repeat(test, 6)
		}
	}
	dir := b.TempDir()
	in, out := filepath.Join(dir, "in.tsv"), filepath.Join(dir, "out.tsv")
	if err := os.WriteFile(in, data, 0o644); err != nil {
		b.Fatal(err)
	}
	defer TuneGC()()
	for _, name := range []string{"keyboard", "swap"} {
		k, err := kinds.Lookup(name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			sel := perturb.DefaultSelection()
			p := PerturbFile{Kind: k, Output: out, Force: true, Opener: conll.Opener{},
				Apply: perturb.ApplyOptions{Seed: 1, Workers: 1, Selection: &sel}}
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if err := p.RunFile(context.Background(), in, "", ""); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
