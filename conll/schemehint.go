package conll

import (
	"fmt"
	"slices"

	"github.com/stress-ner/stress/iob"
)

// SchemeHint says what a tag scheme error in file suggests: the scheme
// the file is valid in, or the one whose tags it uses, and --repair when
// only transitions are invalid ("" when neither helps, as for "X-Foo").
// The whole file is read again to tell; standard input ("") is judged
// by the sentence that failed.
func SchemeHint(se *iob.SchemeError, file string) string {
	const repair = "--repair reads invalid transitions as conlleval does: an I- after O or after another type starts an entity"
	var fit SchemeFit
	var err error
	if file != "" {
		fit, err = FitSchemes(file)
	}
	if file == "" || err != nil {
		// The sentence's own hints.
		switch {
		case se.AltOK && se.AltRepair:
			return fmt.Sprintf("the tags look like %s: --scheme %[1]s --repair", se.Alt)
		case se.AltOK && se.Repairable:
			return fmt.Sprintf("the sentence reads as %s: --scheme %[1]s; or %s", se.Alt, repair)
		case se.AltOK:
			return fmt.Sprintf("the sentence reads as %s: --scheme %[1]s", se.Alt)
		case se.Repairable:
			return repair
		}
		return ""
	}
	for _, s := range fit.Valid {
		if s != se.Scheme {
			return fmt.Sprintf("the file reads as %s: --scheme %[1]s", s)
		}
	}
	if slices.Contains(fit.Known, se.Scheme) {
		return repair
	}
	if len(fit.Known) > 0 {
		return fmt.Sprintf("its tags are %s tags: --scheme %[1]s --repair", fit.Known[0])
	}
	return ""
}
