package synonym

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/stress-ner/stress/umls"
)

// fakeStore is an in-memory Store read from testdata/lexicon.tsv
// (concept_id, group, term, term_type), so that unit tests do not depend
// on the embedded default's contents.
type fakeStore struct {
	concepts map[string]umls.Concept
	terms    map[string][]umls.Term
	byNorm   map[string][]string
	lookups  int
}

func loadFake(t testing.TB, path string) *fakeStore {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := &fakeStore{concepts: map[string]umls.Concept{}, terms: map[string][]umls.Term{}, byNorm: map[string][]string{}}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") || sc.Text() == "" {
			continue
		}
		fs := strings.Split(sc.Text(), "\t")
		if len(fs) != 4 {
			t.Fatalf("%s: bad line %q", path, sc.Text())
		}
		s.add(fs[0], fs[1], fs[2], fs[3])
	}
	return s
}

// add adds a term of type tty to concept id of group (created with the
// term as its label if new).
func (s *fakeStore) add(id, group, term, tty string) {
	src, _, _ := strings.Cut(id, ":")
	if _, ok := s.concepts[id]; !ok {
		s.concepts[id] = umls.Concept{ID: id, Name: term, Groups: []string{group}, Source: src}
	}
	s.terms[id] = append(s.terms[id], umls.Term{Concept: id, String: term, Source: src, TermType: tty,
		Preferred: tty == "label", Avoid: umls.Classify(term, tty)})
	n := umls.Normalize(term)
	if !containsStr(s.byNorm[n], id) {
		s.byNorm[n] = append(s.byNorm[n], id)
		sort.Strings(s.byNorm[n])
	}
}

func containsStr(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func (s *fakeStore) Lookup(term string, groups ...string) ([]umls.Concept, error) {
	s.lookups++
	var out []umls.Concept
	for _, id := range s.byNorm[umls.Normalize(term)] {
		if c := s.concepts[id]; c.InGroup(groups...) {
			out = append(out, c)
		}
	}
	return out, nil
}

func (s *fakeStore) Terms(id string) ([]umls.Term, error) { return s.terms[id], nil }

// TestTooCommon: a mention naming more than maxNamed concepts is
// ambiguous, and a candidate naming more fails the round trip, without
// the store decoding them (atMostStore).
func TestTooCommon(t *testing.T) {
	store := loadFake(t, "testdata/lexicon.tsv")
	for i := range maxNamed + 1 {
		store.add(fmt.Sprintf("MESH:D9%05d", i), "CHEM", "Snow", "entry")
	}
	r, err := New(&atMostFake{store}, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if a := r.Analyze("Chemical", "snow"); a.Outcome != outcomeAmbiguous {
		t.Errorf("a mention of %d concepts: %s", maxNamed+1, a.Outcome)
	}
	a := r.Analyze("Chemical", "cocaine")
	for _, c := range a.Candidates {
		if strings.EqualFold(c.Term, "snow") {
			t.Errorf("a name of %d concepts is a candidate: %v", maxNamed+1, a.Candidates)
		}
	}
}

// atMostFake is a fakeStore that counts before decoding, as *umls.Store.
type atMostFake struct{ *fakeStore }

func (f *atMostFake) LookupAtMost(term string, max int) ([]umls.Concept, int, error) {
	cs, err := f.Lookup(term)
	if len(cs) > max {
		return nil, len(cs), err
	}
	return cs, len(cs), err
}
