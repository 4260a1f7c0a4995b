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

// AppendNormalized appends Normalize(s) to b, for a caller that reads
// the key where it lies and needs no string of it (the synonym kind's
// variant keys; issue 34).
func AppendNormalized(b []byte, s string) []byte { return appendNormalized(b, s) }

// appendNormalized appends Normalize(s) to b: the packed store hashes
// every name of the default lexicon in one buffer.
func appendNormalized(b []byte, s string) []byte {
	if ascii(s) {
		return appendASCIIWords(b, s)
	}
	n := norm.NFKC.String(s)
	folded := string(appendFold(make([]byte, 0, len(n)), n))
	start := len(b)
	b = appendWords(b, folded)
	// Dropping an apostrophe or a space can bring a combining mark
	// next to a letter it now composes with.
	return append(b[:start], norm.NFKC.String(string(b[start:]))...)
}

// appendWords appends s (NFKC and case folded, or ASCII) to b with the
// canonical spacing of Normalize: one space between two words, none
// next to punctuation, a possessive s joined to its word, dashes made
// "-", invisible characters dropped, ASCII capitals lowered.
// appendASCIIWords is its fast path for ASCII, and TestASCIIWords and
// FuzzNormalize hold them equal.
func appendWords(b []byte, s string) []byte {
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
	return b
}

// The classes of ASCII bytes in appendWords, for appendASCIIWords.
const (
	asciiOther      = iota // punctuation and symbols: written as they are
	asciiSpace             // a word boundary
	asciiWord              // a letter or digit
	asciiUpper             // a capital letter: written in lower case
	asciiApostrophe        // a possessive s joins its word, otherwise a boundary
	asciiInvisible         // a control character: dropped
)

// asciiClass is the class of each ASCII byte, as appendWords's switch
// decides it (TestASCIIClass checks every byte); asciiOther is zero.
var asciiClass = [utf8.RuneSelf]uint8{
	'\t': asciiSpace, '\n': asciiSpace, '\v': asciiSpace, '\f': asciiSpace, '\r': asciiSpace, ' ': asciiSpace,
	'\'': asciiApostrophe, '`': asciiApostrophe,
	'A': asciiUpper, 'B': asciiUpper, 'C': asciiUpper, 'D': asciiUpper, 'E': asciiUpper, 'F': asciiUpper,
	'G': asciiUpper, 'H': asciiUpper, 'I': asciiUpper, 'J': asciiUpper, 'K': asciiUpper, 'L': asciiUpper,
	'M': asciiUpper, 'N': asciiUpper, 'O': asciiUpper, 'P': asciiUpper, 'Q': asciiUpper, 'R': asciiUpper,
	'S': asciiUpper, 'T': asciiUpper, 'U': asciiUpper, 'V': asciiUpper, 'W': asciiUpper, 'X': asciiUpper,
	'Y': asciiUpper, 'Z': asciiUpper,
	'0': asciiWord, '1': asciiWord, '2': asciiWord, '3': asciiWord, '4': asciiWord, '5': asciiWord,
	'6': asciiWord, '7': asciiWord, '8': asciiWord, '9': asciiWord, 'a': asciiWord, 'b': asciiWord,
	'c': asciiWord, 'd': asciiWord, 'e': asciiWord, 'f': asciiWord, 'g': asciiWord, 'h': asciiWord,
	'i': asciiWord, 'j': asciiWord, 'k': asciiWord, 'l': asciiWord, 'm': asciiWord, 'n': asciiWord,
	'o': asciiWord, 'p': asciiWord, 'q': asciiWord, 'r': asciiWord, 's': asciiWord, 't': asciiWord,
	'u': asciiWord, 'v': asciiWord, 'w': asciiWord, 'x': asciiWord, 'y': asciiWord, 'z': asciiWord,
	0x00: asciiInvisible, 0x01: asciiInvisible, 0x02: asciiInvisible, 0x03: asciiInvisible,
	0x04: asciiInvisible, 0x05: asciiInvisible, 0x06: asciiInvisible, 0x07: asciiInvisible,
	0x08: asciiInvisible, 0x0e: asciiInvisible, 0x0f: asciiInvisible, 0x10: asciiInvisible,
	0x11: asciiInvisible, 0x12: asciiInvisible, 0x13: asciiInvisible, 0x14: asciiInvisible,
	0x15: asciiInvisible, 0x16: asciiInvisible, 0x17: asciiInvisible, 0x18: asciiInvisible,
	0x19: asciiInvisible, 0x1a: asciiInvisible, 0x1b: asciiInvisible, 0x1c: asciiInvisible,
	0x1d: asciiInvisible, 0x1e: asciiInvisible, 0x1f: asciiInvisible, 0x7f: asciiInvisible,
}

// appendASCIIWords is appendWords for an ASCII s, a byte and a table
// look-up at a time: the synonym kind normalizes some 50,000 names a
// run (english.KeyWords), nearly all ASCII, and appendWords's switch
// over runes cost ~1,100 instructions a name (issue 34).
func appendASCIIWords(b []byte, s string) []byte {
	space := false    // a space is pending between two words
	lastWord := false // the last byte written belongs to a word
	for i := 0; i < len(s); {
		c := s[i]
		i++
		switch asciiClass[c] {
		case asciiSpace:
			space = true
		case asciiApostrophe:
			if j := skipSpace(s, i); j < len(s) && s[j] == 's' && !wordAt(s, j+1) && lastWord {
				i = j
				space = false
			} else if j > i {
				space = true
			}
		case asciiUpper:
			c += 'a' - 'A'
			fallthrough
		case asciiWord:
			if space && lastWord {
				b = append(b, ' ')
			}
			space = false
			lastWord = true
			b = append(b, c)
		case asciiInvisible:
		default:
			space = false
			lastWord = false
			b = append(b, c)
		}
	}
	return b
}

// The bounds of what NormalizedWordsASCII splits on the stack.
const (
	maxWordsBytes = 256
	maxWords      = 32
)

// NormalizedWordsASCII returns the words of Normalize(s), its runs of
// letters and digits (strings.FieldsFunc of the key at its spaces and
// punctuation), when s is ASCII of at most 256 bytes and 32 words;
// otherwise nil and false. It runs appendASCIIWords's steps over s once
// and keeps the words where they lie: a word s spells as the key does
// (in lower case, no byte dropped or joined inside it) is a slice of s,
// the others slices of one string. english.KeyWords asks for the words
// of ~50,000 names and token runs a synonym run, and normalizing each
// into a string, then splitting that, was most of its cost (issue 34).
// TestNormalizedWordsASCII holds it to splitting Normalize(s).
func NormalizedWordsASCII(s string) ([]string, bool) {
	if len(s) > maxWordsBytes {
		return nil, false
	}
	var (
		buf [maxWordsBytes]byte // the bytes of the words that are not slices of s
		// The words: s[start:end] when inS, else buf[start:end].
		starts, ends [maxWords]int32
		inS          [maxWords]bool
		n, nb        int // words, bytes of buf
		// The word being read (the n-th), while lastWord.
		src    int  // its first byte in s
		in     bool // a slice of s so far
		bstart int  // its first byte in buf, when not in
		next   int  // the index of s its next byte must come from to keep it a slice of s
	)
	space := false    // a space is pending between two words
	lastWord := false // the last byte of the key belongs to a word
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			return nil, false
		}
		at := i
		i++
		switch class := asciiClass[c]; class {
		case asciiSpace:
			space = true
		case asciiApostrophe:
			if j := skipSpace(s, i); j < len(s) && s[j] == 's' && !wordAt(s, j+1) && lastWord {
				i = j
				space = false
			} else if j > i {
				space = true
			}
		case asciiUpper, asciiWord:
			if space || !lastWord { // the key has a space or punctuation here: a word starts
				if lastWord { // the last one ends
					if inS[n] = in; in {
						starts[n], ends[n] = int32(src), int32(next)
					} else {
						starts[n], ends[n] = int32(bstart), int32(nb)
					}
					n++
				}
				if n == maxWords {
					return nil, false
				}
				src, in, next = at, true, at
			}
			if in && (at != next || class == asciiUpper) {
				// A byte dropped or joined inside the word, or a capital:
				// the word is made in buf.
				in, bstart = false, nb
				nb += copy(buf[nb:], s[src:next])
			}
			// The lower-case letters and digits that follow, at once.
			j := i
			for j < len(s) && s[j] < utf8.RuneSelf && asciiClass[s[j]] == asciiWord {
				j++
			}
			if !in {
				buf[nb] = c | 0x20 // lower case (a digit has the bit)
				nb++
				nb += copy(buf[nb:], s[i:j])
			}
			i, next = j, j
			space = false
			lastWord = true
		case asciiInvisible:
		default:
			if lastWord {
				if inS[n] = in; in {
					starts[n], ends[n] = int32(src), int32(next)
				} else {
					starts[n], ends[n] = int32(bstart), int32(nb)
				}
				n++
			}
			space = false
			lastWord = false
		}
	}
	if lastWord {
		if inS[n] = in; in {
			starts[n], ends[n] = int32(src), int32(next)
		} else {
			starts[n], ends[n] = int32(bstart), int32(nb)
		}
		n++
	}
	out := make([]string, n)
	key := "" // buf as a string, made when a word is not a slice of s
	for k := range out {
		if inS[k] {
			out[k] = s[starts[k]:ends[k]]
			continue
		}
		if key == "" {
			key = string(buf[:nb])
		}
		out[k] = key[starts[k]:ends[k]]
	}
	return out, true
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
