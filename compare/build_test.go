package compare

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/sample"
	"github.com/stress-ner/stress/stressset"
)

// predictionsCases are the table of TestParsePredictions and the seeds
// of FuzzParsePredictions.
var predictionsCases = []struct {
	in   string
	want Predictions
	err  bool
}{
	{"sys=dir/x", Predictions{System: "sys", Dir: "dir/x"}, false},
	{"sys=a=b", Predictions{System: "sys", Dir: "a=b"}, false},
	{"sys", Predictions{}, true},
	{"=dir", Predictions{}, true},
	{"sys=", Predictions{}, true},
}

func TestParsePredictions(t *testing.T) {
	for _, tt := range predictionsCases {
		got, err := parsePredictions(tt.in)
		if tt.err {
			if err == nil || err.Error() != "want NAME=VALUE" {
				t.Errorf("%q: error %v, want NAME=VALUE", tt.in, err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("%q = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
	}
}

// FuzzParsePredictions checks that parsed predictions give back their
// text, and that only a text with a name a report can show (CheckName),
// "=" and a directory parses.
func FuzzParsePredictions(f *testing.F) {
	for _, tt := range predictionsCases {
		f.Add(tt.in)
	}
	f.Add("\xd8=0") // a name that is not UTF-8
	f.Fuzz(func(t *testing.T, s string) {
		p, err := parsePredictions(s)
		name, dir, ok := strings.Cut(s, "=")
		if valid := ok && name != "" && dir != "" && CheckName("system", name) == nil; valid != (err == nil) {
			t.Fatalf("parsePredictions(%q): %v", s, err)
		}
		if err == nil && p.System+"="+p.Dir != s {
			t.Fatalf("parsePredictions(%q) = %+v", s, p)
		}
	})
}

// TestAddBuild compares a system that copies the gold on a build: every
// set is read with its changes, and a system without prediction files
// is an error.
func TestAddBuild(t *testing.T) {
	paths := testInputs(t, 20)
	plan := testPlan(t, paths[:1])
	if _, err := stressset.Run(context.Background(), plan); err != nil {
		t.Fatal(err)
	}
	b, err := stressset.Open(plan.Dir)
	if err != nil {
		t.Fatal(err)
	}
	in, err := b.Input("")
	if err != nil {
		t.Fatal(err)
	}
	pred := t.TempDir()
	for _, f := range []string{paths[0], filepath.Join(plan.Dir, "a_key.tsv"), filepath.Join(plan.Dir, "a_swap.tsv")} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(pred, filepath.Base(f)), data, 0o644)
	}
	c := New()
	c.Samples = 0
	if err := c.AddBuild(b, in, []Predictions{{System: "copy", Dir: pred}}); err != nil {
		t.Fatal(err)
	}
	rep, err := c.Report(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Sets) != 3 || len(rep.Systems) != 1 {
		t.Fatalf("report sets %d, systems %d", len(rep.Sets), len(rep.Systems))
	}
	if len(c.Missing) != 0 {
		t.Errorf("missing %v", c.Missing)
	}
	if err := New().AddBuild(b, in, []Predictions{{System: "none", Dir: t.TempDir()}}); !errors.Is(err, ErrNoData) {
		t.Errorf("a system without prediction files: %v", err)
	}
	// Without the swap set's predictions, the others are scored and the
	// swap set is named.
	os.Remove(filepath.Join(pred, "a_swap.tsv"))
	c = New()
	c.Samples = 0
	if err := c.AddBuild(b, in, []Predictions{{System: "copy", Dir: pred}}); err != nil {
		t.Fatal(err)
	}
	want := []MissingPrediction{{System: "copy", Set: "swap", File: filepath.Join(pred, "a_swap.tsv")}}
	if len(c.Missing) != 1 || c.Missing[0] != want[0] {
		t.Fatalf("missing %v, want %v", c.Missing, want)
	}
	rep, err = c.Report(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if got := len(rep.Systems[0].Results); got != 2 {
		t.Errorf("%d results, want 2 (O and keyboard)", got)
	}
}

// TestAddBuildDir compares a system that copies the gold on one input of a
// two-input build, and checks the errors of a wrong input or directory.
func TestAddBuildDir(t *testing.T) {
	paths := testInputs(t, 10)
	plan := testPlan(t, paths)
	if _, err := stressset.Run(context.Background(), plan); err != nil {
		t.Fatal(err)
	}
	pred := t.TempDir()
	for _, f := range []string{paths[0], filepath.Join(plan.Dir, "a_key.tsv"), filepath.Join(plan.Dir, "a_swap.tsv")} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(pred, filepath.Base(f)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	preds := []Predictions{{System: "copy", Dir: pred}}
	for _, tt := range []struct {
		name, dir, input string
		inputErr         bool   // an *InputError
		msg              string // in the error; "" for none
	}{
		{"named input", plan.Dir, "a", false, ""},
		{"several inputs", plan.Dir, "", true, "has several inputs (a, b)"},
		{"unknown input", plan.Dir, "c", true, `has no input "c"`},
		{"no build", t.TempDir(), "a", false, "open build manifest: "},
	} {
		c := New()
		c.Samples = 0
		err := c.AddBuildDir(tt.dir, tt.input, preds)
		var ie *stressset.InputError
		if errors.As(err, &ie) != tt.inputErr || tt.msg == "" && err != nil || tt.msg != "" && (err == nil || !strings.Contains(err.Error(), tt.msg)) {
			t.Errorf("%s: error %v, want %q (input error %v)", tt.name, err, tt.msg, tt.inputErr)
			continue
		}
		if err != nil {
			continue
		}
		rep, err := c.Report(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Sets) != 3 || len(rep.Systems) != 1 {
			t.Errorf("%s: report sets %d, systems %d; want 3 and 1", tt.name, len(rep.Sets), len(rep.Systems))
		}
	}
}

// testInputs writes two parts of the embedded sample, of n sentences
// each, into a new directory.
func testInputs(t *testing.T, n int) []string {
	t.Helper()
	b, err := io.ReadAll(sample.TestReader())
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.SplitAfter(string(b), "\n\n")
	dir := t.TempDir()
	var paths []string
	for i, name := range []string{"a.tsv", "b.tsv"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(strings.Join(parts[i*n:(i+1)*n], "")), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

// testPlan is a keyboard and swap build of paths.
func testPlan(t *testing.T, paths []string) *stressset.Plan {
	t.Helper()
	inputs, err := stressset.Inputs(paths)
	if err != nil {
		t.Fatal(err)
	}
	kinds := []perturb.ManifestKind{
		{Name: "keyboard", Suffix: "key", Options: map[string]string{"layout": "qwerty"}},
		{Name: "swap", Suffix: "swap", Options: map[string]string{"keep-first": "false", "keep-last": "false"}},
	}
	return &stressset.Plan{Seed: 1, Selection: perturb.DefaultSelection(), Kinds: kinds, Inputs: inputs,
		Dir: t.TempDir(), Workers: 2, Version: "test"}
}
