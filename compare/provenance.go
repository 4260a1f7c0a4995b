package compare

import "github.com/stress-ner/stress/perturb"

// Provenance says where a report's figures come from, so that a reader
// can cite them: the inputs (with their SHA-256 and sizes), the systems
// (the command or model file each ran), the kinds of stress set with
// their options, the seed, and the tool that made the report. A caller
// that knows these (stress run, stress compare on a build) fills it in;
// the Comparer itself only sees sentences.
type Provenance struct {
	Tool     string `json:"tool"`     // "stress"
	Version  string `json:"version"`  // the tool's version
	Revision string `json:"revision"` // VCS revision of the build, "unknown" when not built from a checkout
	Modified bool   `json:"modified,omitempty"`
	Date     string `json:"date"`    // when the report was made, RFC 3339
	Command  string `json:"command"` // the command line, e.g. "stress run --test ..."
	Seed     uint64 `json:"seed"`
	// Selection describes the word selection of the word-level kinds,
	// e.g. "lexical, rate 1, targets all, min length 3".
	Selection string       `json:"selection,omitempty"`
	Inputs    []InputInfo  `json:"inputs"`
	Systems   []SystemInfo `json:"systems"`
	Kinds     []KindInfo   `json:"kinds"`
}

// InputInfo identifies one input corpus.
type InputInfo struct {
	Role      string         `json:"role"` // "test" or "train"
	Path      string         `json:"path"` // as given; "sample:test" for the embedded sample
	SHA256    string         `json:"sha256"`
	Sentences int            `json:"sentences"`
	Tokens    int            `json:"tokens"`
	Mentions  int            `json:"mentions"`
	Types     map[string]int `json:"mentions_by_type,omitempty"`
}

// SystemInfo says what one system is.
type SystemInfo struct {
	Name string `json:"name"`
	// Kind is "baseline" (trained here), "model" (a saved model file),
	// "command" or "server" (an external tagger).
	Kind string `json:"kind"`
	// Source is the command line, the model file, or how the baseline
	// was trained ("words features, 10 epochs on train.tsv").
	Source string `json:"source"`
	SHA256 string `json:"sha256,omitempty"` // of a model file
}

// KindInfo is one kind of stress set with its resolved options.
type KindInfo struct {
	Name    string            `json:"name"`
	Set     string            `json:"set"` // the set's name in the report
	File    string            `json:"file,omitempty"`
	SHA256  string            `json:"sha256,omitempty"`
	Options map[string]string `json:"options,omitempty"`
	// Help says in a sentence what the kind does, for the glossary.
	Help string `json:"help,omitempty"`
}

// SetDescription tells the Comparer what a set is, beyond its
// sentences: the kind that made it and what that kind changes, so that
// the report can say how much of it changed and whether that is enough
// to measure anything (see Describe).
type SetDescription struct {
	Kind string
	// Mentions is set for kinds that change gold mentions (synonym,
	// abbreviation, entity-swap, spelling): their share changed is
	// counted in mentions, and the report gives F1 on the changed
	// mentions beside the same mentions on the reference. Other kinds
	// are counted in tokens.
	Mentions bool
}

// minChangedShare is the share of its targets (mentions or tokens) a
// set must change to be measured: below it, a set is a near copy of the
// reference and its drop says nothing about robustness, so the report
// marks it "not measured" rather than print a drop. It is the threshold
// of the entity-level kinds' own count (perturb.MinMeasured), so that
// both ways of telling agree.
const minChangedShare = perturb.MinMeasured

// minEntities is the number of entities under which an interval is
// reported as too few to trust: a bootstrap over a handful of entities
// (one entity gives [100, 100]) looks precise and is not.
const minEntities = 30
