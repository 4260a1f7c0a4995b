package english

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/stress-ner/stress/internal/limits"
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
		// N11 (issue 31): lines read as something else than written.
		{"ok\na -> b -> c\n", `a.txt:2: "a -> b -> c": more than one arrow`},
		{"a <-> b -> c\n", `a.txt:1: "a <-> b -> c": more than one arrow`},
		{"a <- b\n", `a.txt:1: "a <- b": a backward arrow "<-"`},
		{"a\xff -> b\n", `a.txt:1: "a\xff -> b": not valid UTF-8`},
		{"a\x00 -> b\n", `a.txt:1: "a\x00 -> b": a control character`},
		{"heart\tfailure -> cardiac failure\n", `a.txt:1: "heart\tfailure -> cardiac failure": a control character`},
		{"a -> b # \xff\n", `a.txt:1: "a -> b": not valid UTF-8`},
		{"# \x00\n", `a.txt:1: "# \x00": a control character`},
	} {
		if _, err := parseAvoidFile(tc.text, "a.txt"); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.text, err, tc.want)
		}
	}
}

// TestAvoidFileReadsEmbeddedLists: the checks of a user's file accept
// the lists stress ships, and CRLF lines.
func TestAvoidFileReadsEmbeddedLists(t *testing.T) {
	if _, err := parseAvoidFile(avoidText, "avoid.txt"); err != nil {
		t.Error(err)
	}
	if l, err := parseAvoidFile("dropsy\r\na -> b\r\n", "crlf.txt"); err != nil || !l.Avoids("b", "a") {
		t.Errorf("CRLF: %v", err)
	}
}

// TestReadAvoidFileEndless: a file of one endless line (/dev/zero) is an
// error after limits.MaxLine bytes, not a process filling memory (N03
// of issue 31).
func TestReadAvoidFileEndless(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip(err)
	}
	_, err := ReadAvoidFile("/dev/zero")
	if !errors.Is(err, limits.ErrLongLine) || !strings.HasPrefix(err.Error(), "/dev/zero:1: line longer than 16 MiB") {
		t.Errorf("err = %v", err)
	}
}
