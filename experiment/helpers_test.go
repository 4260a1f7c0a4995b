package experiment

import (
	"context"
	"fmt"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	_ "github.com/stress-ner/stress/perturb/keyboard"
	_ "github.com/stress-ner/stress/perturb/swap"
	"github.com/stress-ner/stress/stressset"
)

// corpus is a small IOB2 corpus with document markers.
func corpus() []conll.Sentence {
	mk := func(pairs ...string) conll.Sentence {
		var s conll.Sentence
		for i := 0; i < len(pairs); i += 2 {
			s.Tokens = append(s.Tokens, pairs[i])
			s.Tags = append(s.Tags, pairs[i+1])
		}
		return s
	}
	ss := []conll.Sentence{
		mk("Selegiline", "B-Chemical", "induced", "O", "postural", "B-Disease", "hypotension", "I-Disease", ".", "O"),
		mk("Cocaine", "B-Chemical", "causes", "O", "seizures", "B-Disease", "in", "O", "patients", "O", ".", "O"),
		mk("Heparin", "B-Chemical", "prevents", "O", "thrombosis", "B-Disease", ".", "O"),
		mk("No", "O", "effect", "O", "was", "O", "observed", "O", ".", "O"),
		mk("Lithium", "B-Chemical", "toxicity", "O", "resembles", "O", "meningitis", "B-Disease", ".", "O"),
	}
	ss[0].DocStart, ss[0].DocLine = true, "-DOCSTART-\tO"
	ss[3].DocStart, ss[3].DocLine = true, "-DOCSTART-\tO"
	return ss
}

// kinds returns registered perturbations by name.
func kinds(t testing.TB, names ...string) []*perturb.BuiltKind {
	t.Helper()
	var out []*perturb.BuiltKind
	for _, n := range names {
		k, err := perturb.Lookup(n)
		if err != nil {
			t.Fatal(err)
		}
		bk, err := k.Build(nil)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, bk)
	}
	return out
}

// runAugment runs a and returns the output sentences and parts.
func runAugment(t testing.TB, a *Augmenter, sents []conll.Sentence) ([]conll.Sentence, []stressset.Part) {
	t.Helper()
	var c collector
	parts, err := a.Run(context.Background(), sents, &c)
	if err != nil {
		t.Fatal(err)
	}
	return c.sents, parts
}

func text(ss []conll.Sentence) []string {
	var out []string
	for _, s := range ss {
		out = append(out, fmt.Sprint(s.Tokens, s.Tags))
	}
	return out
}
