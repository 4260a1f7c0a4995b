package perturb_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
)

// upperInDocument is upperMentions as a perturb.MentionPerturbation:
// PerturbMentions panics (which the pipeline reports as a failed check)
// when the spans it is given are not the gold mentions of the sentence.
type upperInDocument struct{ upperMentions }

type noReader struct{}

func (noReader) Observe(conll.Sentence) perturb.DocState { return nil }

func (upperInDocument) NewDocumentReader(perturb.RunInfo) perturb.DocumentReader { return noReader{} }

func (u upperInDocument) PerturbInDocument(_ perturb.DocState, s conll.Sentence, selected []bool, _ *rand.Rand) (conll.Sentence, []perturb.Change) {
	return u.Perturb(s, selected, nil)
}

func (u upperInDocument) MentionOutcomesInDocument(_ perturb.DocState, s conll.Sentence) []perturb.MentionOutcome {
	return u.MentionOutcomes(s)
}

func (u upperInDocument) PerturbMentions(_ perturb.DocState, s conll.Sentence, spans []iob.Span, outcomes []perturb.MentionOutcome) (conll.Sentence, []perturb.Change, []perturb.MentionOutcome) {
	if want := iob.Spans(s.Tags); !slices.Equal(spans, want) {
		panic(fmt.Sprintf("spans %v, want %v", spans, want))
	}
	out, cs := u.Perturb(s, nil, nil)
	return out, cs, append(outcomes, u.MentionOutcomes(s)...)
}

// CheckSentence checks nothing (the token-by-token check would refuse
// nothing of upperMentions either).
func (upperInDocument) CheckSentence(orig, out conll.Sentence, _ []perturb.Change) error { return nil }

// CheckSentenceSpans panics when spans are not the gold mentions of orig.
func (upperInDocument) CheckSentenceSpans(orig, out conll.Sentence, _ []perturb.Change, spans []iob.Span) error {
	if want := iob.Spans(orig.Tags); !slices.Equal(spans, want) {
		panic(fmt.Sprintf("checked with spans %v, want %v", spans, want))
	}
	return nil
}

// Audit counts the mentions of orig by type.
func (upperInDocument) Audit(dst []perturb.AuditCount, _ perturb.DocState, orig, _ conll.Sentence, _ []perturb.Change) []perturb.AuditCount {
	for _, sp := range iob.Spans(orig.Tags) {
		dst = append(dst, perturb.AuditCount{Section: "mentions", Item: sp.Type, N: 1})
	}
	return dst
}

// AuditSpans counts spans by type.
func (upperInDocument) AuditSpans(dst []perturb.AuditCount, _ perturb.DocState, _, _ conll.Sentence, _ []perturb.Change, spans []iob.Span) []perturb.AuditCount {
	for _, sp := range spans {
		dst = append(dst, perturb.AuditCount{Section: "mentions", Item: sp.Type, N: 1})
	}
	return dst
}

// inDocumentOnly hides the MentionPerturbation, SpanChecker and
// SpanAuditor of the perturbation it holds: the pipeline then perturbs
// and asks for the outcomes apart, and checks and audits without spans.
type inDocumentOnly struct {
	perturb.DocumentPerturbation
	perturb.SentenceChecker
	perturb.Auditor
}

var (
	_ perturb.MentionPerturbation = upperInDocument{}
	_ perturb.SpanChecker         = upperInDocument{}
	_ perturb.SpanAuditor         = upperInDocument{}
)

// TestMentionPerturbation checks the pipeline's path for a
// perturb.MentionPerturbation against its path for the same
// DocumentPerturbation without it: the same outputs, changes and
// statistics, whatever the workers; and that the steps beside it, which
// it neither selects words nor seeds a generator for, give what they
// give without it, wherever it stands among them.
func TestMentionPerturbation(t *testing.T) {
	ss := manySentences(t)
	type result struct {
		outs    [][]conll.Sentence
		changes []perturb.Change
		stats   []perturb.Stats
	}
	run := func(workers int, names []string) result {
		sel, _ := perturb.NewSelector(perturb.DefaultSelection(), 1)
		var steps []perturb.Step
		var sinks []*collect
		for _, name := range names {
			var p perturb.Perturbation
			switch name {
			case "upper":
				p = upperInDocument{}
			case "upper-apart":
				p = inDocumentOnly{upperInDocument{}, upperInDocument{}, upperInDocument{}}
			default:
				p = mustKind(t, name, nil)
			}
			sinks = append(sinks, &collect{})
			steps = append(steps, perturb.Step{Name: name, File: name, Perturbation: p, Out: sinks[len(sinks)-1]})
		}
		var res result
		p := &perturb.Pipeline{Seed: 1, Selector: sel, Workers: workers, Steps: steps,
			Changes: func(c perturb.Change) error { res.changes = append(res.changes, c); return nil }}
		stats, err := p.Run(context.Background(), &sliceSource{s: ss})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range sinks {
			res.outs = append(res.outs, s.s)
		}
		res.stats = stats
		return res
	}
	for _, workers := range []int{1, 3} {
		got, want := run(workers, []string{"upper"}), run(workers, []string{"upper-apart"})
		for i := range want.changes {
			want.changes[i].Kind, want.changes[i].File = "upper", "upper"
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("workers %d: results differ from the path of a DocumentPerturbation: outputs %v, changes %v, stats %+v / %+v", workers,
				reflect.DeepEqual(got.outs, want.outs), reflect.DeepEqual(got.changes, want.changes), got.stats, want.stats)
		}
		if got.stats[0].MentionsReplaced == 0 || len(got.stats[0].MentionOutcomes) == 0 || len(got.stats[0].Audit["mentions"]) == 0 {
			t.Fatalf("nothing replaced or counted: %+v", got.stats[0])
		}
	}
	// The steps beside it: keyboard and swap as they are alone.
	alone := run(1, []string{"keyboard", "swap"})
	for _, names := range [][]string{
		{"upper", "keyboard", "swap"}, {"keyboard", "upper", "swap"}, {"keyboard", "swap", "upper"},
		{"upper", "upper", "keyboard"}, {"keyboard", "upper"}, {"upper", "keyboard", "upper", "swap"},
	} {
		for _, workers := range []int{1, 2} {
			res := run(workers, names)
			for k, name := range names {
				switch name {
				case "keyboard":
					if !reflect.DeepEqual(res.outs[k], alone.outs[0]) {
						t.Errorf("%v, workers %d: keyboard differs from keyboard alone", names, workers)
					}
				case "swap":
					if !reflect.DeepEqual(res.outs[k], alone.outs[1]) {
						t.Errorf("%v, workers %d: swap differs from swap alone", names, workers)
					}
				}
			}
		}
	}
}
