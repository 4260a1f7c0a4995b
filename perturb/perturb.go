// Package perturb holds the machinery shared by all stress perturbations:
// the registry of perturbation kinds, per-sentence seeding, word
// selection, the parallel ordered pipeline, output checks, the change log
// and the build manifest.
//
// Most programs need one call: Apply perturbs a corpus with one Kind
// (keyboard.Kind, swap.Kind, ...; package perturb/kinds has them all by
// name), seeded exactly as "stress perturb". Package build makes whole
// stress-set builds with change log and manifest.
//
// A perturbation is a pure function of a sentence, the tokens selected
// for change and a random source: it returns a new sentence and the list
// of Changes it made. Every random choice comes from a generator derived
// from the run's seed, the perturbation's name and the sentence's content
// (never its position), so the output is byte-identical whatever the
// number of workers and when a corpus is split into shards whose outputs
// are concatenated.
package perturb

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/stress-ner/stress/conll"
)

// Sentinel errors. Errors returned by this package wrap one of them, so
// callers can test with errors.Is.
var (
	// ErrUnknownKind means no perturbation of that name is registered.
	ErrUnknownKind = errors.New("unknown perturbation")
	// ErrInvalidChange means a change is not the kind of edit its
	// perturbation promises (e.g. a keyboard change by a non-neighbour).
	ErrInvalidChange = errors.New("invalid change")
	// ErrCheck means a perturbed sentence does not match its original:
	// a sentence, token or label was lost or altered, or a token was
	// modified without a logged change.
	ErrCheck = errors.New("output check failed")
	// ErrOption means a selection or perturbation option is invalid.
	ErrOption = errors.New("invalid option")
	// ErrManifest means a manifest is malformed or does not match its inputs.
	ErrManifest = errors.New("bad manifest")
)

// OptionError is an invalid option value. It describes the value, not
// how it was given: a command-line tool maps Option to its flag.
type OptionError struct {
	Option string // e.g. "rate", or "keyboard.layout" for a kind's option
	Value  string
	Want   string // what a valid value looks like
}

func (e *OptionError) Error() string {
	return fmt.Sprintf("%v: %s %s", ErrOption, e.Option, e.Reason())
}

// Reason is the error without the option's name: the value and what
// was wanted.
func (e *OptionError) Reason() string { return fmt.Sprintf("%q (want %s)", e.Value, e.Want) }

func (e *OptionError) Unwrap() error { return ErrOption }

// SetupError is an error of Kind.New: the kind could not be built from
// its options (a bad value, a concept store that cannot be opened).
type SetupError struct {
	Kind string
	Err  error
}

func (e *SetupError) Error() string { return e.Kind + ": " + e.Err.Error() }
func (e *SetupError) Unwrap() error { return e.Err }

// Build returns the perturbation of kind k with the given options
// (missing ones take their defaults); errors are *SetupError. If the
// result implements io.Closer, the caller closes it.
func (k *Kind) Build(opts map[string]string) (Perturbation, error) {
	resolved, err := k.Resolve(opts)
	if err != nil {
		return nil, &SetupError{Kind: k.Name, Err: err}
	}
	p, err := k.New(resolved)
	if err != nil {
		return nil, &SetupError{Kind: k.Name, Err: err}
	}
	return p, nil
}

// Change is one edit made by a perturbation, as logged in changes.tsv.
type Change struct {
	File     string // output file name, set by the pipeline
	Sentence int    // 0-based sentence index in the input, set by the pipeline
	Token    int    // 0-based index of the first token changed
	End      int    // index after the last token changed (Token+1 for one token)
	Kind     string // perturbation name, e.g. "keyboard"
	Before   string // original text of tokens [Token, End), space-joined
	After    string // new text, space-joined

	// Optional details of concept-preserving replacements.
	ConceptID string // e.g. a UMLS CUI or MeSH id
	Source    string // lexicon the replacement came from
	TermType  string // term type of the replacement (e.g. "SY", "PT")
}

// Perturbation changes sentences. Implementations must be safe for
// concurrent use and must draw every random choice from r.
type Perturbation interface {
	// Perturb returns a perturbed copy of s and the changes made. selected
	// marks the tokens chosen by word selection (len(selected) ==
	// s.Len()); a perturbation that works on other units, such as gold
	// entity spans, may ignore it. Perturb must not modify s. Token
	// indices of changes refer to s; a perturbation that changes the
	// number of tokens must say so in its Kind (ChangesTokenCount).
	// Perturb must not keep selected or r: the pipeline reuses both for
	// the next sentence.
	Perturb(s conll.Sentence, selected []bool, r *rand.Rand) (conll.Sentence, []Change)
	// Check reports whether c is a valid change of this perturbation,
	// wrapping ErrInvalidChange when it is not.
	Check(c Change) error
}

// Option is a perturbation-specific setting, offered as a command-line
// flag and recorded in the manifest.
type Option struct {
	Name    string // flag name, e.g. "layout"
	Default string // default value; "true"/"false" for Bool options
	Bool    bool
	// List marks a comma-separated list: a command line may repeat the
	// flag, and the values are joined with commas.
	List bool
	// Files marks (a list of) file paths: a build records them relative
	// to its directory, as it does its inputs, so that --from finds them
	// from anywhere.
	Files bool
	Help  string
}

// Value returns the option's value in opts, or its default when opts has
// none or an empty one: what a kind's New reads, whether or not Build
// resolved opts.
func (o Option) Value(opts map[string]string) string {
	if v := opts[o.Name]; v != "" {
		return v
	}
	return o.Default
}

// BoolValue is Value read as a boolean; another value is an
// *OptionError.
func (o Option) BoolValue(opts map[string]string) (bool, error) {
	v := o.Value(opts)
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, &OptionError{Option: o.Name, Value: v, Want: "true or false"}
	}
	return b, nil
}

// Kind describes a registered perturbation.
type Kind struct {
	Name   string // e.g. "keyboard"
	Suffix string // output file suffix, e.g. "key" for NAME_key.tsv
	Help   string // one line, shown in command help
	// Options lists the settings New accepts.
	Options []Option
	// UsesSelection is false for perturbations that pick their own
	// targets (e.g. synonym replacement of gold entity spans).
	UsesSelection bool
	// Mentions is set for kinds that change gold mentions only
	// (synonym, abbreviation, entity-swap): word selection's
	// Targets "context" leaves them nothing to change, and is refused
	// (see CheckSelection). A kind with Mentions and without
	// UsesSelection chooses its mentions by SelectMentions: of the
	// selection, only Rate applies to it.
	Mentions bool
	// New builds a ready-to-use Perturbation from option values (missing
	// values take their defaults). It may do expensive setup, such as
	// opening a concept store; if the result implements io.Closer, the
	// caller closes it when done.
	New func(opts map[string]string) (Perturbation, error)

	components []*Kind // of a composition (see Lookup)
}

var (
	registryMu sync.RWMutex
	registry   = map[string]*Kind{}
)

// Register adds a perturbation kind. It panics if the name or suffix is
// empty or already registered, as that is a programming error.
func Register(k *Kind) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if k.Name == "" || k.Suffix == "" || k.New == nil {
		panic("perturb: Register of incomplete kind")
	}
	if _, dup := registry[k.Name]; dup {
		panic("perturb: duplicate kind " + k.Name)
	}
	registry[k.Name] = k
}

// Lookup returns the kind registered under name.
//
// A name of several kinds joined by "+" ("keyboard+case") is their
// composition: the kind that applies them in order to the same
// sentence, with one output and one change log, in which every change
// names the component kind that made it. Its suffix joins the kinds'
// suffixes ("key+case"), its options are the union of theirs (option
// names are unique across kinds), and it seeds one generator per
// sentence from its own name, from which the components draw in turn: a
// composition never changes the output of its components run alone.
// Every component sees the same word selection, made on the original
// sentence, so only the last may change the number of tokens (synonym,
// entity-swap).
func Lookup(name string) (*Kind, error) {
	if strings.Contains(name, "+") {
		var ks []*Kind
		for _, n := range strings.Split(name, "+") {
			k, err := Lookup(n)
			if err != nil {
				return nil, err
			}
			ks = append(ks, k)
		}
		return compose(ks...)
	}
	registryMu.RLock()
	defer registryMu.RUnlock()
	k, ok := registry[name]
	if !ok {
		return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownKind, name, strings.Join(names(), ", "))
	}
	return k, nil
}

// All returns the registered kinds sorted by name.
func All() []*Kind {
	registryMu.RLock()
	defer registryMu.RUnlock()
	out := make([]*Kind, 0, len(registry))
	for _, k := range registry {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func names() []string {
	var ns []string
	for n := range registry {
		ns = append(ns, n)
	}
	sort.Strings(ns)
	return ns
}

// Resolve returns opts completed with the defaults of k's options, and
// an error for a name k does not know. The result is what a manifest
// records.
func (k *Kind) Resolve(opts map[string]string) (map[string]string, error) {
	out := make(map[string]string, len(k.Options))
	for _, o := range k.Options {
		out[o.Name] = o.Default
	}
	for name, v := range opts {
		if _, ok := out[name]; !ok {
			return nil, fmt.Errorf("%w: %s has no option %q", ErrOption, k.Name, name)
		}
		out[name] = v
	}
	return out, nil
}
