package experiment

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	perturbkinds "github.com/stress-ner/stress/perturb/kinds"
	"github.com/stress-ner/stress/stressset"

	"github.com/stress-ner/stress/internal/textutil"
)

// Mixes of an augmented set.
const (
	// MixOriginalPerturbed writes the original sentences first, then the
	// perturbed copies: the paper's "O + K".
	MixOriginalPerturbed = "original+perturbed"
	// MixPerturbed writes the perturbed copies only.
	MixPerturbed = "perturbed"
)

// Augmenter builds a training set from an original one: optionally the
// original sentences, then Copies perturbed copies per kind. Copy c
// (0-based) is perturbed with seed CopySeed(Seed, c), so copy 0 is exactly
// what "stress perturb --seed Seed" writes and the others differ from it
// and from each other, reproducibly.
type Augmenter struct {
	Seed      uint64
	Selection perturb.Selection
	// Kinds are applied to every copy: the registry name names the
	// random stream, the suffix the parts (key.1).
	Kinds []*perturb.BuiltKind
	// Copies is the number of perturbed copies per kind (at least 1).
	Copies int
	// Mix is MixOriginalPerturbed (the default when empty) or MixPerturbed.
	Mix string
	// Shuffle writes the sentences in a random order drawn from Seed.
	// Document markers are dropped then, as documents no longer hold
	// together.
	Shuffle bool
	// Workers is passed to perturb.Pipeline (0: one per CPU); the output
	// does not depend on it.
	Workers int
	// Changes, when not nil, receives every change in output order of
	// the unshuffled set. Change.File is the part name ("key.1") and
	// Change.Sentence the 0-based index of the sentence in the input.
	Changes func(perturb.Change) error
}

// CopySeed returns the seed of copy c (0-based): seed itself for the
// first copy, and a well-mixed function of seed and c for the others.
func CopySeed(seed uint64, c int) uint64 {
	if c == 0 {
		return seed
	}
	return textutil.Mix64(seed + uint64(c)*textutil.Golden)
}

// ParseMix checks a mix name; the empty string means MixOriginalPerturbed.
func ParseMix(s string) (string, error) {
	switch s {
	case "", MixOriginalPerturbed:
		return MixOriginalPerturbed, nil
	case MixPerturbed:
		return MixPerturbed, nil
	}
	return "", fmt.Errorf("%w: mix %q (want %s or %s)", ErrOption, s, MixOriginalPerturbed, MixPerturbed)
}

func (a *Augmenter) validate() error {
	if _, err := ParseMix(a.Mix); err != nil {
		return err
	}
	if a.Copies < 1 {
		return fmt.Errorf("%w: copies must be at least 1, got %d", ErrOption, a.Copies)
	}
	if len(a.Kinds) == 0 {
		return fmt.Errorf("%w: no perturbation kinds", ErrOption)
	}
	seen := map[string]bool{}
	for _, k := range a.Kinds {
		if k == nil || k.Kind == nil || k.Kind.Name == "" || k.Kind.Suffix == "" || k.Perturbation == nil {
			name := ""
			if k != nil && k.Kind != nil {
				name = k.Kind.Name
			}
			return fmt.Errorf("%w: incomplete kind %q", ErrOption, name)
		}
		if seen[k.Kind.Name] {
			return fmt.Errorf("%w: kind %q given twice", ErrOption, k.Kind.Name)
		}
		seen[k.Kind.Name] = true
	}
	return nil
}

// sliceSource reads sentences from memory, so that every copy can go
// through the pipeline again without reopening the input.
type sliceSource struct {
	sents []conll.Sentence
	i     int
}

func (s *sliceSource) Read() (conll.Sentence, error) {
	if s.i >= len(s.sents) {
		return conll.Sentence{}, io.EOF
	}
	s.i++
	return s.sents[s.i-1], nil
}

// collector keeps sentences in memory for shuffling.
type collector struct{ sents []conll.Sentence }

func (c *collector) Write(s conll.Sentence) error {
	c.sents = append(c.sents, s)
	return nil
}

// countingSink counts what it passes on.
type countingSink struct {
	out perturb.Sink
	n   int
}

func (c *countingSink) Write(s conll.Sentence) error {
	c.n++
	return c.out.Write(s)
}

// conceptCountingSink is a countingSink of a document writer, which
// takes the concepts of entity swaps (see perturb.Sink).
type conceptCountingSink struct {
	*countingSink
	cw conll.ConceptWriter
}

func (c conceptCountingSink) WriteConcepts(s conll.Sentence, concepts map[int]conll.ConceptSwap) error {
	c.n++
	return c.cw.WriteConcepts(s, concepts)
}

// Run writes the augmented set built from sents to out and returns its
// parts. Every perturbed sentence passes perturb.CheckSentence (via the
// pipeline); the first failure stops the run with an error naming the
// part and the sentence's line.
func (a *Augmenter) Run(ctx context.Context, sents []conll.Sentence, out perturb.Sink) ([]stressset.Part, error) {
	if err := a.validate(); err != nil {
		return nil, err
	}
	if !conll.HasToken(sents) {
		return nil, ErrNoData
	}
	mix, _ := ParseMix(a.Mix)
	var buf *collector
	sink := &countingSink{out: out}
	if a.Shuffle {
		buf = &collector{}
		sink.out = buf
	}
	var stepOut perturb.Sink = sink
	if cw, ok := sink.out.(conll.ConceptWriter); ok {
		stepOut = conceptCountingSink{sink, cw}
	}
	var parts []stressset.Part
	if mix == MixOriginalPerturbed {
		p := stressset.Part{Name: "original"}
		for _, s := range sents {
			if err := sink.Write(s); err != nil {
				return nil, err
			}
			p.Stats.AddOriginal(s)
		}
		parts = append(parts, p)
	}
	for c := 0; c < a.Copies; c++ {
		seed := CopySeed(a.Seed, c)
		// The selector is seeded per copy, so copies change different
		// words, exactly as separate "stress perturb" runs would.
		sel, err := perturbkinds.NewSelector(a.Selection, seed)
		if err != nil {
			return nil, err
		}
		for _, k := range a.Kinds {
			if err := perturb.CheckSelection(a.Selection, k.Kind); err != nil {
				return nil, err
			}
		}
		for _, k := range a.Kinds {
			name := fmt.Sprintf("%s.%d", k.Kind.Suffix, c+1)
			p := stressset.Part{Name: name, Kind: k.Kind.Name, Copy: c + 1, Seed: seed, First: sink.n}
			pl := &perturb.Pipeline{
				Seed: seed, Selector: sel, Workers: a.Workers, Changes: a.Changes,
				Steps: []perturb.Step{{Name: k.Kind.Name, File: name, Perturbation: k.Perturbation, Out: stepOut}},
			}
			stats, err := pl.Run(ctx, &sliceSource{sents: sents})
			if err != nil {
				return nil, err
			}
			p.Stats = stats[0]
			if _, err := perturbkinds.TypeNotes(k.Recorded(), p.Stats); err != nil {
				return nil, err // a type mapped to a group that does not fit it
			}
			parts = append(parts, p)
		}
	}
	if buf != nil {
		r := rand.New(rand.NewPCG(a.Seed, 0x5eed5eed5eed5eed))
		r.Shuffle(len(buf.sents), func(i, j int) { buf.sents[i], buf.sents[j] = buf.sents[j], buf.sents[i] })
		for _, s := range buf.sents {
			s.DocStart, s.DocLine = false, ""
			if err := out.Write(s); err != nil {
				return nil, err
			}
		}
	}
	return parts, nil
}
