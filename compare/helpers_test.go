package compare

import (
	"math/rand/v2"
	"strings"

	"github.com/stress-ner/stress/conll"
)

// sents builds sentences from lines of "token/TAG token/TAG ...".
func sents(lines ...string) []conll.Sentence {
	var out []conll.Sentence
	for i, l := range lines {
		var s conll.Sentence
		for _, f := range strings.Fields(l) {
			tok, tag, _ := strings.Cut(f, "/")
			s.Tokens = append(s.Tokens, tok)
			s.Tags = append(s.Tags, tag)
		}
		s.Line = 1 + 3*i
		out = append(out, s)
	}
	return out
}

// synthGold generates n sentences with Chemical and Disease entities.
func synthGold(n int, seed uint64) []conll.Sentence {
	r := rand.New(rand.NewPCG(seed, 7))
	types := []string{"Chemical", "Disease"}
	out := make([]conll.Sentence, n)
	for i := range out {
		l := 5 + r.IntN(30)
		s := conll.Sentence{Line: 1 + i*40}
		for j := 0; j < l; j++ {
			s.Tokens = append(s.Tokens, "w"+string(rune('a'+r.IntN(26))))
			if r.IntN(8) == 0 {
				t := types[r.IntN(2)]
				s.Tags = append(s.Tags, "B-"+t)
				for k := r.IntN(3); k > 0 && j+1 < l; k-- {
					j++
					s.Tokens = append(s.Tokens, "e")
					s.Tags = append(s.Tags, "I-"+t)
				}
			} else {
				s.Tags = append(s.Tags, "O")
			}
		}
		out[i] = s
	}
	return out
}

// noisy copies gold and corrupts about rate of its tags.
func noisy(gold []conll.Sentence, rate float64, seed uint64) []conll.Sentence {
	r := rand.New(rand.NewPCG(seed, 11))
	tags := []string{"O", "B-Chemical", "I-Chemical", "B-Disease", "I-Disease"}
	out := make([]conll.Sentence, len(gold))
	for i, g := range gold {
		s := g.Clone()
		for j := range s.Tags {
			if r.Float64() < rate {
				s.Tags[j] = tags[r.IntN(len(tags))]
			}
		}
		out[i] = s
	}
	return out
}
