package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/umls"
)

func TestCheckRow(t *testing.T) {
	for _, c := range []struct {
		row  string
		want error // nil: accepted
	}{
		{"DOID:9281\tDisease\tFølling's disease\texact", nil},
		{"DOID:8527\tDisease\t  Schilling's leukemia \texact", nil}, // trimmed, as convert does
		{"DOID:9281\tDisease\tF\uFFFD\uFFFDlling's disease\texact", umls.ErrBadName},
		{"DOID:9281\tDisease\tF\xc3lling's disease\texact", umls.ErrInvalidUTF8},
		{"DOID:9281\tDisease\tbell\x07\texact", umls.ErrBadName},
		{"DOID:9\xff\tDisease\tx\texact", umls.ErrInvalidUTF8},
		{"DOID:9\tDisease\tx", nil}, // wrong field count: an error without sentinel
	} {
		err := checkRow(strings.Split(c.row, "\t"))
		switch {
		case c.want == nil && strings.Count(c.row, "\t") == 3 && err != nil:
			t.Errorf("%q: %v", c.row, err)
		case c.want == nil && strings.Count(c.row, "\t") != 3 && err == nil:
			t.Errorf("%q: accepted with %d fields", c.row, strings.Count(c.row, "\t")+1)
		case c.want != nil && !errors.Is(err, c.want):
			t.Errorf("%q: %v, want %v", c.row, err, c.want)
		}
	}
}

// TestBuildRefusesBadName: the generator stops at a bad name with the
// file and line, and leaves no output.
func TestBuildRefusesBadName(t *testing.T) {
	dir := t.TempDir()
	for _, src := range sources {
		p := filepath.Join(dir, src)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		data := "concept_id\tcategory\tterm\tterm_type\nX:1\tDisease\tphenylketonuria\tlabel\n"
		if strings.HasPrefix(src, "doid/") {
			data += "X:1\tDisease\tF\uFFFD\uFFFDlling's disease\texact\n"
		}
		if strings.HasSuffix(src, ".gz") {
			continue // written below
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeGzip(t, filepath.Join(dir, "chebi/chebi_3star.terms.tsv.gz"), "concept_id\tcategory\tterm\tterm_type\nCHEBI:1\tChemical\twater\tlabel\n")
	out := filepath.Join(dir, "out.tsv.gz")
	err := build(dir, "", out, "", io.Discard)
	if !errors.Is(err, umls.ErrBadName) || !strings.Contains(err.Error(), "doid_2018-07-05.terms.tsv:3:") {
		t.Fatalf("build = %v, want a bad name at doid_2018-07-05.terms.tsv:3", err)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("output left behind: %v", err)
	}
}

func writeGzip(t *testing.T, path, data string) {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(data))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestReproducible: "go generate ./umls" on the shared lexicons gives the
// embedded default byte for byte, so the committed file is what its
// sources and this program say.
func TestReproducible(t *testing.T) {
	const lexicon, pubtator = "../../../../shared/lexicon", "../../../../shared/corpora/pubtator"
	for _, p := range []string{lexicon, pubtator} {
		if _, err := os.Stat(p); err != nil {
			t.Skip("shared data not present")
		}
	}
	out := filepath.Join(t.TempDir(), "lexicon.tsv.gz")
	if err := build(lexicon, pubtator, out, "", io.Discard); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../default/lexicon.tsv.gz")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("generated lexicon (%d bytes) differs from umls/default/lexicon.tsv.gz (%d bytes): run go generate ./umls", len(got), len(want))
	}
}
