// Package keyboard implements the keyboard-typo perturbation (the K sets
// of Araujo et al.): in each selected word, one letter is replaced by a
// character whose key is beside it on the keyboard.
//
// The replacement may be a letter, a digit or a punctuation key next to
// the letters ("inh9bitions", "l;w"), keeps the letter's case, is never
// the same character and never whitespace. Only letters are replaced, so
// a hyphenated token changes inside one of its alphabetic segments and
// numbers are never rewritten. The layout is data (see layouts/):
// QWERTY by default, QWERTZ and AZERTY by option.
package keyboard

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"

	"github.com/stress-ner/stress/internal/textutil"
)

// Name and suffix identify the perturbation in the registry and in
// output file names (NAME_key.tsv).
const (
	Name   = "keyboard"
	suffix = "key"
)

var layoutOption = perturb.Option{Name: "layout", Default: "qwerty", Help: "keyboard layout: qwerty, qwertz or azerty"}

// Kind describes the perturbation for the registry and perturb.Apply.
var Kind = &perturb.Kind{
	Name:          Name,
	Suffix:        suffix,
	Help:          "replace one letter per selected word by a keyboard neighbour (\"inh9bitions\")",
	UsesSelection: true,
	Letter:        "K",
	Options:       []perturb.Option{layoutOption},
	New: func(opts map[string]string) (perturb.Perturbation, error) {
		l, err := LoadLayout(layoutOption.Value(opts))
		if err != nil {
			return nil, fmt.Errorf("%w: %v", perturb.ErrOption, err)
		}
		return New(l), nil
	},
}

func init() { perturb.Register(Kind) }

// Typo is the keyboard perturbation for one layout.
type Typo struct {
	Layout *Layout
}

// New returns the keyboard perturbation for layout l.
func New(l *Layout) *Typo { return &Typo{Layout: l} }

// Word returns word with one letter replaced by a keyboard neighbour, or
// ok == false when it has no letter on the layout.
func (t *Typo) Word(word string, r *rand.Rand) (out string, ok bool) {
	return perturb.EditWord(t, word, r)
}

// AppendWord appends the changed word to dst, or returns dst and false
// when word has no letter on the layout.
func (t *Typo) AppendWord(dst []byte, word string, r *rand.Rand) ([]byte, bool) {
	return t.appendASCIIWord(dst, word, r)
}

func (t *Typo) unicodeWord(word string, r *rand.Rand) (string, bool) {
	i, c, ok := textutil.PickRune(word, r, t.replaceable)
	if !ok {
		return word, false
	}
	ns := t.Layout.Neighbours(c)
	return word[:i] + string(withCase(c, ns[r.IntN(len(ns))])) + word[i+utf8.RuneLen(c):], true
}

// appendASCIIWord is AppendWord, byte by byte for ASCII text (the
// Unicode path for other text): most corpus tokens are ASCII, and it
// makes the same random draws as the Unicode path, with the typos of
// every letter made in advance (Layout.asciiTypos).
func (t *Typo) appendASCIIWord(dst []byte, word string, r *rand.Rand) ([]byte, bool) {
	i, typo, ascii := pickASCII(t.Layout, word, r)
	if !ascii {
		w, ok := t.unicodeWord(word, r)
		if !ok {
			return dst, false
		}
		return append(dst, w...), true
	}
	if i < 0 {
		return dst, false
	}
	dst = append(dst, word[:i]...)
	dst = append(dst, typo...)
	return append(dst, word[i+1:]...), true
}

// EditBytes is AppendWord in place, for an ASCII word whose typo is one
// byte (perturb.ByteEditor): on every layout but for AZERTY's accented
// keys. It makes pickASCII's draws, from r.
func (t *Typo) EditBytes(word []byte, r perturb.Draws) (edited, ok bool) {
	var n int
	var ascii bool
	if t.Layout.allLetters && asciiLetters(word) {
		n, ascii = len(word), true // what countASCII counts, without its loop
	} else {
		n, ascii = countASCII(t.Layout, word)
	}
	switch {
	case !ascii:
		return false, false
	case n == 0:
		return false, true
	}
	i, typos := nthASCII(t.Layout, word, n, r.IntN(n))
	typo := typos[r.IntN(len(typos))]
	if len(typo) > 1 {
		return false, false
	}
	word[i] = typo[0]
	return true, true
}

// asciiLetters reports whether word, of four bytes or more, is ASCII
// letters only (false for a shorter word): eight bytes at a time, the
// last eight overlapping the words before (a word of 4 to 7 bytes: its
// first and last four), as most words a lexical selection takes are.
func asciiLetters(word []byte) bool {
	switch n := len(word); {
	case n >= 8:
		for i := 0; ; i += 8 {
			i = min(i, n-8)
			if !letters8(binary.LittleEndian.Uint64(word[i : i+8])) {
				return false
			}
			if i == n-8 {
				return true
			}
		}
	case n >= 4:
		return letters8(uint64(binary.LittleEndian.Uint32(word[:4])) | uint64(binary.LittleEndian.Uint32(word[n-4:]))<<32)
	}
	return false
}

// letters8 reports whether the eight bytes of x are each an ASCII
// letter: no top bit set, and lower-cased (OR 0x20) from 'a' to 'z',
// which adding 0x80-'a' and 0x80-'z'-1 to each byte tells in its top
// bit, with no carry into the next byte.
func letters8(x uint64) bool {
	const ones, top = 0x0101010101010101, 0x8080808080808080
	if x&top != 0 {
		return false
	}
	lower := x | 0x20*ones
	fromA := lower + (0x80-'a')*ones
	pastZ := lower + (0x80-'z'-1)*ones
	return fromA&^pastZ&top == top
}

// pickASCII chooses the letter of an ASCII word to replace and its typo,
// as the Unicode path would: the index of the letter (-1 when the word
// has no letter on the layout) and its typo. ascii is false, nothing
// drawn, for a word that is not ASCII.
func pickASCII[W ~string | ~[]byte](l *Layout, word W, r *rand.Rand) (i int, typo string, ascii bool) {
	n, ascii := countASCII(l, word)
	switch {
	case !ascii:
		return -1, "", false
	case n == 0:
		return -1, "", true
	}
	i, typos := nthASCII(l, word, n, r.IntN(n))
	return i, typos[r.IntN(len(typos))], true
}

// countASCII returns how many letters of word have typos on layout l,
// or ascii == false for a word that is not ASCII.
func countASCII[W ~string | ~[]byte](l *Layout, word W) (n int, ascii bool) {
	keys := &l.asciiLetterKey // replaceable, for ASCII
	high := byte(0)
	for i := 0; i < len(word); i++ {
		c := word[i]
		high |= c
		n += b2i(keys[c]) // false for every byte past ASCII
	}
	return n, high < utf8.RuneSelf
}

// nthASCII returns the index of the k-th (from 0) of the n letters of
// the ASCII word that have typos on layout l, and its typos.
func nthASCII[W ~string | ~[]byte](l *Layout, word W, n, k int) (int, []string) {
	if n == len(word) { // every byte a letter with typos: the k-th is byte k
		return k, l.asciiTypos[word[k]]
	}
	keys := &l.asciiLetterKey
	for i := 0; i < len(word); i++ {
		if !keys[word[i]] {
			continue
		}
		if k > 0 {
			k--
			continue
		}
		return i, l.asciiTypos[word[i]]
	}
	panic("unreachable")
}

func (t *Typo) replaceable(c rune) bool {
	return unicode.IsLetter(c) && len(t.Layout.Neighbours(c)) > 0
}

// Perturb changes every selected token that has a letter on the layout.
func (t *Typo) Perturb(s conll.Sentence, selected []bool, r *rand.Rand) (conll.Sentence, []perturb.Change) {
	return perturb.EditWords(nil, s, selected, r, Name, t)
}

// Check reports whether c replaces exactly one letter by a neighbour.
func (t *Typo) Check(c perturb.Change) error {
	if err := perturb.OneToken(Name, c); err != nil {
		return err
	}
	if checkASCII(t.Layout, c.Before, c.After) {
		return nil
	}
	// The detailed error, or the Unicode path.
	a, b := []rune(c.Before), []rune(c.After)
	if len(a) != len(b) {
		return fmt.Errorf("%w: %q -> %q changes the length", perturb.ErrInvalidChange, c.Before, c.After)
	}
	diff := -1
	for i := range a {
		if a[i] != b[i] {
			if diff >= 0 {
				return fmt.Errorf("%w: %q -> %q changes more than one character", perturb.ErrInvalidChange, c.Before, c.After)
			}
			diff = i
		}
	}
	if diff < 0 {
		return fmt.Errorf("%w: %q unchanged", perturb.ErrInvalidChange, c.Before)
	}
	if !unicode.IsLetter(a[diff]) || !t.Layout.IsNeighbour(a[diff], b[diff]) {
		return fmt.Errorf("%w: %q -> %q: %q is not a %s neighbour of %q",
			perturb.ErrInvalidChange, c.Before, c.After, b[diff], t.Layout.Name, a[diff])
	}
	return nil
}

// CheckBytes is Check's verdict on a change from before to after, for
// ASCII words (perturb.ByteEditor): checkASCII's, with the words
// compared eight bytes at a time.
func (t *Typo) CheckBytes(before, after []byte) bool {
	first, last, ascii := textutil.DiffASCII(before, after)
	return ascii && first >= 0 && first == last &&
		t.Layout.asciiLetterKey[before[first]] && t.Layout.slip(before[first], after[first])
}

// checkASCII is Check's fast path, in one pass: ASCII text of the same
// length with one differing byte, a letter replaced by a neighbour. It
// reports false for any other change, valid or not.
func checkASCII[W ~string | ~[]byte](l *Layout, before, after W) bool {
	if len(before) != len(after) {
		return false
	}
	diff := -1
	for i := 0; i < len(before); i++ {
		a, b := before[i], after[i]
		if a|b >= utf8.RuneSelf {
			return false
		}
		if a != b {
			if diff != -1 {
				return false
			}
			diff = i
		}
	}
	return diff >= 0 && l.asciiLetterKey[before[diff]] && l.slip(before[diff], after[diff])
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
