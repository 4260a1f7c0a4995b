package stressset

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/compare"
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
		got, err := ParsePredictions(tt.in)
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
// text, and that only a text with a name, "=" and a directory parses.
func FuzzParsePredictions(f *testing.F) {
	for _, tt := range predictionsCases {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePredictions(s)
		name, dir, ok := strings.Cut(s, "=")
		if valid := ok && name != "" && dir != ""; valid != (err == nil) {
			t.Fatalf("ParsePredictions(%q): %v", s, err)
		}
		if err == nil && p.System+"="+p.Dir != s {
			t.Fatalf("ParsePredictions(%q) = %+v", s, p)
		}
	})
}

func TestInputError(t *testing.T) {
	for _, tt := range []struct {
		err  InputError
		want string
	}{
		{InputError{Dir: "out", Inputs: []string{"a", "b"}}, "bad input: build out has several inputs (a, b)"},
		{InputError{Dir: "out", Name: "c", Inputs: []string{"a", "b"}}, `bad input: build out has no input "c" (it has a, b)`},
	} {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.err, got, tt.want)
		}
		if !errors.Is(&tt.err, ErrInput) {
			t.Errorf("%+v is not ErrInput", tt.err)
		}
	}
}

// TestAddDirTo compares a system that copies the gold on one input of a
// two-input build, and checks the errors of a wrong input or directory.
func TestAddDirTo(t *testing.T) {
	paths := testInputs(t, 10)
	plan := testPlan(t, paths)
	if _, err := Run(context.Background(), plan); err != nil {
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
		c := compare.New()
		c.Samples = 0
		err := AddDirTo(c, tt.dir, tt.input, preds)
		var ie *InputError
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
