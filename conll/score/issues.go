package score

import (
	"fmt"

	"github.com/stress-ner/stress/iob"
)

// IssueWarnings describes, one line each for the gold and the
// prediction, the tags of c that valid IOB2 forbids (an I- tag starting
// an entity, a type change inside one) and how mode counted them:
// conlleval reads them as entity starts, strict mode ignores them. For
// the conlleval reading, seeStrict, when not "", says how to ask for
// the strict mode (a command line names its flag). It is empty when
// there are none.
func (c Counts) IssueWarnings(mode Mode, seeStrict string) []string {
	describe := func(is iob.Issues) string {
		return fmt.Sprintf("%d I- tag(s) starting an entity and %d type change(s) inside an entity", is.IStarts, is.TypeChanges)
	}
	hint := "conlleval counts them as entity starts"
	if seeStrict != "" {
		hint += "; see " + seeStrict
	}
	if mode == ModeStrict {
		hint = "strict mode does not count them as entities"
	}
	var lines []string
	if c.GoldIssues.Any() {
		lines = append(lines, fmt.Sprintf("gold has %s (%s)", describe(c.GoldIssues), hint))
	}
	if c.PredIssues.Any() {
		lines = append(lines, fmt.Sprintf("prediction has %s (%s)", describe(c.PredIssues), hint))
	}
	return lines
}
