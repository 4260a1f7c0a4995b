package compare_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/report"
	"github.com/stress-ner/stress/stressset"
)

func sentence(s string) conll.Sentence {
	var out conll.Sentence
	for _, f := range strings.Fields(s) {
		tok, tag, _ := strings.Cut(f, "/")
		out.Tokens = append(out.Tokens, tok)
		out.Tags = append(out.Tags, tag)
	}
	return out
}

func Example() {
	gold := []conll.Sentence{
		sentence("aspirin/B-Chemical causes/O ulcers/B-Disease"),
		sentence("heart/B-Disease attack/I-Disease"),
	}
	typo := []conll.Sentence{
		sentence("aspirin/B-Chemical causes/O ulcers/B-Disease"),
		sentence("heatr/B-Disease attack/I-Disease"),
	}
	c := compare.New()
	c.Samples = 0 // no intervals for this small example
	c.AddSet(stressset.Set{Name: "O", File: "test.tsv", Gold: gold})
	c.AddSet(stressset.Set{Name: "keyboard", File: "test_key.tsv", Gold: typo,
		Changed: []stressset.Span{{Sentence: 1, Start: 0, End: 1}}})
	c.AddPrediction("tagger", "O", "pred/test.tsv", gold)
	c.AddPrediction("tagger", "keyboard", "pred/test_key.tsv", []conll.Sentence{
		sentence("aspirin/B-Chemical causes/O ulcers/B-Disease"),
		sentence("heatr/O attack/B-Disease"),
	})
	rep, err := c.Report(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	res := rep.Systems[0].Results[1]
	fmt.Printf("F1 on %s: %.2f, drop %.2f%%\n", res.Set, res.Overall.F1, res.Drop.Value)
	fmt.Printf("perturbed entities F1 %.2f, untouched %.2f\n", res.Perturbed.F1, res.Untouched.F1)
	rep.Write(os.Stdout, report.CSV)
	// Output:
	// F1 on keyboard: 66.67, drop 33.33%
	// perturbed entities F1 0.00, untouched 80.00
	// system,set,scope,gold,pred,correct,precision,recall,f1,f1_low,f1_high,drop,drop_low,drop_high,missed,spurious,type_error,boundary_error,boundary_type_error,changed_share,not_measured,changed_difference,changed_difference_low,changed_difference_high,note
	// ,keyboard,set,,,,,,,,,,,,,,,,,20,false,,,,"20.0% of tokens changed; sentences 50.0%, tokens 20.0%, mentions 33.3% (Chemical 0.0%, Disease 50.0%)"
	// ,keyboard,set_type:Chemical,1,,0,,,,,,,,,,,,,,,true,,,,gold: the type's mentions; correct: those changed
	// ,keyboard,set_type:Disease,2,,1,,,,,,,,,,,,,,,false,,,,gold: the type's mentions; correct: those changed
	// tagger,O,overall,3,3,3,100,100,100,,,,,,0,0,0,0,0,,,,,,
	// tagger,O,type:Chemical,1,1,1,100,100,100,,,,,,,,,,,,,,,,
	// tagger,O,type:Disease,2,2,2,100,100,100,,,,,,,,,,,,,,,,
	// tagger,keyboard,overall,3,3,2,66.66666666666667,66.66666666666667,66.66666666666667,,,33.33333333333333,,,0,0,0,1,0,,,,,,
	// tagger,keyboard,type:Chemical,1,1,1,100,100,100,,,,,,,,,,,,true,,,,
	// tagger,keyboard,type:Disease,2,2,1,50,50,50,,,50,,,,,,,,,,,,,
	// tagger,keyboard,perturbed,1,0,0,,0,0,,,,,,,,,,,,,-100,,,
	// tagger,keyboard,untouched,2,3,2,66.66666666666667,100,80,,,,,,,,,,,,,,,,
	// tagger,keyboard,reference_perturbed,1,1,1,100,100,100,,,,,,,,,,,,,,,,
	// tagger,keyboard,reference_untouched,2,2,2,100,100,100,,,,,,,,,,,,,,,,
}
