// Package textutil holds the small string and number helpers several
// packages need, so that each exists once.
package textutil

import (
	"strings"
	"unicode/utf8"
)

// IsASCII reports whether s is all ASCII, where byte-wise fast paths
// apply.
func IsASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// SplitList splits a comma-separated list, trimming items and dropping
// empty ones: "a, b,,c" -> [a b c]; "" -> nil.
func SplitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// Golden is 2^64 divided by the golden ratio, the increment of
// SplitMix64's state.
const Golden = 0x9e3779b97f4a7c15

// Mix64 is SplitMix64's finalizer: a bijective scramble of x in which
// every input bit affects every output bit. SplitMix64's n-th output
// from state s is Mix64(s + n*Golden).
func Mix64(x uint64) uint64 {
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// markdownCell escapes s for a Markdown table cell: a "|" would end the
// cell (a system named "a|b" broke the table) and a line break the row.
var markdownCell = strings.NewReplacer("|", `\|`, "\r\n", " ", "\n", " ", "\r", " ")

// MarkdownRow formats cells as one Markdown table row, each escaped:
// "| a | b\|c |\n".
func MarkdownRow(cells []string) string {
	var b strings.Builder
	b.WriteString("|")
	for _, c := range cells {
		b.WriteString(" ")
		b.WriteString(markdownCell.Replace(c))
		b.WriteString(" |")
	}
	b.WriteString("\n")
	return b.String()
}
