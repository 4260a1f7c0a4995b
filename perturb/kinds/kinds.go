// Package kinds makes every perturbation kind of this module available by
// name: importing it registers keyboard, swap, synonym, spelling, case, ocr,
// insert, delete, entity-swap and abbreviation, so a program can call Lookup or All without a blank
// import per kind. A program that
// needs one kind only imports that kind's package and passes its Kind to
// perturb.Apply (keyboard and swap do not pull in the concept store).
package kinds

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/stress-ner/stress/internal/textutil"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/abbreviation"
	"github.com/stress-ner/stress/perturb/casing"
	"github.com/stress-ner/stress/perturb/delete"
	"github.com/stress-ner/stress/perturb/entityswap"
	"github.com/stress-ner/stress/perturb/insert"
	"github.com/stress-ner/stress/perturb/keyboard"
	"github.com/stress-ner/stress/perturb/ocr"
	"github.com/stress-ner/stress/perturb/pos"
	"github.com/stress-ner/stress/perturb/spelling"
	"github.com/stress-ner/stress/perturb/swap"
	"github.com/stress-ner/stress/perturb/synonym"
)

// builtin lists the kinds of this module; their packages register them.
var builtin = []*perturb.Kind{keyboard.Kind, swap.Kind, synonym.Kind, abbreviation.Kind,
	spelling.Kind, casing.Kind, ocr.Kind, insert.Kind, delete.Kind, entityswap.Kind}

// NewSelector is perturb.NewSelector for every selection, "pos"
// included: it loads the part-of-speech tagger when opts asks for it.
func NewSelector(opts perturb.Selection, seed uint64) (*perturb.Selector, error) {
	t, err := ContentTagger(opts)
	if err != nil {
		return nil, err
	}
	return perturb.NewSelectorTagger(opts, seed, t)
}

// ContentTagger returns the tagger selection opts needs: pos.Load for
// "pos", nil for the others.
func ContentTagger(opts perturb.Selection) (perturb.ContentTagger, error) {
	if opts.Method != perturb.SelectPOS {
		return nil, nil
	}
	t, err := pos.Load()
	if err != nil {
		return nil, err
	}
	return t, nil
}

// Lookup returns the kind registered under name.
func Lookup(name string) (*perturb.Kind, error) { return perturb.Lookup(name) }

// All returns the registered kinds sorted by name: the built-in ones and
// any a program registered itself.
func All() []*perturb.Kind { return perturb.All() }

// Builtin returns the kinds of this module, in a fixed order.
func Builtin() []*perturb.Kind { return slices.Clone(builtin) }

// Names returns the names of the registered kinds, in registry order.
func Names() []string {
	var ns []string
	for _, k := range All() {
		ns = append(ns, k.Name)
	}
	return ns
}

// Help lists the registered kinds with their help lines: "keyboard
// (...); swap (...)".
func Help() string {
	ks := All()
	n := 0
	for _, k := range ks {
		n += len(k.Name) + len(k.Help) + len(" (); ")
	}
	var b strings.Builder
	b.Grow(n) // once: grown step by step, it touched a page at each of several sizes
	for i, k := range ks {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(k.Name)
		b.WriteString(" (")
		b.WriteString(k.Help)
		b.WriteString(")")
	}
	return b.String()
}

// Options returns the resolved options of kind k from values, the
// options set per kind name (missing ones take their defaults); a
// composition ("keyboard+case") has its parts' options.
func Options(k *perturb.Kind, values map[string]map[string]string) (map[string]string, error) {
	opts := map[string]string{}
	for _, part := range strings.Split(k.Name, "+") {
		for name, v := range values[part] {
			opts[name] = v
		}
	}
	return k.Resolve(opts)
}

// Resolve looks up the kinds named (compositions included) and resolves
// their options from values (see Options), as a build's manifest records
// them. A kind named twice is an error.
func Resolve(names []string, values map[string]map[string]string) ([]perturb.ManifestKind, error) {
	if len(names) == 0 {
		return nil, errors.New("no kinds given")
	}
	var out []perturb.ManifestKind
	seen := map[string]bool{}
	for _, n := range names {
		k, err := Lookup(n)
		if err != nil {
			return nil, err
		}
		if seen[k.Name] {
			return nil, fmt.Errorf("kind %q given twice", n)
		}
		seen[k.Name] = true
		opts, err := Options(k, values)
		if err != nil {
			return nil, err
		}
		out = append(out, perturb.ManifestKind{Name: k.Name, Suffix: k.Suffix, Options: opts})
	}
	return out, nil
}

// InputFiles returns the files the options of ks name for their kinds
// to read (perturb.Option.Reads: a concept store, corpora whose mentions
// are not used), in order: inputs of the output policy of any command
// that perturbs with ks. Unknown kinds are skipped (New reports them).
func InputFiles(ks []perturb.ManifestKind) []string {
	var files []string
	for _, mk := range ks {
		k, err := Lookup(mk.Name)
		if err != nil {
			continue
		}
		for _, o := range k.Options {
			if o.Reads() {
				files = append(files, textutil.SplitList(mk.Options[o.Name])...)
			}
		}
	}
	return files
}

// New builds a resolved kind (from Resolve or a manifest), checking
// that its suffix is still the one recorded: output names depend on it.
// The caller closes the result.
func New(mk perturb.ManifestKind) (*perturb.BuiltKind, error) {
	k, err := Lookup(mk.Name)
	if err != nil {
		return nil, err
	}
	if k.Suffix != mk.Suffix {
		return nil, fmt.Errorf("%w: kind %s has suffix %q, manifest says %q", perturb.ErrManifest, k.Name, k.Suffix, mk.Suffix)
	}
	return k.Build(mk.Options)
}
