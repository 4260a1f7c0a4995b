package tagger

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Features selects what a model sees of each token.
type Features uint8

const (
	// Words uses only word identities: the lower-cased token and its
	// neighbours within two positions, and word bigrams. A misspelt word
	// is simply unknown, as in a word2vec lookup.
	Words Features = iota + 1
	// Chars uses character n-grams (2 to 5 characters, with word
	// boundaries), prefixes and suffixes up to four characters and the
	// word shape of the token, plus the identities and shapes of its
	// neighbours. A misspelt word keeps most of its n-grams, as with
	// ELMo's character input.
	Chars
)

// String returns "words" or "chars".
func (f Features) String() string {
	switch f {
	case Words:
		return "words"
	case Chars:
		return "chars"
	}
	return fmt.Sprintf("Features(%d)", uint8(f))
}

// ParseFeatures parses "words" or "chars".
func ParseFeatures(s string) (Features, error) {
	switch strings.ToLower(s) {
	case "words", "word":
		return Words, nil
	case "chars", "char", "characters":
		return Chars, nil
	}
	return 0, fmt.Errorf("unknown feature set %q (want words or chars)", s)
}

// Feature templates: the first byte hashed for a feature, so that equal
// strings in different roles do not collide.
const (
	fBias byte = iota + 1
	fWord
	fLower
	fPrev1
	fNext1
	fPrev2
	fNext2
	fBigramPrev
	fBigramNext
	fShape
	fShapePrev
	fShapeNext
	fPrefix
	fSuffix
	fNgram
	fSuffixPrev
	fSuffixNext
)

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// hasher computes FNV-1a hashes of feature strings without allocating.
type hasher uint64

func newHash(template byte) hasher {
	return hasher((fnvOffset ^ uint64(template)) * fnvPrime)
}

func (h hasher) str(s string) hasher {
	x := uint64(h)
	for i := 0; i < len(s); i++ {
		x = (x ^ uint64(s[i])) * fnvPrime
	}
	return hasher(x)
}

// sep separates the parts of a multi-part feature.
func (h hasher) sep() hasher { return hasher((uint64(h) ^ 0xff) * fnvPrime) }

// sentenceView holds per-token strings derived once per sentence.
type sentenceView struct {
	lower  []string
	shapes []string
	buf    []byte // scratch for shapes and n-grams
}

// boundary words stand in for neighbours beyond the sentence ends.
const (
	bos = "<s>"
	eos = "</s>"
)

func (v *sentenceView) reset(tokens []string, withShapes bool) {
	v.lower = v.lower[:0]
	v.shapes = v.shapes[:0]
	for _, t := range tokens {
		v.lower = append(v.lower, strings.ToLower(t))
		if withShapes {
			v.shapes = append(v.shapes, v.shape(t))
		}
	}
}

// shape maps a token to its word shape with runs collapsed: "Na+" -> "Xx+",
// "IL-2" -> "X-d", "aspirin" -> "x".
func (v *sentenceView) shape(t string) string {
	b := v.buf[:0]
	var last byte
	for _, r := range t {
		var c byte
		switch {
		case unicode.IsUpper(r):
			c = 'X'
		case unicode.IsLower(r):
			c = 'x'
		case unicode.IsDigit(r):
			c = 'd'
		case r < utf8.RuneSelf:
			c = byte(r)
		default:
			c = '*'
		}
		if c != last {
			b = append(b, c)
			last = c
		}
	}
	v.buf = b
	return string(b)
}

func (v *sentenceView) word(i int) string {
	switch {
	case i < 0:
		return bos
	case i >= len(v.lower):
		return eos
	}
	return v.lower[i]
}

func (v *sentenceView) shapeAt(i int) string {
	switch {
	case i < 0:
		return bos
	case i >= len(v.shapes):
		return eos
	}
	return v.shapes[i]
}

// suffix returns the last n runes of s (all of s when shorter).
func suffix(s string, n int) string {
	i := len(s)
	for k := 0; k < n && i > 0; k++ {
		_, size := utf8.DecodeLastRuneInString(s[:i])
		i -= size
	}
	return s[i:]
}

// appendFeatures appends the hashed features of token i (masked to the
// table size) to dst.
func appendFeatures(dst []uint32, fs Features, mask uint64, tokens []string, v *sentenceView, i int) []uint32 {
	add := func(h hasher) { dst = append(dst, uint32(uint64(h)&mask)) }
	add(newHash(fBias))
	w := v.lower[i]
	add(newHash(fPrev1).str(v.word(i - 1)))
	add(newHash(fNext1).str(v.word(i + 1)))
	switch fs {
	case Words:
		add(newHash(fLower).str(w))
		add(newHash(fWord).str(tokens[i]))
		add(newHash(fPrev2).str(v.word(i - 2)))
		add(newHash(fNext2).str(v.word(i + 2)))
		add(newHash(fBigramPrev).str(v.word(i - 1)).sep().str(w))
		add(newHash(fBigramNext).str(w).sep().str(v.word(i + 1)))
	case Chars:
		t := tokens[i]
		add(newHash(fShape).str(v.shapes[i]))
		add(newHash(fShapePrev).str(v.shapeAt(i - 1)))
		add(newHash(fShapeNext).str(v.shapeAt(i + 1)))
		add(newHash(fSuffixPrev).str(suffix(v.word(i-1), 3)))
		add(newHash(fSuffixNext).str(suffix(v.word(i+1), 3)))
		// Rune start offsets of t, with len(t) appended, so that n-grams
		// are cut on rune boundaries.
		var offs [65]int
		n := 0
		for j := range t {
			if n == len(offs)-1 {
				break
			}
			offs[n] = j
			n++
		}
		end := len(t)
		if n == len(offs)-1 {
			end = offs[n-1] // very long token: use its first 63 runes
			n--
		}
		offs[n] = end
		for k := 1; k <= 4 && k <= n; k++ {
			add(newHash(fPrefix).str(t[:offs[k]]))
			add(newHash(fSuffix).str(t[offs[n-k]:end]))
		}
		// N-grams of "^" + t + "$": the boundary marks let "^ami" and
		// "ne$" carry position.
		for size := 2; size <= 5; size++ {
			for s := -1; s+size <= n+1; s++ {
				h := newHash(fNgram)
				if s < 0 {
					h = h.str("^")
				}
				lo := max(s, 0)
				hi := min(s+size, n)
				h = h.str(t[offs[lo]:offs[hi]])
				if s+size > n {
					h = h.str("$")
				}
				add(h)
			}
		}
	}
	return dst
}
