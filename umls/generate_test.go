package umls

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestGenerateRRF(t *testing.T) {
	var c1, s1, c2 bytes.Buffer
	if err := GenerateRRF(&c1, &s1, GenerateOptions{Rows: 5000, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	if err := GenerateRRF(&c2, nil, GenerateOptions{Rows: 5000, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(c1.Bytes(), c2.Bytes()) {
		t.Fatal("same seed, different MRCONSO")
	}
	rows := strings.Split(c1.String(), "\n")
	if len(rows) != 5000 {
		t.Fatalf("%d rows, want 5000", len(rows))
	}
	if strings.HasSuffix(c1.String(), "\n") {
		t.Error("final newline; real RRF files have none")
	}
	strs := map[string]map[string]bool{}
	for _, r := range rows {
		f := strings.Split(r, "|")
		if len(f) != mrconsoCols+1 || f[mrconsoCols] != "" {
			t.Fatalf("bad row %q", r)
		}
		if strs[f[cSTR]] == nil {
			strs[f[cSTR]] = map[string]bool{}
		}
		strs[f[cSTR]][f[cCUI]] = true
	}
	shared := 0
	for _, cuis := range strs {
		if len(cuis) > 1 {
			shared++
		}
	}
	if shared == 0 {
		t.Error("no string shared across concepts")
	}
	// The generated files import cleanly.
	dir := t.TempDir()
	conso, sty := filepath.Join(dir, "MRCONSO.RRF"), filepath.Join(dir, "MRSTY.RRF")
	if err := os.WriteFile(conso, c1.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(sty, s1.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	in, err := Import(context.Background(), filepath.Join(dir, "syn.db"), ImportOptions{MRCONSO: conso, MRSTY: sty})
	if err != nil {
		t.Fatal(err)
	}
	if in.Inputs[0].Rows != 5000 || in.Terms == 0 || in.Terms >= 5000 {
		t.Errorf("imported %+v", in)
	}
}
