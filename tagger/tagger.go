// Package tagger provides baseline named-entity taggers and a common
// interface for running any tagger over a corpus.
//
// Two built-in models stand in for the embeddings compared by Araujo et al.
// (BioNLP 2021): a Words model that sees only word identities, and so is
// brittle to typos like a word2vec lookup, and a Chars model that sees
// character n-grams, prefixes, suffixes and word shapes, and so degrades
// more gracefully like ELMo's character input. Both are first-order
// structured perceptrons with averaged weights and hashed features, decoded
// with Viterbi over IOB2-constrained transitions: their output is always
// valid IOB2.
//
// Command runs an external tagger (a Python BioBERT or spaCy model, say) as
// a filter over CoNLL text, so that built-in and external models can be
// used interchangeably through the Tagger interface.
package tagger

import (
	"context"
	"errors"

	"github.com/stress-ner/stress/conll"
)

// Sentinel errors. Errors returned by this package wrap one of them, so
// callers can test with errors.Is.
var (
	// ErrBadTag means a training tag is not O, B-TYPE or I-TYPE.
	ErrBadTag = errors.New("tag is not IOB2 (O, B-TYPE or I-TYPE)")
	// ErrNoData means there was nothing to train on.
	ErrNoData = errors.New("no training data")
	// ErrBadModel means a model file is corrupt, truncated or not a model.
	ErrBadModel = errors.New("not a valid tagger model")
	// ErrModelVersion means a model file was written by an incompatible
	// version of this package.
	ErrModelVersion = errors.New("unsupported model version")
	// ErrBadToken means a token cannot be sent to an external tagger
	// because it is empty or contains white space.
	ErrBadToken = errors.New("token is empty or contains white space")
	// ErrTagCount means an external tagger returned a sentence with the
	// wrong number of tags, or a token other than the one it was sent.
	ErrTagCount = errors.New("wrong number of tags")
	// ErrSentenceCount means an external tagger returned the wrong number
	// of sentences.
	ErrSentenceCount = errors.New("wrong number of sentences")
	// ErrCommandFailed means an external tagger exited with an error.
	ErrCommandFailed = errors.New("tagger command failed")
	// ErrTimeout means an external tagger did not finish in time.
	ErrTimeout = errors.New("tagger command timed out")
	// ErrStrayLine means an external tagger wrote a line on standard
	// output that is neither a tag nor an answer, such as a log message
	// ("Loaded."); messages belong on standard error.
	ErrStrayLine = errors.New("stray line on standard output")
	// ErrNoInput means an external tagger stopped reading its input (or
	// never read it) and exited.
	ErrNoInput = errors.New("tagger did not read its input")
	// ErrUnknownTag means a tagger returned a tag that is not O, B-TYPE
	// or I-TYPE with a TYPE of the gold data (see Checked).
	ErrUnknownTag = errors.New("unknown tag")
	// ErrTagText means a tagger returned a tag that is not text a
	// prediction file can hold (see Checked).
	ErrTagText = errors.New("not a tag a prediction file can hold (invalid UTF-8, a control character, white space or nothing)")
	// ErrTooLarge means training data has more entity types, or longer
	// ones, than a model file holds, or would need more memory to train
	// than the package allows (see maxTypes).
	ErrTooLarge = errors.New("too large for a model")
)

// Tagger assigns a tag to every token of every sentence. Built-in Models
// and external Commands both implement it, so that evaluation code can
// treat them alike.
//
// TagSentences returns one tag slice per sentence, each as long as the
// sentence's Tokens; it ignores the sentences' gold Tags.
type Tagger interface {
	TagSentences(ctx context.Context, sents []conll.Sentence) ([][]string, error)
}

var (
	_ Tagger = (*Model)(nil)
	_ Tagger = (*Command)(nil)
	_ Tagger = (*Checked)(nil)
)
