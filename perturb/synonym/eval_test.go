package synonym

import (
	"bufio"
	"fmt"
	"github.com/stress-ner/stress/perturb/internal/english"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/umls"
)

const shared = "../../../shared/"

// corpusStats counts what a Replacer does to a corpus, checking every
// sentence as the pipeline does.
type corpusStats struct {
	outcomes       map[string]map[string]int // type -> outcome -> mentions
	changed        int                       // sentences whose entities changed (count or types)
	contextChanged int                       // context tokens changed
	sentences      int
}

func runCorpus(t testing.TB, r *Replacer, path string) corpusStats {
	t.Helper()
	ss, err := conll.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	st := corpusStats{outcomes: map[string]map[string]int{}}
	cr := r.NewDocumentReader(perturb.RunInfo{Seed: 1, Selection: perturb.DefaultSelection()})
	for i, s := range ss {
		st.sentences++
		rng := perturb.SentenceRand(1, Name, s)
		ctx := cr.Observe(s)
		out, cs := r.PerturbInDocument(ctx, s, nil, rng)
		for k := range cs {
			if err := r.Check(cs[k]); err != nil {
				t.Errorf("%s: sentence %d: %v", path, i+1, err)
			}
		}
		if err := r.CheckSentence(s, out, cs); err != nil {
			t.Errorf("%s: sentence %d: %v", path, i+1, err)
		}
		os, ps := spansOf(s), spansOf(out)
		if len(os) != len(ps) {
			st.changed++
		} else {
			for k := range os {
				if os[k].Type != ps[k].Type {
					st.changed++
					break
				}
			}
			st.contextChanged += contextDiff(s, out)
		}
		for _, mo := range r.MentionOutcomesInDocument(ctx, s) {
			if st.outcomes[mo.Type] == nil {
				st.outcomes[mo.Type] = map[string]int{}
			}
			st.outcomes[mo.Type][mo.Outcome]++
		}
	}
	return st
}

func (st corpusStats) share(typ string) (replaced, total int) {
	for o, n := range st.outcomes[typ] {
		total += n
		if o == OutcomeReplaced {
			replaced += n
		}
	}
	return replaced, total
}

// testStore opens the store named by $SYNONYM_DB, else the embedded
// default.
func testStore(t testing.TB) Store {
	t.Helper()
	if p := os.Getenv("SYNONYM_DB"); p != "" {
		s, err := umls.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	s, err := openDefault()
	if err != nil {
		t.Skipf("no default store: %v", err)
	}
	return s
}

func needShared(t testing.TB, path string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		t.Skip("shared data not present")
	}
}

// TestAcceptanceBC5CDR measures the acceptance figures on
// BC5CDR test with the default store and options.
func TestAcceptanceBC5CDR(t *testing.T) {
	path := shared + "corpora/BC5CDR-IOB/test.tsv"
	needShared(t, path)
	r, err := New(testStore(t), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	st := runCorpus(t, r, path)
	for _, typ := range []string{"Chemical", "Disease"} {
		n, d := st.share(typ)
		t.Logf("%s: %d of %d mentions replaced (%.1f%%); %v", typ, n, d, 100*float64(n)/float64(d), st.outcomes[typ])
	}
	t.Logf("sentences with changed entities: %d; changed context tokens: %d", st.changed, st.contextChanged)
	// Only names a writer would use replace mentions (see Natural): the
	// foreign INN forms, systematic names and inverted forms that made
	// up half the earlier Chemical figure are gone, and most drugs have
	// no other English name in the open lexicons. The floors guard the
	// measured figures against regressions. They were 20.0% and 26.0%
	// until the blind readings of the S set: seizure -> convulsion (149
	// replacements), lay, archaic and brand names ("heart attack",
	// "Valium"), broader or narrower names filed under one concept
	// ("brain disease" for "encephalopathy") are no synonyms, and went;
	// a third reading took Chemical from 18.5% to 18.2% ("ethanol" for
	// drinking alcohol) and Disease from 14.8% to 12.6% ("cerebrovascular
	// accident" for stroke, "malignancy" or "hemorrhage" for a
	// premodifying "cancer" or "bleeding"), a fourth Disease to 11.8%
	// ("apoplexy", "manic depressive disorder", "hypokinesia"). Then
	// abbreviations went to their own kind (perturb/abbreviation): 9.2%
	// and 9.5% were true synonyms; the organ rule, the curated pairs and
	// the element table brought them to 10.5% and 11.8%, a reading of
	// the set back to 10.3% and 11.4% (no name that writes out or in an
	// abbreviation, "Cr" is creatinine, organ variants the store knows
	// of mentions it does not), and the names of the last reading to
	// 10.2% and 11.1%. The blind readings of session 6 (200 BC5CDR,
	// 100 NCBI: 86% and 69% natural) took them to 9.6% and 10.8%: no
	// element symbol for a name ("serum K"), no "X of the Y" name after
	// "of", and 28 names and pairs avoided; then 9.4% and 10.8% with no
	// mention inside an abbreviation's long form ("selective serotonin
	// reuptake inhibitors ( SSRIs )") or inside another word
	// ("Antirifampicin"); then 10.4% and 12.2% with INN/BAN pairs
	// (indometacin, ciclosporin, beclometasone, cefalexin,
	// chlorphenamine) and clinical ones (acute kidney failure,
	// dysrhythmia, diabetic kidney disease) in pairs.txt; 10.2% and
	// 11.7% after a second blind reading (178 of 200 natural): 16 names
	// and pairs avoided, no name the sentence writes elsewhere
	// ("Rapamycin , a mammalian target of rapamycin inhibitor"), no "of"
	// without its article for a mention that has it; 10.1% and 11.6%
	// after a third (184 of 200 natural, 92.0%): 11 more names and
	// pairs; Disease 10.6% without the DOID and NCIt "exact" synonyms
	// readings found loose (looseExact: 16 of 26 DOID and 26 of 53 NCIt
	// ones read were unnatural or another meaning), 11.1% with
	// "convulsion -> seizure" in pairs.txt. Chemical 11.1% with
	// ChEBI's charge states and conjugate acids and bases taken as one
	// drug by the round trip (adriamycin -> doxorubicin, valproate <->
	// valproic acid) and four curated chemical pairs (cis-platinum,
	// cyclosporin A, streptozocin, L-DOPA -> levodopa), less the lower
	// case "taxol"; 11.3% with seven more INN/BAN/USAN and chemical-name
	// pairs (alpha-methyldopa, benzhexol, 13-cis-retinoic acid, ...);
	// 10.8% once cisplatin no longer becomes cis-platinum (a blind
	// reading found it obsolete: 13 of 200 items). Issue 32's name
	// policy (policy.tsv) took them to 9.4% and 8.4%: only the strata
	// blind readings of text their rules were not written from found
	// natural (curated pairs, the organ rule, element names, MeSH entry
	// terms CDR attests for the concept, NCIt's "X of the Y" wordings),
	// with the context rules those readings led to (fixed terms, hyphen
	// compounds, lists, an abbreviation beside, one name per concept in
	// a sentence) and eight curated pairs (renal and kidney failure,
	// adriamycin, hyoscine, ...). The floor is 8%.
	if n, d := st.share("Chemical"); 1000*n < 94*d {
		t.Errorf("Chemical: %d of %d replaced, want >= 9.4%%", n, d)
	}
	if n, d := st.share("Disease"); 1000*n < 84*d {
		t.Errorf("Disease: %d of %d replaced, want >= 8.4%%", n, d)
	}
	if st.changed != 0 || st.contextChanged != 0 {
		t.Errorf("%d sentences with changed entities, %d changed context tokens; want 0", st.changed, st.contextChanged)
	}
}

// TestCoverageNCBI reports the NCBI-disease test coverage.
func TestCoverageNCBI(t *testing.T) {
	path := shared + "corpora/NCBI-disease-IOB/test.tsv"
	needShared(t, path)
	r, err := New(testStore(t), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	st := runCorpus(t, r, path)
	n, d := st.share("Disease")
	t.Logf("NCBI-disease test: %d of %d Disease mentions replaced (%.1f%%); %v", n, d, 100*float64(n)/float64(d), st.outcomes["Disease"])
	// 24.5% until the blind readings' rules, 21.2% until abbreviations
	// went to their own kind (see TestAcceptanceBC5CDR), 13.8% until the
	// obsolete and rare eponym names of avoid.txt (bronze diabetes,
	// absent iris, happy puppet syndrome, puppet children, ...) and the
	// disease names of genes ("Wilms tumor 1") went, and 6.7% once
	// colorectal cancer no longer became large bowel cancer; 4.4% after
	// the session-6 blind reading (pancreas carcinoma, renal
	// adenocarcinoma, von Willebrand's factor deficiency, HPRT
	// deficiency for Lesch-Nyhan syndrome, repeated in this test set).
	// 4.4% (42) after a reading of 100 fresh NCBI-disease-train
	// replacements (61 natural): 22 names and pairs avoided, no "of"
	// name in a coordination of premodifiers. 4.2% (40) without the
	// loose DOID and NCIt "exact" synonyms (looseExact) and with
	// Duchenne dystrophy in pairs.txt; 3.9% (37) once the next names of
	// von Willebrand disease (vascular hemophilia, vascular
	// pseudohemophilia) and 35 other obsolete, wrong or thesaurus names
	// found reading the NCBI-disease train and development replacements
	// were avoided; 3.8% (36) with no disease name of a gene replaced
	// ("the Duchenne muscular dystrophy gene").
	// 0.1% (1) under issue 32's name policy: NCBI-disease's genetic
	// conditions have no name CDR's authors attest, and the lexicons'
	// other names of them were those readers found obsolete, broader or
	// narrower (the strata the policy refuses).
	if n < 1 {
		t.Errorf("NCBI-disease: %d of %d replaced, want >= 1", n, d)
	}
	if st.changed != 0 || st.contextChanged != 0 {
		t.Errorf("%d sentences with changed entities, %d changed context tokens; want 0", st.changed, st.contextChanged)
	}
}

// pubMention is one annotated mention of a PubTator file.
type pubMention struct {
	text, typ, mesh string
}

func readPubTator(t testing.TB, path string) []pubMention {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []pubMention
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		fs := strings.Split(sc.Text(), "\t")
		if len(fs) < 6 || (fs[4] != "Chemical" && fs[4] != "Disease") {
			continue
		}
		id := fs[5]
		if id == "-1" || strings.ContainsAny(id, "|+") {
			continue // no id, or a composite mention of several concepts
		}
		out = append(out, pubMention{text: fs[3], typ: fs[4], mesh: "MESH:" + id})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// precision counts how replacements of PubTator mentions map back to MeSH.
type precision struct {
	mentions, replaced int
	kept, changed      int // the replacement names the gold descriptor / only other descriptors
	unmapped           int // the replacement names no MeSH descriptor
	byType             map[string][2]int
	examples           []string
}

func (p precision) String() string {
	return fmt.Sprintf("%d mentions, %d replaced (%.1f%%): %d keep the MeSH id, %d name another descriptor, %d name none; "+
		"kept among checkable %.2f%%, not changed among all %.2f%%",
		p.mentions, p.replaced, 100*float64(p.replaced)/float64(p.mentions), p.kept, p.changed, p.unmapped,
		100*float64(p.kept)/float64(p.kept+p.changed), 100-100*float64(p.changed)/float64(p.replaced))
}

// evaluate replaces each mention as Perturb would (tokenized as the IOB
// corpora are) and looks the replacement up in MeSH.
func evaluate(t testing.TB, store Store, opts Options, ms []pubMention) precision {
	r, err := New(store, opts)
	if err != nil {
		t.Fatal(err)
	}
	p := precision{byType: map[string][2]int{}}
	for _, m := range ms {
		p.mentions++
		mention := strings.Join(english.Tokenize(m.text, tokenizePunct), " ")
		a := r.Analyze(m.typ, mention)
		if len(a.Candidates) == 0 {
			continue
		}
		s := conll.Sentence{Tokens: english.Tokenize(m.text, tokenizePunct)}
		c := choose(opts.Strategy, mention, a.Candidates, perturb.SentenceRand(1, Name, s))
		p.replaced++
		bt := p.byType[m.typ]
		cs, err := store.Lookup(c.Term)
		if err != nil {
			t.Fatal(err)
		}
		gold, other := false, false
		for _, x := range cs {
			if x.Source != "MESH" {
				continue
			}
			if x.ID == m.mesh {
				gold = true
			} else {
				other = true
			}
		}
		switch {
		case gold:
			p.kept++
		case other:
			p.changed++
			bt[1]++
			if len(p.examples) < 40 {
				p.examples = append(p.examples, fmt.Sprintf("%s %q (%s) -> %q (%s %s)", m.typ, m.text, m.mesh, c.Term, c.ConceptID, c.Source))
			}
		default:
			p.unmapped++
		}
		bt[0]++
		p.byType[m.typ] = bt
	}
	return p
}

// TestEvaluatePubTator estimates concept preservation on the BC5CDR
// train and development PubTator files (the test split is held out):
// for each mention with one MeSH id, the replacement is looked up in
// MeSH again. It also compares the strategies. The estimate is circular
// for the CDR names of the default store, which come from these files:
// TestPreservationCrossValidated is the honest one.
func TestEvaluatePubTator(t *testing.T) {
	dir := shared + "corpora/pubtator/"
	needShared(t, dir+"CDR_TrainingSet.PubTator.txt")
	// This release's training file holds the training and the
	// development documents.
	ms := readPubTator(t, dir+"CDR_TrainingSet.PubTator.txt")
	store := testStore(t)
	for _, strategy := range []string{strategyRandom, strategyShortest, strategyLongest, strategyDissimilar, StrategyPreferred} {
		opts := DefaultOptions()
		opts.Strategy = strategy
		p := evaluate(t, store, opts, ms)
		t.Logf("%s: %v; by type (replaced, changed): %v", strategy, p, p.byType)
		if strategy == defaultStrategy {
			for _, e := range p.examples {
				t.Log(e)
			}
			if p.changed*100 > 2*p.replaced {
				t.Errorf("%d of %d replacements change the MeSH concept, want <= 2%%", p.changed, p.replaced)
			}
		}
	}
}

// cvStore is the default store as if its CDR names had been built from
// the CDR training documents only: the CDR terms of the default (built
// from training and development) are hidden and the training-only names
// added, so that development mentions can measure concept preservation
// without having lent their own strings to the store.
type cvStore struct {
	inner  Store
	names  map[string][]string       // concept id -> training-only CDR names
	byNorm map[string][]umls.Concept // normalized CDR name -> concepts
}

func newCVStore(t testing.TB, inner Store, names []umls.MentionName) *cvStore {
	s := &cvStore{inner: inner, names: map[string][]string{}, byNorm: map[string][]umls.Concept{}}
	for _, n := range names {
		s.names[n.ConceptID] = append(s.names[n.ConceptID], n.Name)
	}
	for id, ns := range s.names {
		c := umls.Concept{ID: id, Name: ns[0], Source: "MESH", Groups: []string{map[bool]string{true: "CHEM", false: "DISO"}[strings.HasPrefix(id, "MESH:C") || chemOf(names, id)]}}
		// A concept the MeSH file has keeps its own name and groups.
		if ts, err := inner.Terms(id); err == nil {
			for _, tm := range ts {
				if tm.Source != "CDR" {
					if cs, _ := inner.Lookup(tm.String); len(cs) > 0 {
						for _, x := range cs {
							if x.ID == id {
								c = x
							}
						}
					}
					break
				}
			}
		}
		for _, n := range ns {
			k := umls.Normalize(n)
			s.byNorm[k] = append(s.byNorm[k], c)
		}
	}
	return s
}

func chemOf(names []umls.MentionName, id string) bool {
	for _, n := range names {
		if n.ConceptID == id {
			return n.Type == "Chemical"
		}
	}
	return false
}

func (s *cvStore) Terms(id string) ([]umls.Term, error) {
	ts, err := s.inner.Terms(id)
	if err != nil {
		return nil, err
	}
	var out []umls.Term
	known := map[string]bool{}
	for _, t := range ts {
		if t.Source != "CDR" {
			out = append(out, t)
			known[umls.Normalize(t.String)] = true
		}
	}
	for _, n := range s.names[id] {
		if !known[umls.Normalize(n)] {
			out = append(out, umls.Term{Concept: id, String: n, Source: "CDR", TermType: "mention"})
		}
	}
	return out, nil
}

func (s *cvStore) Lookup(term string, groups ...string) ([]umls.Concept, error) {
	cs, err := s.inner.Lookup(term)
	if err != nil {
		return nil, err
	}
	k := umls.Normalize(term)
	var out []umls.Concept
	for _, c := range cs {
		ts, err := s.Terms(c.ID)
		if err != nil {
			return nil, err
		}
		if slices.ContainsFunc(ts, func(t umls.Term) bool { return umls.Normalize(t.String) == k }) {
			out = append(out, c)
		}
	}
	for _, c := range s.byNorm[k] {
		if !slices.ContainsFunc(out, func(x umls.Concept) bool { return x.ID == c.ID }) {
			out = append(out, c)
		}
	}
	out = slices.DeleteFunc(out, func(c umls.Concept) bool { return !c.InGroup(groups...) })
	slices.SortFunc(out, func(a, b umls.Concept) int { return strings.Compare(a.ID, b.ID) })
	return out, nil
}

// cdrNamesOf selects CDR names from the given PubTator documents as
// umls/internal/mkdefault does (same evidence and rejections).
func cdrNamesOf(t testing.TB, store Store, ms []umls.PubTatorMention) []umls.MentionName {
	label := func(id string) string {
		ts, _ := store.Terms(id)
		for _, tm := range ts {
			if tm.Preferred && tm.Source == "MESH" {
				return tm.String
			}
		}
		return ""
	}
	names, _ := umls.MentionNames(ms, umls.MentionNameOptions{
		MinDocs: 2, MinCount: 2, MinShare: 0.95, Prefix: "MESH:", Label: label,
		Reject: func(id, name string) string {
			if isAbbreviation(name) {
				return "abbreviation"
			}
			cs, err := store.Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range cs {
				if c.Source != "MESH" || c.ID == id {
					continue
				}
				ts, _ := store.Terms(c.ID)
				for _, tm := range ts {
					if tm.Source == "MESH" && umls.Normalize(tm.String) == umls.Normalize(name) {
						return "names another MeSH concept"
					}
				}
			}
			return ""
		},
	})
	return names
}

// TestPreservationCrossValidated is the honest estimate of concept
// preservation: TestEvaluatePubTator evaluates on the documents the CDR
// names came from, so those names keep their MeSH id by construction.
// Here the CDR names come from the training documents only and the
// development documents are evaluated.
func TestPreservationCrossValidated(t *testing.T) {
	dir := shared + "corpora/pubtator/"
	needShared(t, dir+"CDR_TrainingSet.PubTator.txt")
	inner := testStore(t)
	devIDs := map[string]bool{}
	dev := readPubTator(t, dir+"CDR_DevelopmentSet.PubTator.txt")
	f, err := os.Open(dir + "CDR_DevelopmentSet.PubTator.txt")
	if err != nil {
		t.Fatal(err)
	}
	devAll, err := umls.ReadPubTator(f, f.Name())
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range devAll {
		devIDs[m.Doc] = true
	}
	f, err = os.Open(dir + "CDR_TrainingSet.PubTator.txt")
	if err != nil {
		t.Fatal(err)
	}
	trainAll, err := umls.ReadPubTator(f, f.Name())
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	// This release's training file also holds the development documents.
	train := slices.DeleteFunc(trainAll, func(m umls.PubTatorMention) bool { return devIDs[m.Doc] })
	names := cdrNamesOf(t, inner, train)
	cv := newCVStore(t, inner, names)
	t.Logf("%d CDR names from %d training annotations", len(names), len(train))
	p := evaluate(t, cv, DefaultOptions(), dev)
	t.Logf("train names, dev mentions: %v; by type (replaced, changed): %v", p, p.byType)
	for _, e := range p.examples {
		t.Log(e)
	}
	if p.changed*100 > 1*(p.kept+p.changed) {
		t.Errorf("%d of %d checkable replacements change the MeSH concept, want <= 1%%", p.changed, p.kept+p.changed)
	}
	// The same evaluation with the full default, for comparison: the
	// circular estimate.
	t.Logf("train+dev names, dev mentions (circular): %v", evaluate(t, inner, DefaultOptions(), dev))
	noCDR := DefaultOptions()
	noCDR.ExcludeSources = []string{"CDR"}
	t.Logf("no CDR names, dev mentions: %v", evaluate(t, cv, noCDR, dev))
}
