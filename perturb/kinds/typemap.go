package kinds

import (
	"fmt"

	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/internal/concepts"
)

// TypeNoteSections are the sections of perturb.Stats.Audit that
// TypeNotes reads: a run whose statistics serve only its type notes
// counts no other (perturb.ApplyOptions.AuditSections).
func TypeNoteSections() []string { return []string{concepts.FitSection} }

// TypeNotes says, from the statistics of one output of kind k, which
// entity types the kind's type map left unmapped, with the --type-map
// items that would map those a group of the concept store fits, and
// which it maps to a group that does not fit their mentions (one that
// names under a fifth of them; see the kinds' "type map" audit). A type
// the kind's type-map option itself maps so is an error wrapping
// perturb.ErrOption: the set would replace its mentions by names of
// another kind ("Anatomy=DISO": "from the cerebral"); a default that
// misfits is a note. A kind without a type map has no notes.
func TypeNotes(k perturb.ManifestKind, st perturb.Stats) ([]string, error) {
	v, ok := k.Options["type-map"]
	if !ok {
		return nil, nil
	}
	notes, err := concepts.TypeNotes(st.Audit, v)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", perturb.ErrOption, k.Name, err)
	}
	return notes, nil
}
