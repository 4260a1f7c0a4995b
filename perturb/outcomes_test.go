package perturb_test

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
)

// upperMentions replaces every gold mention whose first token is longer
// than three bytes by its upper-case form, and reports the others as
// "too short" and mentions already in upper case as "no change".
type upperMentions struct{}

func (upperMentions) outcome(s conll.Sentence, sp iob.Span) string {
	tok := s.Tokens[sp.Start]
	switch {
	case len(tok) <= 3:
		return "too short"
	case strings.ToUpper(tok) == tok:
		return "no change"
	}
	return perturb.OutcomeReplaced
}

func (u upperMentions) Perturb(s conll.Sentence, _ []bool, _ *rand.Rand) (conll.Sentence, []perturb.Change) {
	out := s
	var cs []perturb.Change
	for _, sp := range iob.Spans(s.Tags) {
		if u.outcome(s, sp) != perturb.OutcomeReplaced {
			continue
		}
		if cs == nil {
			out.Tokens = append([]string(nil), s.Tokens...)
		}
		out.Tokens[sp.Start] = strings.ToUpper(s.Tokens[sp.Start])
		cs = append(cs, perturb.Change{Token: sp.Start, End: sp.Start + 1, Before: s.Tokens[sp.Start], After: out.Tokens[sp.Start]})
	}
	return out, cs
}

func (upperMentions) Check(perturb.Change) error { return nil }

func (u upperMentions) MentionOutcomes(s conll.Sentence) []perturb.MentionOutcome {
	var out []perturb.MentionOutcome
	for _, sp := range iob.Spans(s.Tags) {
		out = append(out, perturb.MentionOutcome{Type: sp.Type, Outcome: u.outcome(s, sp)})
	}
	return out
}

var _ perturb.MentionReporter = upperMentions{}

// TestMentionOutcomes checks that the pipeline counts the outcomes of a
// MentionReporter, per step and whatever the workers, that the counts
// add up to the mentions and that replaced agrees with the comparison.
func TestMentionOutcomes(t *testing.T) {
	ss := manySentences(t)
	var want perturb.Stats
	for _, s := range ss {
		for _, o := range (upperMentions{}).MentionOutcomes(s) {
			want.AddOutcome(o.Type, o.Outcome)
		}
	}
	for _, workers := range []int{1, 3} {
		sel, _ := perturb.NewSelector(perturb.DefaultSelection(), 1)
		p := &perturb.Pipeline{Seed: 1, Selector: sel, Workers: workers, Steps: []perturb.Step{
			{Name: "keyboard", File: "k", Perturbation: mustKind(t, "keyboard", nil), Out: &collect{}},
			{Name: "upper", File: "u", Perturbation: upperMentions{}, Out: &collect{}},
		}}
		stats, err := p.Run(context.Background(), &sliceSource{s: ss})
		if err != nil {
			t.Fatal(err)
		}
		if stats[0].MentionOutcomes != nil {
			t.Errorf("keyboard step has mention outcomes %v", stats[0].MentionOutcomes)
		}
		got := stats[1]
		if !reflect.DeepEqual(got.MentionOutcomes, want.MentionOutcomes) {
			t.Fatalf("workers %d: outcomes %v, want %v", workers, got.MentionOutcomes, want.MentionOutcomes)
		}
		replaced := 0
		for typ, m := range got.MentionOutcomes {
			n := 0
			for _, c := range m {
				n += c
			}
			if n != got.Entities[typ] {
				t.Errorf("%s: %d outcomes for %d mentions", typ, n, got.Entities[typ])
			}
			replaced += m[perturb.OutcomeReplaced]
		}
		if replaced != got.MentionsReplaced || replaced == 0 {
			t.Errorf("replaced outcomes %d, mentions replaced %d", replaced, got.MentionsReplaced)
		}
	}
}

func TestOutcomesMergeAndJSON(t *testing.T) {
	var a, b perturb.Stats
	a.AddOutcome("Chemical", "replaced")
	a.AddOutcome("Chemical", "no concept")
	b.AddOutcome("Chemical", "replaced")
	b.AddOutcome("Disease", "ambiguous")
	a.Merge(b)
	want := map[string]map[string]int{"Chemical": {"replaced": 2, "no concept": 1}, "Disease": {"ambiguous": 1}}
	if !reflect.DeepEqual(a.MentionOutcomes, want) {
		t.Errorf("merged %v, want %v", a.MentionOutcomes, want)
	}
	if got := a.Outcomes(); !reflect.DeepEqual(got, []string{"replaced", "ambiguous", "no concept"}) {
		t.Errorf("Outcomes() = %q", got)
	}
	data, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var back perturb.Stats
	if err := json.Unmarshal(data, &back); err != nil || !reflect.DeepEqual(back.MentionOutcomes, want) {
		t.Errorf("JSON round trip: %v, %v", back.MentionOutcomes, err)
	}
	// Statistics without outcomes keep their JSON (and manifests) unchanged.
	var plain perturb.Stats
	plain.AddOriginal(sent("a/O"))
	if data, _ := json.Marshal(plain); bytes.Contains(data, []byte("mention_outcomes")) {
		t.Errorf("outcomes written for statistics without them: %s", data)
	}
}

func TestWriteOutcomes(t *testing.T) {
	var st perturb.Stats
	for range 3 {
		st.AddOutcome("Chemical", "replaced")
	}
	st.AddOutcome("Chemical", "no concept")
	st.AddOutcome("Disease", "ambiguous")
	var buf bytes.Buffer
	rows := []perturb.NamedStats{{Name: "test (original)"}, {Name: "test_synonym.tsv", Stats: st}}
	if err := perturb.WriteOutcomes(&buf, rows); err != nil {
		t.Fatal(err)
	}
	golden(t, "golden_outcomes.txt", buf.Bytes())
	buf.Reset()
	if err := perturb.WriteOutcomes(&buf, rows[:1]); err != nil || buf.Len() != 0 {
		t.Errorf("rows without outcomes printed %q (%v)", buf.String(), err)
	}
}

// A perturbation that implements MentionReporter gets its outcomes
// counted per entity type; WriteOutcomes prints them.
func ExampleWriteOutcomes() {
	var st perturb.Stats
	st.AddOutcome("Chemical", perturb.OutcomeReplaced)
	st.AddOutcome("Chemical", "ambiguous")
	perturb.WriteOutcomes(os.Stdout, []perturb.NamedStats{{Name: "x_synonym.tsv", Stats: st}})
	// Output:
	// file           type      mentions   replaced  ambiguous
	//   x_synonym.tsv  Chemical         2  1 (50.0%)  1 (50.0%)
}

// TestStatsShiftedMentions: one mention grows by a token and the next
// shrinks by one, so the sentence keeps its length but the tokens
// between them move. Positions must not be compared then.
func TestStatsShiftedMentions(t *testing.T) {
	orig := sent("oxacillin/B-Chemical", "for/O", "renal/B-Disease", "failure/I-Disease")
	pert := sent("ox/B-Chemical", "acillin/I-Chemical", "for/O", "nephropathy/B-Disease")
	var st perturb.Stats
	st.Add(orig, pert, nil)
	if st.MentionsReplaced != 2 || st.TokensModified != 3 || st.EntityTokensModified != 3 ||
		st.TypeTokensModified["Chemical"] != 1 || st.TypeTokensModified["Disease"] != 2 {
		t.Errorf("stats %+v: want 2 mentions and their 3 tokens modified, the context untouched", st)
	}
}

// TestNotMeasured: a set whose kind changed under 1% of the gold
// mentions it reports is not measured; one that changed more is.
func TestNotMeasured(t *testing.T) {
	var st perturb.Stats
	st.AddOutcome("Gene", perturb.OutcomeReplaced)
	for range 150 {
		st.AddOutcome("Gene", "no concept")
	}
	var merged perturb.Stats
	merged.Merge(st)
	if !merged.NotMeasured {
		t.Errorf("1 of 151 replaced: measured")
	}
	if n, d := merged.MentionShare("Gene"); n != 1 || d != 151 {
		t.Errorf("MentionShare = %d, %d", n, d)
	}
	st.AddOutcome("Gene", perturb.OutcomeReplaced)
	merged = perturb.Stats{}
	merged.Merge(st)
	if merged.NotMeasured {
		t.Errorf("2 of 152 replaced: not measured")
	}
	var kw perturb.Stats
	kw.Merge(perturb.Stats{Tokens: 3})
	if kw.NotMeasured {
		t.Error("a kind without mention outcomes is not measured")
	}
}
