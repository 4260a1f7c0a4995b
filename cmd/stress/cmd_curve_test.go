package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCurveSample(t *testing.T) {
	html := filepath.Join(t.TempDir(), "curve.html")
	stdout, _, err := runCLI(t, "", "curve", "-q", "--kinds", "keyboard,case", "--rates", "0.5,1",
		"--baselines=words", "--epochs", "2", "--samples", "20", "--format", "csv", "--html", html)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	// Header, then per kind the original and two rates.
	if len(lines) != 1+2*3 || !strings.HasPrefix(lines[1], "words,keyboard,0,O,") || !strings.HasPrefix(lines[6], "words,case,1,case@1,") {
		t.Errorf("csv:\n%s", stdout)
	}
	page, err := os.ReadFile(html)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(page), "<polyline") != 2 {
		t.Errorf("html has not one line per kind:\n%.500s", page)
	}
}

func TestCurveModelFile(t *testing.T) {
	train := writeTemp(t, "train.tsv", tinyCorpus)
	model := filepath.Join(t.TempDir(), "w.model")
	if _, _, err := runCLI(t, "", "train", "-q", "--features", "words", "-o", model, train); err != nil {
		t.Fatal(err)
	}
	stdout, _, err := runCLI(t, "", "curve", "-q", "--kinds", "swap", "--rates", "1", "--model", "w="+model,
		"--test", train, "--samples", "0", "--format", "markdown")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout, "| system | 0 (O) | 1 |") || !strings.Contains(stdout, "| w |") {
		t.Errorf("markdown:\n%s", stdout)
	}
}

func TestCurveErrors(t *testing.T) {
	train := writeTemp(t, "train.tsv", tinyCorpus)
	for _, c := range []struct {
		name  string
		args  []string
		usage bool
		want  string
	}{
		{"no systems", nil, true, "no systems"},
		{"bad rate", []string{"--baselines", "--rates", "0.5,2"}, true, "rates"},
		{"zero rate", []string{"--baselines", "--rates", "0"}, true, "rates"},
		{"twice", []string{"--baselines", "--rates", "0.5,0.5"}, true, "twice"},
		{"model spec", []string{"--model", "nofile"}, true, "NAME=FILE"},
		{"missing model", []string{"--model", "w=" + filepath.Join(t.TempDir(), "none")}, false, "none"},
		{"baselines without train", []string{"--baselines", "--test", train}, true, "--train"},
		{"train without baselines", []string{"--model-cmd", "cat", "--train", train}, true, "--baselines"},
		{"bad kind", []string{"--baselines", "--kinds", "typo"}, true, "typo"},
		{"argument", []string{"--baselines", "extra"}, true, "no arguments"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := runCLI(t, "", append([]string{"curve", "-q"}, c.args...)...)
			if err == nil {
				t.Fatal("no error")
			}
			if errors.Is(err, errUsage) != c.usage || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v (usage %v), want %q (usage %v)", err, errors.Is(err, errUsage), c.want, c.usage)
			}
		})
	}
}
