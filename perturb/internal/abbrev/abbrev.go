// Package abbrev finds the abbreviations a sentence defines, "doxorubicin
// ( DOX )", for the kinds that must respect them: the abbreviation kind,
// which writes an abbreviation out as the long form its document gave
// (and back), and synonym replacement, which never rewrites either side
// of a definition. The embedded vocabulary's standard long forms are
// made with it too (perturb/internal/english/internal/mkvocab).
//
// Definitions are found as Schwartz and Hearst (2003) find them,
// restricted to gold mentions: a mention, "(", a mention of the same
// type that looks like an abbreviation, ")". The short form's letters
// must be those of the long form: in order, each word-initial where the
// short form's first letter is ("FAP", "familial adenomatous polyposis";
// "Iso", "isoproterenol"), or all of them in another order with the
// first one starting a word ("cGMP", "guanosine 3',5'-cyclic
// monophosphate"), or, when the caller has a concept store, the two
// must name one concept ("BCNU", "carmustine"). The long form then
// starts where the abbreviation does (Align): "idiopathic Parkinson ' s
// disease ( PD )" defines "Parkinson ' s disease", and "Long - term
// anti - cytomegalovirus ( CMV )" nothing.
package abbrev

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb/internal/english"
	"github.com/stress-ner/stress/umls"
)

// How a definition's short form was matched to its long form.
const (
	MatchLetters   = "letters"   // in order (Schwartz and Hearst)
	MatchUnordered = "unordered" // every letter, in another order
	MatchConcept   = "concept"   // the store names one concept by both
)

// Definition is an abbreviation defined in a sentence: "doxorubicin (
// DOX )" defines Short "DOX" as Long "doxorubicin" for entity type Type.
type Definition struct {
	Type      string
	Short     string   // compact short form: "5-FU"
	ShortToks []string // short-form tokens as written: "5", "-", "FU"
	// Long holds the long form's tokens as written: those of the gold
	// mention LongSpan, or its tail from the word the abbreviation's
	// first letter starts (Align: "idiopathic Parkinson ' s disease (
	// PD )" defines "Parkinson ' s disease").
	Long      []string
	LongSpan  iob.Span
	ShortSpan iob.Span
	Match     string // a Match* constant
	// Outside counts the tokens that lead Long outside the
	// abbreviation's letters, kept because the letters cannot tell the
	// abbreviation from the whole ("maternal phenylketonuria ( PKU )":
	// 1; Align). A contraction would drop them.
	Outside int
	// AtStart: the long form begins its sentence (english.SentenceStart),
	// so the capital of its first word may be the sentence's, not the
	// name's.
	AtStart bool
}

// LongText returns the long form's tokens joined by spaces.
func (d Definition) LongText() string { return strings.Join(d.Long, " ") }

// SameConcept reports whether the store names one concept of a group
// fitting type typ by both short and long; nil means no store.
type SameConcept func(typ, short, long string) bool

// Pairs returns the spans of s that stand in a parenthesised pair of
// gold mentions of one type, "X ( Y )", each pair's first span then its
// second: every definition, and the names a writer gives together
// ("acetaminophen ( paracetamol )"). Neither side of such a pair may be
// rewritten without unmaking what the writer wrote.
func Pairs(s conll.Sentence) [][2]iob.Span {
	if len(s.Tags) != len(s.Tokens) || len(iob.Validate(s.Tags, iob.IOB2)) > 0 {
		return nil
	}
	return PairsOf(s, iob.Spans(s.Tags))
}

// PairsOf is Pairs of a sentence whose tags are valid IOB2, one a token,
// and whose gold mentions are spans: for a kind that has read them.
func PairsOf(s conll.Sentence, spans []iob.Span) [][2]iob.Span {
	var out [][2]iob.Span
	for k := 0; k+1 < len(spans); k++ {
		l, sh := spans[k], spans[k+1]
		if l.Type == sh.Type && l.End+1 == sh.Start && sh.End < len(s.Tokens) &&
			s.Tokens[l.End] == "(" && s.Tokens[sh.End] == ")" {
			out = append(out, [2]iob.Span{l, sh})
		}
	}
	return out
}

// Find returns the definitions of s (see the package comment); same may
// be nil. The strings are copied, so the result may outlive s's memory.
func Find(s conll.Sentence, same SameConcept) []Definition {
	var out []Definition
	for _, p := range Pairs(s) {
		l, sh := p[0], p[1]
		shortToks := s.Tokens[sh.Start:sh.End]
		short := english.Compact(strings.Join(shortToks, " "))
		long := strings.Join(s.Tokens[l.Start:l.End], " ")
		match := Match(short, long, l.Type, same)
		if match == "" {
			continue
		}
		longToks, outside, match := Align(short, s.Tokens[l.Start:l.End], match)
		if longToks == nil {
			continue
		}
		d := Definition{Type: l.Type, Short: strings.Clone(short), LongSpan: l, ShortSpan: sh, Match: match, Outside: outside,
			AtStart: longToks[0] == s.Tokens[l.Start] && len(longToks) == l.End-l.Start && english.SentenceStart(s.Tokens, l.Start)}
		for _, t := range longToks {
			d.Long = append(d.Long, strings.Clone(t))
		}
		for _, t := range shortToks {
			d.ShortToks = append(d.ShortToks, strings.Clone(t))
		}
		out = append(out, d)
	}
	return out
}

// Match returns how short (compact) can be the abbreviation of long, a
// mention of type typ (a Match* constant), or "" when it cannot: short
// must look like an abbreviation (umls.IsAbbreviation: "DOX", "5-FU",
// "mRNA"), or be one word of mixed case at most half as long as long
// whose letters long holds in order ("Iso", "monoHER"). same may be nil.
func Match(short, long, typ string, same SameConcept) string {
	if !looksShort(short, long) {
		return ""
	}
	switch {
	case LongFormMatches(short, long):
		return MatchLetters
	case !umls.IsAbbreviation(short):
	case unorderedMatch(short, long):
		return MatchUnordered
	case same != nil && same(typ, short, long):
		return MatchConcept
	}
	return ""
}

// looksShort reports whether short may abbreviate long: an abbreviation
// or symbol, or one word of at most ten characters, with a capital
// letter, no more than half of long's letters and digits.
func looksShort(short, long string) bool {
	if short == "" || strings.ContainsFunc(short, unicode.IsSpace) || utf8.RuneCountInString(short) > 10 {
		return false
	}
	n, m := english.Alnum(short), english.Alnum(long)
	if n == 0 || n >= m {
		return false
	}
	if umls.IsAbbreviation(short) {
		return true
	}
	return strings.ContainsFunc(short, unicode.IsUpper) && 2*n <= m
}

// LongFormMatches reports whether long can be the long form of the
// abbreviation short by Schwartz and Hearst's rule: every letter and
// digit of short occurs in long, in order, matched from the end, and the
// first one at the start of a word of long ("FAP", "familial adenomatous
// polyposis"; "5-FU", "5 - fluorouracil"). Case is ignored.
func LongFormMatches(short, long string) bool {
	s := []rune(strings.ToLower(short))
	l := []rune(strings.ToLower(long))
	if len(l) <= len(s) {
		return false
	}
	alnum := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	first := 0
	for first < len(s) && !alnum(s[first]) {
		first++
	}
	if first == len(s) {
		return false
	}
	li := len(l) - 1
	for si := len(s) - 1; si >= first; si-- {
		c := s[si]
		if !alnum(c) {
			continue
		}
		for li >= 0 && (l[li] != c || si == first && li > 0 && alnum(l[li-1])) {
			li--
		}
		if li < 0 {
			return false
		}
		li--
	}
	return true
}

// unorderedMatch reports whether every letter and digit of short occurs
// in long, as often, in any order, and short's first letter starts a
// word of long: "cGMP" for "guanosine 3 ' , 5 ' - cyclic
// monophosphate", whose writers put the words in another order than the
// letters.
func unorderedMatch(short, long string) bool {
	have := map[rune]int{}
	initials := map[rune]bool{}
	prev := ' '
	for _, r := range strings.ToLower(long) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			have[r]++
			if !unicode.IsLetter(prev) && !unicode.IsDigit(prev) {
				initials[r] = true
			}
		}
		prev = r
	}
	first := true
	for _, r := range strings.ToLower(short) {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			continue
		}
		if first && !initials[r] {
			return false
		}
		first = false
		if have[r]--; have[r] < 0 {
			return false
		}
	}
	return !first
}

// Defines reports whether span sp of s is one side of a pair of Pairs
// (pairs is Pairs(s)).
func Defines(pairs [][2]iob.Span, sp iob.Span) bool {
	return slices.ContainsFunc(pairs, func(p [2]iob.Span) bool { return p[0] == sp || p[1] == sp })
}

// InLongForm reports whether span sp of s lies inside the long form of
// an abbreviation that s defines right after it, whether or not the
// long form is a gold mention: "selective serotonin reuptake inhibitors
// ( SSRIs )" holds "serotonin", whose letter the abbreviation spells.
// Rewriting the span would unmake the definition. The long form is the
// shortest that matches (LongFormMatches), at most four words either
// side of the span, words only; the abbreviation at most four tokens.
func InLongForm(s conll.Sentence, sp iob.Span) bool {
	j := sp.End
	for j < len(s.Tokens) && j < sp.End+4 && s.Tokens[j] != "(" && phraseWord(s.Tokens[j]) {
		j++
	}
	if j >= len(s.Tokens) || s.Tokens[j] != "(" {
		return false
	}
	k := j + 1
	for k < len(s.Tokens) && k <= j+4 && s.Tokens[k] != ")" {
		k++
	}
	if k >= len(s.Tokens) || s.Tokens[k] != ")" || k == j+1 {
		return false
	}
	short := english.Compact(strings.Join(s.Tokens[j+1:k], " "))
	// The shortest long form wins, as in Schwartz and Hearst: "primary
	// dysmenorrhea in comparison with diclofenac ( DCF )" defines
	// diclofenac only.
	for i := j - 1; i >= 0 && i >= sp.Start-4; i-- {
		if i < sp.Start && !phraseWord(s.Tokens[i]) {
			break
		}
		if long := strings.Join(s.Tokens[i:j], " "); looksShort(short, long) && LongFormMatches(short, long) {
			return i <= sp.Start
		}
	}
	return false
}

// phraseWord reports whether token t may stand inside a long form's
// noun phrase: a word of letters (hyphens allowed) or a hyphen token
// ("corticotropin - releasing hormone").
func phraseWord(t string) bool {
	return t == "-" || english.IsLetters(strings.ReplaceAll(t, "-", ""))
}

// Written is an abbreviation a sentence writes in parentheses right
// after a word: Short compact ("CRC", "5-FU"), Before the tokens before
// the "(" (at most WrittenBefore, a comma before it left out), whose
// tail is the long form the writer gave it.
type Written struct {
	Short  string
	Before []string
}

// WrittenBefore is the number of tokens Written.Before holds at most.
const WrittenBefore = 8

// LongFormIs reports whether w's writer gave it the long form toks:
// Before ends with toks, in any case.
func (w Written) LongFormIs(toks []string) bool {
	return len(toks) > 0 && len(toks) <= len(w.Before) &&
		slices.EqualFunc(w.Before[len(w.Before)-len(toks):], toks, strings.EqualFold)
}

// FindWritten returns the abbreviations s writes in parentheses right
// after a word, gold mentions or not: "colorectal adenocarcinoma ( CRC
// )", "Long - term anti - cytomegalovirus ( CMV )", "puromycin
// aminonucleoside , ( PAN , 7 mg )", "chronic heart failure ( CHF )"
// where the mention is "heart failure". Whether or not Find takes one as
// a definition, the document gave the abbreviation a long form of its
// own. The abbreviation is at most four tokens, closed by ")", "," or
// ";". The strings are copied.
func FindWritten(s conll.Sentence) []Written {
	var out []Written
	for j, t := range s.Tokens {
		if t != "(" || j == 0 {
			continue
		}
		w := j - 1
		if s.Tokens[w] == "," && w > 0 {
			w--
		}
		if !english.IsLetters(strings.ReplaceAll(s.Tokens[w], "-", "")) {
			continue
		}
		k := j + 1
		for k < len(s.Tokens) && k <= j+4 && !closesShort(s.Tokens[k]) {
			k++
		}
		if k >= len(s.Tokens) || k == j+1 || !closesShort(s.Tokens[k]) {
			continue
		}
		short := english.Compact(strings.Join(s.Tokens[j+1:k], " "))
		if !umls.IsAbbreviation(short) || !strings.ContainsFunc(short, unicode.IsUpper) {
			continue
		}
		x := Written{Short: strings.Clone(short)}
		for _, b := range s.Tokens[max(0, w+1-WrittenBefore) : w+1] {
			x.Before = append(x.Before, strings.Clone(b))
		}
		out = append(out, x)
	}
	return out
}

// closesShort reports whether token t ends the short form FindWritten
// reads.
func closesShort(t string) bool { return t == ")" || t == "," || t == ";" }
