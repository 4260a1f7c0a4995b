// Package build makes stress sets and reads them back. A Plan names the
// inputs, the perturbation kinds with their options, the seed, the word
// selection and the output directory; Run perturbs every input with
// every kind in one pipeline and writes NAME_SUFFIX.EXT per input and
// kind, changes.tsv and manifest.json, all or nothing. FromManifest
// makes the plan that regenerates a build byte for byte, and Open reads
// a finished build (manifest, change log, gold sets) for comparison.
//
// A Plan knows every file it reads and writes before any work is done
// (Plan.Files), so that a caller can apply one policy to them (refuse to
// replace an input, ask before overwriting).
package stressset

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/textutil"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/kinds"
	"github.com/stress-ner/stress/sample"
)

// File names in a build directory.
const (
	ManifestName = "manifest.json"
	ChangesName  = "changes.tsv"
)

// KeptCopy returns the name of the copy of input in a build keeps beside
// its sets, and records as that input, or "" if it keeps none: an input
// that can be read only once (standard input "-", a FIFO, a device such
// as /dev/fd/63 of a shell's <(...)) is copied as it is read, so that
// compare, run and build --from read it again. The copy is named as the
// input's outputs are: NAME plus the input's extension (stdin.tsv for
// "-"), so that it is read in the same format.
func KeptCopy(in Input) string {
	if in.Path != "-" {
		if conll.IsEmbedded(in.Path) {
			return ""
		}
		info, err := os.Stat(in.Path)
		if err != nil || info.Mode().IsRegular() {
			return ""
		}
	}
	return in.Name + outputExt(in.Path)
}

// Sentinel errors.
var (
	// ErrInput means an input cannot be used: an unknown embedded
	// corpus, two inputs that would write the same outputs, or a build
	// input that is not there.
	ErrInput = errors.New("bad input")
	// ErrChangeLog means a change log that cannot be read: a missing
	// column, a row that is not numbers where numbers belong.
	ErrChangeLog = errors.New("bad change log")
	// ErrManifest means a manifest is malformed or does not match its
	// inputs; it is ErrManifest, which a recorded kind that no
	// longer matches its registered kind wraps too.
	ErrManifest = perturb.ErrManifest
)

// Plan is everything a build needs; it is filled by the caller or by
// FromManifest.
type Plan struct {
	Seed      uint64
	Selection perturb.Selection
	Kinds     []perturb.ManifestKind // with resolved options, as recorded
	Inputs    []Input                // Path (a file, or sample:test) and Name; see Inputs
	Dir       string                 // output directory, created if missing
	Workers   int                    // parallel workers; the output does not depend on it
	Version   string                 // tool version recorded in the manifest
	// Scheme is the tag scheme of the inputs: checked as they are read,
	// converted to IOB2 to be perturbed, and back to write the outputs,
	// so that an IOBES input gives IOBES stress sets. The manifest
	// records it. IOB2 (the zero value) is what the corpora use.
	Scheme iob.Scheme
	// Repair, when not nil, repairs the invalid tag transitions of the
	// inputs instead of refusing them, reading them as conlleval does,
	// and receives each repair (conll.File.SetSchemeRepair); the
	// manifest records that they were repaired.
	Repair func(conll.Repair)
	// Progress, when set, is called as sentences are done.
	Progress func(sentences int)
	// Opener opens the inputs: "-" is its standard input, integer JSON
	// Lines tags are named by its Labels.
	Opener conll.Opener
	// Expect is the manifest being regenerated (FromManifest): the
	// inputs and outputs must match it.
	Expect *Manifest
	// Force lets Run replace outputs that exist (--force; the caller
	// has applied the output policy to Files). Without it, an output
	// that appears while Run works is left alone and fails the build,
	// which then leaves none of its outputs.
	Force bool
}

// Inputs names the input files at paths for a plan: each is named after
// its base name ("data/test.tsv.gz" -> "test"), and two inputs with the
// same name are an error, as their outputs would collide. No paths
// means the embedded sample's test part.
func Inputs(paths []string) ([]Input, error) {
	if len(paths) == 0 {
		return []Input{{Path: sample.TestName, Name: "test"}}, nil
	}
	var out []Input
	seen := map[string]string{}
	for _, p := range paths {
		name := baseName(p)
		if p == "-" {
			name = "stdin" // outputs stdin_key.tsv, ...
		}
		if prev, dup := seen[name]; dup {
			return nil, fmt.Errorf("%w: inputs %s and %s would both write %s_*", ErrInput, prev, p, name)
		}
		seen[name] = p
		out = append(out, Input{Path: p, Name: name})
	}
	return out, nil
}

// InputsOf is Inputs of the one test corpus of an evaluation (run and
// curve --test): test, or the embedded sample's test part when test is
// "".
func InputsOf(test string) ([]Input, error) {
	if test == "" {
		return Inputs(nil)
	}
	return Inputs([]string{test})
}

// Files returns the input files Run reads (embedded corpora left out),
// the files its kinds' options name for them to read last
// (kinds.InputFiles: a concept store, corpora of unseen mentions), and
// every file it writes, in the order it commits them.
func (p *Plan) Files() (inputs, outputs []string) {
	for _, in := range p.Inputs {
		if !conll.IsEmbedded(in.Path) {
			inputs = append(inputs, in.Path)
			inputs = append(inputs, conll.FormatOf(in.Path).SideFiles(in.Path)...)
		}
		if name := KeptCopy(in); name != "" {
			outputs = append(outputs, filepath.Join(p.Dir, name))
		}
		for _, k := range p.Kinds {
			name := filepath.Join(p.Dir, outputName(in, k))
			outputs = append(outputs, name)
			outputs = append(outputs, conll.FormatOf(name).SideFiles(name)...) // brat's text beside
		}
	}
	outputs = append(outputs, filepath.Join(p.Dir, ChangesName), filepath.Join(p.Dir, ManifestName))
	return append(inputs, kinds.InputFiles(p.Kinds)...), outputs
}

// outputName is the file an input's output of kind k is written to.
func outputName(in Input, k perturb.ManifestKind) string {
	return in.Name + "_" + k.Suffix + outputExt(in.Path)
}

// baseName is the input file name without directory and corpus
// extensions: "data/test.tsv.gz" -> "test".
func baseName(path string) string {
	b := filepath.Base(path)
	b = strings.TrimSuffix(b, ".gz")
	return strings.TrimSuffix(b, corpusExt(b))
}

// corpusExt is the extension of a corpus file name: the last one, or
// ".bioc.json", whose inner part says the format (test.bioc.json ->
// test_key.bioc.json).
func corpusExt(name string) string {
	if strings.HasSuffix(strings.ToLower(name), ".bioc.json") {
		return name[len(name)-len(".bioc.json"):]
	}
	return filepath.Ext(name)
}

// outputExt is the extension outputs of an input get: the input's own
// (without .gz, as outputs are written uncompressed), ".tsv" by default.
func outputExt(path string) string {
	ext := corpusExt(strings.TrimSuffix(filepath.Base(path), ".gz"))
	if ext == "" {
		return ".tsv"
	}
	return ext
}

// RecordedPath is how a manifest in dir names the input at path (see
// recordedPath), for commands that write their own manifests.
func RecordedPath(path, dir string) string { return recordedPath(path, dir) }

// InputName is the name a build gives the outputs of the input at path:
// its base name without directory and corpus extensions.
func InputName(path string) string { return baseName(path) }

// recordedPath is how a manifest in dir names the input at path:
// relative to dir when possible, so that the build directory and its
// inputs can move together and --from works from any directory.
func recordedPath(path, dir string) string {
	if conll.IsEmbedded(path) || path == "-" {
		return path
	}
	absPath, err1 := filepath.Abs(path)
	absDir, err2 := filepath.Abs(dir)
	if err1 != nil || err2 != nil {
		return path
	}
	if rel, err := filepath.Rel(absDir, absPath); err == nil {
		return filepath.ToSlash(rel)
	}
	return absPath
}

// mapFileOptions returns a copy of ks with every path of their Files
// options (comma-separated) replaced by fn(path).
func mapFileOptions(ks []perturb.ManifestKind, fn func(string) string) ([]perturb.ManifestKind, error) {
	out := make([]perturb.ManifestKind, len(ks))
	for i, mk := range ks {
		out[i] = mk
		k, err := kinds.Lookup(mk.Name)
		if err != nil {
			return nil, err
		}
		cloned := false
		for _, o := range k.Options {
			v, ok := mk.Options[o.Name]
			if !o.Files || !ok || v == "" {
				continue
			}
			if !cloned { // the caller's map stays as it is
				out[i].Options, cloned = maps.Clone(mk.Options), true
			}
			paths := textutil.SplitList(v)
			for j, p := range paths {
				paths[j] = fn(p)
			}
			out[i].Options[o.Name] = strings.Join(paths, ",")
		}
	}
	return out, nil
}

// FromManifest returns the plan that regenerates the build described by
// the manifest at path, into dir, or the manifest's directory when dir
// is "" (then with Force set); Run then checks that every input and output matches its
// recorded SHA-256. Inputs and file options recorded with relative
// paths are found relative to the manifest, wherever dir is.
func FromManifest(path, dir string) (*Plan, error) {
	m, err := ReadManifest(path)
	if err != nil {
		return nil, err
	}
	if m.Command != "" {
		return nil, fmt.Errorf("%s: %w: the sets of stress %s cannot be rebuilt without its model; run it again", path, ErrManifest, m.Command)
	}
	p := &Plan{Seed: m.Seed, Selection: m.Selection, Dir: filepath.Dir(path), Expect: m}
	if p.Scheme, err = m.TagScheme(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if m.Repair {
		p.Repair = func(conll.Repair) {} // the caller may report them
	}
	// File options, like inputs, are recorded relative to the manifest.
	if p.Kinds, err = mapFileOptions(m.Kinds, func(f string) string {
		if filepath.IsAbs(f) {
			return f
		}
		return filepath.Join(p.Dir, filepath.FromSlash(f))
	}); err != nil {
		return nil, err
	}
	for _, in := range m.Inputs {
		path := in.Path
		if !conll.IsEmbedded(path) && !filepath.IsAbs(path) {
			path = filepath.Join(p.Dir, path) // recorded relative to the manifest
		}
		p.Inputs = append(p.Inputs, Input{Path: path, Name: in.Name})
	}
	if dir != "" {
		p.Dir = dir
	} else {
		// In place, Run writes the very bytes recorded (checked before
		// anything is committed): it may replace its own outputs.
		p.Force = true
	}
	return p, nil
}
