package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/stressset"
)

// TestTagGzipOutput: tag -o x.tsv.gz writes gzip that reads back as the
// plain output.
func TestTagGzipOutput(t *testing.T) {
	model := trainTiny(t, "chars")
	src := writeTemp(t, "in.tsv", "Heparin\tO\nprevents\tO\n\nAspirin\tO\n")
	dir := t.TempDir()
	plain, zipped := filepath.Join(dir, "x.tsv"), filepath.Join(dir, "x.tsv.gz")
	for _, out := range []string{plain, zipped} {
		if _, _, err := runCLI(t, "", "tag", "--model", model, "-o", out, src); err != nil {
			t.Fatal(err)
		}
	}
	want, _ := os.ReadFile(plain)
	if got := gunzipFile(t, zipped); got != string(want) || len(want) == 0 {
		t.Errorf("tag to .gz: got %q, want %q", got, want)
	}
}

// TestAugmentGzip: augment reads a gzipped input and writes a gzipped
// output; the manifest's hashes are of both files as stored.
func TestAugmentGzip(t *testing.T) {
	text, _ := splitSentences(sampleText(t), 20)
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte(text))
	zw.Close()
	in := filepath.Join(t.TempDir(), "train.tsv.gz")
	os.WriteFile(in, buf.Bytes(), 0o644)

	dir := t.TempDir()
	plain, zipped := filepath.Join(dir, "aug.tsv"), filepath.Join(dir, "aug.tsv.gz")
	for _, out := range []string{plain, zipped} {
		if _, _, err := runCLI(t, "", "augment", "--in", in, "--kinds", "swap", "--copies", "1", "-o", out); err != nil {
			t.Fatal(err)
		}
	}
	want, _ := os.ReadFile(plain)
	if got := gunzipFile(t, zipped); got != string(want) || len(want) == 0 {
		t.Fatal("augment to .gz differs from plain output")
	}
	var manifests []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".json") && strings.Contains(filepath.Base(p), "aug.tsv.gz") {
			manifests = append(manifests, p)
		}
		return nil
	})
	if len(manifests) != 1 {
		ents, _ := os.ReadDir(dir)
		t.Fatalf("want one manifest for aug.tsv.gz, found %v in %v", manifests, ents)
	}
	data, err := os.ReadFile(manifests[0])
	if err != nil {
		t.Fatal(err)
	}
	var m stressset.AugmentManifest
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	sum := func(path string) string {
		b, _ := os.ReadFile(path)
		s := sha256.Sum256(b)
		return hex.EncodeToString(s[:])
	}
	if m.Input.SHA256 != sum(in) {
		t.Errorf("input sha256 %s, want %s (the gzipped file)", m.Input.SHA256, sum(in))
	}
	if m.Output.SHA256 != sum(zipped) {
		t.Errorf("output sha256 %s, want %s (the gzipped file)", m.Output.SHA256, sum(zipped))
	}
}
