package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"sync"

	"github.com/spf13/pflag"

	"github.com/stress-ner/stress/internal/textutil"
)

// Env carries the process streams, so that commands never touch
// os.Stdin/os.Stdout directly and tests can run them in-process.
type Env struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Args is the command line after the program name, as given, for
	// the reports that record how they were made.
	Args []string
	// LookupEnv reads the process environment (os.LookupEnv in main);
	// nil is an empty environment, as in tests that set none.
	LookupEnv func(key string) (string, bool)
}

// Getenv returns the value of an environment variable and whether it is
// set.
func (e *Env) Getenv(key string) (string, bool) {
	if e.LookupEnv == nil {
		return "", false
	}
	return e.LookupEnv(key)
}

// Synced returns e with a standard error that several goroutines may
// write to, as when an external program's stderr is copied while the
// command logs. Files are safe for that (and stay files, so that a
// progress bar still sees a terminal); other writers, such as test
// buffers, get a lock.
func (e *Env) Synced() *Env {
	switch e.Stderr.(type) {
	case *os.File, *lockedWriter:
		return e
	}
	c := *e
	c.Stderr = &lockedWriter{w: e.Stderr}
	return &c
}

type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// RunFunc runs a command with the positional arguments left after flag
// parsing; its options were bound and filled by the command's Bind.
type RunFunc func(ctx context.Context, e *Env, args []string) error

// Command is one command of a Set.
type Command struct {
	Name    string
	Summary string // one line, shown in the command list
	Usage   string // synopsis after "PROG NAME", e.g. "[-o OUT] [FILE]"
	// Bind binds the command's flags to a fresh options value on f and
	// returns the function that runs the command with it. Use Bind.
	Bind func(f *Flags) RunFunc
	// Sub, when not nil, holds the sub-commands ("stress umls import"):
	// "PROG help NAME [SUB]" describes them.
	Sub *Set
}

// Bind makes a command's Bind from a flag binder and a run function
// sharing one options type.
func Bind[O any](define func(f *Flags, o *O), run func(ctx context.Context, e *Env, o *O, args []string) error) func(*Flags) RunFunc {
	return func(f *Flags) RunFunc {
		o := new(O)
		if define != nil {
			define(f, o)
		}
		return func(ctx context.Context, e *Env, args []string) error { return run(ctx, e, o, args) }
	}
}

// Group returns the command that runs the sub-commands of sub ("stress
// umls import ..."): what follows the sub-command's name, flags
// included, belongs to the sub-command.
func Group(name, summary, usage string, sub *Set) *Command {
	return &Command{Name: name, Summary: summary, Usage: usage, Sub: sub,
		Bind: func(f *Flags) RunFunc {
			f.fs.SetInterspersed(false)
			return sub.Run
		}}
}

// Set is a table of commands with its dispatcher: a program's commands,
// or the sub-commands of one of them.
type Set struct {
	Prog   string   // "stress" or "stress umls"
	Order  []string // listing order; sorted when empty
	Banner string   // printed before the command list
	Footer string   // printed after the command list
	// Flags, when not nil, binds flags every command of the set takes
	// besides its own (say, the names of integer tags for commands that
	// read corpora).
	Flags func(c *Command, f *Flags)
	// Errors, when not nil, maps the error of a command's run, to put a
	// library's errors in command-line terms.
	Errors func(error) error

	byName map[string]*Command
}

// Sentinel errors of the package.
var (
	// ErrUsage marks command-line mistakes (exit status 2).
	ErrUsage = errors.New("usage")
	// ErrHelpShown is returned after --help was printed (exit status 0).
	ErrHelpShown = errors.New("help shown")
	// ErrStdout is "-" given to an output flag that cannot write to
	// standard output (Flags.Output with stdout false).
	ErrStdout = errors.New("- (standard output) cannot take this output: give a path")
)

// ExitError makes a command exit with a specific status, e.g. the
// conlleval-compatible status of "stress score".
type ExitError struct {
	Code int
	Err  error // printed when not nil
}

func (e *ExitError) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("exit status %d", e.Code)
	}
	return e.Err.Error()
}
func (e *ExitError) Unwrap() error { return e.Err }

// QuietUsage is the help of --quiet, the same for every command that
// has it.
const QuietUsage = "only errors and warnings on standard error: no progress, no notices (an external tagger's own standard error still shows)"

// UsageErrorf returns an error that exits with status 2.
func UsageErrorf(format string, a ...any) error {
	return fmt.Errorf("%w: %s", ErrUsage, fmt.Sprintf(format, a...))
}

// ExitCode prints err (if any) to stderr, prefixed with "prog: ", and
// maps it to the process exit status: 0 success (and help shown), 2
// usage errors, and 1 for everything else unless the error carries its
// own status (ExitError).
func ExitCode(prog string, err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	var ee *ExitError
	if errors.As(err, &ee) {
		if ee.Err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", prog, ee.Err)
		}
		return ee.Code
	}
	if errors.Is(err, ErrHelpShown) {
		return 0
	}
	fmt.Fprintf(stderr, "%s: %v\n", prog, err)
	if errors.Is(err, ErrUsage) {
		return 2
	}
	return 1
}

// Add adds c to the set. Its flags are bound when it runs, not here: a
// program does no work at start-up for the commands it does not run. A
// flag defined twice (say, an option two perturbation kinds share)
// panics when they are bound; ParseDefaults over every command, in a
// test, shows it before anyone runs the command.
func (cs *Set) Add(c *Command) {
	if cs.byName == nil {
		cs.byName = map[string]*Command{}
	}
	if _, dup := cs.byName[c.Name]; dup {
		panic("duplicate command " + c.Name)
	}
	cs.byName[c.Name] = c
}

// Commands returns the commands of the set in listing order.
func (cs *Set) Commands() []*Command {
	var out []*Command
	for _, n := range cs.names() {
		out = append(out, cs.byName[n])
	}
	return out
}

// Run dispatches args[0] to its command: help, flag parsing, then the
// command's run function.
func (cs *Set) Run(ctx context.Context, e *Env, args []string) error {
	if len(args) == 0 {
		cs.Help(e.Stderr)
		return UsageErrorf("%s: no command given", cs.Prog)
	}
	switch args[0] {
	case "-h", "--help", "help":
		out := &checkedWriter{w: e.Stdout}
		if len(args) > 1 {
			switch args[1] {
			case "-h", "--help", "help":
				fmt.Fprintf(e.Stdout, "Usage: %s help [COMMAND]\n\nlist the commands, or describe COMMAND and its flags (also: %[1]s COMMAND --help)\n", cs.Prog)
				return nil
			}
			c, ok := cs.byName[args[1]]
			if !ok {
				return cs.unknownCommand(args[1])
			}
			if c.Sub != nil {
				if len(args) > 2 {
					return c.Sub.Run(ctx, e, append([]string{"help"}, args[2:]...))
				}
				c.Sub.HelpAll(out)
				return out.err
			}
			f, _ := cs.flagSet(c, out)
			f.fs.Usage()
			return out.err
		}
		cs.Help(out)
		return out.err
	}
	c, ok := cs.byName[args[0]]
	if !ok {
		return cs.unknownCommand(args[0])
	}
	// The parser prints nothing itself: help goes to stdout once, and a
	// bad command line is reported in one line by ExitCode.
	f, run := cs.flagSet(c, io.Discard)
	if err := f.Parse(args[1:]); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			out := &checkedWriter{w: e.Stdout}
			f.fs.SetOutput(out)
			f.fs.Usage()
			if out.err != nil {
				return out.err
			}
			return ErrHelpShown
		}
		return UsageErrorf("%s %s: %v%s", cs.Prog, c.Name, err, f.suggestion(err))
	}
	err := run(ctx, e, f.fs.Args())
	if cs.Errors != nil {
		err = cs.Errors(err)
	}
	return err
}

// unknownCommand is the error of a command name the set lacks, with the
// command it most likely meant.
func (cs *Set) unknownCommand(name string) error {
	hint := ""
	if s := textutil.Suggest(name, cs.names()); s != "" {
		hint = fmt.Sprintf("; did you mean %q?", s)
	}
	return UsageErrorf("unknown command %q (see '%s help'%s)", name, cs.Prog, hint)
}

// flagSet binds c's flags to a fresh options value.
func (cs *Set) flagSet(c *Command, out io.Writer) (*Flags, RunFunc) {
	f := NewFlags(c.Name)
	f.fs.SetOutput(out)
	run := c.Bind(f)
	if cs.Flags != nil {
		cs.Flags(c, f)
	}
	f.fs.Usage = func() {
		w := f.fs.Output()
		fmt.Fprintf(w, "Usage: %s %s %s\n\n%s\n", cs.Prog, c.Name, c.Usage, c.Summary)
		if f.fs.HasFlags() {
			fmt.Fprintf(w, "\nFlags:\n%s", f.fs.FlagUsages())
		}
	}
	return f, run
}

// Usage writes command name's usage with its flags to w (as "PROG help
// NAME" does); it reports whether the set has the command.
func (cs *Set) Usage(w io.Writer, name string) bool {
	c, ok := cs.byName[name]
	if ok {
		f, _ := cs.flagSet(c, w)
		f.fs.Usage()
	}
	return ok
}

// ParseDefaults binds command name's flags and parses an empty command
// line: a bad default, or a check its defaults fail, shows.
func (cs *Set) ParseDefaults(name string) error {
	c, ok := cs.byName[name]
	if !ok {
		return fmt.Errorf("%s: no command %q", cs.Prog, name)
	}
	f, _ := cs.flagSet(c, io.Discard)
	return f.Parse(nil)
}

func (cs *Set) names() []string {
	names := cs.Order
	if len(names) == 0 {
		for n := range cs.byName {
			names = append(names, n)
		}
		sort.Strings(names)
	}
	return names
}

// Help writes the banner and the command list to w.
func (cs *Set) Help(w io.Writer) {
	fmt.Fprint(w, cs.Banner)
	fmt.Fprintf(w, "Usage: %s COMMAND [flags] [args]\n\nCommands:\n", cs.Prog)
	names := cs.names()
	width := 0
	for _, n := range names {
		width = max(width, len(n))
	}
	for _, n := range names {
		fmt.Fprintf(w, "  %-*s  %s\n", width, n, cs.byName[n].Summary)
	}
	fmt.Fprint(w, cs.Footer)
}

// HelpAll writes the command list and then every command's usage with
// its flags: "stress help umls" is the whole manual of "stress umls".
func (cs *Set) HelpAll(w io.Writer) {
	cs.Help(w)
	for _, n := range cs.names() {
		fmt.Fprintln(w)
		cs.Usage(w, n)
	}
}

// checkedWriter keeps the first error of the writes to w, for output
// written with fmt.Fprint and friends, whose errors are easy to drop:
// help that could not be written (stdout on a full disk, a closed pipe)
// must not exit 0.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err != nil {
		var pe *fs.PathError // os.Stdout's: "write /dev/stdout: ..."
		if errors.As(err, &pe) {
			err = pe.Err
		}
		c.err = fmt.Errorf("write standard output: %w", err)
	}
	return n, err
}
