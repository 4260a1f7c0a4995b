package synonym

import (
	"slices"
	"strings"

	"github.com/stress-ner/stress/perturb/internal/english"
)

// The --avoid option: names and pairs in the format of avoid.txt, read
// from a file (stress review score --avoid writes the pairs judges
// flagged), that are never used, besides those of avoid.txt. They are
// matched against a replacement as written in the sentence (the "after"
// of the change log) and the mention as written (its "before"), so that
// a pair copied from a change log avoids exactly that change. Names are
// ranked per concept, not drawn from a generator (see rank): leaving
// some out moves no other mention's choice, so a rebuild with --avoid
// changes the avoided replacements and nothing else (a mention whose
// name is avoided takes its concept's next name, or stays).

// loadAvoid reads the file of Options.Avoid; nil when there is none.
func loadAvoid(path string) (*english.AvoidList, error) {
	if path == "" {
		return nil, nil
	}
	return english.ReadAvoidFile(path)
}

// dropAvoided returns cands without the replacements of mention that
// --avoid forbids, each as render writes it in the sentence.
func (r *Replacer) dropAvoided(mention string, cands []Candidate, render func(string) []string) []Candidate {
	if r.extraAvoid.Empty() {
		return cands
	}
	return slices.DeleteFunc(slices.Clone(cands), func(c Candidate) bool {
		written := strings.Join(render(c.Term), " ")
		if written == "" {
			written = c.Term
		}
		return r.extraAvoid.Avoids(written, mention)
	})
}
