package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTagCommand(t *testing.T) {
	model := trainTiny(t, "chars")
	// Space-separated, extra POS column, a document marker and gold
	// tags that the predictions replace.
	in := "-DOCSTART- -X- O\n\nAspirin NN O\ncauses VBZ O\ngastric JJ O\nulcers NNS O\n. . O\n"
	want := "-DOCSTART- -X- O\n\nAspirin NN B-Chemical\ncauses VBZ O\ngastric JJ B-Disease\nulcers NNS I-Disease\n. . O\n"
	stdout, _, err := runCLI(t, in, "tag", "--model", model)
	if err != nil {
		t.Fatal(err)
	}
	if stdout != want {
		t.Errorf("tag from stdin:\n%s\nwant:\n%s", stdout, want)
	}

	// From a file to a file; token-only input gets a tag column.
	src := writeTemp(t, "in.txt", "Heparin\nprevents\ndeep\nvein\nthrombosis\n")
	out := filepath.Join(t.TempDir(), "out.txt")
	if _, _, err := runCLI(t, "", "tag", "--model", model, "-o", out, src); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(out)
	if string(got) != "Heparin B-Chemical\nprevents O\ndeep B-Disease\nvein I-Disease\nthrombosis I-Disease\n" {
		t.Errorf("tag to file:\n%s", got)
	}
	if _, _, err := runCLI(t, "", "tag", "--model", model, "-o", out, src); err == nil {
		t.Error("overwrote output without --force")
	}
}

func TestTagCommandExternal(t *testing.T) {
	in := "Aspirin\tB-Chemical\ncauses\tO\n\nHeparin\tB-Chemical\n"
	stdout, _, err := runCLI(t, in, "tag", "--model-cmd", `awk 'NF { print ($1 ~ /^[A-Z]/ ? "B-Chemical" : "O"); next } { print "" }'`, "--timeout", "30s")
	if err != nil {
		t.Fatal(err)
	}
	if want := "Aspirin\tB-Chemical\ncauses\tO\n\nHeparin\tB-Chemical\n"; stdout != want {
		t.Errorf("got:\n%q\nwant:\n%q", stdout, want)
	}

	out := filepath.Join(t.TempDir(), "out.tsv")
	tests := []struct {
		cmd  string
		args []string
		msg  string
	}{
		{`echo oops >&2; exit 4`, nil, "exit status 4 (its standard error is above)"}, // shown as it came
		{`sleep 5`, []string{"--timeout", "200ms"}, "timed out after 200ms"},
		{`awk 'NF { print "O" }'`, nil, "no sentence separators: 3 tags and no blank line, for 2 sentences of 3 tokens"},
		{`awk 'NF { print "O"; next } { print "" }'; printf '\nO\n'`, nil, "wrong number of sentences: got more than 2, want 2"},
	}
	for _, tt := range tests {
		args := append([]string{"tag", "--model-cmd", tt.cmd, "-o", out}, tt.args...)
		_, _, err := runCLI(t, in, args...)
		if err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: err = %v, want %q", tt.cmd, err, tt.msg)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%s: failed run left %s", tt.cmd, out)
		}
	}
}

func TestTagCommandUsage(t *testing.T) {
	model := trainTiny(t, "words")
	for _, args := range [][]string{
		{"tag"},
		{"tag", "--model", model, "--model-cmd", "cat"},
		{"tag", "--model", model, "--timeout", "1s"},
		{"tag", "--model", model, "a", "b"},
		{"tag", "--model-cmd", "cat", "--timeout", "-1s"},
	} {
		if _, _, err := runCLI(t, "", args...); !errors.Is(err, errUsage) {
			t.Errorf("%q: err = %v, want usage error", args, err)
		}
	}
	junk := writeTemp(t, "junk.model", "not a model")
	if _, _, err := runCLI(t, "a\n", "tag", "--model", junk); err == nil || !strings.Contains(err.Error(), "junk.model: not a valid tagger model") {
		t.Errorf("junk model: err = %v", err)
	}
	bad := writeTemp(t, "bad.tsv", "a O\n\xff O\n")
	if _, _, err := runCLI(t, "", "tag", "--model", model, bad); err == nil || !strings.Contains(err.Error(), "bad.tsv:2") {
		t.Errorf("bad input: err = %v", err)
	}
}
