package conll

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
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
	if _, err := NewScorer(EvalOptions{}).AddFiles(gold, bad); !errors.Is(err, ErrMismatch) {
		t.Errorf("misaligned files: %v", err)
	}
	if _, err := NewScorer(EvalOptions{}).AddFiles(gold, filepath.Join(dir, "none.tsv")); err == nil {
		t.Error("missing file: no error")
	}
}
