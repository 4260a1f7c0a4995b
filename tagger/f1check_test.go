package tagger

import (
	"bufio"
	"compress/gzip"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
)

// TestSpanF1MatchesConlleval checks the test helper spanF1, which the
// accuracy figures rely on, against conlleval's own report on a realistic
// system output. It needs ../shared.
func TestSpanF1MatchesConlleval(t *testing.T) {
	const base = "../../shared/testdata/conlleval/bc5cdr-test-seed1"
	f, err := os.Open(base + ".txt.gz")
	if err != nil {
		t.Skip("shared conlleval references not present")
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var (
		gold []conll.Sentence
		pred [][]string
		cur  conll.Sentence
		cp   []string
	)
	sc := bufio.NewScanner(zr)
	flush := func() {
		if len(cur.Tokens) > 0 {
			gold, pred = append(gold, cur), append(pred, cp)
		}
		cur, cp = conll.Sentence{}, nil
	}
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 {
			flush()
			continue
		}
		cur.Tokens = append(cur.Tokens, fs[0])
		cur.Tags = append(cur.Tags, fs[len(fs)-2])
		cp = append(cp, fs[len(fs)-1])
	}
	flush()
	out, err := os.ReadFile(base + ".out")
	if err != nil {
		t.Fatal(err)
	}
	_, _, f1 := spanF1(gold, pred)
	_, after, ok := strings.Cut(string(out), "FB1:")
	if !ok {
		t.Fatal("no FB1 in conlleval report")
	}
	want := strings.Fields(after)[0]
	if got := strconv.FormatFloat(100*f1, 'f', 2, 64); got != want {
		t.Errorf("spanF1 = %s, conlleval says %s", got, want)
	}
}
