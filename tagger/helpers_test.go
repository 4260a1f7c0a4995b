package tagger

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/conll/score"
	"github.com/stress-ner/stress/iob"
)

// readTSV reads "token<TAB>tag" lines with blank lines between sentences.
// It is a small stand-in for the conll package's reader, so that these
// tests depend only on the corpus format.
func readTSV(r io.Reader, name string) ([]conll.Sentence, error) {
	var (
		out  []conll.Sentence
		cur  conll.Sentence
		line int
	)
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line++
		text := sc.Text()
		if strings.TrimSpace(text) == "" {
			if len(cur.Tokens) > 0 {
				out = append(out, cur)
			}
			cur = conll.Sentence{}
			continue
		}
		f := strings.Fields(text)
		if len(f) < 2 {
			return nil, fmt.Errorf("%s:%d: want token and tag", name, line)
		}
		if len(cur.Tokens) == 0 {
			cur.Line = line
		}
		cur.Tokens = append(cur.Tokens, f[0])
		cur.Tags = append(cur.Tags, f[len(f)-1])
	}
	if len(cur.Tokens) > 0 {
		out = append(out, cur)
	}
	return out, sc.Err()
}

func readTSVFile(t testing.TB, path string) []conll.Sentence {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ss, err := readTSV(f, path)
	if err != nil {
		t.Fatal(err)
	}
	return ss
}

// spanF1 is conlleval's overall precision, recall and F1 of pred against
// gold, as fractions: score.EvalSentence has conlleval's exact chunk
// rules (an I- tag after O or another type starts an entity), and the
// sentence counts add up to conlleval's corpus score.
func spanF1(gold []conll.Sentence, pred [][]string) (p, r, f float64) {
	var c score.Counts
	for i, s := range gold {
		c.Add(score.EvalSentence(s.Tags, pred[i], score.EvalOptions{}))
	}
	all := c.Overall()
	return all.Precision() / 100, all.Recall() / 100, all.F1() / 100
}

// validIOB2 reports whether tags is a valid IOB2 sequence: every tag is
// O, B-T or I-T and every I-T follows B-T or I-T.
func validIOB2(tags []string) bool { return len(iob.Validate(tags, iob.IOB2)) == 0 }

func gzipBytes(t testing.TB, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(b)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func gunzipBytes(t testing.TB, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
