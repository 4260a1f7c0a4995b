package umls

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func importSample(t *testing.T) string {
	t.Helper()
	db := filepath.Join(t.TempDir(), "sample.db")
	_, err := Import(context.Background(), db, ImportOptions{
		MRCONSO: "testdata/MRCONSO.RRF", MRSTY: "testdata/MRSTY.RRF"})
	if err != nil {
		t.Fatal(err)
	}
	return db
}

func TestImportSample(t *testing.T) {
	db := importSample(t)
	s, err := Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	cs, err := s.Lookup("(131)I-MAA")
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 || cs[0].ID != "C0000005" || cs[0].Name != "(131)I-Macroaggregated Albumin" {
		t.Fatalf("lookup (131)I-MAA = %+v", cs)
	}
	if strings.Join(cs[0].Types, ",") != "T116" || strings.Join(cs[0].Groups, ",") != "CHEM" {
		t.Errorf("types %v groups %v, want T116 CHEM", cs[0].Types, cs[0].Groups)
	}
	cs, err = s.Lookup("1,2-dipalmitoylphosphatidylcholine", "DISO")
	if err != nil || len(cs) != 0 {
		t.Errorf("group filter DISO: %v %v", cs, err)
	}
	cs, err = s.Lookup("1,2-Dipalmitoylphosphatidylcholine", "CHEM")
	if err != nil || len(cs) != 1 || cs[0].ID != "C0000039" || strings.Join(cs[0].Types, ",") != "T109,T121" {
		t.Errorf("lookup C0000039: %+v %v", cs, err)
	}
	terms, err := s.Terms("C0000005")
	if err != nil {
		t.Fatal(err)
	}
	if len(terms) != 2 || !terms[0].Preferred || terms[1].String != "(131)I-MAA" || terms[1].TermType != "ET" || terms[1].Source != "MSH" {
		t.Errorf("terms = %+v", terms)
	}
	in, err := s.Info()
	if err != nil {
		t.Fatal(err)
	}
	if in.Concepts != 2 || in.Terms != 3 || in.Sources["MSH"] != 3 || len(in.Inputs) != 2 || in.Inputs[0].Rows != 3 || in.Groups["CHEM"] != 2 {
		t.Errorf("info = %+v", in)
	}
}

func TestImportRefusesExisting(t *testing.T) {
	db := importSample(t)
	_, err := Import(context.Background(), db, ImportOptions{MRCONSO: "testdata/MRCONSO.RRF"})
	if err == nil || !strings.Contains(err.Error(), "exists") {
		t.Fatalf("import over existing db: err = %v", err)
	}
	if _, err := Import(context.Background(), db, ImportOptions{MRCONSO: "testdata/MRCONSO.RRF", Force: true}); err != nil {
		t.Fatalf("import --force: %v", err)
	}
}

func TestImportNoInput(t *testing.T) {
	_, err := Import(context.Background(), filepath.Join(t.TempDir(), "x.db"), ImportOptions{})
	if !errors.Is(err, ErrNoInput) {
		t.Fatalf("err = %v, want ErrNoInput", err)
	}
}

// dirEmpty fails the test when dir holds anything: a failed import must
// leave neither the target nor its temporary file.
func dirEmpty(t *testing.T, dir string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		t.Errorf("left behind: %s", e.Name())
	}
}

// Two imports of the same input at the same build time give the same
// bytes: nothing in the store depends on map iteration order (the meta
// rows once went in in map order, which moves cells within their page).
func TestImportDeterministic(t *testing.T) {
	saved := buildTime
	defer func() { buildTime = saved }()
	buildTime = func() time.Time { return time.Date(2021, 6, 11, 0, 0, 0, 0, time.UTC) }

	var first []byte
	for i := range 4 {
		db := importSample(t)
		b, err := os.ReadFile(db)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = b
			continue
		}
		if !bytes.Equal(b, first) {
			t.Fatalf("import %d differs from the first (%d vs %d bytes)", i, len(b), len(first))
		}
	}
}
