package main

import (
	"embed"
	"strings"
	"testing"
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

// helpFiles are the help texts, embedded again to see that each is
// some command's (the commands embed theirs one by one).
//
//go:embed help/*.txt
var helpFiles embed.FS

// TestHelpTexts checks that every help/NAME.txt is the usage of command
// NAME, or help/NAME-SUB.txt of sub-command SUB (no stray file), with a
// synopsis line and a description.
func TestHelpTexts(t *testing.T) {
	files, err := helpFiles.ReadDir("help")
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
	if !strings.Contains(help(buildHelp), " "+sampleOutDir+"/ ") {
		t.Errorf("help/build.txt does not name the default output directory %s/", sampleOutDir)
	}
	for _, f := range files {
		name := strings.TrimSuffix(f.Name(), ".txt")
		b, err := helpFiles.ReadFile("help/" + f.Name())
		if err != nil {
			t.Fatal(err)
		}
		text := help(string(b))
		if usage[name] != text {
			t.Errorf("help/%s is not the usage of command %s", f.Name(), name)
		}
		if synopsis, desc, ok := strings.Cut(text, "\n\n"); !ok || synopsis == "" || desc == "" || strings.HasSuffix(text, "\n") {
			t.Errorf("help/%s: want a synopsis, a blank line and a description, no final blank line", f.Name())
		}
	}
}
