package score

import (
	"bufio"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
)

type seqevalCase struct {
	table  string
	scheme StrictScheme
	tags   []string
	ents   []iob.Span
}

func readTSV(t *testing.T, name string) [][]string { return readTSVF(t, name) }

func readTSVF(t testing.TB, name string) [][]string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "seqeval", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") || sc.Text() == "" {
			continue
		}
		rows = append(rows, strings.Split(sc.Text(), "\t"))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

func readSeqevalCases(t *testing.T) []seqevalCase {
	var cases []seqevalCase
	for _, r := range readTSV(t, "entities.tsv") {
		sch, err := ParseStrictScheme(r[1])
		if err != nil {
			t.Fatal(err)
		}
		c := seqevalCase{table: r[0], scheme: sch, tags: strings.Fields(r[2]), ents: []iob.Span{}}
		if len(r) > 3 {
			for _, e := range strings.Fields(r[3]) {
				p := strings.Split(e, ":")
				s, _ := strconv.Atoi(p[1])
				en, _ := strconv.Atoi(p[2])
				c.ents = append(c.ents, iob.Span{Start: s, End: en, Type: p[0]})
			}
		}
		cases = append(cases, c)
	}
	if len(cases) < 200 {
		t.Fatalf("only %d seqeval cases", len(cases))
	}
	return cases
}

// TestSeqevalEntities checks each case of seqeval's scheme tables.
func TestSeqevalEntities(t *testing.T) {
	for _, c := range readSeqevalCases(t) {
		got, err := StrictSpans(c.tags, c.scheme)
		if err != nil || got == nil && len(c.ents) > 0 || !slices.Equal(append([]iob.Span{}, got...), c.ents) {
			t.Errorf("%s %v %q: got %v, %v; seqeval %v", c.table, c.scheme, c.tags, got, err, c.ents)
		}
	}
}

func round2(v float64) float64 { return math.Round(v*100) / 100 }

// TestSeqevalPairs scores every ordered pair of same-length cases of a
// table, written as a conlleval file, and compares with the precision,
// recall and F1 seqeval gets from the entities its tests expect.
func TestSeqevalPairs(t *testing.T) {
	cases := readSeqevalCases(t)
	pairs := 0
	for _, g := range cases {
		for _, p := range cases {
			if g.table != p.table || len(g.tags) != len(p.tags) {
				continue
			}
			pairs++
			var b strings.Builder
			for i := range g.tags {
				fmt.Fprintf(&b, "w%d %s %s\n", i, g.tags[i], p.tags[i])
			}
			ev := NewEvaluator(strings.NewReader(b.String()))
			ev.Options = EvalOptions{Mode: ModeStrict, Scheme: g.scheme}
			c, err := ev.Evaluate()
			if err != nil {
				t.Fatalf("%s %q vs %q: %v", g.table, g.tags, p.tags, err)
			}
			tp := 0
			for _, e := range p.ents {
				if slices.Contains(g.ents, e) {
					tp++
				}
			}
			div := func(a, b int) float64 {
				if b == 0 {
					return 0
				}
				return float64(a) / float64(b)
			}
			wp, wr := div(tp, len(p.ents)), div(tp, len(g.ents))
			wf := 0.0
			if wp+wr > 0 {
				wf = 2 * wp * wr / (wp + wr)
			}
			o := c.Overall()
			if o.Gold != len(g.ents) || o.Pred != len(p.ents) || o.Correct != tp ||
				round2(o.Precision()/100) != round2(wp) || round2(o.Recall()/100) != round2(wr) || round2(o.F1()/100) != round2(wf) {
				t.Errorf("%s %v gold %q pred %q: got %+v P %.2f R %.2f F %.2f; seqeval gold %d pred %d tp %d P %.2f R %.2f F %.2f",
					g.table, g.scheme, g.tags, p.tags, o, o.Precision(), o.Recall(), o.F1(), len(g.ents), len(p.ents), tp, wp, wr, wf)
			}
		}
	}
	if pairs != 3964 {
		t.Errorf("%d pairs, README says 3964", pairs)
	}
}

// TestSeqevalRefusals checks that where seqeval raises, the scorer
// refuses, naming the file, line and column.
func TestSeqevalRefusals(t *testing.T) {
	for _, r := range readTSV(t, "refusals.tsv") {
		sch, err := ParseStrictScheme(r[1])
		if err != nil {
			t.Fatal(err)
		}
		tags := strings.Fields(r[2])
		for _, goldSide := range []bool{true, false} {
			var b strings.Builder
			for i, tag := range tags {
				if goldSide {
					fmt.Fprintf(&b, "w%d %s O\n", i, tag)
				} else {
					fmt.Fprintf(&b, "w%d O %s\n", i, tag)
				}
			}
			ev := NewEvaluator(strings.NewReader(b.String()))
			ev.File = "in.txt"
			ev.Options = EvalOptions{Mode: ModeStrict, Scheme: sch}
			_, err := ev.Evaluate()
			var pe *conll.ParseError
			if !errors.Is(err, ErrSchemeTag) || !errors.As(err, &pe) || pe.File != "in.txt" || pe.Line < 1 {
				t.Errorf("%s %v %q (gold side %v): err %v, want a refusal", r[0], sch, tags, goldSide, err)
				continue
			}
			side := "predicted"
			if goldSide {
				side = "gold"
			}
			if !strings.Contains(err.Error(), side) {
				t.Errorf("%v does not name the %s column", err, side)
			}
		}
	}
}

// TestSeqevalScores checks seqeval's per-type and micro-average scores.
func TestSeqevalScores(t *testing.T) {
	for _, r := range readTSV(t, "scores.tsv") {
		sch, _ := ParseStrictScheme(r[1])
		sc := NewScorer(EvalOptions{Mode: ModeStrict, Scheme: sch})
		if err := sc.Add(strings.Fields(r[2]), strings.Fields(r[3])); err != nil {
			t.Fatal(err)
		}
		c := sc.Counts()
		tc := c.Overall()
		if r[4] != "-" {
			tc = c.Types[r[4]]
		}
		got := fmt.Sprintf("%.2f %.2f %.2f %d", round2(tc.Precision()/100), round2(tc.Recall()/100), round2(tc.F1()/100), tc.Gold)
		if want := strings.Join(r[5:9], " "); got != want {
			t.Errorf("%s type %s: got %s, seqeval %s", r[0], r[4], got, want)
		}
	}
}
