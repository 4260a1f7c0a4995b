package score

import (
	"bytes"
	"testing"

	"github.com/stress-ner/stress/internal/limit"
)

// The limit beside the real path: BenchmarkLimitScore* runs the least a
// scorer must do (internal/limit: read lines, split fields, count chunk
// starts) on the input of BenchmarkEvaluate*, so that their ratio is
// stress's distance from the limit (issue 34; scripts/speed.sh times
// the whole programs).

func benchmarkLimitScore(b *testing.B, copies int) {
	data := benchInput(b, copies)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		c, err := limit.Score(bytes.NewReader(data))
		if err != nil || c.Tokens == 0 {
			b.Fatal(err)
		}
	}
}

// BenchmarkLimitScoreBC5CDR is the limit of BenchmarkEvaluateBC5CDR.
func BenchmarkLimitScoreBC5CDR(b *testing.B) { benchmarkLimitScore(b, 1) }

// BenchmarkLimitScore780k is the limit of BenchmarkEvaluate780k.
func BenchmarkLimitScore780k(b *testing.B) {
	bigBench(b)
	benchmarkLimitScore(b, 6)
}

// TestLimitScoreCountsAsConlleval checks that the yardstick counts the
// chunks the scorer counts: a limit that did less would flatter stress.
func TestLimitScoreCountsAsConlleval(t *testing.T) {
	data := readCaseInput(t, "bc5cdr-test-seed1")
	c, err := NewEvaluator(bytes.NewReader(data)).Evaluate()
	if err != nil {
		t.Fatal(err)
	}
	l, err := limit.Score(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	all := c.Overall()
	if l.Tokens != c.Tokens || l.Gold != all.Gold || l.Pred != all.Pred {
		t.Errorf("limit counts %+v, scorer %d tokens, %d gold, %d predicted", l, c.Tokens, all.Gold, all.Pred)
	}
}
