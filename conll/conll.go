// Package conll reads and writes NER corpora: CoNLL columns and JSON
// Lines, and the document formats registered by its subpackages
// (PubTator, BioC, brat). Package conll/score scores tagger output.
//
// A corpus is a stream of Sentences. Readers exist per format (CoNLL
// columns, JSON Lines) and return io.EOF after the last sentence;
// Writers mirror them. Reading a CoNLL file and writing it back with the
// Layout the Reader detected reproduces the input byte for byte.
package conll

import (
	"errors"
	"fmt"
	"unicode"
)

// Sentinel errors. Errors returned by this package wrap one of them
// (usually inside a *ParseError), so callers can test with errors.Is.
var (
	// ErrFieldCount means a token line has too few columns for the
	// configured token or tag column.
	ErrFieldCount = errors.New("wrong number of fields")
	// ErrInvalidUTF8 means the input is not valid UTF-8.
	ErrInvalidUTF8 = errors.New("invalid UTF-8")
	// ErrEmptyToken means a token or tag field is empty.
	ErrEmptyToken = errors.New("empty token or tag")
	// ErrMismatch means two corpora that must align token by token do not.
	ErrMismatch = errors.New("corpora do not align")
	// ErrJSON means a JSON Lines record is malformed.
	ErrJSON = errors.New("malformed JSON record")
	// ErrEmpty means a corpus holds no sentence (see OpenNonEmpty).
	ErrEmpty = errors.New("no sentences")
	// ErrScheme means a tag scheme cannot apply to a corpus (see
	// File.SetScheme).
	ErrScheme = errors.New("tag scheme does not apply")
	// ErrNoStdin is the error of opening "-" while Stdin is nil.
	ErrNoStdin = errors.New("standard input is not available")
	// ErrUnknownEmbedded is the error of opening a name in the space of
	// the embedded corpora ("sample:...") that none of them has.
	ErrUnknownEmbedded = errors.New("unknown embedded corpus")
	// ErrLabels means a label list cannot be used (ReadLabels).
	ErrLabels = errors.New("bad label list")
	// ErrNoLabels means a JSON Lines file has integer tags and its reader
	// no label list.
	ErrNoLabels = errors.New("integer tags need a label list")
	// ErrCannotHold means a writer's format has no place for part of a
	// sentence (a JSON Lines record's id or emptiness in CoNLL): writing
	// it would lose that part.
	ErrCannotHold = errors.New("the output format cannot hold the sentence")
)

// ParseError reports where in which input a problem was found.
// Line and Column are 1-based; zero means unknown.
type ParseError struct {
	File   string // file name, or "" for unnamed input (printed as "-")
	Line   int
	Column int
	Err    error
}

func (e *ParseError) Error() string {
	file := e.File
	if file == "" {
		file = "-"
	}
	switch {
	case e.Line > 0 && e.Column > 0:
		return fmt.Sprintf("%s:%d:%d: %v", file, e.Line, e.Column, e.Err)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %v", file, e.Line, e.Err)
	default:
		return fmt.Sprintf("%s: %v", file, e.Err)
	}
}

func (e *ParseError) Unwrap() error { return e.Err }

// Sentence is one sentence of a corpus: parallel slices of tokens and tags.
//
// Tokens and Tags always have the same length. Fields, when not nil, holds
// every column of each token line as read (Fields[i][tagColumn] == Tags[i]
// and Fields[i][tokenColumn] == Tokens[i] after reading); writers use it to
// keep extra columns such as POS tags, and write Tokens and Tags into
// their columns. Record, for a sentence read from JSON Lines, holds the
// other fields of its record. Code that changes the number of tokens of
// a sentence carries both over with Realign, the one rule for the other
// columns of new tokens.
type Sentence struct {
	Tokens []string
	Tags   []string
	Fields [][]string
	Record *Record

	// DocStart is set on the first sentence of a document, when the input
	// marked documents (-DOCSTART- lines in CoNLL files). DocLine holds that
	// marker line verbatim, so it can be written back unchanged.
	DocStart bool
	DocLine  string
	// DocTight records the blank lines a CoNLL input left out around
	// DocLine, so that writing reproduces them: DocTightBefore when the
	// marker came right after the sentence before, DocTightAfter when
	// the sentence came right after the marker.
	DocTightBefore, DocTightAfter bool

	// Comments are comment lines (without their line break) that came
	// directly before the sentence.
	Comments []string

	// Keep, when not nil, marks the tokens (Keep[i] for Tokens[i]) that
	// no perturbation may change: a document reader marks the tokens of
	// annotations its IOB tags cannot hold (discontinuous ones, and
	// mentions nested in or overlapping another, with the whole gold
	// mention around them), whose edits could not be carried back into
	// the annotations. Writers ignore it.
	Keep []bool

	// Line is the 1-based line of the sentence's first token in its
	// source, or 0 when unknown. It is for error messages only.
	Line int
}

// Kept reports whether token i of s may not be changed (see Keep).
func (s Sentence) Kept(i int) bool { return i < len(s.Keep) && s.Keep[i] }

// ConceptSwap is the concept id of a mention replaced by a name of
// another concept (an entity swap): From is the old id, To the new one.
// Writers of document formats carry it into the mention's annotation.
type ConceptSwap struct {
	From, To string
}

// ConceptWriter is a SentenceWriter of a document format that also takes,
// with each sentence, the concepts an entity swap gave its mentions, by
// first token (standoff.Writer.WriteConcepts), so that their ids follow.
// The perturb pipeline writes every sentence through WriteConcepts when
// its sink has it.
type ConceptWriter interface {
	WriteConcepts(s Sentence, concepts map[int]ConceptSwap) error
}

// Len returns the number of tokens.
func (s Sentence) Len() int { return len(s.Tokens) }

// Clone returns a deep copy of s, so that a perturbation can edit the
// copy without touching the original.
func (s Sentence) Clone() Sentence {
	c := s
	c.Tokens = append([]string(nil), s.Tokens...)
	c.Tags = append([]string(nil), s.Tags...)
	c.Comments = append([]string(nil), s.Comments...)
	if s.Keep != nil {
		c.Keep = append([]bool(nil), s.Keep...)
	}
	if s.Fields != nil {
		c.Fields = make([][]string, len(s.Fields))
		for i, f := range s.Fields {
			c.Fields[i] = append([]string(nil), f...)
		}
	}
	c.Record = s.Record.clone()
	return c
}

// IsTokenSpace reports whether r is white space in the one sense stress
// gives it wherever text is split into tokens or fields on white space:
// unicode.IsSpace (what Go's strings.Fields splits on, U+00A0, U+0085,
// U+2028 and U+3000 included) and the separators U+001C to U+001F,
// which Python's str.split() splits on too. A tagger reading
// whitespace-split lines cuts a token holding one, so the model command
// refuses such tokens and splits its output with this same rule, and
// document text is segmented with it. (CoNLL's own columns are split on
// tabs, or on runs of spaces and tabs: a format rule, which its writer
// keeps by refusing a field holding its delimiter.)
func IsTokenSpace(r rune) bool { return unicode.IsSpace(r) || r >= 0x1c && r <= 0x1f }
