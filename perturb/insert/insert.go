// Package insert implements the character-insertion perturbation: in each
// selected word, one character is typed twice ("inhibitionns") or a key
// beside it is struck too ("inhibiti9ons"), the slips of a typist that
// nlpaug's KeyboardAug and RandomCharAug "insert" model. With keyboard
// (substitution), swap and delete it completes the character-noise
// family.
//
// The extra character goes right before or after a letter and is that
// letter or one of its QWERTY neighbours (the keyboard kind's layout,
// case kept), so digits and punctuation of a token never grow copies.
package insert

import (
	"fmt"
	"math/rand/v2"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/textutil"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/keyboard"
)

// name and suffix identify the perturbation in the registry and in
// output file names (NAME_ins.tsv).
const (
	name   = "insert"
	suffix = "ins"
)

// Kind describes the perturbation for the registry.
var Kind = &perturb.Kind{
	Name:          name,
	Suffix:        suffix,
	Help:          "insert one character per selected word: a doubled letter or a neighbouring key (\"inhibitionns\")",
	UsesSelection: true,
	New: func(map[string]string) (perturb.Perturbation, error) {
		l, err := keyboard.LoadLayout("qwerty")
		if err != nil {
			return nil, err
		}
		return New(l), nil
	},
}

func init() { perturb.Register(Kind) }

// Insert is the insertion perturbation for one keyboard layout.
type Insert struct {
	Layout *keyboard.Layout
}

// New returns the insertion perturbation for layout l.
func New(l *keyboard.Layout) *Insert { return &Insert{Layout: l} }

// AppendWord implements perturb.WordEditor: a letter is chosen
// uniformly, then the character (the letter itself or one of its
// neighbours, uniformly), then the side.
func (p *Insert) AppendWord(dst []byte, word string, r *rand.Rand) ([]byte, bool) {
	i, c, ok := textutil.PickRune(word, r, unicode.IsLetter)
	if !ok {
		return dst, false
	}
	ns := p.Layout.Neighbours(c)
	ins := c // doubled keystroke
	if j := r.IntN(len(ns) + 1); j < len(ns) {
		ins = ns[j]
		if unicode.IsUpper(c) {
			ins = unicode.ToUpper(ins) // the key struck with shift held
		}
	}
	at := i // before the letter
	if r.IntN(2) == 1 {
		at = i + utf8.RuneLen(c)
	}
	dst = append(dst, word[:at]...)
	dst = utf8.AppendRune(dst, ins)
	return append(dst, word[at:]...), true
}

// Perturb inserts a character into every selected word with a letter.
func (p *Insert) Perturb(s conll.Sentence, selected []bool, r *rand.Rand) (conll.Sentence, []perturb.Change) {
	return perturb.EditWords(nil, s, selected, r, name, p)
}

// Check reports whether c adds exactly one character beside a letter
// that is that letter or its neighbour.
func (p *Insert) Check(c perturb.Change) error {
	if err := perturb.OneToken(name, c); err != nil {
		return err
	}
	a, b := []rune(c.Before), []rune(c.After)
	if len(b) != len(a)+1 {
		return fmt.Errorf("%w: %q -> %q does not add one character", perturb.ErrInvalidChange, c.Before, c.After)
	}
	// Every place the extra character could be at (runs of equal
	// characters make several) is tried.
	first, last := textutil.ExtraRune(b, a)
	for i := first; i <= last; i++ {
		x := b[i]
		for _, j := range []int{i - 1, i} { // the letters beside it in the original
			if j >= 0 && j < len(a) && unicode.IsLetter(a[j]) && (a[j] == x || p.Layout.IsNeighbour(a[j], x)) {
				return nil
			}
		}
	}
	return fmt.Errorf("%w: %q -> %q does not insert a letter's double or neighbour beside it", perturb.ErrInvalidChange, c.Before, c.After)
}
