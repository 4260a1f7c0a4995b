package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runUMLSCLI(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	return runCLI(t, "", args...)
}

func TestUMLSLookupDefault(t *testing.T) {
	out, _, err := runUMLSCLI(t, "umls", "lookup", "myocardial infarction")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.ToLower(out), "heart attack") || !strings.Contains(out, "MESH:D009203") {
		t.Errorf("lookup output lacks heart attack / MESH:D009203:\n%s", out)
	}
	out, _, err = runUMLSCLI(t, "umls", "lookup", "--group", "CHEM", "myocardial infarction")
	var ee *exitError
	if !errors.As(err, &ee) || ee.Code != 1 || out != "" {
		t.Errorf("CHEM-only lookup of a disease: out %q err %v, want exit 1", out, err)
	}
}

func TestUMLSImportSample(t *testing.T) {
	db := filepath.Join(t.TempDir(), "s.db")
	out, _, err := runUMLSCLI(t, "umls", "import", "--mrconso", "../../umls/testdata/MRCONSO.RRF",
		"--mrsty", "../../umls/testdata/MRSTY.RRF", "--db", db)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "2 concepts, 3 terms") {
		t.Errorf("import summary %q", out)
	}
	out, _, err = runUMLSCLI(t, "umls", "lookup", "--db", db, "(131)I-MAA")
	if err != nil || !strings.Contains(out, "C0000005") || !strings.Contains(out, "(131)I-Macroaggregated Albumin") {
		t.Errorf("lookup: %v\n%s", err, out)
	}
	out, _, err = runUMLSCLI(t, "umls", "info", "--db", db)
	if err != nil || !strings.Contains(out, "concepts  2") && !strings.Contains(out, "concepts") {
		t.Errorf("info: %v\n%s", err, out)
	}
	_, _, err = runUMLSCLI(t, "umls", "import", "--mrconso", "../../umls/testdata/MRCONSO.RRF", "--db", db)
	if err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("import over an existing store: %v", err)
	}
}

func TestUMLSUsage(t *testing.T) {
	for _, args := range [][]string{{"umls"}, {"umls", "nope"}, {"umls", "lookup"}, {"umls", "import"},
		{"umls", "lookup", "--group", "XXXX", "x"}} {
		if _, _, err := runUMLSCLI(t, args...); !errors.Is(err, errUsage) {
			t.Errorf("%v: err = %v, want a usage error", args, err)
		}
	}
	out, _, err := runUMLSCLI(t, "umls", "lookup", "--help")
	if !errors.Is(err, errHelpShown) || !strings.Contains(out, "--group") {
		t.Errorf("lookup --help: %v %q", err, out)
	}
}

// TestUMLSGenerateImport generates synthetic RRF into a new folder and
// imports it: the generator's files must be what the importer accepts.
func TestUMLSGenerateImport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "rrf")
	if _, _, err := runUMLSCLI(t, "umls", "generate", "--dir", dir, "--rows", "2000"); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "g.db")
	out, _, err := runUMLSCLI(t, "umls", "import", "--mrconso", filepath.Join(dir, "MRCONSO.RRF"),
		"--mrsty", filepath.Join(dir, "MRSTY.RRF"), "--db", db)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "concepts") || strings.Contains(out, " 0 terms") {
		t.Errorf("import summary %q", out)
	}
}

// TestUMLSImportBadName: a term with U+FFFD is skipped and reported
// with its file and line; the import succeeds with the other terms.
func TestUMLSImportBadName(t *testing.T) {
	dir := t.TempDir()
	terms := filepath.Join(dir, "doid.terms.tsv")
	if err := os.WriteFile(terms, []byte("DOID:9281\tDisease\tphenylketonuria\tlabel\n"+
		"DOID:9281\tDisease\tF\uFFFD\uFFFDlling's disease\texact\nDOID:9281\tDisease\tPKU\texact\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "s.db")
	out, errOut, err := runUMLSCLI(t, "umls", "import", "--terms", terms, "--db", db)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "1 concepts, 2 terms") {
		t.Errorf("import summary %q", out)
	}
	if !strings.Contains(errOut, terms+":2: bad name: U+FFFD") || !strings.Contains(errOut, "1 rows skipped") {
		t.Errorf("stderr %q: want the skipped row with file:line and the count", errOut)
	}
	out, _, err = runUMLSCLI(t, "umls", "info", "--db", db)
	if err != nil || !strings.Contains(out, "3 rows, 2 kept, 1 skipped for a bad name") {
		t.Errorf("info: %v\n%s", err, out)
	}
}
