package synonym

import (
	_ "embed"
	"fmt"
	"path"
	"slices"
	"strings"
)

// The name policy. Every candidate belongs to one stratum: the source
// beyond the lexicons that made it (an element's name, a curated pair,
// the organ rule), or else its lexicon, its term type and whether
// authors were seen to write it for the concept ("MESH entry attested":
// goldConcepts) or the training text writes it at all ("MESH entry in
// text"): "MESH entry", "CHEBI synonym attested". What decides a stratum is
// evidence that carries over to text nobody here has read: blind
// readings of its replacements on corpora its rule was not written
// from. The default policy (policy.tsv) admits a stratum when those
// readings found at least 90% of its replacements natural, or says in
// its line why it is kept; TestPolicyEvidence recomputes the rates from
// the committed readings (testdata/readings) and checks every line.
// Strata that no reading measured (the term types of a UMLS release:
// "MSH ET", "SNOMEDCT_US PT") are not admitted by default; --strata all
// admits every stratum, --strata default,"MSH ET" adds one.

//go:generate go run ./internal/mkevidence -readings testdata/readings -shared ../../../shared -out . -doc ../../docs/synonym-evidence.md

// Strata of the sources beyond the lexicons.
const (
	stratumElement = "element name"
	stratumCurated = "curated pair"
	stratumOrgan   = "organ rule"
	stratumIon     = termIonName
	stratumFormula = termFormulaName
)

// termAttested ends the term type a change of an attested lexicon name
// logs ("entry attested"), termInText that of a name the training text
// writes but not attested for the concept ("entry in text"): the change
// log says the stratum.
const (
	termAttested = " attested"
	termInText   = " in text"
)

// stratumRule is one row of the strata table: the stratum Name of a
// replacement whose source and term type (as the change log writes
// them) Match; Doc says which replacements, with an example.
type stratumRule struct {
	Name  string
	Doc   string
	Match func(source, termType string) bool
}

// strataRules are the strata of the sources beyond the lexicons, in
// order: a replacement is in the first that matches, else in the
// stratum of its lexicon and term type as logged ("MESH entry
// attested").
var strataRules = []stratumRule{
	{stratumElement, "an element's name for its symbol (\"K\" -> \"potassium\")",
		func(s, _ string) bool { return s == sourceElements }},
	{stratumCurated, "a pair of pairs.txt (\"acetaminophen\" <-> \"paracetamol\")",
		func(s, _ string) bool { return s == sourceCurated }},
	{stratumOrgan, "another form of the mention's organ, written in the training text (\"renal failure\" -> \"kidney failure\")",
		func(s, _ string) bool { return s == sourceOrgan }},
	{stratumIon, "the name of an ion's notation, by the element's one common charge (\"Ca2+\" -> \"calcium\", \"HCO3-\" -> \"bicarbonate\")",
		func(s, t string) bool { return s == sourceNotation && t == termIonName }},
	{stratumFormula, "the name of a common inorganic formula whose charges balance (\"NaCl\" -> \"sodium chloride\", \"CO2\" -> \"carbon dioxide\")",
		func(s, t string) bool { return s == sourceNotation && t == termFormulaName }},
}

// Stratum returns the stratum of a replacement whose change logs source
// and termType.
func Stratum(source, termType string) string {
	for _, r := range strataRules {
		if r.Match(source, termType) {
			return r.Name
		}
	}
	return source + " " + termType
}

// PolicyLine is one line of a policy: a stratum, whether the policy
// admits it, and why.
type PolicyLine struct {
	Stratum string
	Admit   bool
	// Kept marks a stratum admitted although its readings do not reach
	// the bar (or there are too few), for the reason given.
	Kept   bool
	Reason string
	Line   int
}

// policyText is the default policy (see the file).
//
//go:embed policy.tsv
var policyText string

// DefaultPolicy returns the lines of the default policy, in file order.
func DefaultPolicy() []PolicyLine {
	// A bad file gives no policy, which admits no stratum;
	// TestDefaultPolicy catches one.
	ls, _ := parsePolicy(policyText)
	return ls
}

// parsePolicy reads a policy in the format of policy.tsv: a line
// "stratum<TAB>decision<TAB>reason", decision "admit" (its readings
// reach the bar), "keep" (admitted for the reason given although they do
// not) or "refuse"; "#" comments and blank lines ignored; a stratum given
// twice is an error.
func parsePolicy(text string) ([]PolicyLine, error) {
	var out []PolicyLine
	seen := map[string]int{}
	for i, line := range strings.Split(text, "\n") {
		if t := strings.TrimSpace(line); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			return nil, fmt.Errorf("policy line %d: %d tab-separated fields, want 3 (stratum, decision, reason)", i+1, len(f))
		}
		l := PolicyLine{Stratum: strings.TrimSpace(f[0]), Reason: strings.TrimSpace(f[2]), Line: i + 1}
		switch strings.TrimSpace(f[1]) {
		case "admit":
			l.Admit = true
		case "keep":
			l.Admit, l.Kept = true, true
		case "refuse":
		default:
			return nil, fmt.Errorf("policy line %d: %q, want admit, keep or refuse", i+1, f[1])
		}
		if l.Stratum == "" || l.Reason == "" {
			return nil, fmt.Errorf("policy line %d: empty stratum or reason", i+1)
		}
		if prev, dup := seen[l.Stratum]; dup {
			return nil, fmt.Errorf("policy line %d: stratum %q again (line %d)", i+1, l.Stratum, prev)
		}
		seen[l.Stratum] = l.Line
		out = append(out, l)
	}
	return out, nil
}

// defaultStrata returns the strata the default policy admits.
func defaultStrata() []string {
	var out []string
	for _, l := range DefaultPolicy() {
		if l.Admit {
			out = append(out, l.Stratum)
		}
	}
	return out
}

// parseStrata parses the --strata option: a comma-separated list of
// strata ("curated pair", "MESH entry attested") or path.Match patterns
// of strata ("* attested"), in which "default" stands for the strata of
// the default policy; "all" (alone) admits every stratum, which
// parseStrata returns as nil. An empty string is "default".
func parseStrata(s string) ([]string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return defaultStrata(), nil
	}
	if s == "all" {
		return nil, nil
	}
	out := []string{}
	for _, item := range strings.Split(s, ",") {
		switch item = strings.TrimSpace(item); item {
		case "":
		case "default":
			out = append(out, defaultStrata()...)
		case "all":
			return nil, fmt.Errorf("%w: strata: \"all\" cannot be combined with other items", ErrOption)
		default:
			if _, err := path.Match(item, ""); err != nil {
				return nil, fmt.Errorf("%w: strata: pattern %q: %v", ErrOption, item, err)
			}
			out = append(out, item)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: strata: no stratum in %q", ErrOption, s)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// strataSet is the strata of Options.Strata, names and patterns.
type strataSet struct {
	names    map[string]bool
	patterns []string
}

func newStrataSet(strata []string) *strataSet {
	if strata == nil {
		return nil
	}
	s := &strataSet{names: map[string]bool{}}
	for _, x := range strata {
		if strings.ContainsAny(x, "*?[") {
			s.patterns = append(s.patterns, x)
		} else {
			s.names[x] = true
		}
	}
	return s
}

// admits reports whether the set admits stratum (a nil set admits all).
func (s *strataSet) admits(stratum string) bool {
	if s == nil || s.names[stratum] {
		return true
	}
	for _, p := range s.patterns {
		if ok, _ := path.Match(p, stratum); ok {
			return true
		}
	}
	return false
}
