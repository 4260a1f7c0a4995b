package synonym

import (
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/stress-ner/stress/perturb/internal/english"
)

// The --avoid option: names and pairs in the format of avoid.txt, read
// from a file (stress review score --avoid writes the pairs judges
// flagged), that are never used, besides those of avoid.txt. They are
// matched against a replacement as written in the sentence (the "after"
// of the change log) and the mention as written (its "before"), so that
// a pair copied from a change log avoids exactly that change.
//
// Unlike avoid.txt, whose names never become candidates, the option
// vetoes a replacement after it is chosen: the candidates and the
// sentence's random draws stay those of a build without it, so that a
// rebuild with --avoid changes the avoided replacements and nothing
// else (a mention drawing an avoided name gets another name, or stays).

// loadAvoid reads the file of Options.Avoid; nil when there is none.
func loadAvoid(path string) (*english.AvoidList, error) {
	if path == "" {
		return nil, nil
	}
	return english.ReadAvoidFile(path)
}

// avoidsLongForm reports whether --avoid forbids writing out mention as
// long.
func (r *Replacer) avoidsLongForm(mention string, long []string) bool {
	return r.avoid.Avoids(strings.Join(long, " "), mention)
}

// unlessAvoided returns the choice c, written toks, when --avoid allows
// it. Otherwise it chooses again among the candidates it allows, by the
// same strategy but with a generator of its own, seeded by the mention
// and the avoided name (the sentence's generator must not move), and
// returns nil tokens when it allows none. render writes a candidate in
// the sentence.
func (r *Replacer) unlessAvoided(mention string, c Candidate, toks []string, cands []Candidate, render func(string) []string) (Candidate, []string) {
	if r.avoid.Len() == 0 || !r.avoid.Avoids(strings.Join(toks, " "), mention) {
		return c, toks
	}
	rest := slices.DeleteFunc(slices.Clone(cands), func(x Candidate) bool {
		return r.avoid.Avoids(strings.Join(render(x.Term), " "), mention)
	})
	if len(rest) == 0 {
		return c, nil
	}
	h := fnv.New64a()
	h.Write([]byte(mention + "\x00" + strings.Join(toks, " ")))
	other := Choose(r.opts.Strategy, mention, BestAttested(rest), rand.New(rand.NewPCG(h.Sum64(), 0x61766f6964))) // "avoid"
	return other, render(other.Term)
}
