package main

// The command-line layer: error hints, --labels and the command table.
// How to add a command is in docs/development.md ("Adding a command").

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/internal/cli"
	"github.com/stress-ner/stress/internal/overwrite"
	"github.com/stress-ner/stress/iob"
)

// version is the tool version, recorded in every manifest. It can be set at
// link time with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

// The command-line layer (command table, dispatch, help, typed flags) is
// package cli; these are its names as the commands use them.
type (
	flags      = cli.Flags
	env        = cli.Env
	command    = cli.Command
	commandSet = cli.Set
	runFunc    = cli.RunFunc
	exitError  = cli.ExitError
)

var (
	errUsage     = cli.ErrUsage
	errHelpShown = cli.ErrHelpShown
	usageErrorf  = cli.UsageErrorf
	group        = cli.Group
)

// bind makes a command's Bind from a flag binder and a run function
// sharing one options type (cli.Bind).
func bind[O any](define func(f *flags, o *O), run func(ctx context.Context, e *env, o *O, args []string) error) func(*flags) runFunc {
	return cli.Bind(define, run)
}

// Parsed and ParsedList are cli's typed flags of any type.
func Parsed[T any](f *flags, p *T, name, short, value string, parse func(string) (T, error), usage string) {
	cli.Parsed(f, p, name, short, value, parse, usage)
}

func ParsedList[T any](f *flags, p *[]T, name string, parse func(string) (T, error), usage string) {
	cli.ParsedList(f, p, name, parse, usage)
}

// commands are the top-level commands of stress.
var commands = &commandSet{Prog: "stress", Flags: commonFlags, Errors: cliError,
	Footer: "\nRun 'stress help COMMAND' for a command's flags.\n"}

func init() {
	commands.Banner = fmt.Sprintf("stress %s: stress tests for biomedical named-entity recognizers\n\n", version)
}

// register adds a top-level command.
func register(c *command) { commands.Add(c) }

// exitCode prints err (if any) and maps it to the process exit status
// (cli.ExitCode).
func exitCode(err error, stderr io.Writer) int { return cli.ExitCode("stress", err, stderr) }

func run(ctx context.Context, args []string, e *env) error {
	if len(args) > 0 && args[0] == "--version" {
		args = append([]string{"version"}, args[1:]...)
	}
	e.Args = args
	labels, declared = nil, nil // until --labels and the input flags set them
	quiet = false               // until --quiet sets it
	return commands.Run(ctx, e, args)
}

// cliError says how to get past a library error in command-line terms:
// library errors describe values, not flags. An output that is an input,
// named twice, or no file (a directory) is a command-line mistake (exit
// status 2).
// A nested command (umls generate) passes through it twice: a hint is
// added once.
func cliError(err error) error {
	var h hinted
	switch {
	case errors.As(err, &h):
		return err
	case errors.Is(err, overwrite.ErrInput), errors.Is(err, overwrite.ErrTwice), errors.Is(err, atomicfile.ErrNotFile):
		return usageErrorf("%v", err)
	case errors.Is(err, atomicfile.ErrExists):
		return hinted{fmt.Errorf("%w (use --force to replace it)", err)}
	case errors.Is(err, conll.ErrNoLabels):
		return hinted{fmt.Errorf("%w (name them with --labels)", err)}
	}
	var se *iob.SchemeError
	if errors.As(err, &se) {
		var pe *conll.ParseError
		file := ""
		if errors.As(err, &pe) && pe.File != "-" {
			file = pe.File
		}
		if hint := conll.SchemeHint(se, file); hint != "" {
			return hinted{fmt.Errorf("%w (%s)", err, hint)}
		}
	}
	return err
}

// hinted is an error cliError has completed with a hint.
type hinted struct{ error }

func (h hinted) Unwrap() error { return h.error }

// commonFlags are the flags every top-level command has.
func commonFlags(c *command, f *flags) {
	labelsFlag(c, f)
	quietFlag(c, f)
	declareInputs(c, f)
}

// subFlags are the flags every sub-command (umls import, review score)
// has.
func subFlags(c *command, f *flags) {
	quietFlag(c, f)
	declareInputs(c, f)
}

// quiet is --quiet of a command that does not bind it itself (run,
// curve, train and attack keep it with their options): notices go
// nowhere, warnings and errors still to standard error.
var quiet bool

// quietFlag gives a command --quiet (-q) unless it binds it itself.
func quietFlag(c *command, f *flags) {
	if c.Sub != nil || f.FlagSet().Lookup("quiet") != nil {
		return
	}
	f.Bool(&quiet, "quiet", "q", false, cli.QuietUsage)
}

// notices is where a command says what it did or is doing (not warnings
// or errors): standard error, or nowhere with --quiet.
func notices(e *env) io.Writer {
	if quiet {
		return io.Discard
	}
	return e.Stderr
}

// labelsFlag binds --labels, the names of the integer tags of JSON Lines
// corpora, for every file the command reads (corpora's Labels), on
// the top-level commands that read corpus files.
func labelsFlag(c *command, f *flags) {
	switch c.Name {
	case "version", "serve":
		return
	}
	if c.Sub != nil {
		return
	}
	var spec string
	f.String(&spec, "labels", "", "", "names of integer tags in JSON Lines input: dataset_info.json, a file with one label per line, or a comma-separated list (O,B-Chemical,...)")
	f.Input("labels", ifFile) // a file, not a list
	f.Check("labels", func() error {
		if spec == "" {
			return nil
		}
		ls, err := conll.ReadLabels(spec)
		if err != nil {
			return err
		}
		labels = ls
		return nil
	})
}

// declareInputs makes the files the flags of a command declare as read
// (flags.Input) the command's declared inputs once its command line is
// parsed: the one list every output check adds (checkOutputs, and run's
// check of --out), so that a flag that reads a file says so where it is
// bound, and only there. Every command set binds it.
func declareInputs(_ *command, f *flags) {
	f.Check("", func() error {
		declared = f.Inputs()
		return nil
	})
}

// ifFile is the input file of a flag that takes a file or something
// else (a list, a name): value when a file of that name exists.
func ifFile(value string) []string {
	if info, err := os.Stat(value); err == nil && !info.IsDir() {
		return []string{value}
	}
	return nil
}

// nameFile is the input file of a NAME=FILE value.
func nameFile(value string) []string {
	if _, file, ok := strings.Cut(value, "="); ok {
		return []string{file}
	}
	return nil
}

// labels are the names --labels gives the integer tags of JSON Lines
// corpora; nil leaves integer tags an error.
var labels []string

// corpora opens the corpora a command names: "-" is the command's
// standard input, and --labels names integer JSON Lines tags.
func corpora(e *env) conll.Opener { return conll.Opener{Stdin: e.Stdin, Labels: labels} }

// declared are the files the flags of the command running declare as
// inputs (declareInputs): a label list, a concept store, a key, a model,
// ... which no output may replace, as its corpora.
var declared []string

// help returns the usage text of a command from its help file: the
// long descriptions of commands are one text file each (help/NAME.txt:
// the synopsis, a blank line, what the command does), as prose reads and
// edits better as text than as Go string literals. Each is embedded
// beside its command as a string, not as an embed.FS: a string is the
// embedded bytes themselves, where an FS copies a file each time it is
// read, and every command would read all of them at start-up (issue 34).
func help(text string) string {
	return strings.TrimSuffix(text, "\n")
}
