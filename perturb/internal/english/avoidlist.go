package english

import (
	"fmt"
	"os"
	"strings"
)

// ReadAvoidFile reads an avoid list a user gives in a file (stress
// review score --avoid writes one): entries added to the embedded
// lists, not replacing them. Lines go through avoid.txt's parser
// (ParseAvoidList); a line that it would read as a pair with an empty
// side, which could never match, is an error naming the file and line.
func ReadAvoidFile(path string) (*AvoidList, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseAvoidFile(string(data), path)
}

// parseAvoidFile is ReadAvoidFile on text; name is the file named in
// errors.
func parseAvoidFile(text, name string) (*AvoidList, error) {
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
	return ParseAvoidList(text), nil
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
