package cli

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

type testOptions struct {
	name    string
	on      bool
	n       int
	seed    uint64
	rate    float64
	wait    time.Duration
	many    []string
	list    []string
	choice  string
	format  int
	checked bool
}

// parseLevel parses "low" or "high": a parser of the kind Parsed takes.
func parseLevel(s string) (int, error) {
	switch s {
	case "low":
		return 1, nil
	case "high":
		return 2, nil
	}
	return 0, fmt.Errorf("unknown level %q", s)
}

func bindTest(f *Flags, o *testOptions) {
	f.String(&o.name, "name", "n", "x", "a string")
	f.Bool(&o.on, "on", "", false, "a bool")
	f.IntIn(&o.n, "n", 3, 1, 5, "an int in [1, 5]")
	f.Uint64(&o.seed, "seed", 1, "a seed")
	f.Float64(&o.rate, "rate", 0.5, "a float")
	f.Duration(&o.wait, "wait", 0, "a duration")
	f.Strings(&o.many, "many", "repeatable")
	f.List(&o.list, "list", "a,b", "a list")
	f.Enum(&o.choice, "choice", "", "one", []string{"one", "two"}, "an enum")
	Parsed(f, &o.format, "format", "", "low", parseLevel, "a parsed value")
	f.Check("rate", func() error {
		o.checked = true
		return nil
	})
}

func parseTest(t *testing.T, args ...string) (*testOptions, error) {
	t.Helper()
	f := NewFlags("test")
	o := &testOptions{}
	bindTest(f, o)
	return o, f.Parse(args)
}

func TestFlagsDefaults(t *testing.T) {
	o, err := parseTest(t)
	if err != nil {
		t.Fatal(err)
	}
	if o.name != "x" || o.on || o.n != 3 || o.seed != 1 || o.rate != 0.5 || o.wait != 0 || o.many != nil ||
		strings.Join(o.list, ",") != "a,b" || o.choice != "one" || o.format != 1 || !o.checked {
		t.Errorf("defaults: %+v", o)
	}
}

func TestFlagsValues(t *testing.T) {
	o, err := parseTest(t, "-n", "y", "--on", "--n", "5", "--seed", "9", "--rate", "0.25", "--wait", "2s",
		"--many", "a,b", "--many", "c", "--list", "c,,d", "--list", "e", "--choice", "two", "--format", "high")
	if err != nil {
		t.Fatal(err)
	}
	if o.name != "y" || !o.on || o.n != 5 || o.seed != 9 || o.rate != 0.25 || o.wait != 2*time.Second ||
		strings.Join(o.many, "|") != "a,b|c" || strings.Join(o.list, ",") != "c,d,e" || o.choice != "two" ||
		o.format != 2 {
		t.Errorf("values: %+v", o)
	}
}

func TestFlagsErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--n", "0"}, "--n: 0: must be at least 1"},
		{[]string{"--n", "6"}, "--n: 6: must be at most 5"},
		{[]string{"--n", "x"}, `--n "x": not a whole number`},
		{[]string{"--n", "1e8"}, `--n "1e8": not a whole number`},
		{[]string{"--n", "99999999999999999999"}, `--n "99999999999999999999": out of range`},
		{[]string{"--wait", "-1s"}, "--wait: -1s: must not be negative"},
		{[]string{"--choice", "three"}, `unknown --choice "three" (want one, two)`},
		{[]string{"--format", "xml"}, `--format "xml": unknown level "xml"`},
		{[]string{"--nope"}, "unknown flag: --nope"},
	}
	for _, tt := range tests {
		_, err := parseTest(t, tt.args...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want it to contain %q", tt.args, err, tt.want)
		}
		if err != nil && strings.Contains(err.Error(), "strconv") {
			t.Errorf("%q: error %v names Go's strconv", tt.args, err)
		}
	}
}

// TestFlagCollision checks that a flag defined twice, say an option two
// perturbation kinds share, panics when the command's flags are bound
// (ParseDefaults, which a test runs over every command) rather than
// silently sharing one value.
func TestFlagCollision(t *testing.T) {
	cs := &Set{Prog: "test"}
	defer func() {
		if recover() == nil {
			t.Error("binding a command with a flag defined twice did not panic")
		}
	}()
	cs.Add(&Command{Name: "dup", Bind: Bind(func(f *Flags, o *testOptions) {
		f.String(&o.name, "layout", "", "", "one kind's option")
		f.String(&o.choice, "layout", "", "", "another kind's option")
	}, func(context.Context, *Env, *testOptions, []string) error { return nil })})
	_ = cs.ParseDefaults("dup")
}

// TestInputs: the files of the flags declared with Input, each value of
// a list or repeatable flag, through the flag's own reading of a value.
func TestInputs(t *testing.T) {
	f := NewFlags("x")
	var one, other string
	var list, many []string
	f.String(&one, "key", "", "", "")
	f.Input("key", nil)
	f.String(&other, "name", "", "", "")
	f.List(&list, "unseen-in", "", "")
	f.Input("unseen-in", nil)
	f.Strings(&many, "model", "")
	f.Input("model", func(v string) []string {
		if _, file, ok := strings.Cut(v, "="); ok {
			return []string{file}
		}
		return nil
	})
	if err := f.Parse([]string{"--key", "k.tsv", "--name", "n", "--unseen-in", "a.tsv,b.tsv", "--model", "m=m.bin", "--model", "bare"}); err != nil {
		t.Fatal(err)
	}
	if got, want := f.Inputs(), []string{"k.tsv", "a.tsv", "b.tsv", "m.bin"}; !slices.Equal(got, want) {
		t.Errorf("Inputs = %q, want %q", got, want)
	}
	if !f.IsInput("key") || f.IsInput("name") {
		t.Error("IsInput")
	}
	defer func() {
		if recover() == nil {
			t.Error("Input of a flag not bound does not panic")
		}
	}()
	f.Input("nope", nil)
}

// TestOutput: "-" is standard output ("") for an output flag whose
// default is standard output, a usage error naming the flag for the
// others, and any other value is kept as given.
func TestOutput(t *testing.T) {
	for _, tc := range []struct {
		args          []string
		stdout        bool
		want, wantErr string
	}{
		{args: []string{"-o", "-"}, stdout: true, want: ""},
		{args: []string{"--out=-"}, stdout: true, want: ""},
		{args: []string{"-o", "x.tsv"}, stdout: true, want: "x.tsv"},
		{args: nil, stdout: true, want: ""},
		{args: []string{"-o", "./-"}, stdout: true, want: "./-"},
		{args: []string{"-o", "-"}, wantErr: "--out: - (standard output) cannot take this output: give a path"},
		{args: []string{"-o", "x.tsv"}, want: "x.tsv"},
		{args: []string{"-o", "./-"}, want: "./-"},
	} {
		f := NewFlags("x")
		var out string
		f.String(&out, "out", "o", "", "")
		f.Output("out", tc.stdout)
		err := f.Parse(tc.args)
		switch {
		case tc.wantErr != "":
			if err == nil || err.Error() != tc.wantErr || !errors.Is(err, ErrStdout) {
				t.Errorf("%q (stdout %v): error %v, want %q", tc.args, tc.stdout, err, tc.wantErr)
			}
		case err != nil:
			t.Errorf("%q (stdout %v): %v", tc.args, tc.stdout, err)
		case out != tc.want:
			t.Errorf("%q (stdout %v): value %q, want %q", tc.args, tc.stdout, out, tc.want)
		}
	}
	for name, bind := range map[string]func(f *Flags){
		"not bound":    func(f *Flags) { f.Output("nope", false) },
		"not a string": func(f *Flags) { var n int; f.Int(&n, "n", 0, ""); f.Output("n", false) },
		"a default":    func(f *Flags) { var s string; f.String(&s, "s", "", "out.tsv", ""); f.Output("s", true) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Output of a flag %s does not panic", name)
				}
			}()
			bind(NewFlags("x"))
		}()
	}
}
