package textutil

import "strings"

// Sorted lines. Data a package embeds as text (a vocabulary, a list of
// names) is searched where the executable maps it: a binary search over
// the bytes of a run of lines sorted by a key, with no map, no slice of
// lines and no decoding at start-up (issue 34: decoding embedded gzip
// into maps was a tenth of a synonym run).

// LineKey returns the key of line (without its newline) in a run whose
// lines start with skip bytes that are not part of their key (a kind
// letter and a tab, "a\t"): the text after them up to the next tab or
// the line's end. A line shorter than skip has the empty key.
func LineKey(line string, skip int) string {
	if len(line) <= skip {
		return ""
	}
	key := line[skip:]
	if i := strings.IndexByte(key, '\t'); i >= 0 {
		key = key[:i]
	}
	return key
}

// SearchLines returns the offset in lines of the first line whose key
// (LineKey with skip) is key or sorts after it, len(lines) when none
// does. lines is a run of lines, each ended by a newline, sorted by
// their keys (SortedByKey); lines sharing a key follow each other from
// the offset returned. Each probe of the search backs up to the start of
// the line it falls in.
func SearchLines(lines string, skip int, key string) int {
	lo, hi := 0, len(lines) // lo and hi are always lines' starts
	for lo < hi {
		mid := lo + (hi-lo)/2
		start := mid
		for start > lo && lines[start-1] != '\n' {
			start--
		}
		// The probed line's key, compared with key where it lies, a byte
		// at a time (cutting it and comparing strings cost twice as
		// much; issue 34): less is LineKey(line, skip) < key.
		i := start
		for i < len(lines) && i < start+skip && lines[i] != '\n' {
			i++
		}
		less := false
		if i < start+skip || i == len(lines) || lines[i] == '\n' {
			less = key != "" // a line of skip bytes or fewer has the empty key
		} else {
			for j := 0; ; i, j = i+1, j+1 {
				if i == len(lines) || lines[i] == '\n' || lines[i] == '\t' {
					less = j < len(key) // the line's key is a prefix of key
					break
				}
				if j == len(key) || lines[i] != key[j] {
					less = j < len(key) && lines[i] < key[j]
					break
				}
			}
		}
		if less {
			end := len(lines)
			if k := strings.IndexByte(lines[i:], '\n'); k >= 0 {
				end = i + k
			}
			lo = end + 1
		} else {
			hi = start
		}
	}
	return min(lo, len(lines))
}

// EachLine calls fn with every line of lines whose
// key (LineKey with skip) is key, as SearchLines finds them; it stops at
// the first line of another key.
func EachLine(lines string, skip int, key string, fn func(line string)) {
	for at := SearchLines(lines, skip, key); at < len(lines); {
		line, rest, _ := strings.Cut(lines[at:], "\n")
		if LineKey(line, skip) != key {
			return
		}
		fn(line)
		at = len(lines) - len(rest)
	}
}

// HasLine reports whether a line of lines has key key (see EachLine).
func HasLine(lines string, skip int, key string) bool {
	at := SearchLines(lines, skip, key)
	if at >= len(lines) {
		return false
	}
	line, _, _ := strings.Cut(lines[at:], "\n")
	return LineKey(line, skip) == key
}

// SortedByKey reports whether lines, each ended by a newline, are sorted
// by their keys (LineKey with skip), as SearchLines needs them: a test of
// the data a package embeds.
func SortedByKey(lines string, skip int) bool {
	if lines != "" && !strings.HasSuffix(lines, "\n") {
		return false
	}
	prev := ""
	for i, line := range strings.Split(strings.TrimSuffix(lines, "\n"), "\n") {
		key := LineKey(line, skip)
		if i > 0 && key < prev {
			return false
		}
		prev = key
	}
	return true
}

// LineRun returns the run of lines of text that start with prefix ("a\t"),
// which text holds together (as a generator writing sorted lines puts
// them): from the first such line to the first line after it that does
// not start with prefix.
func LineRun(text, prefix string) string {
	start := 0
	if !strings.HasPrefix(text, prefix) {
		i := strings.Index(text, "\n"+prefix)
		if i < 0 {
			return ""
		}
		start = i + 1
	}
	end := start
	for end < len(text) && strings.HasPrefix(text[end:], prefix) {
		if i := strings.IndexByte(text[end:], '\n'); i >= 0 {
			end += i + 1
		} else {
			end = len(text)
		}
	}
	return text[start:end]
}
