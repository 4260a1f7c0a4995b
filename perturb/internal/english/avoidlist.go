package english

import (
	"fmt"
	"os"
	"strings"
)

// AvoidList is a list of avoided names and pairs in the format of
// avoid.txt, read from a file a user gives (stress review score
// --avoid writes one): entries added to the embedded list, not
// replacing it.
type AvoidList struct {
	names map[string]bool
	pairs []avoidPair
}

// ReadAvoidFile reads an avoid list from path. Lines go through the
// parser of avoid.txt (parseAvoid); a line that it would read as a pair
// with an empty side, which could never match, is an error naming the
// file and line.
func ReadAvoidFile(path string) (*AvoidList, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseAvoidList(string(data), path)
}

// ParseAvoidList is ReadAvoidFile on text; name is the file named in
// errors.
func ParseAvoidList(text, name string) (*AvoidList, error) {
	for i, line := range strings.Split(text, "\n") {
		line, _, _ = strings.Cut(line, "#")
		if line = strings.TrimSpace(line); line == "" {
			continue
		}
		a, b, ok := strings.Cut(line, "<->")
		if !ok {
			a, b, ok = strings.Cut(line, "->")
		}
		if ok && (len(KeyWords(a)) == 0 || len(KeyWords(b)) == 0) || !ok && len(KeyWords(line)) == 0 {
			return nil, fmt.Errorf("%s:%d: %q: want a name, \"from -> to\" or \"a <-> b\" with words on both sides", name, i+1, line)
		}
	}
	names, pairs := parseAvoid(text)
	return &AvoidList{names: names, pairs: pairs}, nil
}

// Len returns the number of names and pairs of the list (a line
// "a <-> b" counts as two pairs).
func (l *AvoidList) Len() int {
	if l == nil {
		return 0
	}
	return len(l.names) + len(l.pairs)
}

// Avoids reports whether the list forbids replacing mention by name:
// name is one of its names (compared by AvoidKey), or one of its pairs
// applies as AvoidedPair says for avoid.txt.
func (l *AvoidList) Avoids(name, mention string) bool {
	if l == nil {
		return false
	}
	if l.names[AvoidKey(name)] {
		return true
	}
	nw, mw := KeyWords(name), KeyWords(mention)
	for _, p := range l.pairs {
		if hasRun(mw, p.from) && hasRun(nw, p.to) && !hasRun(nw, p.from) {
			return true
		}
	}
	return false
}
