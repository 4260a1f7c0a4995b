package synonym

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb/internal/abbrev"
	"github.com/stress-ner/stress/perturb/internal/english"
)

// abbreviatedBesideEach is abbreviatedBeside as it was, reading every
// token of the sentence for every mention.
func abbreviatedBesideEach(s conll.Sentence, sp iob.Span) bool {
	mention := strings.Join(s.Tokens[sp.Start:sp.End], " ")
	for i, t := range s.Tokens {
		if i >= sp.Start && i < sp.End || utf8.RuneCountInString(t) < 2 || utf8.RuneCountInString(t) > 6 {
			continue
		}
		caps := 0
		for _, r := range t {
			if unicode.IsUpper(r) {
				caps++
			}
		}
		if caps >= 2 && isAbbreviation(t) && english.Compact(t) != english.Compact(mention) && abbrev.LongFormMatches(t, mention) &&
			spellsLastWord(t, mention) {
			return true
		}
	}
	return false
}

// TestAbbreviatedBesideOnce checks abbreviatedBeside with the tokens
// found once per sentence (abbreviationTokens) against the reading of
// every token for every mention, on every mention of the corpora at
// hand and of hand-made sentences.
func TestAbbreviatedBesideOnce(t *testing.T) {
	var sentences []conll.Sentence
	for _, path := range []string{"testdata/bc5cdr-head.tsv", shared + "corpora/BC5CDR-IOB/test.tsv", shared + "corpora/NCBI-disease-IOB/test.tsv"} {
		ss, err := conll.ReadFile(path)
		if err != nil {
			continue // the shared corpora may be absent
		}
		sentences = append(sentences, ss...)
	}
	sentences = append(sentences,
		conll.Sentence{Tokens: strings.Fields("NE and norepinephrine ( NÉ ) RA"), Tags: strings.Fields("O O B-Chemical O O O O")},
		conll.Sentence{Tokens: strings.Fields("retinoic acid RA ATRA Ca To"), Tags: strings.Fields("B-Chemical I-Chemical B-Chemical O O O")})
	if len(sentences) < 100 {
		t.Fatalf("%d sentences read", len(sentences))
	}
	n, beside := 0, 0
	for _, s := range sentences {
		abbrs := abbreviationTokens(s)
		for _, sp := range iob.Spans(s.Tags) {
			if got, want := abbreviatedBeside(s, sp, abbrs), abbreviatedBesideEach(s, sp); got != want {
				t.Errorf("abbreviatedBeside(%q, %v) = %v, want %v", s.Tokens, sp, got, want)
			} else if got {
				beside++
			}
			n++
		}
	}
	if beside == 0 {
		t.Error("no mention has its abbreviation beside it: the test reads nothing")
	}
	t.Logf("%d mentions, %d with their abbreviation beside them", n, beside)
}

// TestAnalysisOf checks that analysisOf, which reads the cache without
// making the mention's text, gives the analysis that analysis gives for
// the text, whichever asks first, on every mention of the head of
// BC5CDR.
func TestAnalysisOf(t *testing.T) {
	ss, store := headAndStore(t)
	r, err := New(store, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, s := range ss {
		for _, sp := range iob.Spans(s.Tags) {
			toks := s.Tokens[sp.Start:sp.End]
			text := strings.Join(toks, " ")
			var byTokens, byText *Analysis
			if i%2 == 0 {
				byTokens, byText = r.analysisOf(sp.Type, toks), r.analysis(sp.Type, text)
			} else {
				byText, byTokens = r.analysis(sp.Type, text), r.analysisOf(sp.Type, toks)
			}
			if byTokens != byText {
				t.Errorf("analysisOf(%s, %q) is not analysis of %q", sp.Type, toks, text)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no mention")
	}
	// A mention longer than the key's buffer on the stack.
	long := strings.Fields(strings.Repeat("heart failure ", 20))
	if r.analysisOf("Disease", long) != r.analysis("Disease", strings.Join(long, " ")) {
		t.Error("a long mention's analysisOf is not its analysis")
	}
}

// TestPlanKeyCollisions checks that sentences the plan cache's hash does
// not tell apart (planKey reads the lengths and first and last bytes of
// tokens and tags) keep their own plans: the cache compares them whole.
func TestPlanKeyCollisions(t *testing.T) {
	_, store := headAndStore(t)
	r, err := New(store, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	a := conll.Sentence{Tokens: strings.Fields("Patients with heart failure ."), Tags: strings.Fields("O O B-Disease I-Disease O")}
	b := conll.Sentence{Tokens: strings.Fields("Patients with hurst failure ."), Tags: strings.Fields("O O B-Disease I-Disease O")}
	if planKey(a) != planKey(b) {
		t.Fatal("the test's sentences do not collide")
	}
	if ea, _, _ := r.plan(nil, a); reflect.DeepEqual(ea, func() []edit { e, _, _ := r.plan(nil, b); return e }()) {
		t.Fatal("the test's sentences have the same plan: a mix-up would go unseen")
	}
	for _, s := range []conll.Sentence{a, b} {
		r.plans.plan(r, nil, s, false) // kept
	}
	for _, s := range []conll.Sentence{b, a} {
		wantEdits, wantOutcomes, wantSpans := r.plan(nil, s)
		edits, outcomes, spans := r.plans.plan(r, nil, s, true)
		if !reflect.DeepEqual(edits, wantEdits) || !slices.Equal(outcomes, wantOutcomes) || !slices.Equal(spans, wantSpans) {
			t.Errorf("cached plan of %q = %v %q, want %v %q", s.Tokens, edits, outcomes, wantEdits, wantOutcomes)
		}
	}
}

// TestPlanCacheReuse checks the plan cache against planning anew when
// taken entries are reused (planCache.free): batches of the sentences
// at hand are planned, then their plans taken in another order, and the
// sentences' slices the cache copied are overwritten in between, as a
// reader reusing its buffers would; every plan must be the sentence's
// own.
func TestPlanCacheReuse(t *testing.T) {
	ss, store := headAndStore(t)
	r, err := New(store, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	check := func(s conll.Sentence, edits []edit, outcomes []string, spans []iob.Span) {
		t.Helper()
		wantEdits, wantOutcomes, wantSpans := r.plan(nil, s)
		if !reflect.DeepEqual(edits, wantEdits) || !slices.Equal(outcomes, wantOutcomes) || !slices.Equal(spans, wantSpans) {
			t.Errorf("cached plan of %q = %v %q, want %v %q", s.Tokens, edits, outcomes, wantEdits, wantOutcomes)
		}
	}
	replaced := 0
	for _, size := range []int{1, 3, 7} {
		for first := 0; first < len(ss); first += size {
			batch := ss[first:min(first+size, len(ss))]
			copies := make([]conll.Sentence, len(batch))
			for i, s := range batch {
				// The caller's own slices, overwritten once planned.
				copies[i] = conll.Sentence{Tokens: slices.Clone(s.Tokens), Tags: slices.Clone(s.Tags), Keep: slices.Clone(s.Keep)}
				edits, outcomes, spans := r.plans.plan(r, nil, copies[i], false)
				check(s, edits, outcomes, spans)
				for j := range copies[i].Tokens {
					copies[i].Tokens[j], copies[i].Tags[j] = "x", "O"
				}
			}
			for i := len(batch) - 1; i >= 0; i-- {
				edits, outcomes, spans := r.plans.plan(r, nil, batch[i], true)
				check(batch[i], edits, outcomes, spans)
				replaced += len(edits)
			}
		}
	}
	if replaced == 0 {
		t.Fatal("no sentence at hand has a replacement: the test sees nothing")
	}
	if len(r.plans.free) == 0 {
		t.Error("no entry was reused")
	}
}

// TestPlaceReuse checks fitting and nameOfAnother with one place reused
// from mention to mention (placeIn), as plan and consistent call them,
// against a new place for each, on every mention of the sentences at
// hand taken in turn and then backwards.
func TestPlaceReuse(t *testing.T) {
	ss, store := headAndStore(t)
	r, err := New(store, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	shared := new(place)
	fitted := 0
	for _, order := range []int{1, -1} {
		for n := range ss {
			s := ss[n]
			if order < 0 {
				s = ss[len(ss)-1-n]
			}
			style := english.InferStyle(s.Tokens)
			for _, sp := range iob.Spans(s.Tags) {
				if got, want := r.nameOfAnother(shared, s, sp), r.nameOfAnother(new(place), s, sp); got != want {
					t.Errorf("nameOfAnother of %q in %q: %v with a reused place, %v with a new one", s.Tokens[sp.Start:sp.End], s.Tokens, got, want)
				}
				a := r.analysisOf(sp.Type, s.Tokens[sp.Start:sp.End])
				mkey := english.TrivialKey(strings.Join(s.Tokens[sp.Start:sp.End], " "))
				got, want := r.fitting(shared, s, sp, a, style, mkey), r.fitting(new(place), s, sp, a, style, mkey)
				if !reflect.DeepEqual(got, want) {
					t.Errorf("fitting of %q in %q: %v with a reused place, %v with a new one", s.Tokens[sp.Start:sp.End], s.Tokens, got, want)
				}
				fitted += len(want)
			}
		}
	}
	if fitted == 0 {
		t.Fatal("no mention at hand has a fitting candidate: the test sees nothing")
	}
}

// writtenElsewhereEach is writtenElsewhere as it was, finding the key
// words of the sentence around the mention for every name.
func writtenElsewhereEach(s conll.Sentence, sp iob.Span, name string) bool {
	nw := english.KeyWords(name)
	if len(nw) == 0 {
		return false
	}
	for _, part := range [][]string{s.Tokens[:sp.Start], s.Tokens[sp.End:]} {
		ws := english.KeyWords(strings.Join(part, " "))
		for i := 0; i+len(nw) <= len(ws); i++ {
			if slices.Equal(ws[i:i+len(nw)], nw) {
				return true
			}
		}
	}
	return false
}

// TestWrittenElsewhereOnce checks writtenElsewhere, which finds the key
// words around a mention once per place, against finding them for every
// name, for every mention at hand and as names its candidates, every
// token and pair of tokens of its sentence and the mention itself, one
// place reused from mention to mention.
func TestWrittenElsewhereOnce(t *testing.T) {
	ss, store := headAndStore(t)
	r, err := New(store, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	p := new(place)
	written := 0
	for _, s := range ss {
		for _, sp := range iob.Spans(s.Tags) {
			r.placeIn(p, s, sp)
			names := []string{strings.Join(s.Tokens[sp.Start:sp.End], " "), ""}
			for _, c := range r.analysisOf(sp.Type, s.Tokens[sp.Start:sp.End]).Candidates {
				names = append(names, c.Term)
			}
			for i, tok := range s.Tokens {
				names = append(names, tok, strings.ToUpper(tok)+"s")
				if i+1 < len(s.Tokens) {
					names = append(names, tok+" "+s.Tokens[i+1])
				}
			}
			for _, name := range names {
				got, want := p.writtenElsewhere(name), writtenElsewhereEach(s, sp, name)
				if got != want {
					t.Errorf("writtenElsewhere(%q) beside %q in %q = %v, want %v", name, s.Tokens[sp.Start:sp.End], s.Tokens, got, want)
				}
				if want {
					written++
				}
			}
		}
	}
	if written == 0 {
		t.Fatal("no name is written elsewhere: the test sees nothing")
	}
}
