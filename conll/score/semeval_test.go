package score

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func readSemEvalTSV(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "semeval", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if !strings.HasPrefix(sc.Text(), "#") && sc.Text() != "" {
			rows = append(rows, strings.Split(sc.Text(), "\t"))
		}
	}
	return rows
}

func semevalOf(t *testing.T, gold, pred string) *SemEval {
	t.Helper()
	var s SemEval
	gs, ps := strings.Split(gold, " | "), strings.Split(pred, " | ")
	for i := range gs {
		if err := s.AddSentence(strings.Fields(gs[i]), strings.Fields(ps[i]), ""); err != nil {
			t.Fatal(err)
		}
	}
	return &s
}

func modeByName(t *testing.T, name string) SemEvalMode {
	for _, m := range SemEvalModes {
		if m.String() == name {
			return m
		}
	}
	t.Fatalf("no mode %q", name)
	return 0
}

func countsString(c SemEvalCounts) string {
	return fmt.Sprintf("%d %d %d %d %d", c.Correct, c.Incorrect, c.Partial, c.Missed, c.Spurious)
}

func TestSemEvalStrategies(t *testing.T) {
	rows := readSemEvalTSV(t, "strategies.tsv")
	if len(rows) < 20 {
		t.Fatalf("%d rows", len(rows))
	}
	for _, r := range rows {
		s := semevalOf(t, r[2], r[3])
		got := countsString(s.Overall[modeByName(t, r[1])])
		if want := strings.Join(r[4:9], " "); got != want {
			t.Errorf("%s %s: got %s, nervaluate %s", r[0], r[1], got, want)
		}
	}
}

func TestSemEvalScenarios(t *testing.T) {
	for _, r := range readSemEvalTSV(t, "scenarios.tsv") {
		s := semevalOf(t, r[1], r[2])
		mode, typ, _ := strings.Cut(r[3], ":")
		c := s.Overall[modeByName(t, mode)]
		if typ != "" {
			c = s.Types[typ][modeByName(t, mode)]
		}
		got := countsString(c) + fmt.Sprintf(" %.4f %.4f %.4f", c.Precision(), c.Recall(), c.F1())
		if want := strings.Join(r[4:12], " "); got != want {
			t.Errorf("%s %s: got %s, want %s", r[0], r[3], got, want)
		}
		if c.Possible() != c.Correct+c.Incorrect+c.Partial+c.Missed || c.Actual() != c.Correct+c.Incorrect+c.Partial+c.Spurious {
			t.Errorf("%+v: possible %d actual %d", c, c.Possible(), c.Actual())
		}
	}
}

func TestSemEvalSpansRefuses(t *testing.T) {
	for _, tags := range [][]string{{"S-X"}, {"B-X", "E-X"}, {"X"}, {"B"}} {
		if _, err := SemEvalSpans(tags, ""); !errors.Is(err, ErrSemEvalTag) {
			t.Errorf("%q: %v", tags, err)
		}
	}
	var s SemEval
	if err := s.AddSentence([]string{"O"}, []string{"S-X"}, ""); !errors.Is(err, ErrSemEvalTag) || !strings.Contains(err.Error(), "predicted") {
		t.Errorf("AddSentence: %v", err)
	}
}
