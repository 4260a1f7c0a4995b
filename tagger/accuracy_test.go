package tagger

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

const corpusDir = "../../shared/corpora/BC5CDR-IOB"

// TestAccuracyBC5CDR trains both models on the real BC5CDR training split
// and checks the targets: training under a minute and the Chars
// model at span F1 >= 0.75 on test. It needs ../shared and is skipped in
// -short mode.
func TestAccuracyBC5CDR(t *testing.T) {
	if testing.Short() {
		t.Skip("trains on the full corpus")
	}
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skip("shared corpora not present")
	}
	train := readTSVFile(t, filepath.Join(corpusDir, "train.tsv"))
	test := readTSVFile(t, filepath.Join(corpusDir, "test.tsv"))
	dev := readTSVFile(t, filepath.Join(corpusDir, "devel.tsv"))
	minF1 := map[Features]float64{Words: 0.55, Chars: 0.75}
	for _, fs := range []Features{Words, Chars} {
		t.Run(fs.String(), func(t *testing.T) {
			start := time.Now()
			m, err := Train(train, Options{Features: fs, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			took := time.Since(start)
			t.Logf("%v; trained in %v", m, took.Round(time.Millisecond))
			start = time.Now()
			pred, err := m.TagSentences(context.Background(), test)
			if err != nil {
				t.Fatal(err)
			}
			tagTime := time.Since(start)
			p, r, f := spanF1(test, pred)
			t.Logf("test: P %.4f R %.4f F1 %.4f (%d sentences in %v)", p, r, f, len(test), tagTime.Round(time.Millisecond))
			if f < minF1[fs] {
				t.Errorf("test F1 %.4f < %.2f", f, minF1[fs])
			}
			pred, err = m.TagSentences(context.Background(), dev)
			if err != nil {
				t.Fatal(err)
			}
			p, r, f = spanF1(dev, pred)
			t.Logf("dev:  P %.4f R %.4f F1 %.4f", p, r, f)
		})
	}
}
