package main

// How to add a command
//
// A command is a file cmd_NAME.go with an options struct, a function
// that binds the struct's fields to flags, a run function and an init
// that registers them:
//
//	type fooOptions struct {
//		Out  string
//		Seed uint64
//	}
//
//	func init() {
//		register(&command{
//			Name: "foo", Summary: "one line for 'stress help'", Usage: "[--out DIR] FILE...",
//			Bind: bind(func(f *flags, o *fooOptions) {
//				f.String(&o.Out, "out", "", "", "output `DIR`")
//				f.Uint64(&o.Seed, "seed", 1, "random seed")
//			}, runFoo),
//		})
//	}
//
//	func runFoo(ctx context.Context, e *env, o *fooOptions, args []string) error { ... }
//
// Flags are typed and checked while the command line is parsed (see
// flags: Enum, Parsed, IntIn, Check), so runFoo starts from valid
// options and does the work with one or two library calls; it writes
// only to e.Stdout and e.Stderr and calls no other command's functions
// (shared work belongs in a library package; the few CLI helpers several
// commands use are in shared.go). Option groups used by several commands
// have one binder each: bindPerturb (seed, selection, workers, every
// kind's options), bindKinds (a list of kinds with their options),
// bindSystems and bindBaselines (taggers to evaluate). Sub-commands
// ("stress umls import") are commands in a commandSet of their own,
// dispatched by the same code. Return usageErrorf for command-line
// mistakes (exit status 2); library errors describe values, and
// cliError and flagError put them in command-line terms.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"

	"github.com/spf13/pflag"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/internal/overwrite"
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

// runFunc runs a command with the positional arguments left after flag
// parsing; its options were bound and filled by the command's Bind.
type runFunc func(ctx context.Context, e *env, args []string) error

// command is one subcommand.
type command struct {
	Name    string
	Summary string // one line, shown in "stress help"
	Usage   string // synopsis after "stress NAME", e.g. "[-o OUT] [FILE]"
	// Bind binds the command's flags to a fresh options value on f and
	// returns the function that runs the command with it. Use bind.
	Bind func(f *flags) runFunc
	// Sub, when not nil, holds the sub-commands ("stress umls import"):
	// "stress help NAME [SUB]" describes them.
	Sub *commandSet
}

// bind makes a command's Bind from a flag binder and a run function
// sharing one options type.
func bind[O any](define func(f *flags, o *O), run func(ctx context.Context, e *env, o *O, args []string) error) func(*flags) runFunc {
	return func(f *flags) runFunc {
		o := new(O)
		if define != nil {
			define(f, o)
		}
		return func(ctx context.Context, e *env, args []string) error { return run(ctx, e, o, args) }
	}
}

// commandSet is a table of commands with its dispatcher: the top-level
// commands of stress, and the sub-commands of "stress umls".
type commandSet struct {
	prog   string // "stress" or "stress umls"
	byName map[string]*command
	order  []string // listing order; sorted when empty
	footer string   // printed after the command list
}

var (
	commands = &commandSet{prog: "stress", byName: map[string]*command{},
		footer: "\nRun 'stress help COMMAND' for a command's flags.\n"}

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

// register adds a top-level command.
func register(c *command) { commands.add(c) }

// add adds c to the set. Its flags are bound once here, so that a flag
// defined twice (say, an option two perturbation kinds share) panics
// when the program starts, not when someone happens to run the command.
func (cs *commandSet) add(c *command) {
	if _, dup := cs.byName[c.Name]; dup {
		panic("duplicate command " + c.Name)
	}
	cs.byName[c.Name] = c
	cs.flagSet(c, io.Discard)
}

// usageErrorf returns an error that exits with status 2.
func usageErrorf(format string, a ...any) error {
	return fmt.Errorf("%w: %s", errUsage, fmt.Sprintf(format, a...))
}

func run(ctx context.Context, args []string, e *env) error {
	if len(args) > 0 && args[0] == "--version" {
		args = append([]string{"version"}, args[1:]...)
	}
	// Every corpus argument may be "-"; library readers open it as
	// conll.Stdin.
	conll.Stdin = e.Stdin
	conll.DefaultLabels = nil // until --labels sets them
	return commands.run(ctx, e, args)
}

// run dispatches args[0] to its command: help, flag parsing, then Run.
func (cs *commandSet) run(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 {
		cs.help(e.Stderr)
		return usageErrorf("%s: no command given", cs.prog)
	}
	switch args[0] {
	case "-h", "--help", "help":
		if len(args) > 1 {
			c, ok := cs.byName[args[1]]
			if !ok {
				return usageErrorf("unknown command %q (see '%s help')", args[1], cs.prog)
			}
			if c.Sub != nil {
				if len(args) > 2 {
					return c.Sub.run(ctx, e, append([]string{"help"}, args[2:]...))
				}
				c.Sub.helpAll(e.Stdout)
				return nil
			}
			f, _ := cs.flagSet(c, e.Stdout)
			f.fs.Usage()
			return nil
		}
		cs.help(e.Stdout)
		return nil
	}
	c, ok := cs.byName[args[0]]
	if !ok {
		return usageErrorf("unknown command %q (see '%s help')", args[0], cs.prog)
	}
	// The parser prints nothing itself: help goes to stdout once, and a
	// bad command line is reported in one line by exitCode.
	f, run := cs.flagSet(c, io.Discard)
	if err := f.parse(args[1:]); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			f.fs.SetOutput(e.Stdout)
			f.fs.Usage()
			return errHelpShown
		}
		return usageErrorf("%s %s: %v", cs.prog, c.Name, err)
	}
	return cliError(run(ctx, e, f.fs.Args()))
}

// cliError says how to get past a library error in command-line terms:
// library errors describe values, not flags. An output that is an input
// or named twice is a command-line mistake (exit status 2).
// A nested command (umls generate) passes through it twice: a hint is
// added once.
func cliError(err error) error {
	var h hinted
	switch {
	case errors.As(err, &h):
		return err
	case errors.Is(err, overwrite.ErrInput), errors.Is(err, overwrite.ErrTwice):
		return usageErrorf("%v", err)
	case errors.Is(err, atomicfile.ErrExists):
		return hinted{fmt.Errorf("%w (use --force to replace it)", err)}
	case errors.Is(err, conll.ErrNoLabels):
		return hinted{fmt.Errorf("%w (name them with --labels)", err)}
	}
	return err
}

// hinted is an error cliError has completed with a hint.
type hinted struct{ error }

func (h hinted) Unwrap() error { return h.error }

// flagSet binds c's flags to a fresh options value.
func (cs *commandSet) flagSet(c *command, out io.Writer) (*flags, runFunc) {
	f := newFlags(c.Name)
	f.fs.SetOutput(out)
	run := c.Bind(f)
	if cs == commands && readsCorpora(c) {
		bindLabels(f)
	}
	f.fs.Usage = func() {
		w := f.fs.Output()
		fmt.Fprintf(w, "Usage: %s %s %s\n\n%s\n", cs.prog, c.Name, c.Usage, c.Summary)
		if f.fs.HasFlags() {
			fmt.Fprintf(w, "\nFlags:\n%s", f.fs.FlagUsages())
		}
	}
	return f, run
}

func (cs *commandSet) help(w io.Writer) {
	if cs == commands {
		fmt.Fprintf(w, "stress %s: stress tests for biomedical named-entity recognizers\n\n", version)
	}
	fmt.Fprintf(w, "Usage: %s COMMAND [flags] [args]\n\nCommands:\n", cs.prog)
	names := cs.order
	if len(names) == 0 {
		for n := range cs.byName {
			names = append(names, n)
		}
		sort.Strings(names)
	}
	width := 0
	for _, n := range names {
		width = max(width, len(n))
	}
	for _, n := range names {
		fmt.Fprintf(w, "  %-*s  %s\n", width, n, cs.byName[n].Summary)
	}
	fmt.Fprint(w, cs.footer)
}

// helpAll prints the command list and then every command's usage with
// its flags: "stress help umls" is the whole manual of "stress umls".
func (cs *commandSet) helpAll(w io.Writer) {
	cs.help(w)
	names := cs.order
	if len(names) == 0 {
		for n := range cs.byName {
			names = append(names, n)
		}
		sort.Strings(names)
	}
	for _, n := range names {
		fmt.Fprintln(w)
		f, _ := cs.flagSet(cs.byName[n], w)
		f.fs.Usage()
	}
}

// readsCorpora reports whether a top-level command reads corpus files,
// and so takes --labels.
func readsCorpora(c *command) bool {
	switch c.Name {
	case "version", "serve":
		return false
	}
	return c.Sub == nil
}

// bindLabels binds --labels, the names of the integer tags of JSON Lines
// corpora, for every file the command reads (conll.DefaultLabels).
func bindLabels(f *flags) {
	var spec string
	f.String(&spec, "labels", "", "", "names of integer tags in JSON Lines input: dataset_info.json, a file with one label per line, or a comma-separated list (O,B-Chemical,...)")
	f.Check("labels", func() error {
		if spec == "" {
			return nil
		}
		labels, err := conll.ReadLabels(spec)
		if err != nil {
			return err
		}
		conll.DefaultLabels = labels
		return nil
	})
}
