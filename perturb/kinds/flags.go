package kinds

// The command-line options of the commands that perturb (stress build,
// perturb, augment, run, curve, attack), declared once here, where the
// kinds and their options are known.

import (
	"errors"
	"fmt"
	"runtime"
	"strings"

	"github.com/stress-ner/stress/internal/cli"
	"github.com/stress-ner/stress/internal/textutil"
	"github.com/stress-ner/stress/perturb"
)

// Flags are the options of the commands that perturb: seed, word
// selection, workers and the options of every registered kind.
type Flags struct {
	Seed      uint64
	Selection perturb.Selection
	Workers   int
	// options holds, per kind, each option's value as text (the form
	// the registry and the manifest use).
	options map[string]map[string]*string
}

// Bind binds the perturbation flags. Every kind's options are flags of
// their own (see bindOptions).
func (o *Flags) Bind(f *cli.Flags) {
	d := perturb.DefaultSelection()
	f.Uint64(&o.Seed, "seed", 1, "random seed; the same seed gives the same output")
	f.Enum(&o.Selection.Method, "select", "", d.Method, perturb.SelectMethods(),
		"word selection: lexical (letters, long enough, not a stopword), pos (content words by POS tag), entities or all")
	f.Float64(&o.Selection.Rate, "rate", d.Rate, "share of eligible words to change, 0 to 1")
	f.Enum(&o.Selection.Targets, "targets", "", d.Targets, perturb.TargetChoices(),
		"change words in: all, entities (gold mentions only) or context (outside mentions)")
	f.Int(&o.Selection.MinLength, "min-length", d.MinLength, "minimum length of a selected word, in letters")
	f.IntIn(&o.Workers, "workers", min(runtime.NumCPU(), perturb.MaxWorkers), 1, perturb.MaxWorkers, "parallel workers (output does not depend on it)")
	f.Check("", func() error { return FlagError(o.Selection.Validate()) })
	o.bindOptions(f, All())
}

// bindOptions binds the options of ks, each kind's to its own values.
// Kinds may share an option they declare alike (synonym and
// abbreviation: --db, --type-map): one flag then sets both. Another
// option name already bound (by another kind, differently, or by the
// command) panics: the program must not start with a flag of two
// meanings.
func (o *Flags) bindOptions(f *cli.Flags, ks []*perturb.Kind) {
	o.options = map[string]map[string]*string{}
	type bound struct {
		opt   perturb.Option
		v     *string
		kinds []string
	}
	shared := map[string]*bound{}
	var text usages
	text.b.Grow(usageBytes)
	for _, k := range ks {
		o.options[k.Name] = map[string]*string{}
		for _, opt := range k.Options {
			if b := shared[opt.Name]; b != nil && sameOption(b.opt, opt) {
				o.options[k.Name][opt.Name] = b.v
				b.kinds = append(b.kinds, k.Name)
				f.FlagSet().Lookup(opt.Name).Usage = text.of(opt, b.kinds)
				continue
			}
			if prev := f.FlagSet().Lookup(opt.Name); prev != nil {
				// Two kinds (or a kind and the command) would share one flag.
				panic(fmt.Sprintf("option --%s of kind %s is already a flag: %s", opt.Name, k.Name, prev.Usage))
			}
			v := new(string)
			*v = opt.Default
			o.options[k.Name][opt.Name] = v
			b := &bound{opt: opt, v: v, kinds: []string{k.Name}}
			shared[opt.Name] = b
			help := text.of(opt, b.kinds)
			if opt.Bool {
				f.BoolText(v, opt.Name, help)
			} else if opt.List {
				f.JoinedList(v, opt.Name, help)
			} else {
				f.FlagSet().StringVar(v, opt.Name, opt.Default, help)
			}
			if opt.Reads() {
				f.Input(opt.Name, textutil.SplitList)
			}
		}
	}
}

// usages builds the usage texts of the kinds' options, back to back in
// one buffer sized once (usageBytes): made one by one, strings of some
// twenty sizes took a page or two each of the heap's spans, 10 to 30 of
// the faults of every command that binds them, at some 15 us each here
// (issue 34). A text stays valid when the buffer grows: a
// strings.Builder never writes over what its String returned.
type usages struct{ b strings.Builder }

// usageBytes is room for the usage texts of the built-in kinds: 2.5 KB
// (TestUsageBytes), and the first texts of the options kinds share.
const usageBytes = 4 << 10

// of returns the usage of option opt of kinds: its help, the kinds in
// parentheses and, for a list, "(repeatable)".
func (u *usages) of(opt perturb.Option, kinds []string) string {
	start := u.b.Len()
	u.b.WriteString(opt.Help)
	u.b.WriteString(" (")
	for i, k := range kinds {
		if i > 0 {
			u.b.WriteString(", ")
		}
		u.b.WriteString(k)
	}
	u.b.WriteString(")")
	if opt.List {
		u.b.WriteString(" (repeatable)")
	}
	return u.b.String()[start:]
}

// sameOption reports whether two kinds declare an option alike, so
// that one flag may set it for both.
func sameOption(a, b perturb.Option) bool {
	return a.Name == b.Name && a.Default == b.Default && a.Bool == b.Bool && a.List == b.List && a.Files == b.Files && a.Input == b.Input
}

// Values returns the kinds' option values as set on the command line.
func (o *Flags) Values() map[string]map[string]string {
	m := map[string]map[string]string{}
	for k, opts := range o.options {
		m[k] = map[string]string{}
		for name, v := range opts {
			m[k][name] = *v
		}
	}
	return m
}

// BindKinds binds flag name, a comma-separated list of kinds, to *p,
// resolved with their options (Resolve) and checked against the word
// selection when the command line is parsed. Only --kinds is required;
// another list (run --augment) may be left out.
func (o *Flags) BindKinds(f *cli.Flags, p *[]perturb.ManifestKind, name, value, usage string) {
	var names []string
	f.List(&names, name, value, usage)
	f.Check(name, func() error {
		if name != "kinds" && len(names) == 0 {
			return nil // an optional list, not given
		}
		var err error
		if *p, err = Resolve(names, o.Values()); err != nil {
			return err
		}
		return FlagError(perturb.CheckSelectionOf(o.Selection, *p))
	})
}

// FlagError maps a library error about an option value to the flag that
// set it; other errors pass unchanged.
func FlagError(err error) error {
	var oe *perturb.OptionError
	if errors.As(err, &oe) {
		return fmt.Errorf("--%s %s", strings.ReplaceAll(oe.Option, "_", "-"), oe.Reason())
	}
	var se *perturb.SelectionError
	if errors.As(err, &se) {
		return fmt.Errorf("--%s %s: %s", strings.ReplaceAll(se.Option, "_", "-"), se.Value, se.Reason())
	}
	return err
}

// SetupError makes errors of options a usage error: a bad value, or a
// perturbation that cannot be set up with the options given.
func SetupError(err error) error {
	var se *perturb.SetupError
	if errors.As(err, &se) || errors.Is(err, perturb.ErrOption) {
		return cli.UsageErrorf("%v", FlagError(err))
	}
	return err
}
