package abbreviation

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/internal/abbrev"
	"github.com/stress-ner/stress/perturb/internal/english"
	"github.com/stress-ner/stress/umls"
)

// TestBC5CDR measures the kind on BC5CDR test with the default store, in
// both directions: how many mentions it changes, and that no defining
// sentence and no entity or context token is changed.
func TestBC5CDR(t *testing.T) {
	const path = "../../../shared/corpora/BC5CDR-IOB/test.tsv"
	if _, err := os.Stat(path); err != nil {
		t.Skip("shared data not present")
	}
	ss, err := conll.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	st, err := umls.OpenDefault()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		dir string
		min int // replacements, at least: the measured figure
	}{
		// 789 before the grammar rules of issue 32: after a count
		// drops 8, half of a pair 9, one kept one written out 4 (some
		// mentions by two rules); 773 then. "puromycin -
		// aminonucleoside ( AMNS )" is no definition since abbrev.Align
		// (3 fewer). "defined otherwise in the text" keeps 3 CHF from
		// "congestive heart failure" after "chronic heart failure ( CHF
		// )", "half of a pair" across a word to an abbreviation that is
		// no whole mention 9 ("AMI and GI bleeding", "SOD and DMTU").
		// "plural use without its s" keeps "multiple PVC" (757).
		{Expand, 757},
		{Contract, 9},
	} {
		a, err := New(st, Options{Direction: tt.dir, StandardLongForms: true})
		if err != nil {
			t.Fatal(err)
		}
		cr := a.NewDocumentReader(perturb.RunInfo{Seed: 1, Selection: perturb.DefaultSelection()})
		n, defining := 0, 0
		for i, s := range ss {
			doc := cr.Observe(s)
			out, cs := a.PerturbInDocument(doc, s, nil, nil)
			if err := a.CheckSentence(s, out, cs); err != nil {
				t.Errorf("%s: sentence %d: %v", tt.dir, i+1, err)
			}
			for _, c := range cs {
				if err := a.Check(c); err != nil {
					t.Errorf("%s: sentence %d: %v", tt.dir, i+1, err)
				}
			}
			if len(cs) > 0 && len(abbrev.Find(s, a.sameConcept)) > 0 {
				defining++
			}
			n += len(cs)
		}
		t.Logf("%s: %d replacements", tt.dir, n)
		if n < tt.min || defining != 0 {
			t.Errorf("%s: %d replacements (want >= %d), %d defining sentences changed", tt.dir, n, tt.min, defining)
		}
	}
}

// longFormOutside reports whether long, written for the abbreviation
// short, is led by words the abbreviation does not stand for, where the
// letters cannot tell ("long - term anti - cytomegalovirus" for CMV:
// abbrev.Align finds no definition in it).
func longFormOutside(a *Abbreviator, short string, long []string) bool {
	short = english.Compact(short)
	m := abbrev.Match(short, strings.Join(long, " "), "", a.sameConcept)
	if m == "" {
		return false // a plural or a number made to fit; Check vouches for the pair
	}
	toks, _, _ := abbrev.Align(short, long, m)
	return toks == nil
}

// TestGrammarBars builds the abbreviation sets (expand, seed 1) of
// BC5CDR and NCBI-disease test and checks the bars of issue 32 on what
// they wrote: no long form before a kin or sex noun, after a count it
// does not premodify, or as a disease's gene; no plural long form
// before a noun, no singular one after a plural quantifier; none led by words its
// abbreviation leaves out, none capitalized after a colon inside a
// sentence, none joined by a hyphen to another abbreviation or symbol;
// no abbreviation kept in a sentence that writes the same one out, nor
// half of a coordinated or slashed pair of abbreviations; and at rate
// 0.5 a subset of rate 1's changes.
func TestGrammarBars(t *testing.T) {
	st, err := umls.OpenDefault()
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"../../../shared/corpora/BC5CDR-IOB/test.tsv", "../../../shared/corpora/NCBI-disease-IOB/test.tsv"} {
		if _, err := os.Stat(path); err != nil {
			t.Skip("shared data not present")
		}
		ss, err := conll.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		changed := map[[3]int]bool{}
		for _, rate := range []float64{1, 0.5} {
			a, err := New(st, Options{Direction: Expand, StandardLongForms: true})
			if err != nil {
				t.Fatal(err)
			}
			sel := perturb.DefaultSelection()
			sel.Rate = rate
			cr := a.NewDocumentReader(perturb.RunInfo{Seed: 1, Selection: sel})
			n := 0
			for i, s := range ss {
				doc := cr.Observe(s)
				_, cs := a.PerturbInDocument(doc, s, nil, nil)
				n += len(cs)
				spans := iob.Spans(s.Tags)
				written := map[int]bool{}
				for _, c := range cs {
					written[c.Token] = true
					where := fmt.Sprintf("%s sentence %d: %q -> %q", path, i+1, c.Before, c.After)
					if rate == 1 {
						changed[[3]int{i, c.Token, c.End}] = true
					} else if !changed[[3]int{i, c.Token, c.End}] {
						t.Errorf("%s: at rate 0.5, not at rate 1", where)
					}
					next := ""
					if c.End < len(s.Tokens) {
						next = strings.ToLower(s.Tokens[c.End])
					}
					prev := func(n int) string {
						if c.Token-n >= 0 {
							return s.Tokens[c.Token-n]
						}
						return ""
					}
					after := strings.Fields(c.After)
					switch {
					case c.TermType == termLongForm && longFormOutside(a, c.Before, after):
						t.Errorf("%s: a long form led by words its abbreviation leaves out", where)
					case prev(1) == ":" && !english.SentenceStart(s.Tokens, c.Token) && english.TitleWord(after[0]) && commonWord(after, 0):
						t.Errorf("%s: a sentence's capital after a colon inside the sentence", where)
					case prev(1) == "-" && symbolToken(prev(2)) || next == "-" && c.End+1 < len(s.Tokens) && symbolToken(s.Tokens[c.End+1]):
						t.Errorf("%s: joined by a hyphen to a symbol", where)
					case kinSexNouns()[next]:
						t.Errorf("%s: before the kin or sex noun %q", where, next)
					case countRE().MatchString(prev(1)) && !numberNames()[strings.ToLower(prev(2))] && !premodifies(s.Tokens, c.End):
						t.Errorf("%s: after the count %q", where, prev(1))
					case diseaseGenes()[next] && a.diso(s.Tags[c.Token][2:]):
						t.Errorf("%s: a disease's symbol before %q", where, next)
					case english.IsPlural(c.After) && !sameInBothNumbers()[strings.ToLower(after[len(after)-1])] && premodifies(s.Tokens, c.End):
						t.Errorf("%s: a plural long form before %q", where, next)
					case !english.IsPlural(c.After) && !sameInBothNumbers()[strings.ToLower(after[len(after)-1])] &&
						pluralCount(site{s: s, sp: iob.Span{Start: c.Token, End: c.End}}) && next != "/" && !premodifies(s.Tokens, c.End):
						t.Errorf("%s: a singular long form after %q", where, prev(1))
					}
				}
				if len(cs) == 0 {
					continue
				}
				// The sentence rules, on what was written.
				outcomes := make([]string, len(spans))
				for k, sp := range spans {
					outcomes[k] = outcomeOther
					if written[sp.Start] {
						outcomes[k] = outcomeReplaced
					}
				}
				for _, r := range sentenceRules {
					if k := r.drop(s, spans, func(k int) bool { return outcomes[k] == outcomeReplaced }); k >= 0 {
						t.Errorf("%s sentence %d: %q written out against rule %q", path, i+1, strings.Join(s.Tokens[spans[k].Start:spans[k].End], " "), r.name)
					}
				}
			}
			t.Logf("%s at rate %g: %d long forms", path, rate, n)
		}
	}
}
