package kinds

import (
	"context"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/sample"
)

// BenchmarkKinds perturbs the embedded sample with each new kind through
// the pipeline (2 workers, no output formatting).
func BenchmarkKinds(b *testing.B) {
	sents, err := sample.Test()
	if err != nil {
		b.Fatal(err)
	}
	for _, kind := range newKinds {
		b.Run(kind, func(b *testing.B) {
			k, err := Lookup(kind)
			if err != nil {
				b.Fatal(err)
			}
			p, err := k.Build(nil)
			if err != nil {
				b.Fatal(err)
			}
			defer p.Close()
			sel, err := perturb.NewSelector(perturb.DefaultSelection(), 1)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				pl := &perturb.Pipeline{Seed: 1, Selector: sel, Workers: 2,
					Steps: []perturb.Step{{Name: k.Name, File: "out", Perturbation: p.Perturbation, Out: nullSink{}}}}
				if _, err := pl.Run(context.Background(), &conll.SliceReader{Sentences: sents}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(sents)*b.N)/b.Elapsed().Seconds(), "sentences/s")
		})
	}
}

type nullSink struct{}

func (nullSink) Write(conll.Sentence) error { return nil }
