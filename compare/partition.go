package compare

import (
	"slices"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
)

// partCounts holds one sentence's entity counts split by whether the
// entity covers a changed token: perturbed gold, pred, correct, then
// untouched gold, pred, correct.
type partCounts [6]int32

func (p partCounts) sum() [3]int32 {
	return [3]int32{p[0] + p[3], p[1] + p[4], p[2] + p[5]}
}

// chunkTag splits a tag the way conlleval (and conll.EvalSentence) does:
// the prefix before the first hyphen and the type after it. In raw mode
// every tag but the outside tag is a one-token B chunk.
func chunkTag(t string, opt conll.EvalOptions) (prefix, typ string) {
	out := opt.Outside
	if out == "" {
		out = "O"
	}
	if opt.Raw {
		if t == out || t == "O" {
			return "O", ""
		}
		return "B", t
	}
	if opt.Mode == conll.ModeStrict && t == out {
		return "O", ""
	}
	prefix, typ = t, ""
	if i := strings.IndexByte(t, '-'); i >= 0 {
		prefix, typ = t[:i], t[i+1:]
	}
	if typ == "0" { // Perl's false "0": conlleval prints no type
		typ = ""
	}
	return prefix, typ
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

// partitionStrict splits the entities of seqeval's strict IOB2 reading
// (iob.StrictSpans, as conll.EvalSentence uses in ModeStrict).
func partitionStrict(gold, pred []string, changed []bool, opt conll.EvalOptions) partCounts {
	norm := func(tags []string) []string {
		out := opt.Outside
		if out == "" {
			out = iob.Outside
		}
		if !opt.Raw && out == iob.Outside {
			return tags
		}
		n := make([]string, len(tags))
		for i, t := range tags {
			switch {
			case t == out || t == iob.Outside:
				n[i] = iob.Outside
			case opt.Raw:
				n[i] = "B-" + t
			default:
				n[i] = t
			}
		}
		return n
	}
	var pc partCounts
	gs, ps := iob.StrictSpans(norm(gold)), iob.StrictSpans(norm(pred))
	field := func(base int, s iob.Span) int {
		if touches(changed, span{s.Start, s.End}) {
			return base
		}
		return base + 3
	}
	for _, s := range gs {
		pc[field(0, s)]++
	}
	for _, s := range ps {
		pc[field(1, s)]++
		if slices.Contains(gs, s) {
			pc[field(2, s)]++
		}
	}
	return pc
}
