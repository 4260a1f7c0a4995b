package perturb

import (
	"math/rand/v2"
	"sync"

	"github.com/stress-ner/stress/conll"
)

// WordEditor is a token-level edit such as a keyboard typo or a swap.
// AppendWord appends the edited token to dst and reports true, or returns
// dst unchanged and false when the token offers nothing to edit. It draws
// every random choice from r.
type WordEditor interface {
	AppendWord(dst []byte, word string, r *rand.Rand) ([]byte, bool)
}

// EditWord applies edit to one word, returning the word unchanged and
// false when it cannot be edited.
func EditWord(edit WordEditor, word string, r *rand.Rand) (string, bool) {
	var buf [64]byte
	b, ok := edit.AppendWord(buf[:0], word, r)
	if !ok {
		return word, false
	}
	return string(b), true
}

// EditWords is the body of a token-level perturbation such as keyboard or
// swap: it applies edit to every selected token of s, in order, and
// appends one Change of the given kind per edited token to dst. s is not
// modified; the result has its own Tokens slice when anything changed.
// The new tokens are built back to back and become one string, so a
// sentence costs one allocation however many words change.
func EditWords(dst []Change, s conll.Sentence, selected []bool, r *rand.Rand, kind string, edit WordEditor) (conll.Sentence, []Change) {
	// The editor is called through an interface, so stack buffers would
	// escape to the heap: reuse pooled ones instead.
	sc := scratchPool.Get().(*wordScratch)
	defer scratchPool.Put(sc)
	words, ends := sc.words[:0], sc.ends[:0]
	defer func() { sc.words, sc.ends = words[:0], ends[:0] }()
	first := len(dst)
	for i, sel := range selected {
		if !sel || i >= len(s.Tokens) {
			continue
		}
		var ok bool
		if words, ok = edit.AppendWord(words, s.Tokens[i], r); !ok {
			continue
		}
		if len(ends) == 0 && dst == nil {
			dst = make([]Change, 0, countTrue(selected[i:]))
		}
		ends = append(ends, len(words))
		dst = append(dst, Change{Token: i, End: i + 1, Kind: kind, Before: s.Tokens[i]})
	}
	if len(ends) == 0 {
		return s, dst
	}
	out := s
	out.Tokens = append([]string(nil), s.Tokens...)
	text := string(words)
	start := 0
	for j, end := range ends {
		c := &dst[first+j]
		c.After = text[start:end]
		out.Tokens[c.Token] = c.After
		start = end
	}
	return out, dst
}

type wordScratch struct {
	words []byte
	ends  []int
}

var scratchPool = sync.Pool{New: func() any {
	return &wordScratch{words: make([]byte, 0, 512), ends: make([]int, 0, 64)}
}}

func countTrue(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}
