package synonym

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/internal/concepts"
)

// TestPerturbMentions checks PerturbMentions, the pipeline's one plan
// per sentence, against PerturbInDocument and MentionOutcomesInDocument
// of a Replacer that plans them apart, on every sentence of the BC5CDR
// head at two rates and in two documents, on sentences that are not
// valid IOB2 and without mentions; and the outcomes appended after
// others.
func TestPerturbMentions(t *testing.T) {
	ss, store := headAndStore(t)
	ss = append(ss,
		conll.Sentence{Tokens: strings.Fields("cocaine and heroin"), Tags: strings.Fields("I-Chemical O B-Chemical")},
		conll.Sentence{Tokens: strings.Fields("cocaine and heroin"), Tags: strings.Fields("B-Chemical O")},
		conll.Sentence{Tokens: strings.Fields("no mention here"), Tags: strings.Fields("O O O")},
		conll.Sentence{})
	r, err := New(store, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	apart, err := New(store, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	replaced := 0
	for _, rate := range []float64{1, 0.5} {
		sel := perturb.DefaultSelection()
		sel.Rate = rate
		for seed := range uint64(2) {
			run := perturb.RunInfo{Seed: seed, Selection: sel}
			cr, ca := r.NewDocumentReader(run), apart.NewDocumentReader(run)
			for i, s := range ss {
				doc, docApart := cr.Observe(s), ca.Observe(s)
				prefix := []perturb.MentionOutcome{{Type: "T", Outcome: "before"}}
				out, cs, outcomes := r.PerturbMentions(doc, s, iob.Spans(s.Tags), prefix)
				wantOut, wantCs := apart.PerturbInDocument(docApart, s, nil, nil)
				want := append(prefix[:1:1], apart.MentionOutcomesInDocument(docApart, s)...)
				if !reflect.DeepEqual(out, wantOut) || !reflect.DeepEqual(cs, wantCs) || !reflect.DeepEqual(outcomes, want) {
					t.Fatalf("rate %v, seed %d, sentence %d: %v %v %v; apart %v %v %v", rate, seed, i+1, out.Tokens, cs, outcomes, wantOut.Tokens, wantCs, want)
				}
				replaced += len(cs)
			}
		}
	}
	if replaced == 0 {
		t.Fatal("nothing replaced: the test compares nothing")
	}
}

// documentOnly hides the Replacer's PerturbMentions from the pipeline,
// which then perturbs a sentence and asks for its outcomes apart.
type documentOnly struct {
	perturb.DocumentPerturbation
	perturb.SentenceChecker
	perturb.Auditor
}

// TestPipelinePerturbMentions checks that a run through PerturbMentions,
// CheckSentenceSpans and AuditSpans gives the outputs, changes and
// statistics (every audit section, and the type map's alone) of a run
// through PerturbInDocument, MentionOutcomesInDocument, CheckSentence and
// Audit.
func TestPipelinePerturbMentions(t *testing.T) {
	ss, store := headAndStore(t)
	r, err := New(store, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	sel, err := perturb.NewSelector(perturb.DefaultSelection(), 1)
	if err != nil {
		t.Fatal(err)
	}
	run := func(p perturb.Perturbation, workers int, sections []string) ([]conll.Sentence, []perturb.Change, perturb.Stats) {
		sink := &memSink{}
		var changes []perturb.Change
		pl := perturb.Pipeline{Seed: 1, Selector: sel, Workers: workers, AuditSections: sections,
			Steps:   []perturb.Step{{Name: Name, File: "x", Perturbation: p, Out: sink}},
			Changes: func(c perturb.Change) error { changes = append(changes, c); return nil }}
		st, err := pl.Run(context.Background(), &memSource{ss: ss})
		if err != nil {
			t.Fatal(err)
		}
		return sink.ss, changes, st[0]
	}
	for _, sections := range [][]string{nil, {concepts.FitSection}} {
		for _, workers := range []int{1, 2} {
			outs, changes, st := run(r, workers, sections)
			o, c, s := run(documentOnly{r, r, r}, workers, sections)
			if !reflect.DeepEqual(outs, o) || !reflect.DeepEqual(changes, c) || !reflect.DeepEqual(st, s) {
				t.Errorf("sections %v, workers %d: PerturbMentions gives %d changes, %v, %v; apart %d, %v, %v", sections, workers,
					len(changes), st.MentionOutcomes, st.Audit, len(c), s.MentionOutcomes, s.Audit)
			}
			if len(changes) == 0 || len(st.Audit[concepts.FitSection]) == 0 {
				t.Error("nothing replaced or audited: the test compares nothing")
			}
		}
	}
}
