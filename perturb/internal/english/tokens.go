package english

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/umls"
)

// Tokenization styles of names (see Tokenize).
const (
	TokenizePunct = "punct" // every punctuation character is a token ("5 - FU"), as BC5CDR
	tokenizeSpace = "space" // split on white space only ("5-FU")
)

// IsWordRune reports whether r belongs to a word rather than being a
// punctuation token of its own in a punct-split corpus.
func IsWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

// Tokenize splits a name the way a corpus of the given style is
// tokenized. TokenizePunct (BC5CDR, NCBI-disease) makes every character
// that is not a letter, digit or mark a token of its own:
// "Parkinson's disease" gives "Parkinson ' s disease" and "5-FU" gives
// "5 - FU". tokenizeSpace splits on white space only.
func Tokenize(name, style string) []string {
	if style == tokenizeSpace {
		return strings.Fields(name)
	}
	var out []string
	start := -1
	for i, r := range name {
		switch {
		case IsWordRune(r):
			if start < 0 {
				start = i
			}
			continue
		case start >= 0:
			out = append(out, name[start:i])
			start = -1
		}
		if !unicode.IsSpace(r) {
			out = append(out, runeString(name, i, r))
		}
	}
	if start >= 0 {
		out = append(out, name[start:])
	}
	return out
}

// runeString is string(r) for the rune r that starts at byte i of s:
// the bytes of s when they encode it (no allocation), which they do
// unless r is utf8.RuneError from an invalid byte.
func runeString(s string, i int, r rune) string {
	if r == utf8.RuneError {
		return string(r)
	}
	return s[i : i+utf8.RuneLen(r)]
}

// InferStyle guesses a corpus's tokenization from one sentence: a token
// that mixes word characters with punctuation ("5-FU", "patient's")
// means punctuation is not split off.
func InferStyle(tokens []string) string {
	for _, t := range tokens {
		word, punct := false, false
		for i := 0; i < len(t); {
			// ASCII bytes without decoding a rune or asking the Unicode
			// tables (issue 34: every sentence a synonym run plans).
			w := false
			if c := t[i]; c < utf8.RuneSelf {
				w = asciiWord[c]
				i++
			} else {
				r, size := utf8.DecodeRuneInString(t[i:])
				w = IsWordRune(r)
				i += size
			}
			if w {
				word = true
			} else {
				punct = true
			}
		}
		if word && punct {
			return tokenizeSpace
		}
	}
	return TokenizePunct
}

// Capitalize gives the replacement a capital initial when the mention it
// replaces started the sentence with one.
func Capitalize(toks []string, first string) []string {
	r0, _ := utf8.DecodeRuneInString(first)
	if !unicode.IsUpper(r0) || len(toks) == 0 {
		return toks
	}
	r, n := utf8.DecodeRuneInString(toks[0])
	if !unicode.IsLower(r) {
		return toks
	}
	out := append([]string(nil), toks...)
	out[0] = string(unicode.ToUpper(r)) + toks[0][n:]
	return out
}

// KeyWords returns the words of a name, normalized and with a plural
// ending removed, for comparing names modulo trivial variation.
func KeyWords(s string) []string {
	// A short ASCII name's words are split as it is normalized, without
	// a string of the key (umls.NormalizedWordsASCII; issue 34).
	words, ok := umls.NormalizedWordsASCII(s)
	if !ok {
		n := umls.Normalize(s)
		if words = asciiWords(n); words == nil {
			words = strings.FieldsFunc(n, func(r rune) bool { return !IsWordRune(r) })
		}
	}
	for i, w := range words {
		words[i] = StripPlural(w)
	}
	return words
}

// asciiWord marks the ASCII bytes that are word runes (IsWordRune): the
// letters and digits (TestASCIIWord).
var asciiWord = [utf8.RuneSelf]bool{
	'0': true, '1': true, '2': true, '3': true, '4': true, '5': true, '6': true, '7': true, '8': true, '9': true,
	'A': true, 'B': true, 'C': true, 'D': true, 'E': true, 'F': true, 'G': true, 'H': true, 'I': true, 'J': true,
	'K': true, 'L': true, 'M': true, 'N': true, 'O': true, 'P': true, 'Q': true, 'R': true, 'S': true, 'T': true,
	'U': true, 'V': true, 'W': true, 'X': true, 'Y': true, 'Z': true,
	'a': true, 'b': true, 'c': true, 'd': true, 'e': true, 'f': true, 'g': true, 'h': true, 'i': true, 'j': true,
	'k': true, 'l': true, 'm': true, 'n': true, 'o': true, 'p': true, 'q': true, 'r': true, 's': true, 't': true,
	'u': true, 'v': true, 'w': true, 'x': true, 'y': true, 'z': true,
}

// asciiWords returns strings.FieldsFunc(s, not IsWordRune) when s is
// ASCII, whose only word runes are letters and digits, and nil when it
// is not: a scan of bytes and one slice, where FieldsFunc decodes every
// rune and asks the Unicode tables of it (issue 34: KeyWords was a sixth
// of a synonym run, most of it FieldsFunc). TestASCIIWords compares them.
func asciiWords(s string) []string {
	n, in := 0, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return nil
		}
		w := asciiWord[c]
		if w && !in {
			n++
		}
		in = w
	}
	words := make([]string, 0, n)
	start := -1
	for i := 0; i < len(s); i++ {
		w := asciiWord[s[i]]
		switch {
		case w && start < 0:
			start = i
		case !w && start >= 0:
			words, start = append(words, s[start:i]), -1
		}
	}
	if start >= 0 {
		words = append(words, s[start:])
	}
	return words
}

// StripPlural strips an English plural ending. It need not be right, only
// consistent, since both sides of a comparison go through it.
func StripPlural(w string) string {
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case len(w) > 4 && strings.HasSuffix(w, "ses"):
		// "viruses", "abscesses", but "diseases".
		if stem := w[:len(w)-2]; strings.HasSuffix(stem, "us") || strings.HasSuffix(stem, "ss") {
			return stem
		}
		return w[:len(w)-1]
	case len(w) > 4 && (strings.HasSuffix(w, "xes") || strings.HasSuffix(w, "ches") || strings.HasSuffix(w, "shes")):
		return strings.TrimSuffix(w, "es")
	case len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:len(w)-1]
	}
	return w
}

// TrivialKey maps names that differ only in case, punctuation, spacing
// or plural endings to the same key.
func TrivialKey(s string) string { return strings.Join(KeyWords(s), "") }

// LookupForm glues apostrophes to their neighbours ("Parkinson ' s" ->
// "Parkinson's"), so that a punct-tokenized mention normalizes like the
// name it was tokenized from.
func LookupForm(s string) string {
	if !strings.ContainsAny(s, "'`\u2019") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if unicode.IsSpace(r) {
			j := i
			for j < len(rs) && unicode.IsSpace(rs[j]) {
				j++
			}
			// "Parkinson ' s" -> "Parkinson's", but "Graves ' disease"
			// -> "Graves' disease": the space after a quote goes only
			// before a possessive s.
			possessive := j < len(rs) && (rs[j] == 's' || rs[j] == 'S') && (j+1 == len(rs) || unicode.IsSpace(rs[j+1]))
			if j < len(rs) && IsQuote(rs[j]) || i > 0 && IsQuote(rs[i-1]) && possessive {
				i = j - 1
				continue
			}
		}
		b.WriteRune(r)
	}
	return b.String()
}

func IsQuote(r rune) bool { return r == '\'' || r == '`' || r == '\u2019' }

// Compact removes the spaces a punct-split corpus puts around
// punctuation ("5 - FU" -> "5-FU"), to judge the form of a mention.
func Compact(s string) string {
	if c, ok := compactASCII(s); ok {
		return c
	}
	toks := strings.Fields(s)
	var b strings.Builder
	for i, t := range toks {
		if i > 0 {
			r1, _ := utf8.DecodeLastRuneInString(toks[i-1])
			r2, _ := utf8.DecodeRuneInString(t)
			if IsWordRune(r1) && IsWordRune(r2) {
				b.WriteByte(' ')
			}
		}
		b.WriteString(t)
	}
	return b.String()
}

// compactASCII is Compact of an ASCII s, in one pass over its bytes and
// with one string at most (none when s is compact already), and false
// for another s: Compact is asked of every mention and of token runs
// around it, ~17,000 times a synonym run, and splitting and joining cost
// ~1,000 instructions each (issue 34). TestCompactASCII compares.
func compactASCII(s string) (string, bool) {
	var buf [128]byte
	b := buf[:0]
	space := false    // white space since the last byte written
	lastWord := false // the last byte written is a letter or digit
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= utf8.RuneSelf:
			return "", false
		case c == ' ' || '\t' <= c && c <= '\r': // unicode.IsSpace
			space = len(b) > 0
		default:
			if space && lastWord && asciiWord[c] {
				b = append(b, ' ')
			}
			b, space, lastWord = append(b, c), false, asciiWord[c]
		}
	}
	if string(b) == s {
		return s, true
	}
	return string(b), true
}

// Alnum counts the letters and digits of s: how long an abbreviation
// reads ("5 - FU" has three).
func Alnum(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			n++
		}
	}
	return n
}
