package stressset

import (
	"strings"

	"github.com/stress-ner/stress/perturb/kinds"
)

// TypeNotes says, for the outputs of the kinds that map entity types to
// semantic groups (synonym, abbreviation, entity-swap), which types
// their type map left unmapped and what --type-map would map them, and
// which it maps to a group that does not fit their mentions
// (kinds.TypeNotes): a note said alike of several outputs is one line
// naming them all. A type the build's own --type-map maps to a group
// that names under a fifth of its mentions is an error, which Run
// returns before it commits anything.
func (m *Manifest) TypeNotes() ([]string, error) {
	var order []string
	files := map[string][]string{}
	for _, in := range m.Inputs {
		for _, o := range in.Outputs {
			for _, k := range m.Kinds {
				if k.Name != o.Kind {
					continue
				}
				notes, err := kinds.TypeNotes(k, o.Stats)
				if err != nil {
					return nil, err
				}
				for _, n := range notes {
					if files[n] == nil {
						order = append(order, n)
					}
					files[n] = append(files[n], o.File)
				}
			}
		}
	}
	out := make([]string, len(order))
	for i, n := range order {
		out[i] = strings.Join(files[n], ", ") + ": " + n
	}
	return out, nil
}
