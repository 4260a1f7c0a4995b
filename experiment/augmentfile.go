package experiment

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"path/filepath"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	perturbkinds "github.com/stress-ner/stress/perturb/kinds"
	"github.com/stress-ner/stress/report"
	"github.com/stress-ner/stress/stressset"
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
	Mix       string // MixOriginalPerturbed (default) or mixPerturbed
	Shuffle   bool
	// ChangedOnly and Ratio choose the sentences of the perturbed copies
	// written (see Augmenter).
	ChangedOnly bool
	Ratio       float64
	Workers     int
	Version     string // tool version recorded in the manifest
	// Scheme is the tag scheme of the input, which the output keeps (see
	// stressset.Plan.Scheme); the manifest records it.
	Scheme iob.Scheme
	// Force lets Augment replace outputs that exist (--force). Without
	// it, one that appears while Augment works is left alone and fails
	// it, which then leaves none of its outputs.
	Force bool
	// Repair, when not nil, repairs invalid tag transitions of the input
	// instead of refusing them and receives each repair
	// (conll.File.SetSchemeRepair); the manifest records it.
	Repair func(conll.Repair)
	// Opener opens Input ("-": its standard input; integer JSON Lines
	// tags named by its Labels).
	Opener conll.Opener
}

// Files returns the input file Augment reads (none for an embedded
// corpus) and the files it writes, in the order it commits them.
func (p *AugmentPlan) Files() (inputs, outputs []string) {
	if !conll.IsEmbedded(p.Input) {
		inputs = []string{p.Input}
	}
	inputs = append(inputs, perturbkinds.InputFiles(p.Kinds)...)
	return inputs, []string{p.Output, p.Output + ".changes.tsv", p.Output + ".manifest.json"}
}

// Augment writes the augmented set of plan p and returns its manifest.
// Everything goes to temporary files renamed into place only when every
// sentence has passed its checks: the output, the change log, then the
// manifest.
func Augment(ctx context.Context, p *AugmentPlan) (*stressset.AugmentManifest, error) {
	_, files := p.Files()
	out, changesPath, manifestPath := files[0], files[1], files[2]
	a := &Augmenter{Seed: p.Seed, Selection: p.Selection, Copies: p.Copies, Mix: p.Mix,
		Shuffle: p.Shuffle, Workers: p.Workers, ChangedOnly: p.ChangedOnly, Ratio: p.Ratio}
	for _, mk := range p.Kinds {
		bk, err := perturbkinds.New(mk)
		if err != nil {
			return nil, err
		}
		defer bk.Close()
		a.Kinds = append(a.Kinds, bk)
	}
	if conll.IsEmbedded(p.Input) && p.Scheme != iob.IOB2 {
		return nil, fmt.Errorf("%w: %s is IOB2, not %s", stressset.ErrInput, p.Input, p.Scheme)
	}
	// Checked in its scheme and converted to IOB2, as in stressset.Run.
	sents, layout, sum, err := stressset.ReadFileScheme(p.Opener, p.Input, p.Scheme, p.Repair)
	if err != nil {
		return nil, err
	}
	if !conll.HasToken(sents) {
		return nil, fmt.Errorf("%s: %w", p.Input, ErrNoData)
	}
	m := &stressset.AugmentManifest{
		Tool: "stress", Version: p.Version, Command: "augment", Seed: a.Seed, Selection: a.Selection,
		Kinds: p.Kinds, Copies: a.Copies, Mix: a.Mix, Shuffle: a.Shuffle, ChangedOnly: a.ChangedOnly,
		Input:   stressset.FileInfo{Path: p.Input, SHA256: sum, Sentences: len(sents)},
		Changes: filepath.Base(changesPath),
	}
	if a.Ratio > 0 && a.Ratio < 1 {
		m.Ratio = a.Ratio
	}
	if p.Scheme != iob.IOB2 {
		m.Scheme = p.Scheme.String()
	}
	m.Repair = p.Repair != nil

	h := sha256.New()
	f, err := conll.Create(out, conll.OutputOptions{Layout: layout, Stored: h, NoClobber: !p.Force})
	if err != nil {
		return nil, err
	}
	defer f.Abort()
	f.SentenceWriter = conll.NewSchemeWriter(f.SentenceWriter, p.Scheme) // back to the input's scheme
	cf, err := atomicfile.Create(changesPath, !p.Force)
	if err != nil {
		return nil, err
	}
	defer cf.Abort()
	cw := stressset.NewChangeWriter(cf)
	cw.Scheme = p.Scheme
	cw.WriteHeader()
	a.Changes = cw.Write

	if m.Parts, err = a.Run(ctx, sents, f.SentenceWriter); err != nil {
		return nil, err
	}
	n := 0
	for _, p := range m.Parts {
		if p.Written != nil {
			n += *p.Written
		} else {
			n += p.Stats.Sentences
		}
	}
	if err := f.Close(); err != nil {
		return nil, err
	}
	if cw.Flush(); cw.Error() != nil {
		return nil, cw.Error() // names changesPath (atomicfile.File.Write)
	}
	m.Output = stressset.FileInfo{Path: out, SHA256: hex.EncodeToString(h.Sum(nil)), Sentences: n}
	data, err := m.Encode()
	if err != nil {
		return nil, err
	}
	mf, err := atomicfile.Create(manifestPath, !p.Force)
	if err != nil {
		return nil, err
	}
	defer mf.Abort()
	if _, err := mf.Write(data); err != nil {
		return nil, err
	}
	if err := atomicfile.CommitAll(f, cf, mf); err != nil {
		return nil, err
	}
	return m, nil
}

// WriteSummary prints what Augment did for p, as "stress augment" does:
// the statistics of every part of the output (the original and each
// copy), then the output with its sentences and its manifest.
func (p *AugmentPlan) WriteSummary(w io.Writer, m *stressset.AugmentManifest) error {
	rows := make([]perturb.NamedStats, 0, len(m.Parts))
	for _, part := range m.Parts {
		rows = append(rows, perturb.NamedStats{Name: part.Name, Stats: part.Stats})
	}
	if err := perturb.WriteTable(w, rows); err != nil {
		return err
	}
	for _, part := range m.Parts {
		if part.Written != nil {
			if _, err := fmt.Fprintf(w, "%s: %d of its %d sentences written\n", part.Name, *part.Written, part.Stats.Sentences); err != nil {
				return err
			}
		}
	}
	// What the kinds' type maps left, once per kind (every copy leaves
	// the same types).
	said := map[string]bool{}
	for _, part := range m.Parts {
		for _, k := range p.Kinds {
			if k.Name != part.Kind || said[k.Name] {
				continue
			}
			said[k.Name] = true
			notes, _ := perturbkinds.TypeNotes(k, part.Stats) // Run refused a misfit
			for _, n := range notes {
				for _, l := range report.Wrap(k.Name+": "+n, report.TextWidth, "  ") {
					fmt.Fprintln(w, l)
				}
			}
		}
	}
	_, outputs := p.Files()
	_, err := fmt.Fprintf(w, "\nwrote %s (%d sentences) and %s\n", p.Output, m.Output.Sentences, outputs[2])
	return err
}
