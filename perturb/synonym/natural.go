package synonym

import (
	_ "embed"
	"strings"
	"sync"

	"github.com/stress-ner/stress/perturb/internal/english"
)

// Reasons for which Natural rejects a name, as counted in manifests
// (see english.Natural, where the rules are).
const (
	rejectEmpty       = english.RejectEmpty
	rejectCharacters  = english.RejectCharacters  // a character the mention's text does not use (non-ASCII in ASCII text)
	rejectQualifier   = english.RejectQualifier   // "NOS", "NEC", "unspecified", parentheses, brackets
	rejectPunctuation = english.RejectPunctuation // ; : / & + = and the like, or an abbreviating period ("subac.")
	rejectInverted    = english.RejectInverted    // "X, Y", or a noun followed by its adjective ("anemia hemolytic")
	rejectSystematic  = english.RejectSystematic  // locants, stereo descriptors, formulae
	rejectSequence    = english.RejectSequence    // peptide or nucleotide sequences
	rejectDigits      = english.RejectDigits      // digits the mention does not have: codes, types, numbered names
	rejectAbbrev      = english.RejectAbbrev      // a lone abbreviation or symbol the mention is not
	rejectForeign     = english.RejectForeign     // a word neither in the English word lists nor in a lexicon's preferred names
	rejectLength      = english.RejectLength      // more than twice the mention's tokens
	rejectAvoid       = english.RejectAvoid       // in avoid.txt: read as another condition, archaic or folk
)

// Natural reports why name is not a name a writer of an English
// biomedical abstract would plausibly put in place of mention (the text
// it replaces, as it stands in the corpus), or "" when it is: a Reject*
// reason of english.Natural, whose rules it applies (no foreign,
// systematic, inverted, coded, qualified, abbreviated or much longer
// names), or rejectAvoid for a name of the synonym kind's avoid.txt. It
// says nothing about meaning: whether name names the mention's concept
// is the Replacer's business (its round trip).
//
// The synonym kind reads its own avoid.txt only, not the list the other
// kinds share (perturb/internal/english/avoid.txt): the name policy
// (policy.go) admits the strata blind readings found natural, and the
// lines of avoid.txt are those that still act on them, each with its
// reason (TestAvoidLinesNeeded).
func Natural(name, mention string) string { return natural(name, mention, true) }

// natural is Natural; listed applies avoid.txt (not with
// "--embedded-avoid=false").
func natural(name, mention string, listed bool) string {
	return naturalWords(name, nil, mention, listed)
}

// naturalWords is natural of a name whose english.KeyWords are words
// (nil: not made yet).
func naturalWords(name string, words []string, mention string, listed bool) string {
	if why := english.NaturalUnlisted(name, mention); why != "" {
		return why
	}
	if !listed {
		return ""
	}
	if words == nil {
		words = english.KeyWords(name)
	}
	if avoid().NameWords(words) {
		return rejectAvoid
	}
	return ""
}

// avoidText lists the names and pairs the synonym kind avoids (see the
// file).
//
//go:embed avoid.txt
var avoidText string

// avoid is avoidText parsed on first use.
var avoid = sync.OnceValue(func() *english.AvoidList { return english.ParseAvoidList(avoidText) })

// avoidedPair reports whether a pair of avoid.txt forbids replacing
// mention by name; listed is false with "--embedded-avoid=false".
func avoidedPair(name, mention string, listed bool) bool {
	return listed && avoid().Pair(name, mention)
}

// avoidedPairWords is avoidedPair of the english.KeyWords of the name
// (nw) and of the mention (mw).
func avoidedPairWords(nw, mw []string, listed bool) bool {
	return listed && avoid().PairWords(nw, mw)
}

// AvoidLines returns the number of names and pairs avoid.txt holds (one a
// line).
func AvoidLines() int {
	n := 0
	for _, line := range strings.Split(avoidText, "\n") {
		if body, _, _ := strings.Cut(line, "#"); strings.TrimSpace(body) != "" {
			n++
		}
	}
	return n
}
