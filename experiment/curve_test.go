package experiment

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/report"
	"github.com/stress-ner/stress/sample"
	"github.com/stress-ner/stress/stressset"
	"github.com/stress-ner/stress/tagger"
)

func keyboardKind(t testing.TB) perturb.ManifestKind {
	t.Helper()
	k, err := perturb.Lookup("keyboard")
	if err != nil {
		t.Fatal(err)
	}
	opts, err := k.Resolve(nil)
	if err != nil {
		t.Fatal(err)
	}
	return perturb.ManifestKind{Name: k.Name, Suffix: k.Suffix, Options: opts}
}

// TestCurveSets checks that the set at rate 1 is the kind's ordinary
// stress set (what a build writes) and that lower rates change fewer
// tokens, each a subset of the tokens eligible at rate 1.
func TestCurveSets(t *testing.T) {
	test, err := sample.Test()
	if err != nil {
		t.Fatal(err)
	}
	c := &Curve{Kinds: []perturb.ManifestKind{keyboardKind(t)}, Rates: []float64{0.25, 1},
		Seed: 1, Selection: perturb.DefaultSelection(), Workers: 2}
	sets, points, err := c.Sets(context.Background(), test)
	if err != nil {
		t.Fatal(err)
	}
	if len(sets) != 3 || len(points) != 2 || sets[0].Name != originalSet || points[1].Set != "keyboard@1" {
		t.Fatalf("sets %d, points %+v", len(sets), points)
	}
	// Rate 1 through perturb.ApplySentences, as "stress perturb" does.
	var buf bytes.Buffer
	k, _ := perturb.Lookup("keyboard")
	if _, err := perturb.ApplySentences(context.Background(), k, perturb.ApplyOptions{Seed: 1},
		&conll.SliceReader{Sentences: test}, conll.NewWriter(&buf)); err != nil {
		t.Fatal(err)
	}
	want, err := conll.ReadAll(conll.NewReader(&buf))
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if !slices.Equal(sets[2].Gold[i].Tokens, want[i].Tokens) {
			t.Fatalf("sentence %d at rate 1: %v, want %v", i+1, sets[2].Gold[i].Tokens, want[i].Tokens)
		}
	}
	if n25, n1 := len(sets[1].Changed), len(sets[2].Changed); !(n25 > 0 && n25*3 < n1) {
		t.Errorf("changes at rate 0.25: %d, at 1: %d", n25, n1)
	}
	for _, ch := range sets[1].Changed {
		if !slices.ContainsFunc(sets[2].Changed, func(o stressset.Span) bool { return o == ch }) {
			t.Errorf("rate 0.25 changes %+v, not changed at rate 1", ch)
		}
	}
}

func TestCurveValidate(t *testing.T) {
	kb := keyboardKind(t)
	for _, rates := range [][]float64{nil, {0}, {1.5}, {0.5, 0.5}, {-0.1}} {
		c := &Curve{Kinds: []perturb.ManifestKind{kb}, Rates: rates, Selection: perturb.DefaultSelection()}
		if _, _, err := c.Sets(context.Background(), corpus()); err == nil {
			t.Errorf("rates %v accepted", rates)
		}
	}
	c := &Curve{Kinds: []perturb.ManifestKind{{Name: "nosuch"}}, Rates: []float64{1}, Selection: perturb.DefaultSelection()}
	if _, _, err := c.Sets(context.Background(), corpus()); !errors.Is(err, perturb.ErrUnknownKind) {
		t.Errorf("unknown kind: %v", err)
	}
}

// TestCurveReport runs a curve end to end on the sample with a words
// model and checks every format.
func TestCurveReport(t *testing.T) {
	train, err := sample.Train()
	if err != nil {
		t.Fatal(err)
	}
	test, err := sample.Test()
	if err != nil {
		t.Fatal(err)
	}
	m, err := tagger.Train(train, tagger.Options{Features: tagger.Words, Epochs: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	c := &Curve{Kinds: []perturb.ManifestKind{keyboardKind(t)}, Rates: []float64{0.5, 1},
		Seed: 1, Selection: perturb.DefaultSelection(), Workers: 2}
	sets, points, err := c.Sets(context.Background(), test)
	if err != nil {
		t.Fatal(err)
	}
	cmp := compare.New()
	cmp.Samples = 50
	rep, err := Evaluate(context.Background(), cmp, sets, []System{{Name: "words", Model: "words", Tagger: m}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	cr, err := newCurveReport(c, rep, points)
	if err != nil {
		t.Fatal(err)
	}
	if len(cr.Points) != 3 || cr.Points[0].Rate != 0 || cr.Points[2].Set != "keyboard@1" {
		t.Fatalf("points %+v", cr.Points)
	}
	for _, p := range cr.Points {
		if p.F1CI == nil || !(p.F1CI.Low <= p.F1 && p.F1 <= p.F1CI.High) {
			t.Errorf("point %+v: F1 outside its interval", p)
		}
	}
	// Words memorised its training words: typos in every eligible word
	// cost it F1.
	if !(cr.Points[2].F1 < cr.Points[0].F1) {
		t.Errorf("F1 %.2f at rate 1, %.2f at 0", cr.Points[2].F1, cr.Points[0].F1)
	}
	var text, md, csvOut, js, page bytes.Buffer
	for f, w := range map[report.Format]*bytes.Buffer{report.Text: &text, report.Markdown: &md, report.CSV: &csvOut, report.JSON: &js} {
		if err := cr.Write(w, f); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(text.String(), "keyboard: F1 by rate") || !strings.Contains(text.String(), "words") {
		t.Errorf("text:\n%s", text.String())
	}
	if !strings.Contains(md.String(), "| system | 0 (O) | 0.5 | 1 |") {
		t.Errorf("markdown:\n%s", md.String())
	}
	lines := strings.Split(strings.TrimSpace(csvOut.String()), "\n")
	if len(lines) != 4 || lines[0] != "system,kind,rate,set,f1,f1_low,f1_high" || !strings.HasPrefix(lines[3], "words,keyboard,1,keyboard@1,") {
		t.Errorf("csv:\n%s", csvOut.String())
	}
	var back CurveReport
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || len(back.Points) != 3 || back.Points[1].F1 != cr.Points[1].F1 {
		t.Errorf("json round trip: %v %+v", err, back.Points)
	}
	if err := cr.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(page.String(), "<polyline"); n != 1 || !strings.Contains(page.String(), "<svg") {
		t.Errorf("html has %d lines", n)
	}
	var html bytes.Buffer
	if err := cr.Write(&html, report.HTML); err != nil || html.String() != page.String() {
		t.Errorf("Write(html) differs from WriteHTML: %v", err)
	}
}

// TestCurveRun runs a curve end to end with an external tagger that
// tags everything O (F1 0 on every set) and checks the report, the log
// and the HTML page.
func TestCurveRun(t *testing.T) {
	test, err := ReadTest(conll.Opener{}, sample.TestName, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := &Curve{Kinds: []perturb.ManifestKind{keyboardKind(t)}, Rates: []float64{0.5, 1},
		Seed: 1, Selection: perturb.DefaultSelection(), Workers: 2}
	var logged []string
	sys := &Systems{Commands: []string{allO, unknown}, Names: []string{"zero", "drug"},
		Logf: func(format string, a ...any) { logged = append(logged, fmt.Sprintf(format, a...)) }}
	cr, warnings, err := c.Run(context.Background(), test, sys, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(cr.Systems, []string{"zero", "drug"}) || !slices.Equal(cr.Rates, []float64{0.5, 1}) ||
		len(cr.Points) != 2*3 {
		t.Fatalf("report systems %q, rates %v, %d points", cr.Systems, cr.Rates, len(cr.Points))
	}
	for _, p := range cr.Points {
		if p.F1 != 0 {
			t.Errorf("point %+v: F1 of an all-O tagger is not 0", p)
		}
	}
	if len(warnings) != 1 || !strings.HasPrefix(warnings[0], "drug: ") {
		t.Errorf("warnings %q", warnings)
	}
	if len(logged) != 2 || logged[0] != "building keyboard at rates 0.5, 1 from "+strconv.Itoa(len(test))+" sentences" {
		t.Errorf("log %q", logged)
	}
	path := filepath.Join(t.TempDir(), "curve.html")
	if err := cr.WriteHTMLFile(path, false); err != nil {
		t.Fatal(err)
	}
	if page, err := os.ReadFile(path); err != nil || !bytes.Contains(page, []byte("<svg")) {
		t.Errorf("html page: %v, %d bytes", err, len(page))
	}
	// A bad system name is refused before anything is tagged.
	sys.Names = []string{"a/b"}
	if _, _, err := c.Run(context.Background(), test, sys, 0); !errors.Is(err, ErrOption) {
		t.Errorf("bad name: %v, want ErrOption", err)
	}
}

func TestReadTest(t *testing.T) {
	dir := t.TempDir()
	iobes := filepath.Join(dir, "e.tsv")
	if err := os.WriteFile(iobes, []byte("Aspirin\tS-Chemical\nhelps\tO\n\nNo\tO\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := ReadTest(conll.Opener{}, iobes, iob.IOBES, nil)
	if err != nil || len(got) != 2 || got[0].Tags[0] != "B-Chemical" {
		t.Fatalf("IOBES test: %v, %v", got, err)
	}
	if _, err := ReadTest(conll.Opener{}, iobes, iob.IOB2, nil); err == nil {
		t.Error("IOBES read as IOB2: no error")
	}
	if _, err := ReadTest(conll.Opener{}, filepath.Join(dir, "none.tsv"), iob.IOB2, nil); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

func FuzzParseRates(f *testing.F) {
	for _, s := range []string{"0.1,0.25,0.5,1", "1", "0", "0.5,0.5", "", " 0.3 ,, 0.7", "NaN", "1e-3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		rs, err := ParseRates(s)
		if err != nil {
			return
		}
		seen := map[float64]bool{}
		for _, r := range rs {
			if !(r > 0 && r <= 1) || seen[r] {
				t.Fatalf("ParseRates(%q) = %v", s, rs)
			}
			seen[r] = true
		}
		if len(rs) == 0 {
			t.Fatalf("ParseRates(%q): no rates and no error", s)
		}
	})
}

func TestParseRates(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []float64
		err  string
	}{
		{"0.1,0.25,0.5,1", []float64{0.1, 0.25, 0.5, 1}, ""},
		{" 0.3 ,, 0.7", []float64{0.3, 0.7}, ""},
		{"1e-3", []float64{0.001}, ""},
		{"0", nil, `rate "0": want a share in (0, 1]`},
		{"1.5", nil, `rate "1.5": want a share in (0, 1]`},
		{"NaN", nil, `rate "NaN": want a share in (0, 1]`},
		{"0.5,0.5", nil, "rate 0.5 given twice"},
		{"", nil, "no rates"},
	} {
		got, err := ParseRates(tc.in)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("ParseRates(%q): %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("ParseRates(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}
