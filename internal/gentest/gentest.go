// Package gentest checks generated files: a file that "go generate"
// writes from ../shared and that is committed must be what the generator
// makes of that data today, byte for byte.
package gentest

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// A Generated is one committed file and the generator that makes it.
type Generated struct {
	// Shared is the path of ../shared from the test's directory, and
	// Probe a file below it the generator reads: when it is absent the
	// test is skipped (a checkout without the shared data).
	Shared, Probe string
	// Committed is the path of the committed file from the test's
	// directory; Package is what "go generate" is run on to remake it.
	Committed, Package string
	// What names the file's content in the error.
	What string
	// Build writes the file to out from the shared data, logging to log.
	Build func(shared, out string, log io.Writer) error
}

// Check builds g into a temporary file and fails t when it differs from
// the committed file. (The returns after Skip and Fatal are for a
// testing.TB that records instead of stopping, as gentest's own test.)
func Check(t testing.TB, g Generated) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(g.Shared, g.Probe)); err != nil {
		t.Skip("shared data not present")
		return
	}
	out := filepath.Join(t.TempDir(), filepath.Base(g.Committed))
	if err := g.Build(g.Shared, out, io.Discard); err != nil {
		t.Fatal(err)
		return
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
		return
	}
	want, err := os.ReadFile(g.Committed)
	if err != nil {
		t.Fatal(err)
		return
	}
	if !bytes.Equal(got, want) {
		t.Errorf("generated %s (%d bytes) differs from %s (%d bytes): run go generate %s",
			g.What, len(got), filepath.Base(g.Committed), len(want), g.Package)
	}
}
