// Package perturb is the contract every stress perturbation implements,
// and the machinery that runs one: the registry of kinds, per-sentence
// seeding, word selection, the parallel ordered pipeline and its output
// checks.
//
// This file is the contract. A kind is a package under perturb/ with a
// Kind (name, suffix, options, New) registered in one line of
// perturb/kinds; New returns a Perturbation, which may implement any of
// the optional capabilities declared below, and nothing else is
// consulted: the pipeline finds a capability by its interface only.
//
// A perturbation is a pure function of a sentence, the tokens selected
// for change and a random source: it returns a new sentence and the list
// of Changes it made. Every random choice comes from a generator derived
// from the run's seed, the perturbation's name and the sentence's content
// (never its position), so the output is byte-identical whatever the
// number of workers and when a corpus is split into shards whose outputs
// are concatenated.
//
// Most programs need one call, perturb.Apply, which perturbs a corpus
// with one Kind (keyboard.Kind, swap.Kind, ...; package perturb/kinds has
// them all by name), seeded exactly as "stress perturb"; package stressset
// also makes whole stress-set builds with change log and manifest.
package perturb

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
)

// Sentinel errors. Errors returned by this package wrap one of them, so
// callers can test with errors.Is.
var (
	// ErrUnknownKind means no perturbation of that name is registered.
	ErrUnknownKind = errors.New("unknown perturbation")
	// ErrInvalidChange means a change is not the kind of edit its
	// perturbation promises (e.g. a keyboard change by a non-neighbour).
	ErrInvalidChange = errors.New("invalid change")
	// ErrCheck means a perturbed sentence does not match its original:
	// a sentence, token or label was lost or altered, or a token was
	// modified without a logged change.
	ErrCheck = errors.New("output check failed")
	// ErrOption means a selection or perturbation option is invalid.
	ErrOption = errors.New("invalid option")
	// ErrManifest means a manifest is malformed or does not match its
	// inputs, or a recorded kind (ManifestKind) no longer matches its
	// registered kind; stressset's manifests wrap it too.
	ErrManifest = errors.New("bad manifest")
)

// Change is one edit made by a perturbation, as logged in changes.tsv.
type Change struct {
	File     string // output file name, set by the pipeline
	Sentence int    // 0-based sentence index in the input, set by the pipeline
	Token    int    // 0-based index of the first token changed
	End      int    // index after the last token changed (Token+1 for one token)
	Kind     string // perturbation name, e.g. "keyboard"
	Before   string // original text of tokens [Token, End), space-joined
	After    string // new text, space-joined

	// Optional details of concept-preserving replacements.
	ConceptID string // e.g. a UMLS CUI or MeSH id
	Source    string // lexicon the replacement came from
	TermType  string // term type of the replacement (e.g. "SY", "PT")
}

// Perturbation changes sentences. Implementations must be safe for
// concurrent use and must draw every random choice from r.
type Perturbation interface {
	// Perturb returns a perturbed copy of s and the changes made. selected
	// marks the tokens chosen by word selection (len(selected) ==
	// s.Len()); a perturbation that works on other units, such as gold
	// entity spans, may ignore it. Perturb must not modify s. Token
	// indices of changes refer to s; a perturbation that changes the
	// number of tokens checks its own output (SentenceChecker).
	// Perturb must not keep selected or r: the pipeline reuses both for
	// the next sentence.
	Perturb(s conll.Sentence, selected []bool, r *rand.Rand) (conll.Sentence, []Change)
	// Check reports whether c is a valid change of this perturbation,
	// wrapping ErrInvalidChange when it is not.
	Check(c Change) error
}

// The optional capabilities of a Perturbation. The pipeline looks for
// each by its interface and for nothing else:
//
//   - WordEditor: edits one token at a time (keyboard, swap, case,
//     spelling, insert, delete, ocr); the pipeline edits the selected
//     words itself, in reused memory.
//   - ByteEditor: a WordEditor that also edits ASCII words in place,
//     for the plain path of "stress perturb".
//   - SentenceChecker: checks its own output where the token-by-token
//     check cannot (replacements by a different number of tokens);
//     a SpanChecker is given the original's gold mentions.
//   - MentionReporter: says what became of every gold mention, counted
//     into Stats.MentionOutcomes.
//   - DocumentPerturbation: reads the sentences before the one it
//     perturbs in input order (abbreviations a document defined).
//   - MentionPerturbation: a DocumentPerturbation that chooses its own
//     mentions and draws nothing at random; it says what became of every
//     mention as it perturbs the sentence.
//   - Auditor: counts properties of its output into Stats.Audit; a
//     SpanAuditor is given the original's gold mentions.
//   - composite: a composition of kinds whose changes name their
//     component in Change.Kind.
//   - io.Closer: holds resources (a concept store); BuiltKind.Close
//     releases them.

// WordEditor is a token-level edit such as a keyboard typo or a swap.
// AppendWord appends the edited token to dst and reports true, or returns
// dst unchanged and false when the token offers nothing to edit. It draws
// every random choice from r.
//
// A Perturbation that is a WordEditor must perturb by EditWords with
// itself: the pipeline then edits the words with it directly when it
// builds the output sentences itself, keeping the changes of many
// sentences in one reused buffer; the perturbation needs no method of
// its own for that.
type WordEditor interface {
	AppendWord(dst []byte, word string, r *rand.Rand) ([]byte, bool)
}

// ByteEditor is an optional fast path of a WordEditor whose edits of
// ASCII words keep their length (keyboard, swap): the plain path of a
// run (one worker writing a tab-separated corpus back as it reads it)
// then edits the selected words of a sentence where they lie in its
// output, making no token strings.
//
// EditBytes edits word in place exactly as AppendWord edits it: the
// same random draws (Draws draws as rand.Rand does), the same bytes. It reports ok == false when it
// cannot edit this word in place (a non-ASCII word, a replacement of
// another length); the plain path then perturbs the sentence again from
// its seed through AppendWord. CheckBytes is Check's verdict on a change
// from before to after, two ASCII words of the same length: false sends
// the sentence to the general path, where Check says what is wrong. It
// accepts no change that puts a byte up to '\r' into a word without
// one: the plain path writes what it accepts as is, unchecked.
// TestByteEditors compares both with AppendWord and Check on every kind
// that offers them.
type ByteEditor interface {
	WordEditor
	EditBytes(word []byte, r Draws) (edited, ok bool)
	CheckBytes(before, after []byte) bool
}

// SentenceChecker is implemented by perturbations whose output cannot be
// checked token by token (for example replacements of multi-token spans
// by terms of another length). The pipeline then uses CheckSentence
// instead of its own token-level check.
type SentenceChecker interface {
	CheckSentence(orig, out conll.Sentence, changes []Change) error
}

// SpanChecker is a SentenceChecker that reads the gold mentions of the
// original: the pipeline, which reads them once per sentence for every
// step and its statistics, calls CheckSentenceSpans with them (spans,
// iob.Spans of orig's tags) instead of CheckSentence, which would read
// them again. It must check what CheckSentence checks, and not keep
// spans.
type SpanChecker interface {
	SentenceChecker
	CheckSentenceSpans(orig, out conll.Sentence, changes []Change, spans []iob.Span) error
}

// MentionReporter is implemented by perturbations that decide mention
// by mention, such as synonym replacement. MentionOutcomes returns, for
// each gold mention of s in order, its entity type and its outcome:
// OutcomeReplaced, or why the mention was left (for synonyms: no
// concept, ambiguous, no synonym, filtered). The pipeline counts the
// outcomes of every sentence into the step's Stats.MentionOutcomes.
type MentionReporter interface {
	MentionOutcomes(s conll.Sentence) []MentionOutcome
}

// MentionOutcome is what a perturbation did with one gold mention: its
// entity type and OutcomeReplaced or the reason it was left.
type MentionOutcome struct {
	Type, Outcome string
}

// DocumentPerturbation is implemented by perturbations that read the
// sentences before the one they perturb, such as the expansion of an
// abbreviation to the long form its document defined earlier. The
// pipeline asks for one DocumentReader per input and feeds it every
// sentence in input order, from one goroutine, before the sentence is
// perturbed; the DocState Observe returns is handed to PerturbInDocument
// (and to MentionOutcomesInDocument and Audit) with that sentence, in
// whichever worker perturbs it. The output therefore depends on the
// input's order but not on the number of workers.
type DocumentPerturbation interface {
	Perturbation
	// NewDocumentReader returns a reader for one input of the run run.
	NewDocumentReader(run RunInfo) DocumentReader
	// PerturbInDocument is Perturb given what the reader saw before s.
	PerturbInDocument(st DocState, s conll.Sentence, selected []bool, r *rand.Rand) (conll.Sentence, []Change)
	// MentionOutcomesInDocument is MentionOutcomes (MentionReporter)
	// given what the reader saw before s.
	MentionOutcomesInDocument(st DocState, s conll.Sentence) []MentionOutcome
}

// MentionPerturbation is a DocumentPerturbation that chooses its
// targets among the gold mentions itself and draws nothing at random
// (synonym replacement: a concept's names are ranked per run and
// document). PerturbMentions is PerturbInDocument without word selection
// and random source, given spans, the gold mentions of s (iob.Spans of
// its tags); it appends to outcomes what became of each of them, as
// MentionOutcomesInDocument says. It must not keep spans or outcomes.
//
// The pipeline calls it instead of PerturbInDocument and
// MentionOutcomesInDocument, and neither selects words nor seeds a
// generator for it: planning a sentence twice, once for its output and
// once for its outcomes, the spans and the selection and seeding it
// does not use were a tenth of a synonym run (issue 34).
type MentionPerturbation interface {
	DocumentPerturbation
	PerturbMentions(st DocState, s conll.Sentence, spans []iob.Span, outcomes []MentionOutcome) (conll.Sentence, []Change, []MentionOutcome)
}

// RunInfo is what a DocumentPerturbation knows of its run: the seed, for
// choices that must agree across sentences (one name for a concept in a
// whole document), and the selection, for kinds that select their own
// mentions (SelectMentions at Selection.Rate).
type RunInfo struct {
	Seed      uint64
	Selection Selection
}

// DocumentReader reads one input's sentences in order (see
// DocumentPerturbation). Observe must copy what it keeps of s: the
// pipeline reuses sentence memory.
type DocumentReader interface {
	Observe(s conll.Sentence) DocState
}

// DocumentLookahead is a DocumentReader that must see a whole document
// before any of its sentences is perturbed (entity swap's new concepts
// differ from every concept the document names, in later sentences
// too). The pipeline hands it each document at once: a sentence that
// marks a document's start (DocStart) and the sentences up to the next
// such mark, or a sentence before any mark alone; ObserveDocument
// returns the DocState of each of its sentences, in order, and is called
// instead of Observe. The pipeline does not reuse the memory of these
// sentences.
type DocumentLookahead interface {
	DocumentReader
	ObserveDocument(doc []conll.Sentence) []DocState
}

// DocState is what a DocumentReader knows of a sentence's document when
// the sentence comes (for synonyms, the abbreviations defined so far);
// only the perturbation that made the reader looks inside it.
type DocState any

// Auditor is implemented by perturbations that count, beyond Stats,
// properties of their output: Audit appends to dst, for one sentence and
// its perturbed copy, the counts that the pipeline adds to the step's
// Stats.Audit. st is the sentence's DocState (see DocumentPerturbation),
// nil for other perturbations.
type Auditor interface {
	Audit(dst []AuditCount, st DocState, orig, out conll.Sentence, changes []Change) []AuditCount
}

// SpanAuditor is an Auditor that reads the gold mentions of the
// original: the pipeline calls AuditSpans with them (spans, iob.Spans of
// orig's tags) instead of Audit (see SpanChecker). It must count what
// Audit counts, and not keep spans.
type SpanAuditor interface {
	Auditor
	AuditSpans(dst []AuditCount, st DocState, orig, out conll.Sentence, changes []Change, spans []iob.Span) []AuditCount
}

// SectionAuditor is an Auditor that can count some of its sections
// only: AuditOnly returns the Auditor of those sections (Stats.Audit
// keys), for a run whose audit is read for them alone ("stress perturb"
// reads the type notes only, see Pipeline.AuditSections). Counting a
// section can cost more than perturbing (the synonym kind explains every
// rejected name).
type SectionAuditor interface {
	Auditor
	AuditOnly(sections []string) Auditor
}

// AuditCount is N more of Item in Section of Stats.Audit.
type AuditCount struct {
	Section, Item string
	N             int
}

// composite is implemented by a composition of kinds ("keyboard+case",
// see Lookup): each of its changes names, in Change.Kind, the component
// that made it, which the pipeline keeps instead of the step's name.
type composite interface {
	Components() []string
}

// Kind describes a registered perturbation.
type Kind struct {
	Name   string // e.g. "keyboard"
	Suffix string // output file suffix, e.g. "key" for NAME_key.tsv
	Help   string // one line, shown in command help
	// Options lists the settings New accepts.
	Options []Option
	// UsesSelection is false for perturbations that pick their own
	// targets (e.g. synonym replacement of gold entity spans).
	UsesSelection bool
	// Mentions is set for kinds that change gold mentions only
	// (synonym, abbreviation, entity-swap): word selection's Targets
	// "context" leaves them nothing to change, and is refused (see
	// CheckSelection). A kind with Mentions and without UsesSelection
	// chooses its mentions by SelectMentions: of the selection, only
	// Rate applies to it.
	Mentions bool
	// MeasuredOnMentions is set for kinds whose changes fall on gold
	// mentions (those with Mentions, and spelling, which respells
	// mostly mentions): a report counts their changes in mentions and
	// reads F1 on the changed mentions. Other kinds' changes are
	// counted in tokens.
	MeasuredOnMentions bool
	// Letter is the paper's name of the kind's stress set (K, W, S), ""
	// for the kinds beyond the paper: reports and augmented systems
	// ("words+K") use it.
	Letter string
	// ReviewLabels are the labels a judge chooses from for a change of
	// the kind (the first counts as valid; see package review); nil
	// offers review's defaults.
	ReviewLabels []string
	// Avoidable marks the kinds whose flagged changes review writes as
	// "before -> after" pairs never to use (synonym, abbreviation), in
	// the format the synonym kind's option avoid reads.
	Avoidable bool
	// New builds a ready-to-use Perturbation from option values (missing
	// values take their defaults). It may do expensive setup, such as
	// opening a concept store; if the result implements io.Closer, the
	// caller closes it when done.
	New func(opts map[string]string) (Perturbation, error)
	// Stratum, when set, names the stratum of one of the kind's changes
	// by its Source and TermType, as a review samples and scores them
	// (the synonym kind's policy strata: "attested name", "MESH
	// entry"); nil: the source and term type, space-joined.
	Stratum func(source, termType string) string

	components []*Kind // of a composition (see Lookup)
}

// StratumOf returns the stratum of change c: its kind's Stratum, or its
// source and term type space-joined ("" for a change with neither, as
// keyboard's).
func StratumOf(c Change) string {
	if k, err := Lookup(c.Kind); err == nil && k.Stratum != nil {
		return k.Stratum(c.Source, c.TermType)
	}
	return strings.TrimSpace(c.Source + " " + c.TermType)
}

// Option is a perturbation-specific setting, offered as a command-line
// flag and recorded in the manifest.
type Option struct {
	Name    string // flag name, e.g. "layout"
	Default string // default value; "true"/"false" for Bool options
	Bool    bool
	// List marks a comma-separated list: a command line may repeat the
	// flag, and the values are joined with commas.
	List bool
	// Files marks (a list of) file paths: a build records them relative
	// to its directory, as it does its inputs, so that --from finds them
	// from anywhere.
	Files bool
	// Input marks an option naming a file the kind reads (a concept
	// store) that is recorded as given. Files options are read too: both
	// are inputs of a command's output policy, which no output replaces.
	Input bool
	Help  string
}

// Reads reports whether the option names files the kind reads (Files or
// Input).
func (o Option) Reads() bool { return o.Files || o.Input }

// Value returns the option's value in opts, or its default when opts has
// none or an empty one: what a kind's New reads, whether or not Build
// resolved opts.
func (o Option) Value(opts map[string]string) string {
	if v := opts[o.Name]; v != "" {
		return v
	}
	return o.Default
}

// BoolValue is Value read as a boolean; another value is an
// *OptionError.
func (o Option) BoolValue(opts map[string]string) (bool, error) {
	v := o.Value(opts)
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, &OptionError{Option: o.Name, Value: v, Want: "true or false"}
	}
	return b, nil
}

// ManifestKind is a kind as a manifest records it: its name and
// suffix, and its resolved options (kinds.New builds it back).
type ManifestKind struct {
	Name    string            `json:"name"`
	Suffix  string            `json:"suffix"`
	Options map[string]string `json:"options"`
}

// BuiltKind is a kind built with its resolved options, ready to run:
// what every driver (a build, an augmented set, a curve, an attack)
// holds. Close it when done: a perturbation may hold a concept store.
type BuiltKind struct {
	Kind *Kind
	// Options are the resolved options, as a manifest records them.
	Options map[string]string
	// Perturbation is what Kind.New made of Options. It is the value a
	// pipeline step runs, with every capability it implements.
	Perturbation Perturbation
}

// Build resolves opts (see Resolve) and builds the perturbation of k;
// errors are *SetupError.
func (k *Kind) Build(opts map[string]string) (*BuiltKind, error) {
	resolved, err := k.Resolve(opts)
	if err != nil {
		return nil, &SetupError{Kind: k.Name, Err: err}
	}
	p, err := k.New(resolved)
	if err != nil {
		return nil, &SetupError{Kind: k.Name, Err: err}
	}
	return &BuiltKind{Kind: k, Options: resolved, Perturbation: p}, nil
}

// Recorded is b as a manifest records it.
func (b *BuiltKind) Recorded() ManifestKind {
	return ManifestKind{Name: b.Kind.Name, Suffix: b.Kind.Suffix, Options: b.Options}
}

// Close releases what the perturbation holds, if it is an io.Closer.
// Later calls do nothing.
func (b *BuiltKind) Close() error {
	c, ok := b.Perturbation.(io.Closer)
	if !ok {
		return nil
	}
	b.Perturbation = nil
	return c.Close()
}

// Resolve returns opts completed with the defaults of k's options, and
// an error for a name k does not know. The result is what a manifest
// records.
func (k *Kind) Resolve(opts map[string]string) (map[string]string, error) {
	out := make(map[string]string, len(k.Options))
	for _, o := range k.Options {
		out[o.Name] = o.Default
	}
	for name, v := range opts {
		if _, ok := out[name]; !ok {
			return nil, fmt.Errorf("%w: %s has no option %q", ErrOption, k.Name, name)
		}
		out[name] = v
	}
	return out, nil
}

// OptionError is an invalid option value. It describes the value, not
// how it was given: a command-line tool maps Option to its flag.
type OptionError struct {
	Option string // e.g. "rate", or "keyboard.layout" for a kind's option
	Value  string
	Want   string // what a valid value looks like
}

func (e *OptionError) Error() string {
	return fmt.Sprintf("%v: %s %s", ErrOption, e.Option, e.Reason())
}

// Reason is the error without the option's name: the value and what
// was wanted.
func (e *OptionError) Reason() string { return fmt.Sprintf("%q (want %s)", e.Value, e.Want) }

func (e *OptionError) Unwrap() error { return ErrOption }

// SetupError is an error of Kind.New: the kind could not be built from
// its options (a bad value, a concept store that cannot be opened).
type SetupError struct {
	Kind string
	Err  error
}

func (e *SetupError) Error() string { return e.Kind + ": " + e.Err.Error() }
func (e *SetupError) Unwrap() error { return e.Err }
