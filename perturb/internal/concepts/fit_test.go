package concepts

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/umls"
)

// countingStore names "cocaine" as a chemical, fails on "broken" the
// first time it is asked, and counts the lookups.
type countingStore struct {
	calls  int
	failed bool
}

func (c *countingStore) Lookup(term string, groups ...string) ([]umls.Concept, error) {
	c.calls++
	switch term {
	case "cocaine":
		return []umls.Concept{{ID: "MESH:D003042", Groups: []string{"CHEM"}}}, nil
	case "broken":
		if !c.failed {
			c.failed = true
			return nil, errors.New("store failed")
		}
	}
	return nil, nil
}

// TestSurveyorCache: a Surveyor's audit of a sentence seen before counts
// what it counted the first time without asking the store again, and a
// failed lookup is asked again.
func TestSurveyorCache(t *testing.T) {
	store := &countingStore{}
	s := NewSurveyor(store, Map{"Chemical": {"CHEM"}}, nil)
	sent := conll.Sentence{Tokens: []string{"cocaine", "and", "broken"}, Tags: []string{"B-Chemical", "O", "B-Chemical"}}
	first := s.Audit(nil, sent)
	want := []string{"Chemical", "Chemical as CHEM", "Chemical"}
	var got []string
	for _, a := range first {
		got = append(got, a.Item)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("items %q, want %q", got, want)
	}
	calls := store.calls
	again := s.Audit(nil, sent)
	if !reflect.DeepEqual(again, first) {
		t.Errorf("again: %v, want %v", again, first)
	}
	// "broken" failed the first time: asked again (its singular too), "cocaine" not.
	if store.calls == calls || store.calls > calls+2 {
		t.Errorf("%d lookups the second time, want 1 or 2 (the failed one)", store.calls-calls)
	}
	calls = store.calls
	s.Audit(nil, sent)
	if store.calls != calls {
		t.Errorf("%d lookups the third time, want none", store.calls-calls)
	}
}

// TestSurveyorCountTokens: countTokens, which reads the cache without
// making the mention's text, keeps and finds what count keeps and finds
// for the text.
func TestSurveyorCountTokens(t *testing.T) {
	store := &countingStore{}
	s := NewSurveyor(store, Map{"Chemical": {"CHEM"}}, nil)
	toks := []string{"cocaine", "hydrochloride"}
	first := s.countTokens("Chemical", toks)
	calls := store.calls
	if got := s.count("Chemical", "cocaine hydrochloride"); !reflect.DeepEqual(got, first) || store.calls != calls {
		t.Errorf("count after countTokens = %q with %d lookups, want %q with none", got, store.calls-calls, first)
	}
	long := strings.Fields(strings.Repeat("cocaine ", 60))
	if got, want := s.countTokens("Chemical", long), s.count("Chemical", strings.Join(long, " ")); !reflect.DeepEqual(got, want) {
		t.Errorf("countTokens of a long mention = %q, count %q", got, want)
	}
}
