// Package concepts holds what the kinds that name concepts (synonym,
// abbreviation, entity-swap) share about a concept store: the map of the
// entity types of corpora (Chemical, Disease, CHEMICAL, SpecificDisease)
// to the store's semantic groups (CHEM, DISO), and the concepts never
// used (DefaultExcluded).
package concepts

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/umls"
)

// ErrTypeMap means a type map is malformed or names a group the store
// cannot serve.
var ErrTypeMap = errors.New("bad type map")

// Map maps entity types to semantic groups. Types are matched without
// regard to case: "CHEMICAL" and "chemical" are "Chemical".
type Map map[string][]string

// A labelSet is the entity types of public corpora that name the
// concepts of one semantic group. The default map is a table of them,
// one named corpus (or family) a row: a corpus's chemical and disease
// types only, since the embedded store names chemicals and diseases
// alone, and types that mix kinds (JNLPBA's "protein", i2b2's
// "problem", DDI's "group") are left for the user to map.
type labelSet struct {
	Corpus string   // the corpora, as their papers name them
	Group  string   // the semantic group their types name
	Types  []string // the entity types, as the corpora spell them
}

// labelSets are the rows of Default. Every row's types, and where it
// measured them the share of their mentions the embedded store names
// under the row's group (TestDefaultFits, on ../shared), are tested.
var labelSets = []labelSet{
	{"BC5CDR, BC4CHEMD, NLM-Chem, BioNLP11ID, PubTator, ChemProt, DrugProt", "CHEM", []string{"Chemical", "Chemicals"}},
	{"DDI (drugs; not its \"group\" class)", "CHEM", []string{"Drug", "Drug_n", "Brand"}},
	{"CHEMDNER classes (BC4CHEMD's original labels)", "CHEM", []string{"ABBREVIATION", "FAMILY", "FORMULA", "IDENTIFIER", "MULTIPLE", "SYSTEMATIC", "TRIVIAL", "NO CLASS"}},
	{"BioRED", "CHEM", []string{"ChemicalEntity"}},
	{"BioNLP shared tasks: BioNLP13CG, BioNLP13PC", "CHEM", []string{"Simple_chemical", "Amino_acid"}},
	{"CRAFT (ChEBI annotations, with the extension classes of CRAFT 4)", "CHEM", []string{"CHEBI", "CHEBI_EXT"}},
	{"BC5CDR, NCBI-disease, PubTator, miRNA", "DISO", []string{"Disease", "Diseases"}},
	{"NCBI-disease's original classes", "DISO", []string{"SpecificDisease", "DiseaseClass", "Modifier", "CompositeMention"}},
	{"BioRED", "DISO", []string{"DiseaseOrPhenotypicFeature"}},
	{"BioNLP shared tasks: BioNLP13CG", "DISO", []string{"Cancer", "Pathological_formation"}},
	{"CRAFT 4 (MONDO annotations)", "DISO", []string{"MONDO", "MONDO_EXT"}},
	{"ShARe/CLEF eHealth, CADEC, TAC 2017 ADR", "DISO", []string{"Disorder", "ADR", "AdverseReaction", "Symptom"}},
}

// Default maps the entity types of the public corpora of labelSets to
// their groups, and a UMLS semantic type, by TUI or name (MedMentions
// labels mentions "T047"), or a group's own code (QUAERO labels them
// "CHEM", "DISO"), to its group, for the two groups the embedded store
// names (CHEM, DISO).
func Default() Map {
	m := Map{}
	for _, ls := range labelSets {
		for _, t := range ls.Types {
			m[t] = []string{ls.Group}
		}
	}
	for _, st := range umls.SemanticTypes() {
		if st.Group == "CHEM" || st.Group == "DISO" {
			m[st.TUI] = []string{st.Group}
			m[st.Name] = []string{st.Group}
			m[st.Group] = []string{st.Group}
		}
	}
	return m
}

// OptionHelp is the help of the type-map option of the kinds that map
// types (synonym, abbreviation, entity-swap), which one flag sets.
const OptionHelp = "entity types to semantic groups, added to the defaults (the chemical and disease types of BC5CDR, NCBI-disease, BC4CHEMD, BioRED, BioNLP, CRAFT and other corpora, and UMLS semantic types): Chemical=CHEM,Disease=DISO+ANAT ('none,...' clears the defaults; types match in any case)"

// none is the value of Parse that starts from an empty map instead of
// Default: "none" alone maps nothing, "none,Gene=GENE" only Gene.
const none = "none"

// Parse parses "Chemical=CHEM,Disease=DISO" (several groups of a type
// joined by "+": "Disease=DISO+ANAT") into Default with these items
// added: an item replaces the default groups of its type (matched
// without regard to case) and keeps the others. A first item "none"
// starts from an empty map. An empty string gives Default. A type with
// a control character, a type given twice (in any case) and a group
// given twice for one type are errors. Errors wrap ErrTypeMap and
// name the item.
func Parse(s string) (Map, error) {
	m := Default()
	items := strings.Split(s, ",")
	if strings.TrimSpace(s) == "" {
		return m, nil
	}
	if strings.EqualFold(strings.TrimSpace(items[0]), none) {
		m, items = Map{}, items[1:]
	}
	given := map[string]string{} // types of s, lower-cased, to their item
	for _, item := range items {
		typ, groups, ok := strings.Cut(strings.TrimSpace(item), "=")
		typ = strings.TrimSpace(typ)
		if !ok || typ == "" || strings.TrimSpace(groups) == "" {
			if strings.EqualFold(strings.TrimSpace(item), none) {
				return nil, fmt.Errorf("%w: %q only as the first item (it clears the defaults)", ErrTypeMap, none)
			}
			return nil, fmt.Errorf("%w: item %q (want TYPE=GROUP[+GROUP])", ErrTypeMap, item)
		}
		// A type no tag holds, or one given twice (the last would win),
		// is a mistake said now, not a map that silently maps nothing.
		// (Types may hold spaces: "Disease or Syndrome"; a type that no
		// mention of the corpus has is a warning of TypeNotes.)
		if strings.ContainsFunc(typ, unicode.IsControl) || !utf8.ValidString(typ) {
			return nil, fmt.Errorf("%w: item %q: an entity type has no control characters", ErrTypeMap, item)
		}
		if prev, dup := given[strings.ToLower(typ)]; dup {
			return nil, fmt.Errorf("%w: item %q: type %s given twice (first in %q)", ErrTypeMap, item, typ, prev)
		}
		given[strings.ToLower(typ)] = item
		var gs []string
		for _, g := range strings.Split(groups, "+") {
			g = strings.ToUpper(strings.TrimSpace(g))
			if g == "" {
				return nil, fmt.Errorf("%w: item %q has an empty group", ErrTypeMap, item)
			}
			if !slices.Contains(KnownGroups(), g) {
				return nil, fmt.Errorf("%w: item %q: unknown semantic group %q (known: %s)", ErrTypeMap, item, g, strings.Join(KnownGroups(), ", "))
			}
			if slices.Contains(gs, g) {
				return nil, fmt.Errorf("%w: item %q: group %s twice", ErrTypeMap, item, g)
			}
			gs = append(gs, g)
		}
		for k := range m {
			if strings.EqualFold(k, typ) {
				delete(m, k) // the item's groups replace the type's
			}
		}
		m[typ] = gs
	}
	return m, nil
}

// Groups returns the groups of entity type typ, matched without regard
// to case ("CHEMICAL" is "Chemical"), or nil.
func (m Map) Groups(typ string) []string {
	if g, ok := m[typ]; ok {
		return g
	}
	for k, g := range m {
		if strings.EqualFold(k, typ) {
			return g
		}
	}
	return nil
}

// AllGroups lists the groups the map uses, sorted.
func (m Map) AllGroups() []string {
	var out []string
	for _, gs := range m {
		for _, g := range gs {
			if !slices.Contains(out, g) {
				out = append(out, g)
			}
		}
	}
	sort.Strings(out)
	return out
}

// KnownGroups lists the semantic groups of the UMLS semantic network
// (CHEM, DISO, ...), sorted.
func KnownGroups() []string {
	var out []string
	for _, st := range umls.SemanticTypes() {
		if !slices.Contains(out, st.Group) {
			out = append(out, st.Group)
		}
	}
	sort.Strings(out)
	return out
}

// checkStore reports, wrapping ErrTypeMap, a group of given (the
// items the user gave, not the defaults) of which the store holds no
// concept: a type mapped to it could never be served, and the set would
// silently be a copy of its input. have is the store's concepts per
// group (umls.Info.Groups).
func checkStore(given Map, have map[string]int) error {
	var has []string
	for g, n := range have {
		if n > 0 {
			has = append(has, g)
		}
	}
	sort.Strings(has)
	for _, g := range given.AllGroups() {
		if have[g] == 0 {
			return fmt.Errorf("%w: the concept store has no concept of group %s (it has %s); a store with every group is made from a UMLS release: stress umls import --mrconso MRCONSO.RRF --mrsty MRSTY.RRF --db FILE, then --db FILE",
				ErrTypeMap, g, strings.Join(has, ", "))
		}
	}
	return nil
}

// Given returns the items of s (a Parse argument) alone, without the
// defaults: what checkStore checks.
func Given(s string) (Map, error) {
	if strings.TrimSpace(s) == "" {
		return Map{}, nil
	}
	items := strings.Split(s, ",")
	if strings.EqualFold(strings.TrimSpace(items[0]), none) {
		items = items[1:]
	}
	return Parse(strings.Join(append([]string{none}, items...), ","))
}

// InfoStore is what CheckOptionStore needs of a store; *umls.Store
// implements it.
type InfoStore interface {
	Info() (umls.Info, error)
}

// CheckOptionStore refuses a type-map option value (a Parse argument)
// naming a group of which store holds no concept (see checkStore).
func CheckOptionStore(store InfoStore, typeMap string) error {
	given, err := Given(typeMap)
	if err != nil || len(given) == 0 {
		return err
	}
	info, err := store.Info()
	if err != nil {
		return err
	}
	return checkStore(given, info.Groups)
}
