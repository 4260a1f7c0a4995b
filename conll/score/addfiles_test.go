package score

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
)

func TestScorerAddFiles(t *testing.T) {
	dir := t.TempDir()
	gold := filepath.Join(dir, "gold.tsv")
	pred := filepath.Join(dir, "pred.jsonl")
	os.WriteFile(gold, []byte("Aspirin\tB-Chemical\nhelps\tO\n\nNo\tO\n"), 0o644)
	os.WriteFile(pred, []byte(`{"tokens":["Aspirin","helps"],"ner_tags":["B-Chemical","O"]}`+"\n"+`{"tokens":["No"],"ner_tags":["B-Chemical"]}`+"\n"), 0o644)
	c, err := NewScorer(EvalOptions{}).AddFiles(gold, pred)
	if err != nil {
		t.Fatal(err)
	}
	if tc := c.Types["Chemical"]; tc.Correct != 1 || tc.Gold != 1 || tc.Pred != 2 || c.Tokens != 3 {
		t.Errorf("counts %+v", c)
	}
	bad := filepath.Join(dir, "short.tsv")
	os.WriteFile(bad, []byte("Aspirin\tB-Chemical\n"), 0o644)
	if _, err := NewScorer(EvalOptions{}).AddFiles(gold, bad); !errors.Is(err, conll.ErrMismatch) {
		t.Errorf("misaligned files: %v", err)
	}
	if _, err := NewScorer(EvalOptions{}).AddFiles(gold, filepath.Join(dir, "none.tsv")); err == nil {
		t.Error("missing file: no error")
	}
}

// TestScorerAddPairs checks that scoring two aligned corpora gives the
// counts of the same sentences added one by one, with and without a
// scheme conversion.
func TestScorerAddPairs(t *testing.T) {
	gold := "a\tB-X\nb\tI-X\nc\tO\n\nd\tB-Y\n"
	pred := "a\tB-X\nb\tO\nc\tO\n\nd\tB-Y\n"
	sc := NewScorer(EvalOptions{})
	got, err := sc.AddPairs(conll.NewPairReader(conll.NewReader(strings.NewReader(gold)), "g", conll.NewReader(strings.NewReader(pred)), "p"))
	if err != nil {
		t.Fatal(err)
	}
	want := NewScorer(EvalOptions{})
	want.Add([]string{"B-X", "I-X", "O"}, []string{"B-X", "O", "O"})
	want.Add([]string{"B-Y"}, []string{"B-Y"})
	if got.Overall() != want.Counts().Overall() || got.Tokens != 4 {
		t.Errorf("AddPairs %+v, want %+v", got.Overall(), want.Counts().Overall())
	}
	conv := NewScorer(EvalOptions{})
	conv.Convert, conv.Scheme = true, iob.IOBES // Q- is no IOBES prefix
	_, err = conv.AddPairs(conll.NewPairReader(conll.NewReader(strings.NewReader("a\tQ-X\n")), "g", conll.NewReader(strings.NewReader("a\tO\n")), "p"))
	if err == nil || !strings.Contains(err.Error(), "g:1") {
		t.Errorf("conversion error %v, want one naming g:1", err)
	}
}
