package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScoreSemEvalFormats compares the four renderings of --mode semeval
// with golden files (go test -run SemEvalFormats -update-score); the
// input is the SemEval-2013 scenario table plus a shifted entity.
func TestScoreSemEvalFormats(t *testing.T) {
	input := filepath.Join("testdata", "score", "semeval.txt")
	for _, format := range []string{"text", "json", "markdown", "csv"} {
		stdout, stderr, code := scoreCLI(t, nil, "score", "--mode", "semeval", "--format", format, input)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", format, code, stderr)
		}
		golden := filepath.Join("testdata", "score", "semeval."+format+".golden")
		if *updateScore {
			if err := os.WriteFile(golden, []byte(stdout), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run with -update-score)", err)
		}
		if stdout != string(want) {
			t.Errorf("%s report differs from %s:\n%s", format, golden, stdout)
		}
	}
	// The JSON shape: for each mode an object with nervaluate's fields,
	// per type under the type's name.
	stdout, _, _ := scoreCLI(t, nil, "score", "--mode", "semeval", "--format", "json", input)
	var rep struct {
		Overall map[string]map[string]float64
		Types   map[string]map[string]map[string]float64
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	// Scenarios III II V IV I VI and a shifted PER: strict has phenytoin
	// right, four overlaps wrong, tikosyn missed and "healthy" spurious.
	want := map[string]float64{"correct": 1, "incorrect": 4, "partial": 0, "missed": 1, "spurious": 1, "possible": 6, "actual": 6}
	for k, v := range want {
		if rep.Overall["strict"][k] != v {
			t.Errorf("strict %s = %v, want %v", k, rep.Overall["strict"][k], v)
		}
	}
	if p := rep.Overall["partial"]; p["partial"] != 3 || p["precision"] != (2+0.5*3)/6.0 {
		t.Errorf("partial %v", p)
	}
	if d := rep.Types["DRUG"]["ent_type"]; d["correct"] != 2 || d["spurious"] != 1 || d["missed"] != 1 {
		t.Errorf("DRUG ent_type %v", d)
	}
}

// TestScoreStrictSchemes: --scheme picks seqeval's reading in strict
// mode, and tags seqeval refuses are refused with file, line and column.
func TestScoreStrictSchemes(t *testing.T) {
	for _, tc := range []struct {
		in, scheme, want string
	}{
		// Untyped tags are entities of type "_".
		{"a B B\nb I I\n", "iob2", "processed 2 tokens with 1 phrases; found: 1 phrases; correct: 1."},
		// A lone B- is no IOBES entity; S- is.
		{"a B-X B-X\nb O O\nc S-X S-X\n", "iobes", "processed 3 tokens with 1 phrases; found: 1 phrases; correct: 1."},
		// IOB1: I- after O starts an entity, B- only after the same type.
		{"a I-X I-X\nb B-X I-X\n", "iob1", "processed 2 tokens with 2 phrases; found: 1 phrases; correct: 0."},
		{"a I-X I-X\nb E-X E-X\n", "ioe1", "processed 2 tokens with 0 phrases; found: 0 phrases; correct: 0."},
		{"a I-X I-X\nb E-X E-X\n", "ioe2", "processed 2 tokens with 1 phrases; found: 1 phrases; correct: 1."},
		{"a B-X B-X\nb L-X I-X\n", "bilou", "processed 2 tokens with 1 phrases; found: 0 phrases; correct: 0."},
	} {
		stdout, stderr, code := scoreCLI(t, []byte(tc.in), "score", "--mode", "strict", "--scheme", tc.scheme)
		if code != 0 || !strings.HasPrefix(stdout, tc.want) {
			t.Errorf("%s %q: exit %d %s\n%s", tc.scheme, tc.in, code, stderr, stdout)
		}
	}
	// IOBES tags under IOB2: seqeval raises, stress refuses.
	stdout, stderr, code := scoreCLI(t, []byte("a B-PER B-PER\nb E-PER E-PER\nc S-PER S-PER\n"), "score", "--mode", "strict")
	if code == 0 || stdout != "" || !strings.Contains(stderr, "-:2: gold token 2: tag not allowed by the scheme \"E-PER\" (scheme iob2)") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	dir := t.TempDir()
	gold := writeScoreFile(t, dir, "gold.tsv", "a\tO\nb\tB-X\n")
	pred := writeScoreFile(t, dir, "pred.tsv", "a\tO\nb\tS-X\n")
	stdout, stderr, code = scoreCLI(t, nil, "score", "--mode", "strict", "--scheme", "ioe2", "--gold", gold, "--pred", pred)
	if code == 0 || stdout != "" || !strings.Contains(stderr, "gold.tsv:2 and ") || !strings.Contains(stderr, "gold token 2") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	// nervaluate refuses what is not O, B- or I-.
	_, stderr, code = scoreCLI(t, []byte("a S-X O\n"), "score", "--mode", "semeval")
	if code == 0 || !strings.Contains(stderr, "-:1:") {
		t.Errorf("semeval S-: exit %d %q", code, stderr)
	}
	if _, stderr, code = scoreCLI(t, nil, "score", "--mode", "strict", "--scheme", "bio"); code != 2 || !strings.Contains(stderr, "unknown scheme") {
		t.Errorf("bad scheme: exit %d %q", code, stderr)
	}
}
