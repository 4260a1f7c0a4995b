package synonym

import (
	_ "embed"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/stress-ner/stress/perturb/internal/concepts"

	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/internal/english"
	"github.com/stress-ner/stress/umls"
)

// Sources of names beyond the lexicons, as logged in a change's source
// column (the term type column says which rule or pair).
const (
	// sourceOrgan: another form of the name's organ (OrganVariants),
	// attested in the training text; term type termOrgan.
	sourceOrgan = "RULE"
	termOrgan   = "organ"
	// sourceCurated: a pair of pairs.txt (INN/BAN/USAN names, vitamins,
	// hormones, clinical names); the term type is the pair's tag.
	sourceCurated = "CURATED"
	// sourceElements: a chemical element's name for its symbol ("K" ->
	// "potassium"); term type termElementName. Never the symbol for the
	// name: a blind reading judged all three "serum potassium" -> "serum
	// K" unnatural in running text.
	sourceElements  = "ELEMENTS"
	termElementName = "element name"
	// sourceNotation: the name of an ion's or a formula's notation
	// ("Ca2+" -> "calcium", "NaCl" -> "sodium chloride"); term type
	// termIonName or termFormulaName (notation.go).
	sourceNotation = "NOTATION"
)

// pairsText lists the curated pairs (see the file).
//
//go:embed pairs.txt
var pairsText string

// curatedPair is one direction of a pair of pairs.txt.
type curatedPair struct {
	to    string // the name written
	tag   string // logged as the term type
	group string // CHEM or DISO
	// noRoundTrip is why the pair is not looked up again ("" when it
	// is): its line says "no round trip: why".
	noRoundTrip string
}

// noRoundTripMark introduces, in a line of pairs.txt, why the pair
// skips the round trip.
const noRoundTripMark = "no round trip:"

// curated holds the pairs of pairs.txt by key, parsed on first use (no
// work at package initialisation).
var curated = sync.OnceValue(func() map[string][]curatedPair { return parsePairs(pairsText) })

// curatedPlurals maps a name of pairs.txt, in lower case and the
// singular, to the plural a line of the file writes for it
// ("dysrhythmia" -> "dysrhythmias"): the word list knows no plural of
// some names the curator vouches for. Parsed on first use: it asks the
// word list, which every command would otherwise decode at start-up.
var curatedPlurals = sync.OnceValue(func() map[string]string { return parsePlurals(pairsText) })

// parsePlurals reads the plural names of pairs.txt (see curatedPlurals).
func parsePlurals(text string) map[string]string {
	out := map[string]string{}
	for _, line := range strings.Split(text, "\n") {
		line, _, _ = strings.Cut(line, "#")
		line = strings.ReplaceAll(strings.ReplaceAll(line, "<->", "\x00"), "->", "\x00")
		for _, name := range strings.Split(line, "\x00") {
			if name = strings.ToLower(strings.TrimSpace(name)); name != "" && english.IsPlural(name) {
				out[english.Singular(name)] = name
			}
		}
	}
	return out
}

// parsePairs reads pairs.txt into the names each key (english.AvoidKey
// of a name) may become.
func parsePairs(text string) map[string][]curatedPair {
	out := map[string][]curatedPair{}
	for _, line := range strings.Split(text, "\n") {
		line, comment, _ := strings.Cut(line, "#")
		if line = strings.TrimSpace(line); line == "" {
			continue
		}
		tag, reason, _ := strings.Cut(comment, ":")
		tag = strings.TrimSpace(tag)
		group := "CHEM"
		if kind, _, _ := strings.Cut(strings.TrimSpace(reason), ";"); strings.TrimSpace(kind) == "disease" {
			group = "DISO"
		}
		skip := ""
		if _, why, ok := strings.Cut(reason, noRoundTripMark); ok {
			skip = strings.TrimSpace(why)
		}
		if a, b, ok := strings.Cut(line, "<->"); ok {
			a, b = strings.TrimSpace(a), strings.TrimSpace(b)
			out[english.AvoidKey(a)] = append(out[english.AvoidKey(a)], curatedPair{b, tag, group, skip})
			out[english.AvoidKey(b)] = append(out[english.AvoidKey(b)], curatedPair{a, tag, group, skip})
		} else if a, b, ok := strings.Cut(line, "->"); ok {
			a, b = strings.TrimSpace(a), strings.TrimSpace(b)
			out[english.AvoidKey(a)] = append(out[english.AvoidKey(a)], curatedPair{b, tag, group, skip})
		}
	}
	return out
}

// CuratedPair reports whether pairs.txt lets a mention named from (in
// any case, spacing, hyphenation and number) become to, and the pair's
// tag.
func CuratedPair(from, to string) (string, bool) {
	for _, p := range curated()[english.AvoidKey(from)] {
		if english.AvoidKey(p.to) == english.AvoidKey(to) {
			return p.tag, true
		}
	}
	return "", false
}

// elements maps chemical element symbols to names. Single letters are
// left out but K: "I", "C", "P" or "B" name vitamins, phosphate and
// much else as often as an element; so is "Cr", creatinine in clinical
// text more often than chromium.
var elements = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"Li": "lithium", "Na": "sodium", "K": "potassium", "Mg": "magnesium", "Ca": "calcium", "Al": "aluminum",
		"Fe": "iron", "Cu": "copper", "Zn": "zinc", "Mn": "manganese", "Co": "cobalt", "Ni": "nickel",
		"Se": "selenium", "As": "arsenic", "Cd": "cadmium", "Hg": "mercury", "Pb": "lead", "Tl": "thallium",
		"Ba": "barium", "Sr": "strontium", "Rb": "rubidium", "Cs": "cesium", "Ag": "silver", "Au": "gold",
		"Pt": "platinum", "Gd": "gadolinium", "Bi": "bismuth", "Sn": "tin", "Sb": "antimony", "Cl": "chlorine",
		"Br": "bromine", "Si": "silicon", "Mo": "molybdenum", "Ra": "radium", "Rn": "radon", "Xe": "xenon",
		"Ti": "titanium", "Ga": "gallium", "Ge": "germanium", "Te": "tellurium", "La": "lanthanum", "Pu": "plutonium",
	}
})

// elementPair reports whether a mention written before, an element's
// symbol, may become after, its name, by the element table.
func elementPair(before, after string) bool {
	return elements()[before] != "" && strings.EqualFold(elements()[before], after)
}

// elementCandidates returns the element-table name of mention, a
// chemical element's symbol.
func elementCandidates(mention string) []Candidate {
	if name := elements()[mention]; name != "" {
		return []Candidate{{Term: name, Source: sourceElements, TermType: termElementName, Attested: true}}
	}
	return nil
}

// elementFits reports whether element name c fits mention sp of s, a
// symbol: where the symbol is not part of an ion or channel's notation
// ("K +", "K ( ATP )"), a list of symbols or a unit.
func elementFits(s []string, sp iob.Span) bool {
	prev, next := "", ""
	if sp.Start > 0 {
		prev = strings.ToLower(s[sp.Start-1])
	}
	if sp.End < len(s) {
		next = strings.ToLower(s[sp.End])
	}
	// Nor in a list of symbols ("( Na , K ) - ATPase"), nor a unit's
	// ("mm Hg"): a reader flagged "( Na , potassium )" and "mm mercury".
	return next != "+" && next != "(" && next != "-" && next != "/" && next != "," && next != ")" &&
		!strings.ContainsAny(next[:min(1, len(next))], "0123456789") && prev != "[" && prev != "(" && prev != "," &&
		prev != "/" && prev != "mm" && prev != "cm"
}

// extraCandidates returns the names of mention (through form) from the
// sources beyond the lexicons: curated pairs, element names and symbols
// (chemicals), organ variants attested in the training text. Each must
// be natural, avoid what avoid.txt avoids, and name nothing the mention
// does not (the round trip, when the store knows the name); rt is nil
// when the mention names no concept.
func (r *Replacer) extraCandidates(groups []string, mention, form string, rt *roundTrip) ([]Candidate, error) {
	var out []Candidate
	chem := slices.Contains(groups, "CHEM")
	if chem {
		out = append(out, elementCandidates(mention)...)
		out = append(out, notationCandidates(form)...)
	}
	// A pair whose line says why ("no round trip: ...") is the
	// curator's word that the two names name one thing: the round trip,
	// which guards against names the lexicons file under the wrong
	// concept, is not asked of it. The open lexicons split some
	// conditions a corpus annotates as one ("convulsions" and "seizures"
	// are both MeSH D012640 in CDR; the embedded MeSH lacks the entry
	// term); TestCuratedRoundTrip checks that every such pair needs it.
	vouched := map[string]bool{}
	for _, p := range curated()[english.AvoidKey(form)] {
		if slices.Contains(groups, p.group) {
			out = append(out, Candidate{Term: p.to, Source: sourceCurated, TermType: p.tag, Attested: true})
			vouched[p.to] = p.noRoundTrip != ""
		}
	}
	for _, v := range OrganVariants(form) {
		if OrganAttested(v) {
			out = append(out, Candidate{Term: v, Source: sourceOrgan, TermType: termOrgan, Attested: true})
		}
	}
	kept := out[:0]
	for _, c := range out {
		if c.Source != sourceElements && c.Source != sourceNotation {
			// Natural's rules, but for the digits and words a curator
			// vouches for ("vitamin B12", "5-hydroxytryptamine").
			why := natural(c.Term, mention, !r.opts.NoAvoidLists)
			if c.Source == sourceCurated && (why == rejectDigits || why == rejectLength || why == rejectForeign || why == rejectSystematic) {
				why = ""
			}
			if why != "" || avoidedPair(c.Term, form, !r.opts.NoAvoidLists) {
				continue
			}
		}
		switch {
		case c.Source == sourceElements, c.Source == sourceNotation:
			// The notation's own reading: a lexicon files "calcium" under
			// the element and "Ca2+" under the ion, which the round trip
			// would refuse.
		case c.Source == sourceCurated && vouched[c.Term]:
		case rt != nil:
			ok, err := rt.keeps(c.Term, "")
			if err != nil {
				return nil, err
			}
			if !ok {
				continue
			}
		case c.Source == sourceOrgan:
			// A mention the store does not know cannot vouch for a
			// variant it does know: "heart abnormalities" names
			// congenital heart defects, "cardiac abnormalities" nothing.
			cs, err := r.lookupAll(english.LookupForm(c.Term))
			if err != nil && !errors.Is(err, errTooCommon) {
				return nil, err
			}
			if len(cs) > 0 || err != nil {
				continue
			}
		}
		kept = append(kept, c)
	}
	return kept, nil
}

// checkExtra reports whether c, a change from a source beyond the
// lexicons, is one that source makes.
func checkExtra(c perturb.Change) bool {
	before, after := c.Before, c.After
	switch c.Source {
	case sourceElements:
		return elementPair(before, after) && c.TermType == termElementName
	case sourceNotation:
		return notationPair(before, after, c.TermType)
	case sourceCurated:
		return curatedMatches(before, after)
	case sourceOrgan:
		for _, v := range OrganVariants(before) {
			if english.TrivialKey(v) == english.TrivialKey(after) {
				return true
			}
		}
	}
	return false
}

// curatedMatches reports whether pairs.txt pairs before and after, in
// any number.
func curatedMatches(before, after string) bool {
	if _, ok := CuratedPair(before, after); ok {
		return true
	}
	_, ok := CuratedPair(english.Singular(before), english.Singular(after))
	return ok
}

// addExtra adds to a the candidates of extraCandidates that a lacks (up
// to case, punctuation and number); mention is looked up through form.
// The store is asked only when a source has a name for the mention: most
// have none.
func (r *Replacer) addExtra(a *Analysis, typ, mention, form string) error {
	groups := concepts.Map(r.opts.TypeMap).Groups(typ)
	if len(groups) == 0 || !hasExtra(groups, mention, form) {
		return nil
	}
	mc := a.mc
	if mc == nil {
		all, err := r.lookupAll(english.LookupForm(form))
		if errors.Is(err, errTooCommon) {
			return nil // a mention of thousands of concepts vouches for no name
		}
		if err != nil {
			return fmt.Errorf("%w: %q: %v", ErrLookup, mention, err)
		}
		mc = r.newMentionConcepts(all, groups)
	}
	var rt *roundTrip
	if !mc.empty() {
		rt = &roundTrip{r: r, mc: mc, mention: form, back: map[string][]umls.Concept{}}
	}
	extra, err := r.extraCandidates(groups, mention, form, rt)
	if err != nil || len(extra) == 0 {
		return err
	}
	have := map[string]bool{english.TrivialKey(mention): true}
	for _, c := range a.Candidates {
		have[english.TrivialKey(c.Term)] = true
	}
	for _, c := range extra {
		if k := english.TrivialKey(c.Term); !have[k] {
			have[k] = true
			c.ConceptID = conceptKey(a)
			a.Candidates = append(a.Candidates, c)
		}
	}
	if a.Rejected == nil {
		a.Rejected = map[string]int{}
	}
	if a.proper == nil {
		a.proper = map[string]bool{}
	}
	if len(a.Candidates) > 0 {
		a.Outcome = OutcomeReplaced
	}
	sortCandidates(a.Candidates)
	return nil
}

// hasExtra reports whether a source beyond the lexicons may have a name
// for mention (looked up through form), before any check.
func hasExtra(groups []string, mention, form string) bool {
	if slices.Contains(groups, "CHEM") && (len(elementCandidates(mention)) > 0 || len(notationCandidates(form)) > 0) {
		return true
	}
	if len(curated()[english.AvoidKey(form)]) > 0 {
		return true
	}
	for _, v := range OrganVariants(form) {
		if OrganAttested(v) {
			return true
		}
	}
	return false
}
