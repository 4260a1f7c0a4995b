// Package textutil holds the small string and number helpers several
// packages need, so that each exists once, among them the random
// character choices of the word editors of perturb's kinds.
package textutil

import (
	"math/rand/v2"
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

// markdownEscaper escapes what Markdown (GitHub-flavoured, CommonMark)
// would read as markup or raw HTML in running text or a table cell, and
// makes line breaks and tabs spaces.
var markdownEscaper = strings.NewReplacer(`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`,
	"<", `\<`, ">", `\>`, "&", `\&`, "#", `\#`, "|", `\|`, "~", `\~`, "\t", " ", "\r\n", " ", "\n", " ", "\r", " ")

// MarkdownText is the one escaping of every text stress writes into
// Markdown that it did not write itself (names of files, systems, sets,
// entity types and labels, judges' notes, sentences, command lines): a
// system named "<svg onload=...>" or a type "Chem</style><script>" is
// shown as written, never read as markup or HTML, and a "|" or a line
// break cannot end a table cell or row.
func MarkdownText(s string) string { return markdownEscaper.Replace(s) }

// MarkdownRow formats cells as one Markdown table row, each escaped
// (MarkdownText): "| a | b\|c |\n".
func MarkdownRow(cells []string) string {
	var b strings.Builder
	b.WriteString("|")
	for _, c := range cells {
		b.WriteString(" ")
		b.WriteString(MarkdownText(c))
		b.WriteString(" |")
	}
	b.WriteString("\n")
	return b.String()
}

// PickRune chooses uniformly one rune of word for which ok holds, the
// choice of a word editor that changes one character: it draws one
// number from r (none when no rune qualifies) and returns the rune and
// its byte offset in word.
func PickRune(word string, r *rand.Rand, ok func(rune) bool) (at int, c rune, found bool) {
	n := 0
	for _, c := range word {
		if ok(c) {
			n++
		}
	}
	if n == 0 {
		return 0, 0, false
	}
	k := r.IntN(n)
	for i, c := range word {
		if !ok(c) {
			continue
		}
		if k == 0 {
			return i, c, true
		}
		k--
	}
	panic("unreachable")
}

// ExtraRune returns where long holds a rune beyond short when short is
// long with one rune removed: removing long[i] leaves short for every i
// from first to last (several when the rune is repeated: any a of
// "aaaa" against "aaa"), and for no other i. When no removal leaves
// short, first > last. The checks of one-character edits (deletion,
// insertion) try every such place, in time linear in the length.
func ExtraRune(long, short []rune) (first, last int) {
	if len(long) != len(short)+1 {
		return 1, 0
	}
	// long[:i] == short[:i] (i <= prefix) and long[i+1:] == short[i:]
	// (len(short)-i <= suffix).
	prefix, suffix := commonAffixes(long, short)
	return max(0, len(short)-suffix), prefix
}

// commonAffixes returns the lengths of the longest common prefix and the
// longest common suffix of a and b (each at most the shorter length; the
// two may overlap).
func commonAffixes(a, b []rune) (prefix, suffix int) {
	n := min(len(a), len(b))
	for prefix < n && a[prefix] == b[prefix] {
		prefix++
	}
	for suffix < n && a[len(a)-1-suffix] == b[len(b)-1-suffix] {
		suffix++
	}
	return prefix, suffix
}
