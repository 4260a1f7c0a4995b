package dictlink_test

import (
	"fmt"

	"github.com/stress-ner/stress/conll/standoff"
	"github.com/stress-ner/stress/tagger/dictlink"
)

// A dictionary learnt from annotated documents normalises mention texts
// in any case, number and punctuation.
func ExampleLearn() {
	doc := &standoff.Document{ID: "1", Passages: []standoff.Passage{{Text: "beta-blocker use",
		Annotations: []standoff.Annotation{{Type: "Chemical", Text: "beta-blocker", Locations: []standoff.Span{{Start: 0, End: 12}},
			Infons: []standoff.Infon{{Key: "identifier", Value: "D000319"}}}}}}}
	d := dictlink.Learn([]*standoff.Document{doc}, nil)
	id, ok := d.Lookup("Chemical", "Beta Blockers")
	fmt.Println(id, ok)
	// Output: D000319 true
}
