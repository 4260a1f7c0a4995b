package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestQuiet: with -q, a command writes nothing on standard error when
// all goes well (no progress, no notice such as the embedded sample's
// attribution), and without it the same run does write there, so the
// check can fail. The table covers every command with --quiet.
func TestQuiet(t *testing.T) {
	if testing.Short() {
		t.Skip("trains models")
	}
	dir := t.TempDir()
	test := "testdata/bc5cdr4-head.tsv"
	model := filepath.Join(dir, "m.model")
	if _, stderr, err := runCLI(t, "", "train", "-q", "--features", "words", "--epochs", "1", "-o", model, test); err != nil {
		t.Fatalf("%v: %s", err, stderr)
	}
	cases := []struct {
		cmd  string
		args func(n int) []string // the command line of run n (outputs differ)
	}{
		{"run", func(n int) []string { // the embedded sample
			return []string{"run", "--out", filepath.Join(dir, fmt.Sprint("run", n)), "--baselines=words", "--epochs", "1",
				"--samples", "10", "--kinds", "keyboard"}
		}},
		{"curve", func(int) []string { // the embedded sample
			return []string{"curve", "--baselines=words", "--epochs", "1", "--samples", "10", "--kinds", "keyboard", "--rates", "1"}
		}},
		{"train", func(n int) []string {
			return []string{"train", "--features", "words", "--epochs", "1", "-o", filepath.Join(dir, fmt.Sprint("t", n, ".model")), test}
		}},
		{"attack", func(n int) []string {
			return []string{"attack", "--model", model, "-o", filepath.Join(dir, fmt.Sprint("a", n, ".tsv")), test}
		}},
	}
	var tested []string
	for _, c := range cases {
		tested = append(tested, c.cmd)
		t.Run(c.cmd, func(t *testing.T) {
			stdout, stderr, err := runCLI(t, "", append(c.args(1), "-q")...)
			if err != nil {
				t.Fatalf("-q: %v: %s", err, stderr)
			}
			if stderr != "" {
				t.Errorf("-q: standard error:\n%s", stderr)
			}
			stdout2, stderr, err := runCLI(t, "", c.args(2)...)
			if err != nil {
				t.Fatalf("%v: %s", err, stderr)
			}
			if stderr == "" {
				t.Error("without -q: nothing on standard error either")
			}
			// Runs 1 and 2 write to directories of their own, which the
			// reports name.
			stdout2 = strings.ReplaceAll(strings.ReplaceAll(stdout2, "run2", "run1"), "a2.tsv", "a1.tsv")
			if withoutTiming(withoutProvenance(stdout)) != withoutTiming(withoutProvenance(stdout2)) {
				t.Errorf("-q changed standard output:\n%s\nwithout:\n%s", stdout, stdout2)
			}
		})
	}
	// Every command and sub-command has --quiet (issue 33: build and tag
	// had none); those that write notices are in the table above.
	var missing []string
	for _, c := range commands.Commands() {
		names := [][]string{{c.Name}}
		if c.Sub != nil {
			names = nil
			for _, sc := range c.Sub.Commands() {
				names = append(names, []string{c.Name, sc.Name})
			}
		}
		for _, n := range names {
			stdout, stderr, _ := runCLI(t, "", append(n, "--help")...)
			if !strings.Contains(stdout+stderr, "-q, --quiet") {
				missing = append(missing, strings.Join(n, " "))
			}
		}
	}
	if len(missing) > 0 {
		t.Errorf("commands without --quiet: %v", missing)
	}
	for _, want := range []string{"run", "curve", "train", "attack"} {
		if !slices.Contains(tested, want) {
			t.Errorf("%s writes notices but is not in the table", want)
		}
	}
}

// withoutTiming drops the lines that say how long something took, which
// differ between two runs on a busy machine.
func withoutTiming(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if f := strings.Fields(l); len(f) > 0 && f[0] == "time" {
			continue
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}
