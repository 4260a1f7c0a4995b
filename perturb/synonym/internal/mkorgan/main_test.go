package main

import (
	"testing"

	"github.com/stress-ner/stress/internal/gentest"
	"github.com/stress-ner/stress/internal/termfile"
)

// TestOrganReproducible checks that the committed organ text is what
// "go generate" makes of the shared data, byte for byte.
func TestOrganReproducible(t *testing.T) {
	gentest.Check(t, gentest.Generated{
		Shared: "../../../../../shared", Probe: termfile.Corpora[0],
		Committed: "../../organ.txt", Package: "./perturb/synonym",
		What: "organ text", Build: build,
	})
}
