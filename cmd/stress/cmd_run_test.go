package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/tagger"
)

// TestRunSample is "stress run" with no data arguments: the embedded
// sample, both baselines, all three stress sets (with fewer epochs and
// samples to keep it quick).
func TestRunSample(t *testing.T) {
	if testing.Short() {
		t.Skip("trains two models and loads the default concept store")
	}
	dir := filepath.Join(t.TempDir(), "run")
	args := []string{"run", "-q", "--out", dir, "--epochs", "2", "--samples", "50"}
	stdout, _, err := runCLI(t, "", args...)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"F1 on original (O) and stress sets", "K drop %", "W drop %", "S drop %",
		"F1 per system and set", "Paired comparison", "Token label confusion",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	// Every system has a row on every set.
	for _, sys := range []string{"words", "chars"} {
		for _, set := range []string{"O", "keyboard", "swap", "synonym"} {
			if !containsRow(stdout, sys, set) {
				t.Errorf("report has no row for %s on %s", sys, set)
			}
		}
	}
	for _, f := range []string{"manifest.json", "changes.tsv", "test_key.tsv", "test_swap.tsv", "test_synonym.tsv",
		"report.html", "summary.md", "pred/words/test.tsv", "pred/chars/test_synonym.tsv"} {
		if fi, err := os.Stat(filepath.Join(dir, f)); err != nil || fi.Size() == 0 {
			t.Errorf("%s: missing or empty (%v)", f, err)
		}
	}
	html, _ := os.ReadFile(filepath.Join(dir, "report.html"))
	if !strings.Contains(string(html), "<svg") || !strings.Contains(string(html), "synonym") {
		t.Error("report.html lacks charts or the synonym set")
	}
	summary, _ := os.ReadFile(filepath.Join(dir, "summary.md"))
	if !strings.Contains(string(summary), "| model | O F1 | K F1 | K drop % |") {
		t.Errorf("summary.md is not a Markdown table:\n%s", summary)
	}

	// The same seed gives the same report and predictions whatever the
	// number of workers.
	dir2 := filepath.Join(t.TempDir(), "run")
	stdout2, _, err := runCLI(t, "", "run", "-q", "--out", dir2, "--epochs", "2", "--samples", "50", "--workers", "1")
	if err != nil {
		t.Fatal(err)
	}
	// The reports name the sets' files in their directories.
	same := func(s string) string {
		return strings.Join(strings.Fields(strings.ReplaceAll(withoutProvenance(s), dir2, dir)), " ")
	}
	if same(stdout2) != same(stdout) {
		t.Error("second run printed a different report")
	}
	for _, f := range []string{"report.html", "pred/chars/test_key.tsv", "test_synonym.tsv"} {
		a, _ := os.ReadFile(filepath.Join(dir, f))
		b, _ := os.ReadFile(filepath.Join(dir2, f))
		if same(string(a)) != same(string(b)) {
			t.Errorf("%s differs between runs", f)
		}
	}
}

// containsRow reports whether a line of the text report starts with the
// system and set columns.
func containsRow(report, system, set string) bool {
	for _, l := range strings.Split(report, "\n") {
		f := strings.Fields(l)
		if len(f) > 2 && f[0] == system && f[1] == set {
			return true
		}
	}
	return false
}

func TestRunFilesAugmentAndCommand(t *testing.T) {
	train := writeTemp(t, "train.tsv", tinyCorpus)
	test := writeTemp(t, "heldout.tsv", tinyCorpus)
	dir := filepath.Join(t.TempDir(), "out")
	// An external tagger that says O to everything, next to the words
	// baseline trained on O and on O + K.
	allO := `awk '{ if (NF) print "O"; else print "" }'`
	stdout, _, err := runCLI(t, "", "run", "-q", "--train", train, "--test", test, "--out", dir,
		"--kinds", "keyboard,swap", "--augment", "keyboard", "--baselines", "words",
		"--model-cmd", allO, "--model-name", "none", "--samples", "20", "-f", "markdown")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| words | O |", "| words | O+K |", "| none | 0.00 |", "| model | train | O F1 | K F1 | W F1 |"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("markdown report lacks %q:\n%s", want, stdout)
		}
	}
	for _, f := range []string{"pred/words+K/heldout_key.tsv", "pred/none/heldout.tsv", "heldout_swap.tsv"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	pred, _ := os.ReadFile(filepath.Join(dir, "pred/none/heldout.tsv"))
	if strings.Contains(string(pred), "B-") {
		t.Error("the all-O command's predictions were not written as given")
	}

	// A command that drops a tag is a clear error.
	_, _, err = runCLI(t, "", "run", "-q", "--test", test, "--out", filepath.Join(t.TempDir(), "x"),
		"--kinds", "keyboard", "--baselines", "none", "--model-cmd", `awk 'NR != 2 { if (NF) print "O"; else print "" }'`)
	if !errors.Is(err, tagger.ErrTagCount) {
		t.Errorf("short command output: %v, want ErrTagCount", err)
	}
}

func TestRunErrors(t *testing.T) {
	train := writeTemp(t, "train.tsv", tinyCorpus)
	bad := writeTemp(t, "bad.tsv", "Aspirin\tX-Chemical\n\n")
	out := filepath.Join(t.TempDir(), "o")
	for _, c := range []struct {
		name  string
		args  []string
		usage bool
		want  string
	}{
		{"train without test", []string{"--train", train}, true, "--test"},
		{"test without train", []string{"--test", train}, true, "--train"},
		{"no systems", []string{"--baselines", "none"}, true, "no systems"},
		{"augment without baselines", []string{"--baselines", "none", "--model-cmd", "cat", "--augment", "swap"}, true, "--augment"},
		{"bad baseline", []string{"--baselines", "glove"}, true, "glove"},
		{"bad format", []string{"--format", "yaml"}, true, "format"},
		{"bad kind", []string{"--kinds", "typo"}, true, "typo"},
		{"epochs", []string{"--epochs", "0"}, true, "epochs"},
		{"names", []string{"--model-name", "a"}, true, "--model-name"},
		{"argument", []string{"extra"}, true, "no arguments"},
		{"bad training tag", []string{"--train", bad, "--test", train, "--kinds", "swap"}, false, "bad.tsv:1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := runCLI(t, "", append([]string{"run", "-q", "--out", out}, c.args...)...)
			if err == nil {
				t.Fatal("no error")
			}
			if errors.Is(err, errUsage) != c.usage || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v (usage %v), want %q (usage %v)", err, errors.Is(err, errUsage), c.want, c.usage)
			}
		})
	}
}

// TestRunGeneCorpusNotMeasured: on a BC2GM-style corpus (GENE mentions,
// written for this test) the default store has nothing to replace, so
// "stress run" marks S "not measured" with the share it changed, in
// text, JSON and HTML, and shows no drop for it (issue 26).
func TestRunGeneCorpusNotMeasured(t *testing.T) {
	if testing.Short() {
		t.Skip("trains a model and loads the default concept store")
	}
	corpus := filepath.Join("testdata", "bc2gm-style.tsv")
	dir := filepath.Join(t.TempDir(), "run")
	stdout, stderr, err := runCLI(t, "", "run", "--train", corpus, "--test", corpus, "--out", dir, "--kinds", "synonym,keyboard",
		"--baselines", "words", "--epochs", "1", "--samples", "0")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr, "synonym changed 0 of 33 GENE (0.0%) mentions; not measured") {
		t.Errorf("run does not log the share S changed:\n%s", stderr)
	}
	if !strings.Contains(stderr, "bc2gm-style_synonym.tsv: entity types no semantic group is mapped to, left as they are: GENE (33)") {
		t.Errorf("run does not name the type S left unmapped (issue 32):\n%s", stderr)
	}
	if !strings.Contains(stdout, "synonym not measured: it changed 0 of 33 gold mentions") {
		t.Errorf("report does not say S is not measured:\n%s", stdout)
	}
	// The first table (F1 and drops per model) and the table of F1 per
	// system and set show "not measured" where S's drop would be.
	_, first, _ := strings.Cut(stdout, "What each set cost each system where it changed something\n")
	first, _, _ = strings.Cut(first, "\n\n")
	_, perSet, _ := strings.Cut(stdout, "F1 per system and set\n")
	perSet, _, _ = strings.Cut(perSet, "\n\n")
	rows := 0
	for _, l := range strings.Split(first+"\n"+perSet, "\n") {
		if f := strings.Fields(l); len(f) > 1 && (f[0] == "synonym" || f[0] == "words" && f[1] == "synonym") {
			rows++
			if !strings.Contains(l, "not measured") {
				t.Errorf("S shows a drop: %q", l)
			}
		}
	}
	if rows != 2 {
		t.Errorf("%d rows of S in:\n%s\n%s", rows, first, perSet)
	}
	html, _ := os.ReadFile(filepath.Join(dir, "report.html"))
	if !strings.Contains(string(html), "synonym not measured") {
		t.Error("report.html does not say S is not measured")
	}
	summary, _ := os.ReadFile(filepath.Join(dir, "summary.md"))
	if !strings.Contains(string(summary), "| not measured |") {
		t.Errorf("summary.md:\n%s", summary)
	}
	js, _, err := runCLI(t, "", "run", "-q", "--train", corpus, "--test", corpus, "--out", filepath.Join(t.TempDir(), "j"),
		"--kinds", "synonym", "--baselines", "words", "--epochs", "1", "--samples", "0", "-f", "json")
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Sets []struct {
			Name        string `json:"name"`
			NotMeasured bool   `json:"not_measured"`
			Replaced    *int   `json:"mentions_replaced"`
			Mentions    int    `json:"mentions"`
		} `json:"sets"`
		Systems []struct {
			Results []struct {
				Set  string          `json:"set"`
				Drop json.RawMessage `json:"drop"`
			} `json:"results"`
		} `json:"systems"`
	}
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Sets) != 2 || !rep.Sets[1].NotMeasured || rep.Sets[1].Replaced == nil || *rep.Sets[1].Replaced != 0 || rep.Sets[1].Mentions != 33 {
		t.Errorf("JSON sets: %+v", rep.Sets)
	}
	for _, r := range rep.Systems[0].Results {
		if r.Drop != nil {
			t.Errorf("JSON: set %s has a drop %s", r.Set, r.Drop)
		}
	}
}
