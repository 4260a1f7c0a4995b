package kinds

import (
	"io"
	"testing"

	"github.com/stress-ner/stress/conll"
)

// newKinds are the kinds beyond the paper's, and a composition.
var newKinds = []string{"spelling", "case", "ocr", "insert", "delete", "entity-swap", "keyboard+case"}

// sliceSource yields sentences from memory.
type sliceSource struct {
	sents []conll.Sentence
	i     int
}

func (s *sliceSource) Read() (conll.Sentence, error) {
	if s.i >= len(s.sents) {
		return conll.Sentence{}, io.EOF
	}
	s.i++
	return s.sents[s.i-1], nil
}

// TestBuiltinRegistered checks that every kind of the module is found by
// name without a blank import, and under its own name.
func TestBuiltinRegistered(t *testing.T) {
	all := map[string]bool{}
	for _, k := range All() {
		all[k.Name] = true
	}
	for _, k := range Builtin() {
		got, err := Lookup(k.Name)
		if err != nil || got != k {
			t.Errorf("Lookup(%q) = %v, %v; want the package's Kind", k.Name, got, err)
		}
		if !all[k.Name] {
			t.Errorf("All lacks %s", k.Name)
		}
	}
	if len(Builtin()) < 3 {
		t.Errorf("only %d built-in kinds", len(Builtin()))
	}
}
