// Package cdr scores PubTator and BioC corpora exactly as the official
// scorer of the BioCreative V CDR task, BC5CDR_Evaluation-0.0.3 (NCBI,
// public domain; "the kit"), scores them: its three measures are
//
//   - mention: the set of (document, start, end, type) of a file;
//   - id: the set of (document, type, concept id), composite ids
//     ("D1|D2") counting each of their ids, "-1" and empty ids none;
//   - relation: the set of (document, relation type, chemical id,
//     disease id).
//
// True positives are the gold keys the prediction has, false negatives
// the gold keys it lacks, false positives its keys gold lacks, after
// dropping every predicted key of a document that has no gold key (of
// the types scored). Keys are sets, so a duplicate annotation counts
// once. Read reads a file as the kit's loadPubTator and loadBioC read
// it, rule by rule, oddities included (docs/cdr-kit.md lists them); Score
// counts, Result prints the kit's lines.
//
// Where the kit stops with an exception (a line it cannot split, an
// offset beyond an int, a BioC mention with two locations), Read returns
// an error naming the file and line; it never returns a number the kit
// would not print.
package cdr

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Sentinel errors. Errors of this package wrap one of them.
var (
	// ErrKit means the kit stops with an exception on the input (it
	// prints no figures): a line or element it cannot read.
	ErrKit = errors.New("the CDR kit cannot read this")
	// ErrNotUTF8 means a field the kit keeps (a document id, a type, a
	// concept id) is not UTF-8: the kit would read it with replacement
	// characters, which this package does not reproduce.
	ErrNotUTF8 = errors.New("not UTF-8")
	// ErrLevel means an unknown level name.
	ErrLevel = errors.New("unknown level")
	// ErrFormats means the gold and the prediction are read in two
	// formats, which the kit never does (it takes one format for both).
	ErrFormats = errors.New("gold and prediction in two formats")
)

// Level is one of the kit's three measures.
type Level int

// The levels, as the kit's first argument names them.
const (
	Mention Level = iota + 1
	ID
	Relation
)

var levelNames = map[Level]string{Mention: "mention", ID: "id", Relation: "relation"}

// Levels are the levels in the kit's order.
var Levels = []Level{Mention, ID, Relation}

func (l Level) String() string {
	if n, ok := levelNames[l]; ok {
		return n
	}
	return fmt.Sprintf("Level(%d)", int(l))
}

// ParseLevel returns the level named s ("mention", "id" or "relation",
// in any case, as the kit lower-cases its argument).
func ParseLevel(s string) (Level, error) {
	for l, n := range levelNames {
		if strings.EqualFold(n, s) {
			return l, nil
		}
	}
	return 0, fmt.Errorf("%w %q (want mention, id or relation)", ErrLevel, s)
}

// ParseLevels returns the levels named (ParseLevel), in order; the
// first name that is no level is the error.
func ParseLevels(names []string) ([]Level, error) {
	var levels []Level
	for _, s := range names {
		l, err := ParseLevel(s)
		if err != nil {
			return nil, err
		}
		levels = append(levels, l)
	}
	return levels, nil
}

// DefaultTypes returns the types the kit's scripts score at level l:
// eval_mention.sh and eval_id.sh pass "Disease", eval_relation.sh "CID".
func DefaultTypes(l Level) []string {
	if l == Relation {
		return []string{"CID"}
	}
	return []string{"Disease"}
}

// Format is how a file is read: the kit's third argument.
type Format int

// The formats the kit reads.
const (
	PubTator Format = iota + 1
	BioC
)

func (f Format) String() string {
	switch f {
	case PubTator:
		return "pubtator"
	case BioC:
		return "bioc"
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// Options are what the kit's command line says besides the files.
type Options struct {
	Level Level
	// Types are the mention types (Mention, ID) or relation types
	// (Relation) scored, case-sensitive, as the kit's second argument
	// "A|B" lists them; nil means DefaultTypes(Level).
	Types []string
}

// types returns the set of types o scores.
func (o Options) types() map[string]bool {
	ts := o.Types
	if ts == nil {
		ts = DefaultTypes(o.Level)
	}
	m := make(map[string]bool, len(ts))
	for _, t := range ts {
		m[t] = true
	}
	return m
}

// SplitTypes splits a type list as the kit splits its second argument
// (on "|"; empty names dropped, as Java's split drops trailing ones and
// no type is empty).
func SplitTypes(s string) []string {
	var out []string
	for _, t := range strings.Split(s, "|") {
		if t != "" {
			out = append(out, t)
		}
	}
	return out
}

// Keys is what the kit reads of one file at one level: a set of keys,
// each the kit's tab-joined string ("mention\tPMID\t27\t37\tDisease").
type Keys struct {
	Level  Level
	Format Format
	// Warnings say where the kit silently stopped reading (a BioC file
	// whose XML breaks between two documents).
	Warnings []string
	set      map[string]struct{}
}

func newKeys(l Level, f Format) *Keys {
	return &Keys{Level: l, Format: f, set: map[string]struct{}{}}
}

func (k *Keys) add(fields ...string) {
	k.set[strings.Join(fields, "\t")] = struct{}{}
}

// Read reads the keys of a file in format f as the kit reads them at
// o.Level; file names it in errors.
func Read(r io.Reader, file string, f Format, o Options) (*Keys, error) {
	if _, ok := levelNames[o.Level]; !ok {
		return nil, fmt.Errorf("%w %v", ErrLevel, o.Level)
	}
	switch f {
	case PubTator:
		return readPubTator(r, file, o)
	case BioC:
		return readBioC(r, file, o)
	}
	return nil, fmt.Errorf("unknown format %v", f)
}

// sniff returns the format of a file that starts with head: BioC when
// its first character that is not white space (or a byte order mark)
// is "<", else PubTator (a prediction file may well have no title
// lines, and an empty one is nothing else).
func sniff(head []byte) Format {
	head = bytes.TrimLeft(bytes.TrimPrefix(bytes.TrimLeft(head, " \t\r\n"), []byte("\uFEFF")), " \t\r\n")
	if len(head) > 0 && head[0] == '<' {
		return BioC
	}
	return PubTator
}

// ParseFormat returns the format named s: "pubtator" or "bioc" (any
// case, as the kit's third argument).
func ParseFormat(s string) (Format, error) {
	for _, f := range []Format{PubTator, BioC} {
		if strings.EqualFold(s, f.String()) {
			return f, nil
		}
	}
	return 0, fmt.Errorf("unknown format %q (want pubtator or bioc)", s)
}

// Len returns the number of distinct keys.
func (k *Keys) Len() int { return len(k.set) }

// Sorted returns the keys in byte order (the kit prints them in the
// order of a Java HashSet, which says nothing).
func (k *Keys) Sorted() []string {
	out := make([]string, 0, len(k.set))
	for s := range k.set {
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

// docOf returns the document of a key as the kit finds it: the second
// tab-separated field.
func docOf(key string) string {
	_, rest, _ := strings.Cut(key, "\t")
	doc, _, _ := strings.Cut(rest, "\t")
	return doc
}

// Result is the kit's count.
type Result struct {
	TP, FP, FN int
}

// Add returns the sum of r and o.
func (r Result) Add(o Result) Result { return Result{r.TP + o.TP, r.FP + o.FP, r.FN + o.FN} }

// Precision returns TP/(TP+FP) as the kit computes it: NaN when both
// are 0.
func (r Result) Precision() float64 { return float64(r.TP) / float64(r.TP+r.FP) }

// Recall returns TP/(TP+FN), NaN when both are 0.
func (r Result) Recall() float64 { return float64(r.TP) / float64(r.TP+r.FN) }

// FScore returns 2PR/(P+R) as the kit computes it, in its order of
// operations (NaN when P and R are both 0 or either is NaN).
func (r Result) FScore() float64 {
	p, rc := r.Precision(), r.Recall()
	// Conversions keep each step rounded as Java rounds it (no fused
	// multiply-add).
	return float64(float64(2.0*p)*rc) / float64(p+rc)
}

// F1 returns FScore with NaN read as 0: the figure reports compare.
func (r Result) F1() float64 {
	if f := r.FScore(); !math.IsNaN(f) {
		return f
	}
	return 0
}

// String returns the kit's six lines of output (what its scripts print).
func (r Result) String() string {
	return fmt.Sprintf("TP: %d\nFP: %d\nFN: %d\nPrecision: %s\nRecall: %s\nF-score: %s\n",
		r.TP, r.FP, r.FN, javaDouble(r.Precision()), javaDouble(r.Recall()), javaDouble(r.FScore()))
}

// Score counts pred against gold as the kit does: predicted keys of a
// document with no gold key are dropped first (a document the gold
// lacks, or one without gold keys of the types scored), then every gold
// key is a TP or an FN and every remaining predicted key a TP or an FP.
func Score(gold, pred *Keys) Result {
	docs := map[string]bool{}
	for k := range gold.set {
		docs[docOf(k)] = true
	}
	var r Result
	for k := range gold.set {
		if _, ok := pred.set[k]; ok {
			r.TP++
		} else {
			r.FN++
		}
	}
	for k := range pred.set {
		if _, ok := gold.set[k]; !ok && docs[docOf(k)] {
			r.FP++
		}
	}
	return r
}

// ScoreDocs returns Score by document, in byte order of the gold's
// document ids: the units a bootstrap resamples. Their sum is Score.
func ScoreDocs(gold, pred *Keys) (docs []string, results []Result) {
	by := map[string]*Result{}
	get := func(d string) *Result {
		r := by[d]
		if r == nil {
			r = &Result{}
			by[d] = r
		}
		return r
	}
	for k := range gold.set {
		r := get(docOf(k))
		if _, ok := pred.set[k]; ok {
			r.TP++
		} else {
			r.FN++
		}
	}
	for k := range pred.set {
		if _, ok := gold.set[k]; ok {
			continue
		}
		if r := by[docOf(k)]; r != nil {
			r.FP++
		}
	}
	for d := range by {
		docs = append(docs, d)
	}
	slices.Sort(docs)
	for _, d := range docs {
		results = append(results, *by[d])
	}
	return docs, results
}

// javaDouble formats f as Java's Double.toString does (the kit prints
// its figures with it): the shortest digits that read back as f, plain
// from 10^-3 up to 10^7 ("0.7426470588235294", "1.0"), else in
// computerized scientific notation ("9.99000999000999E-4"); "NaN" for
// 0/0.
func javaDouble(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0 && math.Signbit(f):
		return "-0.0"
	case f == 0:
		return "0.0"
	}
	s := strconv.FormatFloat(f, 'e', -1, 64)
	sign := ""
	if s[0] == '-' {
		sign, s = "-", s[1:]
	}
	mant, e, _ := strings.Cut(s, "e")
	exp, _ := strconv.Atoi(e)
	digits := strings.Replace(mant, ".", "", 1)
	if a := math.Abs(f); a >= 1e-3 && a < 1e7 {
		if exp < 0 {
			return sign + "0." + strings.Repeat("0", -exp-1) + digits
		}
		for len(digits) < exp+2 {
			digits += "0"
		}
		return sign + digits[:exp+1] + "." + digits[exp+1:]
	}
	if len(digits) == 1 {
		digits += "0"
	}
	return sign + digits[:1] + "." + digits[1:] + "E" + strconv.Itoa(exp)
}
