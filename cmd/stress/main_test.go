package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

func TestExitCode(t *testing.T) {
	tests := []struct {
		name   string
		err    error
		code   int
		stderr string
	}{
		{"nil", nil, 0, ""},
		{"plain", errors.New("boom"), 1, "stress: boom\n"},
		{"wrapped plain", fmt.Errorf("read x: %w", errors.New("boom")), 1, "stress: read x: boom\n"},
		{"usage", usageErrorf("bad flag"), 2, "stress: usage: bad flag\n"},
		{"help", errHelpShown, 0, ""},
		{"exit with error", &exitError{Code: 3, Err: errors.New("refused")}, 3, "stress: refused\n"},
		{"exit without error", &exitError{Code: 4}, 4, ""},
		{"wrapped exit", fmt.Errorf("score: %w", &exitError{Code: 5, Err: errors.New("x")}), 5, "stress: x\n"},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		if got := exitCode(tt.err, &buf); got != tt.code || buf.String() != tt.stderr {
			t.Errorf("%s: exitCode = %d, %q; want %d, %q", tt.name, got, buf.String(), tt.code, tt.stderr)
		}
	}
}

// cliStatus runs "stress ARGS" in-process and returns the exit status
// main would use, with stderr as main would print it.
func cliStatus(t *testing.T, args ...string) (int, string) {
	t.Helper()
	_, stderr, err := runCLI(t, "", args...)
	buf := bytes.NewBufferString(stderr)
	return exitCode(err, buf), buf.String()
}

// runCLI runs "stress ARGS" in-process with stdin as standard input: the
// one way the tests run the CLI.
func runCLI(t *testing.T, stdin string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	return runCLIReader(t, strings.NewReader(stdin), args...)
}

// runCLIReader is runCLI with standard input read from r (nil: empty).
func runCLIReader(t *testing.T, r io.Reader, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	if r == nil {
		r = strings.NewReader("")
	}
	var out, errb bytes.Buffer
	err = run(context.Background(), args, &env{Stdin: r, Stdout: &out, Stderr: &errb})
	return out.String(), errb.String(), err
}

// withoutProvenance removes from a report the lines that say when and
// by which command line it was made, which differ between two runs that
// must otherwise agree.
func withoutProvenance(s string) string {
	var out []string
	command := false // the text report wraps a long command line: its lines go on indented
	for _, l := range strings.Split(s, "\n") {
		if command && strings.HasPrefix(l, "  ") {
			continue
		}
		command = strings.Contains(l, "Command: stress")
		if strings.Contains(l, "Made by stress") || command ||
			strings.Contains(l, `"date": "`) || strings.Contains(l, `"command": "`) {
			continue
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}
