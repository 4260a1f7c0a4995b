package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/sample"
	"github.com/stress-ner/stress/stressset"
)

var updateBuild = flag.Bool("update-build", false, "rewrite testdata/build golden files")

// stressCLI runs the CLI in-process and returns stdout, stderr and the error.
func stressCLI(t *testing.T, stdin io.Reader, args ...string) (string, string, error) {
	t.Helper()
	return runCLIReader(t, stdin, args...)
}

// sampleText returns the embedded sample test part as CoNLL text.
func sampleText(t *testing.T) string {
	t.Helper()
	b, err := io.ReadAll(sample.TestReader())
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// splitSentences splits CoNLL text after the blank line ending sentence n.
func splitSentences(text string, n int) (string, string) {
	i := 0
	for k := 0; k < n; k++ {
		j := strings.Index(text[i:], "\n\n")
		if j < 0 {
			return text, ""
		}
		i += j + 2
	}
	return text[:i], text[i:]
}

func readDir(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = b
	}
	return out
}

func sameFiles(t *testing.T, what string, a, b map[string][]byte) {
	t.Helper()
	if len(a) != len(b) {
		t.Errorf("%s: %d files vs %d", what, len(a), len(b))
	}
	for name, data := range a {
		if !bytes.Equal(data, b[name]) {
			t.Errorf("%s: %s differs", what, name)
		}
	}
}

// TestBuildSample is "stress build" alone: build the embedded
// sample, print the stats table, and regenerate it from the manifest.
func TestBuildSample(t *testing.T) {
	dir := t.TempDir()
	out, _, err := stressCLI(t, nil, "build", "--out", dir, "--workers", "2")
	if err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "build", "sample.txt")
	got := strings.ReplaceAll(out, dir, "OUT")
	if *updateBuild {
		os.WriteFile(golden, []byte(got), 0o644)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update-build)", err)
	}
	if got != string(want) {
		t.Errorf("build output differs from %s:\n%s", golden, got)
	}
	files := readDir(t, dir)
	for _, name := range []string{"test_key.tsv", "test_swap.tsv", "test_synonym.tsv", "changes.tsv", "manifest.json"} {
		if len(files[name]) == 0 {
			t.Errorf("%s missing or empty", name)
		}
	}
	for name := range files {
		if strings.HasPrefix(name, ".") {
			t.Errorf("temporary file %s left behind", name)
		}
	}
	m, err := stressset.DecodeManifest(bytes.NewReader(files["manifest.json"]))
	if err != nil {
		t.Fatal(err)
	}
	if m.Inputs[0].Path != sample.TestName || m.Inputs[0].Stats.Sentences != 512 || len(m.Inputs[0].Outputs) != 3 {
		t.Errorf("manifest inputs = %+v", m.Inputs)
	}
	if !strings.HasPrefix(string(files["changes.tsv"]), "file\tsentence\ttoken\tend\tkind\tbefore\tafter") {
		t.Error("changes.tsv lacks its header")
	}

	// Same options with one worker: byte-identical.
	dir1 := t.TempDir()
	if _, _, err := stressCLI(t, nil, "build", "--out", dir1, "--workers", "1"); err != nil {
		t.Fatal(err)
	}
	sameFiles(t, "workers 1 vs 2", files, readDir(t, dir1))

	// Regenerate from the manifest after deleting the outputs.
	for _, name := range []string{"test_key.tsv", "test_swap.tsv", "changes.tsv"} {
		os.Remove(filepath.Join(dir, name))
	}
	out, _, err = stressCLI(t, nil, "build", "--from", filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "every output matches its recorded SHA-256") {
		t.Errorf("--from output: %s", out)
	}
	sameFiles(t, "--from", files, readDir(t, dir))

	// A different seed gives different outputs.
	dir2 := t.TempDir()
	if _, _, err := stressCLI(t, nil, "build", "--out", dir2, "--seed", "2"); err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(readDir(t, dir2)["test_key.tsv"], files["test_key.tsv"]) {
		t.Error("seed 2 gives the same output as seed 1")
	}
}

func TestBuildFiles(t *testing.T) {
	text := sampleText(t)
	a, b := splitSentences(text, 200)
	in := t.TempDir()
	pa, pb := filepath.Join(in, "first.tsv"), filepath.Join(in, "second.conll")
	os.WriteFile(pa, []byte(a), 0o644)
	os.WriteFile(pb, []byte(b), 0o644)
	dir := t.TempDir()
	out, _, err := stressCLI(t, nil, "build", "--out", dir, "--kinds", "swap", "--keep-first", "--select", "entities", pa, pb)
	if err != nil {
		t.Fatal(err)
	}
	files := readDir(t, dir)
	for _, name := range []string{"first_swap.tsv", "second_swap.conll"} {
		if len(files[name]) == 0 {
			t.Errorf("%s missing", name)
		}
	}
	if _, ok := files["first_key.tsv"]; ok {
		t.Error("keyboard output written although --kinds swap")
	}
	if !strings.Contains(out, "first_swap.tsv") || !strings.Contains(out, "second (original)") {
		t.Errorf("table:\n%s", out)
	}
	m, _ := stressset.DecodeManifest(bytes.NewReader(files["manifest.json"]))
	if m.Kinds[0].Options["keep-first"] != "true" || m.Selection.Method != "entities" {
		t.Errorf("manifest options: %+v %+v", m.Kinds, m.Selection)
	}

	if m.Inputs[0].Path != "../"+filepath.Base(in)+"/first.tsv" {
		t.Errorf("input recorded as %q, want it relative to the build directory", m.Inputs[0].Path)
	}
	// --from works from another directory, and with --out elsewhere.
	t.Chdir(t.TempDir())
	other := filepath.Join(t.TempDir(), "deeper", "still")
	if _, _, err := stressCLI(t, nil, "build", "--from", filepath.Join(dir, "manifest.json"), "--out", other); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"first_swap.tsv", "second_swap.conll", "changes.tsv"} {
		if !bytes.Equal(readDir(t, other)[name], files[name]) {
			t.Errorf("--from into another directory: %s differs", name)
		}
	}

	// Changing an input after the build makes --from refuse.
	os.WriteFile(pb, []byte(strings.Replace(b, "\tO\n", "\tO\n\n", 1)), 0o644)
	_, _, err = stressCLI(t, nil, "build", "--from", filepath.Join(dir, "manifest.json"))
	if !errors.Is(err, perturb.ErrManifest) || !strings.Contains(err.Error(), "second.conll has changed") {
		t.Errorf("--from with a changed input: %v", err)
	}
	sameFiles(t, "failed --from", files, readDir(t, dir))
}

func TestBuildDefaultDir(t *testing.T) {
	t.Chdir(t.TempDir())
	out, _, err := stressCLI(t, nil, "build")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "wrote stress-sample/manifest.json") {
		t.Errorf("output:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(sampleOutDir, "test_key.tsv")); err != nil {
		t.Error(err)
	}
}

func TestBuildErrors(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.tsv")
	os.WriteFile(bad, []byte("a\tO\nb\tO\n\n\xff\tO\n"), 0o644)
	good := filepath.Join(t.TempDir(), "good.tsv")
	os.WriteFile(good, []byte("inhibitions\tO\n"), 0o644)
	manifest := filepath.Join(t.TempDir(), "manifest.json")
	os.WriteFile(manifest, []byte(`{"tool":"stress"}`), 0o644)
	for _, tc := range []struct {
		args  []string
		usage bool
		want  string
	}{
		{[]string{"build", good}, true, "--out DIR is required"},
		{[]string{"build", "--out", "x", "--kinds", "nope"}, true, "unknown perturbation"},
		{[]string{"build", "--out", "x", "--kinds", "swap,swap"}, true, "given twice"},
		{[]string{"build", "--out", "x", "--rate", "2"}, true, "--rate"},
		{[]string{"build", "--out", "x", "--layout", "dvorak"}, true, "unknown layout"},
		{[]string{"build", "--from", manifest, "--seed", "3"}, true, "cannot be combined"},
		{[]string{"build", "--out", "x", good, good}, true, "would both write"},
		{[]string{"build", "--from", manifest}, false, "manifest.json: bad manifest"},
		{[]string{"build", "--out", t.TempDir(), bad}, false, "bad.tsv:4"},
		{[]string{"build", "--out", t.TempDir(), "/does/not/exist.tsv"}, false, "no such file"},
	} {
		_, _, err := stressCLI(t, nil, tc.args...)
		if err == nil || errors.Is(err, errUsage) != tc.usage || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: err = %v, want usage=%v containing %q", tc.args, err, tc.usage, tc.want)
		}
	}
	// A failed build leaves nothing behind.
	dir := t.TempDir()
	stressCLI(t, nil, "build", "--out", dir, good, bad)
	if files := readDir(t, dir); len(files) != 0 {
		t.Errorf("failed build left %d files", len(files))
	}
}

func TestPerturb(t *testing.T) {
	text := sampleText(t)
	whole, _, err := stressCLI(t, strings.NewReader(text), "perturb", "--kind", "keyboard", "--seed", "5")
	if err != nil {
		t.Fatal(err)
	}
	if whole == text || strings.Count(whole, "\n") != strings.Count(text, "\n") {
		t.Fatal("output unchanged or lines lost")
	}
	// Shard, perturb each shard, concatenate: the same bytes.
	a, b := splitSentences(text, 257)
	pa, _, err := stressCLI(t, strings.NewReader(a), "perturb", "--kind", "keyboard", "--seed", "5", "--workers", "1")
	if err != nil {
		t.Fatal(err)
	}
	pb, _, err := stressCLI(t, strings.NewReader(b), "perturb", "--kind", "keyboard", "--seed", "5", "--workers", "3")
	if err != nil {
		t.Fatal(err)
	}
	if pa+pb != whole {
		t.Error("shard-then-concatenate differs from the whole file")
	}
	// File in, file out, change log.
	dir := t.TempDir()
	in := filepath.Join(dir, "in.tsv")
	os.WriteFile(in, []byte(text), 0o644)
	outPath, logPath := filepath.Join(dir, "out.tsv"), filepath.Join(dir, "log.tsv")
	if _, _, err := stressCLI(t, nil, "perturb", "--kind", "keyboard", "--seed", "5", "-o", outPath, "--log", logPath, in); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(outPath)
	if string(got) != whole {
		t.Error("-o output differs from stdout output")
	}
	log, _ := os.ReadFile(logPath)
	lines := strings.Split(strings.TrimSuffix(string(log), "\n"), "\n")
	if len(lines) < 100 || lines[0] != strings.Join(stressset.ChangesHeader, "\t") {
		t.Errorf("log has %d lines, header %q", len(lines), lines[0])
	}
	for _, l := range lines[1:] {
		if f := strings.Split(l, "\t"); len(f) != len(stressset.ChangesHeader) || f[0] != outPath || f[4] != "keyboard" {
			t.Fatalf("log row %q", l)
		}
	}
	// Swap with the keep options, stats against the original.
	swapped := filepath.Join(dir, "swap.tsv")
	if _, _, err := stressCLI(t, nil, "perturb", "--kind", "swap", "--keep-first", "--keep-last", "-o", swapped, in); err != nil {
		t.Fatal(err)
	}
	out, _, err := stressCLI(t, nil, "stats", "--original", in, swapped, outPath)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "512 (420)") || !strings.Contains(out, "%") || strings.Count(out, "512 (420)") != 3 {
		t.Errorf("stats table:\n%s", out)
	}
}

func TestPerturbErrors(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.tsv")
	for _, tc := range []struct {
		args  []string
		stdin string
		usage bool
		want  string
	}{
		{[]string{"perturb"}, "", true, "--kind is required"},
		{[]string{"perturb", "--kind", "typo"}, "", true, "unknown perturbation"},
		{[]string{"perturb", "--kind", "swap", "a", "b"}, "", true, "at most one"},
		{[]string{"perturb", "--kind", "swap", "--select", "nouns"}, "", true, "--select"},
		{[]string{"perturb", "--kind", "swap", "-o", out}, "ok\tO\n\nbad\n", false, "-:3:"},
	} {
		_, _, err := stressCLI(t, strings.NewReader(tc.stdin), tc.args...)
		if err == nil || errors.Is(err, errUsage) != tc.usage || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: err = %v, want usage=%v containing %q", tc.args, err, tc.usage, tc.want)
		}
	}
	if files := readDir(t, dir); len(files) != 0 {
		t.Errorf("failed perturb left %d files", len(files))
	}
}

func TestStatsErrors(t *testing.T) {
	dir := t.TempDir()
	orig := filepath.Join(dir, "orig.tsv")
	os.WriteFile(orig, []byte("a\tO\nb\tB-X\n\nc\tO\n"), 0o644)
	relabel := filepath.Join(dir, "relabel.tsv")
	os.WriteFile(relabel, []byte("a\tO\nb\tO\n\nc\tO\n"), 0o644)
	short := filepath.Join(dir, "short.tsv")
	os.WriteFile(short, []byte("a\tO\nb\tB-X\n"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"stats"}, "no input files"},
		{[]string{"stats", "--original", orig, relabel}, "relabel.tsv:2: corpora do not align"},
		{[]string{"stats", "--original", orig, short}, "corpora do not align: sentence 2 has no counterpart in " + short + ", which ends after 1 sentences"},
	} {
		_, _, err := stressCLI(t, nil, tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: err = %v, want %q", tc.args, err, tc.want)
		}
	}
	out, _, err := stressCLI(t, nil, "stats", orig)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "2 (1)") || !strings.Contains(out, " X ") {
		t.Errorf("stats:\n%s", out)
	}
}

// TestBuildFromOldManifest regenerates a build from a manifest written by
// the first released build of stress (commit dcb6ecb, 2026-11-22: K and W
// of the embedded sample, seed 7): the outputs must have the SHA-256 that
// manifest records, the change log the SHA-256 of the one written then,
// and the manifest written again must be the old one byte for byte.
func TestBuildFromOldManifest(t *testing.T) {
	const oldChanges = "a22ef6119001038d3a7843c12cdf1264a8d9e7c4288d2c113297ec52023123ef"
	old, err := os.ReadFile(filepath.Join("testdata", "build", "session1-manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	from := filepath.Join(dir, "old", "manifest.json")
	if err := os.MkdirAll(filepath.Dir(from), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(from, old, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "new")
	if _, stderr, err := stressCLI(t, nil, "build", "--from", from, "--out", out); err != nil {
		t.Fatalf("build --from: %v\n%s", err, stderr)
	}
	m, err := stressset.DecodeManifest(bytes.NewReader(old))
	if err != nil {
		t.Fatal(err)
	}
	sum := func(name string) string {
		b, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.Sum256(b)
		return hex.EncodeToString(h[:])
	}
	for _, o := range m.Inputs[0].Outputs {
		if got := sum(o.File); got != o.SHA256 {
			t.Errorf("%s: sha256 %s, the old manifest says %s", o.File, got, o.SHA256)
		}
	}
	if got := sum("changes.tsv"); got != oldChanges {
		t.Errorf("changes.tsv: sha256 %s, was %s", got, oldChanges)
	}
	if got, _ := os.ReadFile(filepath.Join(out, "manifest.json")); !bytes.Equal(got, old) {
		t.Errorf("manifest written again differs from the old one")
	}
}
