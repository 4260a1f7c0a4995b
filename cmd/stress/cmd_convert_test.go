package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
)

func TestConvertPubTatorRoundTrip(t *testing.T) {
	dir := t.TempDir()
	in := "testdata/cdr3.pubtator"
	want, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	rt := filepath.Join(dir, "rt.pubtator")
	if _, stderr, err := runCLI(t, "", "convert", "-o", rt, in); err != nil {
		t.Fatalf("%v: %s", err, stderr)
	}
	if got, _ := os.ReadFile(rt); !bytes.Equal(got, want) {
		t.Errorf("round trip differs")
	}
	// No replacing an existing file without --force.
	if _, _, err := runCLI(t, "", "convert", "-o", rt, in); err == nil {
		t.Error("convert replaced an existing file")
	}
	// To CoNLL: the sentences of the reader, with document starts.
	tsv := filepath.Join(dir, "rt.tsv")
	if _, stderr, err := runCLI(t, "", "convert", "-o", tsv, in); err != nil {
		t.Fatalf("%v: %s", err, stderr)
	}
	sents, err := conll.ReadFile(tsv)
	if err != nil {
		t.Fatal(err)
	}
	docs := 0
	for _, s := range sents {
		if s.DocStart {
			docs++
		}
	}
	if docs != 3 || !strings.HasPrefix(strings.Join(sents[0].Tokens, " "), "Tricuspid valve regurgitation") || sents[0].Tags[0] != "B-Disease" {
		t.Errorf("%d documents, first sentence %v %v", docs, sents[0].Tokens, sents[0].Tags)
	}
}

func TestBuildPubTator(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "D")
	if _, stderr, err := runCLI(t, "", "build", "--kinds", "keyboard,swap,synonym", "--out", out, "testdata/cdr3.pubtator"); err != nil {
		t.Fatalf("%v: %s", err, stderr)
	}
	orig, _ := os.ReadFile("testdata/cdr3.pubtator")
	for _, name := range []string{"cdr3_key.pubtator", "cdr3_swap.pubtator", "cdr3_synonym.pubtator"} {
		b, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(b, orig) {
			t.Errorf("%s: not perturbed", name)
		}
		// Same relation and annotation lines (ids), read back without
		// offset errors.
		if c, w := strings.Count(string(b), "\tCID\t"), strings.Count(string(orig), "\tCID\t"); c != w {
			t.Errorf("%s: %d CID relations, want %d", name, c, w)
		}
		f, err := conll.Open(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		for {
			if _, err := f.Read(); err != nil {
				if err != io.EOF {
					t.Errorf("%s: %v", name, err)
				}
				break
			}
		}
		f.Close()
	}
}

// TestBuildDocumentFormats builds K, W and S sets of the same CDR
// documents in BioC XML, BioC JSON and brat: outputs keep the input's
// format and extension, and convert to the same relation lines as the
// input.
func TestBuildDocumentFormats(t *testing.T) {
	for _, c := range []struct{ in, base, ext string }{
		{"testdata/cdr3.xml", "cdr3", ".xml"},
		{"testdata/cdr3.bioc.json", "cdr3", ".bioc.json"},
		{"testdata/6504332.ann", "6504332", ".ann"},
	} {
		out := filepath.Join(t.TempDir(), "D")
		if _, stderr, err := runCLI(t, "", "build", "--kinds", "keyboard,swap,synonym", "--out", out, c.in); err != nil {
			t.Fatalf("%s: %v: %s", c.in, err, stderr)
		}
		for _, suffix := range []string{"_key", "_swap", "_synonym"} {
			name := filepath.Join(out, c.base+suffix+c.ext)
			if c.ext == ".ann" {
				if _, err := os.Stat(filepath.Join(out, c.base+suffix+".txt")); err != nil {
					t.Errorf("%s: no text file: %v", name, err)
				}
			}
			pub := filepath.Join(t.TempDir(), "x.pubtator")
			if _, stderr, err := runCLI(t, "", "convert", "-o", pub, name); err != nil {
				t.Fatalf("%s: %v: %s", name, err, stderr)
			}
			orig := filepath.Join(t.TempDir(), "o.pubtator")
			runCLI(t, "", "convert", "-o", orig, c.in)
			a, _ := os.ReadFile(pub)
			b, _ := os.ReadFile(orig)
			if strings.Count(string(a), "\t") != strings.Count(string(b), "\t") || bytes.Equal(a, b) {
				t.Errorf("%s: not a perturbed copy with the same annotations", name)
			}
		}
	}
}

// TestComparePubTator scores a model's PubTator predictions on the K, W
// and S sets of PubTator documents: the perturbed copies are read in
// the sentences and tokens of the original, so the sets align as IOB
// sets do, and predictions in PubTator align with them.
func TestComparePubTator(t *testing.T) {
	dir := t.TempDir()
	in := "testdata/cdr3.pubtator"
	tsv, model, build, pred := filepath.Join(dir, "train.tsv"), filepath.Join(dir, "m.model"), filepath.Join(dir, "D"), filepath.Join(dir, "P")
	for _, args := range [][]string{
		{"convert", "-o", tsv, in},
		{"train", "--features", "words", "-o", model, tsv},
		{"build", "--kinds", "keyboard,swap,synonym", "--out", build, in},
		{"tag", "--model", model, "-o", filepath.Join(pred, "cdr3.pubtator"), in},
		{"tag", "--model", model, "-o", filepath.Join(pred, "cdr3_key.pubtator"), filepath.Join(build, "cdr3_key.pubtator")},
		{"tag", "--model", model, "-o", filepath.Join(pred, "cdr3_swap.pubtator"), filepath.Join(build, "cdr3_swap.pubtator")},
		{"tag", "--model", model, "-o", filepath.Join(pred, "cdr3_synonym.pubtator"), filepath.Join(build, "cdr3_synonym.pubtator")},
	} {
		if args[0] == "tag" {
			os.MkdirAll(pred, 0o755)
		}
		if _, stderr, err := runCLI(t, "", args...); err != nil {
			t.Fatalf("%v: %v: %s", args, err, stderr)
		}
	}
	out, stderr, err := runCLI(t, "", "compare", "--build", build, "--pred", "words="+pred, "--format", "csv")
	if err != nil {
		t.Fatalf("compare: %v: %s", err, stderr)
	}
	// Every set has the original's 41 mentions, and the model, trained
	// on the original, scores best on it.
	for _, set := range []string{"O", "keyboard", "swap", "synonym"} {
		if !strings.Contains(out, "words,"+set+",overall,41,") {
			t.Errorf("set %s: no row with 41 gold mentions:\n%.800s", set, out)
		}
	}
	if !strings.Contains(out, "words,O,overall,41,41,37,") {
		t.Errorf("O not scored as tagged:\n%.600s", out)
	}
	// score reads PubTator predictions in the gold's sentences and tokens.
	rep, stderr, err := runCLI(t, "", "score", "--gold", filepath.Join(build, "cdr3_key.pubtator"), "--pred", filepath.Join(pred, "cdr3_key.pubtator"))
	if err != nil || !strings.Contains(rep, "with 41 phrases") {
		t.Errorf("score: %v: %s\n%s", err, stderr, rep)
	}
}

// TestAugmentAndStatsPubTator: an augmented PubTator set holds every
// document twice (original, then perturbed copy), and stats read a
// perturbed copy in the original's tokens.
func TestAugmentAndStatsPubTator(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "aug.pubtator")
	if _, stderr, err := runCLI(t, "", "augment", "--in", "testdata/cdr3.pubtator", "--kinds", "keyboard", "-o", out); err != nil {
		t.Fatalf("%v: %s", err, stderr)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "|t|"); n != 6 {
		t.Errorf("%d documents, want 6", n)
	}
	build := filepath.Join(dir, "D")
	if _, stderr, err := runCLI(t, "", "build", "--kinds", "keyboard", "--out", build, "testdata/cdr3.pubtator"); err != nil {
		t.Fatalf("%v: %s", err, stderr)
	}
	stdout, stderr, err := runCLI(t, "", "stats", "--original", "testdata/cdr3.pubtator", filepath.Join(build, "cdr3_key.pubtator"))
	if err != nil {
		t.Fatalf("%v: %s", err, stderr)
	}
	// The same sentences and tokens as the original (the first row).
	first, _, _ := strings.Cut(strings.TrimSpace(stdout), "\n\n") // a wide table goes on in parts
	lines := strings.Split(first, "\n")
	if len(lines) != 3 || strings.Fields(lines[1])[2] != strings.Fields(lines[2])[1] {
		t.Errorf("stats:\n%s", stdout)
	}
}
