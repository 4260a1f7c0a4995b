package entityswap

import "slices"

// The policy on a drawn name against what its unit already names. A
// unit is the sentence, or with per-document the document (documentSwap):
// a new concept the unit names elsewhere would make the text name one
// concept for two different original ones, and the gold ids and
// relations that follow the names (conll/standoff) would conflate them
// (CDR dev PMID 6794356: "neurologic depression" became "atrial flutter"
// in an abstract about atrial flutter). So the swaps of a unit map its
// concepts one to one onto concepts it does not name.

// unitNames is what a unit names and what its swaps introduced so far.
type unitNames struct {
	concepts   map[string]bool   // the store concepts of its gold mentions
	names      map[string]bool   // the Keys of its gold mentions
	introduced map[string]string // a concept a swap introduced -> the key of the concept it replaced
}

func newUnitNames() *unitNames {
	return &unitNames{concepts: map[string]bool{}, names: map[string]bool{}, introduced: map[string]string{}}
}

// introduce records that a swap of the concept of key old introduced id.
func (u *unitNames) introduce(id, old string) {
	if _, ok := u.introduced[id]; !ok {
		u.introduced[id] = old
	}
}

// candidate is a drawn name as replacementRules see it.
type candidate struct {
	n       name
	ids     []string // the concepts it names: its own, and the store's for its text once rendered
	keys    []string // its Keys: the name's, and the text's once rendered (a plural)
	mention string   // the mention as written
	target  *target
	unit    *unitNames
}

// replacementRules are the rules a drawn name must pass to replace a
// mention, in order: the first that rejects it names why. Each has
// table tests (TestReplacementRules).
var replacementRules = []struct {
	name    string
	rejects func(c *candidate) bool
}{
	// The round trip: a name of the mention's own concept swaps nothing.
	{"names the mention's concept", func(c *candidate) bool {
		return c.n.key == Key(c.mention) || slices.ContainsFunc(c.ids, func(id string) bool { return slices.Contains(c.target.mine, id) })
	}},
	// A concept another mention of the unit names ("atrial flutter" for
	// "neurologic depression" where the abstract names atrial flutter).
	{"names a concept of its unit", func(c *candidate) bool {
		return slices.ContainsFunc(c.ids, func(id string) bool { return c.unit.concepts[id] }) ||
			slices.ContainsFunc(c.keys, func(k string) bool { return c.unit.names[k] })
	}},
	// A concept a swap of another concept of the unit introduced: the
	// unit's swaps are one to one.
	{"names another swap's new concept", func(c *candidate) bool {
		return slices.ContainsFunc(c.ids, func(id string) bool {
			old, ok := c.unit.introduced[id]
			return ok && old != c.target.key
		})
	}},
}

// rejectedBy returns the name of the first of replacementRules that
// rejects c, or "" when all pass it.
func rejectedBy(c *candidate) string {
	for _, r := range replacementRules {
		if r.rejects(c) {
			return r.name
		}
	}
	return ""
}
