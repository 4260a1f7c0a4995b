package keyboard

import (
	"embed"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/internal/limits"
)

//go:embed layouts/*.txt
var layoutFiles embed.FS

// ErrLayout means a layout description is malformed.
var ErrLayout = errors.New("bad keyboard layout")

// reach is how far apart, in quarter keys, the centres of keys on
// adjacent rows may be for them to count as neighbours. 5 (1.25 keys)
// takes in the diagonal keys a finger slips to, such as o and ; on
// QWERTY (the "l;w" of the paper's sets).
const reach = 5

// Layout maps each key to the keys around it.
type Layout struct {
	Name       string
	neighbours map[rune][]rune
	ascii      [128][]rune // neighbours of ASCII keys, upper-case letters included: the hot path
	// asciiLetterKey marks the ASCII letters that have neighbours, the
	// characters a typo may replace (indexed by byte; none from 128).
	asciiLetterKey [256]bool
	// asciiTypos[c] are the characters typed for ASCII letter c, in the
	// order of Neighbours, in c's case and UTF-8 (withCase).
	asciiTypos [128][]string
	// asciiSlip is IsNeighbour for two ASCII characters a and b, a bit
	// each: bit b%64 of asciiSlip[a][b/64] (slip). 2 KiB: as a grid of
	// bools it was 16 KiB, four more pages touched by every keyboard run
	// (issue 34).
	asciiSlip [128][2]uint64
	// allLetters says that every ASCII letter has neighbours
	// (asciiLetterKey): then each byte of a word of ASCII letters is one
	// the typo may replace (EditBytes).
	allLetters bool
}

// slip reports whether typing ASCII character b for ASCII character a
// is a keyboard slip (IsNeighbour), from asciiSlip.
func (l *Layout) slip(a, b byte) bool {
	return l.asciiSlip[a&0x7f][b>>6&1]>>(b&63)&1 != 0
}

// asciiChars holds every ASCII character, so that a one-character
// string of one is a substring of it, not an allocation.
const asciiChars = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f" +
	"\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f" +
	" !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~\x7f"

// runeString returns string(c), for ASCII without allocating.
func runeString(c rune) string {
	if c >= 0 && c < utf8.RuneSelf {
		return asciiChars[c : c+1]
	}
	return string(c)
}

// Layouts returns the names of the built-in layouts.
func Layouts() []string {
	ents, _ := layoutFiles.ReadDir("layouts")
	var out []string
	for _, e := range ents {
		out = append(out, strings.TrimSuffix(e.Name(), ".txt"))
	}
	return out
}

// LoadLayout returns a built-in layout by name: qwerty, qwertz or azerty.
func LoadLayout(name string) (*Layout, error) {
	f, err := layoutFiles.Open("layouts/" + strings.ToLower(name) + ".txt")
	if err != nil {
		return nil, fmt.Errorf("%w: unknown layout %q (known: %s)", ErrLayout, name, strings.Join(Layouts(), ", "))
	}
	defer f.Close()
	return ParseLayout(strings.ToLower(name), f)
}

// ParseLayout reads a layout description: one line per key row, top to
// bottom, each "OFFSET KEYS" where OFFSET is the row's left offset in
// quarter keys and KEYS the row's unshifted characters, left to right.
// Blank lines and lines starting with # are ignored. Letters are stored
// lower-case; no key may be whitespace or appear twice. Errors name the
// line, as "name:3: ...".
func ParseLayout(name string, r io.Reader) (*Layout, error) {
	type key struct {
		r      rune
		row, x int
	}
	// Few allocations, each sized once: every one of another size
	// touches pages of its own, tens of microseconds each here, more
	// than the whole parse (issue 34). A key seen before is looked for
	// among the keys: the neighbours below compare every two anyway.
	keys := make([]key, 0, 64)
	sc := limits.ShortScanner(r) // a few short lines
	line, row := 0, 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if !utf8.ValidString(text) {
			return nil, fmt.Errorf("%s:%d: %w: invalid UTF-8", name, line, ErrLayout)
		}
		offText, row1, ok := strings.Cut(text, " ")
		if !ok {
			return nil, fmt.Errorf("%s:%d: %w: want \"OFFSET KEYS\"", name, line, ErrLayout)
		}
		off, err := strconv.Atoi(offText)
		if err != nil || off < 0 || off > 64 {
			return nil, fmt.Errorf("%s:%d: %w: bad offset %q", name, line, ErrLayout, offText)
		}
		row1 = strings.TrimSpace(row1)
		if row1 == "" {
			return nil, fmt.Errorf("%s:%d: %w: no keys", name, line, ErrLayout)
		}
		col := 0
		for _, c := range row1 {
			if unicode.IsSpace(c) || !unicode.IsPrint(c) {
				return nil, fmt.Errorf("%s:%d: %w: key %q is not a printable character", name, line, ErrLayout, c)
			}
			c = unicode.ToLower(c)
			if slices.ContainsFunc(keys, func(k key) bool { return k.r == c }) {
				return nil, fmt.Errorf("%s:%d: %w: key %q appears twice", name, line, ErrLayout, c)
			}
			keys = append(keys, key{c, row, off + 4*col})
			col++
		}
		row++
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, line+1, limits.Err(err))
	}
	if len(keys) < 2 {
		return nil, fmt.Errorf("%s: %w: fewer than two keys", name, ErrLayout)
	}
	l := &Layout{Name: name, neighbours: make(map[rune][]rune, len(keys))}
	all := make([]rune, 0, 8*len(keys)) // every key's neighbours, back to back: 8 at most on the built-in layouts
	for _, a := range keys {
		first := len(all)
		ns := all
		for _, b := range keys {
			dx := a.x - b.x
			if dx < 0 {
				dx = -dx
			}
			switch {
			case a.row == b.row && dx == 4:
				ns = append(ns, b.r)
			case (a.row-b.row == 1 || b.row-a.row == 1) && dx <= reach:
				ns = append(ns, b.r)
			}
		}
		all = ns
		ns = ns[first:len(ns):len(ns)]
		slices.Sort(ns)
		l.neighbours[a.r] = ns
	}
	typos := make([]string, 0, 2*len(all)) // asciiTypos's, back to back
	for c := rune(0); c < 128; c++ {
		l.ascii[c] = l.neighbours[unicode.ToLower(c)]
		l.asciiLetterKey[c] = unicode.IsLetter(c) && len(l.ascii[c]) > 0
		if l.asciiLetterKey[c] {
			first := len(typos)
			for _, n := range l.ascii[c] {
				typos = append(typos, runeString(withCase(c, n)))
			}
			l.asciiTypos[c] = typos[first:len(typos):len(typos)]
		}
	}
	// asciiSlip is IsNeighbour of every two ASCII characters, set from
	// each one's neighbours: asking IsNeighbour of all 16,384 pairs
	// took some 2.4 million instructions, a millisecond of every
	// keyboard run (issue 34). TestASCIISlip compares the two.
	for a := rune(0); a < 128; a++ {
		for _, n := range l.ascii[a] {
			if b := withCase(a, n); b < 128 && b != a && !unicode.IsSpace(b) {
				l.asciiSlip[a][b>>6] |= 1 << (b & 63)
			}
		}
	}
	l.allLetters = true
	for c := 'A'; c <= 'z'; c++ {
		if unicode.IsLetter(c) && !l.asciiLetterKey[c] {
			l.allLetters = false
		}
	}
	return l, nil
}

// Neighbours returns the keys around c (compared case-insensitively), in
// a fixed order.
func (l *Layout) Neighbours(c rune) []rune {
	if c >= 0 && c < 128 {
		return l.ascii[c]
	}
	return l.neighbours[unicode.ToLower(c)]
}

// IsNeighbour reports whether typing b for a is a keyboard slip: b's key
// is beside a's, and a letter keeps a's case.
func (l *Layout) IsNeighbour(a, b rune) bool {
	for _, n := range l.Neighbours(a) {
		if withCase(a, n) == b {
			return a != b && !unicode.IsSpace(b)
		}
	}
	return false
}

// withCase returns key n typed in place of a: upper-case when a is.
func withCase(a, n rune) rune {
	if unicode.IsUpper(a) {
		return unicode.ToUpper(n)
	}
	return n
}
