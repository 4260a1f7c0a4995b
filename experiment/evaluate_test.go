package experiment

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/stressset"
	"github.com/stress-ner/stress/tagger"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// oracle returns the gold tags; dropFirst turns the first entity of
// every sentence into O; short returns one tag too few.
type fakeTagger struct{ dropFirst, short bool }

func (f fakeTagger) TagSentences(_ context.Context, sents []conll.Sentence) ([][]string, error) {
	out := make([][]string, len(sents))
	for i, s := range sents {
		tags := slices.Clone(s.Tags)
		if f.dropFirst {
			for j := range tags {
				if j > 0 && !strings.HasPrefix(tags[j], "I-") {
					break
				}
				tags[j] = "O"
			}
		}
		if f.short && len(tags) > 0 {
			tags = tags[:len(tags)-1]
		}
		out[i] = tags
	}
	return out, nil
}

// evalSets returns O and a keyboard copy of the test corpus.
func evalSets(t testing.TB) []stressset.Set {
	orig := corpus()
	a := &Augmenter{Seed: 1, Selection: perturb.DefaultSelection(), Kinds: kinds(t, "keyboard"), Copies: 1, Mix: mixPerturbed}
	key, _ := runAugment(t, a, orig)
	return []stressset.Set{{Name: "O", File: "test.tsv", Gold: orig}, {Name: "keyboard", File: "test_key.tsv", Gold: key}}
}

func evalReport(t testing.TB) (*compare.Report, []System) {
	systems := []System{
		{Name: "oracle", Model: "oracle", Train: "O", Tagger: fakeTagger{}},
		{Name: "lossy", Model: "lossy", Train: "O", Tagger: fakeTagger{dropFirst: true}},
		{Name: "lossy+K", Model: "lossy", Train: "O+K", Tagger: fakeTagger{dropFirst: true}},
	}
	c := compare.New()
	c.Samples = 0
	var saved []string
	rep, err := Evaluate(context.Background(), c, evalSets(t), systems, func(sys string, set stressset.Set, pred []conll.Sentence) error {
		saved = append(saved, sys+"/"+set.Name)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(saved) != 6 {
		t.Errorf("save called for %v", saved)
	}
	return rep, systems
}

func TestEvaluate(t *testing.T) {
	rep, _ := evalReport(t)
	if len(rep.Systems) != 3 || len(rep.Sets) != 2 {
		t.Fatalf("%d systems, %d sets", len(rep.Systems), len(rep.Sets))
	}
	for _, r := range rep.Systems[0].Results {
		if r.Overall.F1 != 100 {
			t.Errorf("oracle F1 on %s = %v", r.Set, r.Overall.F1)
		}
	}
	// lossy misses the first entity of the 4 sentences that have one:
	// 4 of 8 gold entities, all 4 predictions correct: F1 = 66.67.
	o := rep.Systems[1].Results[0].Overall
	if o.Gold != 8 || o.Pred != 4 || o.Correct != 4 {
		t.Errorf("lossy counts %+v", o)
	}
}

func TestEvaluateErrors(t *testing.T) {
	_, err := Evaluate(context.Background(), compare.New(), evalSets(t),
		[]System{{Name: "short", Tagger: fakeTagger{short: true}}}, nil)
	if !errors.Is(err, compare.ErrMismatch) || !strings.Contains(err.Error(), "short on test.tsv") {
		t.Errorf("short predictions: %v", err)
	}
	if _, err := Evaluate(context.Background(), compare.New(), nil, nil, nil); !errors.Is(err, ErrNoData) {
		t.Errorf("nothing to evaluate: %v", err)
	}
	boom := errors.New("boom")
	_, err = Evaluate(context.Background(), compare.New(), evalSets(t),
		[]System{{Name: "ok", Tagger: fakeTagger{}}}, func(string, stressset.Set, []conll.Sentence) error { return boom })
	if !errors.Is(err, boom) {
		t.Errorf("save error: %v", err)
	}
}

func TestWithTags(t *testing.T) {
	gold := corpus()
	before := text(gold)
	tags := make([][]string, len(gold))
	for i, s := range gold {
		tags[i] = make([]string, len(s.Tokens))
		for j := range tags[i] {
			tags[i][j] = "O"
		}
	}
	pred := withTags(gold, tags)
	if !slices.Equal(text(gold), before) {
		t.Error("WithTags modified its input")
	}
	if !pred[0].DocStart || !slices.Equal(pred[0].Tokens, gold[0].Tokens) || pred[0].Tags[0] != "O" {
		t.Errorf("pred[0] = %+v", pred[0])
	}
}

func TestWriteTableGolden(t *testing.T) {
	rep, systems := evalReport(t)
	var t3, t4 []Row
	for _, s := range systems {
		if s.Train == "O" {
			t3 = append(t3, s.Row())
		}
		t4 = append(t4, s.Row())
	}
	for _, c := range []struct {
		file string
		rows []Row
		opts TableOptions
	}{
		{"table3.txt", t3, TableOptions{Drops: true}},
		{"table3.md", t3, TableOptions{Drops: true, Markdown: true}},
		{"table4.md", t4, TableOptions{Train: true, Markdown: true}},
	} {
		var buf bytes.Buffer
		if err := WriteTable(&buf, rep, c.rows, c.opts); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", c.file)
		if *update {
			if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if buf.String() != string(want) {
			t.Errorf("%s:\ngot\n%s\nwant\n%s", c.file, buf.String(), want)
		}
	}
	if err := WriteTable(&bytes.Buffer{}, rep, []Row{{System: "missing"}}, TableOptions{}); !errors.Is(err, ErrOption) {
		t.Errorf("unknown system: %v", err)
	}
	// A set that changed under 1% of its mentions shows no drop.
	for i := range rep.Sets {
		if rep.Sets[i].Name != rep.Reference {
			rep.Sets[i].NotMeasured = true
			var buf bytes.Buffer
			if err := WriteTable(&buf, rep, t3, TableOptions{Drops: true}); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(buf.String(), "not measured") {
				t.Errorf("a set not measured shows a drop:\n%s", buf.String())
			}
			break
		}
	}
}

func TestSetLabel(t *testing.T) {
	for in, want := range map[string]string{"O": "O", "keyboard": "K", "swap": "W", "synonym": "S", "other": "other"} {
		if got := SetLabel(in); got != want {
			t.Errorf("SetLabel(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTrainAll(t *testing.T) {
	sents := corpus()
	var jobs []trainJob
	for _, f := range []tagger.Features{tagger.Words, tagger.Chars, tagger.Words} {
		jobs = append(jobs, trainJob{Name: f.String(), Sentences: sents, Options: tagger.Options{Features: f, Epochs: 3, Seed: 5, HashBits: 12}})
	}
	models, err := trainAll(context.Background(), jobs, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, j := range jobs {
		want, err := tagger.Train(j.Sentences, j.Options)
		if err != nil {
			t.Fatal(err)
		}
		var a, b bytes.Buffer
		models[i].Save(&a)
		want.Save(&b)
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("job %d: concurrent training gave a different model", i)
		}
	}
	bad := slices.Clone(sents)
	bad[1] = conll.Sentence{Tokens: []string{"x"}, Tags: []string{"Z-Chemical"}}
	jobs = append(jobs, trainJob{Name: "broken", Sentences: bad, Options: tagger.Options{Features: tagger.Words, Epochs: 1}})
	_, err = trainAll(context.Background(), jobs, 1, nil)
	if !errors.Is(err, tagger.ErrBadTag) || !strings.Contains(err.Error(), "train broken") {
		t.Errorf("bad job: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := trainAll(ctx, jobs[:1], 1, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
