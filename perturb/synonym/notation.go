package synonym

import (
	"strconv"
	"strings"
	"sync"

	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb/internal/english"
)

// Chemical notation read out. A mention written in a chemist's notation,
// an ion ("Ca2+", "K +", "HCO3 -") or the formula of a common inorganic
// compound ("NaCl", "MgCl2", "CO2"), has the name writers use for it in
// running text ("calcium", "potassium", "bicarbonate", "sodium
// chloride", "magnesium chloride", "carbon dioxide"): the name follows
// from the notation by chemistry's rules, not from a lexicon's filing,
// so it holds on any corpus, where the lexicons' names of a corpus's
// chemicals need authors' attestation (issue 32). The names are read
// from the tables below, never from a corpus: an ion of one element
// whose common charges differ (iron, copper, manganese) has none, as
// "iron" for "Fe3+" would drop what the charge says, and a formula is
// read only when its charges balance.

// Term types of the notation source (sourceNotation), one stratum each.
const (
	termIonName     = "ion name"
	termFormulaName = "formula name"
)

// ion is a cation or an anion: its name and its charge.
type ion struct {
	name   string
	charge int
}

// cations are the elements with one common charge in biological and
// laboratory text, whose name is the name of their ion ("calcium
// influx", "potassium channel"), and ammonium.
var cations = sync.OnceValue(func() map[string]ion {
	return map[string]ion{
		"Li": {"lithium", 1}, "Na": {"sodium", 1}, "K": {"potassium", 1}, "Rb": {"rubidium", 1}, "Cs": {"cesium", 1},
		"Ag": {"silver", 1}, "Mg": {"magnesium", 2}, "Ca": {"calcium", 2}, "Sr": {"strontium", 2}, "Ba": {"barium", 2},
		"Zn": {"zinc", 2}, "Cd": {"cadmium", 2}, "Al": {"aluminum", 3}, "NH4": {"ammonium", 1},
	}
})

// anions are the common anions by formula, with their names and
// charges.
var anions = sync.OnceValue(func() map[string]ion {
	return map[string]ion{
		"Cl": {"chloride", 1}, "Br": {"bromide", 1}, "I": {"iodide", 1}, "F": {"fluoride", 1},
		"OH": {"hydroxide", 1}, "HCO3": {"bicarbonate", 1}, "NO3": {"nitrate", 1}, "NO2": {"nitrite", 1},
		"CN": {"cyanide", 1}, "N3": {"azide", 1}, "ClO4": {"perchlorate", 1}, "SO4": {"sulfate", 2}, "CO3": {"carbonate", 2},
	}
})

// molecules are the formulas of common molecules and acids, whose names
// no cation-anion reading gives. "NO", "CO" and "HF" are left out: a
// corpus writes them as abbreviations of other things too.
var molecules = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"CO2": "carbon dioxide", "H2O": "water", "H2O2": "hydrogen peroxide", "NH3": "ammonia", "O2": "oxygen",
		"N2": "nitrogen", "H2S": "hydrogen sulfide", "SO2": "sulfur dioxide", "NO2": "nitrogen dioxide", "O3": "ozone",
		"CCl4": "carbon tetrachloride", "HCl": "hydrochloric acid", "H2SO4": "sulfuric acid", "HNO3": "nitric acid",
		"H3PO4": "phosphoric acid",
	}
})

// compact returns mention without spaces: the corpora tokenize a
// notation apart ("Ca2 +", "Ca ( 2 + )").
func compact(mention string) string { return strings.Join(strings.Fields(mention), "") }

// ionName returns the name of mention, an ion's notation whose charge
// is its element's one common charge ("Ca2+", "Ca++", "Ca(2+)", "K+",
// "Cl-", "HCO3-"), and "" for any other string. A trailing "ion" or
// "ions" word stays: "Ca2 + ions" is "calcium ions".
func ionName(mention string) string {
	fields := strings.Fields(mention)
	suffix := ""
	if n := len(fields); n > 1 && (fields[n-1] == "ion" || fields[n-1] == "ions") {
		suffix, fields = " "+fields[n-1], fields[:n-1]
	}
	s := strings.Join(fields, "")
	if strings.HasSuffix(s, ")") {
		// "Ca(2+)"
		i := strings.LastIndexByte(s, '(')
		if i <= 0 {
			return ""
		}
		s = s[:i] + s[i+1:len(s)-1]
	}
	// The sign: "+", "++", "-"; the charge: a digit before the sign, or
	// the number of signs.
	end := len(s)
	for end > 0 && (s[end-1] == '+' || s[end-1] == '-') {
		end--
	}
	signs := s[end:]
	if signs == "" || strings.Contains(signs, "+") && strings.Contains(signs, "-") {
		return ""
	}
	charge := len(signs)
	body := s[:end]
	if n := len(body); n > 1 && body[n-1] >= '1' && body[n-1] <= '9' && len(signs) == 1 {
		d, _ := strconv.Atoi(body[n-1:])
		// "HCO3-": the 3 is the formula's; "Ca2+": the charge. A digit
		// ends the charge only when the body without it is a whole symbol.
		if _, ok := cations()[body[:n-1]]; ok && signs == "+" {
			charge, body = d, body[:n-1]
		}
	}
	if signs[0] == '+' {
		if c, ok := cations()[body]; ok && c.charge == charge {
			return c.name + suffix
		}
		return ""
	}
	if a, ok := anions()[body]; ok && a.charge == charge {
		return a.name + suffix
	}
	return ""
}

// formulaName returns the name of mention, the formula of a common
// molecule ("CO2") or of a salt or base whose charges balance ("NaCl",
// "MgCl2", "Na2SO4", "Ca(OH)2"), and "" for any other string.
func formulaName(mention string) string {
	s := compact(mention)
	if n := molecules()[s]; n != "" {
		return n
	}
	for cat, c := range cations() {
		if !strings.HasPrefix(s, cat) {
			continue
		}
		rest := s[len(cat):]
		nc, rest := leadingCount(rest)
		an, na, ok := anionPart(rest)
		if !ok {
			continue
		}
		a := anions()[an]
		if nc*c.charge == na*a.charge {
			return c.name + " " + a.name
		}
	}
	return ""
}

// leadingCount splits a count off the front of s ("2SO4" -> 2, "SO4";
// no digit: 1).
func leadingCount(s string) (int, string) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return 1, s
	}
	n, err := strconv.Atoi(s[:i])
	if err != nil || n == 0 {
		return 0, s
	}
	return n, s[i:]
}

// anionPart reads s as an anion and its count: "Cl2", "SO4", "(OH)2".
func anionPart(s string) (string, int, bool) {
	if strings.HasPrefix(s, "(") {
		i := strings.IndexByte(s, ')')
		if i < 0 {
			return "", 0, false
		}
		an := s[1:i]
		if _, ok := anions()[an]; !ok || i+1 == len(s) {
			return "", 0, false
		}
		n, rest := leadingCount(s[i+1:])
		return an, n, rest == "" && n > 1
	}
	if _, ok := anions()[s]; ok {
		return s, 1, true
	}
	// The longest anion the string starts with, then its count.
	for an := range anions() {
		if strings.HasPrefix(s, an) {
			n, rest := leadingCount(s[len(an):])
			if rest == "" && n > 1 && !strings.ContainsAny(an, "0123456789") {
				return an, n, true
			}
		}
	}
	return "", 0, false
}

// notationCandidates returns the name of mention (looked up through
// form, its singular) read as an ion or a formula.
func notationCandidates(form string) []Candidate {
	if n := ionName(form); n != "" {
		return []Candidate{{Term: n, Source: sourceNotation, TermType: termIonName, Attested: true}}
	}
	if n := formulaName(form); n != "" {
		return []Candidate{{Term: n, Source: sourceNotation, TermType: termFormulaName, Attested: true}}
	}
	return nil
}

// notationPair reports whether after is the name notationCandidates
// gives before, in either number, with term type termType.
func notationPair(before, after, termType string) bool {
	for _, b := range []string{before, singularIons(before)} {
		for _, c := range notationCandidates(b) {
			if c.TermType == termType && strings.EqualFold(c.Term, after) {
				return true
			}
		}
	}
	return false
}

// singularIons returns "Ca2 + ions" as "Ca2 + ion", anything else as it
// is.
func singularIons(s string) string {
	if strings.HasSuffix(s, " ions") {
		return strings.TrimSuffix(s, "s")
	}
	return s
}

// notationFits reports whether a notation's name may replace mention sp
// of s: not inside a concentration's brackets ("[Ca2+]i"), not after a
// unit it is part of ("cm H2O", "mm Hg"), and not beside another
// notation (a charge sign, an element's symbol, a formula or a name with
// digits), whose list or pair ("Na+ and H+", "CCl4, CHCl3", "P450 /
// CCl4") the name would break, as readers found of the element symbols
// ("( Na , potassium )").
func notationFits(s []string, sp iob.Span) bool {
	if sp.Start > 0 && (s[sp.Start-1] == "[" || unitsBefore()[s[sp.Start-1]]) || sp.End < len(s) && s[sp.End] == "]" {
		return false
	}
	const near = 4
	for i := max(0, sp.Start-near); i < min(len(s), sp.End+near); i++ {
		if i >= sp.Start && i < sp.End {
			continue
		}
		if t := s[i]; t == "+" || elements()[t] != "" || formulaShaped(t) || formulaName(t) != "" {
			return false
		}
	}
	return !otherNotation(s, sp)
}

// saltsAcid reports whether mention sp of s is an acid's formula written
// after a compound's name, where it names the compound's salt and not the
// acid: "progesterone HCl" is progesterone hydrochloride, "Tris - HCl" a
// buffer, and "hydrochloric acid" there names another substance (a
// reader of BC5CDR test's formula names, syn-dev8, found it changed the
// meaning). The word before is a name when it is a hyphen or slash or a
// word of three letters or more that is not a function word; "with HCl",
// "1 N HCl" and "in HCl" stay acids.
func saltsAcid(s []string, sp iob.Span) bool {
	if !strings.HasSuffix(molecules()[compact(strings.Join(s[sp.Start:sp.End], " "))], " acid") || sp.Start == 0 {
		return false
	}
	prev := s[sp.Start-1]
	if prev == "-" || prev == "/" {
		return true
	}
	return len(prev) >= 3 && english.IsLetters(prev) && !english.SmallWord(strings.ToLower(prev))
}

// otherNotation reports whether the sentence s writes, outside mention
// sp, a notation other than the mention's (another ion or formula, or a
// formula with its count in brackets, "CaCl ( 2 )"): the name would break
// the parallel ("CaCl ( 2 ) - treated and [NaCl] - treated segments"),
// as a reader of development text found. The mention's own notation
// written again is no other: the sentence's mentions of one concept
// change together.
func otherNotation(s []string, sp iob.Span) bool {
	own := compact(strings.Join(s[sp.Start:sp.End], " "))
	for i := range s {
		if i >= sp.Start && i < sp.End {
			continue
		}
		for _, n := range []int{1, 2, 5} {
			if i+n > len(s) || i < sp.Start && i+n > sp.Start {
				continue
			}
			w := strings.Join(s[i:i+n], " ")
			if compact(w) == own {
				continue
			}
			if ionName(w) != "" || n == 1 && formulaName(w) != "" {
				return true
			}
		}
		if i+3 < len(s) && s[i+1] == "(" && s[i+3] == ")" && isDigits(s[i+2]) && symbolsOnly(s[i]) {
			return true
		}
	}
	return false
}

// isDigits reports whether t is digits only.
func isDigits(t string) bool {
	return t != "" && strings.Trim(t, "0123456789") == ""
}

// symbolsOnly reports whether t is written as two element symbols or
// more, without digits ("CaCl", "NaOH").
func symbolsOnly(t string) bool {
	n := 0
	for i := 0; i < len(t); n++ {
		if t[i] < 'A' || t[i] > 'Z' {
			return false
		}
		i++
		if i < len(t) && t[i] >= 'a' && t[i] <= 'z' {
			i++
		}
	}
	return n >= 2
}

// unitsBefore are the units a notation is part of ("cm H2O", "mm Hg"),
// as written: "mM" is a concentration ("200 mM NaCl").
var unitsBefore = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"cm": true, "mm": true}
})

// formulaShaped reports whether t is written like a formula: element
// symbols, one digit at least ("CHCl3", "O2", "P450").
func formulaShaped(t string) bool {
	digit := false
	for i := 0; i < len(t); {
		if t[i] < 'A' || t[i] > 'Z' {
			return false
		}
		i++
		if i < len(t) && t[i] >= 'a' && t[i] <= 'z' {
			i++
		}
		for i < len(t) && t[i] >= '0' && t[i] <= '9' {
			digit = true
			i++
		}
	}
	return digit
}
