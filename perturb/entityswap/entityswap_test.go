package entityswap

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/sample"
	"github.com/stress-ner/stress/umls"
)

func newSwap(t testing.TB, opts Options) *Swap {
	t.Helper()
	store, err := umls.OpenDefault()
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(store, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func allTrue(n int) []bool {
	b := make([]bool, n)
	for i := range b {
		b[i] = true
	}
	return b
}

func types(tags []string) []string {
	var out []string
	for _, sp := range iob.Spans(tags) {
		out = append(out, sp.Type)
	}
	return out
}

// TestSample swaps every mention of the embedded BC5CDR sample: every
// sentence keeps its entity count and types and passes the checks, and
// every change names two different concepts.
func TestSample(t *testing.T) {
	sents, err := sample.Test()
	if err != nil {
		t.Fatal(err)
	}
	s := newSwap(t, Options{})
	swapped, mentions := 0, 0
	for i, sent := range sents {
		r := perturb.SentenceRand(1, Name, sent)
		out, cs := s.Perturb(sent, allTrue(len(sent.Tokens)), r)
		if err := perturb.CheckSentence(s, sent, out, cs); err != nil {
			t.Fatalf("sentence %d: %v", i+1, err)
		}
		if got, want := strings.Join(types(out.Tags), ","), strings.Join(types(sent.Tags), ","); got != want {
			t.Fatalf("sentence %d: entities %s became %s", i+1, want, got)
		}
		for _, c := range cs {
			old, neu, _ := strings.Cut(c.ConceptID, "->")
			if neu == "" || old == neu || Key(c.After) == Key(c.Before) {
				t.Errorf("sentence %d: change %+v", i+1, c)
			}
		}
		swapped += len(cs)
		mentions += len(iob.Spans(sent.Tags))
	}
	if swapped < mentions*8/10 {
		t.Errorf("swapped %d of %d mentions", swapped, mentions)
	}
}

func TestUnseen(t *testing.T) {
	sent := conll.Sentence{
		Tokens: []string{"Naloxone", "reverses", "the", "hypotension", "induced", "by", "clonidine", "."},
		Tags:   []string{"B-Chemical", "O", "O", "B-Disease", "O", "O", "B-Chemical", "O"},
	}
	sel := allTrue(len(sent.Tokens))
	s := newSwap(t, Options{})
	_, cs := s.Perturb(sent, sel, rand.New(rand.NewPCG(4, 4)))
	if len(cs) != 3 {
		t.Fatalf("changes %+v", cs)
	}
	// The names chosen, once unseen, are never chosen again.
	unseen := map[string]bool{}
	for _, c := range cs {
		unseen[Key(c.After)] = true
	}
	u := newSwap(t, Options{Unseen: unseen})
	out, cs2 := u.Perturb(sent, sel, rand.New(rand.NewPCG(4, 4)))
	if err := perturb.CheckSentence(u, sent, out, cs2); err != nil {
		t.Fatal(err)
	}
	for _, c := range cs2 {
		if unseen[Key(c.After)] {
			t.Errorf("unseen name %q used", c.After)
		}
	}
	if err := u.Check(cs[0]); !errors.Is(err, perturb.ErrInvalidChange) {
		t.Errorf("Check of an unseen name: %v", err)
	}
	// Nothing selected in a mention: it stays.
	sel[0], sel[3], sel[6] = false, false, false
	if _, cs := s.Perturb(sent, sel, rand.New(rand.NewPCG(4, 4))); len(cs) != 0 {
		t.Errorf("unselected mentions changed: %+v", cs)
	}
}

func TestCheck(t *testing.T) {
	s := newSwap(t, Options{})
	cocaine := perturb.Change{Token: 0, End: 1, Before: "cocaine", After: "clonidine"}
	for _, tc := range []struct {
		id string
		ok bool
	}{
		{"MESH:D003042->MESH:D003000", true}, // clonidine
		{"MESH:D003042->MESH:D003042", false},
		{"MESH:D003000", false},
		{"MESH:D003042->", false},
		{"MESH:D003042->MESH:D009270", false}, // naloxone: not its name
	} {
		c := cocaine
		c.ConceptID = tc.id
		if err := s.Check(c); (err == nil) != tc.ok || err != nil && !errors.Is(err, perturb.ErrInvalidChange) {
			t.Errorf("Check(%s) = %v, want ok %v", tc.id, err, tc.ok)
		}
	}
	// Invalid IOB2 is left whole.
	bad := conll.Sentence{Tokens: []string{"x", "cocaine"}, Tags: []string{"O", "I-Chemical"}}
	if out, cs := s.Perturb(bad, allTrue(2), rand.New(rand.NewPCG(1, 1))); len(cs) != 0 || out.Tokens[1] != "cocaine" {
		t.Errorf("invalid IOB2 changed: %+v", cs)
	}
	// A sentence with a lost entity fails the sentence check.
	orig := conll.Sentence{Tokens: []string{"cocaine", "use"}, Tags: []string{"B-Chemical", "O"}}
	lost := conll.Sentence{Tokens: []string{"x", "use"}, Tags: []string{"O", "O"}}
	if err := s.CheckSentence(orig, lost, nil); !errors.Is(err, perturb.ErrCheck) {
		t.Errorf("lost entity: %v", err)
	}
}

func TestMentionsOf(t *testing.T) {
	p := filepath.Join(t.TempDir(), "train.tsv")
	if err := os.WriteFile(p, []byte("Cocaine\tB-Chemical\nuse\tO\n\n5\tB-Chemical\n-\tI-Chemical\nFU\tI-Chemical\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := mentionsOf(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(m) != 2 || !m[Key("cocaine")] || !m[Key("5-FU")] {
		t.Errorf("mentions %v", m)
	}
	if _, err := mentionsOf(filepath.Join(t.TempDir(), "missing.tsv")); err == nil {
		t.Error("missing corpus accepted")
	}
}
