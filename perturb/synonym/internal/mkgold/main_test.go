package main

import (
	"testing"

	"github.com/stress-ner/stress/internal/gentest"
	"github.com/stress-ner/stress/internal/termfile"
)

// TestGoldReproducible checks that the committed attested names are what
// "go generate" makes of the shared data, byte for byte.
func TestGoldReproducible(t *testing.T) {
	gentest.Check(t, gentest.Generated{
		Shared: "../../../../../shared", Probe: termfile.Corpora[0],
		Committed: "../../gold.txt", Package: "./perturb/synonym",
		What: "attested names", Build: build,
	})
}
