package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/spf13/pflag"
)

// version is the tool version, recorded in every manifest. It can be set at
// link time with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

// env carries the process streams, so that subcommands never touch
// os.Stdin/os.Stdout directly and tests can run them in-process.
type env struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
}

// command is one subcommand. Each lives in its own file (cmd_NAME.go) and
// registers itself in init with register.
type command struct {
	Name    string
	Summary string // one line, shown in "stress help"
	Usage   string // synopsis after "stress NAME", e.g. "[-o OUT] [FILE]"
	// Flags defines the command's flags on fs; it may be nil.
	Flags func(fs *pflag.FlagSet)
	// Run executes the command with the positional arguments left after
	// flag parsing. fs gives access to the parsed flags (fs.Changed).
	Run func(ctx context.Context, e *env, fs *pflag.FlagSet, args []string) error
}

var (
	commands = map[string]*command{}

	// errUsage marks command-line mistakes (exit status 2).
	errUsage = errors.New("usage")
	// errHelpShown is returned after --help was printed (exit status 0).
	errHelpShown = errors.New("help shown")
)

// exitError makes a command exit with a specific status, e.g. the
// conlleval-compatible status of "stress score".
type exitError struct {
	Code int
	Err  error // printed when not nil
}

func (e *exitError) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("exit status %d", e.Code)
	}
	return e.Err.Error()
}
func (e *exitError) Unwrap() error { return e.Err }

func register(c *command) {
	if _, dup := commands[c.Name]; dup {
		panic("duplicate command " + c.Name)
	}
	commands[c.Name] = c
}

// usageErrorf returns an error that exits with status 2.
func usageErrorf(format string, a ...any) error {
	return fmt.Errorf("%w: %s", errUsage, fmt.Sprintf(format, a...))
}

func run(ctx context.Context, args []string, e *env) error {
	if len(args) == 0 {
		printHelp(e.Stderr)
		return usageErrorf("no command given")
	}
	name := args[0]
	switch name {
	case "-h", "--help", "help":
		if len(args) > 1 {
			c, ok := commands[args[1]]
			if !ok {
				return usageErrorf("unknown command %q (see 'stress help')", args[1])
			}
			newFlagSet(c, e.Stdout).Usage()
			return nil
		}
		printHelp(e.Stdout)
		return nil
	case "--version":
		name = "version"
	}
	c, ok := commands[name]
	if !ok {
		return usageErrorf("unknown command %q (see 'stress help')", name)
	}
	fs := newFlagSet(c, e.Stderr)
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			fs.SetOutput(e.Stdout)
			fs.Usage()
			return errHelpShown
		}
		return usageErrorf("%s: %v", c.Name, err)
	}
	return c.Run(ctx, e, fs, fs.Args())
}

func newFlagSet(c *command, out io.Writer) *pflag.FlagSet {
	fs := pflag.NewFlagSet(c.Name, pflag.ContinueOnError)
	fs.SetOutput(out)
	fs.SortFlags = false
	if c.Flags != nil {
		c.Flags(fs)
	}
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "Usage: stress %s %s\n\n%s\n", c.Name, c.Usage, c.Summary)
		if fs.HasFlags() {
			fmt.Fprintf(w, "\nFlags:\n%s", fs.FlagUsages())
		}
	}
	return fs
}

func printHelp(w io.Writer) {
	fmt.Fprintf(w, "stress %s: stress tests for biomedical named-entity recognizers\n\n", version)
	fmt.Fprintf(w, "Usage: stress COMMAND [flags] [args]\n\nCommands:\n")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	width := 0
	for _, n := range names {
		width = max(width, len(n))
	}
	for _, n := range names {
		fmt.Fprintf(w, "  %-*s  %s\n", width, n, commands[n].Summary)
	}
	fmt.Fprintf(w, "\nRun 'stress help COMMAND' for a command's flags.\n")
}

// splitList splits a comma-separated flag value, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
