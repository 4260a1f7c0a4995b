package stressset

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/layout"
	"github.com/stress-ner/stress/iob"
)

// source reads a build input, hashing the bytes as stored as they
// are read, and publishes the CoNLL layout read so far to the sinks of
// the input's outputs, which format sentences in other goroutines.
type source struct {
	*layout.Tracker
	file   *conll.File
	raw    io.Reader // the stored bytes, to hash what the reader left
	hash   hash.Hash
	osFile io.Closer
}

// openSource opens an input: a file (CoNLL or JSON Lines, maybe
// gzipped), an embedded corpus or a source op holds (conll.Source). The
// bytes go through a hash on their way to op.OpenReader, which decodes
// them as op.Open would, and, when spool is not nil, are copied to it
// as stored (a build keeps an input it can read only once: see KeptCopy).
func openSource(op conll.Opener, path string, spool io.Writer) (*source, error) {
	src := &source{hash: sha256.New()}
	f, err := op.OpenInput(path) // "-" is the opener's standard input
	if errors.Is(err, conll.ErrUnknownEmbedded) {
		return nil, fmt.Errorf("%w: %v", ErrInput, err)
	}
	if err != nil {
		return nil, err
	}
	src.raw, src.osFile = f, f
	if spool != nil {
		src.raw = io.TeeReader(src.raw, spool)
	}
	cf, err := op.OpenReader(io.TeeReader(src.raw, src.hash), path)
	if err != nil {
		src.Close()
		return nil, err
	}
	src.file, src.Tracker = cf, layout.Track(cf)
	return src, nil
}

// Sum returns the SHA-256 of the input as stored, once the source has
// been read to the end.
func (src *source) Sum() (string, error) {
	if _, err := io.Copy(src.hash, src.raw); err != nil {
		return "", err
	}
	return hex.EncodeToString(src.hash.Sum(nil)), nil
}

// Close closes the input. Later calls do nothing.
func (src *source) Close() {
	if src.file != nil {
		src.file.Close()
		src.file = nil
	}
	if src.osFile != nil {
		src.osFile.Close()
		src.osFile = nil
	}
}

// ReadFile reads a corpus whole (a file or an embedded sample, see
// Plan.Inputs) with its layout and the SHA-256 of its bytes as stored,
// hashed as they are read: one pass over the file.
func ReadFile(op conll.Opener, path string) ([]conll.Sentence, conll.Layout, string, error) {
	return readFileSetup(op, path, nil, nil)
}

// ReadFileScheme is ReadFile for a corpus whose tags are in scheme:
// they are checked and converted to IOB2 as they are read
// (conll.File.SetScheme), or, with repair set, repaired
// (conll.File.SetSchemeRepair), as Run reads its inputs.
func ReadFileScheme(op conll.Opener, path string, scheme iob.Scheme, repair func(conll.Repair)) ([]conll.Sentence, conll.Layout, string, error) {
	return readFileSetup(op, path, nil, func(f *conll.File) error { return f.SetSchemeRepair(scheme, repair) })
}

// readFileSetup reads as ReadFile, the documents of a document format
// split like those of like (see conll.File.ReadLike; nil reads as
// ReadFile), with setup, when not nil, called on the
// opened file before the first sentence is read (to check or convert
// its tags: conll.File.SetScheme).
func readFileSetup(op conll.Opener, path string, like conll.Template, setup func(*conll.File) error) ([]conll.Sentence, conll.Layout, string, error) {
	src, err := openSource(op, path, nil)
	if err != nil {
		return nil, conll.Layout{}, "", err
	}
	defer src.Close()
	if setup != nil {
		if err := setup(src.file); err != nil {
			return nil, conll.Layout{}, "", err
		}
	}
	if err := src.file.ReadLike(like); err != nil {
		return nil, conll.Layout{}, "", fmt.Errorf("read %s: %w", path, err)
	}
	sents, err := conll.ReadAll(src.file)
	if err != nil {
		return nil, conll.Layout{}, "", err
	}
	// The reader may stop before the end of the stored bytes (a gzip
	// trailer, or bytes read ahead but not hashed): Sum hashes the rest.
	sum, err := src.Sum()
	if err != nil {
		return nil, conll.Layout{}, "", fmt.Errorf("read %s: %w", path, err)
	}
	return sents, src.file.Layout(), sum, nil
}

// CountSentences counts the sentences of the corpus name as a build
// reads it (in scheme, repaired quietly with repair set), for the total
// of a progress display: ok is false when the corpus cannot be read
// beside the work (op.CanReread: standard input, a FIFO that op does
// not hold) or cannot be read at all, which the work then reports.
func CountSentences(op conll.Opener, name string, scheme iob.Scheme, repair bool) (n int, ok bool) {
	if !op.CanReread(name) {
		return 0, false
	}
	opts := conll.ReadOptions{Scheme: scheme}
	if repair {
		opts.Repair = func(conll.Repair) {}
	}
	c, err := op.ReadCorpus(name, opts)
	if err != nil {
		return 0, false
	}
	return len(c.Sentences), true
}

// Sentences counts the sentences of the plan's inputs (CountSentences),
// for the total of a progress display.
func (p *Plan) Sentences() (n int, ok bool) {
	for _, in := range p.Inputs {
		m, ok := CountSentences(p.Opener, in.Path, p.Scheme, p.Repair != nil)
		if !ok {
			return 0, false
		}
		n += m
	}
	return n, true
}
