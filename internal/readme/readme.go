// Package readme parses the command blocks of README.md and the markers
// that say how a test runs them, so that no command the README shows can
// go stale: readme_test.go builds stress, copies the repository to a
// temporary directory and runs every block there.
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
	"strings"
)

// Block is one fenced block of the README.
type Block struct {
	Line   int    // of the opening fence, 1-based
	Lang   string // after the fence: sh, python, text, ...
	Marker string // the marker comment before the fence, without <!-- -->, trimmed; "" if none
	Body   string
}

// Modes of a "test:" marker.
const (
	Run    = "run"
	Shared = "shared"
	Slow   = "slow"
	CI     = "ci"
	SameAs = "same-as"
	Skip   = "skip"
)

// Plan is what a marker asks of a command block.
type Plan struct {
	Run, Shared, Slow, CI bool
	SameAs                string // file
	Skip                  string // reason
}

// Parse returns the fenced blocks of a Markdown document.
func Parse(r io.Reader) ([]Block, error) {
	var out []Block
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var cur *Block
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
			cur = &Block{Line: n, Lang: strings.TrimSpace(strings.TrimPrefix(line, "```"))}
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
		return nil, fmt.Errorf("line %d: fence not closed", cur.Line)
	}
	return out, nil
}

// IsCommand reports whether b is a block of shell commands.
func (b Block) IsCommand() bool {
	switch b.Lang {
	case "sh", "bash", "shell", "console":
		return true
	}
	return false
}

// Plan parses the "test:" marker of a command block.
func (b Block) Plan() (Plan, error) {
	var p Plan
	spec, ok := strings.CutPrefix(b.Marker, "test:")
	if !ok {
		return p, fmt.Errorf("README.md:%d: a command block needs a <!-- test: ... --> marker on the line before it (see internal/readme)", b.Line)
	}
	spec = strings.TrimSpace(spec)
	if reason, ok := strings.CutPrefix(spec, Skip); ok {
		if strings.TrimSpace(reason) == "" {
			return p, fmt.Errorf("README.md:%d: skip needs a reason", b.Line)
		}
		p.Skip = strings.TrimSpace(reason)
		return p, nil
	}
	if file, ok := strings.CutPrefix(spec, SameAs); ok {
		p.SameAs = strings.TrimSpace(file)
		if p.SameAs == "" {
			return p, fmt.Errorf("README.md:%d: same-as needs a file", b.Line)
		}
		return p, nil
	}
	for _, m := range strings.Split(spec, ",") {
		switch strings.TrimSpace(m) {
		case Run:
			p.Run = true
		case Shared:
			p.Shared = true
		case Slow:
			p.Slow = true
		case CI:
			p.CI = true
		default:
			return p, fmt.Errorf("README.md:%d: unknown marker %q (run, shared, slow, ci, same-as FILE, skip REASON)", b.Line, m)
		}
	}
	if !p.Run && !p.CI {
		return p, fmt.Errorf("README.md:%d: marker %q runs nothing (add run or ci)", b.Line, spec)
	}
	return p, nil
}

// Commands returns the commands of a shell block: continuation lines
// joined, comments and blank lines left out.
func Commands(body string) []string {
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

// MissingOutput returns the lines of want (a README's output block)
// that are not lines of got, spaces squeezed; "..." lines and blank
// lines match anything.
func MissingOutput(want, got string) []string {
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
