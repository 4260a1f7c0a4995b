package compare

import (
	"cmp"
	"slices"

	"github.com/stress-ner/stress/conll/score"
	"github.com/stress-ner/stress/iob"
)

// partCounts holds one sentence's entity counts split by whether the
// entity covers a changed token: perturbed gold, pred, correct, then
// untouched gold, pred, correct.
type partCounts [6]int32

// addTo adds the perturbed counts to perturbed and the untouched ones
// to untouched.
func (p partCounts) addTo(perturbed, untouched *score.TypeCounts) {
	perturbed.Gold += int(p[0])
	perturbed.Pred += int(p[1])
	perturbed.Correct += int(p[2])
	untouched.Gold += int(p[3])
	untouched.Pred += int(p[4])
	untouched.Correct += int(p[5])
}

func (p partCounts) sum() [3]int32 {
	return [3]int32{p[0] + p[3], p[1] + p[4], p[2] + p[5]}
}

// touches reports whether any token of [start, end) changed.
func touches(changed []bool, start, end int) bool {
	if changed == nil {
		return false
	}
	for i := start; i < end; i++ {
		if changed[i] {
			return true
		}
	}
	return false
}

// partition scores one sentence and splits its gold, predicted and
// correct entities by whether they cover a changed token. The entities
// come from the scorer itself (score.EvalEntities), so the split always
// sums to the scorer's counts, in every mode.
//
// It also sorts the entities by the kind of error (score.ClassifyErrors),
// from the same entities.
func partition(gold, pred []string, changed []bool, opt score.EvalOptions) (score.Counts, partCounts, score.ErrorCounts) {
	s := newSentScorer(opt)
	pc, errs := s.partition(gold, pred, changed)
	return s.counts, pc, errs
}

func sortSpans(s []iob.Span) {
	slices.SortFunc(s, func(a, b iob.Span) int { return cmp.Compare(a.Start, b.Start) })
}

// goldSpans returns the gold entities of one sentence as the scorer
// reads them.
func goldSpans(gold []string, opt score.EvalOptions) []iob.Span {
	return newSentScorer(opt).spansOf(gold)
}

// referenceMask marks the tokens of a reference (original) sentence that
// stand for the tokens a perturbation changed in its stress copy, so that
// the same entities can be scored on the original: the changed tokens
// themselves when the copy has as many tokens (keyboard, swap), otherwise
// the reference's gold entities whose counterpart in the copy (the
// entity with the same index: a synonym keeps the entities and their
// order) covers a changed token. nil when nothing changed.
func referenceMask(refGold, setGold []string, changed []bool, opt score.EvalOptions) []bool {
	if changed == nil {
		return nil
	}
	if len(refGold) == len(setGold) {
		return changed
	}
	return spansMask(len(refGold), goldSpans(refGold, opt), goldSpans(setGold, opt), changed)
}

// spansMask is referenceMask from the two sentences' entities.
func spansMask(n int, rs, ss []iob.Span, changed []bool) []bool {
	mask := make([]bool, n)
	for i := range min(len(rs), len(ss)) {
		if touches(changed, ss[i].Start, ss[i].End) {
			for t := rs[i].Start; t < rs[i].End; t++ {
				mask[t] = true
			}
		}
	}
	return mask
}
