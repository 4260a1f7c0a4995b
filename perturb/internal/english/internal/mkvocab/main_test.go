package main

import (
	"testing"

	"github.com/stress-ner/stress/internal/gentest"
)

// TestReproducesEmbedded checks that the committed vocabulary is what
// "go generate" makes of the shared data, byte for byte.
func TestReproducesEmbedded(t *testing.T) {
	gentest.Check(t, gentest.Generated{
		Shared: "../../../../../../shared", Probe: wordLists[0],
		Committed: "../../vocab.txt", Package: "./perturb/internal/english",
		What: "vocabulary", Build: build,
	})
}
