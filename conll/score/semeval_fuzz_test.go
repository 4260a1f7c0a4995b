package score

import (
	"strings"
	"testing"

	"github.com/stress-ner/stress/iob"
)

// FuzzTagReaders: the seqeval and nervaluate tag readers never panic,
// return sorted, non-overlapping, in-range spans, and the SemEval counts
// add up: in every mode the gold entities are POS and the predicted ones
// ACT; in strict mode the correct ones are those of the strict scorer.
func FuzzTagReaders(f *testing.F) {
	for _, r := range readSeqevalCasesF(f) {
		f.Add(r, r, uint8(0))
	}
	f.Add("B-X I-X O B-Y", "B-X O B-Y I-Y", uint8(1))
	f.Add("O B-PER I-PER O", "O O B-PER I-PER", uint8(5))
	f.Fuzz(func(t *testing.T, gold, pred string, sch uint8) {
		g, p := strings.Fields(gold), strings.Fields(pred)
		n := min(len(g), len(p))
		g, p = g[:n], p[:n]
		scheme := StrictScheme(int(sch) % len(strictTables))
		for _, tags := range [][]string{g, p} {
			if sp, err := StrictSpans(tags, scheme); err == nil {
				checkSpans(t, sp, len(tags))
			}
			if sp, err := SemEvalSpans(tags, ""); err == nil {
				checkSpans(t, sp, len(tags))
			}
		}
		gs, gerr := SemEvalSpans(g, "")
		ps, perr := SemEvalSpans(p, "")
		if gerr != nil || perr != nil {
			return
		}
		var s SemEval
		s.AddEntities(gs, ps)
		for _, m := range SemEvalModes {
			c := s.Overall[m]
			if c.Possible() != len(gs) || c.Actual() != len(ps) {
				t.Fatalf("%v: %+v for %d gold, %d predicted", m, c, len(gs), len(ps))
			}
			if v := c.F1(); v < 0 || v > 1 {
				t.Fatalf("%v: F1 %v", m, v)
			}
		}
		tp := 0
		for _, x := range ps {
			for _, y := range gs {
				if x == y {
					tp++
				}
			}
		}
		if s.Overall[semStrict].Correct != tp {
			t.Fatalf("strict correct %d, exact matches %d", s.Overall[semStrict].Correct, tp)
		}
	})
}

func checkSpans(t *testing.T, sp []iob.Span, n int) {
	t.Helper()
	end := 0
	for _, s := range sp {
		if s.Start < end || s.End <= s.Start || s.End > n {
			t.Fatalf("bad spans %v for %d tags", sp, n)
		}
		end = s.End
	}
}

func readSeqevalCasesF(f *testing.F) []string {
	var out []string
	for _, r := range readTSVF(f, "entities.tsv") {
		out = append(out, r[2])
	}
	return out
}
