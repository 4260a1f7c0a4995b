// Package cli is the command-line layer of stress: a table of commands
// with their dispatcher and help (Set, Command), and typed flag binding
// (Flags), on top of pflag. It knows nothing of corpora or perturbations:
// the commands, their options and how library errors read on a command
// line are the program's (cmd/stress).
package cli

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/stress-ner/stress/internal/textutil"
)

// Flags binds a command's flags to the fields of its options struct. It
// is the only way commands get flag values: each flag is declared with a
// pointer to the field it fills, so its type is checked by the compiler
// and its value by the parser (a bad value is a usage error naming the
// flag, before the command runs), and nothing is read back by name.
//
// Defining a flag name twice in one command panics when the command is
// added to a Set (see Set.Add), so two perturbation kinds can never share
// an option by accident.
type Flags struct {
	fs     *pflag.FlagSet
	checks []check
	inputs []input
}

// input is a flag declared as naming files the command reads (Input).
type input struct {
	flag  string
	files func(value string) []string
}

// check is a validation run after parsing; flag names the flag a failure
// is reported against ("" for checks across several Flags).
type check struct {
	flag string
	fn   func() error
}

// NewFlags returns an empty flag set for command name.
func NewFlags(name string) *Flags {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SortFlags = false
	return &Flags{fs: fs}
}

// String binds a string flag; short may be "".
func (f *Flags) String(p *string, name, short, value, usage string) {
	f.fs.StringVarP(p, name, short, value, usage)
}

// Bool binds a boolean flag.
func (f *Flags) Bool(p *bool, name, short string, value bool, usage string) {
	f.fs.BoolVarP(p, name, short, value, usage)
}

// Int binds an integer flag.
func (f *Flags) Int(p *int, name string, value int, usage string) {
	f.fs.IntVar(p, name, value, usage)
}

// IntIn binds an integer flag that must be in [min, max].
func (f *Flags) IntIn(p *int, name string, value, min, max int, usage string) {
	f.fs.IntVar(p, name, value, usage)
	f.Check(name, func() error {
		switch {
		case *p < min:
			return fmt.Errorf("%d: must be at least %d", *p, min)
		case *p > max:
			return fmt.Errorf("%d: must be at most %d", *p, max)
		}
		return nil
	})
}

// Uint64 binds an unsigned integer flag (seeds).
func (f *Flags) Uint64(p *uint64, name string, value uint64, usage string) {
	f.fs.Uint64Var(p, name, value, usage)
}

// Float64 binds a floating-point flag.
func (f *Flags) Float64(p *float64, name string, value float64, usage string) {
	f.fs.Float64Var(p, name, value, usage)
}

// Duration binds a non-negative duration flag.
func (f *Flags) Duration(p *time.Duration, name string, value time.Duration, usage string) {
	f.fs.DurationVar(p, name, value, usage)
	f.Check(name, func() error {
		if *p < 0 {
			return fmt.Errorf("%v: must not be negative", *p)
		}
		return nil
	})
}

// suggestion returns " (did you mean --NAME?)" for the error of an
// unknown flag close to one of f's (--kind for --kinds), or "".
func (f *Flags) suggestion(err error) string {
	name, ok := strings.CutPrefix(err.Error(), "unknown flag: --")
	if !ok {
		return ""
	}
	var names []string
	f.fs.VisitAll(func(fl *pflag.Flag) {
		if !fl.Hidden {
			names = append(names, fl.Name)
		}
	})
	if s := textutil.Suggest(name, names); s != "" {
		return " (did you mean --" + s + "?)"
	}
	return ""
}

// Strings binds a repeatable flag; every occurrence adds one value
// (commas included: --model-name "a,b" is one name). Help shows its
// value as "list", as for List, not pflag's "stringArray".
func (f *Flags) Strings(p *[]string, name, usage string) {
	f.fs.Var(&stringsValue{p: p}, name, usage)
}

// stringsValue is the pflag.Value of Strings.
type stringsValue struct{ p *[]string }

func (v *stringsValue) Set(s string) error { *v.p = append(*v.p, s); return nil }
func (v *stringsValue) String() string {
	if v.p == nil {
		return ""
	}
	return strings.Join(*v.p, ",")
}
func (v *stringsValue) Type() string { return "list" }

// GetSlice returns the values given, one per occurrence (see Inputs).
func (v *stringsValue) GetSlice() []string { return *v.p }

// List binds a comma-separated list (repeatable: values accumulate;
// empty items are dropped). value is the default, as written on the
// command line.
func (f *Flags) List(p *[]string, name, value, usage string) {
	*p = textutil.SplitList(value)
	f.fs.Var(&listValue{p: p, text: value}, name, usage)
}

// Parsed binds a flag of any type T with its parser: the parser's error,
// which describes the value, is reported against the flag when the
// command line is parsed. value is the default as written on the command
// line ("" leaves *p at its zero value).
func Parsed[T any](f *Flags, p *T, name, short, value string, parse func(string) (T, error), usage string) {
	if value != "" {
		x, err := parse(value)
		if err != nil {
			panic(fmt.Sprintf("flag --%s: bad default %q: %v", name, value, err))
		}
		*p = x
	}
	f.fs.VarP(&parsedValue[T]{p: p, parse: parse, text: value}, name, short, usage)
}

// ParsedList binds a repeatable flag: every occurrence is parsed into a
// T, checked like Parsed's, and appended to *p.
func ParsedList[T any](f *Flags, p *[]T, name string, parse func(string) (T, error), usage string) {
	f.fs.Var(&parsedList[T]{p: p, parse: parse}, name, usage)
}

// Enum binds a string flag restricted to the given choices.
func (f *Flags) Enum(p *string, name, short, value string, choices []string, usage string) {
	Parsed(f, p, name, short, value, func(s string) (string, error) {
		for _, c := range choices {
			if s == c {
				return s, nil
			}
		}
		return "", choiceError(choices)
	}, usage)
}

// choiceError is the error of an Enum value that is not a choice.
type choiceError []string

func (e choiceError) Error() string { return "want " + strings.Join(e, ", ") }

// Check adds a validation run after parsing. An error is a usage error,
// prefixed with "--flag: " when flag is not "".
func (f *Flags) Check(flag string, fn func() error) {
	f.checks = append(f.checks, check{flag, fn})
}

// Input declares the flag name, bound already, as naming files the
// command reads: files returns those of one value (nil files: the value
// is a file); a list or repeatable flag gives each of its values. It is
// the one declaration of a file a flag makes a command read: Inputs
// returns them all after parsing, for the output policy to check every
// output against.
func (f *Flags) Input(name string, files func(value string) []string) {
	if f.fs.Lookup(name) == nil {
		panic("cli: Input of a flag not bound: --" + name)
	}
	f.inputs = append(f.inputs, input{name, files})
}

// Output declares the flag name, bound already to a string, as naming a
// file or directory the command writes. "-" names standard output, as
// it names standard input for inputs: where the command writes to
// standard output by default (stdout true; the flag's default must be
// ""), "-" is that default; elsewhere "-" is refused, naming the flag,
// rather than written to a file called "-".
func (f *Flags) Output(name string, stdout bool) {
	fl := f.fs.Lookup(name)
	if fl == nil || fl.Value.Type() != "string" {
		panic("cli: Output of a flag not bound as a string: --" + name)
	}
	if stdout && fl.DefValue != "" {
		panic("cli: Output to standard output of a flag with a default: --" + name)
	}
	f.Check(name, func() error {
		if fl.Value.String() != "-" {
			return nil
		}
		if !stdout {
			return ErrStdout
		}
		return fl.Value.Set("")
	})
}

// IsInput reports whether the flag name was declared with Input.
func (f *Flags) IsInput(name string) bool {
	for _, in := range f.inputs {
		if in.flag == name {
			return true
		}
	}
	return false
}

// Inputs returns the files the flags declared with Input name, in the
// order declared ("" values left out).
func (f *Flags) Inputs() []string {
	var out []string
	for _, in := range f.inputs {
		fl := f.fs.Lookup(in.flag)
		values := []string{fl.Value.String()}
		if sv, ok := fl.Value.(interface{ GetSlice() []string }); ok {
			values = sv.GetSlice()
		}
		for _, v := range values {
			switch {
			case v == "":
			case in.files == nil:
				out = append(out, v)
			default:
				out = append(out, in.files(v)...)
			}
		}
	}
	return out
}

// FlagSet returns the underlying pflag set, for what Flags does not
// cover (a flag's NoOptDefVal, interspersed arguments).
func (f *Flags) FlagSet() *pflag.FlagSet { return f.fs }

// BoolText binds a boolean flag kept as the text "true" or "false" in
// *p (perturbation options are strings in the registry and manifests);
// the flag alone means true.
func (f *Flags) BoolText(p *string, name, usage string) {
	f.fs.VarPF(boolText{p}, name, "", usage).NoOptDefVal = "true"
}

// JoinedList binds a repeatable comma-separated list kept as one
// comma-separated string in *p.
func (f *Flags) JoinedList(p *string, name, usage string) {
	f.fs.Var(&joinText{p: p}, name, usage)
}

// Changed reports whether the flag was given on the command line.
func (f *Flags) Changed(name string) bool { return f.fs.Changed(name) }

// Parse parses args and runs the checks.
func (f *Flags) Parse(args []string) error {
	if err := f.fs.Parse(args); err != nil {
		var bad *pflag.InvalidValueError
		if errors.As(err, &bad) {
			var choices choiceError
			if errors.As(err, &choices) {
				return fmt.Errorf("unknown --%s %q (%v)", bad.GetFlag().Name, bad.GetValue(), choices)
			}
			return fmt.Errorf("--%s %q: %w", bad.GetFlag().Name, bad.GetValue(), plainCause(bad.GetFlag(), bad.Unwrap()))
		}
		return err
	}
	for _, c := range f.checks {
		if err := c.fn(); err != nil {
			if c.flag != "" {
				return fmt.Errorf("--%s: %w", c.flag, err)
			}
			return err
		}
	}
	return nil
}

// plainCause says what a number flag wants instead of strconv's
// message ("strconv.ParseInt: parsing "1e8": invalid syntax"), which
// names Go functions.
func plainCause(fl *pflag.Flag, cause error) error {
	var num *strconv.NumError
	if !errors.As(cause, &num) {
		return cause
	}
	want := "a number"
	switch t := fl.Value.Type(); {
	case strings.HasPrefix(t, "uint"):
		want = "a whole number, 0 or more"
	case strings.HasPrefix(t, "int"):
		want = "a whole number"
	}
	if errors.Is(num.Err, strconv.ErrRange) {
		return fmt.Errorf("out of range (want %s of a usable size)", want)
	}
	return fmt.Errorf("not %s", want)
}

// listValue is the pflag.Value of List.
type listValue struct {
	p       *[]string
	text    string
	changed bool
}

func (v *listValue) Set(s string) error {
	if !v.changed {
		*v.p = nil // the first occurrence replaces the default
		v.changed = true
	}
	*v.p = append(*v.p, textutil.SplitList(s)...)
	v.text = strings.Join(*v.p, ",")
	return nil
}
func (v *listValue) String() string { return v.text }
func (v *listValue) Type() string   { return "list" }

// GetSlice returns the items of the list (see Inputs).
func (v *listValue) GetSlice() []string { return *v.p }

// parsedValue is the pflag.Value of Parsed.
type parsedValue[T any] struct {
	p     *T
	parse func(string) (T, error)
	text  string
}

func (v *parsedValue[T]) Set(s string) error {
	x, err := v.parse(s)
	if err != nil {
		return err
	}
	*v.p, v.text = x, s
	return nil
}
func (v *parsedValue[T]) String() string { return v.text }
func (v *parsedValue[T]) Type() string   { return "string" }

// joinText is the value of a kind's List option: every occurrence of
// the flag adds its items, kept as one comma-separated string (the form
// the registry and the manifest use).
type joinText struct {
	p       *string
	changed bool
}

func (v *joinText) Set(s string) error {
	items := textutil.SplitList(s)
	if v.changed && *v.p != "" {
		items = append([]string{*v.p}, items...)
	}
	*v.p, v.changed = strings.Join(items, ","), true
	return nil
}
func (v *joinText) String() string {
	if v.p == nil {
		return ""
	}
	return *v.p
}
func (v *joinText) Type() string { return "list" }

// parsedList is the pflag.Value of ParsedList.
type parsedList[T any] struct {
	p     *[]T
	parse func(string) (T, error)
	texts []string
}

func (v *parsedList[T]) Set(s string) error {
	x, err := v.parse(s)
	if err != nil {
		return err
	}
	*v.p, v.texts = append(*v.p, x), append(v.texts, s)
	return nil
}
func (v *parsedList[T]) String() string { return strings.Join(v.texts, ",") }
func (v *parsedList[T]) Type() string   { return "list" }

// GetSlice returns the values given, as written (see Inputs).
func (v *parsedList[T]) GetSlice() []string { return v.texts }

// boolText is a flag holding "true" or "false" as text, for perturbation
// options, which are strings in the registry and the manifest.
type boolText struct{ p *string }

func (v boolText) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return errors.New("want true or false")
	}
	*v.p = strconv.FormatBool(b)
	return nil
}
func (v boolText) String() string {
	if v.p == nil {
		return ""
	}
	return *v.p
}
func (v boolText) Type() string { return "bool" }
