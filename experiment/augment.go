package experiment

import (
	"context"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"

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
	// mixPerturbed writes the perturbed copies only.
	mixPerturbed = "perturbed"
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
	// Mix is MixOriginalPerturbed (the default when empty) or mixPerturbed.
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
	// ChangedOnly writes, of each perturbed copy, only the sentences the
	// perturbation changed: a copy's unchanged sentences are the
	// original's again (most of an S copy).
	ChangedOnly bool
	// Ratio, when in (0, 1), keeps that share of each perturbed copy's
	// sentences (of its changed ones with ChangedOnly), each sentence
	// kept or not by a draw from the copy's seed, the kind and the
	// sentence's index: the same sentences for any Workers. 0 and 1 keep
	// them all.
	Ratio float64
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
	case mixPerturbed:
		return mixPerturbed, nil
	}
	return "", fmt.Errorf("%w: mix %q (want %s or %s)", ErrOption, s, MixOriginalPerturbed, mixPerturbed)
}

func (a *Augmenter) validate() error {
	if _, err := ParseMix(a.Mix); err != nil {
		return err
	}
	if a.Copies < 1 {
		return fmt.Errorf("%w: copies must be at least 1, got %d", ErrOption, a.Copies)
	}
	if !(a.Ratio >= 0 && a.Ratio <= 1) {
		return fmt.Errorf("%w: ratio must be in (0, 1], got %v", ErrOption, a.Ratio)
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

// collector keeps sentences in memory for shuffling.
type collector struct{ sents []conll.Sentence }

func (c *collector) Write(s conll.Sentence) error {
	c.sents = append(c.sents, s)
	return nil
}

// keepSink passes on the sentences of one perturbed copy that the
// Augmenter keeps (ChangedOnly, Ratio). Sentences come in input order,
// so the i-th is the copy of orig[i]. A document marker of a sentence
// left out moves to the next sentence kept, unless another document
// starts first, so that every document with a sentence kept keeps its
// marker.
type keepSink struct {
	out         perturb.Sink
	orig        []conll.Sentence
	changedOnly bool
	ratio       float64
	seed        uint64 // of the copy, mixed with the kind
	i, kept     int
	marker      *conll.Sentence // the marker of a document whose first sentence was left out
}

func (k *keepSink) keep(s conll.Sentence, i int) bool {
	if k.changedOnly && i < len(k.orig) && slices.Equal(s.Tokens, k.orig[i].Tokens) && slices.Equal(s.Tags, k.orig[i].Tags) {
		return false
	}
	return k.drawn(i)
}

// drawn reports whether the ratio keeps the copy of sentence i.
func (k *keepSink) drawn(i int) bool {
	if k.ratio > 0 && k.ratio < 1 {
		draw := textutil.Mix64(k.seed + uint64(i+1)*textutil.Golden)
		return float64(draw>>11)/(1<<53) < k.ratio
	}
	return true
}

func (k *keepSink) Write(s conll.Sentence) error {
	i := k.i
	k.i++
	if !k.keep(s, i) {
		if s.DocStart {
			m := s
			k.marker = &m
		}
		return nil
	}
	if k.marker != nil {
		if !s.DocStart {
			s.DocStart, s.DocLine = true, k.marker.DocLine
			s.DocTightBefore, s.DocTightAfter = k.marker.DocTightBefore, k.marker.DocTightAfter
		}
		k.marker = nil
	}
	k.kept++
	return k.out.Write(s)
}

// keepConceptSink is a keepSink of a document writer (see perturb.Sink).
type keepConceptSink struct {
	*keepSink
	cw conll.ConceptWriter
}

func (k keepConceptSink) WriteConcepts(s conll.Sentence, concepts map[int]conll.ConceptSwap) error {
	i := k.i
	k.i++
	if !k.keep(s, i) {
		return nil
	}
	k.kept++
	return k.cw.WriteConcepts(s, concepts)
}

// nameHash is FNV-1a of a kind's name, which gives each kind of a copy
// its own draw of the sentences kept.
func nameHash(name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return h.Sum64()
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
			out, keep := stepOut, (*keepSink)(nil)
			if a.ChangedOnly || (a.Ratio > 0 && a.Ratio < 1) {
				keep = &keepSink{out: stepOut, orig: sents, changedOnly: a.ChangedOnly, ratio: a.Ratio,
					seed: textutil.Mix64(seed ^ nameHash(k.Kind.Name))}
				out = keep
				if cw, ok := stepOut.(conll.ConceptWriter); ok {
					out = keepConceptSink{keep, cw}
				}
			}
			changes := a.Changes
			if keep != nil && changes != nil {
				// Only the changes of the sentences written are logged.
				changes = func(ch perturb.Change) error {
					if !keep.drawn(ch.Sentence) { // a changed sentence: kept unless the ratio drops it
						return nil
					}
					return a.Changes(ch)
				}
			}
			pl := &perturb.Pipeline{
				Seed: seed, Selector: sel, Workers: a.Workers, Changes: changes,
				Steps: []perturb.Step{{Name: k.Kind.Name, File: name, Perturbation: k.Perturbation, Out: out}},
			}
			stats, err := pl.Run(ctx, &conll.SliceReader{Sentences: sents})
			if err != nil {
				return nil, err
			}
			p.Stats = stats[0]
			if keep != nil {
				p.Written = &keep.kept
			}
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
