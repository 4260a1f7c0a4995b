package umls

import (
	"bytes"
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestOpenSchema1: a store of schema version 1 (no lookups table, no
// inputs.bad) still opens, and its lookups, made by the old query, give
// what a version 2 store gives.
func TestOpenSchema1(t *testing.T) {
	dir := t.TempDir()
	gen := syntheticRRF(t, dir, 3000)
	v2 := filepath.Join(dir, "v2.db")
	v1 := filepath.Join(dir, "v1.db")
	for _, db := range []string{v2, v1} {
		if _, err := importRRF(db, gen); err != nil {
			t.Fatal(err)
		}
	}
	raw, err := sql.Open("sqlite3", "file:"+v1)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"DROP TABLE lookups", "ALTER TABLE inputs DROP COLUMN bad", "PRAGMA user_version = 1"} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	raw.Close()
	s1, err := Open(v1)
	if err != nil {
		t.Fatal(err)
	}
	defer s1.Close()
	s2, err := Open(v2)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	terms := storeStrings(t, s2, 300)
	terms = append(terms, "no such name")
	hits := 0
	for _, term := range terms {
		a, err := s1.Lookup(term)
		if err != nil {
			t.Fatal(err)
		}
		b, err := s2.Lookup(term)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("Lookup(%q): schema 1 %+v, schema 2 %+v", term, a, b)
		}
		hits += len(b)
	}
	if hits < len(terms) {
		t.Fatalf("%d concepts for %d terms: the comparison is empty", hits, len(terms))
	}
	i1, err := s1.Info()
	if err != nil {
		t.Fatal(err)
	}
	if i1.Schema != 1 || len(i1.Inputs) != 2 {
		t.Errorf("schema 1 info: schema %d, %d inputs", i1.Schema, len(i1.Inputs))
	}
}

// syntheticRRF writes synthetic MRCONSO and MRSTY files into dir.
func syntheticRRF(t *testing.T, dir string, rows int) ImportOptions {
	t.Helper()
	var conso, sty bytes.Buffer
	if err := GenerateRRF(&conso, &sty, GenerateOptions{Rows: rows, Seed: 3}); err != nil {
		t.Fatal(err)
	}
	opt := ImportOptions{MRCONSO: filepath.Join(dir, "MRCONSO.RRF"), MRSTY: filepath.Join(dir, "MRSTY.RRF")}
	if err := os.WriteFile(opt.MRCONSO, conso.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(opt.MRSTY, sty.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return opt
}

func importRRF(db string, opt ImportOptions) (Info, error) {
	return Import(context.Background(), db, opt)
}

// storeStrings returns up to n distinct term strings of a store, common
// words (which name many concepts) among them.
func storeStrings(t *testing.T, s *Store, n int) []string {
	t.Helper()
	rows, err := s.b.(*sqliteStore).db.Query("SELECT DISTINCT str FROM terms ORDER BY length(str), str LIMIT ?", n)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var x string
		if err := rows.Scan(&x); err != nil {
			t.Fatal(err)
		}
		out = append(out, x)
	}
	return out
}

// TestOpenReadOnly: a store opened by Open refuses every write through
// its handle (mode=ro, query_only), and the file stays byte-identical.
func TestOpenReadOnly(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "s.db")
	if _, err := importRRF(db, syntheticRRF(t, dir, 500)); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Open(db)
	if err != nil {
		t.Fatal(err)
	}
	h := s.b.(*sqliteStore).db
	for _, q := range []string{"CREATE TABLE x(a)", "DELETE FROM terms", "PRAGMA user_version = 9", "INSERT INTO terms(str) VALUES ('x')"} {
		if _, err := h.Exec(q); err == nil {
			t.Errorf("%s: no error through a read-only store", q)
		}
	}
	s.Close()
	after, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Error("the store changed through a read-only handle")
	}
}

// TestOpenErrorText: what a user reads when a store cannot be opened
// names the file and says why.
func TestOpenErrorText(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.db")
	if err := os.WriteFile(p, bytes.Repeat([]byte("not sqlite at all. "), 100), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Open(p)
	if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "not a database") {
		t.Errorf("Open(text file) = %v, want the path and \"not a database\"", err)
	}
}
