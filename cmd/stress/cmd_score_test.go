package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var updateScore = flag.Bool("update-score", false, "rewrite testdata/score golden files")

const conllevalDir = "../../conll/score/testdata/conlleval"

// scoreCLI runs "stress ARGS" in-process and returns stdout, stderr and
// the exit status main would use.
func scoreCLI(t *testing.T, stdin []byte, args ...string) (string, string, int) {
	t.Helper()
	out, stderr, err := runCLIReader(t, bytes.NewReader(stdin), args...)
	errb := bytes.NewBufferString(stderr)
	code := exitCode(err, errb)
	return out, errb.String(), code
}

type manifestRow struct {
	name      string
	args      []string
	rc, rawRC int
}

func readScoreManifest(t *testing.T) []manifestRow {
	f, err := os.Open(filepath.Join(conllevalDir, "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.Comma = '\t'
	r.LazyQuotes = true
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var out []manifestRow
	for _, row := range rows[1:] {
		m := manifestRow{name: row[0], rawRC: -1}
		if err := json.Unmarshal([]byte(row[1]), &m.args); err != nil {
			t.Fatal(err)
		}
		m.rc, _ = strconv.Atoi(row[2])
		if row[3] != "-" {
			m.rawRC, _ = strconv.Atoi(row[3])
		}
		out = append(out, m)
	}
	return out
}

// TestScoreConllevalCases runs "stress score" over every conlleval
// reference case, from a file and from stdin, plain and with -r: stdout
// must be conlleval's byte for byte, and refusals must have its exit
// status, an empty stdout and a one-line message naming file and line.
func TestScoreConllevalCases(t *testing.T) {
	for _, m := range readScoreManifest(t) {
		t.Run(m.name, func(t *testing.T) {
			input := filepath.Join(conllevalDir, m.name+".txt")
			if m.name == "bc5cdr-test-seed1" {
				input += ".gz"
			}
			type runCase struct {
				args []string
				out  string
				rc   int
			}
			runs := []runCase{{m.args, ".out", m.rc}}
			if m.rawRC >= 0 {
				runs = append(runs, runCase{append(append([]string{}, m.args...), "-r"), ".raw.out", m.rawRC})
			}
			for _, rc := range runs {
				want, err := os.ReadFile(filepath.Join(conllevalDir, m.name+rc.out))
				if err != nil {
					t.Fatal(err)
				}
				args := append([]string{"score"}, rc.args...)
				stdout, stderr, code := scoreCLI(t, nil, append(args, input)...)
				if code != rc.rc {
					t.Errorf("%v: exit %d, conlleval %d\n%s", rc.args, code, rc.rc, stderr)
				}
				if stdout != string(want) {
					t.Errorf("%v: stdout differs from conlleval\n got:\n%s\nwant:\n%s", rc.args, stdout, want)
				}
				if code != 0 && (!strings.HasPrefix(stderr, "stress: "+input+":1: ") || strings.Count(stderr, "\n") != 1) {
					t.Errorf("%v: refusal message %q is not one line with file:line", rc.args, stderr)
				}
				if strings.HasSuffix(input, ".txt") {
					data, err := os.ReadFile(input)
					if err != nil {
						t.Fatal(err)
					}
					stdout2, _, code2 := scoreCLI(t, data, args...)
					if stdout2 != stdout || code2 != code {
						t.Errorf("%v: stdin run differs from file run", rc.args)
					}
				}
			}
		})
	}
}

func TestScoreErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		input string
		args  []string
		code  int
		want  string
	}{
		{"missing tag column", "a B-X B-X\nb O\n", nil, 1, "-:2: unexpected number of features: 2 (3)"},
		{"one column", "a\n", nil, 255, "-:1: too few features"},
		{"bad scheme tag", "a S-X S-X\n", []string{"--scheme", "iob2"}, 1, `-:1: invalid tag "S-X" for scheme iob2`},
		{"unknown format", "", []string{"--format", "xml"}, 2, "unknown --format"},
		{"unknown mode", "", []string{"--mode", "lenient"}, 2, "unknown scoring mode"},
		{"unknown scheme", "", []string{"--scheme", "iob3"}, 2, "unknown tag scheme"},
		{"latex json", "", []string{"-l", "--format", "json"}, 2, "-l needs --format text"},
		{"gold without pred", "", []string{"--gold", "x"}, 2, "--gold and --pred go together"},
	} {
		stdout, stderr, code := scoreCLI(t, []byte(tc.input), append([]string{"score"}, tc.args...)...)
		if code != tc.code || !strings.Contains(stderr, tc.want) || stdout != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit %d and %q", tc.name, code, stdout, stderr, tc.code, tc.want)
		}
	}
}

func TestScoreNonUTF8AndEmpty(t *testing.T) {
	// conlleval accepts any bytes and an empty file; so do we, identically.
	stdout, _, code := scoreCLI(t, []byte("caf\xe9 B-X\xff B-X\xff\n"), "score")
	want := "processed 1 tokens with 1 phrases; found: 1 phrases; correct: 1.\n" +
		"accuracy: 100.00%; precision: 100.00%; recall: 100.00%; FB1: 100.00\n" +
		"               X\xff: precision: 100.00%; recall: 100.00%; FB1: 100.00  1\n"
	if code != 0 || stdout != want {
		t.Errorf("non-UTF-8: exit %d, got %q; want %q", code, stdout, want)
	}
	stdout, _, code = scoreCLI(t, nil, "score")
	if code != 0 || stdout != "processed 0 tokens with 0 phrases; found: 0 phrases; correct: 0.\n" {
		t.Errorf("empty: exit %d, got %q", code, stdout)
	}
}

func TestScoreWarnings(t *testing.T) {
	_, stderr, code := scoreCLI(t, []byte("a I-X I-X\nb I-Y B-Y\n\nc O O\n"), "score")
	if code != 0 || !strings.Contains(stderr, "gold has 1 I- tag(s) starting an entity and 1 type change(s)") ||
		!strings.Contains(stderr, "prediction has 1 I- tag(s) starting an entity and 0 type change(s)") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	_, stderr, _ = scoreCLI(t, []byte("a B-X B-X\nb I-X I-X\n"), "score")
	if stderr != "" {
		t.Errorf("valid IOB2 gave warnings: %q", stderr)
	}
}

func TestScoreSchemeAndMode(t *testing.T) {
	iobes := filepath.Join(conllevalDir, "iobes-identical.txt")
	// conlleval mis-reads S- (see the .out); converted, every entity counts.
	stdout, _, code := scoreCLI(t, nil, "score", "--scheme", "iobes", iobes)
	if code != 0 || !strings.Contains(stdout, "FB1: 100.00") {
		t.Fatalf("exit %d:\n%s", code, stdout)
	}
	data, _ := os.ReadFile(iobes)
	spans := 0
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) == 3 && (strings.HasPrefix(f[1], "B-") || strings.HasPrefix(f[1], "S-")) {
			spans++
		}
	}
	if !strings.Contains(stdout, " with "+strconv.Itoa(spans)+" phrases;") {
		t.Errorf("--scheme iobes: want %d phrases:\n%s", spans, stdout)
	}
	// Strict mode does not count entities that start with I-.
	in := []byte("a B-X I-X\nb I-X I-X\n\nc O I-Y\n")
	conl, _, _ := scoreCLI(t, in, "score")
	strict, _, _ := scoreCLI(t, in, "score", "--mode", "strict")
	if !strings.HasPrefix(conl, "processed 3 tokens with 1 phrases; found: 2 phrases; correct: 1.") ||
		!strings.HasPrefix(strict, "processed 3 tokens with 1 phrases; found: 0 phrases; correct: 0.") {
		t.Errorf("conlleval:\n%s\nstrict:\n%s", conl, strict)
	}
}

func writeScoreFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestScoreGoldPred(t *testing.T) {
	dir := t.TempDir()
	gold := writeScoreFile(t, dir, "gold.tsv", "Aspirin\tB-Chemical\ncauses\tO\nliver\tB-Disease\ndamage\tI-Disease\n\nNo\tO\n")
	pred := writeScoreFile(t, dir, "pred.tsv", "Aspirin\tB-Chemical\ncauses\tO\nliver\tO\ndamage\tB-Disease\n\nNo\tO\n")
	// The same pair in conlleval format must give the same report.
	joined := "Aspirin B-Chemical B-Chemical\ncauses O O\nliver B-Disease O\ndamage I-Disease B-Disease\n\nNo O O\n"
	want, _, _ := scoreCLI(t, []byte(joined), "score")
	got, stderr, code := scoreCLI(t, nil, "score", "--gold", gold, "--pred", pred)
	if code != 0 || got != want {
		t.Errorf("exit %d %s\ngot:\n%s\nwant:\n%s", code, stderr, got, want)
	}
	for _, tc := range []struct {
		name, pred, want string
	}{
		{"fewer sentences", "Aspirin\tB-Chemical\ncauses\tO\nliver\tO\ndamage\tB-Disease\n",
			"gold.tsv:6: corpora do not align: sentence 2 has no counterpart in " + filepath.Join(dir, "bad.tsv")},
		{"fewer tokens", "Aspirin\tB-Chemical\ncauses\tO\nliver\tO\n\nNo\tO\n",
			"gold.tsv:1 and " + filepath.Join(dir, "bad.tsv") + ":1: corpora do not align: sentence 1 has 4 tokens"},
		{"other token", "Aspirin\tB-Chemical\ncauses\tO\nliver\tO\ndamage\tO\n\nYes\tO\n",
			"gold.tsv:6 and " + filepath.Join(dir, "bad.tsv") + `:6: corpora do not align: token "No"`},
	} {
		bad := writeScoreFile(t, dir, "bad.tsv", tc.pred)
		stdout, stderr, code := scoreCLI(t, nil, "score", "--gold", gold, "--pred", bad)
		if code != 1 || stdout != "" || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%s: exit %d, stderr %q; want %q", tc.name, code, stderr, tc.want)
		}
	}
}

// TestScoreFormats compares the json, markdown and csv reports of a
// reference case with golden files (go test -run ScoreFormats -update-score).
func TestScoreFormats(t *testing.T) {
	input := filepath.Join(conllevalDir, "basic-mixed.txt")
	for _, format := range []string{"json", "markdown", "csv"} {
		stdout, stderr, code := scoreCLI(t, nil, "score", "--format", format, input)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", format, code, stderr)
		}
		golden := filepath.Join("testdata/score", "basic-mixed."+format)
		if *updateScore {
			if err := os.WriteFile(golden, []byte(stdout), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if stdout != string(want) {
			t.Errorf("%s report differs from %s:\n%s", format, golden, stdout)
		}
	}
	// The JSON figures are the text report's.
	stdout, _, _ := scoreCLI(t, nil, "score", "--format", "json", input)
	var rep struct {
		Accuracy float64
		Overall  struct{ Precision, Recall, F1 float64 }
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	text, _, _ := scoreCLI(t, nil, "score", input)
	line := strings.Split(text, "\n")[1]
	want := "accuracy: " + pct(rep.Accuracy) + "%; precision: " + pct(rep.Overall.Precision) + "%; recall: " + pct(rep.Overall.Recall) + "%; FB1: " + pct(rep.Overall.F1)
	if line != want {
		t.Errorf("text %q, json %q", line, want)
	}
}

func pct(v float64) string {
	s := strconv.FormatFloat(v, 'f', 2, 64)
	return strings.Repeat(" ", max(0, 6-len(s))) + s
}
