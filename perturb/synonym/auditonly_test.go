package synonym

import (
	"cmp"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/internal/concepts"
)

func compareCounts(a, b perturb.AuditCount) int {
	return cmp.Or(strings.Compare(a.Section, b.Section), strings.Compare(a.Item, b.Item), a.N-b.N)
}

// TestAuditOnly checks that the Auditor of some sections counts exactly
// Audit's counts of those sections (in any order: the rejected names are
// counted from a map).
func TestAuditOnly(t *testing.T) {
	ss, store := headAndStore(t)
	r, err := New(store, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	var _ perturb.SectionAuditor = r
	of := func(all []perturb.AuditCount, sections ...string) []perturb.AuditCount {
		var out []perturb.AuditCount
		for _, a := range all {
			if slices.Contains(sections, a.Section) {
				out = append(out, a)
			}
		}
		return out
	}
	seen := map[string]bool{}
	for _, s := range ss {
		out, cs := r.Perturb(s, nil, nil)
		all := r.Audit(nil, nil, s, out, cs)
		for _, a := range all {
			seen[a.Section] = true
		}
		for _, sections := range [][]string{{concepts.FitSection}, {auditRejected}, {auditReplacements, auditProxies}, {concepts.FitSection, auditRejected, auditReplacements, auditProxies}, {}} {
			got := r.AuditOnly(sections).Audit(nil, nil, s, out, cs)
			want := of(all, sections...)
			slices.SortFunc(got, compareCounts)
			slices.SortFunc(want, compareCounts)
			if !slices.Equal(got, want) {
				t.Fatalf("sentence %q, sections %q: got %v, want %v", s.Tokens, sections, got, want)
			}
		}
	}
	for _, sec := range []string{concepts.FitSection, auditRejected, auditReplacements, auditProxies} {
		if !seen[sec] {
			t.Errorf("no count of section %q in the sample: the test checks nothing of it", sec)
		}
	}
}
