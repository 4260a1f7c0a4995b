package umls

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Normalize returns the lookup key of a term: Unicode NFKC, full case
// folding, and a canonical spacing that makes corpus tokenization
// irrelevant. Words (runs of letters, digits and marks) are separated by one
// space; punctuation sticks to its neighbours without spaces; a possessive
// "'s" joins its word and other apostrophes separate words; all dashes
// become "-". So "Parkinson ' s disease",
// "Parkinson's disease" and "Parkinsons disease" all give
// "parkinsons disease", and "5 - FU" and "5-FU" both give "5-fu".
//
// Tokenized corpora split punctuation into tokens of their own, so spaces
// next to punctuation carry no information; spaces between two words do,
// and are kept.
func Normalize(s string) string {
	return string(appendNormalized(make([]byte, 0, len(s)), s))
}

// appendNormalized appends Normalize(s) to b: the packed store hashes
// every name of the default lexicon in one buffer.
func appendNormalized(b []byte, s string) []byte {
	wide := !ascii(s)
	if wide {
		n := norm.NFKC.String(s)
		s = string(appendFold(make([]byte, 0, len(n)), n))
	}
	start := len(b)
	space := false    // a space is pending between two words
	lastWord := false // the last byte written belongs to a word
	for i := 0; i < len(s); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		i += size
		switch {
		case r == ' ' || r == '\t' || r == '\n' || r == '\r' || r >= utf8.RuneSelf && unicode.IsSpace(r) || r == '\v' || r == '\f':
			space = true
		case isApostrophe(r):
			// A possessive s joins its word whatever the tokenization:
			// "Parkinson ' s", "Parkinson's" and "Parkinsons" meet.
			// Otherwise the apostrophe is a word boundary.
			if j := skipSpace(s, i); j < len(s) && s[j] == 's' && !wordAt(s, j+1) && lastWord {
				i = j
				space = false
			} else if j > i {
				space = true
			}
		case 'a' <= r && r <= 'z' || '0' <= r && r <= '9' || 'A' <= r && r <= 'Z' ||
			r >= utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)):
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A' // only ASCII input reaches here unfolded
			}
			if space && lastWord {
				b = append(b, ' ')
			}
			space = false
			lastWord = true
			b = utf8.AppendRune(b, r)
		case r < 0x20 || r == 0x7f || r == utf8.RuneError || r >= utf8.RuneSelf && (unicode.IsControl(r) || unicode.Is(unicode.Cf, r)):
			// Invisible: control characters, zero-width joiners, soft
			// hyphens, byte-order marks.
		default:
			if isDash(r) {
				r = '-'
			}
			space = false
			lastWord = false
			b = utf8.AppendRune(b, r)
		}
	}
	if wide {
		// Dropping an apostrophe or a space can bring a combining mark
		// next to a letter it now composes with.
		return append(b[:start], norm.NFKC.String(string(b[start:]))...)
	}
	return b
}

// skipSpace returns the index of the first non-space byte at or after i.
func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// wordAt reports whether a letter or digit starts at s[i].
func wordAt(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsLetter(r) || unicode.IsDigit(r)
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

// IsAbbreviation reports whether s looks like an abbreviation or symbol:
// one word (hyphens allowed) of at most ten characters with at least as
// many upper-case letters as lower-case ones ("DOX", "5-FU", "L-NAME",
// "mRNA", "Ca").
func IsAbbreviation(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" || utf8.RuneCountInString(s) > 10 || strings.ContainsFunc(s, unicode.IsSpace) {
		return false
	}
	up, low := 0, 0
	for _, c := range s {
		switch {
		case unicode.IsUpper(c):
			up++
		case unicode.IsLower(c):
			low++
		}
	}
	return up > 0 && up >= low || up+low <= 2 && up+low > 0 && utf8.RuneCountInString(s) <= 3
}
