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

	"github.com/stress-ner/stress/umls"
)

// ErrTypeMap means a type map is malformed or names a group the store
// cannot serve.
var ErrTypeMap = errors.New("bad type map")

// Map maps entity types to semantic groups. Types are matched without
// regard to case: "CHEMICAL" and "chemical" are "Chemical".
type Map map[string][]string

// Default maps the entity labels of BC5CDR (Chemical, Disease),
// NCBI-disease (Disease, and its original SpecificDisease, DiseaseClass,
// Modifier, CompositeMention) and BC4CHEMD (Chemical, and its original
// CHEMDNER classes) to semantic groups.
func Default() Map {
	m := Map{}
	for _, t := range []string{"Chemical", "Chemicals", "Drug", "ABBREVIATION", "FAMILY", "FORMULA",
		"IDENTIFIER", "MULTIPLE", "SYSTEMATIC", "TRIVIAL", "NO CLASS"} {
		m[t] = []string{"CHEM"}
	}
	for _, t := range []string{"Disease", "Diseases", "SpecificDisease", "DiseaseClass", "Modifier", "CompositeMention"} {
		m[t] = []string{"DISO"}
	}
	return m
}

// None is the value of Parse that starts from an empty map instead of
// Default: "none" alone maps nothing, "none,Gene=GENE" only Gene.
const None = "none"

// Parse parses "Chemical=CHEM,Disease=DISO" (several groups of a type
// joined by "+": "Disease=DISO+ANAT") into Default with these items
// added: an item replaces the default groups of its type (matched
// without regard to case) and keeps the others. A first item "none"
// starts from an empty map. An empty string gives Default. A type with
// a space or control character, a type given twice (in any case) and a
// group given twice for one type are errors. Errors wrap ErrTypeMap and
// name the item.
func Parse(s string) (Map, error) {
	m := Default()
	items := strings.Split(s, ",")
	if strings.TrimSpace(s) == "" {
		return m, nil
	}
	if strings.EqualFold(strings.TrimSpace(items[0]), None) {
		m, items = Map{}, items[1:]
	}
	given := map[string]string{} // types of s, lower-cased, to their item
	for _, item := range items {
		typ, groups, ok := strings.Cut(strings.TrimSpace(item), "=")
		typ = strings.TrimSpace(typ)
		if !ok || typ == "" || strings.TrimSpace(groups) == "" {
			if strings.EqualFold(strings.TrimSpace(item), None) {
				return nil, fmt.Errorf("%w: %q only as the first item (it clears the defaults)", ErrTypeMap, None)
			}
			return nil, fmt.Errorf("%w: item %q (want TYPE=GROUP[+GROUP])", ErrTypeMap, item)
		}
		// A type the corpora cannot hold, or one given twice (the last
		// would win), is a mistake said now, not a map that silently
		// maps nothing.
		if strings.ContainsFunc(typ, unicode.IsSpace) || strings.ContainsFunc(typ, unicode.IsControl) {
			return nil, fmt.Errorf("%w: item %q: an entity type has no spaces or control characters", ErrTypeMap, item)
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

// CheckStore reports, wrapping ErrTypeMap, a group of given (the
// items the user gave, not the defaults) of which the store holds no
// concept: a type mapped to it could never be served, and the set would
// silently be a copy of its input. have is the store's concepts per
// group (umls.Info.Groups).
func CheckStore(given Map, have map[string]int) error {
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
// defaults: what CheckStore checks.
func Given(s string) (Map, error) {
	if strings.TrimSpace(s) == "" {
		return Map{}, nil
	}
	items := strings.Split(s, ",")
	if strings.EqualFold(strings.TrimSpace(items[0]), None) {
		items = items[1:]
	}
	return Parse(strings.Join(append([]string{None}, items...), ","))
}

// InfoStore is what CheckOptionStore needs of a store; *umls.Store
// implements it.
type InfoStore interface {
	Info() (umls.Info, error)
}

// CheckOptionStore refuses a type-map option value (a Parse argument)
// naming a group of which store holds no concept (see CheckStore).
func CheckOptionStore(store InfoStore, typeMap string) error {
	given, err := Given(typeMap)
	if err != nil || len(given) == 0 {
		return err
	}
	info, err := store.Info()
	if err != nil {
		return err
	}
	return CheckStore(given, info.Groups)
}
