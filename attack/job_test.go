package attack

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/perturb/kinds"
	"github.com/stress-ner/stress/sample"
	"github.com/stress-ner/stress/tagger"
)

// TestJob attacks 40 sentences of the sample with a words baseline
// saved to a file, from file to files.
func TestJob(t *testing.T) {
	dir := t.TempDir()
	train, err := sample.Train()
	if err != nil {
		t.Fatal(err)
	}
	m, err := tagger.Train(train, tagger.Options{Features: tagger.Words, Epochs: 2})
	if err != nil {
		t.Fatal(err)
	}
	model := filepath.Join(dir, "words.model")
	if err := m.SaveFile(model); err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "in.tsv")
	if err := conll.WriteFile(in, sampleTest(t)[:40], nil); err != nil {
		t.Fatal(err)
	}
	mks, err := kinds.Resolve([]string{"keyboard"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := Outputs{Set: filepath.Join(dir, "adv.tsv"), Log: filepath.Join(dir, "adv.changes.tsv"), Random: filepath.Join(dir, "rnd.tsv")}
	job := &Job{Input: in, Model: tagger.Spec{File: model}, Kinds: mks,
		Options: Options{MaxWords: 2, Queries: 50, Candidates: 2, Seed: 1}, Outputs: out}
	rep, warnings, err := job.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if rep.Sentences != 40 || rep.Attacked == 0 || rep.Succeeded+rep.Failed != rep.Attacked || len(warnings) != 0 {
		t.Errorf("report %+v, warnings %q", rep.Summary, warnings)
	}
	for _, f := range []string{out.Set, out.Random} {
		sents, err := conll.ReadFile(f)
		if err != nil || len(sents) != 40 {
			t.Errorf("%s: %d sentences, %v", f, len(sents), err)
		}
	}
	if st, err := os.Stat(out.Log); err != nil || st.Size() == 0 {
		t.Errorf("change log: %v", err)
	}
	// A second run refuses to replace the outputs; a missing input is
	// refused before any model starts.
	if _, _, err := job.Run(context.Background()); !errors.Is(err, atomicfile.ErrExists) {
		t.Errorf("second run: %v, want an existing-file error", err)
	}
	job.Input = filepath.Join(dir, "none.tsv")
	if _, _, err := job.Run(context.Background()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing input: %v", err)
	}
}
