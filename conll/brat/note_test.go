package brat

import (
	"testing"

	"github.com/stress-ner/stress/conll/standoff"
)

// TestAppendNote: a normalisation note is written as read while its
// annotation keeps the id, with the new id and text after an entity
// swap gave it another (a CRLF line stays one), and not at all when the
// annotation has no id now.
func TestAppendNote(t *testing.T) {
	ann := func(id string) []standoff.Annotation {
		return []standoff.Annotation{{ID: "T3", Text: "aldrin", Infons: []standoff.Infon{{Key: KeyID, Value: id}}}}
	}
	for _, c := range []struct {
		name, text, now, want string
	}{
		{"kept", "N1\tReference T3 D003042\tcocaine", "D003042", "N1\tReference T3 D003042\tcocaine\n"},
		{"swapped", "N1\tReference T3 D003042\tcocaine", "D000452", "N1\tReference T3 D000452\taldrin\n"},
		{"swapped, CRLF", "N1\tReference T3 D003042\tcocaine\r", "D000452", "N1\tReference T3 D000452\taldrin\r\n"},
		{"no id now", "N1\tReference T3 D003042\tcocaine", standoff.NoID, ""},
	} {
		l := line{text: c.text, ann: -1, note: 1, k: 0, id: "D003042"}
		if got := string(appendNote(nil, l, ann(c.now))); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
