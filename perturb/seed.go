package perturb

import (
	"encoding/binary"
	"math/rand/v2"

	"github.com/stress-ner/stress/conll"

	"github.com/stress-ner/stress/internal/textutil"
)

// selectionStream names the random stream of word selection. It is not a
// perturbation name, so selection is independent of the perturbation and
// every perturbation of a run changes the same token positions.
const selectionStream = "\x00select"

// SentenceRand returns the random generator for one sentence: a PCG
// seeded from seed, the stream name (usually the perturbation's name) and
// the sentence's tokens and tags. It depends on nothing else, in
// particular not on the sentence's position, so results do not change
// with the number of workers or when a corpus is sharded.
//
// The derivation is part of the output format: changing it would change
// every stress set and break regeneration from existing manifests, so
// TestSentenceRandStable pins it.
func SentenceRand(seed uint64, stream string, s conll.Sentence) *rand.Rand {
	return rand.New(rand.NewPCG(sentenceSeed(seed, stream, s)))
}

// sentenceSeed returns the PCG seed of SentenceRand, so that the
// pipeline can reseed one generator per worker instead of allocating
// one per sentence (a rand.Rand keeps no state besides its source).
func sentenceSeed(seed uint64, stream string, s conll.Sentence) (uint64, uint64) {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], seed)
	sum := fnvString(fnvOffset, string(b[:]))
	sum = fnvString(sum, stream)
	for i, t := range s.Tokens {
		sum = fnvString(sum, "\x00")
		sum = fnvString(sum, t)
		sum = fnvString(sum, "\t")
		if i < len(s.Tags) {
			sum = fnvString(sum, s.Tags[i])
		}
	}
	// A second, differently mixed word fills PCG's 128-bit state, so
	// that nearby seeds do not give related streams.
	return sum, textutil.Mix64(sum ^ seed + textutil.Golden)
}

// seedPrefix is the hash sentenceSeed reaches before the tokens of any
// sentence: a run computes it once per stream (see sentenceSeedLines).
func seedPrefix(seed uint64, stream string) uint64 {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], seed)
	return fnvString(fnvString(fnvOffset, string(b[:])), stream)
}

// sentenceSeedLines is sentenceSeed of a sentence read from plain lines
// (conll.Reader.ReadAppendText: each token, a tab, its tag, a line
// break), given prefix = seedPrefix(seed, stream): one pass over the
// lines hashes the bytes sentenceSeed hashes, the "\x00" before each
// token being the line break before its line (and, for the first, an
// imagined one). TestSentenceSeedLines compares the two.
func sentenceSeedLines[T ~string | ~[]byte](prefix, seed uint64, text T) (uint64, uint64) {
	h := prefix * fnvPrime // the "\x00" before the first token: XOR with zero, then multiply
	for i := 0; i < len(text)-1; i++ {
		c := uint64(text[i])
		if c == '\n' {
			c = 0
		}
		h = (h ^ c) * fnvPrime
	}
	return h, textutil.Mix64(h ^ seed + textutil.Golden)
}

// sentenceSeed2 is sentenceSeed for two streams at once: the token
// bytes are read once and the two FNV chains, which are independent,
// overlap in the processor.
func sentenceSeed2(seed uint64, stream1, stream2 string, s conll.Sentence) (a1, a2, b1, b2 uint64) {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], seed)
	h1 := fnvString(fnvOffset, string(b[:]))
	h2 := fnvString(h1, stream2)
	h1 = fnvString(h1, stream1)
	for i, t := range s.Tokens {
		h1, h2 = h1*fnvPrime, h2*fnvPrime // "\x00": XOR with zero, then multiply
		for j := 0; j < len(t); j++ {
			h1 = (h1 ^ uint64(t[j])) * fnvPrime
			h2 = (h2 ^ uint64(t[j])) * fnvPrime
		}
		h1, h2 = (h1^'\t')*fnvPrime, (h2^'\t')*fnvPrime
		if i < len(s.Tags) {
			tag := s.Tags[i]
			for j := 0; j < len(tag); j++ {
				h1 = (h1 ^ uint64(tag[j])) * fnvPrime
				h2 = (h2 ^ uint64(tag[j])) * fnvPrime
			}
		}
	}
	return h1, textutil.Mix64(h1 ^ seed + textutil.Golden), h2, textutil.Mix64(h2 ^ seed + textutil.Golden)
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// fnvString continues a 64-bit FNV-1a hash (hash/fnv's New64a) over s
// without allocating.
func fnvString(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime
	}
	return h
}
