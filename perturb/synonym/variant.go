package synonym

import (
	"errors"
	"github.com/stress-ner/stress/perturb/internal/english"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/stress-ner/stress/internal/textutil"
	"github.com/stress-ner/stress/umls"
)

// Spelling variants and foreign forms.
//
// Lexicons list, next to real synonyms, spellings of the same name:
// British and American ("haemolytic", "sulphasalazine"), INN and USAN
// ("indometacin", "ciclosporin"), misspellings ("cephalosphorin"), and
// the INN forms of other languages ("Amiodarona", "Levodopum",
// "Vigabatrine", "Litio"). A replacement of that kind is a typo, not a
// synonym: the keyboard and swap sets already measure that stress. Names
// are compared through variantKey, which folds accents and the
// orthographic alternations of these variants and strips the
// inflectional endings by which the INN forms of other languages differ
// from the English one; two names whose keys are within a small edit
// distance are variants of each other.

// variantKey folds a name for variant comparison: accents removed, "ph"
// -> "f", "y" -> "i", "k" -> "c", "z" -> "c", "th" -> "t", "ae"/"oe" ->
// "e", doubled letters single, and per word a final "um", "us", "a", "o",
// "e" or "i" removed from words of five letters or more.
func variantKey(s string) string {
	// The common case, a name whose key is ASCII (english.Fold leaves it
	// as it is), folded in a buffer on the stack: no string of the key.
	var buf [256]byte
	if n := umls.AppendNormalized(buf[:0], s); isASCII(n) {
		return variantKeyASCII(n)
	}
	f := english.Fold(s)
	if textutil.IsASCII(f) {
		return variantKeyASCII(f)
	}
	return variantKeyRunes(f)
}

// variantKeyRunes is variantKey of a folded name, read rune by rune: the
// general case, and the reference variantKeyASCII is held to.
func variantKeyRunes(f string) string {
	var words []string
	for _, w := range strings.FieldsFunc(f, func(r rune) bool { return !english.IsWordRune(r) }) {
		var b strings.Builder
		var prev rune
		rs := []rune(w)
		for i := 0; i < len(rs); i++ {
			r := rs[i]
			next := rune(0)
			if i+1 < len(rs) {
				next = rs[i+1]
			}
			switch {
			case r == 'ß':
				r = 's'
			case r == 'p' && next == 'h':
				r = 'f'
				i++
			case r == 't' && next == 'h':
				i++
			case (r == 'a' || r == 'o') && next == 'e':
				r = 'e'
				i++
			case r == 'y':
				r = 'i'
			case r == 'k' || r == 'z':
				r = 'c'
			}
			if r == prev {
				continue
			}
			b.WriteRune(r)
			prev = r
		}
		k := b.String()
		if utf8.RuneCountInString(k) >= 5 {
			for _, end := range []string{"um", "us", "a", "o", "e", "i"} {
				if strings.HasSuffix(k, end) {
					k = k[:len(k)-len(end)]
					break
				}
			}
		}
		words = append(words, k)
	}
	return strings.Join(words, " ")
}

// variantKeyASCII is variantKeyRunes of an ASCII name, a byte at a time
// into one buffer: a synonym run keys thousands of names (each candidate
// term and mention), and the rune loop, its closure and a builder per
// word made variantKey about 8% of the run's instructions. In ASCII the
// word characters are the letters and digits, and no rule (ß) applies
// that reads beyond them.
func variantKeyASCII[T string | []byte](f T) string {
	key := make([]byte, 0, len(f))
	for i := 0; i < len(f); {
		if !isASCIIWordByte(f[i]) {
			i++
			continue
		}
		if len(key) > 0 {
			key = append(key, ' ')
		}
		start := len(key)
		var prev byte
		for ; i < len(f) && isASCIIWordByte(f[i]); i++ {
			c := f[i]
			var next byte // a separator after the word is never one the rules read
			if i+1 < len(f) {
				next = f[i+1]
			}
			switch {
			case c == 'p' && next == 'h':
				c = 'f'
				i++
			case c == 't' && next == 'h':
				i++
			case (c == 'a' || c == 'o') && next == 'e':
				c = 'e'
				i++
			case c == 'y':
				c = 'i'
			case c == 'k' || c == 'z':
				c = 'c'
			}
			if c == prev {
				continue
			}
			key = append(key, c)
			prev = c
		}
		if word := key[start:]; len(word) >= 5 {
			for _, end := range []string{"um", "us", "a", "o", "e", "i"} {
				if len(word) >= len(end) && string(word[len(word)-len(end):]) == end {
					key = key[:len(key)-len(end)]
					break
				}
			}
		}
	}
	return string(key)
}

// isASCII reports whether b is ASCII.
func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// isASCIIWordByte is english.IsWordRune of an ASCII byte.
func isASCIIWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// isVariant reports whether two variant keys name the same thing spelt
// differently: equal, or within one edit (two for keys of ten
// characters or more). Keys of fewer than four characters must be equal.
func isVariant(a, b string) bool {
	if a == b {
		return true
	}
	// The lengths first: most names of a mention's concepts are too long
	// or too short to be one edit from it, and are told without their
	// digits or runes (issue 34: a name of every mention's concepts).
	na, nb := utf8.RuneCountInString(a), utf8.RuneCountInString(b)
	limit := 1
	switch n := max(na, nb); {
	case n < 4:
		return false
	case n >= 10:
		limit = 2
	}
	if abs(na-nb) > limit {
		return false
	}
	if english.Digits(a) != english.Digits(b) {
		return false // "5-fluorouracil" and "fluorouracil", "type 1" and "type 2": names, not spellings
	}
	return levenshtein([]rune(a), []rune(b), limit) <= limit
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// levenshtein returns the edit distance of a and b, or limit+1 when it
// exceeds limit.
func levenshtein(a, b []rune, limit int) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			best = min(best, cur[j])
		}
		if best > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// permutation reports whether two names have the same words in another
// order ("Anemia Hemolytic", "Cardiac Failure Congestive"): the inverted
// forms some thesauri list without a comma.
func permutation(a, b []string) bool {
	if len(a) != len(b) || len(a) < 2 || slices.Equal(a, b) {
		return false
	}
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// anchor is a usable name of a mention's concepts, against which the
// candidates are judged as variants.
type anchor struct {
	name, vkey string
	words      []string
	label      bool
}

// dropVariants removes the candidates that are a spelling variant, a
// foreign form or a word reordering of a better-attested usable name of
// the same concepts: a name found in more sources, else a label, else the
// shorter name. "Amiodarona" and "Amiodaronum" go when "Amiodarone" is
// there; "Amiodarone" stays. The order is strict, so that of a set of
// variants one always remains.
func dropVariants(cands []Candidate, anchors []anchor, lookup func(string) ([]umls.Concept, error)) ([]Candidate, error) {
	if len(cands) == 0 || len(anchors) < 2 {
		return cands, nil
	}
	sources := map[string]int{}
	attested := func(name string) (int, error) {
		k := umls.Normalize(name)
		if n, ok := sources[k]; ok {
			return n, nil
		}
		cs, err := lookup(name)
		if errors.Is(err, errTooCommon) {
			cs, err = nil, nil // too common to count as attested
		}
		if err != nil {
			return 0, err
		}
		var seen []string
		for _, c := range cs {
			if !slices.Contains(seen, c.Source) {
				seen = append(seen, c.Source)
			}
		}
		sources[k] = len(seen)
		return len(seen), nil
	}
	out := cands[:0:0]
	for _, c := range cands {
		ckey, cwords, ctriv := variantKey(c.Term), english.KeyWords(c.Term), english.TrivialKey(c.Term)
		drop := false
		for _, an := range anchors {
			if strings.Join(an.words, "") == ctriv || !isVariant(ckey, an.vkey) && !permutation(cwords, an.words) {
				continue
			}
			na, err := attested(an.name)
			if err != nil {
				return nil, err
			}
			nc, err := attested(c.Term)
			if err != nil {
				return nil, err
			}
			la, lc := utf8.RuneCountInString(an.name), utf8.RuneCountInString(c.Term)
			switch {
			case na != nc:
				drop = na > nc
			case an.label != c.Preferred:
				drop = an.label
			case la != lc:
				drop = la < lc
			default:
				drop = an.name < c.Term
			}
			if drop {
				break
			}
		}
		if !drop {
			out = append(out, c)
		}
	}
	return out, nil
}
