package umls

import (
	"slices"
	"unicode/utf8"
)

// appendFold appends s to b with Unicode full case folding (the C and F
// mappings of CaseFolding.txt), byte for byte what
// golang.org/x/text/cases.Fold gives: ASCII folds to lower case, any
// other rune through foldTable, and bytes that are not UTF-8 are copied
// as they are. The table is generated from that package by TestFoldTable
// (go test ./umls -run TestFoldTable -update), which also checks every
// rune against it: importing x/text/cases into the binary would make
// every command initialise it and x/text/language at start-up, some 30
// page faults and 0.5 ms before the first byte is read (issue 34).
func appendFold(b []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			b = append(b, c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, c)
			i++
			continue
		}
		if to, ok := foldRune(r); ok {
			b = append(b, to...)
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return b
}

// foldRune returns the case folding of a non-ASCII rune and whether it
// has one (otherwise it folds to itself).
func foldRune(r rune) (string, bool) {
	i, ok := slices.BinarySearchFunc(foldTable[:], r, func(f foldEntry, r rune) int { return int(f.r - r) })
	if !ok {
		return "", false
	}
	return foldTable[i].to, true
}

// foldEntry is a rune that case folding changes and what it becomes.
type foldEntry struct {
	r  rune
	to string
}
