// Package swap implements the character-swap perturbation (the W sets of
// Araujo et al.): in each selected word, two adjacent, different letters
// change places ("inihbitions").
//
// Only letter pairs are swapped, so hyphens, digits and punctuation stay
// where they are and a swap is never a no-op. Options keep the first
// and/or the last character of the word in place.
package swap

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"

	"github.com/stress-ner/stress/internal/textutil"
)

// name and suffix identify the perturbation in the registry and in
// output file names (NAME_swap.tsv).
const (
	name   = "swap"
	suffix = "swap"
)

var (
	keepFirst = perturb.Option{Name: "keep-first", Default: "false", Bool: true, Help: "never move a word's first character"}
	keepLast  = perturb.Option{Name: "keep-last", Default: "false", Bool: true, Help: "never move a word's last character"}
)

// Kind describes the perturbation for the registry and perturb.Apply.
var Kind = &perturb.Kind{
	Name:          name,
	Suffix:        suffix,
	Help:          "swap two adjacent different letters per selected word (\"inihbitions\")",
	UsesSelection: true,
	Letter:        "W",
	Options:       []perturb.Option{keepFirst, keepLast},
	New: func(opts map[string]string) (perturb.Perturbation, error) {
		var s Swap
		var err error
		if s.KeepFirst, err = keepFirst.BoolValue(opts); err != nil {
			return nil, err
		}
		if s.KeepLast, err = keepLast.BoolValue(opts); err != nil {
			return nil, err
		}
		return &s, nil
	},
}

func init() { perturb.Register(Kind) }

// Swap is the swap perturbation.
type Swap struct {
	KeepFirst bool // never move the first character
	KeepLast  bool // never move the last character
}

// canSwap reports whether runes i and i+1 of rs may change places.
func (s *Swap) canSwap(rs []rune, i int) bool {
	if s.KeepFirst && i == 0 || s.KeepLast && i+1 == len(rs)-1 {
		return false
	}
	return rs[i] != rs[i+1] && unicode.IsLetter(rs[i]) && unicode.IsLetter(rs[i+1])
}

// Word returns word with two adjacent different letters swapped, or
// ok == false when no such pair exists.
func (s *Swap) Word(word string, r *rand.Rand) (out string, ok bool) {
	return perturb.EditWord(s, word, r)
}

// AppendWord appends the changed word to dst, or returns dst and false
// when word has no swappable pair.
func (s *Swap) AppendWord(dst []byte, word string, r *rand.Rand) ([]byte, bool) {
	return s.appendASCIIWord(dst, word, r)
}

func (s *Swap) unicodeWord(word string, r *rand.Rand) (string, bool) {
	rs := []rune(word)
	n := 0
	for i := 0; i+1 < len(rs); i++ {
		if s.canSwap(rs, i) {
			n++
		}
	}
	if n == 0 {
		return word, false
	}
	k := r.IntN(n)
	for i := 0; i+1 < len(rs); i++ {
		if !s.canSwap(rs, i) {
			continue
		}
		if k > 0 {
			k--
			continue
		}
		rs[i], rs[i+1] = rs[i+1], rs[i]
		return string(rs), true
	}
	panic("unreachable")
}

// canSwapASCII is canSwap for ASCII text.
func canSwapASCII[W ~string | ~[]byte](s *Swap, w W, i int) bool {
	if s.KeepFirst && i == 0 || s.KeepLast && i+1 == len(w)-1 {
		return false
	}
	return w[i] != w[i+1] && isASCIILetter(w[i]) && isASCIILetter(w[i+1])
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// appendASCIIWord is AppendWord, byte by byte for ASCII text (the
// Unicode path for other text): most corpus tokens are ASCII, and it
// makes the same random draws as the Unicode path.
func (s *Swap) appendASCIIWord(dst []byte, word string, r *rand.Rand) ([]byte, bool) {
	i, ascii := pickASCII(s, word, r)
	if !ascii {
		w, ok := s.unicodeWord(word, r)
		if !ok {
			return dst, false
		}
		return append(dst, w...), true
	}
	if i < 0 {
		return dst, false
	}
	dst = append(dst, word[:i]...)
	dst = append(dst, word[i+1], word[i])
	return append(dst, word[i+2:]...), true
}

// EditBytes is AppendWord in place, for an ASCII word
// (perturb.ByteEditor). It makes pickASCII's draw, from r.
func (s *Swap) EditBytes(word []byte, r perturb.Draws) (edited, ok bool) {
	lo, hi, n, ascii := countPairs(s, word)
	switch {
	case !ascii:
		return false, false
	case n == 0:
		return false, true
	}
	i := nthPair(word, lo, hi, n, r.IntN(n))
	word[i], word[i+1] = word[i+1], word[i]
	return true, true
}

// pickASCII chooses the pair of an ASCII word to swap as the Unicode
// path would: the index of its first letter, -1 when the word has no
// swappable pair. ascii is false, nothing drawn, for a word that is not
// ASCII.
func pickASCII[W ~string | ~[]byte](s *Swap, word W, r *rand.Rand) (i int, ascii bool) {
	lo, hi, n, ascii := countPairs(s, word)
	switch {
	case !ascii:
		return -1, false
	case n == 0:
		return -1, true
	}
	return nthPair(word, lo, hi, n, r.IntN(n)), true
}

// countPairs returns the n swappable pairs of an ASCII word, among the
// pairs the keep options allow, which start at lo to hi; ascii is false
// for a word that is not ASCII. It reads the word eight bytes at a time
// (pairChunks), without a branch on its bytes: TestASCIIFastPath checks
// it against the Unicode path.
func countPairs[W ~string | ~[]byte](s *Swap, word W) (lo, hi, n int, ascii bool) {
	lo, hi = 0, len(word)-2
	if s.KeepFirst {
		lo = 1
	}
	if s.KeepLast {
		hi = len(word) - 3
	}
	var high uint64
	for p := 0; p < len(word); p += 7 {
		x := chunk(word, p)
		high |= x
		n += bits.OnesCount64(pairBits(x) & starts(lo-p, hi-p))
	}
	if high&0x8080808080808080 != 0 {
		return 0, 0, 0, false
	}
	return lo, hi, n, true
}

// nthPair returns where the k-th (from 0) of the n swappable pairs of
// word that start at lo to hi starts.
func nthPair[W ~string | ~[]byte](word W, lo, hi, n, k int) int {
	if n == hi-lo+1 { // every pair swappable: the k-th starts at lo+k
		return lo + k
	}
	for p := 0; p < len(word); p += 7 {
		m := pairBits(chunk(word, p)) & starts(lo-p, hi-p)
		if c := bits.OnesCount64(m); k >= c {
			k -= c
			continue
		}
		return p + nthByte(m, k)
	}
	panic("unreachable")
}

// nthByte returns which byte of m holds its k-th (from 0) set bit, m
// having at most one bit set in each byte: by halves, quarters and
// bytes, each step a count and a mask, with no branch on k (a loop
// clearing k bits missed its end as often as not).
func nthByte(m uint64, k int) int {
	i := 0
	for _, w := range [...]int{4, 2, 1} {
		c := bits.OnesCount64(m >> (8 * i) & (1<<(8*w) - 1)) // bytes i to i+w-1
		past := -b2i(k >= c)                                 // all ones when the bit is further on
		k -= c & past
		i += w & past
	}
	return i
}

// The pairs of a word are counted in chunks of eight bytes from 0, 7,
// 14, ...: the chunk from p holds the pairs that start at p to p+6, the
// last byte being the second of the pair that starts before it.

// chunk returns the eight bytes of word from p, little-endian, with
// zeros past its end.
func chunk[W ~string | ~[]byte](word W, p int) uint64 {
	n := len(word)
	switch {
	case p+8 <= n:
		return load64(word, p)
	case n >= 8: // the last eight bytes, shifted down to start at p
		return load64(word, n-8) >> (8 * (p - (n - 8)))
	case n >= 4: // p is 0: the first four and the last four, overlapping
		return uint64(load32(word, 0)) | uint64(load32(word, n-4))<<(8*(n-4))
	}
	var x uint64
	for i := p; i < n; i++ {
		x |= uint64(word[i]) << (8 * (i - p))
	}
	return x
}

// pairBits marks, in the top bit of byte k, the pairs of bytes k and
// k+1 of x (ASCII bytes) that are two different letters, as swappable
// says; byte 7, whose second byte is not in x, is never marked. The
// sums carry into no other byte: every byte is at most 0x7f.
func pairBits(x uint64) uint64 {
	const ones, low7, top = 0x0101010101010101, 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	lower := x | 0x20*ones
	letters := (lower + (0x80-'a')*ones) &^ (lower + (0x80-'z'-1)*ones) & top
	d := x ^ x>>8 // byte k: byte k XOR byte k+1
	differ := (d&low7 + low7 | d) & top
	return letters & (letters >> 8) & differ
}

// starts marks the top bits of bytes k0 to k1 of a chunk, of 0 to 6:
// the pairs it holds that the keep options allow.
func starts(k0, k1 int) uint64 {
	k0, k1 = max(k0, 0), min(k1, 6)
	if k1 < k0 {
		return 0
	}
	return 0x8080808080808080 >> (8 * (7 - (k1 - k0))) << (8 * k0)
}

// load64 returns the eight bytes of s from i, little-endian.
func load64[T ~string | ~[]byte](s T, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// load32 returns the four bytes of s from i, little-endian.
func load32[T ~string | ~[]byte](s T, i int) uint32 {
	s = s[i : i+4]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// swappable is 1 when ASCII bytes a and b are two different letters
// (canSwapASCII without the keep options), else 0.
func swappable(a, b byte) int {
	return b2i(a != b) & b2i((a|0x20)-'a' < 26) & b2i((b|0x20)-'a' < 26)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Perturb changes every selected token that has a swappable pair.
func (s *Swap) Perturb(sent conll.Sentence, selected []bool, r *rand.Rand) (conll.Sentence, []perturb.Change) {
	return perturb.EditWords(nil, sent, selected, r, name, s)
}

// Check reports whether c is one transposition of two adjacent,
// different letters that respects the keep options.
func (s *Swap) Check(c perturb.Change) error {
	if c.End == c.Token+1 && checkASCII(s, c.Before, c.After) {
		return nil
	}
	// The detailed error, or the Unicode path.
	a, b := []rune(c.Before), []rune(c.After)
	if err := perturb.OneToken(name, c); err != nil {
		return err
	}
	if len(a) != len(b) {
		return fmt.Errorf("%w: %q -> %q changes the length", perturb.ErrInvalidChange, c.Before, c.After)
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	if i+1 >= len(a) || a[i] != b[i+1] || a[i+1] != b[i] || !s.canSwap(a, i) || string(a[i+2:]) != string(b[i+2:]) {
		return fmt.Errorf("%w: %q -> %q is not one swap of adjacent different letters", perturb.ErrInvalidChange, c.Before, c.After)
	}
	return nil
}

// CheckBytes is Check's verdict on a change from before to after, for
// ASCII words (perturb.ByteEditor).
func (s *Swap) CheckBytes(before, after []byte) bool {
	// checkASCII's verdict, with the words compared eight bytes at a
	// time: the two bytes that differ are adjacent and swapped.
	i, last, ascii := textutil.DiffASCII(before, after)
	return ascii && i >= 0 && last == i+1 && before[i] == after[last] && before[last] == after[i] && canSwapASCII(s, before, i)
}

// checkASCII is Check's fast path: two ASCII words of the same length,
// the second the first with one swap of adjacent different letters that
// the keep options allow. It reports false for any other change, valid
// or not.
func checkASCII[W ~string | ~[]byte](s *Swap, x, y W) bool {
	if len(x) != len(y) || !isASCII(x) || !isASCII(y) {
		return false
	}
	i := 0
	for i < len(x) && x[i] == y[i] {
		i++
	}
	if !(i+1 < len(x) && x[i] == y[i+1] && x[i+1] == y[i] && canSwapASCII(s, x, i)) {
		return false
	}
	for j := i + 2; j < len(x); j++ {
		if x[j] != y[j] {
			return false
		}
	}
	return true
}

func isASCII[W ~string | ~[]byte](w W) bool {
	for i := 0; i < len(w); i++ {
		if w[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
