package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"github.com/stress-ner/stress/internal/cli"
)

// notInputs are the flags of a value that names no file a command reads,
// with what they name instead; the others are declared with Input where
// they are bound. "COMMAND --flag" is one command's flag, "--flag" the
// flag of every command that has it.
var notInputs = map[string]string{
	"--output": "an output", "--log": "an output", "--html": "an output", "--random": "an output", "--out": "an output directory",
	"umls generate --dir": "an output directory", "umls import --db": "an output", "review score --avoid": "an output",
	"--format": "a format", "--in-format": "a format", "--out-format": "a format", "--scheme": "a tag scheme", "--mode": "a scoring mode",
	"--level": "a scoring level", "--model-cmd": "a command line", "--model-server": "a command line",
	"--doc-cmd": "a command line", "--doc-server": "a command line", "--level-baselines": "baselines", "--model-name": "names",
	"--kind": "a kind", "--kinds": "kinds", "--baselines": "feature sets", "--features": "a feature set", "--augment": "kinds",
	"--mix": "kinds", "--rates": "numbers", "--select": "a method", "--targets": "a choice", "--strategy": "a choice",
	"--ambiguous": "a choice", "--case": "a choice", "--direction": "a choice", "--to": "a choice", "--tokenize": "a choice",
	"--type-map": "a type map", "--exclude-concepts": "concept ids", "--exclude-sources": "sources", "--exclude-tty": "term types",
	"--by": "columns", "--delimiter": "a pattern", "--outside": "a tag", "--type": "a type", "--reference": "a set name",
	"--input": "an input's name in a build", "--lang": "languages", "--sources": "sources", "--suppress": "flags",
	"--group": "a group", "--strata": "strata of names", "--terms": "term types", "--layout": "a keyboard layout's name",
	"compare --pred":  "NAME=DIR: a directory of predictions, whose files compare reads as its inputs",
	"compare --build": "a build directory, whose files compare reads as its inputs",
	"build --from":    "a build's manifest, which the build regenerates in place with its sets",
}

// TestEveryFileFlagIsDeclared: every flag of every command whose value
// may name a file is declared as an input (flags.Input) or named in
// notInputs with what it names instead, so that a new flag that reads a
// file cannot be left out of the output policy by forgetting it: the
// declaration, at the flag, is the one place that makes an output
// check protect what it reads.
func TestEveryFileFlagIsDeclared(t *testing.T) {
	var walk func(s *cli.Set, prefix string)
	walk = func(s *cli.Set, prefix string) {
		for _, c := range s.Commands() {
			if c.Sub != nil {
				walk(c.Sub, prefix+c.Name+" ")
				continue
			}
			f := cli.NewFlags(c.Name)
			c.Bind(f)
			if s.Flags != nil {
				s.Flags(c, f)
			}
			f.FlagSet().VisitAll(func(fl *pflag.Flag) {
				if slices.Contains([]string{"bool", "int", "uint64", "float64", "duration"}, fl.Value.Type()) {
					return
				}
				name := prefix + c.Name + " --" + fl.Name
				_, listed := notInputs[name]
				if !listed {
					_, listed = notInputs["--"+fl.Name]
					if _, own := notInputs[name]; !own && f.IsInput(fl.Name) {
						listed = false // an input of this command, whatever others make of the name
					}
				}
				switch input := f.IsInput(fl.Name); {
				case input && listed:
					t.Errorf("stress %s is declared an input and listed in notInputs", strings.TrimSpace(name))
				case !input && !listed:
					t.Errorf("stress %s: declare it an input (flags.Input where it is bound) or list it in notInputs", strings.TrimSpace(name))
				}
			})
		}
	}
	walk(commands, "")
}
