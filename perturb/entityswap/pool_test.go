package entityswap

import (
	"github.com/stress-ner/stress/perturb/internal/english"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/sample"
	"github.com/stress-ner/stress/umls"
)

func TestPoolName(t *testing.T) {
	pref := func(src string) umls.Term { return umls.Term{Source: src, TermType: "label", Preferred: true} }
	syn := umls.Term{Source: "CHEBI", TermType: "synonym"}
	cdr := umls.Term{Source: "CDR", TermType: "mention"}
	for _, tc := range []struct {
		text string
		t    umls.Term
		diso bool
		want string
	}{
		{"heart failure", pref("MESH"), true, ""},
		{"Lyme disease", pref("MESH"), true, ""},
		{"seizures", cdr, true, ""},
		{"haloperidol", syn, false, ""}, // attested in the corpora's text
		{"rulonilimab", pref("DRUGBANK"), false, rejectUnattested},
		{"laflunimus", syn, false, rejectUnattested},
		{"blackberry", pref("DRUGBANK"), false, rejectUnattested}, // an allergen extract
		{"benign adult cerebral neoplasm", pref("NCIT"), true, rejectUnattested},
		{"sign or symptom", pref("MESH"), true, rejectFinding},
		{"aggravated disease", pref("MESH"), true, rejectGeneric},
		{"chemical substance", pref("MESH"), false, rejectGeneric},
		{"stage IIC appendix cancer", cdr, true, rejectFinding},
		{"stage II appendix cancer", cdr, true, rejectFinding},
		{"abundant intracytoplasmic lipofuscin present", cdr, true, rejectFinding},
		{"hypotensive", cdr, true, rejectAdjective},
		{"dimethyl", cdr, false, rejectFragment},
		{"aminocaproic", cdr, false, rejectFragment},
		{"- phe", cdr, false, rejectFragment},
		{"Arg -", cdr, false, rejectFragment},
		{"Infarction, Myocardial", cdr, true, english.RejectInverted},
		{"trifluoridonitridosulfur", syn, false, rejectUnattested},
		{"poly T", cdr, false, rejectFinding},
		{"bore", syn, false, rejectUnattested},
		{"copper", pref("MESH"), false, ""},
		{"hydroxy group", cdr, false, rejectFinding},
		{"Electroencephalography", cdr, false, rejectFinding},
		{"increase in locomotor activities", cdr, true, rejectFinding},
	} {
		if got := PoolName(tc.text, tc.t, tc.diso); got != tc.want {
			t.Errorf("PoolName(%q, %s) = %q, want %q", tc.text, tc.t.Source, got, tc.want)
		}
	}
}

func TestEponyms(t *testing.T) {
	terms := func(names ...string) []umls.Term {
		var out []umls.Term
		for _, n := range names {
			out = append(out, umls.Term{String: n})
		}
		return out
	}
	for _, tc := range []struct {
		terms []umls.Term
		want  string
	}{
		{terms("Maroteaux-Lamy syndrome", "maroteaux-lamy syndrome"), "lamy,maroteaux"},
		{terms("Zellweger Syndrome", "zellweger syndrome"), "zellweger"},
		{terms("Parkinson's disease"), "parkinson"},
		{terms("Papillon-Lefevre Syndrome"), "lefevre,papillon"},
		{terms("Meningococcal Disease", "meningococcal infection"), ""},
		{terms("Macular Dystrophy"), ""},
		{terms("Stress Cardiomyopathy", "Anemia, Hemolytic"), ""},
		{terms("Spinocerebellar Ataxia", "spinocerebellar ataxia"), ""},
	} {
		var got []string
		for w := range eponyms(tc.terms) {
			got = append(got, w)
		}
		slices.Sort(got)
		if g := strings.Join(got, ","); g != tc.want {
			t.Errorf("eponyms(%v) = %q, want %q", tc.terms, g, tc.want)
		}
	}
}

// TestGrammar: a plural mention takes a plural name, an adjectival
// disease mention is left alone, "a"/"an" fits, and names render in
// running-text case.
func TestGrammar(t *testing.T) {
	s := newSwap(t, Options{})
	sent := conll.Sentence{
		Tokens: []string{"Patients", "had", "seizures", "and", "an", "arrhythmia", "but", "were", "not", "hypotensive", "."},
		Tags:   []string{"O", "O", "B-Disease", "O", "O", "B-Disease", "O", "O", "O", "B-Disease", "O"},
	}
	for seed := range uint64(20) {
		out, cs := s.Perturb(sent, allTrue(len(sent.Tokens)), rand.New(rand.NewPCG(seed, seed)))
		if err := perturb.CheckSentence(s, sent, out, cs); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, c := range cs {
			switch c.Before {
			case "seizures":
				if !english.IsPlural(c.After) {
					t.Errorf("seed %d: plural mention %q -> singular %q", seed, c.Before, c.After)
				}
			case "arrhythmia":
				if english.IsPlural(c.After) || english.Article(strings.Fields(c.After)[0]) != "an" {
					t.Errorf("seed %d: %q after an -> %q", seed, c.Before, c.After)
				}
			case "hypotensive":
				t.Errorf("seed %d: adjectival mention replaced by %q", seed, c.After)
			}
			for _, w := range strings.Fields(c.After) {
				if len(w) >= 4 && strings.ToUpper(w) == w && english.EnglishWord(strings.ToLower(w)) {
					t.Errorf("seed %d: %q in capitals", seed, c.After)
				}
			}
		}
	}
}

// TestSampleNumber: on the embedded sample, no swap changes a mention's
// grammatical number and no plural name replaces a singular mention.
func TestSampleNumber(t *testing.T) {
	sents, err := sample.Test()
	if err != nil {
		t.Fatal(err)
	}
	s := newSwap(t, Options{})
	for i, sent := range sents {
		_, cs := s.Perturb(sent, allTrue(len(sent.Tokens)), perturb.SentenceRand(2, Name, sent))
		for _, c := range cs {
			if english.IsPlural(c.Before) != english.IsPlural(c.After) {
				t.Errorf("sentence %d: %q -> %q changes number", i+1, c.Before, c.After)
			}
			if err := s.Check(c); err != nil {
				t.Errorf("sentence %d: %v", i+1, err)
			}
		}
	}
}
