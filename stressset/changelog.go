package stressset

import (
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/stress-ner/stress/perturb"
)

// ReadChangedFile reads the change log at path and returns the tokens
// each output file changed (see readChanged).
func ReadChangedFile(path string) (map[string][]Span, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open change log: %w", err)
	}
	defer f.Close()
	return readChanged(f, path)
}

// readChanged reads a change log (see ChangeReader) and returns, per
// output file, the tokens its changes cover in the perturbed sentences
// (see ChangedSpans). name is the file named in errors. It reads row by
// row, keeping only what the spans need of each.
func readChanged(r io.Reader, name string) (map[string][]Span, error) {
	var acc spanAcc
	cr := NewChangeReader(r, name)
	for {
		row, err := cr.Read()
		if err == io.EOF {
			return acc.spans(), nil
		}
		if err != nil {
			return nil, err
		}
		acc.add(row.Change)
	}
}

// ChangedSpans maps changes (as a perturbation made them: positions in
// the original sentence) onto the perturbed sentences, per output file:
// a replacement by a different number of tokens shifts the tokens after
// it, and a change that deleted its tokens covers none. Every set's
// spans, on disk or in memory, come from here.
func ChangedSpans(changes []perturb.Change) map[string][]Span {
	var acc spanAcc
	for _, c := range changes {
		acc.add(c)
	}
	return acc.spans()
}

// spanAcc gathers what ChangedSpans needs of each change, so that a
// change log can be read row by row without keeping its rows.
type spanAcc struct {
	rows map[string][]spanRow
}

type spanRow struct{ sentence, token, end, after int }

// expect makes room for n changes of file, when the count is known
// (a build's manifest records it).
func (a *spanAcc) expect(file string, n int) {
	if a.rows == nil {
		a.rows = map[string][]spanRow{}
	}
	a.rows[file] = slices.Grow(a.rows[file], n)
}

func (a *spanAcc) add(c perturb.Change) {
	if a.rows == nil {
		a.rows = map[string][]spanRow{}
	}
	a.rows[c.File] = append(a.rows[c.File], spanRow{c.Sentence, c.Token, max(c.End, c.Token+1), countTokens(c.After)})
}

func (a *spanAcc) spans() map[string][]Span {
	out := make(map[string][]Span, len(a.rows))
	for file, rs := range a.rows {
		if len(rs) == 0 { // expected, never added: as if never expected
			continue
		}
		slices.SortStableFunc(rs, func(a, b spanRow) int {
			if a.sentence != b.sentence {
				return a.sentence - b.sentence
			}
			return a.token - b.token
		})
		shift, sent := 0, -1
		spans := make([]Span, 0, len(rs))
		for _, r := range rs {
			if r.sentence != sent {
				shift, sent = 0, r.sentence
			}
			start := r.token + shift
			if r.after > 0 {
				spans = append(spans, Span{Sentence: r.sentence, Start: start, End: start + r.after})
			}
			shift += r.after - (r.end - r.token)
		}
		out[file] = spans
	}
	return out
}

// countTokens counts the tokens of an "after" field. Replacement tokens
// are joined with a plain space (as synonym and the pipeline write them),
// so only U+0020 separates them: strings.Fields would also split on
// U+00A0 and other Unicode spaces, which the CoNLL reader keeps inside a
// token, and a typo in such a token would then shift every later change.
func countTokens(after string) int {
	n := 0
	for i := 0; i < len(after); i++ { // runs of spaces between tokens, as strings.FieldsFunc splits
		if after[i] != ' ' && (i == 0 || after[i-1] == ' ') {
			n++
		}
	}
	return n
}
