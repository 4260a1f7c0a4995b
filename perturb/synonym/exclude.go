package synonym

import (
	_ "embed"
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

// DefaultExcludeConcepts returns the concepts excluded by default:
//
//   - MeSH records with 10-character ids (MESH:D000077206, MESH:C000591739),
//     created since 2016. The corpora were annotated with older MeSH, in
//     which these names belonged to other records (valsartan was the
//     supplementary record C081489 before it became D000068756), so a
//     name of the new record does not name the annotated concept.
//   - the annotation conflicts of conflicts.txt.
func DefaultExcludeConcepts() []string {
	out := []string{"MESH:D0000?????", "MESH:C0000?????"}
	for _, line := range strings.Split(conflictsText, "\n") {
		if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(f[0], "#") {
			out = append(out, f[0])
		}
	}
	return out
}
