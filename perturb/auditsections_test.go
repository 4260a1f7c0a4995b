package perturb_test

import (
	"context"
	"maps"
	"slices"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
)

// auditTwo is upperMentions with an audit of two sections, "a" and "b"
// (only those of only, when it is set).
type auditTwo struct {
	upperMentions
	only []string
}

func (u auditTwo) Audit(dst []perturb.AuditCount, _ perturb.DocState, orig, _ conll.Sentence, _ []perturb.Change) []perturb.AuditCount {
	for _, sec := range []string{"a", "b"} {
		if u.only == nil || slices.Contains(u.only, sec) {
			dst = append(dst, perturb.AuditCount{Section: sec, Item: "tokens", N: len(orig.Tokens)})
		}
	}
	return dst
}

// sectionsTwo is auditTwo as a SectionAuditor.
type sectionsTwo struct{ auditTwo }

func (s sectionsTwo) AuditOnly(sections []string) perturb.Auditor {
	return auditTwo{only: sections}
}

// TestAuditSections checks that a pipeline with AuditSections counts
// those sections only, as a full audit counts them, whether the Auditor
// can leave sections out or not.
func TestAuditSections(t *testing.T) {
	ss := manySentences(t)
	run := func(sections []string) []perturb.Stats {
		sel, _ := perturb.NewSelector(perturb.DefaultSelection(), 1)
		p := &perturb.Pipeline{Seed: 1, Selector: sel, Workers: 2, AuditSections: sections, Steps: []perturb.Step{
			{Name: "plain", File: "p", Perturbation: auditTwo{}, Out: &collect{}},
			{Name: "sections", File: "s", Perturbation: sectionsTwo{}, Out: &collect{}},
		}}
		stats, err := p.Run(context.Background(), &sliceSource{s: ss})
		if err != nil {
			t.Fatal(err)
		}
		return stats
	}
	all := run(nil)
	only := run([]string{"b"})
	for k := range all {
		if got := slices.Sorted(maps.Keys(all[k].Audit)); !slices.Equal(got, []string{"a", "b"}) {
			t.Fatalf("step %d, every section: %v", k, got)
		}
		if got := slices.Sorted(maps.Keys(only[k].Audit)); !slices.Equal(got, []string{"b"}) {
			t.Fatalf("step %d, section b: %v", k, got)
		}
		if !maps.Equal(only[k].Audit["b"], all[k].Audit["b"]) {
			t.Errorf("step %d: section b %v, want %v", k, only[k].Audit["b"], all[k].Audit["b"])
		}
	}
}
