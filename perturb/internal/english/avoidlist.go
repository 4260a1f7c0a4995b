package english

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/internal/limits"
)

// ReadAvoidFile reads an avoid list a user gives in a file (stress
// review score --avoid writes one): entries added to the embedded
// lists, not replacing them. Lines go through avoid.txt's parser
// (ParseAvoidList) after the checks of parseAvoidFile; no line may be
// longer than limits.MaxLine.
func ReadAvoidFile(path string) (*AvoidList, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var text strings.Builder
	in := limits.NewLines(f)
	for in.Scan() {
		text.WriteString(in.Text())
		text.WriteByte('\n')
	}
	if err := in.Err(); errors.Is(err, limits.ErrLongLine) {
		return nil, fmt.Errorf("%s:%d: %w", path, in.Line(), err)
	} else if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return parseAvoidFile(text.String(), path)
}

// avoidLineRules say why a line of an avoid file given by a user cannot
// be read, in order; the first that applies wins. avoid.txt's parser
// cuts a line at "#", splits it at the first "<->" or "->" and keeps the
// words of each side: a second arrow, a backward one or an empty side
// would be read as something else than written, or never match.
var avoidLineRules = []struct {
	name  string
	fails func(line, content string) bool
}{
	{"not valid UTF-8", func(line, _ string) bool { return !utf8.ValidString(line) }},
	{"a control character (a tab, NUL, ...)", func(line, _ string) bool { return strings.ContainsFunc(line, unicode.IsControl) }},
	{"more than one arrow: want one \"from -> to\" or \"a <-> b\" a line", func(_, c string) bool {
		return strings.Count(strings.ReplaceAll(c, "<->", "->"), "->") > 1
	}},
	{"a backward arrow \"<-\": write \"b -> a\" for the pair one way, \"a <-> b\" for both", func(_, c string) bool {
		return strings.Contains(strings.ReplaceAll(c, "<->", ""), "<-")
	}},
	{"want a name, \"from -> to\" or \"a <-> b\" with words on both sides", func(_, c string) bool {
		a, b, ok := strings.Cut(c, "<->")
		if !ok {
			a, b, ok = strings.Cut(c, "->")
		}
		return ok && (len(KeyWords(a)) == 0 || len(KeyWords(b)) == 0) || !ok && len(KeyWords(c)) == 0
	}},
}

// parseAvoidFile is ReadAvoidFile on text; name is the file named in
// errors. A line that breaks one of avoidLineRules is an error naming
// the file and line.
func parseAvoidFile(text, name string) (*AvoidList, error) {
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSuffix(line, "\r")
		content, _, _ := strings.Cut(line, "#")
		if content = strings.TrimSpace(content); content == "" && utf8.ValidString(line) && !strings.ContainsFunc(line, unicode.IsControl) {
			continue
		}
		for _, r := range avoidLineRules {
			if r.fails(line, content) {
				shown := content
				if shown == "" {
					shown = line
				}
				return nil, fmt.Errorf("%s:%d: %q: %s", name, i+1, clip(shown), r.name)
			}
		}
	}
	return ParseAvoidList(text), nil
}

// clip shortens s for a message.
func clip(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

// Avoids reports whether the list forbids replacing mention by name:
// name is one of its names, or one of its pairs applies (Name, Pair). A
// nil list avoids nothing.
func (l *AvoidList) Avoids(name, mention string) bool {
	return l != nil && (l.Name(name) || l.Pair(name, mention))
}

// Empty reports whether the list is nil or holds nothing.
func (l *AvoidList) Empty() bool {
	if l == nil {
		return true
	}
	names, pairs := l.Len()
	return names+pairs == 0
}
