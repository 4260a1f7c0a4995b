package perturb

import (
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/stress-ner/stress/conll"
)

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

// OneToken returns nil when c changes one token, as the changes of a
// WordEditor do, and else an error wrapping ErrInvalidChange: the first
// test of such a perturbation's Check.
func OneToken(kind string, c Change) error {
	if c.End != c.Token+1 {
		return fmt.Errorf("%w: %s change spans %d tokens", ErrInvalidChange, kind, c.End-c.Token)
	}
	return nil
}

// EditWords is the body of a token-level perturbation such as keyboard or
// swap: it applies edit to every selected token of s, in order, and
// appends one Change of the given kind per edited token to dst. s is not
// modified; the result has its own Tokens slice when anything changed.
func EditWords(dst []Change, s conll.Sentence, selected []bool, r *rand.Rand, kind string, edit WordEditor) (conll.Sentence, []Change) {
	first := len(dst)
	dst = appendEdits(dst, s, selected, r, kind, edit)
	if len(dst) == first {
		return s, dst
	}
	out := s
	out.Tokens = applyEdits(make([]string, 0, len(s.Tokens)), s.Tokens, dst[first:])
	return out, dst
}

// applyEdits appends tokens to dst with the token of every change
// replaced by its After text, and returns the extended slice. The
// changes must be one token each, as appendEdits makes them.
func applyEdits(dst, tokens []string, changes []Change) []string {
	start := len(dst)
	dst = append(dst, tokens...)
	for _, c := range changes {
		dst[start+c.Token] = c.After
	}
	return dst
}

// appendEdits is EditWords without the output sentence: it appends the
// changes of the edited tokens to dst. The new tokens are built back to
// back and become one string, so a sentence costs one allocation however
// many words change.
func appendEdits(dst []Change, s conll.Sentence, selected []bool, r *rand.Rand, kind string, edit WordEditor) []Change {
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
		return dst
	}
	text := string(words)
	start := 0
	for j, end := range ends {
		dst[first+j].After = text[start:end]
		start = end
	}
	return dst
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
