package umls

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Reasons why a term is a real name of its concept but not one a writer
// would put in running text, and so not a replacement candidate for
// synonym perturbation. They are kept in the store because a lookup may
// still meet them; Term.Avoid carries them.
const (
	AvoidInverted = "inverted" // "Infarction, Myocardial", MeSH permuted forms
	AvoidRegistry = "registry" // CAS/EC/UNII numbers, database, lab and research codes ("Antibiotic AY 22989")
	AvoidFormula  = "formula"  // molecular formulae, SMILES/InChI, systematic (IUPAC) names, abbreviation soup
)

// maxNameLen is the length beyond which a chemical-looking name is taken
// for a systematic name: writers abbreviate long IUPAC names.
const maxNameLen = 40

// Classify tells why term s is not a usable replacement ("" when it is).
// tty is the source's term type; MeSH's permuted terms (PM) are inverted by
// definition.
func Classify(s, tty string) string {
	if tty == "PM" {
		return AvoidInverted
	}
	if isRegistry(s) || hasResearchCode(s) {
		return AvoidRegistry
	}
	if isFormula(s) || isCodeSoup(s) || isSystematic(s) {
		return AvoidFormula
	}
	if isInverted(s) {
		return AvoidInverted
	}
	return ""
}

// isInverted reports a comma followed by a space outside brackets:
// "Infarction, Myocardial", "Diabetes Mellitus, Type 2". Locant lists in
// chemical names ("1,2-dipalmitoyl") have no space, and commas inside
// brackets ("[Leu1, Thr2]-63-desulfohirudin") belong to the name.
func isInverted(s string) bool {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth > 0 {
				depth--
			}
		case ',':
			if depth == 0 && i+1 < len(s) && s[i+1] == ' ' {
				return true
			}
		}
	}
	return false
}

// isRegistry recognizes identifiers: CAS numbers (50-00-0), EC numbers
// (EC 3.1.1.1), UNII-like codes (10 upper-case letters and digits with at
// least one digit), and database or laboratory codes: an upper-case prefix
// followed by digits ("NSC 123456", "SCH-39166", "BRN 0123", "UNII-Y43GF64R34").
func isRegistry(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return false
	}
	if isCAS(s) {
		return true
	}
	if strings.HasPrefix(s, "EC ") && dotted(s[3:]) {
		return true
	}
	if strings.HasPrefix(s, "UNII-") || strings.HasPrefix(s, "InChIKey=") || strings.HasPrefix(s, "CAS ") {
		return true
	}
	if allDigitsPunct(s) {
		return true
	}
	if len(s) == 10 && upperAlnum(s) && hasDigit(s) {
		return true
	}
	// Prefix code: 1-6 upper-case letters, optional space or hyphen, then a
	// run of digits possibly with hyphens, dots or a final letter.
	i := 0
	for i < len(s) && i < 7 && 'A' <= s[i] && s[i] <= 'Z' {
		i++
	}
	if i == 0 || i > 6 {
		return false
	}
	if i < len(s) && (s[i] == ' ' || s[i] == '-') {
		i++
	}
	if i >= len(s) || s[i] < '0' || s[i] > '9' {
		return false
	}
	digits := 0
	for j := i; j < len(s); j++ {
		c := s[j]
		switch {
		case '0' <= c && c <= '9':
			digits++
		case c == '-' || c == '.' || c == '/':
		case j == len(s)-1 && ('A' <= c && c <= 'Z'):
		default:
			return false
		}
	}
	return digits >= 2
}

func isCAS(s string) bool {
	parts := strings.Split(s, "-")
	if len(parts) != 3 {
		return false
	}
	return len(parts[0]) >= 2 && len(parts[0]) <= 7 && allDigits(parts[0]) &&
		len(parts[1]) == 2 && allDigits(parts[1]) && len(parts[2]) == 1 && allDigits(parts[2])
}

func dotted(s string) bool {
	parts := strings.Split(s, ".")
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if p != "-" && (p == "" || !allDigits(strings.TrimPrefix(p, "n"))) {
			return false
		}
	}
	return true
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func allDigitsPunct(s string) bool {
	d := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case '0' <= c && c <= '9':
			d++
		case c == '-' || c == '.' || c == ' ' || c == '/' || c == ':':
		default:
			return false
		}
	}
	return d > 0
}

func upperAlnum(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

func hasDigit(s string) bool {
	for i := 0; i < len(s); i++ {
		if '0' <= s[i] && s[i] <= '9' {
			return true
		}
	}
	return false
}

// isFormula recognizes molecular formulae ("C6H12O6"), line notations
// (InChI, SMILES) and long systematic names: longer than maxNameLen and
// dense in locants, brackets and digits, as IUPAC names are
// ("(2R,3R)-2-(3,4-dihydroxyphenyl)-3,4-dihydro-2H-chromene-3,5,7-triol").
func isFormula(s string) bool {
	if strings.HasPrefix(s, "InChI=") {
		return true
	}
	if molecularFormula(s) || smiles(s) {
		return true
	}
	n := utf8.RuneCountInString(s)
	if n <= maxNameLen {
		return false
	}
	var sys int
	for _, r := range s {
		if unicode.IsDigit(r) || strings.ContainsRune("()[]{},-'+", r) {
			sys++
		}
	}
	return sys*100 >= 12*n
}

// molecularFormula: element symbols with counts, at least two elements and
// one count, nothing else ("C6H12O6"). Abbreviations that are not made of
// element symbols ("PGE1", "5ALA") are names writers use.
func molecularFormula(s string) bool {
	if len(s) < 3 || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	elems, digits := 0, 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case 'A' <= c && c <= 'Z':
			j := i + 1
			if j < len(s) && 'a' <= s[j] && s[j] <= 'z' {
				j++
			}
			if !elements()[s[i:j]] {
				return false
			}
			elems++
			i = j
		case '0' <= c && c <= '9':
			digits++
			i++
		default:
			return false
		}
	}
	return elems >= 2 && digits >= 1
}

var elements = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, e := range strings.Fields(`H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co
		Ni Cu Zn Ga Ge As Se Br Kr Rb Sr Y Zr Nb Mo Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba La Ce Pr Nd
		Pm Sm Eu Gd Tb Dy Ho Er Tm Yb Lu Hf Ta W Re Os Ir Pt Au Hg Tl Pb Bi Po At Rn Fr Ra Ac Th Pa U Np
		Pu Am Cm Bk Cf Es Fm Md No Lr D`) {
		m[e] = true
	}
	return m
})

// smiles: no spaces, and characters only SMILES uses together ("=", "#",
// "@", or ring-closure digits after brackets) with a high share of them.
func smiles(s string) bool {
	if len(s) < 6 || strings.ContainsAny(s, " ") {
		return false
	}
	special := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '=', '#', '@', '/', '\\':
			special++
		}
	}
	return special >= 2 && strings.ContainsAny(s, "()") && !strings.ContainsAny(s, "abdfhjkmqtuvwxyz")
}

// hasResearchCode reports a research or compound code inside a longer
// name: an upper-case prefix of two to six letters followed by at least
// three digits after a space or hyphen ("Antibiotic AY 22989", "Ro
// 15-1788", "MK-7288 free base"), or by at least four digits directly
// ("GBR12909 dihydrochloride"). Writers use the drug's name, not the code
// it had in the laboratory. Short designators ("COX-2", "HIV-1", "B12",
// "PGE2") have fewer digits, and gene and antigen symbols glued to three
// digits ("RNF168 deficiency", "CD268 antigen") are names writers use.
func hasResearchCode(s string) bool {
	for i := 0; i < len(s); i++ {
		if i > 0 && isASCIIAlnum(s[i-1]) || s[i] < 'A' || s[i] > 'Z' {
			continue
		}
		j := i + 1
		for j < len(s) && ('A' <= s[j] && s[j] <= 'Z' || 'a' <= s[j] && s[j] <= 'z') {
			j++
		}
		// "Ro" (Roche) is the one lower-case prefix common enough to
		// matter; otherwise the prefix is upper case.
		if n := j - i; n < 2 || n > 6 || !upperAlnum(s[i:j]) && s[i:j] != "Ro" {
			continue
		}
		k, need := j, 4
		if k < len(s) && (s[k] == ' ' || s[k] == '-') {
			k, need = k+1, 3
		}
		d, digits := k, 0
		for d < len(s) && ('0' <= s[d] && s[d] <= '9' || s[d] == '-' && digits > 0 && d+1 < len(s) && '0' <= s[d+1] && s[d+1] <= '9') {
			if s[d] != '-' {
				digits++
			}
			d++
		}
		if digits >= need && (d == len(s) || !('a' <= s[d] && s[d] <= 'z')) {
			return true
		}
	}
	return false
}

func isASCIIAlnum(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// isCodeSoup recognizes one-word names built of abbreviated groups, with
// no run of three lower-case letters anywhere: "2-2EtN-2MePhAcN",
// "PheGlyGlyPheThrGlyAlaArg..." (a peptide sequence). Words have longer
// lower-case runs; the abbreviations writers use are short ("mRNA", "IgG1")
// and are judged as abbreviations elsewhere.
func isCodeSoup(s string) bool {
	if utf8.RuneCountInString(s) < 10 || strings.ContainsFunc(s, unicode.IsSpace) {
		return false
	}
	up, low, run := 0, 0, 0
	for _, r := range s {
		switch {
		case unicode.IsLower(r):
			low++
			if run++; run >= 3 {
				return false
			}
			continue
		case unicode.IsUpper(r):
			up++
		}
		run = 0
	}
	return low > 0 && up >= 2
}

// isSystematic recognizes IUPAC-like systematic names by their
// nomenclature marks: numeric locants ("4-", "2,6-", "3'-", "12β-"),
// heteroatom and ring-position locants ("N-", "N,N-", "O-", "p-"),
// stereo descriptors ("(-)-", "(+)-", "(R)-", "(2Z)-", "(3β,17α)-") and
// substituent brackets glued to the name ("4-(acetylamino)phenol"). One
// mark is a short semi-systematic name that writers do use
// ("5-fluorouracil", "p-aminophenol", "N-acetylcysteine",
// "2,4-dinitrophenol"); two or more make a systematic name
// ("2-(3-benzoylphenyl)propionic acid", "O-benzoyl-(-)-ecgonine",
// "4-nitro-2-phenoxymethanesulfonanilide").
func isSystematic(s string) bool {
	marks := 0
	rs := []rune(s)
	n := len(rs)
	// wordStart: position i begins a locant (start of the name, or after
	// a hyphen, space or opening bracket).
	wordStart := func(i int) bool {
		return i == 0 || strings.ContainsRune("-( [{", rs[i-1])
	}
	for i := 0; i < n; i++ {
		r := rs[i]
		switch {
		case unicode.IsDigit(r) && wordStart(i):
			// Numeric locant list: digits, primes, Greek or H suffix,
			// commas between positions, then a hyphen.
			j := i
			for j < n && (unicode.IsDigit(rs[j]) || rs[j] == ',' || rs[j] == '\'' || rs[j] == '′' ||
				isGreek(rs[j]) || rs[j] == 'H' && j > i && unicode.IsDigit(rs[j-1])) {
				j++
			}
			if j < n && rs[j] == '-' && j+1 < n && !unicode.IsDigit(rs[j+1]) && rs[j-1] != ',' {
				marks++
			}
			i = j - 1
		case strings.ContainsRune("NOSPpom", r) && wordStart(i):
			// Letter locant list: "N-", "N,N-", "N,O-", "p-".
			j := i + 1
			for j+1 < n && rs[j] == ',' && strings.ContainsRune("NOSP", rs[j+1]) {
				j += 2
			}
			if j+1 < n && rs[j] == '-' && unicode.IsLetter(rs[j+1]) || j+1 < n && rs[j] == '-' && rs[j+1] == '(' {
				marks++
			}
			i = j - 1
		case r == '(' || r == '[':
			close := ')'
			if r == '[' {
				close = ']'
			}
			j := i + 1
			for j < n && rs[j] != close {
				j++
			}
			if j >= n {
				continue
			}
			inner := rs[i+1 : j]
			after := j+1 < n && (rs[j+1] == '-' || unicode.IsLetter(rs[j+1]))
			switch {
			case stereo(inner) && wordStart(i) && (j+1 == n || rs[j+1] == '-'):
				marks++
			case !slices.ContainsFunc(inner, unicode.IsSpace) && slices.ContainsFunc(inner, unicode.IsLetter) &&
				len(inner) > 1 && (i > 0 && (rs[i-1] == '-' || unicode.IsLetter(rs[i-1])) || after):
				marks++
			}
		}
	}
	return marks >= 2
}

// stereo reports a stereo descriptor: "-", "+", "±", "R", "S", "R,S",
// "2Z", "E", "3β,14β,17α".
func stereo(inner []rune) bool {
	if len(inner) == 0 {
		return false
	}
	for _, r := range inner {
		if !(unicode.IsDigit(r) || isGreek(r) || strings.ContainsRune("+-±,RSEZrs", r)) {
			return false
		}
	}
	return true
}

func isGreek(r rune) bool { return 'α' <= r && r <= 'ω' }
