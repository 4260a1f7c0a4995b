package umls

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestSkipLogger(t *testing.T) {
	for _, tt := range []struct {
		max, calls int
		want       string
	}{
		{max: 2, calls: 0, want: ""},
		{max: 2, calls: 1, want: "p: f:1: bad name (row skipped)\n"},
		{max: 2, calls: 5, want: "p: f:1: bad name (row skipped)\np: f:2: bad name (row skipped)\n"},
		{max: 0, calls: 3, want: ""},
	} {
		var b bytes.Buffer
		skipped := SkipLogger(&b, "p", tt.max)
		for i := 1; i <= tt.calls; i++ {
			skipped(&ParseError{File: "f", Line: i, Err: ErrBadName})
		}
		if b.String() != tt.want {
			t.Errorf("max %d, %d rows: wrote %q, want %q", tt.max, tt.calls, b.String(), tt.want)
		}
	}
}

func TestWriteImportSummary(t *testing.T) {
	for _, tt := range []struct {
		name       string
		in         Info
		took       time.Duration
		out, warns string
	}{
		{"clean", Info{Path: "x.db", Concepts: 2, Terms: 5, Inputs: []Input{{Path: "a", Rows: 6}, {Path: "b", Rows: 4}}},
			2 * time.Second, "wrote x.db: 2 concepts, 5 terms from 10 rows in 2.0s (5 rows/s)\n", ""},
		{"bad names", Info{Path: "y.db", Concepts: 1, Terms: 1, Inputs: []Input{{Path: "a", Rows: 3, Bad: 2}, {Path: "b", Rows: 1}, {Path: "c", Bad: 1}}},
			time.Second / 2, "wrote y.db: 1 concepts, 1 terms from 4 rows in 0.5s (8 rows/s)\n",
			"p: a: 2 rows skipped for a bad name\np: c: 1 rows skipped for a bad name\n"},
	} {
		var out, warn bytes.Buffer
		if err := tt.in.WriteImportSummary(&out, &warn, "p", tt.took); err != nil {
			t.Fatal(err)
		}
		if out.String() != tt.out || warn.String() != tt.warns {
			t.Errorf("%s: wrote %q and warned %q, want %q and %q", tt.name, out.String(), warn.String(), tt.out, tt.warns)
		}
	}
}

func TestNotFoundError(t *testing.T) {
	for _, tt := range []struct {
		err  NotFoundError
		want string
	}{
		{NotFoundError{Text: "Foo  Bar"}, `no concept named "Foo  Bar" (normalized "foo bar")`},
		{NotFoundError{Text: "x", Groups: []string{"CHEM", "DISO"}}, `no concept named "x" in CHEM, DISO`},
		{NotFoundError{Text: "x", Groups: []string{"DISO"}, Elsewhere: []string{"CHEM", "GENE"}},
			`no concept named "x" in DISO (it names a concept in CHEM, GENE)`},
		{NotFoundError{Text: "x", Groups: []string{"DISO"}, Elsewhere: []string{"CHEM"}, Hint: "look there"},
			`no concept named "x" in DISO (it names a concept in CHEM: look there)`},
		{NotFoundError{Text: "x", Groups: []string{"DISO"}, Hint: "unused without Elsewhere"}, `no concept named "x" in DISO`},
	} {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.err, got, tt.want)
		}
		if !errors.Is(fmt.Errorf("wrapped: %w", &tt.err), ErrNoConcept) {
			t.Errorf("%+v is not ErrNoConcept", tt.err)
		}
	}
}

// TestWriteLookupNotFound checks what WriteLookup writes, and the
// *NotFoundError of a name without a concept (in the groups asked).
func TestWriteLookupNotFound(t *testing.T) {
	s, err := OpenOrDefault("")
	if err != nil {
		t.Skip(err)
	}
	defer s.Close()
	for _, tt := range []struct {
		text      string
		groups    []string
		found     bool
		elsewhere []string
	}{
		{"aspirin", nil, true, nil},
		{"aspirin", []string{"CHEM"}, true, nil},
		{"aspirin", []string{"DISO"}, false, []string{"CHEM"}},
		{"no such name at all", []string{"DISO"}, false, nil},
		{"no such name at all", nil, false, nil}, // other groups are looked for only in a restricted lookup
	} {
		var b bytes.Buffer
		err := WriteLookup(&b, s, tt.text, tt.groups, false)
		var nf *NotFoundError
		if tt.found {
			if err != nil || !strings.Contains(strings.ToLower(b.String()), tt.text) {
				t.Errorf("%q in %v: error %v, wrote %q", tt.text, tt.groups, err, b.String())
			}
			continue
		}
		if !errors.As(err, &nf) || b.Len() > 0 {
			t.Errorf("%q in %v: error %v, wrote %q; want a NotFoundError and nothing", tt.text, tt.groups, err, b.String())
			continue
		}
		if nf.Text != tt.text || !slices.Equal(nf.Groups, tt.groups) || !slices.Equal(nf.Elsewhere, tt.elsewhere) {
			t.Errorf("%q in %v: %+v, want elsewhere %v", tt.text, tt.groups, nf, tt.elsewhere)
		}
	}
}

// parseGroupCases are the table of TestParseGroup and the seeds of
// FuzzParseGroup.
var parseGroupCases = []struct{ in, want, err string }{
	{"CHEM", "CHEM", ""},
	{"diso", "DISO", ""},
	{"Chem", "CHEM", ""},
	{"CHEMS", "", `unknown semantic group "CHEMS"`},
	{"", "", `unknown semantic group ""`},
}

func TestParseGroup(t *testing.T) {
	for _, tt := range parseGroupCases {
		got, err := ParseGroup(tt.in)
		if got != tt.want || (err == nil) != (tt.err == "") || err != nil && err.Error() != tt.err {
			t.Errorf("ParseGroup(%q) = %q, %v; want %q, %q", tt.in, got, err, tt.want, tt.err)
		}
	}
}

// FuzzParseGroup checks that a group parsed is one of Groups, named by
// the text in any case.
func FuzzParseGroup(f *testing.F) {
	for _, tt := range parseGroupCases {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseGroup(s)
		if err != nil {
			if slices.Contains(groups(), strings.ToUpper(s)) {
				t.Fatalf("ParseGroup(%q): %v", s, err)
			}
			return
		}
		if !slices.Contains(groups(), g) || g != strings.ToUpper(s) {
			t.Fatalf("ParseGroup(%q) = %q", s, g)
		}
	})
}

func TestWriteInfo(t *testing.T) {
	s, err := OpenDefault()
	if err != nil {
		t.Skip(err)
	}
	in, err := s.Info()
	if err != nil {
		t.Fatal(err)
	}
	var want, got bytes.Buffer
	in.Write(&want)
	if err := WriteInfo(&got, ""); err != nil || got.String() != want.String() {
		t.Errorf("WriteInfo of the default: %v\n%s\nwant\n%s", err, got.String(), want.String())
	}
	if err := WriteInfo(&got, filepath.Join(t.TempDir(), "none.db")); err == nil {
		t.Error("WriteInfo of a missing store: no error")
	}
}

func TestImportOptionsInputs(t *testing.T) {
	for _, tt := range []struct {
		opt  ImportOptions
		want []string
	}{
		{ImportOptions{}, nil},
		{ImportOptions{MRCONSO: "c", MRSTY: "s", Terms: []string{"t1", "t2"}, OBO: []string{"o"}}, []string{"c", "s", "t1", "t2", "o"}},
		{ImportOptions{MRCONSO: "c", OBO: []string{"o"}}, []string{"c", "o"}},
		{ImportOptions{Terms: []string{"t"}}, []string{"t"}},
	} {
		if got := tt.opt.Inputs(); !slices.Equal(got, tt.want) {
			t.Errorf("%+v: Inputs() = %v, want %v", tt.opt, got, tt.want)
		}
	}
}

func TestImportOptionsExplicit(t *testing.T) {
	o := ImportOptions{Languages: nil, Sources: nil, ExcludeTTY: []string{"PM"}, Suppress: []string{}}.Explicit()
	if o.Languages == nil || len(o.Languages) != 0 || o.Suppress == nil || len(o.Suppress) != 0 {
		t.Errorf("empty lists: Languages %#v, Suppress %#v; want empty, not nil", o.Languages, o.Suppress)
	}
	if !slices.Equal(o.ExcludeTTY, []string{"PM"}) {
		t.Errorf("ExcludeTTY = %v, want it kept", o.ExcludeTTY)
	}
	if o.Sources != nil { // nil and empty both mean all sources
		t.Errorf("Sources = %#v, want nil kept", o.Sources)
	}
}

func ExampleNotFoundError() {
	err := &NotFoundError{Text: "aspirin", Groups: []string{"DISO"}, Elsewhere: []string{"CHEM"}, Hint: "drop the group"}
	fmt.Println(err)
	// Output:
	// no concept named "aspirin" in DISO (it names a concept in CHEM: drop the group)
}
