package build

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/experiment"
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
)

// AugmentPlan is an augmented training set to write: the original
// sentences (unless Mix says otherwise), then Copies perturbed copies per
// kind, to Output, with Output.manifest.json and Output.changes.tsv
// beside it.
type AugmentPlan struct {
	Input     string // a corpus file, or sample:train
	Output    string // .jsonl writes JSON Lines
	Kinds     []perturb.ManifestKind
	Seed      uint64
	Selection perturb.Selection
	Copies    int    // at least 1
	Mix       string // experiment.MixOriginalPerturbed (default) or MixPerturbed
	Shuffle   bool
	Workers   int
	Version   string // tool version recorded in the manifest
	// Scheme is the tag scheme of the input, which the output keeps (see
	// Plan.Scheme); the manifest records it.
	Scheme iob.Scheme
}

// Files returns the input file Augment reads (none for an embedded
// corpus) and the files it writes, in the order it commits them.
func (p *AugmentPlan) Files() (inputs, outputs []string) {
	if !isSample(p.Input) {
		inputs = []string{p.Input}
	}
	return inputs, []string{p.Output, p.Output + ".changes.tsv", p.Output + ".manifest.json"}
}

// Augment writes the augmented set of plan p and returns its manifest.
// Everything goes to temporary files renamed into place only when every
// sentence has passed its checks: the output, the change log, then the
// manifest.
func Augment(ctx context.Context, p *AugmentPlan) (*experiment.AugmentManifest, error) {
	_, files := p.Files()
	out, changesPath, manifestPath := files[0], files[1], files[2]
	a := &experiment.Augmenter{Seed: p.Seed, Selection: p.Selection, Copies: p.Copies, Mix: p.Mix,
		Shuffle: p.Shuffle, Workers: p.Workers}
	for _, mk := range p.Kinds {
		pt, err := NewPerturbation(mk)
		if err != nil {
			return nil, err
		}
		defer closePerturbation(pt)
		a.Kinds = append(a.Kinds, experiment.Kind{Name: mk.Name, Suffix: mk.Suffix, Perturbation: pt})
	}
	if isSample(p.Input) && p.Scheme != iob.IOB2 {
		return nil, fmt.Errorf("%w: %s is IOB2, not %s", ErrInput, p.Input, p.Scheme)
	}
	// Checked in its scheme and converted to IOB2, as in Run.
	sents, layout, sum, err := readFileSetup(p.Input, nil, func(f *conll.File) error { return f.SetScheme(p.Scheme) })
	if err != nil {
		return nil, err
	}
	if len(sents) == 0 {
		return nil, fmt.Errorf("%s: %w", p.Input, experiment.ErrNoData)
	}
	m := &experiment.AugmentManifest{
		Tool: "stress", Version: p.Version, Command: "augment", Seed: a.Seed, Selection: a.Selection,
		Kinds: p.Kinds, Copies: a.Copies, Mix: a.Mix, Shuffle: a.Shuffle,
		Input:   experiment.FileInfo{Path: p.Input, SHA256: sum, Sentences: len(sents)},
		Changes: filepath.Base(changesPath),
	}
	if p.Scheme != iob.IOB2 {
		m.Scheme = p.Scheme.String()
	}

	h := sha256.New()
	f, err := conll.Create(out, conll.OutputOptions{Layout: layout, Stored: h})
	if err != nil {
		return nil, err
	}
	defer f.Abort()
	f.SentenceWriter = conll.NewSchemeWriter(f.SentenceWriter, p.Scheme) // back to the input's scheme
	cf, err := atomicfile.Create(changesPath, false)
	if err != nil {
		return nil, err
	}
	defer cf.Abort()
	cw := perturb.NewChangeWriter(cf)
	cw.Scheme = p.Scheme
	cw.WriteHeader()
	a.Changes = cw.Write

	if m.Parts, err = a.Run(ctx, sents, f); err != nil {
		return nil, err
	}
	n := 0
	for _, p := range m.Parts {
		n += p.Stats.Sentences
	}
	if err := f.Close(); err != nil {
		return nil, err
	}
	if cw.Flush(); cw.Error() != nil {
		return nil, fmt.Errorf("write %s: %w", changesPath, cw.Error())
	}
	m.Output = experiment.FileInfo{Path: out, SHA256: hex.EncodeToString(h.Sum(nil)), Sentences: n}
	data, err := m.Encode()
	if err != nil {
		return nil, err
	}
	if err := f.Commit(); err != nil {
		return nil, err
	}
	if err := cf.Commit(); err != nil {
		return nil, err
	}
	if err := atomicfile.WriteFile(manifestPath, data); err != nil {
		return nil, err
	}
	return m, nil
}
