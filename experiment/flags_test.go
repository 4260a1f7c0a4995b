package experiment

import (
	"errors"
	"slices"
	"testing"

	"github.com/stress-ner/stress/internal/cli"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/tagger"
)

func TestParseModel(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Model
		err  string
	}{
		{"sys=dir/x", Model{Name: "sys", File: "dir/x"}, ""},
		{"a=b=c", Model{Name: "a", File: "b=c"}, ""},
		{"sys", Model{}, "want NAME=FILE"},
		{"=dir", Model{}, "want NAME=FILE"},
		{"sys=", Model{}, "want NAME=FILE"},
	} {
		got, err := ParseModel(tt.in)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("%q: error %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("%q = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
	}
}

// TestSystemFlagsCheck: each rule of run and curve refuses the
// combination it names, with the command's name, and only the first
// refusal is said; what every rule allows passes.
func TestSystemFlagsCheck(t *testing.T) {
	for _, tc := range systemRuleCases {
		o := &SystemFlags{Systems: tc.s, given: tc.given}
		err := o.Check(tc.cmd, tc.test)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s %+v with test %q: %v, want it accepted", tc.cmd, tc.s, tc.test, err)
		case tc.want != "" && (!errors.Is(err, cli.ErrUsage) || err.Error() != "usage: "+tc.want):
			t.Errorf("%s (%s): error %v, want usage error %q", tc.cmd, tc.rule, err, tc.want)
		}
	}
}

var (
	wordsBaseline = []tagger.Features{tagger.Words}
	givenOnly     = func(names ...string) func(string) bool {
		return func(name string) bool { return slices.Contains(names, name) }
	}
)

// systemRuleCases are the rows of TestSystemFlagsCheck: rule names the
// rule of systemRules a row refuses.
var systemRuleCases = []struct {
	cmd, rule, test string
	s               Systems
	given           func(string) bool
	want            string // "": accepted
}{
	{"run", "", "test.tsv", Systems{Baselines: wordsBaseline, Train: []string{"train.tsv"}}, nil, ""},
	{"run", "", "", Systems{Baselines: wordsBaseline}, nil, ""}, // the embedded sample
	{"run", "", "", Systems{Baselines: wordsBaseline, Commands: []string{"cat"}, Names: []string{"c"}}, givenOnly("timeout"), ""},
	{"run", "train needs test", "", Systems{Baselines: wordsBaseline, Train: []string{"train.tsv"}}, nil,
		"run: --train needs --test (the stress sets are built from the test set)"},
	{"run", "scheme needs test", "", Systems{Baselines: wordsBaseline, Scheme: iob.IOB1}, nil,
		"run: --scheme needs --test (the embedded sample is IOB2)"},
	{"run", "a name for each external tagger", "", Systems{Baselines: wordsBaseline, Commands: []string{"cat"}, Names: []string{"a", "b"}}, nil,
		"run: more --model-name than --model-cmd and --model-server"},
	{"run", "timeout of external taggers", "", Systems{Baselines: wordsBaseline}, givenOnly("timeout"),
		"run: --timeout needs --model-cmd or --model-server"},
	{"run", "run has systems", "", Systems{}, nil,
		"run: no systems (--baselines none and no --model-cmd or --model-server)"},
	{"run", "augment trains baselines", "", Systems{Servers: []string{"srv"}, Augment: make([]perturb.ManifestKind, 1)}, nil,
		"run: --augment trains the baselines; it cannot go with --baselines none"},
	{"run", "run's baselines need train", "test.tsv", Systems{Baselines: wordsBaseline}, nil,
		"run: the baselines need --train (or use --baselines none)"},
	{"run", "", "test.tsv", Systems{Commands: []string{"cat", "cat"}, Names: []string{"a", "a"}}, nil,
		`run: invalid option: system name "a" given twice`},
	{"run", "", "", Systems{Train: []string{"train.tsv"}, Scheme: iob.IOB1}, nil, // the first refusal
		"run: --train needs --test (the stress sets are built from the test set)"},

	{"curve", "", "", Systems{Models: []Model{{Name: "m", File: "m.model"}}}, nil, ""},
	{"curve", "", "test.tsv", Systems{Baselines: wordsBaseline, Train: []string{"train.tsv"}, Scheme: iob.IOBES}, nil, ""},
	{"curve", "", "", Systems{Baselines: wordsBaseline, Commands: []string{"cat"}}, givenOnly("timeout"), ""}, // curve has no timeout rule
	{"curve", "a name for each external tagger", "", Systems{Baselines: wordsBaseline, Names: []string{"a"}}, nil,
		"curve: more --model-name than --model-cmd and --model-server"},
	{"curve", "curve has systems", "test.tsv", Systems{}, nil,
		"curve: no systems (give --model, --baselines, --model-cmd or --model-server)"},
	{"curve", "train is for baselines", "test.tsv", Systems{Servers: []string{"srv"}, Train: []string{"train.tsv"}}, nil,
		"curve: --train is for --baselines"},
	{"curve", "curve's baselines need train", "test.tsv", Systems{Baselines: wordsBaseline}, nil,
		"curve: --baselines needs --train with --test"},
	{"curve", "scheme needs test", "", Systems{Baselines: wordsBaseline, Scheme: iob.IOB1}, nil,
		"curve: --scheme needs --test (the embedded sample is IOB2)"},
	{"curve", "", "", Systems{Commands: []string{"cat"}, Names: []string{"a/b"}}, nil,
		`curve: invalid option: system name "a/b" is not a file name (it names the directory of its predictions: no ".", "..", slashes or backslashes)`},
}

// TestEverySystemRuleIsTested keeps TestSystemFlagsCheck's table and
// systemRules in step: a rule added to a command is a row there.
func TestEverySystemRuleIsTested(t *testing.T) {
	tested := map[string]bool{}
	for _, tc := range systemRuleCases {
		tested[tc.cmd+": "+tc.rule] = true
	}
	for cmd, rules := range systemRules {
		for _, r := range rules {
			if !tested[cmd+": "+r.name] {
				t.Errorf("%s: rule %q has no row in TestSystemFlagsCheck", cmd, r.name)
			}
		}
	}
}
