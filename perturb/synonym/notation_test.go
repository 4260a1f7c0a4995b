package synonym

import (
	"strings"
	"testing"

	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
)

// TestIonName is the table of ion notations as the corpora tokenize
// them, with the names they are read as ("" for none).
func TestIonName(t *testing.T) {
	for _, tt := range []struct{ mention, want, why string }{
		{"Ca2 +", "calcium", "charge digit, sign apart (BioNLP, CRAFT)"},
		{"Ca2+", "calcium", "written together"},
		{"Ca ( 2 + )", "calcium", "charge in brackets (BioRED)"},
		{"Ca(2+)", "calcium", ""},
		{"Ca ++", "calcium", "one sign a charge"},
		{"K +", "potassium", ""},
		{"Na ( + )", "sodium", ""},
		{"Mg2 +", "magnesium", ""},
		{"Al3 +", "aluminum", ""},
		{"Li +", "lithium", ""},
		{"Cl -", "chloride", "anion"},
		{"HCO3 -", "bicarbonate", "the 3 is the formula's, not a charge"},
		{"Ca2 + ions", "calcium ions", "the ion word stays"},
		{"Ca2 + ion", "calcium ion", ""},
		{"Ca +", "", "calcium's charge is 2"},
		{"K2 +", "", "potassium's charge is 1"},
		{"Fe3 +", "", "iron has two common charges: its name would drop which"},
		{"Fe2 +", "", ""},
		{"Cu2 +", "", ""},
		{"Mn2 +", "", ""},
		{"H +", "", "a proton is no element's name"},
		{"Ca", "", "a symbol without charge: the element table's"},
		{"Ca2", "", "no sign"},
		{"Ca +-", "", "two signs"},
		{"Cl +", "", "an anion's sign"},
		{"Na -", "", "a cation's sign"},
		{"+", "", "a sign alone"},
		{"( 2 + )", "", "a charge alone"},
		{"CD4 +", "", "a cell marker"},
		{"calcium", "", "a name"},
		{"", "", ""},
	} {
		if got := ionName(tt.mention); got != tt.want {
			t.Errorf("ionName(%q) = %q, want %q (%s)", tt.mention, got, tt.want, tt.why)
		}
	}
}

// TestFormulaName is the table of formulas with the names they are read
// as ("" for none).
func TestFormulaName(t *testing.T) {
	for _, tt := range []struct{ mention, want, why string }{
		{"NaCl", "sodium chloride", ""},
		{"KCl", "potassium chloride", ""},
		{"LiCl", "lithium chloride", ""},
		{"MgCl2", "magnesium chloride", "charges balance"},
		{"CaCl2", "calcium chloride", ""},
		{"Na2SO4", "sodium sulfate", ""},
		{"MgSO4", "magnesium sulfate", ""},
		{"NaHCO3", "sodium bicarbonate", ""},
		{"NH4Cl", "ammonium chloride", ""},
		{"Ca(OH)2", "calcium hydroxide", "a bracketed anion and its count"},
		{"Ca ( NO3 ) 2", "calcium nitrate", "tokenized apart"},
		{"Al2(SO4)3", "aluminum sulfate", ""},
		{"NaN3", "sodium azide", ""},
		{"KOH", "potassium hydroxide", ""},
		{"CO2", "carbon dioxide", "a molecule"},
		{"H2O2", "hydrogen peroxide", ""},
		{"CCl4", "carbon tetrachloride", ""},
		{"HCl", "hydrochloric acid", "an acid"},
		{"NaCl2", "", "charges do not balance"},
		{"CaCl", "", "charges do not balance"},
		{"Ca(OH)", "", "a bracket without count"},
		{"FeCl3", "", "iron has two common charges"},
		{"CuSO4", "", ""},
		{"NO", "", "an abbreviation of other things too"},
		{"CO", "", ""},
		{"HF", "", ""},
		{"CaCl ( 2 )", "", "a count in brackets is no formula"},
		{"Na", "", "a symbol"},
		{"NaClO4x", "", "trailing letters"},
		{"Cl", "", ""},
		{"", "", ""},
	} {
		if got := formulaName(tt.mention); got != tt.want {
			t.Errorf("formulaName(%q) = %q, want %q (%s)", tt.mention, got, tt.want, tt.why)
		}
	}
}

// TestNotationFits checks where a notation's name may stand.
func TestNotationFits(t *testing.T) {
	for _, tt := range []struct {
		text string // the mention in brackets
		want bool
	}{
		{"cytosolic [Ca2 +] activity was measured", true},
		{"the [Ca2 +] / calmodulin - dependent kinase", true},
		{"200 mM [NaCl] was added", true},
		{"the \\[ [Ca2 +] \\] i rose", false},
		{"10 cm [H2O] CPAP", false},
		{"affinity for Li + and [Na +] and H +", false},
		{"150 mM [NaCl] , 10 mM KCl", false},
		{"effects of [CCl4] , CHCl3 and acetaminophen", false},
		{"cytochrome P450 / [CCl4] toxic state", false},
		{"( Na , [K +] ) - ATPase", false},
	} {
		s, sp := bracketed(t, tt.text)
		if got := notationFits(s, sp); got != tt.want {
			t.Errorf("notationFits(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

// bracketed returns the tokens of text and the span of its mention in
// brackets ("[" and "]" tokens outside a mention are written "\[", "\]").
func bracketed(t *testing.T, text string) ([]string, iob.Span) {
	t.Helper()
	var toks []string
	sp := iob.Span{Start: -1, Type: "Chemical"}
	for _, w := range strings.Fields(text) {
		switch {
		case w == "\\[" || w == "\\]":
			toks = append(toks, w[1:])
			continue
		case strings.HasPrefix(w, "[") && len(w) > 1:
			sp.Start = len(toks)
			w = w[1:]
		}
		if strings.HasSuffix(w, "]") && len(w) > 1 && sp.Start >= 0 && sp.End == 0 {
			toks = append(toks, w[:len(w)-1])
			sp.End = len(toks)
			continue
		}
		toks = append(toks, w)
	}
	if sp.Start < 0 || sp.End == 0 {
		t.Fatalf("%q: no mention in brackets", text)
	}
	return toks, sp
}

// TestNotationCheck checks that Check takes the notation's changes and
// refuses others.
func TestNotationCheck(t *testing.T) {
	r, err := New(testStore(t), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		before, after, termType string
		ok                      bool
	}{
		{"Ca2 +", "calcium", termIonName, true},
		{"Ca2 + ions", "calcium ions", termIonName, true},
		{"NaCl", "sodium chloride", termFormulaName, true},
		{"NaCl", "sodium chloride", termIonName, false},
		{"NaCl", "table salt", termFormulaName, false},
		{"Fe3 +", "iron", termIonName, false},
	} {
		err := r.Check(perturb.Change{Before: tt.before, After: tt.after, Source: sourceNotation, TermType: tt.termType})
		if (err == nil) != tt.ok {
			t.Errorf("Check(%q -> %q, %s) = %v, want ok %v", tt.before, tt.after, tt.termType, err, tt.ok)
		}
	}
}

// TestNotationCandidates checks the notation's names as the replacer
// gives them, with the strata admitted.
func TestNotationCandidates(t *testing.T) {
	opts := DefaultOptions()
	opts.Strata = append(opts.Strata, stratumIon, stratumFormula)
	r, err := New(testStore(t), opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ typ, mention, want string }{
		{"Chemical", "Ca2 +", "calcium"},
		{"Chemical", "Ca2 + ions", "calcium ions"},
		{"Chemical", "NaCl", "sodium chloride"},
		{"Chemical", "CO2", "carbon dioxide"},
		{"Chemical", "HCO3 -", "bicarbonate"},
		{"Disease", "NaCl", ""},
		{"Chemical", "Fe3 +", ""},
	} {
		a := r.Analyze(tt.typ, tt.mention)
		if a.Err != nil {
			t.Fatal(a.Err)
		}
		got := ""
		for _, c := range a.Candidates {
			if c.Source == sourceNotation {
				got = c.Term
			}
		}
		if got != tt.want {
			t.Errorf("%s %q: notation candidate %q, want %q (candidates %v)", tt.typ, tt.mention, got, tt.want, terms(a))
		}
	}
}
