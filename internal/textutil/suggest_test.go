package textutil

import "testing"

func TestSuggest(t *testing.T) {
	flags := []string{"kinds", "kind-options", "output", "out", "seed", "select", "scheme", "repair", "force", "labels"}
	for _, tc := range []struct{ word, want string }{
		{"kind", "kinds"},               // one edit, and a prefix
		{"sed", "seed"},                 // one edit
		{"schema", "scheme"},            // one edit
		{"outptu", "output"},            // two edits
		{"outp", "out"},                 // prefix both ways: the closest
		{"repiar", "repair"},            // a swap
		{"rpeiar", "repair"},            // two swaps
		{"bogus", ""},                   // nothing close
		{"x", ""},                       // too short for anything
		{"ab", ""},                      // one edit is half of it
		{"force", ""},                   // itself is no suggestion
		{"label", "labels"},             // one edit
		{"kinds-x", "kinds"},            // the candidate is a prefix
		{"lables", "labels"},            // a swap
		{"strict-tag", ""},              // not a candidate here
		{"selct", "select"},             // one edit
		{"kindoptions", "kind-options"}, // one edit
	} {
		if got := Suggest(tc.word, flags); got != tc.want {
			t.Errorf("Suggest(%q) = %q, want %q", tc.word, got, tc.want)
		}
	}
}
