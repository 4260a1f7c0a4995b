package stressset

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/kinds"
)

// Run runs the plan and returns the manifest it wrote. Every output goes
// to a temporary file and is renamed into place only when every input
// has been processed and checked, and the manifest last: a failed or
// cancelled build leaves nothing behind, not even the directory when
// the build made it.
//
// A build has five phases, each a method of maker: open (the
// kinds, the change log, every input and its outputs), perturb (one
// pipeline through all inputs), assemble (the manifest: hashes and
// statistics), verify (against the manifest regenerated, for --from)
// and commit (every file renamed into place, the manifest last).
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
	mk := &maker{plan: plan}
	defer mk.close()
	if err := mk.open(); err != nil {
		return nil, err
	}
	stats, err := mk.perturb(ctx)
	if err != nil {
		return nil, err
	}
	if err := mk.assemble(stats); err != nil {
		return nil, err
	}
	if plan.Expect == nil {
		// A type the options map to a group that does not fit its
		// mentions is refused before anything is committed; a manifest
		// regenerated is rebuilt as it was.
		if _, err := mk.m.TypeNotes(); err != nil {
			return nil, err
		}
	}
	data, err := mk.m.Encode()
	if err != nil {
		return nil, err
	}
	if err := mk.verify(); err != nil {
		return nil, err
	}
	if err := mk.commit(data); err != nil {
		return nil, err
	}
	return mk.m, nil
}

// inputName names an input in messages: "-" is standard input.
func inputName(path string) string {
	if path == "-" {
		return "standard input"
	}
	return path
}

// maker is one run of a plan: what its phases share, and what close
// releases (on success, after commit, close only closes what is open).
type maker struct {
	plan     *Plan
	selector *perturb.Selector
	kinds    []*perturb.BuiltKind
	m        *Manifest

	changes    *atomicfile.File
	changesOut *asyncWriter
	log        *ChangeWriter

	srcs   []*source
	spools []*atomicfile.File // the copy of an input read once (KeptCopy), per input; nil for files
	sinks  [][]*sink
	parts  []perturb.Part

	// Finished outputs, and the change log so far, are flushed to disk
	// in the background while later inputs are perturbed, so that the
	// fsyncs of Commit, which would otherwise come all at the end, find
	// little left to write. Their errors are kept and checked before
	// anything is committed: Linux reports a writeback error once per
	// open file, so the background fsync may be the only one to see it.
	syncs syncGroup
}

// open builds the kinds and the selection, starts the manifest and the
// change log, and opens every input with one output per kind.
func (mk *maker) open() error {
	plan := mk.plan
	var err error
	if mk.selector, err = kinds.NewSelector(plan.Selection, plan.Seed); err != nil {
		return err
	}
	if err := perturb.CheckSelectionOf(plan.Selection, plan.Kinds); err != nil {
		return err
	}
	for _, k := range plan.Kinds {
		bk, err := kinds.New(k)
		if err != nil {
			return err
		}
		mk.kinds = append(mk.kinds, bk)
	}
	recorded, err := mapFileOptions(plan.Kinds, func(path string) string { return recordedPath(path, plan.Dir) })
	if err != nil {
		return err
	}
	mk.m = &Manifest{Tool: "stress", Version: plan.Version, Seed: plan.Seed, Selection: plan.Selection,
		Kinds: recorded, Changes: ChangesName}
	if plan.Scheme != iob.IOB2 {
		mk.m.Scheme = plan.Scheme.String()
	}
	mk.m.Repair = plan.Repair != nil

	if mk.changes, err = atomicfile.Create(filepath.Join(plan.Dir, ChangesName), !plan.Force); err != nil {
		return err
	}
	mk.changesOut = newAsyncWriter(mk.changes, nil)
	mk.log = NewChangeWriter(mk.changesOut)
	mk.log.Scheme = plan.Scheme
	mk.log.WriteHeader()

	mk.srcs = make([]*source, len(plan.Inputs))
	mk.spools = make([]*atomicfile.File, len(plan.Inputs))
	mk.sinks = make([][]*sink, len(plan.Inputs))
	mk.parts = make([]perturb.Part, len(plan.Inputs))
	for i := range plan.Inputs {
		if err := mk.openInput(i); err != nil {
			return err
		}
	}
	return nil
}

// openInput opens input i and its outputs, as one part of the pipeline.
func (mk *maker) openInput(i int) error {
	plan, in := mk.plan, mk.plan.Inputs[i]
	if conll.IsEmbedded(in.Path) && plan.Scheme != iob.IOB2 {
		return fmt.Errorf("%w: %s is IOB2, not %s", ErrInput, in.Path, plan.Scheme)
	}
	var spool io.Writer
	kept := KeptCopy(in)
	if kept != "" {
		// Standard input, a FIFO, can be read once: the build keeps a
		// copy beside its sets, which it records as the input, so that
		// compare, run and --from read it again.
		f, err := atomicfile.Create(filepath.Join(plan.Dir, kept), !plan.Force)
		if err != nil {
			return err
		}
		mk.spools[i], spool = f, f
	}
	src, err := openSource(plan.Opener, in.Path, spool)
	if err != nil {
		return err
	}
	mk.srcs[i] = src
	if kept != "" && src.file.Format != conll.FormatOf(kept) {
		// Standard input's format is found from its content; the copy
		// and the sets are named .tsv, and would be read back as CoNLL.
		return fmt.Errorf("%w: %s holds %s, not CoNLL: give it as a file named for its format", ErrInput, inputName(in.Path), src.file.Format)
	}
	// Inputs are valid in the plan's scheme: anything else (IOB1 or
	// IOBES read as IOB2, "X-Foo", "B-") stops the build at its line
	// instead of passing through.
	if err := src.file.SetSchemeRepair(plan.Scheme, plan.Repair); err != nil {
		return err
	}
	part := perturb.Part{Source: src, Input: in.Path}
	for k, kind := range plan.Kinds {
		name := outputName(in, kind)
		s, err := createSink(plan.Dir, name, kind.Name, src, plan.Scheme, !plan.Force)
		if err != nil {
			return err
		}
		mk.sinks[i] = append(mk.sinks[i], s)
		part.Steps = append(part.Steps, perturb.Step{Name: kind.Name, File: name, Perturbation: mk.kinds[k].Perturbation, Out: s.outSink()})
	}
	last := i == len(plan.Inputs)-1
	part.Done = func() error { return mk.inputDone(i, last) }
	mk.parts[i] = part
	return nil
}

// inputDone finishes the outputs of input i as soon as its last
// sentence is written, and flushes the change log so far, while later
// inputs are perturbed.
func (mk *maker) inputDone(i int, last bool) error {
	for _, s := range mk.sinks[i] {
		if err := s.Close(); err != nil {
			return fmt.Errorf("write %s: %w", s.name, err)
		}
		mk.syncs.Go(s.Main.Sync)
	}
	if !last {
		if mk.log.Flush(); mk.log.Error() != nil {
			return fmt.Errorf("write %s: %w", ChangesName, mk.log.Error())
		}
		if err := mk.changesOut.Flush(); err != nil {
			return fmt.Errorf("write %s: %w", ChangesName, err)
		}
		mk.syncs.Go(mk.changes.Sync)
	}
	return nil
}

// perturb runs every input through one pipeline, one after the other:
// the next input is read and perturbed while the previous one is
// written, so both cores stay busy to the end, and the change log is
// written straight through in input order. It returns the statistics
// of every step of every input.
func (mk *maker) perturb(ctx context.Context) ([][]perturb.Stats, error) {
	pl := &perturb.Pipeline{Seed: mk.plan.Seed, Selector: mk.selector, Workers: mk.plan.Workers, ChangeLog: mk.log}
	pl.Progress = mk.plan.Progress
	stats, err := pl.RunParts(ctx, mk.parts)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if mk.log.Flush(); mk.log.Error() != nil {
		return nil, fmt.Errorf("write %s: %w", ChangesName, mk.log.Error())
	}
	if err := mk.changesOut.Close(); err != nil {
		return nil, fmt.Errorf("write %s: %w", ChangesName, err)
	}
	mk.syncs.Go(mk.changes.Sync) // while the manifest is made
	return stats, nil
}

// assemble records every input in the manifest: its hash, where it is
// relative to the build, its statistics and its outputs'.
func (mk *maker) assemble(stats [][]perturb.Stats) error {
	plan := mk.plan
	for i, src := range mk.srcs {
		in := plan.Inputs[i]
		sum, err := src.Sum()
		if err != nil {
			return fmt.Errorf("read %s: %w", in.Path, err)
		}
		src.Close()
		in.SHA256 = sum
		if mk.spools[i] != nil {
			in.Path = filepath.Base(mk.spools[i].Target()) // recorded relative to the build, where it is kept
		} else {
			in.Path = recordedPath(in.Path, plan.Dir)
		}
		if plan.Expect != nil {
			for _, old := range plan.Expect.Inputs {
				if old.Name == in.Name && old.SHA256 != in.SHA256 {
					return fmt.Errorf("%w: %s has changed since the build (sha256 %s, manifest says %s)",
						ErrManifest, in.Path, in.SHA256, old.SHA256)
				}
			}
		}
		in.Outputs = nil
		var orig perturb.Stats
		for k, s := range mk.sinks[i] {
			st := stats[i][k]
			if k == 0 {
				orig = st.Original()
			}
			in.Outputs = append(in.Outputs, Output{Kind: s.kind, File: s.name,
				SHA256: hex.EncodeToString(s.hash.Sum(nil)), Stats: st})
		}
		in.Stats = orig
		if orig.Tokens == 0 {
			// One rule for empty input (conll.ErrEmpty): a mistake, not
			// a request for empty stress sets. Sentences without a
			// token (a -DOCSTART- line alone) make no corpus either.
			return fmt.Errorf("%s: %w", plan.Inputs[i].Path, conll.ErrEmpty)
		}
		mk.m.Inputs = append(mk.m.Inputs, in)
	}
	return nil
}

// verify checks a regenerated build against the manifest it
// regenerates (Plan.Expect): everything but where the inputs and file
// options are, which --out may change, must be identical.
func (mk *maker) verify() error {
	if mk.plan.Expect == nil {
		return nil
	}
	got, want := *mk.m, *mk.plan.Expect
	got.Inputs = append([]Input(nil), mk.m.Inputs...)
	want.Inputs = append([]Input(nil), mk.plan.Expect.Inputs...)
	for i := range got.Inputs {
		got.Inputs[i].Path = ""
	}
	for i := range want.Inputs {
		want.Inputs[i].Path = ""
	}
	blank := func(string) string { return "" }
	var err error
	if got.Kinds, err = mapFileOptions(got.Kinds, blank); err != nil {
		return err
	}
	if want.Kinds, err = mapFileOptions(want.Kinds, blank); err != nil {
		return err
	}
	a, _ := got.Encode()
	b, _ := want.Encode()
	if !bytes.Equal(a, b) {
		return fmt.Errorf("%w: regenerated build differs from %s (different tool version or options?)",
			ErrManifest, ManifestName)
	}
	return nil
}

// commit puts every output in place once every background sync has
// succeeded, then the change log, then the manifest (data): all or
// nothing (atomicfile.CommitAll), in the order of Plan.Files. Without
// Plan.Force, an output that appeared meanwhile fails the build.
func (mk *maker) commit(data []byte) error {
	if err := mk.syncs.Wait(); err != nil {
		return err
	}
	manifest, err := atomicfile.Create(filepath.Join(mk.plan.Dir, ManifestName), !mk.plan.Force)
	if err != nil {
		return err
	}
	defer manifest.Abort()
	if _, err := manifest.Write(data); err != nil {
		return err
	}
	var outs []atomicfile.Committer
	for i, ss := range mk.sinks {
		if mk.spools[i] != nil {
			outs = append(outs, mk.spools[i])
		}
		for _, s := range ss {
			outs = append(outs, s)
		}
	}
	return atomicfile.CommitAll(append(outs, mk.changes, manifest)...)
}

// close releases everything open, in the order the build needs: the
// background syncs are waited for before their files are aborted, an
// output's writer is closed before its file is aborted, and a file
// committed is left alone (Abort after Commit does nothing).
func (mk *maker) close() {
	mk.syncs.Wait() // its error is reported by commit, on success only
	for i := len(mk.sinks) - 1; i >= 0; i-- {
		for j := len(mk.sinks[i]) - 1; j >= 0; j-- {
			s := mk.sinks[i][j]
			s.out.Close() // on errors, before the file is aborted
			s.Abort()
		}
	}
	for _, src := range mk.srcs {
		if src != nil {
			src.Close()
		}
	}
	for _, f := range mk.spools {
		if f != nil {
			f.Abort()
		}
	}
	if mk.changesOut != nil {
		mk.changesOut.Close()
	}
	if mk.changes != nil {
		mk.changes.Abort()
	}
	for _, bk := range mk.kinds {
		bk.Close()
	}
}
