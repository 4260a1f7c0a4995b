package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/sample"
)

// TestBuildInputsConcurrently checks that perturbing several inputs at
// once changes nothing: every output equals the one built from its input
// alone, and changes.tsv is the header followed by the inputs' rows in
// input order. A bad input fails the build with its own error and
// leaves no file behind.
func TestBuildInputsConcurrently(t *testing.T) {
	text := sampleText(t)
	in := t.TempDir()
	var paths []string
	rest := text
	for _, name := range []string{"a.tsv", "b.tsv", "c.tsv", "d.tsv"} {
		var part string
		part, rest = splitSentences(rest, 100)
		p := filepath.Join(in, name)
		os.WriteFile(p, []byte(part), 0o644)
		paths = append(paths, p)
	}
	all := t.TempDir()
	if _, _, err := stressCLI(t, nil, append([]string{"build", "--out", all, "--workers", "3"}, paths...)...); err != nil {
		t.Fatal(err)
	}
	got := readDir(t, all)
	var header string
	var rows strings.Builder
	for _, p := range paths {
		one := t.TempDir()
		if _, _, err := stressCLI(t, nil, "build", "--out", one, "--workers", "1", p); err != nil {
			t.Fatal(err)
		}
		files := readDir(t, one)
		for name, data := range files {
			if name == "changes.tsv" || name == "manifest.json" {
				continue
			}
			if !bytes.Equal(got[name], data) {
				t.Errorf("%s differs from the build of its input alone", name)
			}
		}
		h, r, _ := strings.Cut(string(files["changes.tsv"]), "\n")
		header = h
		rows.WriteString(r)
	}
	if want := header + "\n" + rows.String(); string(got["changes.tsv"]) != want {
		t.Errorf("changes.tsv is not the inputs' change logs in order (%d bytes, want %d)", len(got["changes.tsv"]), len(want))
	}
	for name := range got {
		if strings.HasPrefix(name, ".") {
			t.Errorf("temporary file %s left behind", name)
		}
	}

	// A malformed third input: its error, and nothing written.
	bad := filepath.Join(in, "bad.tsv")
	os.WriteFile(bad, []byte("a\tO\nb\n"), 0o644)
	dir := t.TempDir()
	_, _, err := stressCLI(t, nil, "build", "--out", dir, paths[0], paths[1], bad, paths[3])
	if err == nil || !strings.Contains(err.Error(), "bad.tsv:2:") {
		t.Errorf("err = %v, want the bad input's line", err)
	}
	if files := readDir(t, dir); len(files) != 0 {
		t.Errorf("failed build left %d files", len(files))
	}
}

// BenchmarkBuild is "stress build" (keyboard and swap, default
// selection) in-process, on the three BC5CDR-IOB splits when the shared
// corpora are present and on the embedded sample otherwise: parsing,
// perturbing, checking, writing, hashing and syncing. MB/s is input
// bytes per second.
func BenchmarkBuild(b *testing.B) { benchBuild(b, "keyboard,swap") }

// BenchmarkBuildSynonym is BenchmarkBuild for the synonym set alone,
// opening the embedded concept store once per run.
func BenchmarkBuildSynonym(b *testing.B) { benchBuild(b, "synonym") }

func benchBuild(b *testing.B, kinds string) {
	var args []string
	var size int64
	for _, split := range []string{"train", "devel", "test"} {
		p := filepath.Join("..", "..", "..", "shared", "corpora", "BC5CDR-IOB", split+".tsv")
		if fi, err := os.Stat(p); err == nil {
			args = append(args, p)
			size += fi.Size()
		}
	}
	if len(args) == 0 {
		n, err := io.Copy(io.Discard, sample.TestReader())
		if err != nil {
			b.Fatal(err)
		}
		size = n
	}
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		dir := b.TempDir()
		e := &env{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard}
		if err := run(context.Background(), append([]string{"build", "--kinds", kinds, "--out", dir}, args...), e); err != nil {
			b.Fatal(err)
		}
	}
}
