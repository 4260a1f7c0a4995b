package abbrev

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/perturb/internal/english"
)

// Where a definition's long form starts. Schwartz and Hearst's long form
// starts at the word whose initial is the abbreviation's first letter;
// a gold mention may hold more ("Long - term anti - cytomegalovirus (
// CMV )", "idiopathic Parkinson ' s disease ( PD )"), and writing that
// out for the abbreviation adds words it does not abbreviate. Align
// decides, from the letters alone, which of the mention's words the
// abbreviation stands for, and refuses a definition where they cannot
// tell.

// part is a word or a hyphen of a long form: a token, or the piece of a
// token between its hyphens ("anti", "-", "cytomegalovirus" of
// "anti-cytomegalovirus"), at byte off of token tok.
type part struct {
	text     string
	tok, off int
}

// parts splits long-form tokens into parts.
func parts(toks []string) []part {
	var out []part
	for i, t := range toks {
		if t == "-" || !strings.Contains(t, "-") {
			out = append(out, part{t, i, 0})
			continue
		}
		off := 0
		for _, p := range strings.SplitAfter(t, "-") {
			if w := strings.TrimSuffix(p, "-"); w != "" {
				out = append(out, part{w, i, off})
			}
			if strings.HasSuffix(p, "-") {
				out = append(out, part{"-", i, off + len(p) - 1})
			}
			off += len(p)
		}
	}
	return out
}

// locantWords are the words of a chemical name's locants and stereo
// descriptors ("alpha - difluoromethylornithine", "13 - cis - retinoic
// acid"): part of the name, which its abbreviation may leave out.
var locantWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"alpha": true, "beta": true, "gamma": true, "delta": true, "epsilon": true, "kappa": true, "omega": true,
		"cis": true, "trans": true, "ortho": true, "meta": true, "para": true, "sec": true, "tert": true, "iso": true,
		"endo": true, "exo": true, "dl": true,
	}
})

// locant reports whether part p may be a locant or stereo descriptor of
// a chemical name: punctuation ("(", "'", ","), a part with a digit
// ("3", "17alpha", "N6", "35S"), a single letter ("N", "L", "c") or a
// locant word.
func locant(p string) bool {
	if !strings.ContainsFunc(p, unicode.IsLetter) || strings.ContainsFunc(p, unicode.IsDigit) {
		return true
	}
	return utf8.RuneCountInString(p) == 1 || locantWords()[strings.ToLower(p)]
}

// initial returns the lower-case first rune of p when it is a letter or
// a digit, else 0.
func initial(p string) rune {
	r := unicode.ToLower(english.FirstRune(p))
	if unicode.IsLetter(r) || unicode.IsDigit(r) {
		return r
	}
	return 0
}

// letterSet returns the lower-case letters and digits of short, and the
// first of them.
func letterSet(short string) (map[rune]bool, rune) {
	set := map[rune]bool{}
	var first rune
	for _, r := range strings.ToLower(short) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if first == 0 {
				first = r
			}
			set[r] = true
		}
	}
	return set, first
}

// aligned reports whether long form ps starts with a word that gives
// the abbreviation short a letter: its first word has an initial among
// short's letters ("multiple myeloma ( MM )"; "extract of Daucus carota
// seeds ( DCE )" and "sodium 2 - mercaptoethane sulphonate ( MESNA )",
// whose writers took a letter out of order), perhaps after a chemical
// name's locants ("3 - mercaptopropionic acid ( MPA )"), or a locant
// starts with short's first character ("13 - cis - retinoic acid ( cis -
// RA )", "5 - fluorouracil ( 5 - FU )").
func aligned(short string, ps []part) bool {
	set, first := letterSet(short)
	for _, p := range ps {
		r := initial(p.text)
		if r != 0 && r == first {
			return true
		}
		if !locant(p.text) {
			return set[r] && firstGiven(first, ps)
		}
	}
	return false
}

// firstGiven reports whether a word of ps has first, the abbreviation's
// first letter, as its initial (a possessive's "s" is no word). Writers
// take letters out of order ("extract of Daucus carota seeds ( DCE )"),
// but the first letter names the first word they abbreviate: in
// "sporadic Alzheimer ' s disease ( sAD )", whose gold mention is
// "Alzheimer ' s disease", sAD written out as the mention would lose
// "sporadic" (a blind reading of BioRED train: meaning changed).
func firstGiven(first rune, ps []part) bool {
	for i, p := range ps {
		if initial(p.text) == first && !(p.text == "s" && i > 0 && ps[i-1].text == "'") {
			return true
		}
	}
	return false
}

// Align returns the long form of a definition whose gold long form is
// toks, matched to short as match says (a Match* constant): the long
// form's tokens, how many of them lead it outside the abbreviation
// (outside), and how it matches; nil when the letters cannot tell which
// words the abbreviation stands for: not a definition.
//
//   - A match by concept, or a long form that starts with a word giving
//     short a letter (aligned), is the gold long form.
//   - Else the words before short's first letter, none of whose initials
//     is a letter of short (lead), are left out when the rest starts
//     with short's first letter, as Schwartz and Hearst's long form
//     does, and spells short a word a letter: "idiopathic Parkinson ' s
//     disease ( PD )" defines "Parkinson ' s disease", "upper -
//     extremity deep venous thrombosis ( DVT )" "deep venous
//     thrombosis", and "X - linked Emery - Dreifuss muscular dystrophy (
//     EDMD )" its last four words.
//   - Where the rest holds short's letters in fewer words, the writer
//     may abbreviate the whole mention or the rest alone, and the
//     letters cannot tell which. Words before a noun phrase whose head
//     gives every letter name a kind of it, which the writer defines
//     whole: "primary systemic amyloidosis ( AL )", "Cerebral
//     microbleeds ( MB )"; the gold long form stands, with its lead
//     outside (a contraction would drop it: "maternal phenylketonuria (
//     PKU )" is no "PKU"). A word hyphen-joined to the rest makes a
//     compound that is neither ("Long - term anti - cytomegalovirus (
//     CMV )": anti-CMV is not CMV): no definition.
//   - A long form whose lead words cannot be told (none, or a rest
//     that does not start with short's first letter or does not match
//     short) is no definition either: "Type I von Willebrand disease (
//     vWD )", "cAMP - dependent protein kinase ( PKA )".
func Align(short string, toks []string, match string) (long []string, outside int, how string) {
	if len(toks) == 0 {
		return nil, 0, ""
	}
	ps := parts(toks)
	if match == MatchConcept || aligned(short, ps) {
		return toks, 0, match
	}
	i := lead(short, ps)
	if i == 0 || i >= len(ps) {
		return nil, 0, ""
	}
	set, first := letterSet(short)
	if r := initial(ps[i].text); r != first && (match != MatchUnordered || !set[r]) {
		return nil, 0, ""
	}
	p := ps[i]
	rest := append([]string{toks[p.tok][p.off:]}, toks[p.tok+1:]...)
	m := Match(short, strings.Join(rest, " "), "", nil)
	if m == "" {
		return nil, 0, ""
	}
	words := 0
	for _, q := range ps[i:] {
		if english.IsLetters(q.text) {
			words++
		}
	}
	switch {
	case words >= english.Alnum(short):
		return rest, 0, m
	case ps[i-1].text == "-":
		return nil, 0, ""
	}
	return toks, p.tok, match
}

// lead returns how many parts of ps lead a long form outside the
// abbreviation short: hyphens and words none of whose initials is a
// letter of short, written in lower case or with a capital initial
// ("Long - term anti -", "idiopathic", "upper - extremity"), and such a
// single letter before such a word ("X - linked").
func lead(short string, ps []part) int {
	set, _ := letterSet(short)
	word := func(p string) bool {
		_, n := utf8.DecodeRuneInString(p)
		return english.IsLetters(p) && utf8.RuneCountInString(p) >= 2 && !locantWords()[strings.ToLower(p)] &&
			!set[initial(p)] && strings.ToLower(p[n:]) == p[n:]
	}
	i := 0
	for i < len(ps) {
		p := ps[i].text
		switch {
		case p == "-", word(p):
		case utf8.RuneCountInString(p) == 1 && english.IsLetters(p) && !set[initial(p)]:
			j := i + 1
			for j < len(ps) && ps[j].text == "-" {
				j++
			}
			if j == len(ps) || !word(ps[j].text) {
				return i
			}
		default:
			return i
		}
		i++
	}
	return i
}
