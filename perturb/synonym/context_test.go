package synonym

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/internal/english"
)

// runContext perturbs sentences in order through one context reader, as
// the pipeline does.
func runContext(r *Replacer, ss []conll.Sentence) ([]conll.Sentence, [][]perturb.Change, [][]perturb.MentionOutcome) {
	cr := r.NewDocumentReader(perturb.RunInfo{Seed: 1, Selection: perturb.DefaultSelection()})
	var outs []conll.Sentence
	var chs [][]perturb.Change
	var ocs [][]perturb.MentionOutcome
	for _, s := range ss {
		ctx := cr.Observe(s)
		out, cs := r.PerturbInDocument(ctx, s, nil, rand.New(rand.NewPCG(1, 2)))
		outs, chs, ocs = append(outs, out), append(chs, cs), append(ocs, r.MentionOutcomesInDocument(ctx, s))
	}
	return outs, chs, ocs
}

func TestProxies(t *testing.T) {
	for _, tt := range []struct {
		before, after string
		want          []string
	}{
		{"seizures", "convulsions", nil},
		{"quinine", "6 ' - methoxycinchonidine", []string{proxyDigits, proxyLong}},
		{"copper", "kupfer", nil},
		{"caffeine", "mateína", []string{proxyNonASCII}},
		{"heart attack", "Infarction , Myocardial", []string{proxyInverted}},
		{"convulsions", "seizure", []string{proxyNumber}},
		{"5 - FU", "5 - fluorouracil", nil},
	} {
		if got := proxies(tt.before, tt.after); !slices.Equal(got, tt.want) {
			t.Errorf("Proxies(%q, %q) = %v, want %v", tt.before, tt.after, got, tt.want)
		}
	}
}

func TestAudit(t *testing.T) {
	r, _ := fakeReplacer(t, func(o *Options) { o.Strategy = strategyShortest })
	s := sentence("a heart attack after cocaine", "O B-Disease I-Disease O B-Chemical")
	out, cs := r.Perturb(s, nil, rand.New(rand.NewPCG(1, 2)))
	got := map[string]int{}
	for _, a := range r.Audit(nil, nil, s, out, cs) {
		got[a.Section+"/"+a.Item] += a.N
	}
	if got["replacements/total"] != 2 || got["replacements/lexicon name"] != 2 || got["proxies/total"] != 2 ||
		got["proxies/a/an mismatch"] != 0 || got["proxies/adds digits"] != 0 || got["rejected names/abbreviation"] != 1 {
		t.Errorf("audit %v", got)
	}
	if _, ok := got["proxies/"+proxyArticle]; !ok {
		t.Errorf("zero proxies not reported: %v", got)
	}
}

// TestMayKeyWord: mayKeyWord never rules out a stretch whose key words
// start with the byte asked about, on every stretch of the test corpus
// and on stretches of other characters (composed, folded, possessive).
func TestMayKeyWord(t *testing.T) {
	ss, err := conll.ReadFile("testdata/bc5cdr-head.tsv")
	if err != nil {
		t.Fatal(err)
	}
	stretches := [][]string{
		{"Parkinson", "'", "s", "disease"}, {"'", "s", "disease"}, {"e\u0301clampsia"}, {"Sjögren", "syndrome"},
		{"\u212bngstrom"}, {"-", "("}, {"5", "-", "FU"}, {"ＡＢＣ"}, {"x\u00adray"}, {"ﬁbrosis"}, {"İstanbul"},
	}
	for _, s := range ss {
		for n := 1; n <= 4; n++ {
			for i := 0; i+n <= len(s.Tokens); i++ {
				stretches = append(stretches, s.Tokens[i:i+n])
			}
		}
	}
	for _, toks := range stretches {
		kw := english.KeyWords(strings.Join(toks, " "))
		for c := 0; c < 256; c++ {
			starts := len(kw) > 0 && kw[0] != "" && kw[0][0] == byte(c)
			if starts && !mayKeyWord(toks, byte(c)) {
				t.Fatalf("%q: key words %q start with %q, mayKeyWord says no", toks, kw, byte(c))
			}
		}
	}
}
