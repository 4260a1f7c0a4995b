package synonym

import (
	"context"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
)

type memSource struct {
	ss []conll.Sentence
	i  int
}

func (m *memSource) Read() (conll.Sentence, error) {
	if m.i == len(m.ss) {
		return conll.Sentence{}, io.EOF
	}
	m.i++
	return m.ss[m.i-1], nil
}

type memSink struct{ ss []conll.Sentence }

func (m *memSink) Write(s conll.Sentence) error { m.ss = append(m.ss, s.Clone()); return nil }

// TestPipelineContext runs the replacer through perturb.Pipeline: the
// context reader sees the sentences in order whatever the workers, so
// outputs, changes (long forms included) and statistics (outcomes and
// audit) do not depend on the number of workers, and equal a plain
// in-order run.
func TestPipelineContext(t *testing.T) {
	ss, err := conll.ReadFile("testdata/bc5cdr-head.tsv")
	if err != nil {
		t.Fatal(err)
	}
	store, err := openDefault()
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(store, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	sel, err := perturb.NewSelector(perturb.DefaultSelection(), 1)
	if err != nil {
		t.Fatal(err)
	}
	run := func(workers int) ([]conll.Sentence, []perturb.Change, perturb.Stats) {
		sink := &memSink{}
		var changes []perturb.Change
		p := perturb.Pipeline{Seed: 1, Selector: sel, Workers: workers,
			Steps:   []perturb.Step{{Name: Name, File: "x", Perturbation: r, Out: sink}},
			Changes: func(c perturb.Change) error { changes = append(changes, c); return nil }}
		st, err := p.Run(context.Background(), &memSource{ss: ss})
		if err != nil {
			t.Fatal(err)
		}
		return sink.ss, changes, st[0]
	}
	outs, changes, st := run(1)
	if len(changes) == 0 || st.Audit[AuditReplacements][ItemTotal] != len(changes) || st.MentionOutcomes["Chemical"][OutcomeDefinition] == 0 ||
		st.MentionOutcomes["Chemical"][OutcomeReplaced]+st.MentionOutcomes["Disease"][OutcomeReplaced] != len(changes) {
		t.Errorf("%d changes; audit %v; outcomes %v", len(changes), st.Audit, st.MentionOutcomes)
	}
	for _, workers := range []int{2, 5} {
		o, c, s := run(workers)
		if !reflect.DeepEqual(o, outs) || !reflect.DeepEqual(c, changes) || !reflect.DeepEqual(s, st) {
			t.Errorf("workers %d: results differ from one worker", workers)
		}
	}
	// The same as perturbing in order by hand.
	cr := r.NewDocumentReader(perturb.RunInfo{Seed: 1, Selection: perturb.DefaultSelection()})
	n := 0
	for i, s := range ss {
		out, cs := r.PerturbInDocument(cr.Observe(s), s, nil, perturb.SentenceRand(1, Name, s))
		if !reflect.DeepEqual(out.Tokens, outs[i].Tokens) {
			t.Fatalf("sentence %d differs from an in-order run", i+1)
		}
		n += len(cs)
	}
	if n != len(changes) {
		t.Errorf("%d changes in order, %d through the pipeline", n, len(changes))
	}
}

// runPipeline perturbs ss with r through perturb.Pipeline and returns
// the outputs and statistics.
func runPipeline(t *testing.T, r *Replacer, ss []conll.Sentence) ([]conll.Sentence, perturb.Stats) {
	t.Helper()
	sel, err := perturb.NewSelector(perturb.DefaultSelection(), 1)
	if err != nil {
		t.Fatal(err)
	}
	sink := &memSink{}
	p := perturb.Pipeline{Seed: 1, Selector: sel, Workers: 2,
		Steps: []perturb.Step{{Name: Name, File: "x", Perturbation: r, Out: sink}}}
	st, err := p.Run(context.Background(), &memSource{ss: ss})
	if err != nil {
		t.Fatal(err)
	}
	return sink.ss, st[0]
}

// TestTypeCaseAndScope: labels in another case (CHEMICAL, disease) give
// the same replacements as Chemical and Disease; a corpus of a type the
// store cannot serve (genes) changes nothing and is not measured.
func TestTypeCaseAndScope(t *testing.T) {
	ss, err := conll.ReadFile("testdata/bc5cdr-head.tsv")
	if err != nil {
		t.Fatal(err)
	}
	store, err := openDefault()
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(store, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	relabel := func(f func(typ string) string) []conll.Sentence {
		var out []conll.Sentence
		for _, s := range ss {
			c := s.Clone()
			for i, tag := range c.Tags {
				if p, typ, ok := strings.Cut(tag, "-"); ok {
					c.Tags[i] = p + "-" + f(typ)
				}
			}
			out = append(out, c)
		}
		return out
	}
	want, wst := runPipeline(t, r, ss)
	got, gst := runPipeline(t, r, relabel(func(typ string) string {
		if typ == "Chemical" {
			return "CHEMICAL"
		}
		return strings.ToLower(typ)
	}))
	for i := range want {
		if !slices.Equal(got[i].Tokens, want[i].Tokens) {
			t.Fatalf("sentence %d: %v, want %v", i+1, got[i].Tokens, want[i].Tokens)
		}
	}
	if n, _ := gst.MentionShare(""); n == 0 || gst.NotMeasured || wst.MentionsReplaced != gst.MentionsReplaced {
		t.Errorf("relabelled: %d replaced (not measured %v), want %d", n, gst.NotMeasured, wst.MentionsReplaced)
	}
	_, genes := runPipeline(t, r, relabel(func(string) string { return "Gene" }))
	if n, d := genes.MentionShare(""); n != 0 || d == 0 || !genes.NotMeasured {
		t.Errorf("genes: %d of %d replaced, not measured %v", n, d, genes.NotMeasured)
	}
}
