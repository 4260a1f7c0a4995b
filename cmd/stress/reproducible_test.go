package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runCLIEnv is runCLI with an environment (key=value pairs), as main
// passes os.LookupEnv.
func runCLIEnv(t *testing.T, environ map[string]string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, LookupEnv: func(k string) (string, bool) {
		v, ok := environ[k]
		return v, ok
	}}
	err = run(context.Background(), args, e)
	return out.String(), errb.String(), err
}

// TestSourceDateEpoch: with SOURCE_DATE_EPOCH set, two runs of one
// command give byte-identical reports (summary.md, report.html, compare's
// outputs), dated by the variable (issue 33: they differed in the date).
func TestSourceDateEpoch(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "run")
	epoch := map[string]string{"SOURCE_DATE_EPOCH": "1"}
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	var first map[string]string
	var firstStdout string
	for i := range 2 {
		stdout, stderr, err := runCLIEnv(t, epoch, "run", "--force", "--out", out, "--samples", "50", "-q")
		if err != nil {
			t.Fatalf("run %d: %v\n%s", i, err, stderr)
		}
		got := map[string]string{"summary.md": read("summary.md"), "report.html": read("report.html")}
		if i == 0 {
			first, firstStdout = got, stdout
			for name, s := range got {
				if !strings.Contains(s, "1970-01-01T00:00:01Z") {
					t.Errorf("%s does not carry the date of SOURCE_DATE_EPOCH=1", name)
				}
			}
			continue
		}
		for name, s := range got {
			if s != first[name] {
				t.Errorf("%s differs between two runs with SOURCE_DATE_EPOCH=1", name)
			}
		}
		if stdout != firstStdout {
			t.Error("the printed report differs between two runs with SOURCE_DATE_EPOCH=1")
		}
	}
	// compare: text, JSON and HTML.
	var prev []string
	for i := range 2 {
		html := filepath.Join(dir, "compare.html")
		var outs []string
		for _, format := range []string{"text", "json"} {
			args := []string{"compare", "--build", out, "--pred", "words=" + filepath.Join(out, "pred", "words"), "--samples", "50", "--format", format}
			if format == "text" {
				args = append(args, "--html", html, "--force")
			}
			stdout, stderr, err := runCLIEnv(t, epoch, args...)
			if err != nil {
				t.Fatalf("compare: %v\n%s", err, stderr)
			}
			outs = append(outs, stdout)
		}
		data, err := os.ReadFile(html)
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, string(data))
		if i == 1 {
			for k := range outs {
				if outs[k] != prev[k] {
					t.Errorf("compare output %d differs between two runs with SOURCE_DATE_EPOCH=1", k)
				}
			}
		}
		prev = outs
	}
	if !strings.Contains(prev[1], `"date": "1970-01-01T00:00:01Z"`) {
		t.Error("compare's JSON does not carry the date of SOURCE_DATE_EPOCH")
	}
}

func TestSourceDateEpochInvalid(t *testing.T) {
	for _, v := range []string{"", "yesterday", "-1", "1.5", "99999999999999"} {
		_, _, err := runCLIEnv(t, map[string]string{"SOURCE_DATE_EPOCH": v}, "run", "--out", filepath.Join(t.TempDir(), "r"), "-q")
		if err == nil || !strings.Contains(err.Error(), "SOURCE_DATE_EPOCH") || exitCode(err, &bytes.Buffer{}) != 2 {
			t.Errorf("SOURCE_DATE_EPOCH=%q: %v, want a usage error naming it", v, err)
		}
	}
}
