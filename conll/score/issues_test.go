package score

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

	"github.com/stress-ner/stress/conll"
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
		got := Counts{GoldIssues: tt.gold, PredIssues: tt.pred}.IssueWarnings(tt.mode, "--mode strict")
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
	got := Counts{GoldIssues: iob.Issues{IStarts: 1}}.IssueWarnings(ModeConlleval, "")
	if want := "(conlleval counts them as entity starts)"; len(got) != 1 || !strings.HasSuffix(got[0], want) {
		t.Errorf("without a way to the strict mode: %q, want one line ending %q", got, want)
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
	for _, tt := range []struct {
		name, file string
		stdin      []byte
		err        error
	}{
		{"plain", plain, nil, nil},
		{"gzipped", gz, nil, nil},
		{"stdin", "-", []byte(text), nil},
		{"gzipped stdin", "-", zb.Bytes(), nil},
		{"no stdin", "-", nil, conll.ErrNoStdin},
		{"missing", filepath.Join(dir, "none.txt"), nil, fs.ErrNotExist},
	} {
		var e Evaluator
		if tt.stdin != nil {
			e.Opener.Stdin = bytes.NewReader(tt.stdin)
		}
		got, err := e.EvaluateFile(tt.file)
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
	var pe *conll.ParseError
	if _, err := (&Evaluator{}).EvaluateFile(bad); !errors.As(err, &pe) || pe.File != bad || pe.Line != 2 {
		t.Errorf("bad input: %v, want %s:2", err, bad)
	}
}

func TestEvalOptionsParseScheme(t *testing.T) {
	bilou, _ := ParseStrictScheme("bilou")
	for _, tt := range []struct {
		mode    Mode
		name    string
		from    iob.Scheme
		convert bool
		strict  StrictScheme // o.Scheme after
		err     bool
	}{
		{ModeConlleval, "iobes", iob.IOBES, true, 0, false},
		{ModeConlleval, "iob1", iob.IOB1, true, 0, false},
		{ModeSemEval, "iob2", iob.IOB2, true, 0, false},
		{ModeStrict, "bilou", 0, false, bilou, false},
		{ModeConlleval, "bilou", 0, false, 0, true}, // converted from iob1, iob2 or iobes only
		{ModeStrict, "bioes2", 0, false, 0, true},
	} {
		o := EvalOptions{Mode: tt.mode}
		from, convert, err := o.ParseScheme(tt.name)
		if (err != nil) != tt.err {
			t.Errorf("%v %q: error %v, want error %v", tt.mode, tt.name, err, tt.err)
			continue
		}
		if err == nil && (from != tt.from || convert != tt.convert || o.Scheme != tt.strict) {
			t.Errorf("%v %q = %v, %v, strict %v; want %v, %v, strict %v", tt.mode, tt.name, from, convert, o.Scheme, tt.from, tt.convert, tt.strict)
		}
	}
}

// TestWriteResult checks that WriteResult writes what the writer of its
// mode and format does.
func TestWriteResult(t *testing.T) {
	sc := NewScorer(EvalOptions{})
	if err := sc.Add([]string{"B-X", "I-X", "O", "B-Y"}, []string{"B-X", "O", "O", "B-Y"}); err != nil {
		t.Fatal(err)
	}
	c := sc.Counts()
	sem := NewScorer(EvalOptions{Mode: ModeSemEval})
	if err := sem.Add([]string{"B-X", "I-X", "O", "B-Y"}, []string{"B-X", "O", "O", "B-Y"}); err != nil {
		t.Fatal(err)
	}
	direct := func(f func(io.Writer) error) string {
		var b bytes.Buffer
		if err := f(&b); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	for _, tt := range []struct {
		mode   Mode
		format string
		latex  bool
		want   string
	}{
		{ModeConlleval, "text", false, direct(func(w io.Writer) error { return WriteReport(w, c) })},
		{ModeConlleval, "text", true, direct(func(w io.Writer) error { return writeReport(w, c, true) })},
		{ModeStrict, "json", false, direct(func(w io.Writer) error { return writeScores(w, c, "json", EvalOptions{Mode: ModeStrict}) })},
		{ModeConlleval, "csv", true, direct(func(w io.Writer) error { return writeScores(w, c, "csv", EvalOptions{}) })}, // latex is for text
		{ModeSemEval, "text", false, direct(func(w io.Writer) error { return writeSemEval(w, sem.SemEval(), "text") })},
		{ModeSemEval, "markdown", false, direct(func(w io.Writer) error { return writeSemEval(w, sem.SemEval(), "markdown") })},
	} {
		var b bytes.Buffer
		if err := WriteResult(&b, c, sem.SemEval(), EvalOptions{Mode: tt.mode}, tt.format, tt.latex); err != nil {
			t.Fatal(err)
		}
		if b.String() != tt.want {
			t.Errorf("%v %s latex %v: wrote\n%s\nwant\n%s", tt.mode, tt.format, tt.latex, b.String(), tt.want)
		}
	}
	if err := WriteResult(io.Discard, c, sem.SemEval(), EvalOptions{}, "yaml", false); err == nil {
		t.Error("unknown format: no error")
	}
}
