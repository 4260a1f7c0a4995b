package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunLevels: run --level on real CDR documents (six development
// abstracts; a dictionary from two training abstracts) with the two
// baselines and a document command, and the report's tables; a failing
// command leaves nothing behind.
func TestRunLevels(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "r")
	test := filepath.Join(kitVectors, "gold.pubtator")
	args := []string{"run", "--level", "id,relation", "--train", "testdata/cdr-train4.pubtator", "--test", test,
		"--kinds", "keyboard,entity-swap", "--doc-cmd", "cat", "--model-name", "echo", "--samples", "20", "--out", out, "-q"}
	stdout, stderr, err := runCLI(t, "", args...)
	if err != nil {
		t.Fatalf("%v: %s", err, stderr)
	}
	for _, want := range []string{"F1 per set (%)", "dict-gold", "echo", "id Chemical", "relation CID", "Concept ids of the changed mentions", "Gold keys per set",
		"entity-swap", "from 4 training documents"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("no %q in the report:\n%s", want, stdout)
		}
	}
	for _, f := range []string{"summary.md", "report.html", "pred/dict/gold.pubtator", "pred/dict-gold/gold_eswap.pubtator", "pred/echo/gold_key.pubtator"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	// The document command got the text only.
	b, _ := os.ReadFile(filepath.Join(out, "pred/echo/gold.pubtator"))
	if strings.Contains(string(b), "\tDisease\t") || !strings.Contains(string(b), "6794356|t|") {
		t.Errorf("the command's input held annotations, or no text:\n%.300s", b)
	}
	// Relations move with the one new concept of each concept.
	if m, _ := os.ReadFile(filepath.Join(out, "manifest.json")); !strings.Contains(string(m), `"per-document": "true"`) {
		t.Errorf("entity-swap built without per-document")
	}

	// compare --level scores the same predictions alike.
	cmp, stderr, err := runCLI(t, "", "compare", "--level", "id,relation", "--build", out, "--samples", "20",
		"--pred", "dict="+filepath.Join(out, "pred", "dict"), "--pred", "dict-gold="+filepath.Join(out, "pred", "dict-gold"), "--pred", "echo="+filepath.Join(out, "pred", "echo"))
	if err != nil {
		t.Fatalf("compare --level: %v: %s", err, stderr)
	}
	table := func(s string) string {
		i := strings.Index(s, "F1 per set")
		j := strings.Index(s, "Drop from O")
		if i < 0 || j < i {
			return ""
		}
		return s[i:j]
	}
	if table(cmp) == "" || table(cmp) != table(stdout) {
		t.Errorf("compare --level:\n%s\nrun --level:\n%s", table(cmp), table(stdout))
	}
	if _, _, err := runCLI(t, "", "compare", "--level", "id", "--build", out, "--pred", "x="+dir); err == nil || !strings.Contains(err.Error(), "has no prediction of set O") {
		t.Errorf("a system without predictions: %v", err)
	}

	// A server: started once, one JSON line a set (this one answers
	// with the text it was given).
	srv := filepath.Join(dir, "s")
	echo := `while IFS= read -r l; do printf '%s\n' "$l" | sed 's/^{"format":"[^"]*","input":/{"output":/'; done`
	stdout, stderr, err = runCLI(t, "", "run", "--level", "id", "--test", test, "--kinds", "keyboard", "--level-baselines", "none",
		"--doc-server", echo, "--samples", "0", "--out", srv, "-q")
	if err != nil || !strings.Contains(stdout, "server") {
		t.Fatalf("--doc-server: %v %s\n%s", err, stderr, stdout)
	}
	if b, _ := os.ReadFile(filepath.Join(srv, "pred/server/gold_key.pubtator")); !strings.Contains(string(b), "|a|") {
		t.Errorf("the server's answer was not written:\n%.200s", b)
	}
	_, _, err = runCLI(t, "", "run", "--level", "id", "--test", test, "--kinds", "keyboard", "--level-baselines", "none",
		"--doc-server", `read l; echo '{"error": "out of memory"}'`, "--out", filepath.Join(dir, "s2"), "-q")
	if err == nil || !strings.Contains(err.Error(), "out of memory") {
		t.Errorf("a server's error: %v", err)
	}

	failed := filepath.Join(dir, "f")
	_, _, err = runCLI(t, "", "run", "--level", "id", "--train", "testdata/cdr-train4.pubtator", "--test", test,
		"--kinds", "keyboard", "--level-baselines", "none", "--doc-cmd", "exit 3", "--out", failed, "-q")
	if err == nil || !strings.Contains(err.Error(), "document system failed") {
		t.Errorf("a failing command: %v", err)
	}
	if _, err := os.Stat(failed); err == nil {
		t.Errorf("a failed run left %s", failed)
	}
}

func TestRunLevelsUsage(t *testing.T) {
	test := filepath.Join(kitVectors, "gold.pubtator")
	train := "testdata/cdr-train4.pubtator"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--level", "id", "--train", train}, "--level needs --test"},
		{[]string{"--level", "span", "--train", train, "--test", test}, "unknown level"},
		{[]string{"--level", "id", "--train", train, "--test", test, "--baselines", "words"}, "--baselines goes with span runs"},
		{[]string{"--level", "id", "--train", train, "--test", test, "--model-cmd", "cat"}, "--model-cmd goes with span runs"},
		{[]string{"--level", "id", "--test", test}, "the baselines learn from --train"},
		{[]string{"--level", "id", "--train", train, "--test", "testdata/bc5cdr4-head.tsv"}, "the CDR levels read PubTator and BioC XML"},
		{[]string{"--level", "id", "--train", train, "--test", test, "--level-baselines", "words"}, "unknown baseline"},
		{[]string{"--level", "id", "--test", test, "--level-baselines", "none"}, "no systems"},
		{[]string{"--doc-cmd", "cat"}, "--doc-cmd goes with --level"},
	} {
		_, stderr, err := runCLI(t, "", append(append([]string{"run"}, c.args...), "--out", filepath.Join(t.TempDir(), "o"))...)
		if err == nil || !strings.Contains(err.Error()+stderr, c.want) {
			t.Errorf("%q: %v %s, want %q", c.args, err, stderr, c.want)
		}
	}
}
