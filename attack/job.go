package attack

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/internal/filehash"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/stressset"
	"github.com/stress-ner/stress/tagger"
)

// Job is an attack from file to files, what "stress attack" does: read
// the corpus Input (in Model.Scheme, checked, converted to IOB2), build
// the Kinds, open the Model, search, and write the sets and change log
// named in Outputs in the input's format and scheme.
type Job struct {
	Input string
	Model tagger.Spec
	Kinds []perturb.ManifestKind
	// Options of the search; Kinds, File, RandomFile and Input are set
	// by Run from the fields above.
	Options Options
	// Outputs are the files to write; Format, Layout and Scheme are set
	// by Run from the input.
	Outputs Outputs
	// Manifest, when not "", is the manifest written last (a stressset
	// manifest of command "attack": the input and the sets with their
	// SHA-256 and statistics, the change log, the kinds and the search
	// settings), so that "stress compare --build MANIFEST" reads an
	// attack like any stress set. It needs Outputs.Log, and every output
	// in its directory.
	Manifest string
	// Version is the tool version the manifest records.
	Version string
	// Opener opens Input ("-": its standard input; integer JSON Lines
	// tags named by its Labels).
	Opener conll.Opener
	// Repair, when not nil, repairs invalid tag transitions of Input
	// instead of refusing them (conll.File.SetSchemeRepair).
	Repair func(conll.Repair)
}

// Run runs the job and returns its report and the model's warnings
// about tags unknown to the gold data (see tagger.Checked).
func (j *Job) Run(ctx context.Context) (*Report, []string, error) {
	corpus, err := j.Opener.ReadCorpus(j.Input, conll.ReadOptions{Scheme: j.Model.Scheme, Repair: j.Repair})
	if err != nil {
		return nil, nil, err
	}
	ks, release, err := newKinds(j.Kinds)
	defer release()
	if err != nil {
		return nil, nil, err
	}
	model, stop, err := j.Model.Open(corpus.Sentences)
	if err != nil {
		return nil, nil, err
	}
	defer stop()

	opts := j.Options
	opts.Kinds, opts.File, opts.Input = ks, filepath.Base(j.Outputs.Set), j.Input
	if j.Outputs.Random != "" {
		opts.RandomFile = filepath.Base(j.Outputs.Random)
	}
	start := time.Now()
	res, err := Run(ctx, model, corpus.Sentences, opts)
	if err != nil {
		return nil, nil, err
	}
	elapsed := time.Since(start)
	if err := stop(); err != nil {
		return nil, nil, err
	}
	var warnings []string
	if msg := model.Warning(); msg != "" {
		warnings = append(warnings, j.Model.Name+": "+msg)
	}
	out := j.Outputs
	out.Format, out.Layout, out.Scheme = corpus.Format, corpus.Layout, j.Model.Scheme
	// The sets, the log and the manifest appear together or not at all.
	written, pending, err := res.prepare(out)
	if err != nil {
		return nil, warnings, err
	}
	if j.Manifest != "" {
		mf, err := j.createManifest(corpus.Sentences, res, opts, written)
		if err != nil {
			for _, p := range pending {
				p.Abort()
			}
			return nil, warnings, err
		}
		pending = append(pending, mf)
	}
	if err := atomicfile.CommitAll(pending...); err != nil {
		return nil, warnings, err
	}
	r := newReport(res.Summary, opts, elapsed)
	return &r, warnings, nil
}

// CheckManifest reports why the job cannot write its manifest, before
// any work: a manifest names its files relative to its directory.
func (j *Job) CheckManifest() error {
	if j.Manifest == "" {
		return nil
	}
	if j.Input == "-" {
		return errors.New("a manifest needs an input file, not standard input")
	}
	// The manifest records the input's SHA-256, read again at the end:
	// a FIFO or device (a shell's <(...)) would read as another input.
	if info, err := os.Stat(j.Input); err == nil && !info.Mode().IsRegular() {
		return fmt.Errorf("a manifest needs an input file it can read again, not %s", j.Input)
	}
	if j.Outputs.Log == "" {
		return errors.New("a manifest needs the change log (--log)")
	}
	dir := filepath.Dir(j.Manifest)
	for _, f := range []string{j.Outputs.Set, j.Outputs.Log, j.Outputs.Random} {
		if f != "" && filepath.Dir(f) != dir {
			return fmt.Errorf("%s is not in the directory of the manifest (%s)", f, dir)
		}
	}
	return nil
}

// createManifest writes the manifest of the attack (see Job.Manifest)
// to a temporary file, for the caller to commit with the sets and log.
func (j *Job) createManifest(gold []conll.Sentence, res *Result, opts Options, written Written) (*atomicfile.File, error) {
	if err := j.CheckManifest(); err != nil {
		return nil, err
	}
	sum, err := filehash.File(j.Input)
	if err != nil {
		return nil, err
	}
	dir := filepath.Dir(j.Manifest)
	in := stressset.Input{Path: stressset.RecordedPath(j.Input, dir), Name: stressset.InputName(j.Input), SHA256: sum}
	for _, s := range gold {
		in.Stats.AddOriginal(s)
	}
	for _, set := range []struct {
		kind, path string
		sents      []conll.Sentence
		changes    []perturb.Change
	}{{stressset.SetAttack, j.Outputs.Set, res.Adversarial, res.Changes}, {stressset.SetRandom, j.Outputs.Random, res.Random, res.RandomChanges}} {
		if set.path == "" {
			continue
		}
		bySentence := map[int][]perturb.Change{}
		for _, c := range set.changes {
			bySentence[c.Sentence] = append(bySentence[c.Sentence], c)
		}
		o := stressset.Output{Kind: set.kind, File: filepath.Base(set.path), SHA256: written[set.path]}
		for i, s := range set.sents {
			o.Stats.Add(gold[i], s, bySentence[i])
		}
		in.Outputs = append(in.Outputs, o)
	}
	sel := perturb.DefaultSelection()
	if opts.Selection != nil {
		sel = *opts.Selection
	}
	m := &stressset.Manifest{Tool: "stress", Version: j.Version, Command: stressset.CommandAttack, Seed: opts.Seed,
		Selection: sel, Kinds: j.Kinds, Inputs: []stressset.Input{in}, Changes: filepath.Base(j.Outputs.Log),
		Options: map[string]string{
			"model":      j.Model.Describe(),
			"max-words":  strconv.Itoa(opts.MaxWords),
			"queries":    strconv.Itoa(opts.Queries),
			"candidates": strconv.Itoa(opts.Candidates),
		}}
	if j.Model.Scheme != iob.IOB2 {
		m.Scheme = j.Model.Scheme.String()
	}
	m.Repair = j.Repair != nil
	if err := m.Validate(); err != nil {
		return nil, err
	}
	data, err := m.Encode()
	if err != nil {
		return nil, err
	}
	f, err := atomicfile.Create(j.Manifest, !j.Outputs.Force)
	if err != nil {
		return nil, err
	}
	if _, err := f.Write(data); err != nil {
		f.Abort()
		return nil, err
	}
	return f, nil
}
