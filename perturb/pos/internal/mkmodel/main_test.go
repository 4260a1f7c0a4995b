package main

import (
	"bytes"
	"os"
	"testing"
)

// TestReproducesEmbedded checks that the committed model is what
// "go generate" makes of prose's, byte for byte.
func TestReproducesEmbedded(t *testing.T) {
	got, err := build()
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../model.txt.gz")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("generated model (%d bytes) differs from model.txt.gz (%d bytes): run go generate ./perturb/pos", len(got), len(want))
	}
}

// TestConvertRefuses checks the conversion's guards: a weight that is
// not whole thousandths, a bias feature without every class, a field
// with a tab.
func TestConvertRefuses(t *testing.T) {
	for name, m := range map[string]*proseModel{
		"fraction": {weights: map[string]map[string]float64{"bias": {"NN": 1.0005}}},
		"bias":     {weights: map[string]map[string]float64{"bias": {"NN": 1}, "i word x": {"JJ": 1}}},
		"tab":      {weights: map[string]map[string]float64{"bias": {"NN": 1}, "i word \t": {"NN": 1}}},
		"empty":    {tags: map[string]string{"": "NN"}, weights: map[string]map[string]float64{"bias": {"NN": 1}}},
	} {
		if _, err := convert(m); err == nil {
			t.Errorf("%s: converted, want an error", name)
		}
	}
	if _, err := convert(&proseModel{weights: map[string]map[string]float64{"bias": {"NN": -2.5, "JJ": 0.001}}}); err != nil {
		t.Errorf("a good model: %v", err)
	}
}
