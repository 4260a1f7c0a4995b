package perturb

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll"
)

// Word selection methods (Selection.Method).
const (
	SelectPOS      = "pos"      // content words (nouns, verbs, adjectives, adverbs) by a ContentTagger (package perturb/pos)
	SelectLexical  = "lexical"  // words of letters only, long enough, not a stopword
	SelectEntities = "entities" // entity tokens only
	SelectAll      = "all"      // every token that can be changed
)

// Target filters (Selection.Targets).
const (
	TargetsAll      = "all"      // entity and context tokens
	TargetsEntities = "entities" // tokens inside gold entities only
	TargetsContext  = "context"  // tokens outside gold entities only
)

// Selection says which tokens of a sentence may be perturbed.
type Selection struct {
	Method    string  `json:"select"`
	Rate      float64 `json:"rate"`       // share of eligible tokens changed, in [0, 1]
	Targets   string  `json:"targets"`    // all, entities or context
	MinLength int     `json:"min_length"` // minimum length in letters of a selected word
}

// DefaultSelection returns the default selection: lexical, every
// eligible word, words of at least 6 letters. Measured on BC5CDR test
// (TestBC5CDRAcceptance) it modifies 35.4% of tokens, 70% of chemical
// and 88% of disease entity tokens, against the paper's 33.8%, 66% and
// 86%. pos selection gives nearly the same set (35.2%: in biomedical
// abstracts almost every long non-stopword is a content word) at many
// times the cost, so lexical is the default.
func DefaultSelection() Selection {
	return Selection{Method: SelectLexical, Rate: 1, Targets: TargetsAll, MinLength: 6}
}

// SelectMethods returns the valid values of Selection.Method.
func SelectMethods() []string { return []string{SelectLexical, SelectPOS, SelectEntities, SelectAll} }

// TargetChoices returns the valid values of Selection.Targets.
func TargetChoices() []string { return []string{TargetsAll, TargetsEntities, TargetsContext} }

// Validate reports an invalid field as an *OptionError named after the
// field's JSON name.
func (o Selection) Validate() error {
	if !slices.Contains(SelectMethods(), o.Method) {
		return &OptionError{Option: "select", Value: o.Method, Want: "pos, lexical, entities or all"}
	}
	if !slices.Contains(TargetChoices(), o.Targets) {
		return &OptionError{Option: "targets", Value: o.Targets, Want: "all, entities or context"}
	}
	if !(o.Rate >= 0 && o.Rate <= 1) {
		return &OptionError{Option: "rate", Value: fmt.Sprint(o.Rate), Want: "a share between 0 and 1"}
	}
	if o.MinLength < 1 {
		return &OptionError{Option: "min_length", Value: fmt.Sprint(o.MinLength), Want: "at least 1"}
	}
	return nil
}

// entityRun is the letter run an entity token needs to be always
// eligible (or MinLength, when smaller). Four letters keep out
// fragments such as "(", "2", "Ca" or "HT" of chemical names while
// taking in every real word part; on BC5CDR test this gives 70% of
// chemical and 88% of disease entity tokens, against the paper's 66% and 86%.
const entityRun = 4

// Selector picks the tokens to perturb. It is safe for concurrent use;
// create one per run, as pos selection loads a tagging model.
type Selector struct {
	opts   Selection
	seed   uint64
	tagger ContentTagger
}

// ContentTagger marks the content words (nouns, verbs, adjectives,
// adverbs) of a sentence's tokens, for pos selection. Package
// perturb/pos provides one; it is kept apart so that programs that do
// not select by part of speech do not link a tagging model.
type ContentTagger interface {
	ContentWords(tokens []string) []bool
}

// NewSelector validates opts and does the selection's one-time setup.
// Selection "pos" needs a tagger: see NewSelectorTagger.
func NewSelector(opts Selection, seed uint64) (*Selector, error) {
	return NewSelectorTagger(opts, seed, nil)
}

// NewSelectorTagger is NewSelector with the tagger that selection "pos"
// marks content words with (pos.Load; kinds.NewSelector passes it);
// other selections ignore it.
func NewSelectorTagger(opts Selection, seed uint64, tagger ContentTagger) (*Selector, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	s := &Selector{opts: opts, seed: seed}
	if opts.Method == SelectPOS {
		if tagger == nil {
			return nil, fmt.Errorf("%w: select %q needs a part-of-speech tagger (package perturb/pos; kinds.NewSelector loads it)", ErrOption, SelectPOS)
		}
		s.tagger = tagger
	}
	return s, nil
}

// Options returns the selection options.
func (sel *Selector) Options() Selection { return sel.opts }

// Select returns, for each token of s, whether it is to be perturbed. It
// depends only on the seed, the options and the sentence's content.
func (sel *Selector) Select(s conll.Sentence) []bool { return sel.selectInto(nil, s) }

// selectInto is Select reusing dst's storage.
func (sel *Selector) selectInto(dst []bool, s conll.Sentence) []bool {
	out := slices.Grow(dst[:0], len(s.Tokens))[:len(s.Tokens)]
	clear(out)
	var content []bool
	if sel.tagger != nil {
		content = sel.tagger.ContentWords(s.Tokens)
	}
	n := 0
	for i, tok := range s.Tokens {
		if s.Kept(i) {
			continue // its document format keeps it (conll.Sentence.Keep)
		}
		entity := i < len(s.Tags) && isEntityTag(s.Tags[i])
		if eligible(&sel.opts, tok, entity, content != nil && content[i]) {
			out[i] = true
			n++
		}
	}
	if sel.opts.Rate < 1 && n > 0 {
		keep := int(math.Round(sel.opts.Rate * float64(n)))
		idx := make([]int, 0, n)
		for i, b := range out {
			if b {
				idx = append(idx, i)
			}
		}
		r := SentenceRand(sel.seed, selectionStream, s)
		r.Shuffle(len(idx), func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
		for _, i := range idx[keep:] {
			out[i] = false
		}
	}
	return out
}

// eligible reports whether options o select a token, before Rate:
// entity tells whether its tag is an entity's, content whether the
// ContentTagger marked it (for SelectPOS). The token is a string, or
// bytes for the plain path (perturbBytes).
func eligible[T ~string | ~[]byte](o *Selection, tok T, entity, content bool) bool {
	// Most tokens are words too short for lexical selection, and no
	// entity's: they are refused here, inline.
	if !entity && o.Method == SelectLexical && len(tok) < o.MinLength {
		return false
	}
	return eligibleToken(o, tok, entity, content)
}

// eligibleToken is eligible past its shortcut.
func eligibleToken[T ~string | ~[]byte](o *Selection, tok T, entity, content bool) bool {
	switch o.Targets {
	case TargetsEntities:
		if !entity {
			return false
		}
	case TargetsContext:
		if entity {
			return false
		}
	}
	if entity && letterRun(tok) >= min(entityRun, o.MinLength) {
		return true // entity tokens with a real word part are always eligible
	}
	switch o.Method {
	case SelectAll:
		return letterRun(tok) >= 2 // the least a swap needs
	case SelectLexical:
		return isLexical(tok, o.MinLength)
	case SelectPOS:
		return content && letterRun(tok) >= o.MinLength && !isStopword(tok)
	}
	return false
}

// bytewise reports whether the selection of a sentence is eligible's
// verdict on each of its tokens alone, as the plain path can select
// words: without a tagger or a random share.
func (sel *Selector) bytewise() bool { return sel.tagger == nil && sel.opts.Rate >= 1 }

func isEntityTag(tag string) bool { return tag != "" && tag != "O" }

// isASCIILetter reports whether c is an ASCII letter: lower-cased (OR
// 0x20), from 'a' to 'z', in one comparison (bytes wrap below 'a').
func isASCIILetter(c byte) bool { return (c|0x20)-'a' < 26 }

// letterRun returns the length of the longest run of letters in s.
func letterRun[T ~string | ~[]byte](s T) int {
	// A word of four ASCII letters or more, as most entity tokens are
	// (letterRun's most frequent caller), is its length, eight bytes at
	// a time; the byte loop took some 130 instructions a word.
	if n := len(s); n >= 4 && asciiLettersOnly(s) {
		return n
	}
	// ASCII first, byte by byte: unicode.IsLetter agrees on ASCII, and
	// nearly every corpus token is ASCII.
	best, cur := 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return letterRunUnicode(string(s))
		}
		// Without a branch on whether c is a letter, which is as good as
		// random to a branch predictor: cur goes on or drops to zero by
		// a mask.
		cur = (cur + 1) & -b2i(isASCIILetter(c))
		best = max(best, cur)
	}
	return best
}

// b2i is 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func letterRunUnicode(s string) int {
	best, cur := 0, 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			cur++
			best = max(best, cur)
		} else {
			cur = 0
		}
	}
	return best
}

func isLexical[T ~string | ~[]byte](tok T, minLength int) bool {
	if len(tok) < minLength {
		return false // fewer bytes, so fewer runes
	}
	// Eight bytes at a time, the last eight overlapping the words
	// before (a word of 4 to 7 bytes: its first and last four), without
	// a loop over the bytes left. A word with a byte past ASCII goes the
	// Unicode way; any other with a byte that is no letter is no word
	// (which the Unicode way would say too).
	var high uint64
	switch n := len(tok); {
	case n >= 8:
		for i := 0; ; i += 8 {
			i = min(i, n-8)
			x := load64(tok, i)
			high |= x
			if x&0x8080808080808080 == 0 && !asciiLetters8(x) {
				return false
			}
			if i == n-8 {
				break
			}
		}
	case n >= 4:
		x := uint64(load32(tok, 0)) | uint64(load32(tok, n-4))<<32
		high = x
		if x&0x8080808080808080 == 0 && !asciiLetters8(x) {
			return false
		}
	default:
		for i := 0; i < n; i++ {
			c := tok[i]
			high |= uint64(c)
			if c < utf8.RuneSelf && !isASCIILetter(c) {
				return false
			}
		}
	}
	if high&0x8080808080808080 != 0 {
		return isLexicalUnicode(string(tok), minLength)
	}
	return !isStopwordLetters(tok)
}

// asciiLettersOnly reports whether s, of four bytes or more, is ASCII
// letters only: eight bytes at a time, the last eight overlapping the
// words before (four and four for 4 to 7 bytes), as isLexical reads.
func asciiLettersOnly[T ~string | ~[]byte](s T) bool {
	const high = 0x8080808080808080
	switch n := len(s); {
	case n >= 8:
		for i := 0; ; i += 8 {
			i = min(i, n-8)
			if x := load64(s, i); x&high != 0 || !asciiLetters8(x) {
				return false
			}
			if i == n-8 {
				return true
			}
		}
	case n >= 4:
		x := uint64(load32(s, 0)) | uint64(load32(s, n-4))<<32
		return x&high == 0 && asciiLetters8(x)
	}
	return false
}

// load32 returns the four bytes of s from i, little-endian.
func load32[T ~string | ~[]byte](s T, i int) uint32 {
	s = s[i : i+4]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// load64 returns the eight bytes of s from i, little-endian (one load
// of a word, as binary.LittleEndian.Uint64 is, for strings too).
func load64[T ~string | ~[]byte](s T, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// asciiLetters8 reports whether the eight bytes of x, all ASCII, are
// letters: lower-cased (OR 0x20), each is from 'a' to 'z'. The sums set
// a byte's top bit from 'a' and from '{' on, without carries: every
// byte is at most 0x7f.
func asciiLetters8(x uint64) bool {
	const ones, top = 0x0101010101010101, 0x8080808080808080
	lower := x | 0x20*ones
	fromA := lower + (0x80-'a')*ones
	pastZ := lower + (0x80-'z'-1)*ones
	return fromA&^pastZ&top == top
}

func isLexicalUnicode(tok string, minLength int) bool {
	if utf8.RuneCountInString(tok) < minLength {
		return false
	}
	for _, r := range tok {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return !isStopword(tok)
}

func isStopword[T ~string | ~[]byte](tok T) bool {
	// Lower-case ASCII in a stack buffer: strings.ToLower would allocate
	// for every capitalized word. ASCII keeps its length when
	// lower-cased, so an ASCII word longer than every stopword is none.
	var buf [maxStopword]byte
	for i := 0; i < len(tok); i++ {
		c := tok[i]
		if c >= utf8.RuneSelf {
			_, ok := stopwords()[strings.ToLower(string(tok))]
			return ok
		}
		if i == len(buf) {
			return false
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	// Most words are no stopword of their length and first letter:
	// they need no lookup.
	if c := buf[0]; len(tok) > 0 && 'a' <= c && c <= 'z' && stopwordStarts[len(tok)]&(1<<(c-'a')) == 0 {
		return false
	}
	_, ok := stopwords()[string(buf[:len(tok)])]
	return ok
}

// isStopwordLetters is isStopword for a word of ASCII letters only:
// most such words are longer than every stopword, or no stopword of
// their length has their first letter or their last, and need neither
// lower-casing nor a lookup.
func isStopwordLetters[T ~string | ~[]byte](tok T) bool {
	n := len(tok)
	if n == 0 || n > maxStopword || stopwordStarts[n]&(1<<(tok[0]|0x20-'a')) == 0 || stopwordEnds[n]&(1<<(tok[n-1]|0x20-'a')) == 0 {
		return false
	}
	return isStopword(tok)
}

// stopwordStarts marks, for each length, the first letters of the
// stopwords of that length (bit c-'a' for letter c): a lower-case ASCII
// word of that length whose first letter is not marked is no stopword.
// It is data, not work at start-up or on each use: TestStopwordStarts
// computes it again from the list.
var stopwordStarts = [maxStopword + 1]uint32{
	0x0, 0x10c5109, 0x7e798b, 0x16c71af, 0x17c53bb, 0x15c708f, 0x4c118e, 0x4c00a3,
	0x1000000, 0x84000, 0x1080000,
}

// stopwordEnds is stopwordStarts for the last letters: of the words of
// six letters and more that pass stopwordStarts (one in eight of a
// selection's candidates, 40k on the 780k-token file), most end in a
// letter no stopword of their length ends in. TestStopwordStarts
// computes it again from the list.
var stopwordEnds = [maxStopword + 1]uint32{
	0x0, 0x10c5109, 0x10ef831, 0x15e7839, 0x10e7890, 0x4e28d8, 0x42078, 0xa20b0,
	0x20, 0x40010, 0x40000,
}

// maxStopword bounds the length in bytes of a stopword (checked when
// the list is built).
const maxStopword = 16

// stopwords is the English stopword list of NLTK, plus a few words that
// are function words in biomedical abstracts.
var stopwords = sync.OnceValue(func() map[string]struct{} {
	m := map[string]struct{}{}
	for _, w := range strings.Fields(`i me my myself we our ours ourselves you your yours yourself
	yourselves he him his himself she her hers herself it its itself they them their theirs
	themselves what which who whom this that these those am is are was were be been being have
	has had having do does did doing a an the and but if or because as until while of at by for
	with about against between into through during before after above below to from up down in
	out on off over under again further then once here there when where why how all any both
	each few more most other some such no nor not only own same so than too very s t can will
	just don should now d ll m o re ve y ain aren couldn didn doesn hadn hasn haven isn ma
	mightn mustn needn shan shouldn wasn weren won wouldn also however thus therefore whether
	within without among upon via may might must could would shall`) {
		if len(w) > maxStopword {
			panic("perturb: stopword " + w + " longer than maxStopword")
		}
		m[w] = struct{}{}
	}
	return m
})
