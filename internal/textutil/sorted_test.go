package textutil

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestSearchLines(t *testing.T) {
	const lines = "a\tapple\t1\na\tapple\t2\na\tbanana\na\tcherry\t3\n"
	for _, tt := range []struct {
		key  string
		at   int // offset of the first line of key or after it
		want []string
	}{
		{"", 0, nil},
		{"apple", 0, []string{"a\tapple\t1", "a\tapple\t2"}},
		{"apples", 20, nil},
		{"banana", 20, []string{"a\tbanana"}},
		{"b", 20, nil},
		{"cherry", 29, []string{"a\tcherry\t3"}},
		{"zebra", len(lines), nil},
	} {
		if got := SearchLines(lines, 2, tt.key); got != tt.at {
			t.Errorf("SearchLines(%q) = %d, want %d", tt.key, got, tt.at)
		}
		var got []string
		EachLine(lines, 2, tt.key, func(line string) { got = append(got, line) })
		if !slices.Equal(got, tt.want) {
			t.Errorf("EachLine(%q) = %q, want %q", tt.key, got, tt.want)
		}
		if has := HasLine(lines, 2, tt.key); has != (len(tt.want) > 0) {
			t.Errorf("HasLine(%q) = %v", tt.key, has)
		}
	}
	// A last line without its newline, an empty run, keys of whole lines.
	if !HasLine("x\ny", 0, "y") || HasLine("", 0, "") || HasLine("x\ny", 0, "z") || !HasLine("\nb\n", 0, "") {
		t.Error("HasLine on edge cases")
	}
}

func TestLineKey(t *testing.T) {
	for _, tt := range []struct {
		line string
		skip int
		want string
	}{
		{"a\tkey\trest", 2, "key"},
		{"a\tkey", 2, "key"},
		{"p\t-\tMESH:D1\tM1", 4, "MESH:D1"},
		{"a\t", 2, ""},
		{"a", 2, ""},
		{"whole line", 0, "whole line"},
	} {
		if got := LineKey(tt.line, tt.skip); got != tt.want {
			t.Errorf("LineKey(%q, %d) = %q, want %q", tt.line, tt.skip, got, tt.want)
		}
	}
}

func TestSortedByKey(t *testing.T) {
	for _, tt := range []struct {
		lines string
		want  bool
	}{
		{"", true},
		{"a\tx\t2\na\tx\t1\na\ty\n", true}, // equal keys in any order
		{"a\ty\na\tx\n", false},
		{"a\tx\na\ty", false}, // no final newline
		{"a\tab\t1\na\tab c\t1\n", true},
	} {
		if got := SortedByKey(tt.lines, 2); got != tt.want {
			t.Errorf("SortedByKey(%q) = %v, want %v", tt.lines, got, tt.want)
		}
	}
}

func TestLineRun(t *testing.T) {
	const text = "a\t1\na\t2\nc\t3\nh\t4\nh\t5\n"
	for prefix, want := range map[string]string{"a\t": "a\t1\na\t2\n", "c\t": "c\t3\n", "h\t": "h\t4\nh\t5\n", "p\t": ""} {
		if got := LineRun(text, prefix); got != want {
			t.Errorf("LineRun(%q) = %q, want %q", prefix, got, want)
		}
	}
	if got := LineRun("a\t1\na\t2", "a\t"); got != "a\t1\na\t2" {
		t.Errorf("LineRun of a text without a final newline = %q", got)
	}
}

// TestSearchLinesProperty checks the search against a map of the lines
// by key on random runs: every key's lines in order, and none for keys
// between them.
func TestSearchLinesProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 300 {
		var lines []string
		byKey := map[string][]string{}
		for range rng.IntN(40) {
			key := strings.Repeat(string(rune('a'+rng.IntN(3))), 1+rng.IntN(3))
			line := fmt.Sprintf("k\t%s\t%d", key, rng.IntN(5))
			lines = append(lines, line)
		}
		slices.Sort(lines)
		for _, line := range lines {
			key := LineKey(line, 2)
			byKey[key] = append(byKey[key], line)
		}
		text := strings.Join(lines, "\n")
		if len(lines) > 0 && n%2 == 0 {
			text += "\n"
		}
		if n%2 == 0 && !SortedByKey(text, 2) {
			t.Fatalf("sorted lines %q not SortedByKey", text)
		}
		for _, key := range []string{"", "a", "aa", "aaa", "ab", "b", "bb", "bbb", "c", "cc", "ccc", "d"} {
			var got []string
			EachLine(text, 2, key, func(line string) { got = append(got, line) })
			if !slices.Equal(got, byKey[key]) {
				t.Fatalf("EachLine(%q, %q) = %q, want %q", text, key, got, byKey[key])
			}
		}
	}
}

// searchLinesCut is SearchLines as it was first written, cutting each
// probed line and comparing its LineKey: the reference
// TestSearchLinesCompares holds the byte-at-a-time search to.
func searchLinesCut(lines string, skip int, key string) int {
	lo, hi := 0, len(lines)
	for lo < hi {
		mid := lo + (hi-lo)/2
		start := lo
		if i := strings.LastIndexByte(lines[lo:mid], '\n'); i >= 0 {
			start = lo + i + 1
		}
		end := len(lines)
		if i := strings.IndexByte(lines[start:], '\n'); i >= 0 {
			end = start + i
		}
		if LineKey(lines[start:end], skip) < key {
			lo = end + 1
		} else {
			hi = start
		}
	}
	return min(lo, len(lines))
}

// TestSearchLinesCompares compares SearchLines with searchLinesCut on
// random runs sorted by key (skips of 0 to 4, lines shorter than the
// skip, keys with and without a rest, a last line without its newline)
// and on keys in, between and around them.
func TestSearchLinesCompares(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := range 2000 {
		skip := rng.IntN(5)
		var lines []string
		for range rng.IntN(30) {
			line := strings.Repeat("k", rng.IntN(skip+1))
			if rng.IntN(6) > 0 {
				line = strings.Repeat("k", skip) + strings.Repeat(string(rune('a'+rng.IntN(3))), rng.IntN(4))
				if rng.IntN(2) == 0 {
					line += fmt.Sprintf("\t%d", rng.IntN(5))
				}
			}
			lines = append(lines, line)
		}
		slices.SortFunc(lines, func(a, b string) int { return strings.Compare(LineKey(a, skip), LineKey(b, skip)) })
		text := strings.Join(lines, "\n")
		if len(lines) > 0 && n%3 != 0 {
			text += "\n"
		}
		for _, key := range []string{"", "a", "aa", "aaa", "ab", "b", "bb", "bbb", "c", "cc", "ccc", "d", "\t", "a\t", "`"} {
			if got, want := SearchLines(text, skip, key), searchLinesCut(text, skip, key); got != want {
				t.Fatalf("SearchLines(%q, %d, %q) = %d, cutting lines: %d", text, skip, key, got, want)
			}
		}
	}
}
