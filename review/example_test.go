package review_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/review"
)

// Three strata of 980, 15 and 5 changes share 10 items: in proportion
// 9.8, 0.15 and 0.05, but every stratum gets at least one.
func ExampleAllocate() {
	alloc, err := review.Allocate([]int{980, 15, 5}, 10)
	fmt.Println(alloc, err)
	// Output: [8 1 1] <nil>
}

// 185 of 200 items judged natural, with the Wilson 95% interval
// (Newcombe 1998's method 3; statsmodels' proportion_confint with
// method="wilson").
func ExampleWilson() {
	lo, hi := review.Wilson(185, 200, review.Z95)
	fmt.Printf("92.5%% (95%% CI %.1f–%.1f)\n", 100*lo, 100*hi)
	// Output: 92.5% (95% CI 88.0–95.4)
}

// Wikipedia's example: two readers of 50 grant proposals agree on 20
// yes and 15 no.
func ExampleCohenKappa() {
	a := strings.Split(strings.Repeat("yes ", 25)+strings.Repeat("no ", 25), " ")
	b := strings.Split(strings.Repeat("yes ", 20)+strings.Repeat("no ", 5)+strings.Repeat("yes ", 10)+strings.Repeat("no ", 15), " ")
	k, ok := review.CohenKappa(a[:50], b[:50])
	fmt.Printf("%.2f %v\n", k, ok)
	// Output: 0.40 true
}

// Three judges label four items (the same figures as reference.py's
// fleiss on the table of counts).
func ExampleFleissKappa() {
	k, observed, ok := review.FleissKappa([][]string{
		{"natural", "natural", "natural"},
		{"natural", "natural", "unnatural"},
		{"unnatural", "unnatural", "unnatural"},
		{"natural", "unnatural", "unsure"},
	})
	fmt.Printf("kappa %.3f, observed agreement %.3f, %v\n", k, observed, ok)
	// Output: kappa 0.268, observed agreement 0.583, true
}

// A blind sample of the synonym changes of a build, one item per entity
// type at least: what a judge sees, and the key kept from them.
func ExampleDraw() {
	c, err := review.ReadBuild(conll.Opener{}, "testdata/build")
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := review.Draw(c, review.Options{N: 3, Seed: 1, Kinds: []string{"synonym"}, By: []string{review.ByType}})
	if err != nil {
		fmt.Println(err)
		return
	}
	it := s.Items[0]
	fmt.Println(it.Perturbed.Text("[", "]"))
	fmt.Println(it.Key.Change.Before, "->", it.Key.Change.After, "|", it.Key.Type, it.Key.Change.Source)
	for _, st := range s.Strata {
		fmt.Printf("%s: %d of %d\n", st.Name(s.By), st.Drawn, st.Changes)
	}
	// Output:
	// BACKGROUND : Calcitriol therapy suppresses serum levels of parathyroid hormone ( PTH ) in patients with [kidney failure] but has several drawbacks , including hypercalcemia and / or marked suppression of bone turnover , which may lead to adynamic bone disease .
	// renal failure -> kidney failure | Disease DOID
	// Chemical: 2 of 16
	// Disease: 1 of 11
}

// Two judges' files scored against a key.
func ExampleScore() {
	key, err := review.ReadKey(strings.NewReader(
		"item\tfile\tline\tsentence\ttoken\tend\tkind\ttype\tsource\tbefore\tafter\tconcept_id\tterm_type\tlabels\n"+
			"s-1\tt_syn.tsv\t2\t1\t4\t5\tsynonym\tDisease\tMESH\theart failure\tcardiac failure\tMESH:D006333\tentry\tnatural,unnatural,unsure\n"+
			"s-2\tt_syn.tsv\t3\t2\t1\t1\tsynonym\tChemical\tCHEBI\tcocaine\tcoke\tCHEBI:27958\texact\tnatural,unnatural,unsure\n"+
			"s-3\tt_key.tsv\t9\t2\t6\t6\tkeyboard\tO\t\tdose\tdise\t\t\tnatural,unnatural,unsure\n"), "key.tsv")
	if err != nil {
		fmt.Println(err)
		return
	}
	a, _ := review.ReadJudgements(strings.NewReader("item\tlabel\ns-1\tnatural\ns-2\tunnatural\ns-3\tnatural\n"), "ann.tsv", key)
	b, _ := review.ReadJudgements(strings.NewReader("item\tlabel\ns-1\tnatural\ns-2\tunnatural\ns-3\tunsure\n"), "bob.tsv", key)
	rep, err := review.Score(key, []*review.Judgements{a, b})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rep.Sentence())
	rep.WriteAvoid(os.Stdout)
	// Output:
	// In a blind sample of 3 changes, 33.3% were judged natural (95% CI 6.1–79.2); 2 annotators, Cohen's κ = 0.50.
	// # Pairs judged wrong in a blind review (stress review score --key key.tsv).
	// # A line "from -> to" stops a mention containing the words "from" from becoming a
	// # name containing "to" without them, as in perturb/synonym/avoid.txt. Rebuild with
	// # --avoid FILE (same seed and options) to leave these pairs out.
	// cocaine -> coke # s-2: unnatural
}
