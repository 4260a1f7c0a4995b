package experiment

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/conll/cdr"
	"github.com/stress-ner/stress/conll/standoff"
	"github.com/stress-ner/stress/perturb"
	perturbkinds "github.com/stress-ner/stress/perturb/kinds"
	"github.com/stress-ner/stress/stressset"
)

// Six real CDR development abstracts (in PubTator and in BioC, as the
// CDR release writes BioC) and four training abstracts.
var (
	levelTests = []string{"../conll/cdr/testdata/kit/gold.pubtator", "../conll/cdr/testdata/kit/gold.xml"}
	levelTrain = "../cmd/stress/testdata/cdr-train4.pubtator"
)

// runLevels runs the two baselines on test with keyboard, synonym and
// entity-swap (one new concept a concept per document) sets.
func runLevels(t *testing.T, test string, samples int) (string, *LevelResult) {
	t.Helper()
	ks, err := perturbkinds.Resolve([]string{"keyboard", "synonym", "entity-swap"}, map[string]map[string]string{"entity-swap": {"per-document": "true"}})
	if err != nil {
		t.Fatal(err)
	}
	inputs, err := stressset.Inputs([]string{test})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "r")
	ev := &LevelEvaluation{
		Plan:  stressset.Plan{Seed: 1, Selection: perturb.DefaultSelection(), Kinds: ks, Inputs: inputs, Dir: dir, Workers: 2, Version: "test"},
		Train: []string{levelTrain}, Baselines: levelBaselines, Samples: samples,
	}
	if err := ev.Check(); err != nil {
		t.Fatal(err)
	}
	res, err := ev.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return dir, res
}

// TestLevelRunScoresAsTheKit: every TP, FP and FN of a level run's
// report is the kit's count on the set's gold and the system's
// prediction (cdr.Score on the whole files, as "stress score --level"
// scores them), in PubTator and in BioC; compare --level on the same
// predictions gives the same report.
func TestLevelRunScoresAsTheKit(t *testing.T) {
	for _, test := range levelTests {
		t.Run(filepath.Ext(test), func(t *testing.T) {
			dir, res := runLevels(t, test, 50)
			js, ok := res.Document.JSON.(levelJSON)
			if !ok || len(js.Sets) != 4 || len(js.Systems) != 2 {
				t.Fatalf("report %+v", res.Document.JSON)
			}
			format := cdr.PubTator
			if filepath.Ext(test) == ".xml" {
				format = cdr.BioC
			}
			in, orig := levelInput(t, dir)
			golds := []string{orig}
			for _, o := range in.Outputs {
				golds = append(golds, filepath.Join(dir, o.File))
			}
			read := func(path string, l cdr.Level, typ string) *cdr.Keys {
				f, err := os.Open(path)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				k, err := cdr.Read(f, path, format, cdr.Options{Level: l, Types: []string{typ}})
				if err != nil {
					t.Fatal(err)
				}
				return k
			}
			var preds []compare.Predictions
			measured := 0
			for _, s := range js.Systems {
				preds = append(preds, compare.Predictions{System: s.Name, Dir: filepath.Join(dir, "pred", s.Name)})
				for _, m := range s.Measures {
					l, err := cdr.ParseLevel(m.Level)
					if err != nil {
						t.Fatal(err)
					}
					for i, set := range m.Sets {
						pred := filepath.Join(dir, "pred", s.Name, filepath.Base(golds[i]))
						want := cdr.Score(read(golds[i], l, m.Type), read(pred, l, m.Type))
						if set.TP != want.TP || set.FP != want.FP || set.FN != want.FN || set.F1 != want.F1() && !(set.F1 != set.F1 && want.F1() != want.F1()) {
							t.Errorf("%s %s %s on %s: %+v, the kit's %+v", s.Name, m.Level, m.Type, set.Set, set, want)
						}
						if i > 0 && (set.Drop == nil || set.DropLow == nil || *set.DropLow > *set.DropHigh) {
							t.Errorf("%s %s %s on %s: drop %v [%v, %v]", s.Name, m.Level, m.Type, set.Set, set.Drop, set.DropLow, set.DropHigh)
						}
						measured++
					}
				}
			}
			if measured != 2*5*4 {
				t.Errorf("%d figures, want 40", measured)
			}
			d, err := CompareLevels(dir, "", preds, nil, 50, 1)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(d.JSON, res.Document.JSON) {
				t.Errorf("compare --level:\n%+v\nrun --level:\n%+v", d.JSON, res.Document.JSON)
			}
		})
	}
}

func TestCompareLevelsErrors(t *testing.T) {
	dir, _ := runLevels(t, levelTests[0], 0)
	if _, err := CompareLevels(filepath.Join(dir, "none"), "", nil, nil, 0, 1); err == nil {
		t.Error("no build: no error")
	}
	empty := t.TempDir()
	_, err := CompareLevels(dir, "", []compare.Predictions{{System: "x", Dir: empty}}, nil, 0, 1)
	if !errors.Is(err, ErrLevelInput) || err.Error() != "level run input: system x has no prediction of set O: stat "+filepath.Join(empty, "gold.pubtator")+": no such file or directory" {
		t.Errorf("a system without predictions: %v", err)
	}
	pred := compare.Predictions{System: "dict", Dir: filepath.Join(dir, "pred", "dict")}
	if _, err := CompareLevels(dir, "", []compare.Predictions{pred, pred}, nil, 0, 1); !errors.Is(err, ErrLevelInput) || !strings.Contains(err.Error(), "system dict given twice") {
		t.Errorf("a system given twice: %v", err)
	}
	// A level given twice is scored once.
	once, err := CompareLevels(dir, "", []compare.Predictions{pred}, []cdr.Level{cdr.ID}, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	twice, err := CompareLevels(dir, "", []compare.Predictions{pred}, []cdr.Level{cdr.ID, cdr.ID}, 0, 1)
	if err != nil || !reflect.DeepEqual(once.JSON, twice.JSON) {
		t.Errorf("--level id,id: %v\n%+v\n--level id:\n%+v", err, twice.JSON, once.JSON)
	}
	// A prediction the kit refuses is refused with its file and line.
	bad := t.TempDir()
	sets, err := os.ReadDir(filepath.Join(dir, "pred", "dict"))
	if err != nil || len(sets) != 4 {
		t.Fatalf("%d sets, %v", len(sets), err)
	}
	for _, f := range sets {
		if err := os.WriteFile(filepath.Join(bad, f.Name()), []byte("6794356|t|x\n6794356\t0\t5\tx\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, err = CompareLevels(dir, "", []compare.Predictions{{System: "bad", Dir: bad}}, []cdr.Level{cdr.Mention}, 0, 1)
	if !errors.Is(err, cdr.ErrKit) || !strings.HasPrefix(err.Error(), filepath.Join(bad, "gold.pubtator")+":2:") {
		t.Errorf("a prediction the kit refuses: %v", err)
	}
}

// TestScoreChanged: the changed mentions with an id, and whether the
// system gives their ids at their spans on the original and on the set.
func TestScoreChanged(t *testing.T) {
	ann := func(text string, start int, id string) standoff.Annotation {
		return standoff.Annotation{Type: "Chemical", Text: text, Locations: []standoff.Span{{Start: start, End: start + len(text)}},
			Infons: []standoff.Infon{{Key: "identifier", Value: id}}}
	}
	doc := func(anns ...standoff.Annotation) []*standoff.Document {
		return []*standoff.Document{{ID: "1", Passages: []standoff.Passage{{Annotations: anns}}}}
	}
	pred := func(start, end int, ids ...string) cdr.Annotation {
		var norm []string // as the reader gives them
		for _, id := range ids {
			norm = append(norm, cdr.ConceptIDs(id)...)
		}
		return cdr.Annotation{Doc: "1", Start: start, End: end, Type: "Chemical", IDs: norm}
	}
	goldO := doc(ann("adrenaline", 0, "D004837"), ann("lithium", 20, "D008094"), ann("aspirin", 40, "D001241"), ann("xx", 60, "-1"))
	for _, c := range []struct {
		name        string
		gold        []*standoff.Document
		predO, pred []cdr.Annotation
		want        changedIDs
	}{
		{"synonym found", doc(ann("epinephrine", 0, "D004837"), ann("lithium", 23, "D008094"), ann("aspirin", 43, "D001241"), ann("xx", 63, "-1")),
			[]cdr.Annotation{pred(0, 10, "D004837")}, []cdr.Annotation{pred(0, 11, "MESH:D004837")}, changedIDs{1, 1, 1}},
		{"synonym lost", doc(ann("epinephrine", 0, "D004837"), ann("lithium", 23, "D008094"), ann("aspirin", 43, "D001241"), ann("xx", 63, "-1")),
			[]cdr.Annotation{pred(0, 10, "D004837")}, []cdr.Annotation{pred(0, 11, "D008094"), pred(0, 10, "D004837")}, changedIDs{1, 1, 0}},
		{"typos, a mention without id", doc(ann("adrenalnie", 0, "D004837"), ann("lihtium", 20, "D008094"), ann("aspirin", 40, "D001241"), ann("yy", 60, "-1")),
			[]cdr.Annotation{pred(0, 10, "D004837"), pred(20, 27, "D008094")}, []cdr.Annotation{pred(20, 27, "D008094")}, changedIDs{2, 2, 1}},
		{"new concept", doc(ann("adrenaline", 0, "D004837"), ann("luteolin", 20, "D047311"), ann("aspirin", 41, "D001241"), ann("xx", 61, "-1")),
			[]cdr.Annotation{pred(20, 27, "D008094")}, []cdr.Annotation{pred(20, 28, "D008094")}, changedIDs{1, 1, 0}},
		{"a new concept without id", doc(ann("adrenaline", 0, "D004837"), ann("foo", 20, "-1"), ann("aspirin", 36, "D001241"), ann("xx", 56, "-1")),
			nil, nil, changedIDs{}},
		{"documents that do not pair", []*standoff.Document{{ID: "2"}}, nil, nil, changedIDs{}},
	} {
		if got := scoreChanged(goldO, c.gold, c.predO, c.pred); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

// levelInput returns the input of the build a level run wrote in dir
// and the path of its original.
func levelInput(t *testing.T, dir string) (*stressset.Input, string) {
	t.Helper()
	b, err := stressset.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	in, err := b.Input("")
	if err != nil {
		t.Fatal(err)
	}
	orig, err := b.OriginalPath(in)
	if err != nil {
		t.Fatal(err)
	}
	return in, orig
}

// TestLevelDocumentsSumToTheKit: the bootstrap resamples the original's
// documents, so a set's counts by document over them must add up to the
// kit's counts on the whole files (a document's keys counted twice, or
// left out, would make every interval wrong).
func TestLevelDocumentsSumToTheKit(t *testing.T) {
	for _, test := range levelTests {
		dir, _ := runLevels(t, test, 0)
		in, orig := levelInput(t, dir)
		spec, format, err := levelFormat(orig)
		if err != nil {
			t.Fatal(err)
		}
		sets := []levelSet{{label: "O", file: orig, base: filepath.Base(orig)}}
		for _, out := range in.Outputs {
			sets = append(sets, levelSet{label: kindLetter(out.Kind), kind: out.Kind, file: filepath.Join(dir, out.File), base: filepath.Base(out.File)})
		}
		var systems []levelSystem
		for _, name := range levelBaselines {
			systems = append(systems, levelSystem{name: name, dir: filepath.Join(dir, "pred", name)})
		}
		sc, err := scoreLevels(cdr.Levels, spec, format, sets, systems, 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(sc.docs) != 6 {
			t.Fatalf("%s: %d documents", test, len(sc.docs))
		}
		for _, s := range sc.systems {
			for _, m := range sc.measures {
				for i, ds := range sc.scores[s][m] {
					var sum cdr.Result
					for _, d := range sc.docs {
						sum = sum.Add(ds.byDoc[d])
					}
					if sum != ds.total {
						t.Errorf("%s %s %v on %s: documents add up to %+v, the kit counts %+v", filepath.Ext(test), s, m, sets[i].label, sum, ds.total)
					}
				}
			}
		}
	}
}

// TestPerDocumentSwaps: every kind that is or composes an entity swap
// gets per-document, other kinds and options stay, and the kinds given
// are not changed.
func TestPerDocumentSwaps(t *testing.T) {
	ks := []perturb.ManifestKind{
		{Name: "keyboard", Options: map[string]string{"layout": "qwerty"}},
		{Name: "entity-swap"},
		{Name: "synonym+entity-swap", Options: map[string]string{"per-document": "false", "pool": "types"}},
	}
	got := PerDocumentSwaps(ks)
	want := []perturb.ManifestKind{
		{Name: "keyboard", Options: map[string]string{"layout": "qwerty"}},
		{Name: "entity-swap", Options: map[string]string{"per-document": "true"}},
		{Name: "synonym+entity-swap", Options: map[string]string{"per-document": "true", "pool": "types"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("PerDocumentSwaps = %+v, want %+v", got, want)
	}
	if ks[1].Options != nil || ks[2].Options["per-document"] != "false" {
		t.Errorf("the kinds given changed: %+v", ks)
	}
}
