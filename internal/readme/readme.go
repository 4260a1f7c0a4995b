// Package readme parses the command blocks of README.md and docs/*.md and
// the markers that say how a test runs them, so that no command the
// documentation shows can go stale: readme_test.go builds stress, copies
// the repository to a temporary directory and runs every block there,
// README.md first, then docs/*.md in name order (a document may use what
// the README's blocks made, such as mine.model, and nothing a later
// document makes).
//
// A fenced block of shell (```sh) must follow, on the line just before
// its fence, a marker saying how it is checked:
//
//	<!-- test: run -->               run it (bash -e) in the copy, stress on PATH
//	<!-- test: run, shared -->       run it when ../shared (the corpora) is there
//	<!-- test: run, slow -->         run it only with STRESS_README_SLOW=1
//	<!-- test: ci -->                .ci/run runs it (each command must be in .ci/run)
//	<!-- test: same-as FILE -->      each line of the block is a line of FILE
//	<!-- test: skip REASON -->       not run; the reason is required
//
// A block of another language may be saved as a file for later blocks
// (<!-- file: NAME -->), and a ```text block may show what the command
// block before it prints (<!-- output -->): each of its lines, spaces
// squeezed, must be a line of that output ("..." lines stand for any).
package readme

import (
	"bufio"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// block is one fenced block of a document.
type block struct {
	File   string // the document, relative to the repository root
	Line   int    // of the opening fence, 1-based
	Lang   string // after the fence: sh, python, text, ...
	Marker string // the marker comment before the fence, without <!-- -->, trimmed; "" if none
	Body   string
}

// Modes of a "test:" marker.
const (
	run    = "run"
	shared = "shared"
	slow   = "slow"
	ci     = "ci"
	sameAs = "same-as"
	skip   = "skip"
)

// Plan is what a marker asks of a command block.
type Plan struct {
	Run, Shared, Slow, CI bool
	SameAs                string // file
	Skip                  string // reason
}

// parse returns the fenced blocks of the Markdown document r, named file
// (relative to the repository root) in errors and in each block.
func parse(file string, r io.Reader) ([]block, error) {
	var out []block
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var cur *block
	var body []string
	prev := ""
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if cur != nil {
			if strings.TrimSpace(line) == "```" {
				cur.Body = strings.Join(body, "\n") + "\n"
				out = append(out, *cur)
				cur, body = nil, nil
			} else {
				body = append(body, line)
			}
			continue
		}
		if strings.HasPrefix(line, "```") {
			cur = &block{File: file, Line: n, Lang: strings.TrimSpace(strings.TrimPrefix(line, "```"))}
			if m, ok := strings.CutPrefix(strings.TrimSpace(prev), "<!--"); ok {
				if m, ok = strings.CutSuffix(m, "-->"); ok {
					cur.Marker = strings.TrimSpace(m)
				}
			}
		}
		prev = line
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if cur != nil {
		return nil, fmt.Errorf("%s:%d: fence not closed", file, cur.Line)
	}
	return out, nil
}

// IsCommand reports whether b is a block of shell commands.
func (b block) IsCommand() bool {
	switch b.Lang {
	case "sh", "bash", "shell", "console":
		return true
	}
	return false
}

// Plan parses the "test:" marker of a command block.
func (b block) Plan() (Plan, error) {
	var p Plan
	spec, ok := strings.CutPrefix(b.Marker, "test:")
	if !ok {
		return p, fmt.Errorf("%s:%d: a command block needs a <!-- test: ... --> marker on the line before it (see internal/readme)", b.File, b.Line)
	}
	spec = strings.TrimSpace(spec)
	if reason, ok := strings.CutPrefix(spec, skip); ok {
		if strings.TrimSpace(reason) == "" {
			return p, fmt.Errorf("%s:%d: skip needs a reason", b.File, b.Line)
		}
		p.Skip = strings.TrimSpace(reason)
		return p, nil
	}
	if file, ok := strings.CutPrefix(spec, sameAs); ok {
		p.SameAs = strings.TrimSpace(file)
		if p.SameAs == "" {
			return p, fmt.Errorf("%s:%d: same-as needs a file", b.File, b.Line)
		}
		return p, nil
	}
	for _, m := range strings.Split(spec, ",") {
		switch strings.TrimSpace(m) {
		case run:
			p.Run = true
		case shared:
			p.Shared = true
		case slow:
			p.Slow = true
		case ci:
			p.CI = true
		default:
			return p, fmt.Errorf("%s:%d: unknown marker %q (run, shared, slow, ci, same-as FILE, skip REASON)", b.File, b.Line, m)
		}
	}
	if !p.Run && !p.CI {
		return p, fmt.Errorf("%s:%d: marker %q runs nothing (add run or ci)", b.File, b.Line, spec)
	}
	return p, nil
}

// commands returns the commands of a shell block: continuation lines
// joined, comments and blank lines left out.
func commands(body string) []string {
	var out []string
	cur := ""
	for _, l := range strings.Split(body, "\n") {
		if c, ok := strings.CutSuffix(strings.TrimRight(l, " "), "\\"); ok {
			cur += strings.TrimSpace(c) + " "
			continue
		}
		cur += strings.TrimSpace(l)
		if i := strings.Index(cur, " #"); i >= 0 {
			cur = strings.TrimSpace(cur[:i])
		}
		if cur != "" && !strings.HasPrefix(cur, "#") {
			out = append(out, squeeze(cur))
		}
		cur = ""
	}
	return out
}

// squeeze trims s and replaces runs of spaces and tabs by one space.
func squeeze(s string) string { return strings.Join(strings.Fields(s), " ") }

// missingOutput returns the lines of want (a document's output block)
// that are not lines of got, spaces squeezed; "..." lines and blank
// lines match anything.
func missingOutput(want, got string) []string {
	have := map[string]bool{}
	for _, l := range strings.Split(got, "\n") {
		have[squeeze(l)] = true
	}
	var missing []string
	for _, l := range strings.Split(want, "\n") {
		l = squeeze(l)
		if l == "" || l == "..." || have[l] {
			continue
		}
		missing = append(missing, l)
	}
	return missing
}

// Documents returns the documents whose blocks the tests run, relative to
// the repository root root: README.md, then docs/*.md in name order.
func Documents(root string) ([]string, error) {
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		return nil, err
	}
	out := []string{"README.md"}
	for _, d := range docs {
		rel, err := filepath.Rel(root, d)
		if err != nil {
			return nil, err
		}
		out = append(out, filepath.ToSlash(rel))
	}
	slices.Sort(out[1:])
	return out, nil
}

// link is a relative link of a document: [text](Target#Anchor).
type link struct {
	Line           int
	Target, Anchor string // Target "" for a link inside the document
}

// linkPattern matches a Markdown inline link; links inside code spans
// are dropped by the caller.
var linkPattern = regexp.MustCompile(`\]\(([^()\s]*)\)`)

// links returns the relative links of a Markdown document (not those
// with a scheme, such as https:, nor those in fenced blocks or code spans).
func links(doc string) []link {
	var out []link
	fenced := false
	for n, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			continue
		}
		for _, m := range linkPattern.FindAllStringSubmatchIndex(stripCode(line), -1) {
			dest := stripCode(line)[m[2]:m[3]]
			if dest == "" || strings.Contains(dest, ":") {
				continue
			}
			target, anchor, _ := strings.Cut(dest, "#")
			out = append(out, link{Line: n + 1, Target: target, Anchor: anchor})
		}
	}
	return out
}

// stripCode blanks the code spans of a line, keeping its length.
func stripCode(line string) string {
	b := []byte(line)
	in := false
	for i, c := range b {
		if c == '`' {
			in = !in
			continue
		}
		if in {
			b[i] = ' '
		}
	}
	return string(b)
}

// anchors returns the anchors GitHub gives the headings of a Markdown
// document: lower case, spaces to hyphens, punctuation other than
// hyphens and underscores dropped, "-1", "-2", ... after a repeat.
func anchors(doc string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	fenced := false
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(title) {
			switch {
			case r == ' ':
				b.WriteByte('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		slug := b.String()
		if n := seen[slug]; n > 0 {
			out[fmt.Sprintf("%s-%d", slug, n)] = true
		} else {
			out[slug] = true
		}
		seen[slug]++
	}
	return out
}
