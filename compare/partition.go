package compare

import "github.com/stress-ner/stress/conll"

// partCounts holds one sentence's entity counts split by whether the
// entity covers a changed token: perturbed gold, pred, correct, then
// untouched gold, pred, correct.
type partCounts [6]int32

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
// come from the scorer itself (conll.EvalEntities), so the split always
// sums to the scorer's counts, in every mode.
func partition(gold, pred []string, changed []bool, opt conll.EvalOptions) (conll.Counts, partCounts) {
	var pc partCounts
	counts := conll.EvalEntities(gold, pred, opt, func(e conll.Entity) {
		field := int(e.Kind) // GoldEntity, PredEntity, CorrectEntity: 0, 1, 2
		if !touches(changed, e.Start, e.End) {
			field += 3
		}
		pc[field]++
	})
	return counts, pc
}
