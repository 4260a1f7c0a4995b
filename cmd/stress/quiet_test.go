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
			if withoutTime(withoutProvenance(stdout)) != withoutTime(withoutProvenance(stdout2)) {
				t.Errorf("-q changed standard output:\n%s\nwithout:\n%s", stdout, stdout2)
			}
		})
	}
	// Every command that has --quiet is in the table.
	var quiet []string
	for _, c := range commands.Commands() {
		names := [][]string{{c.Name}}
		if c.Sub != nil {
			for _, sc := range c.Sub.Commands() {
				names = append(names, []string{c.Name, sc.Name})
			}
		}
		for _, n := range names {
			stdout, stderr, _ := runCLI(t, "", append(n, "--help")...)
			if strings.Contains(stdout+stderr, "-q, --quiet") {
				quiet = append(quiet, strings.Join(n, " "))
			}
		}
	}
	slices.Sort(quiet)
	slices.Sort(tested)
	if !slices.Equal(quiet, tested) {
		t.Errorf("commands with --quiet: %v; tested: %v", quiet, tested)
	}
}

// withoutTime removes the line of attack's summary that says how long
// it took, which two runs need not agree on (0.0s and 0.1s on a busy
// machine).
func withoutTime(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(l, "time ") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
