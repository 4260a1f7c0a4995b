package conll

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/iob"
)

func TestIssueWarnings(t *testing.T) {
	const entity = "1 I- tag(s) starting an entity and 2 type change(s) inside an entity"
	for _, tt := range []struct {
		name       string
		gold, pred iob.Issues
		mode       Mode
		want       []string
	}{
		{"none", iob.Issues{}, iob.Issues{}, ModeConlleval, nil},
		{"gold", iob.Issues{IStarts: 1, TypeChanges: 2}, iob.Issues{}, ModeConlleval,
			[]string{"gold has " + entity + " (conlleval counts them as entity starts; see --mode strict)"}},
		{"prediction, semeval", iob.Issues{}, iob.Issues{IStarts: 1, TypeChanges: 2}, ModeSemEval,
			[]string{"prediction has " + entity + " (conlleval counts them as entity starts; see --mode strict)"}},
		{"both, strict", iob.Issues{IStarts: 1, TypeChanges: 2}, iob.Issues{TypeChanges: 3}, ModeStrict, []string{
			"gold has " + entity + " (strict mode does not count them as entities)",
			"prediction has 0 I- tag(s) starting an entity and 3 type change(s) inside an entity (strict mode does not count them as entities)"}},
	} {
		got := Counts{GoldIssues: tt.gold, PredIssues: tt.pred}.IssueWarnings(tt.mode)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestEvaluateFile(t *testing.T) {
	const text = "a B-X B-X\nb I-X O\n\nc O B-Y\n"
	dir := t.TempDir()
	plain, gz := filepath.Join(dir, "in.txt"), filepath.Join(dir, "in.txt.gz")
	var zb bytes.Buffer
	zw := gzip.NewWriter(&zb)
	zw.Write([]byte(text))
	zw.Close()
	if err := os.WriteFile(plain, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(gz, zb.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := NewEvaluator(strings.NewReader(text)).Evaluate()
	if err != nil {
		t.Fatal(err)
	}
	defer func(old io.Reader) { Stdin = old }(Stdin)
	for _, tt := range []struct {
		name, file string
		stdin      []byte
		err        error
	}{
		{"plain", plain, nil, nil},
		{"gzipped", gz, nil, nil},
		{"stdin", "-", []byte(text), nil},
		{"gzipped stdin", "-", zb.Bytes(), nil},
		{"no stdin", "-", nil, ErrNoStdin},
		{"missing", filepath.Join(dir, "none.txt"), nil, fs.ErrNotExist},
	} {
		Stdin = nil
		if tt.stdin != nil {
			Stdin = bytes.NewReader(tt.stdin)
		}
		got, err := (&Evaluator{}).EvaluateFile(tt.file)
		if tt.err != nil {
			if !errors.Is(err, tt.err) || !strings.Contains(err.Error(), tt.file) {
				t.Errorf("%s: error %v, want %v naming %s", tt.name, err, tt.err, tt.file)
			}
			continue
		}
		if err != nil || got.Tokens != want.Tokens || got.CorrectTags != want.CorrectTags || got.Types["X"] != want.Types["X"] || got.Types["Y"] != want.Types["Y"] {
			t.Errorf("%s: %+v, %v; want %+v", tt.name, got, err, want)
		}
	}
	// Errors of the input name the file, as Evaluate's do with File set.
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("a B-X B-X\nb O\n"), 0o644)
	var pe *ParseError
	if _, err := (&Evaluator{}).EvaluateFile(bad); !errors.As(err, &pe) || pe.File != bad || pe.Line != 2 {
		t.Errorf("bad input: %v, want %s:2", err, bad)
	}
}
