package english

import (
	"strings"
	"testing"
)

func TestAvoidList(t *testing.T) {
	l, err := parseAvoidFile("# comment\ndropsy   # archaic\nheart failure -> cardiac failure\nrash <-> exanthem\nfluorouracil -> 5 - fluorouracil\n", "a.txt")
	if err != nil {
		t.Fatal(err)
	}
	if names, pairs := l.Len(); names != 1 || pairs != 4 {
		t.Errorf("Len = %d, %d, want 1 name and 4 pairs", names, pairs)
	}
	for _, tc := range []struct {
		name, mention string
		want          bool
	}{
		{"Dropsy", "edema", true},                                        // a name, in any case
		{"cardiac failure", "heart failure", true},                       // the pair
		{"congestive cardiac failure", "congestive heart failure", true}, // the pair inside longer names
		{"heart failure", "cardiac failure", false},                      // one direction only
		{"exanthems", "rash", true},                                      // both directions, plural
		{"rash", "exanthem", true},
		{"cardiac failure and heart failure", "heart failure", false}, // the name keeps the mention's words
		{"oedema", "edema", false},
		{"5-fluorouracil", "fluorouracil", true},       // the pair exactly, though the name holds the mention
		{"5-fluorouracil", "oral fluorouracil", false}, // a pair whose name holds the mention applies to itself only
	} {
		if got := l.Avoids(tc.name, tc.mention); got != tc.want {
			t.Errorf("Avoids(%q, %q) = %v, want %v", tc.name, tc.mention, got, tc.want)
		}
	}
	var none *AvoidList
	if none.Avoids("dropsy", "edema") || !none.Empty() || l.Empty() {
		t.Error("a nil list avoids something")
	}
}

func TestAvoidListErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"ok\nheart failure ->\n", "a.txt:2: "},
		{"-> cardiac failure", "a.txt:1: "},
		{"x\n\n <-> b # why\n", "a.txt:3: "},
		{"a -> - \n", "a.txt:1: "},
	} {
		if _, err := parseAvoidFile(tc.text, "a.txt"); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.text, err, tc.want)
		}
	}
}
