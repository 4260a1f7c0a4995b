package experiment

import (
	"context"
	"testing"

	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/sample"
	"github.com/stress-ner/stress/stressset"
)

// BenchmarkAugmentSample builds "O + K + W" from the embedded sample's
// train part (1502 sentences) per iteration.
func BenchmarkAugmentSample(b *testing.B) {
	train, err := sample.Train()
	if err != nil {
		b.Fatal(err)
	}
	a := &Augmenter{Seed: 1, Selection: perturb.DefaultSelection(), Kinds: kinds(b, "keyboard", "swap"), Copies: 1}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := a.Run(context.Background(), train, &collector{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*len(train)*2)/b.Elapsed().Seconds(), "perturbed-sentences/s")
}

// BenchmarkEvaluate tags the sample's test part and its keyboard copy
// with an oracle and a lossy tagger and computes the report with 200
// bootstrap samples.
func BenchmarkEvaluate(b *testing.B) {
	test, err := sample.Test()
	if err != nil {
		b.Fatal(err)
	}
	a := &Augmenter{Seed: 1, Selection: perturb.DefaultSelection(), Kinds: kinds(b, "keyboard"), Copies: 1, Mix: mixPerturbed}
	key, _ := runAugment(b, a, test)
	sets := []stressset.Set{{Name: "O", File: "test.tsv", Gold: test}, {Name: "keyboard", File: "test_key.tsv", Gold: key}}
	systems := []System{{Name: "oracle", Tagger: fakeTagger{}}, {Name: "lossy", Tagger: fakeTagger{dropFirst: true}}}
	b.ReportAllocs()
	for b.Loop() {
		c := compare.New()
		c.Samples = 200
		if _, err := Evaluate(context.Background(), c, sets, systems, nil); err != nil {
			b.Fatal(err)
		}
	}
}
