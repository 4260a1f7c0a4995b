package synonym

import (
	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
)

func spansOf(s conll.Sentence) []iob.Span { return iob.Spans(s.Tags) }

// contextDiff counts context tokens (outside gold mentions) that differ
// between orig and out, whose mentions correspond one to one.
func contextDiff(orig, out conll.Sentence) int {
	ctx := func(s conll.Sentence) []string {
		var c []string
		for i, t := range s.Tags {
			if t == "O" {
				c = append(c, s.Tokens[i])
			}
		}
		return c
	}
	a, b := ctx(orig), ctx(out)
	n := 0
	for i := range max(len(a), len(b)) {
		if i >= len(a) || i >= len(b) || a[i] != b[i] {
			n++
		}
	}
	return n
}

// everyStratum returns the default options with every stratum admitted:
// the rules' tests see the names of refused strata too.
func everyStratum() Options {
	o := DefaultOptions()
	o.Strata = nil
	return o
}
