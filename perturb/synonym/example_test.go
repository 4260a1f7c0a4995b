package synonym_test

import (
	"fmt"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/synonym"
	"github.com/stress-ner/stress/umls"
)

// A mention is replaced by another name of its concept, tokenized like
// the corpus, and its labels realigned.
func ExampleReplacer_Perturb() {
	store, err := umls.OpenDefault()
	if err != nil {
		fmt.Println(err)
		return
	}
	opts := synonym.DefaultOptions()
	opts.Strategy = synonym.StrategyPreferred
	r, err := synonym.New(store, opts)
	if err != nil {
		fmt.Println(err)
		return
	}
	s := conll.Sentence{
		Tokens: strings.Fields("Heart failure after acetaminophen ."),
		Tags:   strings.Fields("B-Disease I-Disease O B-Chemical O"),
	}
	out, changes := r.Perturb(s, nil, perturb.SentenceRand(1, synonym.Name, s))
	fmt.Println(len(out.Tokens) == len(out.Tags), len(changes) > 0)
	for _, c := range changes {
		fmt.Println(c.Before, "->", c.After, r.Check(c) == nil)
	}
	// Output:
	// true true
	// Heart failure -> Cardiac failure true
	// acetaminophen -> paracetamol true
}

func ExampleParseTypeMap() {
	m, err := synonym.ParseTypeMap("Chemical=CHEM,Disease=DISO+ANAT")
	fmt.Println(m["Chemical"], m["Disease"], err)
	// Output:
	// [CHEM] [DISO ANAT] <nil>
}
