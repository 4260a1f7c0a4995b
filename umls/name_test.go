package umls

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

var checkNameCases = []struct {
	name string
	want error // nil: a sound name
}{
	{"Følling's disease", nil},
	{"Griscelli-Prunières syndrome", nil},
	{"α-tocopherol", nil},
	{"5-FU", nil},
	{"", nil},
	{"F\uFFFD\uFFFDlling's disease", ErrBadName},
	{"\uFFFD", ErrBadName},
	{"Alb\xffumin", ErrInvalidUTF8},
	{"caf\xc3", ErrInvalidUTF8},        // truncated sequence
	{"\xed\xa0\x80 x", ErrInvalidUTF8}, // surrogate half
	{"lung\t", ErrBadName},
	{"two\nlines", ErrBadName},
	{"bell\x07", ErrBadName},
	{"del\x7f", ErrBadName},
	{"c1 \u0085 next line", ErrBadName},
	{"nul\x00", ErrBadName},
}

func TestCheckName(t *testing.T) {
	for _, c := range checkNameCases {
		err := CheckName(c.name)
		if c.want == nil {
			if err != nil {
				t.Errorf("CheckName(%q) = %v, want nil", c.name, err)
			}
			continue
		}
		if !errors.Is(err, c.want) {
			t.Errorf("CheckName(%q) = %v, want %v", c.name, err, c.want)
			continue
		}
		// The message quotes the name, so that it shows what to fix
		// whatever the terminal makes of the bad bytes.
		if !strings.Contains(err.Error(), "byte ") || !strings.Contains(err.Error(), `"`) {
			t.Errorf("CheckName(%q): message %q names no position", c.name, err)
		}
	}
}

// FuzzCheckName: CheckName accepts exactly the valid UTF-8 strings
// without U+FFFD and control characters, and never panics.
func FuzzCheckName(f *testing.F) {
	for _, c := range checkNameCases {
		f.Add(c.name)
	}
	f.Fuzz(func(t *testing.T, s string) {
		err := CheckName(s)
		sound := utf8.ValidString(s) && !strings.ContainsRune(s, utf8.RuneError) &&
			!strings.ContainsFunc(s, unicode.IsControl)
		if sound != (err == nil) {
			t.Fatalf("CheckName(%q) = %v, sound %v", s, err, sound)
		}
		if err != nil && !errors.Is(err, ErrBadName) && !errors.Is(err, ErrInvalidUTF8) {
			t.Fatalf("CheckName(%q) = %v: no sentinel", s, err)
		}
	})
}

// TestDefaultNamesSound: the embedded store holds no name CheckName
// refuses (it held "F\uFFFD\uFFFDlling's disease" before the DOID file was fixed).
func TestDefaultNamesSound(t *testing.T) {
	s, err := OpenDefault()
	if err != nil {
		t.Fatal(err)
	}
	p := s.b.(*packedStore)
	bad, names := 0, 0
	for i := range int32(p.nc) {
		if err := p.eachTerm(i, func(str string, _, _ byte, _ string) {
			names++
			if err := CheckName(str); err != nil {
				if bad++; bad <= 5 {
					t.Error(err)
				}
			}
		}); err != nil {
			t.Fatal(err)
		}
	}
	if bad > 0 {
		t.Errorf("%d bad names in the embedded store", bad)
	}
	if names < 100000 {
		t.Fatalf("only %d names: not the default store", names)
	}
}

// TestImportBadNames: a row whose name fails CheckName is skipped,
// reported with its file and line, and counted; the other rows are
// stored; the import succeeds.
func TestImportBadNames(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	rrfRow := func(cui, str string) string {
		return cui + "|ENG|P|L1|PF|S1|Y|A1||M1|D1|MSH|MH|D1|" + str + "|0|N|256|"
	}
	conso := write("MRCONSO.RRF", strings.Join([]string{
		rrfRow("C0000001", "Phenylketonuria"),
		rrfRow("C0000001", "F\uFFFD\uFFFDlling's disease"),
		rrfRow("C0000001", "Følling's disease"),
		rrfRow("C0000002", "Alb\xffumin"),
		rrfRow("C0000002", "Albumin"),
		rrfRow("C0000003", "bell\x07"),
	}, "\n"))
	terms := write("lex.terms.tsv", "concept_id\tcategory\tterm\tterm_type\n"+
		"DOID:9281\tDisease\tphenylketonuria\tlabel\n"+
		"DOID:9281\tDisease\tF\uFFFD\uFFFDlling's disease\texact\n"+
		"DOID:9281\tDisease\tPKU\texact\n"+
		"DOID:1\tDisease\tline\x0bfeed\tlabel\n")
	obo := write("d.obo", "format-version: 1.2\n\n[Term]\nid: DOID:5\nname: Minor\uFFFD\uFFFDs syndrome\n\n"+
		"[Term]\nid: DOID:6\nname: Griscelli syndrome\nsynonym: \"Griscelli-Pruni\uFFFD\uFFFDras syndrome\" EXACT []\n"+
		"synonym: \"Griscelli-Prunières syndrome\" EXACT []\nsynonym: \"cork lung\t\" EXACT []\n")
	var skipped []string
	db := filepath.Join(dir, "out.db")
	info, err := Import(context.Background(), db, ImportOptions{MRCONSO: conso, Terms: []string{terms}, OBO: []string{obo},
		Skipped: func(err error) {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Errorf("skipped row reported without file and line: %v", err)
			}
			if !errors.Is(err, ErrBadName) && !errors.Is(err, ErrInvalidUTF8) {
				t.Errorf("skipped row without sentinel: %v", err)
			}
			skipped = append(skipped, fmt.Sprintf("%s:%d", filepath.Base(pe.File), pe.Line))
		}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"MRCONSO.RRF:2", "MRCONSO.RRF:4", "MRCONSO.RRF:6", "lex.terms.tsv:3", "lex.terms.tsv:5", "d.obo:5", "d.obo:10"}
	if !slices.Equal(skipped, want) {
		t.Errorf("skipped %v, want %v", skipped, want)
	}
	bad := map[string]int{}
	for _, in := range info.Inputs {
		bad[in.Kind] = in.Bad
	}
	if bad["mrconso"] != 3 || bad["terms"] != 2 || bad["obo"] != 2 {
		t.Errorf("bad counts %v, want mrconso 3, terms 2, obo 2", bad)
	}
	s, err := Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, c := range []struct {
		id   string
		want []string
	}{
		{"C0000001", []string{"Phenylketonuria", "Følling's disease"}},
		{"C0000002", []string{"Albumin"}},
		{"C0000003", nil}, // its only name was bad: no concept
		{"DOID:9281", []string{"phenylketonuria", "PKU"}},
		{"DOID:1", nil},
		{"DOID:5", nil},
		{"DOID:6", []string{"Griscelli syndrome", "Griscelli-Prunières syndrome", "cork lung"}},
	} {
		ts, err := s.Terms(c.id)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, x := range ts {
			got = append(got, x.String)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("terms of %s = %q, want %q", c.id, got, c.want)
		}
	}
}
