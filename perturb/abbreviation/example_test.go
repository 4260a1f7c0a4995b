package abbreviation_test

import (
	"fmt"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/abbreviation"
	"github.com/stress-ner/stress/umls"
)

// An abbreviation becomes the long form its document defined: the
// document is read in order (NewDocumentReader), and the defining
// sentence itself is left as it is.
func ExampleNew() {
	store, err := umls.OpenDefault()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer store.Close()
	a, err := abbreviation.New(store, abbreviation.Options{Direction: abbreviation.Expand})
	if err != nil {
		fmt.Println(err)
		return
	}
	doc := a.NewDocumentReader(perturb.RunInfo{Seed: 1, Selection: perturb.DefaultSelection()})
	for _, s := range []conll.Sentence{
		{Tokens: strings.Fields("Streptozotocin ( STZ ) was given ."), Tags: strings.Fields("B-Chemical O B-Chemical O O O O")},
		{Tokens: strings.Fields("STZ rats lost weight ."), Tags: strings.Fields("B-Chemical O O O O")},
	} {
		out, changes := a.PerturbInDocument(doc.Observe(s), s, nil, perturb.SentenceRand(1, abbreviation.Name, s))
		fmt.Println(strings.Join(out.Tokens, " "), len(changes))
	}
	// Output:
	// Streptozotocin ( STZ ) was given . 0
	// Streptozotocin rats lost weight . 1
}
