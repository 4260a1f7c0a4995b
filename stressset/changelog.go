package stressset

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
)

// ReadChangeLogFile reads the change log at path (see ReadChangeLog).
func ReadChangeLogFile(path string) (map[string][]Span, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open change log: %w", err)
	}
	defer f.Close()
	return ReadChangeLog(f, path)
}

// ReadChangeLog reads the change log a build writes (changes.tsv: a
// header row naming at least the columns file, sentence, token, end and
// after; 1-based sentence and token numbers; end is the last original
// token changed) and returns the changes per output file, with token
// ranges mapped onto the perturbed sentences: a replacement by a
// different number of tokens shifts the tokens after it. name is used in
// error messages.
func ReadChangeLog(r io.Reader, name string) (map[string][]Span, error) {
	type row struct{ sentence, token, end, after int }
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	col := map[string]int{}
	ncols := 0
	rows := map[string][]row{}
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSuffix(sc.Text(), "\r")
		fields := strings.Split(text, "\t")
		if line == 1 {
			ncols = len(fields)
			for i, f := range fields {
				if _, dup := col[f]; dup {
					return nil, fmt.Errorf("%s:1: column %q twice: %w", name, f, ErrChangeLog)
				}
				col[f] = i
			}
			for _, need := range []string{"file", "sentence", "token", "end", "after"} {
				if _, ok := col[need]; !ok {
					return nil, fmt.Errorf("%s:1: no %q column: %w", name, need, ErrChangeLog)
				}
			}
			continue
		}
		if text == "" {
			continue
		}
		if len(fields) < ncols {
			return nil, fmt.Errorf("%s:%d: %d fields, header has %d: %w", name, line, len(fields), ncols, ErrChangeLog)
		}
		num := func(c string) (int, error) {
			v, err := strconv.Atoi(fields[col[c]])
			if err != nil || v < 1 {
				return 0, fmt.Errorf("%s:%d: %s %q is not a positive number: %w", name, line, c, fields[col[c]], ErrChangeLog)
			}
			return v, nil
		}
		s, err := num("sentence")
		if err != nil {
			return nil, err
		}
		t, err := num("token")
		if err != nil {
			return nil, err
		}
		e, err := num("end")
		if err != nil {
			return nil, err
		}
		if e < t {
			return nil, fmt.Errorf("%s:%d: end %d before token %d: %w", name, line, e, t, ErrChangeLog)
		}
		after := countTokens(fields[col["after"]])
		file := fields[col["file"]]
		rows[file] = append(rows[file], row{s - 1, t - 1, e, after})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	if line == 0 {
		return nil, fmt.Errorf("%s: empty change log: %w", name, ErrChangeLog)
	}
	out := map[string][]Span{}
	for file, rs := range rows {
		slices.SortStableFunc(rs, func(a, b row) int {
			if a.sentence != b.sentence {
				return a.sentence - b.sentence
			}
			return a.token - b.token
		})
		shift, sent := 0, -1
		for _, r := range rs {
			if r.sentence != sent {
				shift, sent = 0, r.sentence
			}
			start := r.token + shift
			if r.after > 0 {
				out[file] = append(out[file], Span{Sentence: r.sentence, Start: start, End: start + r.after})
			}
			shift += r.after - (r.end - r.token)
		}
	}
	return out, nil
}

// countTokens counts the tokens of an "after" field. Replacement tokens
// are joined with a plain space (as synonym and the pipeline write them),
// so only U+0020 separates them: strings.Fields would also split on
// U+00A0 and other Unicode spaces, which the CoNLL reader keeps inside a
// token, and a typo in such a token would then shift every later change.
func countTokens(after string) int {
	return len(strings.FieldsFunc(after, func(r rune) bool { return r == ' ' }))
}
