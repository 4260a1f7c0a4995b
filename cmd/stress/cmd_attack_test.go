package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/sample"
	"github.com/stress-ner/stress/stressset"
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
	changes, err := stressset.ReadChangedFile(log)
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

	// With its log beside it the attack has a manifest, which compare
	// reads like a build's: the original, the attack and the random set,
	// each checked against its SHA-256; build --from refuses it.
	manifest := adv + ".manifest.json"
	if _, err := os.Stat(manifest); err != nil {
		t.Fatalf("no manifest: %v", err)
	}
	pred := filepath.Join(dir, "pred")
	os.Mkdir(pred, 0o755)
	for _, f := range []string{gold, adv, rnd} {
		if _, stderr, err := runCLI(t, "", "tag", "--model", model, "-o", filepath.Join(pred, filepath.Base(f)), f); err != nil {
			t.Fatalf("tag %s: %v\n%s", f, err, stderr)
		}
	}
	out, stderr, err := runCLI(t, "", "compare", "--build", manifest, "--pred", "m="+pred, "--samples", "0", "--format", "csv")
	if err != nil {
		t.Fatalf("compare --build %s: %v\n%s", manifest, err, stderr)
	}
	for _, set := range []string{"O", "attack", "random"} {
		if !strings.Contains(out, ","+set+",") && !strings.Contains(out, set+",") {
			t.Errorf("compare of the attack lacks set %s:\n%.600s", set, out)
		}
	}
	if _, _, err := runCLI(t, "", "build", "--from", manifest, "--out", filepath.Join(dir, "re")); err == nil ||
		!strings.Contains(err.Error(), "cannot be rebuilt without its model") {
		t.Errorf("build --from an attack manifest: %v", err)
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
	// And as a command run once per round ("stress tag" as a filter).
	adv3 := filepath.Join(dir, "adv3.tsv")
	filter := shellQuoteArgs(os.Args[0], "tag", "--model", model)
	if _, stderr, err := runCLI(t, "", "attack", "--model-cmd", filter, "--timeout", "2m", "-o", adv3, gold); err != nil {
		t.Fatalf("command: %v\n%s", err, stderr)
	}
	if c, _ := os.ReadFile(adv3); string(a) != string(c) {
		t.Error("the attack through --model-cmd differs from the attack in-process")
	}

	// compare takes the attack like any set.
	predO, predA := filepath.Join(dir, "pO.tsv"), filepath.Join(dir, "pA.tsv")
	for _, p := range [][2]string{{gold, predO}, {adv, predA}} {
		if _, stderr, err := runCLI(t, "", "tag", "--model", model, "-o", p[1], p[0]); err != nil {
			t.Fatalf("tag: %v\n%s", err, stderr)
		}
	}
	out, stderr, err = runCLI(t, "", "compare", "--gold", "O="+gold, "--gold", "attack="+adv, "--changes", log,
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
		{[]string{"-o", filepath.Join(dir, "e.tsv"), writeTemp(t, "empty.tsv", "")}, "empty.tsv: no sentences"},
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

// TestRunModelServer: "stress run --model-server" scores like
// --model-cmd when both run the same model (this test binary as
// "stress serve" and as "stress tag"), and the model's standard error
// reaches ours prefixed with the system's name.
func TestRunModelServer(t *testing.T) {
	gold, model := attackFixture(t)
	t.Setenv(cliEnv, "1")
	out := filepath.Join(t.TempDir(), "run")
	self := shellQuoteArgs(os.Args[0])
	stdout, stderr, err := runCLI(t, "", "run", "--test", gold, "--baselines", "none", "--kinds", "keyboard",
		"--model-cmd", self+" tag --model "+shellQuoteArgs(model)+"; echo tagged >&2",
		"--model-server", self+" serve --model "+shellQuoteArgs(model)+"; echo served >&2",
		"--model-name", "viacmd", "--model-name", "viaserver", "--samples", "0", "--format", "csv", "--out", out)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	rows := map[string]string{}
	for _, line := range strings.Split(stdout, "\n") {
		f := strings.Split(line, ",")
		if len(f) > 3 && (f[0] == "viacmd" || f[0] == "viaserver") && (f[1] == "O" || f[1] == "keyboard") {
			rows[f[0]+" "+f[1]] = strings.Join(f[2:], ",")
		}
	}
	if len(rows) < 4 || rows["viacmd O"] != rows["viaserver O"] || rows["viacmd keyboard"] != rows["viaserver keyboard"] {
		t.Errorf("scores differ or are missing: %v\n%s", rows, stdout)
	}
	for _, want := range []string{"[viacmd] tagged", "[viaserver] served"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
}

// TestTagUnknownTags: tags the gold does not know are counted and
// warned about, or an error with --strict-tags.
func TestTagUnknownTags(t *testing.T) {
	in := writeTemp(t, "in.tsv", "Aspirin\tB-Chemical\ncauses\tO\nulcers\tB-Disease\n")
	cmd := `awk 'NF { n++; print (n == 1 ? "B-CHEM" : n == 2 ? "BANANA" : "B-Disease"); next } { print "" }'`
	_, stderr, err := runCLI(t, "", "tag", "--model-cmd", cmd, in)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr, "warning: tagger: 2 unknown tags") || !strings.Contains(stderr, "B-CHEM (1)") {
		t.Errorf("stderr: %q", stderr)
	}
	_, _, err = runCLI(t, "", "tag", "--model-cmd", cmd, "--strict-tags", in)
	if err == nil || !strings.Contains(err.Error(), `unknown tag "B-CHEM"`) {
		t.Errorf("--strict-tags: err = %v", err)
	}
}

// TestReadmeModelServerClient runs the Python reference client of the
// README, verbatim, as a model server.
func TestReadmeModelServerClient(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(readme), "<!-- file: client.py -->\n```python\n")
	client, _, ok2 := strings.Cut(rest, "```\n")
	if !ok || !ok2 {
		t.Fatal("README: no Python client after <!-- file: client.py -->")
	}
	script := writeTemp(t, "client.py", client)
	gold := writeTemp(t, "gold.tsv", "Aspirin\tB-Chemical\ncauses\tO\nulcers\tB-Disease\n\nLithium\tB-Chemical\nworks\tO\n")
	out := filepath.Join(t.TempDir(), "pred.tsv")
	_, stderr, err := runCLI(t, "", "tag", "--model-server", shellQuoteArgs(py, script), "--timeout", "1m", "-o", out, gold)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if got, _ := os.ReadFile(out); string(got) != "Aspirin\tB-Chemical\ncauses\tO\nulcers\tO\n\nLithium\tB-Chemical\nworks\tO\n" {
		t.Errorf("predictions:\n%s", got)
	}
	if !strings.Contains(stderr, "[tagger] model loaded") {
		t.Errorf("the client's stderr did not come through: %q", stderr)
	}
}

// attack --scheme iobes: the IOBES input gives the IOBES form of the
// IOB2 attack, byte for byte, and a change log that says so; without
// --scheme the IOBES file is refused at its line.
func TestAttackScheme(t *testing.T) {
	gold, model := attackFixture(t)
	dir := t.TempDir()
	data, err := os.ReadFile(gold)
	if err != nil {
		t.Fatal(err)
	}
	iobes := filepath.Join(dir, "gold_iobes.tsv")
	os.WriteFile(iobes, []byte(toIOBES(t, string(data))), 0o644)
	adv2, adv := filepath.Join(dir, "adv2.tsv"), filepath.Join(dir, "adv.tsv")
	log := filepath.Join(dir, "adv.log")
	if _, stderr, err := runCLI(t, "", "attack", "--model", model, "--max-words", "1", "-o", adv2, gold); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if _, stderr, err := runCLI(t, "", "attack", "--model", model, "--max-words", "1", "--scheme", "iobes",
		"-o", adv, "--log", log, iobes); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	want, _ := os.ReadFile(adv2)
	got, _ := os.ReadFile(adv)
	if string(got) != toIOBES(t, string(want)) {
		t.Error("the IOBES attack is not the IOBES form of the IOB2 attack")
	}
	if l, _ := os.ReadFile(log); !strings.Contains(strings.SplitN(string(l), "\n", 2)[0], "scheme") {
		t.Error("the change log does not record the scheme")
	}
	code, msg := cliStatus(t, "attack", "--model", model, "-o", filepath.Join(dir, "x.tsv"), iobes)
	if code != 1 || !strings.Contains(msg, "gold_iobes.tsv:") {
		t.Errorf("IOBES attack without --scheme: exit %d, %q", code, msg)
	}
}
