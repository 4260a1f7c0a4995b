package synonym

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
)

func FuzzParseTypeMap(f *testing.F) {
	for _, s := range []string{"Chemical=CHEM,Disease=DISO", " Disease = diso+ANAT ", "Chemical", "=CHEM", "Chemical=CHEM+", ""} {
		f.Add(s)
	}
	for _, s := range []string{"Chemical=CHEM,Chemical=DISO", "Chem ical=CHEM", "Chemical=CHEM+CHEM", "none,Gene=GENE+CHEM", "none"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseTypeMap(s)
		if err == nil && len(m) == 0 && !strings.EqualFold(strings.TrimSpace(s), "none") {
			t.Errorf("ParseTypeMap(%q): empty map without error", s)
		}
		// What it accepts maps each type written once, to groups given
		// once, and every type is one a tag can hold.
		seen := map[string]bool{}
		for typ, groups := range m {
			if typ == "" || strings.ContainsFunc(typ, unicode.IsControl) || seen[strings.ToLower(typ)] {
				t.Errorf("ParseTypeMap(%q): type %q", s, typ)
			}
			seen[strings.ToLower(typ)] = true
			if len(groups) == 0 || len(slices.Compact(slices.Sorted(slices.Values(groups)))) != len(groups) {
				t.Errorf("ParseTypeMap(%q): groups %q of %q", s, groups, typ)
			}
		}
	})
}

// FuzzPerturb checks the sentence invariants on arbitrary tokens and tags.
func FuzzPerturb(f *testing.F) {
	f.Add("heart attack after cocaine", "B-Disease I-Disease O B-Chemical", uint64(1))
	f.Add("Cocaine and lithium", "B-Chemical O B-Chemical", uint64(2))
	f.Add("x y", "I-Chemical O", uint64(3))
	r, _ := fakeReplacer(f, nil)
	f.Fuzz(func(t *testing.T, text, tags string, seed uint64) {
		s := conll.Sentence{Tokens: strings.Fields(text), Tags: strings.Fields(tags)}
		if len(s.Tokens) != len(s.Tags) {
			return
		}
		out, cs := r.Perturb(s, nil, perturb.SentenceRand(seed, Name, s))
		if err := perturb.CheckSentence(r, s, out, cs); err != nil {
			t.Error(err)
		}
	})
}

// BenchmarkPerturb measures throughput on a BC5CDR fixture with the
// embedded default store (sentences/s are reported).
func BenchmarkPerturb(b *testing.B) {
	ss, err := conll.ReadFile("testdata/bc5cdr-head.tsv")
	if err != nil {
		b.Fatal(err)
	}
	store, err := openDefault()
	if err != nil {
		b.Fatal(err)
	}
	r, _ := New(store, DefaultOptions())
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for b.Loop() {
		s := ss[n%len(ss)]
		out, cs := r.Perturb(s, nil, perturb.SentenceRand(1, Name, s))
		if err := perturb.CheckSentence(r, s, out, cs); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "sentences/s")
}

// BenchmarkAnalyze measures an uncached analysis (lookups, round trips,
// naturalness) of BC5CDR fixture mentions.
func BenchmarkAnalyze(b *testing.B) {
	ss, err := conll.ReadFile("testdata/bc5cdr-head.tsv")
	if err != nil {
		b.Fatal(err)
	}
	store, err := openDefault()
	if err != nil {
		b.Fatal(err)
	}
	r, _ := New(store, DefaultOptions())
	type m struct{ typ, text string }
	var ms []m
	for _, s := range ss {
		for _, sp := range iob.Spans(s.Tags) {
			ms = append(ms, m{sp.Type, strings.Join(s.Tokens[sp.Start:sp.End], " ")})
		}
	}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		x := ms[n%len(ms)]
		r.analyze(x.typ, x.text, true)
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "mentions/s")
}

// FuzzParsePolicy checks that any text either parses into lines with a
// stratum, a reason and a decision, each stratum once, or is an error;
// never a panic.
func FuzzParsePolicy(f *testing.F) {
	f.Add(policyText)
	f.Add("a\tkeep\twhy\n")
	f.Add("a\tadmit\n")
	f.Add("\t\t\n#\n")
	f.Fuzz(func(t *testing.T, text string) {
		ls, err := parsePolicy(text)
		if err != nil {
			return
		}
		seen := map[string]bool{}
		for _, l := range ls {
			if l.Stratum == "" || l.Reason == "" || seen[l.Stratum] || l.Kept && !l.Admit {
				t.Fatalf("ParsePolicy(%q) = %+v", text, ls)
			}
			seen[l.Stratum] = true
		}
	})
}

// FuzzParseStrata checks that any option value gives strata whose set
// admits each of them, or an error.
func FuzzParseStrata(f *testing.F) {
	for _, s := range []string{"", "all", "default", "* attested,curated pair", "[", "all,x", ",,"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		st, err := parseStrata(s)
		if err != nil {
			return
		}
		set := newStrataSet(st)
		for _, x := range st {
			if !strings.ContainsAny(x, "*?[\\\\") && !set.admits(x) {
				t.Fatalf("ParseStrata(%q) = %q, which does not admit %q", s, st, x)
			}
		}
	})
}

// FuzzNotation checks that the notation readers take any string without
// a panic, and that a name they give is one of their tables' names,
// which Check takes back.
func FuzzNotation(f *testing.F) {
	for _, s := range []string{"Ca2 +", "Ca ( 2 + )", "HCO3 -", "Ca2 + ions", "NaCl", "MgCl2", "Al2(SO4)3", "Ca(OH)", "(", "+", "((2+)", "Na99999999999999999999Cl"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, c := range notationCandidates(s) {
			if c.Term == "" || !notationPair(s, c.Term, c.TermType) {
				t.Fatalf("notationCandidates(%q) = %+v, which notationPair refuses", s, c)
			}
		}
	})
}
