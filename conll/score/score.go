// Package score scores tagger output against gold tags: the span
// semantics of the CoNLL conlleval script (reports byte-identical to
// it), seqeval's strict mode in every tag scheme, and nervaluate's four
// SemEval-2013 modes. Input is conlleval's (Evaluator) or two corpora
// aligned token by token (Scorer).
package score

import "errors"

// Sentinel errors. The streaming Evaluator wraps the errors of
// conlleval input in a *conll.ParseError that names the file and line.
var (
	// Errors of conlleval input; conlleval refuses the same input.

	// ErrFeatureCount means a line has another number of fields than the
	// first token line (conlleval exits with status 1).
	ErrFeatureCount = errors.New("unexpected number of features")
	// ErrTooFewFeatures means a token line has fewer than two fields, so
	// there is no gold and predicted tag (conlleval dies, status 255).
	ErrTooFewFeatures = errors.New("too few features")
	// ErrDelimiter means the field delimiter is not a valid pattern.
	ErrDelimiter = errors.New("invalid delimiter")
	// ErrUndefinedTag means a tag field is one that a group of the
	// delimiter pattern did not capture (Perl's undef) and raw mode must
	// rewrite it: conlleval dies there ("Modification of a read-only
	// value attempted"), status 255.
	ErrUndefinedTag = errors.New("tag field captured by no group of the delimiter")

	// Errors of tags that the strict and SemEval modes refuse.

	// ErrSchemeTag means a tag's prefix is not one of the scheme's, or is no
	// prefix at all: seqeval's strict mode raises an error on such a tag
	// instead of scoring it, and so does ModeStrict.
	ErrSchemeTag = errors.New("tag not allowed by the scheme")
	// ErrSemEvalTag means a tag is neither O nor B-/I- prefixed, which
	// nervaluate's tag-list reader refuses.
	ErrSemEvalTag = errors.New("tag is not O, B- or I-")
)
