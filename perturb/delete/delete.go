// Package delete implements the character-deletion perturbation: in each
// selected word, one letter is dropped ("inhibiions"), as a key not
// struck hard enough, nlpaug's RandomCharAug "delete". Only letters are
// dropped, never a digit or punctuation, and never a token's only
// character, so no token becomes empty.
package delete

import (
	"fmt"
	"math/rand/v2"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/textutil"
	"github.com/stress-ner/stress/perturb"
)

// name and suffix identify the perturbation in the registry and in
// output file names (NAME_del.tsv).
const (
	name   = "delete"
	suffix = "del"
)

// Kind describes the perturbation for the registry.
var Kind = &perturb.Kind{
	Name:          name,
	Suffix:        suffix,
	Help:          "delete one letter per selected word, never emptying it (\"inhibiions\")",
	UsesSelection: true,
	New:           func(map[string]string) (perturb.Perturbation, error) { return Delete{}, nil },
}

func init() { perturb.Register(Kind) }

// Delete is the deletion perturbation.
type Delete struct{}

// AppendWord implements perturb.WordEditor: one letter, chosen
// uniformly, is dropped; a word of one character is left.
func (Delete) AppendWord(dst []byte, word string, r *rand.Rand) ([]byte, bool) {
	if utf8.RuneCountInString(word) < 2 {
		return dst, false
	}
	i, c, ok := textutil.PickRune(word, r, unicode.IsLetter)
	if !ok {
		return dst, false
	}
	dst = append(dst, word[:i]...)
	return append(dst, word[i+utf8.RuneLen(c):]...), true
}

// Perturb drops a letter of every selected word that has one to spare.
func (d Delete) Perturb(s conll.Sentence, selected []bool, r *rand.Rand) (conll.Sentence, []perturb.Change) {
	return perturb.EditWords(nil, s, selected, r, name, d)
}

// Check reports whether c drops exactly one letter and leaves a character.
func (Delete) Check(c perturb.Change) error {
	if err := perturb.OneToken(name, c); err != nil {
		return err
	}
	a, b := []rune(c.Before), []rune(c.After)
	if len(b) != len(a)-1 || len(b) == 0 {
		return fmt.Errorf("%w: %q -> %q does not drop one character of several", perturb.ErrInvalidChange, c.Before, c.After)
	}
	// Every place the dropped character could be at (runs of equal
	// characters make several) is tried.
	first, last := textutil.ExtraRune(a, b)
	for i := first; i <= last; i++ {
		if unicode.IsLetter(a[i]) {
			return nil
		}
	}
	return fmt.Errorf("%w: %q -> %q does not drop one letter", perturb.ErrInvalidChange, c.Before, c.After)
}
