package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuildNewKinds builds every new kind and a composition from a file,
// with --unseen-in given twice, and checks the manifest and the log.
func TestBuildNewKinds(t *testing.T) {
	test := writeTemp(t, "test.tsv", tinyCorpus)
	a := writeTemp(t, "a.tsv", "Clonidine\tB-Chemical\n\n")
	b := writeTemp(t, "b.tsv", "Hypotension\tB-Disease\n\n")
	out := filepath.Join(t.TempDir(), "D")
	if _, _, err := runCLI(t, "", "build", "--out", out, "--kinds", "spelling,case,ocr,insert,delete,entity-swap,keyboard+case",
		"--unseen-in", a, "--unseen-in", b, "--case", "lower", test); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(out, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Kinds []struct {
			Name    string            `json:"name"`
			Suffix  string            `json:"suffix"`
			Options map[string]string `json:"options"`
		} `json:"kinds"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	got := map[string]map[string]string{}
	for _, k := range m.Kinds {
		got[k.Name+"/"+k.Suffix] = k.Options
	}
	// Both files, recorded relative to the build directory.
	if o := got["entity-swap/eswap"]; o == nil {
		t.Error("no entity-swap in the manifest")
	} else if parts := strings.Split(o["unseen-in"], ","); len(parts) != 2 || filepath.Base(parts[0]) != "a.tsv" ||
		filepath.Base(parts[1]) != "b.tsv" || filepath.IsAbs(parts[0]) {
		t.Errorf("unseen-in recorded as %q", o["unseen-in"])
	}
	if o := got["keyboard+case/key+case"]; o == nil || o["case"] != "lower" || o["layout"] != "qwerty" {
		t.Errorf("composition options %v", o)
	}
	for _, f := range []string{"test_spell.tsv", "test_case.tsv", "test_ocr.tsv", "test_ins.tsv", "test_del.tsv", "test_eswap.tsv", "test_key+case.tsv"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	log, err := os.ReadFile(filepath.Join(out, "changes.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(log), "\n") {
		f := strings.Split(line, "\t")
		if len(f) > 6 && f[4] == "entity-swap" && (strings.EqualFold(f[6], "clonidine") || strings.EqualFold(f[6], "hypotension")) {
			t.Errorf("unseen name used: %s", line)
		}
	}
	// The build regenerates from its manifest.
	if _, _, err := runCLI(t, "", "build", "--from", filepath.Join(out, "manifest.json")); err != nil {
		t.Fatal(err)
	}
}

func TestBuildUnseenMissing(t *testing.T) {
	test := writeTemp(t, "test.tsv", tinyCorpus)
	_, _, err := runCLI(t, "", "build", "--out", filepath.Join(t.TempDir(), "D"), "--kinds", "entity-swap",
		"--unseen-in", filepath.Join(t.TempDir(), "missing.tsv"), test)
	if err == nil || !strings.Contains(err.Error(), "missing.tsv") {
		t.Errorf("error %v, want one naming missing.tsv", err)
	}
}

// TestBuildUnseenRelative checks that --unseen-in paths are recorded
// relative to the build directory, like inputs, so that --from
// regenerates the build from any directory and into another.
func TestBuildUnseenRelative(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"test.tsv": tinyCorpus, "train.tsv": "Clonidine\tB-Chemical\n\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	if _, _, err := runCLI(t, "", "build", "--out", "D", "--kinds", "entity-swap", "--unseen-in", "train.tsv", "test.tsv"); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join("D", "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(raw), `"unseen-in": "../train.tsv"`) {
		t.Errorf("manifest does not record unseen-in relative to D:\n%s", raw)
	}
	t.Chdir(t.TempDir())
	manifest := filepath.Join(dir, "D", "manifest.json")
	if _, _, err := runCLI(t, "", "build", "--from", manifest); err != nil {
		t.Fatalf("--from elsewhere: %v", err)
	}
	if _, _, err := runCLI(t, "", "build", "--from", manifest, "--out", filepath.Join(dir, "E")); err != nil {
		t.Fatalf("--from into another directory: %v", err)
	}
}
