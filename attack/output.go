package attack

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/internal/jsonenc"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/stressset"
)

// Outputs names the files a Result is written to. Set is required; Log
// and Random may be empty.
type Outputs struct {
	Set    string // the adversarial set
	Log    string // the change log (changes.tsv format) of the set, and of the random set when written
	Random string // the random set
	// Format and Layout are those of the input: an output of the same
	// format keeps its layout (extra columns, document lines), others
	// are written plain.
	Format conll.Format
	Layout conll.Layout
	// Scheme is the tag scheme the sets and log are written in (the
	// input's; the sentences are IOB2).
	Scheme iob.Scheme
	// Force replaces existing files.
	Force bool
}

// Written is what Result.Write wrote: the SHA-256 of each file, by path.
type Written map[string]string

// Write writes the sets and the change log of res and returns the
// SHA-256 of each file written. Everything is written to temporary files
// before anything is put in place, the sets before the log that
// describes them, all or none (atomicfile.CommitAll): a failure, a file
// that appeared meanwhile included, leaves no output.
func (res *Result) Write(o Outputs) (Written, error) {
	written, pending, err := res.prepare(o)
	if err != nil {
		return nil, err
	}
	return written, atomicfile.CommitAll(pending...)
}

// prepare writes what Write writes to temporary files and returns them,
// in the order they are to be committed; on failure it discards them.
func (res *Result) prepare(o Outputs) (written Written, pending []atomicfile.Committer, err error) {
	written = Written{}
	defer func() {
		if err != nil {
			for _, p := range pending {
				p.Abort()
			}
		}
	}()
	for _, set := range []struct {
		path  string
		sents []conll.Sentence
	}{{o.Set, res.Adversarial}, {o.Random, res.Random}} {
		if set.path == "" {
			continue
		}
		l := o.Layout
		if conll.FormatOf(set.path) != o.Format {
			l = conll.Layout{}
		}
		h := sha256.New()
		out, err := conll.Create(set.path, conll.OutputOptions{Layout: l, NoClobber: !o.Force, Stored: h})
		if err != nil {
			return nil, pending, err
		}
		pending = append(pending, out)
		if err := conll.WriteAll(conll.NewSchemeWriter(out, o.Scheme), set.sents); err != nil {
			return nil, pending, fmt.Errorf("%s: %w", set.path, err)
		}
		if err := out.Close(); err != nil {
			return nil, pending, fmt.Errorf("%s: %w", set.path, err)
		}
		written[set.path] = hex.EncodeToString(h.Sum(nil))
	}
	if o.Log != "" {
		lf, err := atomicfile.Create(o.Log, !o.Force)
		if err != nil {
			return nil, pending, err
		}
		pending = append(pending, lf)
		cw := stressset.NewChangeWriter(lf)
		cw.Scheme = o.Scheme
		cw.WriteHeader()
		for _, c := range res.Changes {
			cw.Write(c)
		}
		if o.Random != "" {
			for _, c := range res.RandomChanges {
				cw.Write(c)
			}
		}
		if cw.Flush(); cw.Error() != nil {
			return nil, pending, cw.Error() // names o.Log (atomicfile.File.Write)
		}
	}
	return written, pending, nil
}

// Report is an attack's summary with its setup, as WriteReport prints
// it.
type Report struct {
	Summary
	Kinds    []string `json:"kinds"`
	MaxWords int      `json:"max_words"`
	Budget   int      `json:"query_budget"`
	Seed     uint64   `json:"seed"`
	Seconds  float64  `json:"seconds"`
}

// newReport returns the report of an attack run with opts that took
// elapsed.
func newReport(s Summary, opts Options, elapsed time.Duration) Report {
	var names []string
	for _, k := range opts.Kinds {
		names = append(names, k.Kind.Name)
	}
	return Report{Summary: s, Kinds: names, MaxWords: opts.MaxWords, Budget: opts.Queries, Seed: opts.Seed,
		Seconds: math.Round(elapsed.Seconds()*100) / 100}
}

// WriteReport writes r to w as text, or as JSON when format is "json".
func WriteReport(w io.Writer, r Report, format string) error {
	if format == "json" {
		return jsonenc.Encode(w, r)
	}
	s := r.Summary
	_, err := fmt.Fprintf(w, `attack with %s, at most %d words and %d queries per sentence (seed %d)
sentences            %d (attacked %d; skipped %d: no gold entity found by the model)
success rate         %.2f%% (%d of %d; random set: %.2f%%)
F1 before            %.2f
F1 after             %.2f
F1 random            %.2f (same number of changed words per sentence)
words changed        %d (%d in the %d successes, %.2f per success; %d in the %d failures)
queries              %d (%d for the successes, %.1f per success; %d for the other sentences; %d model calls)
time                 %.1fs
`, strings.Join(r.Kinds, ", "), r.MaxWords, r.Budget, r.Seed,
		s.Sentences, s.Attacked, s.Skipped,
		s.SuccessRate, s.Succeeded, s.Attacked, s.RandomSuccessRate,
		s.F1Before, s.F1After, s.RandomF1,
		s.WordsChanged, s.SuccessWords, s.Succeeded, s.WordsPerSuccess, s.WordsChanged-s.SuccessWords, s.Failed,
		s.Queries, s.SuccessQueries, s.QueriesPerSuccess, s.Queries-s.SuccessQueries, s.ModelCalls, r.Seconds)
	return err
}
