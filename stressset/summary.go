package stressset

import (
	"fmt"
	"io"
	"path/filepath"
)

// sampleCredit is the attribution of the embedded sample, printed by a
// build of it.
const sampleCredit = "Data: BC5CDR excerpt (Li et al. 2016, via Crichton et al. 2017), CC BY 4.0; see sample/NOTICE."

// WriteManifestStats prints the statistics recorded in the manifest
// file at path (see writeStats), as "stress stats --manifest" does.
func WriteManifestStats(w io.Writer, path string) error {
	m, err := ReadManifest(path)
	if err != nil {
		return err
	}
	return writeStats(w, m)
}

// WriteSummary prints what Run did for p, as "stress build" does: the
// statistics of its manifest m (writeStats), then the manifest written
// or, for a regeneration (p.Expect), the one every output was checked
// against; with credit, the attribution of the embedded sample.
func (p *Plan) WriteSummary(w io.Writer, m *Manifest, credit bool) error {
	if err := writeStats(w, m); err != nil {
		return err
	}
	manifest := filepath.Join(p.Dir, ManifestName)
	if p.Expect != nil {
		fmt.Fprintf(w, "\nregenerated %s: every output matches its recorded SHA-256\n", manifest)
	} else {
		fmt.Fprintf(w, "\nwrote %s\n", manifest)
	}
	if credit {
		fmt.Fprintf(w, "\n%s\n", sampleCredit)
	}
	return nil
}
