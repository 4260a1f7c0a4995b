package entityswap

import (
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
)

func sentence(doc bool, text string, tags ...string) conll.Sentence {
	return conll.Sentence{Tokens: strings.Fields(text), Tags: tags, DocStart: doc}
}

// TestDocumentSwap: with per-document, every mention of a concept in a
// document takes one new concept, in every sentence; another document
// draws its own; without document marks, sentence by sentence; in a
// composition (Perturb), the sentence's stream as without the option.
func TestDocumentSwap(t *testing.T) {
	store := newSwap(t, Options{})
	d := &documentSwap{store}
	docs := [][]conll.Sentence{
		{sentence(true, "Cocaine induced seizures .", "B-Chemical", "O", "B-Disease", "O"),
			sentence(false, "After cocaine , seizures recurred .", "O", "B-Chemical", "O", "B-Disease", "O", "O"),
			sentence(false, "cocaine and seizures", "B-Chemical", "O", "B-Disease")},
		{sentence(true, "Cocaine induced seizures .", "B-Chemical", "O", "B-Disease", "O"),
			sentence(false, "cocaine again", "B-Chemical", "O")},
	}
	r := d.NewDocumentReader(perturb.RunInfo{Seed: 1})
	var concepts [][]string // per document, the new concepts of cocaine
	for _, doc := range docs {
		var seen []string
		for _, s := range doc {
			st := r.Observe(s)
			out, cs := d.PerturbInDocument(st, s, allTrue(len(s.Tokens)), perturb.SentenceRand(1, Name, s))
			if err := perturb.CheckSentence(d, s, out, cs); err != nil {
				t.Fatal(err)
			}
			for _, c := range cs {
				if strings.EqualFold(c.Before, "cocaine") {
					_, neu, _ := strings.Cut(c.ConceptID, "->")
					seen = append(seen, neu)
				}
			}
		}
		concepts = append(concepts, seen)
	}
	for i, seen := range concepts {
		if len(seen) != len(docs[i]) && i == 0 || len(seen) == 0 {
			t.Fatalf("document %d: cocaine swapped %d times: %v", i+1, len(seen), seen)
		}
		for _, c := range seen {
			if c != seen[0] {
				t.Errorf("document %d: cocaine became %v, not one concept", i+1, seen)
			}
		}
	}
	if concepts[0][0] == concepts[1][0] {
		t.Logf("both documents drew %s for cocaine (possible, not expected)", concepts[0][0])
	}
	// Without document marks: sentence by sentence.
	r = d.NewDocumentReader(perturb.RunInfo{Seed: 1})
	s := docs[0][1]
	s.DocStart = false
	if u := r.Observe(s).(docUnit); u.unit >= 0 {
		t.Errorf("an unmarked sentence is document %d", u.unit)
	}
	// Perturb is the plain kind's.
	s = docs[0][0]
	a, ca := d.Perturb(s, allTrue(len(s.Tokens)), perturb.SentenceRand(1, Name, s))
	b, cb := store.Perturb(s, allTrue(len(s.Tokens)), perturb.SentenceRand(1, Name, s))
	if strings.Join(a.Tokens, " ") != strings.Join(b.Tokens, " ") || len(ca) != len(cb) {
		t.Errorf("Perturb differs: %q vs %q", a.Tokens, b.Tokens)
	}
}

// TestPerDocumentOption: the option makes a documentSwap, and only it.
func TestPerDocumentOption(t *testing.T) {
	for v, want := range map[string]bool{"true": true, "false": false, "": false} {
		p, err := newFromOptions(map[string]string{"per-document": v})
		if err != nil {
			t.Fatal(err)
		}
		_, isDoc := p.(perturb.DocumentPerturbation)
		if isDoc != want {
			t.Errorf("per-document=%q: a DocumentPerturbation: %v", v, isDoc)
		}
		p.(interface{ Close() error }).Close()
	}
}
