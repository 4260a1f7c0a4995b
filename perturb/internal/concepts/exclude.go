package concepts

import (
	_ "embed"
	"fmt"
	"path"
	"strings"
)

// conflictsText lists MeSH records that the BC5CDR annotators did not
// use for the strings that name them: in the train and development
// PubTator files (never the test file), mentions whose string names the
// record were mostly annotated with another one ("dyskinesia" names
// Dyskinesias, D020820, but is annotated Dyskinesia, Drug-Induced,
// D004409). Replacing such a mention by another name of the record
// would change the concept the corpus means. TestConflictsFile
// regenerates it with -update.
//
//go:embed conflicts.txt
var conflictsText string

// DefaultExcluded returns the concepts excluded by default:
//
//   - MeSH records with 10-character ids (MESH:D000077206, MESH:C000591739),
//     created since 2016. The corpora were annotated with older MeSH, in
//     which these names belonged to other records (valsartan was the
//     supplementary record C081489 before it became D000068756), so a
//     name of the new record does not name the annotated concept.
//   - the annotation conflicts of conflicts.txt.
func DefaultExcluded() []string {
	out := []string{"MESH:D0000?????", "MESH:C0000?????"}
	for _, line := range strings.Split(conflictsText, "\n") {
		if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(f[0], "#") {
			out = append(out, f[0])
		}
	}
	return out
}

// ConflictsText returns the embedded conflicts.txt, for the test that
// regenerates it from the training annotations (perturb/synonym).
func ConflictsText() string { return conflictsText }

// Excluded is a set of excluded concepts: ids, and path.Match patterns
// of ids ("MESH:D0000?????").
type Excluded struct {
	ids      map[string]bool
	patterns []string
}

// NewExcluded returns the set of list's ids and patterns; a malformed
// pattern is an error.
func NewExcluded(list []string) (*Excluded, error) {
	e := &Excluded{ids: map[string]bool{}}
	for _, id := range list {
		id = strings.TrimSpace(id)
		if strings.ContainsAny(id, "*?[") {
			if _, err := path.Match(id, ""); err != nil {
				return nil, fmt.Errorf("concept pattern %q: %v", id, err)
			}
			e.patterns = append(e.patterns, id)
		} else if id != "" {
			e.ids[id] = true
		}
	}
	return e, nil
}

// Has reports whether concept id is excluded.
func (e *Excluded) Has(id string) bool {
	if e == nil {
		return false
	}
	if e.ids[id] {
		return true
	}
	for _, p := range e.patterns {
		if ok, _ := path.Match(p, id); ok {
			return true
		}
	}
	return false
}
