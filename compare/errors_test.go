package compare

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/conll/score"
	"github.com/stress-ner/stress/report"
	"github.com/stress-ner/stress/stressset"
)

// TestErrorBreakdown: one sentence with each kind of error, counted by
// hand, and the same in every format.
func TestErrorBreakdown(t *testing.T) {
	// gold: aspirin(C) [acute renal failure](D) caused(O) by(O) [heparin](C) in(O) rats(O) with(O) fever(D)
	gold := sents("aspirin/B-Chemical acute/B-Disease renal/I-Disease failure/I-Disease caused/O by/O heparin/B-Chemical in/O rats/O with/O fever/B-Disease")
	// aspirin right; "renal failure" a boundary error; heparin a type
	// error; "in rats" spurious; fever missed... and "with fever" would be
	// boundary+type, so put that on a second sentence.
	pred := sents("aspirin/B-Chemical acute/O renal/B-Disease failure/I-Disease caused/O by/O heparin/B-Disease in/B-Chemical rats/I-Chemical with/O fever/O")
	gold = append(gold, sents("low/O dose/B-Chemical")...)
	pred = append(pred, sents("low/B-Disease dose/I-Disease")...)
	pred[1].Line = gold[1].Line
	c := New()
	c.Samples = 0
	if err := c.AddSet(stressset.Set{Name: "O", File: "o.tsv", Gold: gold}); err != nil {
		t.Fatal(err)
	}
	if err := c.AddPrediction("m", "O", "p.tsv", pred); err != nil {
		t.Fatal(err)
	}
	rep, err := c.Report(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := score.ErrorCounts{Correct: 1, Missed: 1, Spurious: 1, Type: 1, Boundary: 1, BoundaryType: 1}
	got := *rep.Systems[0].Results[0].Errors
	if got != want {
		t.Fatalf("errors %+v, want %+v", got, want)
	}
	o := rep.Systems[0].Results[0].Overall
	if got.Gold() != o.Gold || got.Pred() != o.Pred || got.Correct != o.Correct {
		t.Errorf("breakdown %+v does not add up to the score %+v", got, o)
	}
	for _, f := range []report.Format{report.Text, report.Markdown, report.CSV} {
		var b strings.Builder
		if err := rep.Write(&b, f); err != nil {
			t.Fatal(err)
		}
		s := b.String()
		if f == report.CSV {
			if !strings.Contains(s, "m,O,overall,5,5,1,") || !strings.HasSuffix(strings.Split(s, "\n")[1], ",1,1,1,1,1,,,,,,") {
				t.Errorf("csv:\n%s", s)
			}
			continue
		}
		if !strings.Contains(s, "Errors per system and set") || !strings.Contains(s, "boundary+type") {
			t.Errorf("format %v has no error table:\n%s", f, s)
		}
	}
}

// TestErrorBreakdownAddsUp: in every mode the kinds of error add up to
// the scorer's gold, predicted and correct counts.
func TestErrorBreakdownAddsUp(t *testing.T) {
	gold := synthGold(200, 3)
	pred := noisy(gold, 0.15, 4)
	for _, opt := range []score.EvalOptions{{}, {Mode: score.ModeStrict}, {Mode: score.ModeSemEval}, {Raw: true}} {
		// Noise makes I- after O: valid for conlleval and nervaluate,
		// read by seqeval's IOB2 as no entity; all modes accept the tags.
		c := New()
		c.Eval, c.Samples = opt, 0
		if err := c.AddSet(stressset.Set{Name: "O", File: "o", Gold: gold}); err != nil {
			t.Fatal(err)
		}
		if err := c.AddPrediction("m", "O", "p", pred); err != nil {
			t.Fatal(err)
		}
		rep, err := c.Report(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		res := rep.Systems[0].Results[0]
		e, o := res.Errors, res.Overall
		if e.Gold() != o.Gold || e.Pred() != o.Pred || e.Correct != o.Correct {
			t.Errorf("%v: breakdown %+v, score %+v", opt.Mode, *e, o)
		}
	}
}

// TestReferenceSplit: the entities a set perturbed, scored on the
// original. A synonym set has other token counts; its entities map to
// the original's by index.
func TestReferenceSplit(t *testing.T) {
	orig := sents("heart/B-Disease attack/I-Disease after/O aspirin/B-Chemical")
	syn := sents("acute/B-Disease myocardial/I-Disease infarction/I-Disease after/O aspirin/B-Chemical")
	c := New()
	c.Samples = 0
	if err := c.AddSet(stressset.Set{Name: "O", File: "o", Gold: orig}); err != nil {
		t.Fatal(err)
	}
	if err := c.AddSet(stressset.Set{Name: "S", File: "s", Gold: syn, Changed: []stressset.Span{{Sentence: 0, Start: 0, End: 3}}}); err != nil {
		t.Fatal(err)
	}
	// On O the model gets the disease right and misses aspirin; on S it
	// misses the disease and gets aspirin.
	if err := c.AddPrediction("m", "O", "po", sents("heart/B-Disease attack/I-Disease after/O aspirin/O")); err != nil {
		t.Fatal(err)
	}
	if err := c.AddPrediction("m", "S", "ps", sents("acute/O myocardial/O infarction/O after/O aspirin/B-Chemical")); err != nil {
		t.Fatal(err)
	}
	rep, err := c.Report(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	s := rep.Systems[0].Results[1]
	if s.Perturbed.F1 != 0 || s.Untouched.F1 != 100 || s.RefPerturbed == nil || s.RefPerturbed.F1 != 100 || s.RefUntouched.F1 != 0 ||
		s.RefPerturbed.Gold != 1 || s.RefUntouched.Gold != 1 {
		t.Errorf("perturbed %+v untouched %+v; on O: %+v %+v", s.Perturbed, s.Untouched, s.RefPerturbed, s.RefUntouched)
	}
	if rep.Systems[0].Results[0].RefPerturbed != nil {
		t.Error("the reference has no reference split")
	}
	var b strings.Builder
	rep.Write(&b, report.Text)
	if !strings.Contains(b.String(), "perturbed F1 on O") {
		t.Errorf("text report lacks the O columns:\n%s", b.String())
	}
}

// TestBootstrapEveryMode: intervals and the paired test in every mode
// and strict scheme; each interval holds its point estimate.
func TestBootstrapEveryMode(t *testing.T) {
	gold := synthGold(120, 5)
	a, b := noisy(gold, 0.05, 6), noisy(gold, 0.2, 7)
	for _, opt := range []score.EvalOptions{{}, {Mode: score.ModeStrict}, {Mode: score.ModeStrict, Scheme: score.StrictIOB1}, {Mode: score.ModeSemEval}} {
		c := New()
		c.Eval, c.Samples = opt, 200
		if err := c.AddSet(stressset.Set{Name: "O", File: "o", Gold: gold}); err != nil {
			t.Fatal(err)
		}
		for name, p := range map[string][]conll.Sentence{"a": a, "b": b} {
			if err := c.AddPrediction(name, "O", name, p); err != nil {
				t.Fatal(err)
			}
		}
		rep, err := c.Report(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if rep.Mode != opt.Mode.String() {
			t.Errorf("mode %q", rep.Mode)
		}
		for _, sys := range rep.Systems {
			o := sys.Results[0].Overall
			if o.F1CI == nil || o.F1CI.Low > o.F1 || o.F1CI.High < o.F1 {
				t.Errorf("%v %s: F1 %v interval %+v", opt, sys.Name, o.F1, o.F1CI)
			}
		}
		if len(rep.Comparisons) != 1 || rep.Comparisons[0].P < 0 || rep.Comparisons[0].P > 1 || rep.Comparisons[0].Diff.CI == nil {
			t.Errorf("%v: comparisons %+v", opt, rep.Comparisons)
		}
	}
}

// TestRefusesWhatTheModeRefuses: tags seqeval raises on (strict mode)
// or nervaluate refuses (semeval mode) stop the comparison with
// file:line.
func TestRefusesWhatTheModeRefuses(t *testing.T) {
	gold := sents("a/B-X b/I-X")
	for _, tc := range []struct {
		opt  score.EvalOptions
		pred string
		want error
	}{
		{score.EvalOptions{Mode: score.ModeStrict}, "a/B-X b/E-X", score.ErrSchemeTag},
		{score.EvalOptions{Mode: score.ModeSemEval}, "a/S-X b/O", score.ErrSemEvalTag},
	} {
		c := New()
		c.Eval = tc.opt
		if err := c.AddSet(stressset.Set{Name: "O", File: "o", Gold: gold}); err != nil {
			t.Fatal(err)
		}
		err := c.AddPrediction("m", "O", "p.tsv", sents(tc.pred))
		if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), "p.tsv:1") {
			t.Errorf("%v: %v", tc.opt.Mode, err)
		}
	}
}
