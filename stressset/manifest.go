package stressset

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/stress-ner/stress/internal/jsonenc"
	"github.com/stress-ner/stress/internal/limits"
	"github.com/stress-ner/stress/internal/textutil"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
)

// Manifest records a stress set on disk: for a build, everything needed
// to regenerate it byte for byte (tool version, seed, selection, each
// perturbation's resolved options, and the SHA-256 of every input and
// output); for an attack (Command "attack"), the same facts of the sets
// a model's answers chose, which compare reads like any build.
type Manifest struct {
	Tool    string `json:"tool"`
	Version string `json:"version"`
	// Command is the command that made the sets: empty for a build
	// (stress build, stress run), CommandAttack for stress attack, whose
	// outputs are of kind SetAttack and SetRandom.
	Command   string                 `json:"command,omitempty"`
	Seed      uint64                 `json:"seed"`
	Selection perturb.Selection      `json:"selection"`
	Kinds     []perturb.ManifestKind `json:"kinds"`
	Inputs    []Input                `json:"inputs"`
	Changes   string                 `json:"changes"` // change log file name, in the manifest's directory
	// Scheme is the tag scheme of the inputs and outputs (iob1, iobes),
	// converted to IOB2 to be perturbed and back to be written; empty
	// for IOB2, so that IOB2 manifests keep their bytes.
	Scheme string `json:"scheme,omitempty"`
	// Repair is set when invalid tag transitions of the inputs were
	// repaired, read as conlleval reads them, instead of refused
	// (conll.File.SetSchemeRepair): a rebuild repairs them too.
	Repair bool `json:"repair,omitempty"`
	// Options are the settings of the command beyond the kinds (an
	// attack's model and search limits), by flag name.
	Options map[string]string `json:"options,omitempty"`
}

// Commands that write manifests other than a build's, and the kinds of
// their outputs.
const (
	CommandAttack = "attack"
	SetAttack     = "attack" // the adversarial set of an attack
	SetRandom     = "random" // its random set: as many words changed, at random
)

// TagScheme returns the scheme the manifest records (IOB2 when none).
func (m *Manifest) TagScheme() (iob.Scheme, error) {
	if m.Scheme == "" {
		return iob.IOB2, nil
	}
	s, err := iob.ParseScheme(m.Scheme)
	if err != nil {
		return 0, fmt.Errorf("%w: %v", ErrManifest, err)
	}
	return s, nil
}

// Input is one input corpus of a build and its outputs.
type Input struct {
	Path    string        `json:"path"` // as given; "sample:test" for the embedded sample
	Name    string        `json:"name"` // base name used for outputs (NAME_key.tsv)
	SHA256  string        `json:"sha256"`
	Stats   perturb.Stats `json:"stats"`
	Outputs []Output      `json:"outputs"`
}

// Output is one perturbed file of a build.
type Output struct {
	Kind   string        `json:"kind"`
	File   string        `json:"file"` // file name in the manifest's directory
	SHA256 string        `json:"sha256"`
	Stats  perturb.Stats `json:"stats"`
}

var (
	sha256RE = textutil.LazyRegexp(`^[0-9a-f]{64}$`)
	// A file name in the build directory: no separators, not hidden.
	fileNameRE = textutil.LazyRegexp(`^[^./\\][^/\\]*$`)
)

// DecodeManifest decodes and validates a manifest. Unknown fields are an
// error, so a manifest from a newer tool is not silently half-applied.
func DecodeManifest(r io.Reader) (*Manifest, error) {
	// A manifest is a small file: one without end (a link to /dev/zero,
	// endless white space) is an error once past limits.MaxDocument.
	dec := json.NewDecoder(limits.Reader(r, limits.MaxDocument, limits.ErrLargeDocument))
	dec.DisallowUnknownFields()
	var m Manifest
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrManifest, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%w: data after the manifest object", ErrManifest)
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return &m, nil
}

// Validate checks that m can drive a build.
func (m *Manifest) Validate() error {
	if m.Tool != "stress" {
		return fmt.Errorf("%w: tool %q, want \"stress\"", ErrManifest, m.Tool)
	}
	if err := m.Selection.Validate(); err != nil {
		return fmt.Errorf("%w: %v", ErrManifest, err)
	}
	if _, err := m.TagScheme(); err != nil {
		return err
	}
	if len(m.Kinds) == 0 {
		return fmt.Errorf("%w: no kinds", ErrManifest)
	}
	seen := map[string]bool{}
	for _, k := range m.Kinds {
		if seen[k.Name] {
			return fmt.Errorf("%w: kind %q twice", ErrManifest, k.Name)
		}
		seen[k.Name] = true
	}
	// The kinds outputs may have: a build's kinds, an attack's two sets.
	outputKinds := seen
	switch m.Command {
	case "":
	case CommandAttack:
		outputKinds = map[string]bool{SetAttack: true, SetRandom: true}
	default:
		return fmt.Errorf("%w: unknown command %q", ErrManifest, m.Command)
	}
	if len(m.Inputs) == 0 {
		return fmt.Errorf("%w: no inputs", ErrManifest)
	}
	if !fileNameRE().MatchString(m.Changes) {
		return fmt.Errorf("%w: bad change log name %q", ErrManifest, m.Changes)
	}
	names := map[string]bool{}
	for _, in := range m.Inputs {
		if in.Path == "" || !fileNameRE().MatchString(in.Name) {
			return fmt.Errorf("%w: input %q with bad name %q", ErrManifest, in.Path, in.Name)
		}
		if names[in.Name] {
			return fmt.Errorf("%w: two inputs named %q", ErrManifest, in.Name)
		}
		names[in.Name] = true
		if !sha256RE().MatchString(in.SHA256) {
			return fmt.Errorf("%w: input %q: bad sha256 %q", ErrManifest, in.Path, in.SHA256)
		}
		for _, o := range in.Outputs {
			if !fileNameRE().MatchString(o.File) || !outputKinds[o.Kind] {
				return fmt.Errorf("%w: input %q: bad output %q of kind %q", ErrManifest, in.Path, o.File, o.Kind)
			}
			if !sha256RE().MatchString(o.SHA256) {
				return fmt.Errorf("%w: output %q: bad sha256 %q", ErrManifest, o.File, o.SHA256)
			}
		}
	}
	return nil
}

// Encode returns the manifest as indented JSON with a final newline. The
// encoding is deterministic (map keys sorted), so a rebuild gives the
// same bytes.
func (m *Manifest) Encode() ([]byte, error) {
	return jsonenc.Marshal(m)
}
