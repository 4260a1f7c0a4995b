package compare

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/conll/score"
	"github.com/stress-ner/stress/report"
	"github.com/stress-ner/stress/stressset"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

// tiny is a hand-checked comparison. Gold has 4 entities in 3 sentences.
// System "good" finds all on O; on K it misses the Disease of sentence 2
// (whose token was changed) and keeps the rest.
func tiny(t *testing.T, samples int) *Report {
	t.Helper()
	gold := sents(
		"aspirin/B-Chemical causes/O ulcers/B-Disease",
		"heart/B-Disease attack/I-Disease risk/O",
		"no/O entity/O",
		"iron/B-Chemical",
	)
	c := New()
	c.Samples = samples
	must(t, c.AddSet(stressset.Set{Name: "O", File: "o.tsv", Gold: gold}))
	must(t, c.AddSet(stressset.Set{Name: "K", File: "k.tsv", Gold: gold, Changed: []stressset.Span{{Sentence: 1, Start: 0, End: 1}}}))
	must(t, c.AddPrediction("good", "O", "good/o.tsv", gold))
	must(t, c.AddPrediction("good", "K", "good/k.tsv", sents(
		"aspirin/B-Chemical causes/O ulcers/B-Disease",
		"heart/O attack/B-Disease risk/O",
		"no/O entity/O",
		"iron/B-Chemical",
	)))
	must(t, c.AddPrediction("weak", "O", "weak/o.tsv", sents(
		"aspirin/B-Chemical causes/O ulcers/O",
		"heart/B-Disease attack/I-Disease risk/O",
		"no/O entity/B-Chemical",
		"iron/B-Chemical",
	)))
	rep, err := c.Report(context.Background())
	must(t, err)
	return rep
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestHandComputed(t *testing.T) {
	rep := tiny(t, 0)
	o := rep.result("good", "O")
	k := rep.result("good", "K")
	w := rep.result("weak", "O")
	// good on K: gold 4, pred 4 ("attack" alone is a Disease), correct 3.
	if k.Overall.Gold != 4 || k.Overall.Pred != 4 || k.Overall.Correct != 3 || !near(k.Overall.F1, 75) {
		t.Errorf("good/K overall = %+v, want 4/4/3, F1 75", k.Overall)
	}
	if !near(o.Overall.F1, 100) || o.Drop != nil {
		t.Errorf("good/O = %+v drop %v, want F1 100, no drop", o.Overall, o.Drop)
	}
	if k.Drop == nil || !near(k.Drop.Value, 25) {
		t.Errorf("good/K drop = %+v, want 25%%", k.Drop)
	}
	// Token 0 of sentence 2 ("heart") was changed: the gold "heart
	// attack" covers it, the predicted "attack" does not.
	if k.Perturbed == nil || k.Perturbed.Gold != 1 || k.Perturbed.Pred != 0 || k.Perturbed.Correct != 0 {
		t.Errorf("good/K perturbed = %+v, want gold 1 pred 0 correct 0", k.Perturbed)
	}
	if k.Untouched.Gold != 3 || k.Untouched.Pred != 4 || k.Untouched.Correct != 3 {
		t.Errorf("good/K untouched = %+v, want 3/4/3", k.Untouched)
	}
	if o.Perturbed != nil {
		t.Errorf("good/O has a perturbed score without change log")
	}
	// weak on O: gold 4, pred 4, correct 3; per type Chemical 2/3/2,
	// Disease 2/1/1.
	if w.Overall.Gold != 4 || w.Overall.Pred != 4 || w.Overall.Correct != 3 {
		t.Errorf("weak/O = %+v", w.Overall)
	}
	want := map[string][3]int{"Chemical": {2, 3, 2}, "Disease": {2, 1, 1}}
	for _, ts := range w.Types {
		if got := [3]int{ts.Gold, ts.Pred, ts.Correct}; got != want[ts.Type] {
			t.Errorf("weak/O %s = %v, want %v", ts.Type, got, want[ts.Type])
		}
	}
	// Confusion of good/K: tokens heart B→O, attack I→B; all else right.
	m := k.Confusion.Overall
	if m != (Matrix{{3, 0, 1}, {1, 0, 0}, {0, 0, 4}}) {
		t.Errorf("good/K confusion = %v", m)
	}
	if n := m.Normalized(); !near(n[0][0], 0.75) || !near(n[1][0], 1) || !near(n[2][2], 1) {
		t.Errorf("normalized = %v", n)
	}
	var dis Matrix
	for _, tm := range k.Confusion.Types {
		if tm.Type == "Disease" {
			dis = tm.Matrix
		}
	}
	if dis != (Matrix{{1, 0, 1}, {1, 0, 0}, {0, 0, 6}}) {
		t.Errorf("good/K Disease confusion = %v", dis)
	}
	if len(rep.Comparisons) != 1 || rep.Comparisons[0].Set != "O" || !near(rep.Comparisons[0].Diff.Value, 25) {
		t.Errorf("comparisons = %+v", rep.Comparisons)
	}
}

func TestBootstrapDeterministicAndSensible(t *testing.T) {
	a := tiny(t, 500)
	b := tiny(t, 500)
	ja, jb := new(bytes.Buffer), new(bytes.Buffer)
	must(t, a.Write(ja, report.JSON))
	must(t, b.Write(jb, report.JSON))
	if ja.String() != jb.String() {
		t.Fatal("same seed, different reports")
	}
	k := a.result("good", "K")
	iv := k.Overall.F1CI
	if iv == nil || iv.Low > k.Overall.F1 || iv.High < k.Overall.F1 || iv.Low >= iv.High {
		t.Errorf("good/K F1 %v, CI %+v: must contain the estimate and be non-degenerate", k.Overall.F1, iv)
	}
	// good is perfect on O: every resample gives 100.
	if ci := a.result("good", "O").Overall.F1CI; ci == nil || ci.Low != 100 || ci.High != 100 {
		t.Errorf("good/O CI = %+v, want [100, 100]", ci)
	}
	// The drop is 0 on resamples without sentence 2, and positive
	// otherwise; it can never be negative here.
	if d := k.Drop.CI; d == nil || d.Low < 0 || d.High <= 0 || d.Low > k.Drop.Value || d.High < k.Drop.Value {
		t.Errorf("drop CI = %+v around %v", d, k.Drop.Value)
	}
	if p := a.Comparisons[0].P; p <= 0 || p > 1 {
		t.Errorf("p = %v", p)
	}
}

func TestWorkersDoNotChangeResults(t *testing.T) {
	var out []string
	for _, w := range []int{1, 2, 5} {
		c := benchComparer(t, 200)
		c.Samples, c.Workers = 101, w
		rep, err := c.Report(context.Background())
		must(t, err)
		var b bytes.Buffer
		must(t, rep.Write(&b, report.JSON))
		out = append(out, b.String())
	}
	if out[0] != out[1] || out[0] != out[2] {
		t.Error("results depend on the number of workers")
	}
}

// TestAgreesWithScorer checks the invariant that makes compare's figures
// those of "stress score": point estimates are sums of EvalSentence, and
// the perturbed/untouched split and the confusion matrices add up to them.
func TestAgreesWithScorer(t *testing.T) {
	gold := synthGold(400, 3)
	for _, mode := range []score.Mode{score.ModeConlleval, score.ModeStrict} {
		for seed := range uint64(5) {
			pred := noisy(gold, 0.1, seed)
			var changes []stressset.Span
			for i := 0; i < len(gold); i += 2 {
				changes = append(changes, stressset.Span{Sentence: i, Start: int(seed) % len(gold[i].Tokens), End: len(gold[i].Tokens)})
			}
			c := New()
			c.Samples = 0
			c.Eval.Mode = mode
			must(t, c.AddSet(stressset.Set{Name: "X", Gold: gold, Changed: changes}))
			must(t, c.AddPrediction("s", "X", "p", pred))
			rep, err := c.Report(context.Background())
			must(t, err)
			var want score.Counts
			for i := range gold {
				want.Add(score.EvalSentence(gold[i].Tags, pred[i].Tags, c.Eval))
			}
			r := rep.Systems[0].Results[0]
			o := want.Overall()
			if r.Overall.Gold != o.Gold || r.Overall.Pred != o.Pred || r.Overall.Correct != o.Correct || r.Overall.F1 != o.F1() {
				t.Errorf("mode %d seed %d: overall %+v, scorer %+v", mode, seed, r.Overall, o)
			}
			if r.Perturbed.Gold+r.Untouched.Gold != o.Gold || r.Perturbed.Pred+r.Untouched.Pred != o.Pred || r.Perturbed.Correct+r.Untouched.Correct != o.Correct {
				t.Errorf("mode %d seed %d: split %+v + %+v != %+v", mode, seed, r.Perturbed, r.Untouched, o)
			}
			total := 0
			for _, row := range r.Confusion.Overall {
				for _, v := range row {
					total += v
				}
			}
			if total != want.Tokens {
				t.Errorf("confusion counts %d tokens, want %d", total, want.Tokens)
			}
			for _, tm := range r.Confusion.Types {
				n := 0
				for _, row := range tm.Matrix {
					for _, v := range row {
						n += v
					}
				}
				if n != want.Tokens {
					t.Errorf("%s confusion counts %d tokens, want %d", tm.Type, n, want.Tokens)
				}
			}
		}
	}
}

func TestBadInput(t *testing.T) {
	gold := sents("a/O b/B-X", "c/O")
	for _, tc := range []struct {
		name string
		run  func(c *Comparer) error
		is   error
		msg  string
	}{
		{"fewer sentences", func(c *Comparer) error { return c.AddPrediction("s", "O", "p.tsv", sents("a/O b/O")) }, ErrMismatch, "p.tsv: 1 sentences, gold g.tsv has 2"},
		{"fewer tokens", func(c *Comparer) error {
			return c.AddPrediction("s", "O", "p.tsv", sents("a/O", "c/O"))
		}, ErrMismatch, "p.tsv:1: sentence 1 has 1 tokens, gold g.tsv:1 has 2"},
		{"other token", func(c *Comparer) error {
			return c.AddPrediction("s", "O", "p.tsv", sents("a/O b/O", "d/O"))
		}, ErrMismatch, `p.tsv:4: token 1 of sentence 2 is "d", gold g.tsv:4 has "c"`},
		{"unknown set", func(c *Comparer) error { return c.AddPrediction("s", "K", "p.tsv", gold) }, ErrUnknownSet, ""},
		{"twice", func(c *Comparer) error {
			must(t, c.AddPrediction("s", "O", "p.tsv", gold))
			return c.AddPrediction("s", "O", "p.tsv", gold)
		}, ErrDuplicate, ""},
		{"change outside", func(c *Comparer) error {
			return c.AddSet(stressset.Set{Name: "K", Gold: gold, Changed: []stressset.Span{{Sentence: 1, Start: 0, End: 2}}})
		}, ErrChangeLog, ""},
		{"unaligned set", func(c *Comparer) error {
			must(t, c.AddSet(stressset.Set{Name: "K", File: "k.tsv", Gold: gold[:1]}))
			must(t, c.AddPrediction("s", "O", "p.tsv", gold))
			_, err := c.Report(context.Background())
			return err
		}, ErrMismatch, "stress sets must align"},
		{"nothing", func(c *Comparer) error { _, err := c.Report(context.Background()); return err }, ErrNoData, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := New()
			must(t, c.AddSet(stressset.Set{Name: "O", File: "g.tsv", Gold: gold}))
			err := tc.run(c)
			if !errors.Is(err, tc.is) || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("err = %v, want %v containing %q", err, tc.is, tc.msg)
			}
		})
	}
}

// The HTML golden ends in .golden: it is expected output, not source,
// and tools that read *.html as code should not take it for some.
func TestGolden(t *testing.T) {
	rep := tiny(t, 200)
	for _, g := range []struct {
		file string
		f    report.Format
	}{{"tiny.txt", report.Text}, {"tiny.md", report.Markdown}, {"tiny.json", report.JSON}, {"tiny.csv", report.CSV}, {"tiny.html.golden", report.HTML}} {
		var b bytes.Buffer
		must(t, rep.Write(&b, g.f))
		path := filepath.Join("testdata", g.file)
		if *update {
			must(t, os.WriteFile(path, b.Bytes(), 0o644))
			continue
		}
		want, err := os.ReadFile(path)
		must(t, err)
		if !bytes.Equal(b.Bytes(), want) {
			t.Errorf("%s differs from golden (run go test -update):\n%s", g.file, b.String())
		}
	}
}

func TestPercentile(t *testing.T) {
	xs := []float64{5, 1, math.NaN(), 3, 2, 4}
	iv, ok := percentile(xs, 0.5)
	if !ok || !near(iv.Low, 2) || !near(iv.High, 4) {
		t.Errorf("percentile = %+v %v, want [2, 4]", iv, ok)
	}
	if _, ok := percentile([]float64{math.NaN()}, 0.05); ok {
		t.Error("all-NaN gave an interval")
	}
}

// A "|" in a system name is escaped in Markdown: every row of a table
// keeps the header's number of cells.
func TestMarkdownEscapesCells(t *testing.T) {
	gold := sents("aspirin/B-Chemical causes/O ulcers/B-Disease")
	c := New()
	c.Samples = 0
	must(t, c.AddSet(stressset.Set{Name: "O", File: "o.tsv", Gold: gold}))
	must(t, c.AddPrediction("a|b", "O", "p/o.tsv", gold))
	rep, err := c.Report(context.Background())
	must(t, err)
	var b strings.Builder
	must(t, rep.Write(&b, report.Markdown))
	if !strings.Contains(b.String(), `a\|b`) {
		t.Fatalf("no escaped name in:\n%s", b.String())
	}
	cells := -1
	for _, line := range strings.Split(b.String(), "\n") {
		if !strings.HasPrefix(line, "|") {
			cells = -1
			continue
		}
		n := strings.Count(strings.ReplaceAll(line, `\|`, ""), "|")
		if cells >= 0 && n != cells {
			t.Fatalf("row %q has %d separators, the table %d", line, n, cells)
		}
		cells = n
	}
}

// TestOptionLimits: samples and workers beyond their limits are refused
// before anything is allocated (issue 25, F18: --samples 100000000 grew
// to 23.8 GB); at the limit they are taken.
func TestOptionLimits(t *testing.T) {
	gold := sents("aspirin/B-Chemical causes/O ulcers/B-Disease")
	for _, tt := range []struct {
		samples, workers int
		ok               bool
	}{
		{MaxSamples + 1, 0, false},
		{100_000_000, 0, false},
		{-1, 0, false},
		{10, maxWorkers + 1, false},
		{10, maxWorkers, true},
		{0, 0, true},
	} {
		c := New()
		c.Samples, c.Workers = tt.samples, tt.workers
		must(t, c.AddSet(stressset.Set{Name: "O", File: "o.tsv", Gold: gold}))
		must(t, c.AddPrediction("s", "O", "s.tsv", gold))
		_, err := c.Report(context.Background())
		if (err == nil) != tt.ok || (err != nil && !errors.Is(err, ErrOption)) {
			t.Errorf("samples %d, workers %d: err = %v", tt.samples, tt.workers, err)
		}
	}
}

// TestNotMeasured: a set that changed under 1% of its gold mentions
// (stressset.Set.NotMeasured) has no drop in any format; text, Markdown
// and HTML say "not measured" with the share it changed, JSON marks it
// and keeps mentions_replaced even at 0, CSV leaves its drop cells
// empty (issue 26).
func TestNotMeasured(t *testing.T) {
	gold := sents("BRCA1/B-GENE is/O mutated/O", "p53/B-GENE binds/O DNA/O")
	pred := sents("BRCA1/B-GENE is/O mutated/O", "p53/O binds/O DNA/O")
	c := New()
	c.Samples = 50
	must(t, c.AddSet(stressset.Set{Name: "O", File: "o.tsv", Gold: gold}))
	must(t, c.AddSet(stressset.Set{Name: "synonym", File: "s.tsv", Gold: gold, Changed: []stressset.Span{},
		NotMeasured: true, Replaced: 0, Mentions: 2}))
	must(t, c.AddSet(stressset.Set{Name: "K", File: "k.tsv", Gold: gold, Changed: []stressset.Span{{Sentence: 1, Start: 0, End: 1}}}))
	for _, set := range []string{"O", "synonym", "K"} {
		p := gold
		if set == "K" {
			p = pred
		}
		must(t, c.AddPrediction("sys", set, set+".tsv", p))
	}
	rep, err := c.Report(context.Background())
	must(t, err)
	for _, res := range rep.Systems[0].Results {
		if (res.Set == "K") != (res.Drop != nil) {
			t.Errorf("set %s: drop %v", res.Set, res.Drop)
		}
		for _, ts := range res.Types {
			if (res.Set == "K") != (ts.Drop != nil) {
				t.Errorf("set %s, type %s: drop %v", res.Set, ts.Type, ts.Drop)
			}
		}
	}
	for _, f := range []report.Format{report.Text, report.Markdown} {
		var b bytes.Buffer
		must(t, rep.Write(&b, f))
		if !strings.Contains(b.String(), "not measured") || !strings.Contains(b.String(), "synonym not measured: it changed 0 of 2 gold mentions") {
			t.Errorf("format %v says nothing of the set not measured:\n%s", f, b.String())
		}
	}
	var b bytes.Buffer
	must(t, rep.Write(&b, report.CSV))
	if !strings.Contains(b.String(), "sys,synonym,overall,2,2,2,100,100,100,100,100,,,,") {
		t.Errorf("CSV:\n%s", b.String())
	}
	b.Reset()
	must(t, rep.Write(&b, report.JSON))
	if !strings.Contains(b.String(), `"not_measured": true`) || !strings.Contains(b.String(), `"mentions_replaced": 0`) ||
		strings.Count(b.String(), `"drop"`) != 2 { // K's, overall and for GENE; none for synonym
		t.Errorf("JSON:\n%s", b.String())
	}
	b.Reset()
	must(t, rep.Write(&b, report.HTML))
	if !strings.Contains(b.String(), "synonym not measured") || !strings.Contains(b.String(), "<td class=\"num\">not measured</td>") {
		t.Error("HTML says nothing of the set not measured")
	}
}

// TestPValueIgnoresNames: the randomization test's p depends on the seed
// and the set, not on what the systems are called nor on their order
// (issue 33: the same predictions gave p 0.023 named bilstmA,bilstmB/cmd2
// and 0.032 named bilstmA/bilstmB).
func TestPValueIgnoresNames(t *testing.T) {
	n := 300
	gold := synthGold(n, 1)
	report := func(names [2]string, swap bool) map[string]float64 {
		c := New()
		c.Samples = 999
		must(t, c.AddSet(stressset.Set{Name: "O", File: "O.tsv", Gold: gold}))
		preds := [2][]conll.Sentence{noisy(gold, 0.05, 7), noisy(gold, 0.08, 8)}
		order := []int{0, 1}
		if swap {
			order = []int{1, 0}
		}
		for _, i := range order {
			must(t, c.AddPrediction(names[i], "O", names[i]+".pred", preds[i]))
		}
		rep, err := c.Report(context.Background())
		must(t, err)
		if len(rep.Comparisons) != 1 {
			t.Fatalf("comparisons %+v", rep.Comparisons)
		}
		return map[string]float64{"p": rep.Comparisons[0].P}
	}
	want := report([2]string{"bilstmA", "bilstmB"}, false)
	for _, tc := range []struct {
		names [2]string
		swap  bool
	}{
		{[2]string{"bilstmA,bilstmB", "cmd2"}, false},
		{[2]string{"zeta", "alpha"}, false},
		{[2]string{"a", "b"}, true},
	} {
		if got := report(tc.names, tc.swap); got["p"] != want["p"] {
			t.Errorf("%v (swapped %v): p %v, want %v as for bilstmA/bilstmB", tc.names, tc.swap, got["p"], want["p"])
		}
	}
}

func TestPDigits(t *testing.T) {
	for _, tc := range []struct{ n, want int }{{0, 1}, {10, 1}, {100, 1}, {999, 2}, {1000, 2}, {10000, 2}, {100000, 3}} {
		if got := pDigits(tc.n); got != tc.want {
			t.Errorf("PDigits(%d) = %d, want %d", tc.n, got, tc.want)
		}
	}
	if got := pval(Comparison{P: 0.0234567}, 1000); got != "0.02" {
		t.Errorf("pval = %q, want 0.02", got)
	}
	if got := pval(Comparison{P: 1.0 / 1001, PFloor: true}, 1000); got != "< 0.001" {
		t.Errorf("pval at the floor = %q", got)
	}
}

// TestTypeNotMeasured: a set that changed a type's mentions under
// minChangedShare (a BioRED gene type under synonym) says "not measured"
// for that type in every format, never a drop of 0.00 [0.00, 0.00]; a
// type it changed keeps its drop (issue 33, item 1).
func TestTypeNotMeasured(t *testing.T) {
	var lines []string
	for range 20 {
		lines = append(lines, "aspirin/B-Chemical treats/O BRCA1/B-Gene pain/O")
	}
	gold := sents(lines...)
	var changes []stressset.Span
	for i := range 10 { // half the Chemical mentions, no Gene
		changes = append(changes, stressset.Span{Sentence: i, Start: 0, End: 1})
	}
	pred := make([]conll.Sentence, len(gold))
	for i, s := range gold {
		pred[i] = s.Clone()
		if i < 5 {
			pred[i].Tags[0] = "O" // the system misses some changed mentions
		}
	}
	c := New()
	c.Samples = 50
	must(t, c.AddSet(stressset.Set{Name: "O", File: "o.tsv", Gold: gold}))
	must(t, c.AddSet(stressset.Set{Name: "synonym", File: "s.tsv", Gold: gold, Changed: changes, Mentions: 40, Replaced: 10}))
	must(t, c.AddPrediction("sys", "O", "o.pred", gold))
	must(t, c.AddPrediction("sys", "synonym", "s.pred", pred))
	rep, err := c.Report(context.Background())
	must(t, err)
	for _, res := range rep.Systems[0].Results {
		if res.Set != "synonym" {
			continue
		}
		for _, ts := range res.Types {
			if want := ts.Type == "Gene"; ts.NotMeasured != want || (ts.Drop == nil) != want {
				t.Errorf("type %s: not measured %v, drop %v", ts.Type, ts.NotMeasured, ts.Drop)
			}
		}
	}
	for _, f := range []report.Format{report.Text, report.Markdown, report.HTML, report.JSON, report.CSV} {
		var b bytes.Buffer
		must(t, rep.Write(&b, f))
		s := b.String()
		if strings.Contains(s, "0.00 [0.00, 0.00]") {
			t.Errorf("format %v prints a drop of 0.00 [0.00, 0.00]:\n%s", f, s)
		}
		want := map[report.Format]string{report.JSON: `"not_measured": true`, report.CSV: "sys,synonym,type:Gene,20,20,20,100,100,100,100,100,,,,,,,,,,true"}[f]
		if want == "" {
			want = "not measured"
		}
		if !strings.Contains(s, want) {
			t.Errorf("format %v lacks %q:\n%s", f, want, s)
		}
	}
}

// TestHeadlineEveryKind: the report's first table gives, for every set
// with a change log and every system, F1 on the changed mentions beside
// the same mentions on the reference and their difference with its
// paired interval, whatever the kind (K and W too, not only the kinds
// that replace mentions); the reference has no row of its own (issue 33,
// item 2).
func TestHeadlineEveryKind(t *testing.T) {
	const n = 300
	gold := synthGold(n, 3)
	c := New()
	c.Samples = 100
	c.Describe = func(set string) SetDescription {
		return SetDescription{Kind: set, Mentions: set == "synonym" || set == "entity-swap"}
	}
	sets := []string{"O", "keyboard", "swap", "synonym", "entity-swap", "attack"}
	for k, set := range sets {
		var changes []stressset.Span
		if set != "O" {
			for i := k % 2; i < n; i += 2 { // half the sentences, every token
				changes = append(changes, stressset.Span{Sentence: i, Start: 0, End: len(gold[i].Tokens)})
			}
		}
		must(t, c.AddSet(stressset.Set{Name: set, File: set + ".tsv", Gold: gold, Changed: changes}))
	}
	systems := []string{"words", "chars"}
	for si, sys := range systems {
		for k, set := range sets {
			must(t, c.AddPrediction(sys, set, set+".pred", noisy(gold, 0.03+0.02*float64(k+si), uint64(10*si+k))))
		}
	}
	rep, err := c.Report(context.Background())
	must(t, err)
	d := rep.Document()
	head, ok := d.Sections[0].(*report.Table)
	if !ok || head.ID != "headline" {
		t.Fatalf("first section %T %+v, want the headline", d.Sections[0], d.Sections[0])
	}
	col := func(name string) int {
		i := slices.Index(head.Header, name)
		if i < 0 {
			t.Fatalf("headline has no column %q: %q", name, head.Header)
		}
		return i
	}
	pf, rf, diff := col("changed mentions: F1 [CI]"), col("same on O"), col("difference [CI]")
	rows := 0
	set := ""
	for _, row := range head.Rows {
		if row[0] != "" {
			set = row[0]
		}
		if set == "O" {
			t.Errorf("the reference has a row: %q", row)
		}
		rows++
		if row[pf] == "-" || row[rf] == "-" || row[diff] == "-" {
			t.Errorf("set %s: no changed-mention F1, reference or difference: %q", set, row)
		}
		if !strings.Contains(row[diff], "[") {
			t.Errorf("set %s: no paired interval on the difference: %q", set, row[diff])
		}
	}
	if want := (len(sets) - 1) * len(systems); rows != want {
		t.Errorf("%d headline rows, want %d (a row per set but the reference and system)", rows, want)
	}
	for _, sys := range rep.Systems {
		for _, res := range sys.Results {
			if res.Set == "O" {
				continue
			}
			if res.ChangedDiff == nil || res.ChangedDiff.CI == nil {
				t.Errorf("%s on %s: no changed difference with an interval", sys.Name, res.Set)
			} else if want := res.Perturbed.F1 - res.RefPerturbed.F1; math.Abs(res.ChangedDiff.Value-want) > 1e-9 {
				t.Errorf("%s on %s: difference %v, want %v", sys.Name, res.Set, res.ChangedDiff.Value, want)
			}
		}
	}
}
