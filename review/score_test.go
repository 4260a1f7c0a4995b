package review

import (
	"bufio"
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stress-ner/stress/report"
)

// referenceFiles hold the expected values of the statistics tests, rows
// by measure:
//
//   - testdata/reference.tsv: what testdata/reference.py computes with
//     its own implementations of the Wilson interval (as statsmodels'
//     proportion_confint(method="wilson")), Cohen's kappa (as sklearn's
//     cohen_kappa_score) and Fleiss' kappa (as statsmodels'
//     fleiss_kappa), checked there against Newcombe (1998, Table I),
//     Wikipedia's Cohen example and Fleiss (1971)'s example;
//   - testdata/reference_libraries.tsv: the same cases computed by those
//     libraries themselves ("reference.py --libraries": statsmodels
//     0.13.5 proportion_confint and fleiss_kappa, scikit-learn 1.2.1
//     cohen_kappa_score, as Debian bookworm packages them), the same
//     published examples asserted first.
var referenceFiles = []string{"testdata/reference.tsv", "testdata/reference_libraries.tsv"}

// forReferences runs f on each reference file, as a subtest.
func forReferences(t *testing.T, f func(t *testing.T, ref map[string][][]string)) {
	for _, name := range referenceFiles {
		t.Run(filepath.Base(name), func(t *testing.T) { f(t, reference(t, name)) })
	}
}

// reference reads one of referenceFiles: rows by measure.
func reference(t *testing.T, name string) map[string][][]string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][][]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		f := strings.Split(sc.Text(), "\t")
		out[f[0]] = append(out[f[0]], f[1:])
	}
	return out
}

func num(t *testing.T, s string) float64 {
	t.Helper()
	if s == "nan" {
		return math.NaN()
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// near compares with a tolerance for the order of floating-point
// operations; NaN (undefined) matches only NaN.
func near(got, want float64) bool {
	if math.IsNaN(want) {
		return math.IsNaN(got)
	}
	return math.Abs(got-want) <= 1e-10 // the reference solves a quadratic, which loses digits near 1
}

func TestWilsonReference(t *testing.T) {
	forReferences(t, func(t *testing.T, ref map[string][][]string) {
		rows := ref["wilson"]
		if len(rows) < 10 {
			t.Fatalf("%d Wilson cases in reference.tsv", len(rows))
		}
		for _, r := range rows {
			k, n := atoi(t, r[1]), atoi(t, r[2])
			lo, hi := Wilson(k, n, Z95)
			if !near(lo, num(t, r[3])) || !near(hi, num(t, r[4])) {
				t.Errorf("Wilson(%d, %d) = %.15g–%.15g, reference %s–%s", k, n, lo, hi, r[3], r[4])
			}
		}
		if lo, hi := Wilson(0, 0, Z95); !math.IsNaN(lo) || !math.IsNaN(hi) {
			t.Errorf("Wilson(0, 0) = %v, %v, want NaN", lo, hi)
		}
	})
}

func TestCohenReference(t *testing.T) {
	forReferences(t, func(t *testing.T, ref map[string][][]string) {
		rows := ref["cohen"]
		for _, r := range rows {
			a, b := strings.Split(r[1], ","), strings.Split(r[2], ",")
			want := num(t, r[3])
			k, ok := CohenKappa(a, b)
			if ok == math.IsNaN(want) || !near(k, want) {
				t.Errorf("%s: kappa %v (defined %v), reference %s", r[0], k, ok, r[3])
			}
		}
		if _, ok := CohenKappa(nil, nil); ok {
			t.Error("kappa of no items is defined")
		}
	})
}

func TestFleissReference(t *testing.T) {
	forReferences(t, func(t *testing.T, ref map[string][][]string) {
		rows := ref["fleiss"]
		for _, r := range rows {
			// A table of counts becomes each item's list of labels.
			var ratings [][]string
			for _, row := range strings.Split(r[1], ";") {
				var labels []string
				for j, c := range strings.Split(row, ",") {
					for range atoi(t, c) {
						labels = append(labels, "category"+strconv.Itoa(j))
					}
				}
				ratings = append(ratings, labels)
			}
			want, wantObs := num(t, r[2]), num(t, r[3])
			k, obs, ok := FleissKappa(ratings)
			if ok == math.IsNaN(want) || !near(k, want) || !near(obs, wantObs) {
				t.Errorf("%s: kappa %v observed %v (defined %v), reference %s, %s", r[0], k, obs, ok, r[2], r[3])
			}
		}
		if _, _, ok := FleissKappa([][]string{{"a", "b"}, {"a"}}); ok {
			t.Error("kappa of items with different numbers of raters is defined")
		}
	})
}

func scoreFiles(t *testing.T, judges ...string) *Report {
	t.Helper()
	key, err := ReadKeyFile("testdata/score/key.tsv")
	if err != nil {
		t.Fatal(err)
	}
	var js []*Judgements
	for _, j := range judges {
		x, err := ReadJudgementsFile("testdata/score/judge-"+j+".tsv", key)
		if err != nil {
			t.Fatal(err)
		}
		js = append(js, x)
	}
	rep, err := Score(key, js)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestScoreReference scores the hand-made judgement files with one,
// two and three judges and compares every rate, interval and kappa with
// reference.py's independent scoring of the same files.
func TestScoreReference(t *testing.T) {
	forReferences(t, func(t *testing.T, ref map[string][][]string) {
		rows := ref["score"]
		for _, set := range []string{"a", "a+b", "a+b+c"} {
			rep := scoreFiles(t, strings.Split(set, "+")...)
			checked := 0
			for _, r := range rows {
				if r[0] != set {
					continue
				}
				checked++
				scope, value := r[1], r[2]
				switch scope {
				case "cohen", "fleiss":
					a := rep.Agreement
					if a == nil || a.Method != scope || a.Items != atoi(t, r[3]) || a.Kappa == nil || a.KappaValid == nil ||
						!near(*a.Kappa, num(t, r[5])) || !near(*a.KappaValid, num(t, r[6])) || !near(a.Observed, num(t, r[7])) {
						t.Errorf("%s: agreement %+v, reference %v", set, a, r)
					}
					continue
				}
				var got *Rate
				if scope == "overall" {
					got = &rep.Overall
				}
				for i, g := range rep.Groups {
					if g.By == scope && g.Value == value {
						got = &rep.Groups[i].Rate
					}
				}
				if got == nil {
					t.Errorf("%s: no rate for %s %q", set, scope, value)
					continue
				}
				if got.Items != atoi(t, r[3]) || got.Valid != atoi(t, r[4]) || !near(got.Low, num(t, r[5])) || !near(got.High, num(t, r[6])) {
					t.Errorf("%s %s %q: %+v, reference %v", set, scope, value, *got, r[3:])
				}
			}
			if checked < 10 {
				t.Errorf("%s: %d reference rows", set, checked)
			}
			if set == "a" && rep.Agreement != nil {
				t.Errorf("one judge: agreement %+v", rep.Agreement)
			}
		}
	})
}

// TestReportGolden pins the four formats of a two-judge report, and the
// avoid file of its flagged synonyms.
func TestReportGolden(t *testing.T) {
	rep := scoreFiles(t, "a", "b")
	for _, tc := range []struct {
		name string
		f    report.Format
	}{{"text", report.Text}, {"md", report.Markdown}, {"json", report.JSON}, {"csv", report.CSV}} {
		var buf bytes.Buffer
		if err := rep.Write(&buf, tc.f); err != nil {
			t.Fatal(err)
		}
		golden(t, "report."+tc.name, buf.Bytes())
	}
	var buf bytes.Buffer
	n, err := rep.WriteAvoid(&buf)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "avoid.txt", buf.Bytes())
	want := 0
	seen := map[string]bool{}
	for _, f := range rep.Flagged {
		if f.Kind == "synonym" && !seen[f.Before+"->"+f.After] {
			seen[f.Before+"->"+f.After] = true
			want++
		}
	}
	if n != want || n == 0 {
		t.Errorf("%d pairs written, %d distinct flagged synonym pairs", n, want)
	}
}

func TestSentence(t *testing.T) {
	one := scoreFiles(t, "a")
	if got, want := one.Sentence(), "In a blind sample of 40 changes, 65.0% were judged natural (95% CI 49.5–77.9); one annotator."; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	three := scoreFiles(t, "a", "b", "c")
	if got := three.Sentence(); !strings.Contains(got, "3 annotators, Fleiss' κ = 0.55.") {
		t.Errorf("three judges: %s", got)
	}
}

func TestRoleOf(t *testing.T) {
	labels := []string{"fine", "unnatural", "Unsure"}
	for _, tc := range []struct {
		label string
		want  Role
	}{{"fine", Valid}, {"unnatural", flaw}, {"Unsure", abstain}, {"something else", flaw}} {
		if got := RoleOf(labels, tc.label); got != tc.want {
			t.Errorf("RoleOf(%q) = %v, want %v", tc.label, got, tc.want)
		}
	}
	// The first label is valid even when a rule below would claim it.
	if got := RoleOf([]string{"ok", "unsure"}, "ok"); got != Valid {
		t.Errorf("first label: %v", got)
	}
}

func TestValidItem(t *testing.T) {
	for _, tc := range []struct {
		roles []Role
		want  bool
	}{
		{[]Role{Valid}, true},
		{[]Role{abstain}, false},
		{[]Role{Valid, Valid}, true},
		{[]Role{Valid, flaw}, false}, // a tie is not a majority
		{[]Role{Valid, abstain}, false},
		{[]Role{Valid, Valid, flaw}, true},
		{[]Role{Valid, abstain, flaw}, false},
	} {
		if got := validItem(tc.roles); got != tc.want {
			t.Errorf("validItem(%v) = %v, want %v", tc.roles, got, tc.want)
		}
	}
}
