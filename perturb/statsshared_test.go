package perturb_test

import (
	"reflect"
	"testing"

	"github.com/stress-ner/stress/perturb"
)

// TestStatsSharedTokens checks that counting a sentence against itself
// (the same token strings, which addModified reads as nothing modified
// without comparing them) counts what counting it against a copy counts.
func TestStatsSharedTokens(t *testing.T) {
	var shared, copied perturb.Stats
	for _, s := range sampleSentences(t) {
		shared.Add(s, s, nil)
		copied.Add(s, s.Clone(), nil)
	}
	if !reflect.DeepEqual(shared, copied) {
		t.Fatalf("against itself %+v, against a copy %+v", shared, copied)
	}
	if shared.Sentences == 0 || shared.Entities == nil {
		t.Fatal("nothing counted: the test compares nothing")
	}
}
