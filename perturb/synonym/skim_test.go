package synonym

import (
	"maps"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
)

// TestNameRuleStages checks what skim relies on: the rules of stageSame
// come before all others, so that the first rule that rejects a name is
// of stageSame exactly when one of them rejects it.
func TestNameRuleStages(t *testing.T) {
	same := true
	for i, rule := range nameRules {
		if rule.stage == stageSame && !same {
			t.Errorf("rule %d (%s) is of stageSame after a rule of a later stage", i, rule.Reason)
		}
		same = rule.stage == stageSame
	}
}

// TestSkimAgrees checks that the analysis perturbing reads (analysis,
// which skims mentions no name may replace) agrees with the full one
// (Analyze) in all that perturbing reads: outcome, concepts, candidates,
// and the proper nouns and plurals that their number and case read; on the
// BC5CDR head, and on the NCBI-disease test split when
// ../shared is there.
func TestSkimAgrees(t *testing.T) {
	ss, store := headAndStore(t)
	for _, f := range []string{"../../../shared/corpora/NCBI-disease-IOB/test.tsv"} {
		if _, err := os.Stat(f); err != nil {
			continue
		}
		more, err := conll.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		ss = append(ss, more...)
	}
	for _, opts := range []Options{DefaultOptions(), func() Options { o := DefaultOptions(); o.Strata = nil; return o }()} {
		r, err := New(store, opts)
		if err != nil {
			t.Fatal(err)
		}
		skimmed, replaced := 0, 0
		for _, s := range ss {
			for _, sp := range iob.Spans(s.Tags) {
				text := strings.Join(s.Tokens[sp.Start:sp.End], " ")
				got, want := r.analysis(sp.Type, text), r.Analyze(sp.Type, text)
				if got.skimmed {
					skimmed++
				}
				if want.Outcome == OutcomeReplaced {
					replaced++
				}
				if got.Outcome != want.Outcome || !slices.Equal(got.Concepts, want.Concepts) || !slices.Equal(got.Candidates, want.Candidates) ||
					!reflect.DeepEqual(got.Err, want.Err) || len(want.Candidates) > 0 && (!maps.Equal(got.proper, want.proper) ||
					!maps.Equal(got.plurals, want.plurals) || !maps.Equal(got.pluralNames, want.pluralNames)) {
					t.Fatalf("%s %q (skimmed %v): got %+v, want %+v", sp.Type, text, got.skimmed, got, want)
				}
			}
		}
		if opts.Strata == nil && skimmed > 0 {
			t.Errorf("every stratum admitted, yet %d mentions skimmed", skimmed)
		}
		if opts.Strata != nil && (skimmed == 0 || replaced == 0) {
			t.Errorf("%d mentions skimmed, %d replaced: the sample checks nothing", skimmed, replaced)
		}
	}
}
