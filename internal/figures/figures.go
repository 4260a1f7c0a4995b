// Package figures keeps the figures of README.md and docs/*.md equal to
// what a script measures, so that no figure in the documentation can
// drift from the code.
//
// A figure is marked where a document shows it, inline:
//
//	S replaces <!--f:s.chemical-->585<!--/f--> Chemical mentions
//
// or, for a whole table or fenced block, on the line before it:
//
//	<!-- figure: paper.table3 -->
//	| model | O F1 | ...
//
// The values are kept in docs/figures.jsonl, one figure a line (name,
// value, the source that measured it), which only the generator writes:
// scripts/figures.sh (go run ./internal/figures/gen) runs the sources,
// rewrites the file and then the marked values of every document.
// TestDocuments fails when a document shows a value the file does not
// hold, names a figure the file lacks, or when the file holds a figure
// no document shows; the generator's test recomputes the sources that
// are cheap (the embedded sample; ../shared when it is there) and fails
// when the code now measures something else.
package figures

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
)

// File is where the figures are kept, relative to the repository root.
const File = "docs/figures.jsonl"

// Errors of this package.
var (
	ErrMarker  = errors.New("bad figure marker")
	ErrUnknown = errors.New("figure not in " + File)
)

// Figure is one measured figure, as the documents show it.
type Figure struct {
	Name   string `json:"name"`
	Value  string `json:"value"`
	Source string `json:"source"` // the generator's source that measured it
}

// Use is one place a document shows a figure.
type Use struct {
	File  string
	Line  int // 1-based, of the value's first line
	Name  string
	Value string
	Block bool // a table or fenced block rather than an inline value

	start, end int // byte offsets of Value in the document
}

var (
	inlineMarker = regexp.MustCompile(`<!--f:([^>]*?)-->`)
	inlineEnd    = "<!--/f-->"
	blockMarker  = regexp.MustCompile(`^<!--\s*figure:\s*(\S*)\s*-->\s*$`)
	namePattern  = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*$`)
)

// Uses returns the figures a document shows, in order. file names the
// document in errors.
func Uses(file, doc string) ([]Use, error) {
	var out []Use
	lineAt := func(off int) int { return strings.Count(doc[:off], "\n") + 1 }
	// Inline markers, outside code.
	code := codeMask(doc)
	ends := 0
	for i := strings.Index(doc, inlineEnd); i >= 0; {
		if !code[i] {
			ends++
		}
		next := strings.Index(doc[i+1:], inlineEnd)
		if next < 0 {
			break
		}
		i += 1 + next
	}
	for _, m := range inlineMarker.FindAllStringSubmatchIndex(doc, -1) {
		if code[m[0]] {
			continue
		}
		name := doc[m[2]:m[3]]
		if !namePattern.MatchString(name) {
			return nil, fmt.Errorf("%s:%d: %w: name %q (lower-case letters, digits, . _ -)", file, lineAt(m[0]), ErrMarker, name)
		}
		end := strings.Index(doc[m[1]:], inlineEnd)
		if end < 0 || strings.Contains(doc[m[1]:m[1]+end], "\n") || strings.Contains(doc[m[1]:m[1]+end], "<!--") {
			return nil, fmt.Errorf("%s:%d: %w: <!--f:%s--> without %s on its line", file, lineAt(m[0]), ErrMarker, name, inlineEnd)
		}
		out = append(out, Use{File: file, Line: lineAt(m[0]), Name: name, Value: doc[m[1] : m[1]+end], start: m[1], end: m[1] + end})
	}
	if ends != len(out) {
		return nil, fmt.Errorf("%s: %w: %d %s for %d <!--f:NAME--> markers", file, ErrMarker, ends, inlineEnd, len(out))
	}
	// Block markers: the table or fenced block on the next lines.
	lines := strings.SplitAfter(doc, "\n")
	offsets := make([]int, len(lines)+1)
	for i, l := range lines {
		offsets[i+1] = offsets[i] + len(l)
	}
	for i, line := range lines {
		m := blockMarker.FindStringSubmatch(strings.TrimRight(line, "\n"))
		if m == nil {
			continue
		}
		name := m[1]
		if !namePattern.MatchString(name) {
			return nil, fmt.Errorf("%s:%d: %w: name %q (lower-case letters, digits, . _ -)", file, i+1, ErrMarker, name)
		}
		first, j := i+1, i+1 // the value is lines[first:j]
		switch {
		case j < len(lines) && strings.HasPrefix(lines[j], "|"):
			for j < len(lines) && strings.HasPrefix(lines[j], "|") {
				j++
			}
		case j < len(lines) && strings.HasPrefix(lines[j], "```"):
			first, j = j+1, j+1 // the body, fences excluded
			for j < len(lines) && strings.TrimSpace(lines[j]) != "```" {
				j++
			}
			if j == len(lines) {
				return nil, fmt.Errorf("%s:%d: %w: fence not closed", file, i+2, ErrMarker)
			}
		default:
			return nil, fmt.Errorf("%s:%d: %w: <!-- figure: %s --> is not followed by a table or a fenced block", file, i+1, ErrMarker, name)
		}
		start, end := offsets[first], offsets[j]
		out = append(out, Use{File: file, Line: first + 1, Name: name, Value: doc[start:end], Block: true, start: start, end: end})
	}
	slices.SortFunc(out, func(a, b Use) int { return a.start - b.start })
	return out, nil
}

// codeMask marks the bytes of doc inside fenced blocks (fence lines
// included) and code spans, where a marker is text, not a marker. A code
// span may go on over a line break, not past the end of its paragraph.
func codeMask(doc string) []bool {
	mask := make([]bool, len(doc)+1)
	fenced, in := false, false
	off := 0
	for _, line := range strings.SplitAfter(doc, "\n") {
		fence := strings.HasPrefix(strings.TrimSpace(line), "```")
		switch {
		case fence || fenced:
			for k := range len(line) {
				mask[off+k] = true
			}
			if fence {
				fenced = !fenced
			}
			in = false
		case strings.TrimSpace(line) == "":
			in = false
		default:
			for k := range len(line) {
				if line[k] == '`' {
					in = !in
				}
				mask[off+k] = in || line[k] == '`'
			}
		}
		off += len(line)
	}
	return mask
}

// Replace returns doc with the value of every figure it shows replaced
// by values[name]; a figure values lacks is an error wrapping ErrUnknown.
func Replace(file, doc string, values map[string]string) (string, error) {
	uses, err := Uses(file, doc)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	last := 0
	for _, u := range uses {
		v, ok := values[u.Name]
		if !ok {
			return "", fmt.Errorf("%s:%d: %w: %s", file, u.Line, ErrUnknown, u.Name)
		}
		if u.Block && v != "" && !strings.HasSuffix(v, "\n") {
			v += "\n"
		}
		b.WriteString(doc[last:u.start])
		b.WriteString(v)
		last = u.end
	}
	b.WriteString(doc[last:])
	return b.String(), nil
}

// read reads figures, one JSON object a line, as Write writes them.
func read(r io.Reader) ([]Figure, error) {
	var out []Figure
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	seen := map[string]bool{}
	for n := 1; sc.Scan(); n++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var f Figure
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&f); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", File, n, err)
		}
		if !namePattern.MatchString(f.Name) || seen[f.Name] {
			return nil, fmt.Errorf("%s:%d: name %q invalid or repeated", File, n, f.Name)
		}
		seen[f.Name] = true
		out = append(out, f)
	}
	return out, sc.Err()
}

// ReadFile reads the figures file at path.
func ReadFile(path string) ([]Figure, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return read(f)
}

// Write writes figures sorted by name, one JSON object a line, so that
// a change of one figure is a change of one line.
func Write(w io.Writer, figs []Figure) error {
	figs = slices.Clone(figs)
	slices.SortFunc(figs, func(a, b Figure) int { return strings.Compare(a.Name, b.Name) })
	for _, f := range figs {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(f); err != nil {
			return err
		}
		if _, err := w.Write(buf.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// Values maps the figures' names to their values.
func Values(figs []Figure) map[string]string {
	m := make(map[string]string, len(figs))
	for _, f := range figs {
		m[f.Name] = f.Value
	}
	return m
}
