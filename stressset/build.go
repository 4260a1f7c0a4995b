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
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/atomicfile"
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

// Files returns the input files Run reads (embedded corpora left out),
// the files its kinds' options name for them to read last
// (kinds.InputFiles: a concept store, corpora of unseen mentions), and
// every file it writes, in the order it commits them.
func (p *Plan) Files() (inputs, outputs []string) {
	for _, in := range p.Inputs {
		if !IsSample(in.Path) {
			inputs = append(inputs, in.Path)
			if conll.FormatOf(in.Path) == conll.FormatBrat {
				inputs = append(inputs, strings.TrimSuffix(in.Path, filepath.Ext(in.Path))+".txt")
			}
		}
		for _, k := range p.Kinds {
			name := filepath.Join(p.Dir, outputName(in, k))
			outputs = append(outputs, name)
			if conll.FormatOf(name) == conll.FormatBrat {
				// brat keeps the text beside the annotations.
				outputs = append(outputs, strings.TrimSuffix(name, filepath.Ext(name))+".txt")
			}
		}
	}
	outputs = append(outputs, filepath.Join(p.Dir, ChangesName), filepath.Join(p.Dir, ManifestName))
	return append(inputs, kinds.InputFiles(p.Kinds)...), outputs
}

// IsSample reports whether path names an embedded corpus ("sample:test")
// rather than a file.
func IsSample(path string) bool { return strings.HasPrefix(path, "sample:") }

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
	if path == sample.TestName {
		return ".tsv"
	}
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
	if strings.HasPrefix(path, "sample:") || path == "-" {
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
// is ""; Run then checks that every input and output matches its
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
		if !strings.HasPrefix(path, "sample:") && !filepath.IsAbs(path) {
			path = filepath.Join(p.Dir, path) // recorded relative to the manifest
		}
		p.Inputs = append(p.Inputs, Input{Path: path, Name: in.Name})
	}
	if dir != "" {
		p.Dir = dir
	}
	return p, nil
}

// Run runs the plan and returns the manifest it wrote. Every output goes
// to a temporary file and is renamed into place only when every input
// has been processed and checked, and the manifest last: a failed or
// cancelled build leaves nothing behind, not even the directory when
// the build made it.
func Run(ctx context.Context, plan *Plan) (m *Manifest, err error) {
	if _, statErr := os.Stat(plan.Dir); errors.Is(statErr, fs.ErrNotExist) {
		defer func() {
			if err != nil {
				os.Remove(plan.Dir) // only if still empty
			}
		}()
	}
	if err := os.MkdirAll(plan.Dir, 0o755); err != nil {
		return nil, err
	}
	selector, err := kinds.NewSelector(plan.Selection, plan.Seed)
	if err != nil {
		return nil, err
	}
	if err := perturb.CheckSelectionOf(plan.Selection, plan.Kinds); err != nil {
		return nil, err
	}
	var perts []perturb.Perturbation
	for _, mk := range plan.Kinds {
		bk, err := kinds.New(mk)
		if err != nil {
			return nil, err
		}
		defer bk.Close()
		perts = append(perts, bk.Perturbation)
	}
	recorded, err := mapFileOptions(plan.Kinds, func(path string) string { return recordedPath(path, plan.Dir) })
	if err != nil {
		return nil, err
	}
	m = &Manifest{Tool: "stress", Version: plan.Version, Seed: plan.Seed, Selection: plan.Selection,
		Kinds: recorded, Changes: ChangesName}
	if plan.Scheme != iob.IOB2 {
		m.Scheme = plan.Scheme.String()
	}
	m.Repair = plan.Repair != nil

	changes, err := atomicfile.Create(filepath.Join(plan.Dir, ChangesName), false)
	if err != nil {
		return nil, err
	}
	defer changes.Abort()
	changesOut := newAsyncWriter(changes, nil)
	defer changesOut.Close()
	cw := NewChangeWriter(changesOut)
	cw.Scheme = plan.Scheme
	cw.WriteHeader()

	// Finished outputs, and the change log so far, are flushed to disk
	// in the background while later inputs are perturbed, so that the
	// fsyncs of Commit, which would otherwise come all at the end, find
	// little left to write. Their errors are kept and checked before
	// anything is committed: Linux reports a writeback error once per
	// open file, so the background fsync may be the only one to see it.
	var syncs syncGroup

	// All inputs go through one pipeline, one after the other: the next
	// input is read and perturbed while the previous one is written, so
	// both cores stay busy to the end, and the change log is written
	// straight through in input order.
	srcs := make([]*source, len(plan.Inputs))
	sinks := make([][]*sink, len(plan.Inputs))
	parts := make([]perturb.Part, len(plan.Inputs))
	for i, in := range plan.Inputs {
		if IsSample(in.Path) && plan.Scheme != iob.IOB2 {
			return nil, fmt.Errorf("%w: %s is IOB2, not %s", ErrInput, in.Path, plan.Scheme)
		}
		src, err := openSource(plan.Opener, in.Path)
		if err != nil {
			return nil, err
		}
		srcs[i] = src
		defer src.Close()
		// Inputs are valid in the plan's scheme: anything else (IOB1 or
		// IOBES read as IOB2, "X-Foo", "B-") stops the build at its line
		// instead of passing through.
		if err := src.file.SetSchemeRepair(plan.Scheme, plan.Repair); err != nil {
			return nil, err
		}
		part := perturb.Part{Source: src, Input: in.Path}
		for k, mk := range plan.Kinds {
			name := outputName(in, mk)
			s, err := createSink(plan.Dir, name, mk.Name, src, plan.Scheme)
			if err != nil {
				return nil, err
			}
			defer s.abort()
			defer s.out.Close() // on errors, before the file is aborted
			sinks[i] = append(sinks[i], s)
			part.Steps = append(part.Steps, perturb.Step{Name: mk.Name, File: name, Perturbation: perts[k], Out: s.outSink()})
		}
		last := i == len(plan.Inputs)-1
		part.Done = func() error {
			for _, s := range sinks[i] {
				if err := s.Close(); err != nil {
					return fmt.Errorf("write %s: %w", s.name, err)
				}
				syncs.Go(s.file.Sync)
			}
			if !last {
				if cw.Flush(); cw.Error() != nil {
					return fmt.Errorf("write %s: %w", ChangesName, cw.Error())
				}
				if err := changesOut.Flush(); err != nil {
					return fmt.Errorf("write %s: %w", ChangesName, err)
				}
				syncs.Go(changes.Sync)
			}
			return nil
		}
		parts[i] = part
	}
	defer syncs.Wait() // before the files are aborted; the error is reported on success only
	pl := &perturb.Pipeline{Seed: plan.Seed, Selector: selector, Workers: plan.Workers, ChangeLog: cw}
	pl.Progress = plan.Progress
	stats, err := pl.RunParts(ctx, parts)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if cw.Flush(); cw.Error() != nil {
		return nil, fmt.Errorf("write %s: %w", ChangesName, cw.Error())
	}
	if err := changesOut.Close(); err != nil {
		return nil, fmt.Errorf("write %s: %w", ChangesName, err)
	}
	syncs.Go(changes.Sync) // while the manifest is made
	for i, src := range srcs {
		in := plan.Inputs[i]
		sum, err := src.Sum()
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", in.Path, err)
		}
		src.Close()
		in.SHA256 = sum
		in.Path = recordedPath(in.Path, plan.Dir)
		if plan.Expect != nil {
			for _, old := range plan.Expect.Inputs {
				if old.Name == in.Name && old.SHA256 != in.SHA256 {
					return nil, fmt.Errorf("%w: %s has changed since the build (sha256 %s, manifest says %s)",
						ErrManifest, in.Path, in.SHA256, old.SHA256)
				}
			}
		}
		in.Outputs = nil
		var orig perturb.Stats
		for k, s := range sinks[i] {
			st := stats[i][k]
			if k == 0 {
				orig = st.Original()
			}
			in.Outputs = append(in.Outputs, Output{Kind: s.kind, File: s.name,
				SHA256: hex.EncodeToString(s.hash.Sum(nil)), Stats: st})
		}
		in.Stats = orig
		if orig.Sentences == 0 {
			// One rule for empty input (conll.ErrEmpty): a mistake, not
			// a request for empty stress sets.
			return nil, fmt.Errorf("%s: %w", plan.Inputs[i].Path, conll.ErrEmpty)
		}
		m.Inputs = append(m.Inputs, in)
	}
	data, err := m.Encode()
	if err != nil {
		return nil, err
	}
	if plan.Expect != nil {
		// Input paths are recorded relative to the output directory,
		// which --out may change; everything else must be identical.
		got, want := *m, *plan.Expect
		got.Inputs = append([]Input(nil), m.Inputs...)
		want.Inputs = append([]Input(nil), plan.Expect.Inputs...)
		for i := range got.Inputs {
			got.Inputs[i].Path = ""
		}
		for i := range want.Inputs {
			want.Inputs[i].Path = ""
		}
		// So are file options.
		blank := func(string) string { return "" }
		if got.Kinds, err = mapFileOptions(got.Kinds, blank); err != nil {
			return nil, err
		}
		if want.Kinds, err = mapFileOptions(want.Kinds, blank); err != nil {
			return nil, err
		}
		a, _ := got.Encode()
		b, _ := want.Encode()
		if !bytes.Equal(a, b) {
			return nil, fmt.Errorf("%w: regenerated build differs from %s (different tool version or options?)",
				ErrManifest, ManifestName)
		}
	}
	if err := syncs.Wait(); err != nil {
		return nil, err
	}
	for _, ss := range sinks {
		for _, s := range ss {
			if err := s.commit(); err != nil {
				return nil, err
			}
		}
	}
	if err := changes.Commit(); err != nil {
		return nil, err
	}
	if err := atomicfile.WriteFile(filepath.Join(plan.Dir, ManifestName), data); err != nil {
		return nil, err
	}
	return m, nil
}
