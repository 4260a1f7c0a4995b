package standoff

import (
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/stress-ner/stress/conll"
)

// The tokenizer and sentence splitter below reproduce the tokenization
// of the BC5CDR-IOB release (Crichton et al. 2017) on the CDR PubTator
// documents, so that a PubTator file converts to the same sentences as
// the IOB corpora every result in this project is measured on:
//
//   - a token is a maximal run of letters, digits and combining marks, or
//     one other character that is not white space ("5-FU" is "5 - FU",
//     "Parkinson's" is "Parkinson ' s");
//   - a token also ends and starts at every annotation boundary, so that
//     every mention is a whole number of tokens;
//   - a sentence ends after a ".", "?" or "!" token that is followed by
//     white space and a token starting with an upper-case letter, a digit
//     or an opening bracket, unless the period ends a known abbreviation
//     (e.g., i.e., vs., et al., ...) or lies inside an annotation;
//   - a sentence never crosses a passage (a PubTator title is a sentence).

// Token is one token: its code-point span in the document.
type Token = Span

// abbrevs are words that a period after them does not end a sentence,
// lower-cased, without the period.
var abbrevs = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"e.g": true, "i.e": true, "vs": true, "etc": true, "approx": true,
		"fig": true, "figs": true, "ref": true, "no": true, "dr": true, "mr": true, "mrs": true,
		"ca": true, "cf": true, "viz": true, "resp": true, "sp": true, "spp": true,
	}
})

// greek are the names of Greek letters, which start sentences in lower
// case ("beta-Blocker therapy ...").
var greek = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"alpha": true, "beta": true, "gamma": true, "delta": true, "epsilon": true, "kappa": true,
		"lambda": true, "mu": true, "omega": true, "sigma": true, "theta": true, "tau": true,
	}
})

// wordRune classifies a rune for the tokenizer.
func wordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

// Segment splits text, which starts at code point offset off of its
// document, into sentences of tokens. cuts are document offsets where a
// token must end (annotation boundaries); keep are spans a sentence must
// not end inside (annotations). Both may be unsorted.
func Segment(text string, off int, cuts []int, keep []Span) [][]Token {
	rs := []rune(text)
	cut := make(map[int]bool, len(cuts))
	for _, c := range cuts {
		cut[c-off] = true
	}
	// inside[i] is set when a sentence may not end before rune i.
	inside := make([]bool, len(rs)+1)
	for _, k := range keep {
		for i := max(k.Start-off+1, 0); i < k.End-off && i <= len(rs); i++ {
			inside[i] = true
		}
	}
	var toks []Token
	start := -1
	for i, r := range rs {
		if start >= 0 && (!wordRune(r) || cut[i]) {
			toks = append(toks, Token{start + off, i + off})
			start = -1
		}
		switch {
		case conll.IsTokenSpace(r):
		case wordRune(r):
			if start < 0 {
				start = i
			}
		default:
			toks = append(toks, Token{i + off, i + 1 + off})
		}
	}
	if start >= 0 {
		toks = append(toks, Token{start + off, len(rs) + off})
	}
	var sents [][]Token
	first := 0
	for i := range toks {
		if i+1 < len(toks) && endsSentence(rs, off, toks, i, inside) {
			sents = append(sents, toks[first:i+1:i+1])
			first = i + 1
		}
	}
	if first < len(toks) {
		sents = append(sents, toks[first:])
	}
	return sents
}

// endsSentence reports whether token i of toks ends a sentence.
func endsSentence(rs []rune, off int, toks []Token, i int, inside []bool) bool {
	t, next := toks[i], toks[i+1]
	if t.Len() != 1 {
		return false
	}
	r := rs[t.Start-off]
	if r != '.' && r != '?' && r != '!' {
		return false
	}
	if next.Start == t.End || inside[next.Start-off] {
		return false // no white space after it, or inside a mention
	}
	n := rs[next.Start-off]
	word := string(rs[next.Start-off : next.End-off])
	switch {
	case unicode.IsUpper(n) || unicode.IsDigit(n) || n == '(' || n == '[':
	case unicode.IsLower(n):
		// A sentence may start with a lower-case word only when the
		// word is one that is never capitalized: a Greek letter, a
		// word with capitals inside (rTMS, qRT), or a one-letter
		// prefix (i.p., d-amphetamine).
		if !greek()[word] && strings.ToLower(word) == word &&
			!(next.Len() == 1 && i+2 < len(toks) && toks[i+2].Start == next.End && strings.ContainsRune(".-", rs[toks[i+2].Start-off])) {
			return false
		}
	default:
		return false
	}
	if r == '.' && i > 0 && toks[i-1].End == t.Start {
		prev := toks[i-1]
		w := strings.ToLower(string(rs[prev.Start-off : prev.End-off]))
		if abbrevs()[w] || (i > 2 && toks[i-2].End == prev.Start && abbrevs()[strings.ToLower(string(rs[toks[i-3].Start-off:prev.End-off]))]) {
			return false
		}
		// The last letter of "i.p." or "s.c.".
		if prev.Len() == 1 && i > 1 && toks[i-2].End == prev.Start && rs[toks[i-2].Start-off] == '.' {
			return false
		}
	}
	return true
}

// sortedUnique sorts xs and drops repeats.
func sortedUnique(xs []int) []int {
	slices.Sort(xs)
	return slices.Compact(xs)
}
