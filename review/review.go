// Package review lets people judge the changes of a stress set and
// reports how valid they are: every published robustness figure assumes
// that the perturbed examples are still natural sentences of the same
// meaning, and this package measures that assumption.
//
// A review has two steps. Draw takes a blind, seeded, stratified sample
// of the changes of a build (or of one set and its change log): each
// item is the original sentence and the perturbed sentence with the
// changed span marked, and nothing the judge sees tells the kind or the
// source of the change. A Sample is written as a self-contained HTML
// page for judging (WriteHTML), as TSV and Markdown for people who judge
// in a spreadsheet (WriteItems, WriteMarkdown), with a key kept apart
// (WriteKey: item -> kind, entity type, source, change-log row) and a
// small manifest (WriteManifest). Then Score reads the key and one
// judgement file per judge and reports the share of natural items with
// Wilson intervals, overall and per kind, entity type and source;
// Cohen's or Fleiss' kappa; and the flagged items, which WriteAvoid
// turns into avoid-list pairs for the kinds that take them (synonym).
package review

import (
	"errors"
	"fmt"
	"strings"

	"github.com/stress-ner/stress/perturb"
)

// Errors returned by the package; parse errors wrap them in a
// *ParseError that carries the file and line.
var (
	// ErrOption means a sample was asked for with invalid options.
	ErrOption = errors.New("invalid review option")
	// ErrMismatch means a change log does not belong to the sets it is
	// read with: a row points outside a sentence, or its text is not
	// the text of the set.
	ErrMismatch = errors.New("change log does not match the sets")
	// ErrKey means a key file is malformed.
	ErrKey = errors.New("bad key file")
	// ErrKeyChanged means a key file is not the one its sample's
	// manifest records (ReadKeyFile).
	ErrKeyChanged = errors.New("key changed since the sample was drawn")
	// ErrJudgements means a judgement file is malformed or does not fit
	// its key (an unknown item, an item judged twice, a label the item
	// does not offer).
	ErrJudgements = errors.New("bad judgement file")
	// ErrLabels means a label specification is malformed.
	ErrLabels = errors.New("bad label list")
	// ErrShown means the items file of an earlier sample is malformed.
	ErrShown = errors.New("bad items file")
)

// ParseError reports a malformed line of an input file.
type ParseError struct {
	File string
	Line int // 1-based
	Err  error
}

func (e *ParseError) Error() string { return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err) }

func (e *ParseError) Unwrap() error { return e.Err }

// Marked is a tokenized sentence with one span marked: the tokens
// [Start, End). An empty span (Start == End) marks a place, where a
// change removed tokens.
type Marked struct {
	Tokens     []string
	Start, End int
}

// Text joins the tokens with spaces, the marked span between open and
// close.
func (m Marked) Text(open, close string) string {
	parts := make([]string, 0, len(m.Tokens)+1)
	parts = append(parts, m.Tokens[:m.Start]...)
	parts = append(parts, open+strings.Join(m.Tokens[m.Start:m.End], " ")+close)
	parts = append(parts, m.Tokens[m.End:]...)
	return strings.Join(parts, " ")
}

// Item is one change shown to the judges.
type Item struct {
	ID        string
	Original  Marked
	Perturbed Marked
	// Labels are the labels a judge may choose, the one counted as
	// valid first (see Labels).
	Labels []string
	// Key is what the judges must not see.
	Key KeyRow
}

// KeyRow says what an item is: the change-log row it shows, the entity
// type of the changed tokens and the labels it offered.
type KeyRow struct {
	Item   string
	Change perturb.Change
	Line   int    // the row's line in the change log
	Type   string // entity type of the original tokens changed; "O" outside mentions
	Labels []string
}

// Stratum is one group of changes that a sample draws from in
// proportion to its size: the changes sharing the values of the
// columns the sample is stratified by.
type Stratum struct {
	Kind   string `json:"kind,omitempty"`
	Type   string `json:"type,omitempty"`
	Source string `json:"source,omitempty"`
	// Stratum is the kind's stratum of the changes (perturb.StratumOf).
	Stratum string `json:"stratum,omitempty"`
	// Changes is how many changes the stratum holds, Drawn how many
	// the sample took from it.
	Changes int `json:"changes"`
	Drawn   int `json:"drawn"`
}

// Name is the stratum's values joined by " / " ("synonym / Disease /
// MESH"), "-" for an empty value.
func (s Stratum) Name(by []string) string {
	var parts []string
	for _, col := range by {
		parts = append(parts, orDash(s.value(col)))
	}
	if len(parts) == 0 {
		return "all"
	}
	return strings.Join(parts, " / ")
}

func (s Stratum) value(col string) string {
	switch col {
	case byKind:
		return s.Kind
	case ByType:
		return s.Type
	case bySource:
		return s.Source
	case byStratum:
		return s.Stratum
	}
	return ""
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// The columns a sample may be stratified by (Options.By) and a score
// reported by.
const (
	byKind   = "kind"
	ByType   = "type"
	bySource = "source"
	// byStratum is the kind's stratum of a change (perturb.StratumOf):
	// the synonym kind's policy strata ("attested name", "MESH entry"),
	// else its source and term type.
	byStratum = "stratum"
)

// columns lists the columns of Options.By in their canonical order.
func columns() []string { return []string{byKind, ByType, bySource, byStratum} }
