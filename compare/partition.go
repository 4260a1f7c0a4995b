package compare

import (
	"strings"

	"github.com/stress-ner/stress/conll"
)

// partCounts holds one sentence's entity counts split by whether the
// entity covers a changed token: perturbed gold, pred, correct, then
// untouched gold, pred, correct.
type partCounts [6]int32

func (p partCounts) sum() [3]int32 {
	return [3]int32{p[0] + p[3], p[1] + p[4], p[2] + p[5]}
}

// chunkTag splits a tag the way conlleval does: the prefix before the
// first hyphen and the type after it. Raw tags (no prefix) become
// single-token B chunks.
func chunkTag(t string, opt conll.EvalOptions) (prefix, typ string) {
	out := opt.Outside
	if out == "" {
		out = "O"
	}
	if t == out {
		return "O", ""
	}
	if opt.Raw {
		return "B", t
	}
	if i := strings.IndexByte(t, '-'); i >= 0 {
		return t[:i], t[i+1:]
	}
	return t, ""
}

// endOfChunk and startOfChunk are conlleval's (version 2004-01-26).
func endOfChunk(prevTag, tag, prevType, typ string) bool {
	switch {
	case prevTag == "B" && (tag == "B" || tag == "O"),
		prevTag == "I" && (tag == "B" || tag == "O"),
		prevTag == "E" && (tag == "E" || tag == "I" || tag == "O"),
		prevTag != "O" && prevTag != "." && prevType != typ,
		prevTag == "]" || prevTag == "[":
		return true
	}
	return false
}

func startOfChunk(prevTag, tag, prevType, typ string) bool {
	switch {
	case tag == "B" && (prevTag == "B" || prevTag == "I" || prevTag == "O"),
		prevTag == "O" && (tag == "I" || tag == "E"),
		prevTag == "E" && (tag == "E" || tag == "I"),
		tag != "O" && tag != "." && prevType != typ,
		tag == "[" || tag == "]":
		return true
	}
	return false
}

// span is a chunk [start, end) of a sentence.
type span struct{ start, end int }

func touches(changed []bool, s span) bool {
	if changed == nil {
		return false
	}
	for i := s.start; i < s.end; i++ {
		if changed[i] {
			return true
		}
	}
	return false
}

// partition counts the gold, predicted and correct entities of one
// sentence, split by whether they cover a changed token. In conlleval mode
// it replays conlleval's state machine so that the sums match the scorer.
func partition(gold, pred []string, changed []bool, opt conll.EvalOptions) partCounts {
	if opt.Mode == conll.ModeStrict {
		return partitionStrict(gold, pred, changed, opt)
	}
	var pc partCounts
	add := func(field int, s span) {
		if touches(changed, s) {
			pc[field]++
		} else {
			pc[field+3]++
		}
	}
	lastC, lastCT, lastG, lastGT := "O", "", "O", ""
	inCorrect := false
	corrStart, goldStart, predStart := 0, -1, -1
	for i := 0; i <= len(gold); i++ {
		c, ct, g, gt := "O", "", "O", ""
		if i < len(gold) {
			c, ct = chunkTag(gold[i], opt)
			g, gt = chunkTag(pred[i], opt)
		}
		endC := endOfChunk(lastC, c, lastCT, ct)
		endG := endOfChunk(lastG, g, lastGT, gt)
		if endC && goldStart >= 0 {
			add(0, span{goldStart, i})
			goldStart = -1
		}
		if endG && predStart >= 0 {
			add(1, span{predStart, i})
			predStart = -1
		}
		if inCorrect {
			if endC && endG && lastGT == lastCT {
				inCorrect = false
				add(2, span{corrStart, i})
			} else if endC != endG || gt != ct {
				inCorrect = false
			}
		}
		startC := startOfChunk(lastC, c, lastCT, ct)
		startG := startOfChunk(lastG, g, lastGT, gt)
		if startC && startG && gt == ct {
			inCorrect = true
			corrStart = i
		}
		if i < len(gold) {
			if startC {
				// A chunk that starts without the previous one ending
				// (possible with odd tags) is closed here.
				if goldStart >= 0 {
					add(0, span{goldStart, i})
				}
				goldStart = i
			}
			if startG {
				if predStart >= 0 {
					add(1, span{predStart, i})
				}
				predStart = i
			}
		}
		lastC, lastCT, lastG, lastGT = c, ct, g, gt
	}
	if inCorrect {
		add(2, span{corrStart, len(gold)})
	}
	if goldStart >= 0 {
		add(0, span{goldStart, len(gold)})
	}
	if predStart >= 0 {
		add(1, span{predStart, len(gold)})
	}
	return pc
}

// strictSpans returns the entities of a sentence under strict IOB2
// reading: an entity is B-T followed by any I-T; an I tag that does not
// continue an entity of its type starts none.
func strictSpans(tags []string, opt conll.EvalOptions) ([]span, []string) {
	var spans []span
	var types []string
	start, typ := -1, ""
	for i := 0; i <= len(tags); i++ {
		p, t := "O", ""
		if i < len(tags) {
			p, t = chunkTag(tags[i], opt)
		}
		if start >= 0 && !(p == "I" && t == typ) {
			spans = append(spans, span{start, i})
			types = append(types, typ)
			start = -1
		}
		if p == "B" {
			start, typ = i, t
		}
	}
	return spans, types
}

func partitionStrict(gold, pred []string, changed []bool, opt conll.EvalOptions) partCounts {
	var pc partCounts
	gs, gt := strictSpans(gold, opt)
	ps, pt := strictSpans(pred, opt)
	field := func(base int, s span) int {
		if touches(changed, s) {
			return base
		}
		return base + 3
	}
	for _, s := range gs {
		pc[field(0, s)]++
	}
	for j, s := range ps {
		pc[field(1, s)]++
		for k, g := range gs {
			if g == s && gt[k] == pt[j] {
				pc[field(2, s)]++
				break
			}
		}
	}
	return pc
}
