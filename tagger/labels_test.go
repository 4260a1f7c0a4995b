package tagger

import (
	"errors"
	"slices"
	"testing"
)

func TestValidIOB2(t *testing.T) {
	tests := []struct {
		tags []string
		want bool
	}{
		{nil, true},
		{[]string{"O"}, true},
		{[]string{"B-Chemical", "I-Chemical", "O"}, true},
		{[]string{"B-Chemical", "B-Disease", "I-Disease"}, true},
		{[]string{"I-Chemical"}, false},
		{[]string{"O", "I-Chemical"}, false},
		{[]string{"B-Chemical", "I-Disease"}, false},
		{[]string{"B-"}, false},
		{[]string{"X-Chemical"}, false},
		{[]string{""}, false},
		{[]string{"o"}, false},
	}
	for _, tt := range tests {
		if got := ValidIOB2(tt.tags); got != tt.want {
			t.Errorf("ValidIOB2(%q) = %v, want %v", tt.tags, got, tt.want)
		}
	}
}

func TestCheckTags(t *testing.T) {
	if i, err := CheckTags([]string{"O", "I-A", "B-B"}); err != nil || i != -1 {
		t.Errorf("CheckTags(valid) = %d, %v", i, err)
	}
	i, err := CheckTags([]string{"O", "B-A", "PER", "O"})
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
			if got, valid := ls.allowed(prev, cur), ValidIOB2(seq); got != valid {
				t.Errorf("allowed(%d, %d) = %v, but ValidIOB2(%q) = %v", prev, cur, got, seq, valid)
			}
		}
	}
}
