package umls

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Normalize returns the lookup key of a term: Unicode NFKC, full case
// folding, and a canonical spacing that makes corpus tokenization
// irrelevant. Words (runs of letters, digits and marks) are separated by one
// space; punctuation sticks to its neighbours without spaces; apostrophes
// are dropped; all dashes become "-". So "Parkinson ' s disease",
// "Parkinson's disease" and "Parkinsons disease" all give
// "parkinsons disease", and "5 - FU" and "5-FU" both give "5-fu".
//
// Tokenized corpora split punctuation into tokens of their own, so spaces
// next to punctuation carry no information; spaces between two words do,
// and are kept.
func Normalize(s string) string {
	if ascii(s) {
		return normalizeASCII(s)
	}
	s = norm.NFKC.String(s)
	s = cases.Fold().String(s)
	var b strings.Builder
	b.Grow(len(s))
	space := false // a space is pending between two words
	lastWord := false
	for _, r := range s {
		switch {
		case unicode.IsSpace(r):
			space = true
		case isApostrophe(r):
			// "Parkinson ' s": the apostrophe and the spaces around it vanish.
			space = false
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r):
			if space && lastWord {
				b.WriteByte(' ')
			}
			space = false
			lastWord = true
			b.WriteRune(r)
		case unicode.IsControl(r) || r == utf8.RuneError || unicode.Is(unicode.Cf, r):
			// Invisible: zero-width joiners, soft hyphens, byte-order marks.
		default:
			if isDash(r) {
				r = '-'
			}
			space = false
			lastWord = false
			b.WriteRune(r)
		}
	}
	return b.String()
}

// normalizeASCII is Normalize for ASCII input, where NFKC is the identity
// and case folding is lower-casing. It is the common case and avoids the
// allocations of the general path (the property test checks that both
// paths agree).
func normalizeASCII(s string) string {
	b := make([]byte, 0, len(s))
	space, lastWord := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f':
			space = true
		case c == '\'' || c == '`':
			space = false
		case 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || 'A' <= c && c <= 'Z':
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if space && lastWord {
				b = append(b, ' ')
			}
			space = false
			lastWord = true
			b = append(b, c)
		case c < 0x20 || c == 0x7f:
		default:
			space = false
			lastWord = false
			b = append(b, c)
		}
	}
	return string(b)
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func isApostrophe(r rune) bool {
	switch r {
	case '\'', '`', '\u00b4', '\u2018', '\u2019', '\u201b', '\u2032', '\u02bc':
		return true
	}
	return false
}

func isDash(r rune) bool {
	switch r {
	case '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015', '\u2212', '\ufe63', '\uff0d':
		return true
	}
	return false
}
