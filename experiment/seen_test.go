package experiment

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stress-ner/stress/perturb"
)

func TestUnseenInTrain(t *testing.T) {
	train := filepath.Join(t.TempDir(), "train.tsv")
	if err := os.WriteFile(train, []byte("aspirin\tB-Chemical\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ks := []perturb.ManifestKind{
		{Name: "keyboard", Options: map[string]string{"layout": "qwerty"}},
		{Name: "synonym", Options: map[string]string{"unseen-in": "", "db": ""}},
		{Name: "entity-swap", Options: map[string]string{"unseen-in": ""}},
	}
	got := UnseenInTrain(ks, []string{train, train})
	if _, ok := got[0].Options["unseen-in"]; ok {
		t.Errorf("keyboard got unseen-in: %v", got[0].Options)
	}
	for _, k := range got[1:] {
		if k.Options["unseen-in"] != train+","+train {
			t.Errorf("%s: unseen-in %q", k.Name, k.Options["unseen-in"])
		}
	}
	if ks[1].Options["unseen-in"] != "" || got[1].Options["db"] != "" {
		t.Errorf("the kinds given were changed, or other options lost: %v / %v", ks[1].Options, got[1].Options)
	}
	// No default from standard input, the embedded sample or no corpus.
	for _, tr := range [][]string{{"-"}, {"sample:train"}, nil, {train, "-"}} {
		if got := UnseenInTrain(ks, tr); got[1].Options["unseen-in"] != "" {
			t.Errorf("%v: unseen-in %q", tr, got[1].Options["unseen-in"])
		}
	}
}
