package attack

import (
	"context"
	"os"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/tagger"
)

const corpusDir = "../../shared/corpora/BC5CDR-IOB"

// TestBC5CDR: against both baselines trained on BC5CDR train, an attack
// of part of the test split with one or two typos per sentence lowers
// F1 far below a random set with as many typos (the full split is in
// docs/attack.md).
func TestBC5CDR(t *testing.T) {
	if testing.Short() {
		t.Skip("trains on the full corpus")
	}
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skip("shared corpora not present")
	}
	train, err := conll.ReadFile(corpusDir + "/train.tsv")
	if err != nil {
		t.Fatal(err)
	}
	test, err := conll.ReadFile(corpusDir + "/test.tsv")
	if err != nil {
		t.Fatal(err)
	}
	test = test[:600]
	for _, fs := range []tagger.Features{tagger.Words, tagger.Chars} {
		t.Run(fs.String(), func(t *testing.T) {
			m, err := tagger.Train(train, tagger.Options{Features: fs, Seed: 1, Epochs: 5})
			if err != nil {
				t.Fatal(err)
			}
			opts := Options{Kinds: testKinds(t, "keyboard"), MaxWords: 2, Seed: 1}
			res, err := Run(context.Background(), m, test, opts)
			if err != nil {
				t.Fatal(err)
			}
			s := res.Summary
			t.Logf("%+v", s)
			if s.SuccessRate < 50 || s.F1After > s.RandomF1-10 || s.RandomF1 > s.F1Before {
				t.Errorf("success %.1f%%, F1 %.2f -> %.2f, random %.2f", s.SuccessRate, s.F1Before, s.F1After, s.RandomF1)
			}
			checkResult(t, test, res, opts)
		})
	}
}
