package synonym

import (
	"errors"
	"github.com/stress-ner/stress/perturb/internal/english"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
)

func TestLongFormMatches(t *testing.T) {
	for _, tt := range []struct {
		short, long string
		want        bool
	}{
		{"FAP", "familial adenomatous polyposis", true},
		{"DOX", "doxorubicin", true},
		{"5-FU", "5 - fluorouracil", true},
		{"STZ", "streptozotocin", true},
		{"PD", "Parkinson ' s disease", true},
		{"HIT", "thrombocytopenia", false},           // the gold long form lacks "heparin - induced"
		{"AGC", "gastric cancer", false},             // and "advanced"
		{"PAN", "puromycin", false},                  // letters missing
		{"DOX", "oxorubicin d", false},               // the first letter must start a word
		{"LNNA", "NG - nitro - L - arginine", false}, // letters out of order
		{"DOX", "DOX", false},
		{"-", "anything", false},
	} {
		if got := LongFormMatches(tt.short, tt.long); got != tt.want {
			t.Errorf("LongFormMatches(%q, %q) = %v, want %v", tt.short, tt.long, got, tt.want)
		}
	}
}

// runContext perturbs sentences in order through one context reader, as
// the pipeline does.
func runContext(r *Replacer, ss []conll.Sentence) ([]conll.Sentence, [][]perturb.Change, [][]perturb.MentionOutcome) {
	cr := r.NewDocumentReader()
	var outs []conll.Sentence
	var chs [][]perturb.Change
	var ocs [][]perturb.MentionOutcome
	for _, s := range ss {
		doc := cr.Observe(s)
		out, cs := r.PerturbInDocument(doc, s, nil, rand.New(rand.NewPCG(1, 2)))
		outs, chs, ocs = append(outs, out), append(chs, cs), append(ocs, r.MentionOutcomesInDocument(doc, s))
	}
	return outs, chs, ocs
}

// noStandard turns standard long forms off, for tests of the text's own
// definitions.
func noStandard(o *Options) { o.StandardLongForms = false }

func TestAbbreviationLongForm(t *testing.T) {
	r, _ := fakeReplacer(t, noStandard)
	def := sentence("Streptozotocin ( STZ ) and 5 - FU .",
		"B-Chemical O B-Chemical O O B-Chemical I-Chemical I-Chemical O")
	use := sentence("STZ rats got an STZ dose , a STZ dose and 5 - FU .",
		"B-Chemical O O O B-Chemical O O O B-Chemical O O B-Chemical I-Chemical I-Chemical O")
	ss := []conll.Sentence{def, use}
	outs, chs, ocs := runContext(r, ss)
	if len(chs[0]) != 0 || !slices.Equal(outs[0].Tokens, def.Tokens) {
		t.Errorf("defining sentence changed: %v", outs[0].Tokens)
	}
	if want := []perturb.MentionOutcome{{Type: "Chemical", Outcome: OutcomeDefinition}, {Type: "Chemical", Outcome: OutcomeDefinition}, {Type: "Chemical", Outcome: OutcomeFiltered}}; !slices.Equal(ocs[0], want) {
		t.Errorf("outcomes of the definition = %v, want %v", ocs[0], want)
	}
	// The first STZ becomes the long form, lower case mid-sentence and
	// capitalized at the start; "an STZ" stays, as "an streptozotocin"
	// would not do; 5 - FU has no definition.
	got := strings.Join(outs[1].Tokens, " ")
	want := "Streptozotocin rats got an STZ dose , a streptozotocin dose and 5 - FU ."
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if len(chs[1]) != 2 || chs[1][0].TermType != TermLongForm || chs[1][0].Source != SourceText {
		t.Fatalf("changes %+v", chs[1])
	}
	for _, c := range chs[1] {
		if err := r.Check(c); err != nil {
			t.Error(err)
		}
	}
	if err := r.CheckSentence(use, outs[1], chs[1]); err != nil {
		t.Error(err)
	}
	bad := chs[1][0]
	bad.After = "colon cancer"
	if err := r.Check(bad); !errors.Is(err, perturb.ErrInvalidChange) {
		t.Errorf("Check of a false long form: %v", err)
	}
	// Without context (Perturb), abbreviations stay.
	if _, cs := r.Perturb(use, nil, rand.New(rand.NewPCG(1, 2))); len(cs) != 0 {
		t.Errorf("Perturb without context: %+v", cs)
	}
}

func TestAbbreviationWindow(t *testing.T) {
	r, _ := fakeReplacer(t, noStandard)
	def := sentence("doxorubicin ( DOX ) .", "B-Chemical O B-Chemical O O")
	use := sentence("DOX was given", "B-Chemical O O")
	filler := sentence("nothing here", "O O")
	ss := []conll.Sentence{def}
	for range AbbreviationWindow - 1 {
		ss = append(ss, filler)
	}
	ss = append(ss, use, filler, use)
	outs, _, _ := runContext(r, ss)
	if got := outs[AbbreviationWindow].Tokens[0]; got != "Doxorubicin" {
		t.Errorf("inside the window: %q, want Doxorubicin", got)
	}
	// The second use is AbbreviationWindow+2 sentences after the
	// definition: out of the window.
	if got := outs[len(outs)-1].Tokens[0]; got != "DOX" {
		t.Errorf("outside the window: %q, want DOX", got)
	}
	// A new document forgets the definitions of the last.
	doc := use
	doc.DocStart = true
	outs, _, _ = runContext(r, []conll.Sentence{def, doc})
	if got := outs[1].Tokens[0]; got != "DOX" {
		t.Errorf("after -DOCSTART-: %q, want DOX", got)
	}
	// The long form must be natural like any name.
	sys := sentence("N - ( 2 - hydroxypropyl ) methacrylamide ( HPMA ) .",
		"B-Chemical I-Chemical I-Chemical I-Chemical I-Chemical I-Chemical I-Chemical I-Chemical O B-Chemical O O")
	outs, _, _ = runContext(r, []conll.Sentence{sys, sentence("HPMA is", "B-Chemical O")})
	if got := outs[1].Tokens[0]; got != "HPMA" {
		t.Errorf("systematic long form used: %q", got)
	}
}

func TestArticleFit(t *testing.T) {
	r, _ := fakeReplacer(t, func(o *Options) { o.Strategy = StrategyShortest })
	// "an" before "heart attack": "myocardial infarction" takes "a".
	out, cs := r.Perturb(sentence("an heart attack", "O B-Disease I-Disease"), nil, rand.New(rand.NewPCG(1, 2)))
	if len(cs) != 0 {
		t.Errorf("article mismatch: %v", out.Tokens)
	}
	if got := r.MentionOutcomes(sentence("an heart attack", "O B-Disease I-Disease")); got[0].Outcome != OutcomeFiltered {
		t.Errorf("outcome %v, want filtered", got)
	}
	out, cs = r.Perturb(sentence("a heart attack", "O B-Disease I-Disease"), nil, rand.New(rand.NewPCG(1, 2)))
	if len(cs) != 1 || strings.Join(out.Tokens, " ") != "a myocardial infarction" {
		t.Errorf("got %v", out.Tokens)
	}
}

func TestProxies(t *testing.T) {
	for _, tt := range []struct {
		before, after string
		want          []string
	}{
		{"seizures", "convulsions", nil},
		{"quinine", "6 ' - methoxycinchonidine", []string{ProxyDigits, ProxyLong}},
		{"copper", "kupfer", nil},
		{"caffeine", "mateína", []string{ProxyNonASCII}},
		{"heart attack", "Infarction , Myocardial", []string{ProxyInverted}},
		{"convulsions", "seizure", []string{ProxyNumber}},
		{"5 - FU", "5 - fluorouracil", nil},
	} {
		if got := Proxies(tt.before, tt.after); !slices.Equal(got, tt.want) {
			t.Errorf("Proxies(%q, %q) = %v, want %v", tt.before, tt.after, got, tt.want)
		}
	}
}

func TestAudit(t *testing.T) {
	r, _ := fakeReplacer(t, func(o *Options) { o.Strategy = StrategyShortest })
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
	if _, ok := got["proxies/"+ProxyArticle]; !ok {
		t.Errorf("zero proxies not reported: %v", got)
	}
}

func TestStandardLongForm(t *testing.T) {
	// The embedded vocabulary: the training corpora define these always
	// the same way, and at least twice.
	for _, tt := range []struct{ typ, short, want string }{
		{"Chemical", "DOX", "doxorubicin"},
		{"Chemical", "NMDA", "N - methyl - D - aspartate"},
		{"Disease", "MI", "myocardial infarction"},
		{"Disease", "DOX", ""},   // the type matters
		{"Chemical", "PAN", ""},  // defined with several long forms
		{"Chemical", "HPMA", ""}, // defined once
		{"Chemical", "dox", ""},  // case matters
	} {
		if got := english.StandardLongForm(tt.typ, tt.short); got != tt.want {
			t.Errorf("english.StandardLongForm(%s, %s) = %q, want %q", tt.typ, tt.short, got, tt.want)
		}
	}
	r, _ := fakeReplacer(t, nil)
	use := sentence("DOX was given with 5 - FU .", "B-Chemical O O O B-Chemical I-Chemical I-Chemical O")
	outs, chs, ocs := runContext(r, []conll.Sentence{use})
	if got, want := strings.Join(outs[0].Tokens, " "), "Doxorubicin was given with 5 - fluorouracil ."; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	for _, c := range chs[0] {
		if c.TermType != TermStandardLongForm || c.Source != SourceCorpora {
			t.Errorf("change %+v", c)
		}
		if err := r.Check(c); err != nil {
			t.Error(err)
		}
	}
	if want := []perturb.MentionOutcome{{Type: "Chemical", Outcome: OutcomeReplaced}, {Type: "Chemical", Outcome: OutcomeReplaced}}; !slices.Equal(ocs[0], want) {
		t.Errorf("outcomes %v, want %v", ocs[0], want)
	}
	// The text's own definition comes first.
	def := sentence("doxepin ( DOX ) .", "B-Chemical O B-Chemical O O")
	outs, _, _ = runContext(r, []conll.Sentence{def, use})
	if got := outs[1].Tokens[0]; got != "Doxepin" {
		t.Errorf("with a definition: %q, want Doxepin", got)
	}
	// Off by option.
	r, _ = fakeReplacer(t, noStandard)
	if _, chs, _ := runContext(r, []conll.Sentence{use}); len(chs[0]) != 0 {
		t.Errorf("standard long forms off: %+v", chs[0])
	}
}

func TestStandardLongFormContradicted(t *testing.T) {
	// A store in which the abbreviation names another concept of the
	// mention's group than its long form does: left alone.
	r, store := fakeReplacer(t, nil)
	store.add("MESH:D999990", "CHEM", "Dimethyloxazole", "label")
	store.add("MESH:D999990", "CHEM", "DOX", "entry")
	if got := r.standardLongForm("Chemical", "DOX"); got != "" {
		t.Errorf("contradicted standard long form used: %q", got)
	}
}
