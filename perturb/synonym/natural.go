package synonym

import (
	_ "embed"
	"sync"

	"github.com/stress-ner/stress/perturb/internal/english"
)

// Reasons for which Natural rejects a name, as counted in manifests
// (see english.Natural, where the rules are).
const (
	RejectEmpty       = english.RejectEmpty
	RejectCharacters  = english.RejectCharacters  // a character the mention's text does not use (non-ASCII in ASCII text)
	RejectQualifier   = english.RejectQualifier   // "NOS", "NEC", "unspecified", parentheses, brackets
	RejectPunctuation = english.RejectPunctuation // ; : / & + = and the like, or an abbreviating period ("subac.")
	RejectInverted    = english.RejectInverted    // "X, Y", or a noun followed by its adjective ("anemia hemolytic")
	RejectSystematic  = english.RejectSystematic  // locants, stereo descriptors, formulae
	RejectSequence    = english.RejectSequence    // peptide or nucleotide sequences
	RejectDigits      = english.RejectDigits      // digits the mention does not have: codes, types, numbered names
	RejectAbbrev      = english.RejectAbbrev      // a lone abbreviation or symbol the mention is not
	RejectForeign     = english.RejectForeign     // a word neither in the English word lists nor in a lexicon's preferred names
	RejectLength      = english.RejectLength      // more than twice the mention's tokens
	RejectAvoid       = english.RejectAvoid       // in avoid.txt: read as another condition, archaic or folk
)

// Natural reports why name is not a name a writer of an English
// biomedical abstract would plausibly put in place of mention (the text
// it replaces, as it stands in the corpus), or "" when it is: a Reject*
// reason of english.Natural, whose rules it applies (no foreign,
// systematic, inverted, coded, qualified, abbreviated or much longer
// names, none that the shared avoid.txt or the synonym kind's own
// avoid.txt lists). It says nothing about meaning:
// whether name names the mention's concept is the Replacer's business
// (its round trip).
func Natural(name, mention string) string {
	if why := english.Natural(name, mention); why != "" {
		return why
	}
	if avoid().Name(name) {
		return RejectAvoid
	}
	return ""
}

// avoidText lists the names and pairs the synonym kind avoids beyond the
// shared list (see the file).
//
//go:embed avoid.txt
var avoidText string

// avoid is avoidText parsed on first use.
var avoid = sync.OnceValue(func() *english.AvoidList { return english.ParseAvoidList(avoidText) })

// avoidedPair reports whether a pair of the shared avoid.txt or the
// synonym kind's own forbids replacing mention by name.
func avoidedPair(name, mention string) bool {
	return english.AvoidedPair(name, mention) || avoid().Pair(name, mention)
}
