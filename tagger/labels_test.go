package tagger

import (
	"errors"
	"slices"
	"testing"

	"github.com/stress-ner/stress/iob"
)

// TestSplitTag checks that the tagger accepts exactly the IOB2 subset of
// what iob.Parse accepts.
func TestSplitTag(t *testing.T) {
	tests := []struct {
		tag    string
		prefix byte
		typ    string
		ok     bool
	}{
		{"O", 'O', "", true},
		{"B-Chemical", 'B', "Chemical", true},
		{"I-Chemical", 'I', "Chemical", true},
		{"B-Gene-or-protein", 'B', "Gene-or-protein", true},
		{"E-Chemical", 0, "", false},
		{"S-Chemical", 0, "", false},
		{"B-", 0, "", false},
		{"X-Chemical", 0, "", false},
		{"BChemical", 0, "", false},
		{"", 0, "", false},
		{"o", 0, "", false},
		{"PER", 0, "", false},
	}
	for _, tt := range tests {
		p, typ, ok := splitTag(tt.tag)
		if p != tt.prefix || typ != tt.typ || ok != tt.ok {
			t.Errorf("splitTag(%q) = %q, %q, %v; want %q, %q, %v", tt.tag, p, typ, ok, tt.prefix, tt.typ, tt.ok)
		}
		// Whatever splitTag accepts, iob.Parse reads the same way.
		if ok {
			ip, ityp, iok := iob.Parse(tt.tag)
			if !iok || byte(ip) != p || ityp != typ {
				t.Errorf("iob.Parse(%q) = %v, %q, %v; splitTag says %q, %q", tt.tag, ip, ityp, iok, p, typ)
			}
		}
	}
}

func TestCheckTags(t *testing.T) {
	if i, err := checkTags([]string{"O", "I-A", "B-B"}); err != nil || i != -1 {
		t.Errorf("CheckTags(valid) = %d, %v", i, err)
	}
	i, err := checkTags([]string{"O", "B-A", "PER", "O"})
	if i != 2 || !errors.Is(err, ErrBadTag) {
		t.Errorf("CheckTags = %d, %v; want 2, ErrBadTag", i, err)
	}
}

func TestLabelSetAllowed(t *testing.T) {
	ls := newLabelSet([]string{"Disease", "Chemical", "Disease"})
	want := []string{"O", "B-Chemical", "I-Chemical", "B-Disease", "I-Disease"}
	if !slices.Equal(ls.names, want) {
		t.Fatalf("labels = %q, want %q", ls.names, want)
	}
	for prev := -1; prev < ls.len(); prev++ {
		for cur := range ls.len() {
			seq := []string{ls.names[cur]}
			if prev >= 0 {
				seq = []string{ls.names[prev], ls.names[cur]}
				if ls.inside[prev] {
					// Make the I- label itself legal.
					seq = append([]string{"B-" + ls.typ[prev]}, seq...)
				}
			}
			if got, valid := ls.allowed(prev, cur), validIOB2(seq); got != valid {
				t.Errorf("allowed(%d, %d) = %v, but validIOB2(%q) = %v", prev, cur, got, seq, valid)
			}
		}
	}
}
