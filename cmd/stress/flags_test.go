package main

import (
	"strings"
	"testing"

	"github.com/stress-ner/stress/experiment"
)

// TestEveryCommandBinds builds the flags of every command and
// sub-command and parses its defaults: a bad default or a collision
// between a command's flags and a kind's options shows here.
func TestEveryCommandBinds(t *testing.T) {
	for _, cs := range []*commandSet{commands, umlsCommands} {
		for _, c := range cs.Commands() {
			if err := cs.ParseDefaults(c.Name); err != nil {
				t.Errorf("%s %s: defaults do not parse: %v", cs.Prog, c.Name, err)
			}
		}
	}
}

func TestParseModel(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want experiment.Model
		err  string
	}{
		{"sys=dir/x", experiment.Model{Name: "sys", File: "dir/x"}, ""},
		{"a=b=c", experiment.Model{Name: "a", File: "b=c"}, ""},
		{"sys", experiment.Model{}, "want NAME=FILE"},
		{"=dir", experiment.Model{}, "want NAME=FILE"},
		{"sys=", experiment.Model{}, "want NAME=FILE"},
	} {
		got, err := parseModel(tt.in)
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

// TestHelpTexts checks that every help/NAME.txt is the usage of command
// NAME, or help/NAME-SUB.txt of sub-command SUB (no stray file), with a
// synopsis line and a description.
func TestHelpTexts(t *testing.T) {
	files, err := helpTexts.ReadDir("help")
	if err != nil {
		t.Fatal(err)
	}
	usage := map[string]string{}
	for _, c := range commands.Commands() {
		usage[c.Name] = c.Usage
		if c.Sub != nil {
			// help/NAME-SUB.txt is the usage of "stress NAME SUB".
			for _, sc := range c.Sub.Commands() {
				usage[c.Name+"-"+sc.Name] = sc.Usage
			}
		}
	}
	if !strings.Contains(help("build"), " "+sampleOutDir+"/ ") {
		t.Errorf("help/build.txt does not name the default output directory %s/", sampleOutDir)
	}
	for _, f := range files {
		name := strings.TrimSuffix(f.Name(), ".txt")
		text := help(name)
		if usage[name] != text {
			t.Errorf("help/%s is not the usage of command %s", f.Name(), name)
		}
		if synopsis, desc, ok := strings.Cut(text, "\n\n"); !ok || synopsis == "" || desc == "" || strings.HasSuffix(text, "\n") {
			t.Errorf("help/%s: want a synopsis, a blank line and a description, no final blank line", f.Name())
		}
	}
}
