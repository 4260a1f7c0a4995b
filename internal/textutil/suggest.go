package textutil

import (
	"sort"
	"strings"
)

// Suggest returns the candidate a mistyped word most likely meant, or ""
// when none is close: a candidate within two edits (insertions,
// deletions or substitutions of one rune, swaps of two neighbours; no
// more than a third of the word), or one that starts with the word or that the word starts with
// (three letters or more: "--out" for "--output", "--kind" for
// "--kinds"). The closest wins; ties go to the first in sorted order.
func Suggest(word string, candidates []string) string {
	best, bestD := "", 0
	sorted := append([]string(nil), candidates...)
	sort.Strings(sorted)
	w := []rune(word)
	for _, c := range sorted {
		if c == word {
			continue
		}
		d := editDistance(w, []rune(c))
		close := d <= 2 && 3*d <= len(w)
		prefix := len(w) >= 3 && len([]rune(c)) >= 3 && (strings.HasPrefix(c, word) || strings.HasPrefix(word, c))
		if !close && !prefix {
			continue
		}
		if best == "" || d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is the optimal string alignment distance of a and b:
// Levenshtein's, with a swap of two neighbouring runes one edit
// ("buidl" for "build").
func editDistance(a, b []rune) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
