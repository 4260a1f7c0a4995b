package compare

import (
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll/score"
	"github.com/stress-ner/stress/iob"
)

// FuzzPartition checks that the perturbed/untouched split of any tag
// sequence adds up to score.EvalSentence's counts in both modes, and
// that nothing changed / everything changed files every entity on one
// side.
func FuzzPartition(f *testing.F) {
	f.Add("B-X I-X O B-Y", "B-X O O I-Y", uint8(3))
	f.Add("I-X I-X E-X [ ] .", "O S-X B-X I-Y O O", uint8(5))
	f.Fuzz(func(t *testing.T, g, p string, mask uint8) {
		gold, pred := strings.Fields(g), strings.Fields(p)
		n := min(len(gold), len(pred), 8)
		gold, pred = gold[:n], pred[:n]
		changed := make([]bool, n)
		all := make([]bool, n)
		for i := range changed {
			changed[i] = mask>>i&1 == 1
			all[i] = true
		}
		for _, opt := range []score.EvalOptions{{}, {Mode: score.ModeStrict}, {Raw: true}, {Mode: score.ModeSemEval}} {
			o := score.EvalSentence(gold, pred, opt).Overall()
			want := [3]int32{int32(o.Gold), int32(o.Pred), int32(o.Correct)}
			_, some, _ := partition(gold, pred, changed, opt)
			_, none, _ := partition(gold, pred, nil, opt)
			_, every, _ := partition(gold, pred, all, opt)
			if some.sum() != want || none.sum() != want || every.sum() != want {
				t.Fatalf("%+v: split %v / %v / %v, scorer %v", opt, some, none, every, want)
			}
			if none[0]+none[1]+none[2] != 0 || every[3]+every[4]+every[5] != 0 {
				t.Fatalf("nothing/everything changed misfiled: %v %v", none, every)
			}
			if some[2] > some[0] || some[5] > some[3] {
				t.Fatalf("more correct than gold on one side: %v", some)
			}
			// AddPrediction keeps the predicted entities the split found as
			// the prediction's entities: they must be what goldSpans reads
			// from the predicted tags alone.
			sc := newSentScorer(opt)
			sc.partition(gold, pred, changed)
			if ps, want := append([]iob.Span(nil), sc.ps...), goldSpans(pred, opt); !slices.Equal(ps, want) {
				t.Fatalf("%+v: predicted entities %v, goldSpans of the predicted tags %v", opt, ps, want)
			}
		}
	})
}
