package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/keyboard"
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
	format  compare.Format
	checked bool
}

func bindTest(f *flags, o *testOptions) {
	f.String(&o.name, "name", "n", "x", "a string")
	f.Bool(&o.on, "on", "", false, "a bool")
	f.IntIn(&o.n, "n", 3, 1, 5, "an int in [1, 5]")
	f.Uint64(&o.seed, "seed", 1, "a seed")
	f.Float64(&o.rate, "rate", 0.5, "a float")
	f.Duration(&o.wait, "wait", 0, "a duration")
	f.Strings(&o.many, "many", "repeatable")
	f.List(&o.list, "list", "a,b", "a list")
	f.Enum(&o.choice, "choice", "", "one", []string{"one", "two"}, "an enum")
	Parsed(f, &o.format, "format", "", "text", compare.ParseFormat, "a parsed value")
	f.Check("rate", func() error {
		o.checked = true
		return nil
	})
}

func parseTest(t *testing.T, args ...string) (*testOptions, error) {
	t.Helper()
	f := newFlags("test")
	o := &testOptions{}
	bindTest(f, o)
	return o, f.parse(args)
}

func TestFlagsDefaults(t *testing.T) {
	o, err := parseTest(t)
	if err != nil {
		t.Fatal(err)
	}
	if o.name != "x" || o.on || o.n != 3 || o.seed != 1 || o.rate != 0.5 || o.wait != 0 || o.many != nil ||
		strings.Join(o.list, ",") != "a,b" || o.choice != "one" || o.format != compare.Text || !o.checked {
		t.Errorf("defaults: %+v", o)
	}
}

func TestFlagsValues(t *testing.T) {
	o, err := parseTest(t, "-n", "y", "--on", "--n", "5", "--seed", "9", "--rate", "0.25", "--wait", "2s",
		"--many", "a,b", "--many", "c", "--list", "c,,d", "--list", "e", "--choice", "two", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	if o.name != "y" || !o.on || o.n != 5 || o.seed != 9 || o.rate != 0.25 || o.wait != 2*time.Second ||
		strings.Join(o.many, "|") != "a,b|c" || strings.Join(o.list, ",") != "c,d,e" || o.choice != "two" ||
		o.format != compare.JSON {
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
		{[]string{"--n", "x"}, `--n "x"`},
		{[]string{"--wait", "-1s"}, "--wait: -1s: must not be negative"},
		{[]string{"--choice", "three"}, `unknown --choice "three" (want one, two)`},
		{[]string{"--format", "xml"}, `--format "xml": unknown format`},
		{[]string{"--nope"}, "unknown flag: --nope"},
	}
	for _, tt := range tests {
		_, err := parseTest(t, tt.args...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want it to contain %q", tt.args, err, tt.want)
		}
	}
}

// TestFlagCollision checks that a flag defined twice, say an option two
// perturbation kinds share, stops the program when the command is
// registered rather than silently sharing one value.
func TestFlagCollision(t *testing.T) {
	cs := &commandSet{prog: "test", byName: map[string]*command{}}
	defer func() {
		if recover() == nil {
			t.Error("registering a command with a flag defined twice did not panic")
		}
	}()
	cs.add(&command{Name: "dup", Bind: bind(func(f *flags, o *testOptions) {
		f.String(&o.name, "layout", "", "", "one kind's option")
		f.String(&o.choice, "layout", "", "", "another kind's option")
	}, func(context.Context, *env, *testOptions, []string) error { return nil })})
}

// TestEveryCommandBinds builds the flags of every command and
// sub-command and parses its defaults: a bad default or a collision
// between a command's flags and a kind's options shows here.
func TestEveryCommandBinds(t *testing.T) {
	for _, cs := range []*commandSet{commands, umlsCommands} {
		for name, c := range cs.byName {
			f, _ := cs.flagSet(c, nil)
			if err := f.parse(nil); err != nil {
				t.Errorf("%s %s: defaults do not parse: %v", cs.prog, name, err)
			}
		}
	}
}

// TestKindOptionCollision checks that a kind whose option has the name
// of another kind's option (or of a command flag) stops the program when
// the commands are registered, naming both.
func TestKindOptionCollision(t *testing.T) {
	k := &perturb.Kind{Name: "zz-collide", Suffix: "zz", Options: []perturb.Option{{Name: "layout", Help: "clash"}}}
	defer func() {
		r := recover()
		if s, _ := r.(string); !strings.Contains(s, "--layout") || !strings.Contains(s, "zz-collide") {
			t.Errorf("panic %v, want one naming --layout and the kind", r)
		}
	}()
	bindKindOptions(newFlags("x"), &perturbFlags{}, []*perturb.Kind{keyboard.Kind, k})
}

func TestNamedFlags(t *testing.T) {
	tests := []struct {
		parse func(string) (named, error)
		in    string
		want  named
		err   string
	}{
		{parsePair, "sys=dir/x", named{name: "sys", path: "dir/x"}, ""},
		{parsePair, "sys", named{}, "want NAME=VALUE"},
		{parsePair, "=dir", named{}, "want NAME=VALUE"},
		{parseGold, "test.tsv", named{set: "O", path: "test.tsv"}, ""},
		{parseGold, "K=test_key.tsv", named{set: "K", path: "test_key.tsv"}, ""},
		{parseGold, "K=", named{}, "want [SET=]FILE"},
		{parsePredFile, "sys:K=p.tsv", named{name: "sys", set: "K", path: "p.tsv"}, ""},
		{parsePredFile, "sys=p.tsv", named{name: "sys", path: "p.tsv"}, ""},
		{parsePredFile, "p.tsv", named{}, "want NAME=VALUE"},
	}
	for _, tt := range tests {
		got, err := tt.parse(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%q: error %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("%q = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
	}
}
