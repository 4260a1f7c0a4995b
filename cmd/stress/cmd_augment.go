package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/experiment"
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/sample"
)

func init() {
	register(&command{
		Name:    "augment",
		Summary: "write a training set with perturbed copies (the paper's O + K), with manifest",
		Usage: "--in TRAIN [--kinds keyboard,swap,synonym] [--copies N] [--mix original+perturbed|perturbed] [--shuffle] [--seed N] -o OUT\n\n" +
			"Writes the original sentences (unless --mix perturbed), then N perturbed\n" +
			"copies per kind, to OUT; OUT.manifest.json and OUT.changes.tsv beside it.\n" +
			"Copy 1 is seeded with --seed, exactly like 'stress perturb --seed'; the\n" +
			"manifest records the seed of every copy. --in sample:train uses the\n" +
			"embedded BC5CDR sample (CC BY 4.0).",
		Bind: bind(func(f *flags, o *augmentOptions) {
			f.String(&o.In, "in", "", "", "training corpus to augment (`FILE`, or sample:train)")
			f.String(&o.Output, "output", "o", "", "augmented corpus to write (`OUT`; .jsonl writes JSON Lines)")
			bindKinds(f, &o.Kinds, &o.perturbFlags, "kinds", "keyboard", "comma-separated perturbations: "+strings.Join(kindNames(), ", "))
			f.IntIn(&o.Copies, "copies", 1, 1, math.MaxInt, "perturbed copies per kind, each seeded differently")
			Parsed(f, &o.Mix, "mix", "", experiment.MixOriginalPerturbed, experiment.ParseMix, "what to write: original+perturbed or perturbed")
			f.Bool(&o.Shuffle, "shuffle", "", false, "shuffle the sentences (seeded by --seed; drops document markers)")
			f.Bool(&o.Force, "force", "", false, "replace OUT and its manifest if they exist")
			bindPerturb(f, &o.perturbFlags)
		}, runAugment),
	})
}

// augmentOptions are the flags of "stress augment".
type augmentOptions struct {
	perturbFlags
	In, Output, Mix string
	Kinds           []perturb.ManifestKind
	Copies          int
	Shuffle, Force  bool
}

func runAugment(ctx context.Context, e *env, o *augmentOptions, args []string) error {
	if len(args) > 0 {
		return usageErrorf("augment takes no arguments (give the corpus with --in)")
	}
	in, out, force, kinds := o.In, o.Output, o.Force, o.Kinds
	if in == "" {
		return usageErrorf("augment: --in TRAIN is required")
	}
	if out == "" {
		return usageErrorf("augment: -o OUT is required")
	}
	a := &experiment.Augmenter{Mix: o.Mix, Copies: o.Copies, Shuffle: o.Shuffle, Seed: o.Seed,
		Workers: o.Workers, Selection: o.Selection}
	manifestPath := out + ".manifest.json"
	changesPath := out + ".changes.tsv"
	if !force {
		for _, p := range []string{out, manifestPath, changesPath} {
			if _, err := os.Stat(p); err == nil {
				return fmt.Errorf("%s: %w (use --force)", p, atomicfile.ErrExists)
			}
		}
	}
	for _, mk := range kinds {
		k, _ := perturb.Lookup(mk.Name)
		p, err := newPerturbation(k, mk.Options)
		if err != nil {
			return err
		}
		defer closeIfCloser(p)
		a.Kinds = append(a.Kinds, experiment.Kind{Name: k.Name, Suffix: k.Suffix, Perturbation: p})
	}

	sents, layout, sum, err := readAugmentInput(in)
	if err != nil {
		return err
	}
	m := &experiment.AugmentManifest{
		Tool: "stress", Version: version, Command: "augment", Seed: a.Seed, Selection: a.Selection,
		Kinds: kinds, Copies: a.Copies, Mix: a.Mix, Shuffle: a.Shuffle,
		Input:   experiment.FileInfo{Path: in, SHA256: sum, Sentences: len(sents)},
		Changes: filepath.Base(changesPath),
	}
	if err := writeAugmented(ctx, a, sents, layout, out, changesPath, m); err != nil {
		return err
	}
	data, err := m.Encode()
	if err != nil {
		return err
	}
	if err := atomicfile.WriteFile(manifestPath, data); err != nil {
		return err
	}
	rows := make([]perturb.NamedStats, 0, len(m.Parts))
	for _, p := range m.Parts {
		rows = append(rows, perturb.NamedStats{Name: p.Name, Stats: p.Stats})
	}
	if err := perturb.WriteTable(e.Stdout, rows); err != nil {
		return err
	}
	fmt.Fprintf(e.Stdout, "\nwrote %s (%d sentences) and %s\n", out, m.Output.Sentences, manifestPath)
	return nil
}

// readAugmentInput reads a training corpus whole (every copy goes over
// it again) with its layout and the SHA-256 of its bytes as stored,
// hashed as they are read.
func readAugmentInput(path string) ([]conll.Sentence, conll.Layout, string, error) {
	h := sha256.New()
	var raw io.Reader
	if path == sample.TrainName {
		raw = sample.TrainReader()
	} else {
		f, err := os.Open(path)
		if err != nil {
			return nil, conll.Layout{}, "", err
		}
		defer f.Close()
		raw = f
	}
	cf, err := conll.OpenReader(io.TeeReader(raw, h), path)
	if err != nil {
		return nil, conll.Layout{}, "", err
	}
	defer cf.Close()
	var sents []conll.Sentence
	for {
		s, err := cf.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, conll.Layout{}, "", err
		}
		sents = append(sents, s)
	}
	if len(sents) == 0 {
		return nil, conll.Layout{}, "", fmt.Errorf("%s: %w", path, experiment.ErrNoData)
	}
	// The reader may stop before the end of the stored bytes (a gzip
	// trailer, or bytes read ahead but not hashed): hash the rest.
	if _, err := io.Copy(h, raw); err != nil {
		return nil, conll.Layout{}, "", fmt.Errorf("read %s: %w", path, err)
	}
	return sents, cf.Layout(), hex.EncodeToString(h.Sum(nil)), nil
}

// writeAugmented runs the augmenter into temporary files and renames
// them into place only when every sentence has passed its checks, the
// output first.
func writeAugmented(ctx context.Context, a *experiment.Augmenter, sents []conll.Sentence, layout conll.Layout,
	out, changesPath string, m *experiment.AugmentManifest) error {
	h := sha256.New()
	f, err := conll.Create(out, conll.OutputOptions{Layout: layout, Stored: h})
	if err != nil {
		return err
	}
	defer f.Abort()
	cf, err := atomicfile.Create(changesPath, false)
	if err != nil {
		return err
	}
	defer cf.Abort()
	cw := perturb.NewChangeWriter(cf)
	cw.WriteHeader()
	a.Changes = cw.Write

	counter := &sentenceCounter{w: f}
	parts, err := a.Run(ctx, sents, counter)
	if err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if cw.Flush(); cw.Error() != nil {
		return fmt.Errorf("write %s: %w", changesPath, cw.Error())
	}
	m.Parts = parts
	m.Output = experiment.FileInfo{Path: out, SHA256: hex.EncodeToString(h.Sum(nil)), Sentences: counter.n}
	if err := f.Commit(); err != nil {
		return err
	}
	return cf.Commit()
}

type sentenceCounter struct {
	w conll.SentenceWriter
	n int
}

func (c *sentenceCounter) Write(s conll.Sentence) error {
	c.n++
	return c.w.Write(s)
}
