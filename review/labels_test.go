package review

import (
	"slices"
	"testing"
)

// TestLabelMeanings: every default label says what it means (judges
// with only the sample must label as the scores read the labels), in
// any case; a label of the user's own has no meaning we could know;
// meanings lists each label once, in first-seen order.
func TestLabelMeanings(t *testing.T) {
	for _, lb := range defaultLabels {
		if meaningOf(lb) == "" {
			t.Errorf("default label %q has no meaning", lb)
		}
	}
	for _, tc := range []struct {
		label string
		known bool
	}{
		{"natural", true}, {"Meaning Changed", true}, {"UNSURE", true},
		{"plausible", false}, {"", false}, {"natural ", false},
	} {
		if got := meaningOf(tc.label) != ""; got != tc.known {
			t.Errorf("meaningOf(%q) known = %v, want %v", tc.label, got, tc.known)
		}
	}
	labels, texts := meanings([][]string{{"ok", "unsure"}, defaultLabels, {"natural", "odd"}})
	want := []string{"unsure", "natural", "unnatural", "meaning changed", "grammar broken"}
	if !slices.Equal(labels, want) || len(texts) != len(labels) {
		t.Errorf("meanings = %q (%d texts), want %q", labels, len(texts), want)
	}
	for i, lb := range labels {
		if texts[i] != meaningOf(lb) {
			t.Errorf("meaning of %q = %q, want %q", lb, texts[i], meaningOf(lb))
		}
	}
}
