package conll

import (
	"fmt"
	"io"
)

// PairReader reads two corpora side by side, sentence by sentence: gold
// and predictions to score, or an original and its perturbed copy. It
// checks that they have the same number of sentences; what else must
// agree (tokens, labels) is the caller's to say.
type PairReader struct {
	A, B         SentenceReader
	NameA, NameB string // file names, for errors
	n            int    // sentences read from each
}

// NewPairReader returns a PairReader of a (named nameA) and b.
func NewPairReader(a SentenceReader, nameA string, b SentenceReader, nameB string) *PairReader {
	return &PairReader{A: a, B: b, NameA: nameA, NameB: nameB}
}

// Read returns the next sentence of each corpus, and io.EOF when both
// end together. When one ends first, the error wraps ErrMismatch and
// names the file and line of the first sentence without counterpart.
func (p *PairReader) Read() (a, b Sentence, err error) {
	a, errA := p.A.Read()
	b, errB := p.B.Read()
	if errA != nil && errA != io.EOF {
		return a, b, errA
	}
	if errB != nil && errB != io.EOF {
		return a, b, errB
	}
	if errA == io.EOF && errB == io.EOF {
		return a, b, io.EOF
	}
	p.n++
	if errA == io.EOF || errB == io.EOF {
		long, lname, short := a, p.NameA, p.NameB
		if errA == io.EOF {
			long, lname, short = b, p.NameB, p.NameA
		}
		return a, b, fmt.Errorf("%s:%d: %w: sentence %d has no counterpart in %s, which ends after %d sentences",
			lname, long.Line, ErrMismatch, p.n, short, p.n-1)
	}
	return a, b, nil
}

// CheckTokens reports whether two aligned sentences have the same
// tokens, with an error wrapping ErrMismatch that names both files and
// lines otherwise.
func (p *PairReader) CheckTokens(a, b Sentence) error {
	if len(a.Tokens) != len(b.Tokens) {
		return fmt.Errorf("%s:%d and %s:%d: %w: sentence %d has %d tokens in %s and %d in %s",
			p.NameA, a.Line, p.NameB, b.Line, ErrMismatch, p.n, len(a.Tokens), p.NameA, len(b.Tokens), p.NameB)
	}
	for i := range a.Tokens {
		if a.Tokens[i] != b.Tokens[i] {
			return fmt.Errorf("%s:%d and %s:%d: %w: token %q in %s, %q in %s",
				p.NameA, a.Line+i, p.NameB, b.Line+i, ErrMismatch, a.Tokens[i], p.NameA, b.Tokens[i], p.NameB)
		}
	}
	return nil
}
