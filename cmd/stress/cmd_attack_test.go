package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/sample"
	"github.com/stress-ner/stress/tagger"
)

// cliEnv makes the test binary run as the stress command (see
// TestMain), so that tests can start it as an external model server.
const cliEnv = "STRESS_TEST_AS_CLI"

func TestMain(m *testing.M) {
	if os.Getenv(cliEnv) == "1" {
		main() // exits
	}
	os.Exit(m.Run())
}

// attackFixture writes part of the embedded test sample and a words
// model trained on the sample's training part.
func attackFixture(t *testing.T) (gold, model string) {
	t.Helper()
	train, err := sample.Train()
	if err != nil {
		t.Fatal(err)
	}
	test, err := sample.Test()
	if err != nil {
		t.Fatal(err)
	}
	m, err := tagger.Train(train, tagger.Options{Features: tagger.Words, Epochs: 3, HashBits: 16, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	model = filepath.Join(dir, "words.model")
	if err := m.SaveFile(model); err != nil {
		t.Fatal(err)
	}
	gold = filepath.Join(dir, "test.tsv")
	if err := conll.WriteFile(gold, test[:250], nil); err != nil {
		t.Fatal(err)
	}
	return gold, model
}

type attackJSON struct {
	Sentences         int     `json:"sentences"`
	Attacked          int     `json:"attacked"`
	Succeeded         int     `json:"succeeded"`
	SuccessRate       float64 `json:"success_rate"`
	F1Before          float64 `json:"f1_before"`
	F1After           float64 `json:"f1_after"`
	RandomF1          float64 `json:"random_f1"`
	WordsPerSuccess   float64 `json:"words_per_success"`
	QueriesPerSuccess float64 `json:"queries_per_success"`
}

func TestAttackCommand(t *testing.T) {
	gold, model := attackFixture(t)
	dir := t.TempDir()
	adv, log, rnd := filepath.Join(dir, "adv.tsv"), filepath.Join(dir, "adv.log"), filepath.Join(dir, "random.tsv")
	stdout, stderr, err := runCLI(t, "", "attack", "--model", model, "--kinds", "keyboard", "--max-words", "2",
		"-o", adv, "--log", log, "--random", rnd, "--format", "json", gold)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	var s attackJSON
	if err := json.Unmarshal([]byte(stdout), &s); err != nil {
		t.Fatalf("summary is not JSON: %v\n%s", err, stdout)
	}
	t.Logf("%+v", s)
	if s.Sentences != 250 || s.Attacked == 0 || s.Succeeded == 0 || s.SuccessRate <= 0 ||
		s.WordsPerSuccess < 1 || s.WordsPerSuccess > 2 || s.QueriesPerSuccess < 2 {
		t.Errorf("summary %+v", s)
	}
	if !(s.F1After < s.RandomF1 && s.RandomF1 <= s.F1Before) {
		t.Errorf("F1 before %.2f, random %.2f, after %.2f: the search should beat chance", s.F1Before, s.RandomF1, s.F1After)
	}

	// The set is valid IOB2 with the input's labels, and every changed
	// token is in the log.
	orig := readSents(t, gold)
	got := readSents(t, adv)
	changes, err := compare.ReadChangeLogFile(log)
	if err != nil {
		t.Fatal(err)
	}
	if len(changes["adv.tsv"]) == 0 || len(changes["random.tsv"]) == 0 {
		t.Fatalf("change log files: %v", len(changes))
	}
	logged := map[[2]int]bool{}
	for _, c := range changes["adv.tsv"] {
		logged[[2]int{c.Sentence, c.Start}] = true
	}
	for i := range got {
		if v := iob.Validate(got[i].Tags, iob.IOB2); len(v) > 0 || strings.Join(got[i].Tags, " ") != strings.Join(orig[i].Tags, " ") {
			t.Fatalf("sentence %d: labels %v", i+1, v)
		}
		for j := range got[i].Tokens {
			if (got[i].Tokens[j] != orig[i].Tokens[j]) != logged[[2]int{i, j}] {
				t.Errorf("sentence %d token %d: %q -> %q, logged %v", i+1, j+1, orig[i].Tokens[j], got[i].Tokens[j], logged[[2]int{i, j}])
			}
		}
	}

	// The same model as a server (this test binary running "stress
	// serve") gives the same answers, so the same bytes.
	t.Setenv(cliEnv, "1")
	adv2 := filepath.Join(dir, "adv2.tsv")
	server := shellQuoteArgs(os.Args[0], "serve", "--model", model)
	if _, stderr, err := runCLI(t, "", "attack", "--model-server", server, "--timeout", "2m", "-o", adv2, gold); err != nil {
		t.Fatalf("server: %v\n%s", err, stderr)
	}
	a, _ := os.ReadFile(adv)
	b, _ := os.ReadFile(adv2)
	if string(a) != string(b) {
		t.Error("the attack through --model-server differs from the attack in-process")
	}

	// compare takes the attack like any set.
	predO, predA := filepath.Join(dir, "pO.tsv"), filepath.Join(dir, "pA.tsv")
	for _, p := range [][2]string{{gold, predO}, {adv, predA}} {
		if _, stderr, err := runCLI(t, "", "tag", "--model", model, "-o", p[1], p[0]); err != nil {
			t.Fatalf("tag: %v\n%s", err, stderr)
		}
	}
	out, stderr, err := runCLI(t, "", "compare", "--gold", "O="+gold, "--gold", "attack="+adv, "--changes", log,
		"--pred-file", "words:O="+predO, "--pred-file", "words:attack="+predA, "--samples", "0", "--format", "json",
		"--html", filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatalf("compare: %v\n%s", err, stderr)
	}
	if !strings.Contains(out, `"attack"`) {
		t.Errorf("compare report does not show the attack set:\n%.500s", out)
	}
}

func TestAttackCommandRefuses(t *testing.T) {
	gold, model := attackFixture(t)
	dir := t.TempDir()
	existing := writeTemp(t, "exists.tsv", "keep me\n")
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{"-o", existing, gold}, "exists"},
		{[]string{"-o", gold, gold}, "would replace an input"},
		{[]string{"-o", filepath.Join(dir, "a.tsv"), "--log", filepath.Join(dir, "a.tsv"), gold}, "named twice"},
		{[]string{gold}, "-o OUT is required"},
		{[]string{"-o", filepath.Join(dir, "b.tsv"), "--kinds", "nope", gold}, "nope"},
		{[]string{"-o", filepath.Join(dir, "c.tsv"), "--max-words", "0", gold}, "--max-words"},
	}
	for _, tt := range tests {
		_, _, err := runCLI(t, "", append([]string{"attack", "--model", model}, tt.args...)...)
		if err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%q: err = %v, want %q", tt.args, err, tt.msg)
		}
	}
	if b, _ := os.ReadFile(existing); string(b) != "keep me\n" {
		t.Error("existing output replaced")
	}
	if _, _, err := runCLI(t, "", "attack", "--model", model, "--model-cmd", "cat", "-o", filepath.Join(dir, "d.tsv"), gold); err == nil {
		t.Error("two models accepted")
	}
}

func shellQuoteArgs(args ...string) string {
	var q []string
	for _, a := range args {
		q = append(q, "'"+strings.ReplaceAll(a, "'", `'\''`)+"'")
	}
	return strings.Join(q, " ")
}
