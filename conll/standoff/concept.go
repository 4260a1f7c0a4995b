package standoff

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/stress-ner/stress/conll"
)

// NoID is the concept id a writer gives a mention swapped for a concept
// that has no id in the corpus's namespace (a ChEBI concept in a corpus
// of MeSH ids): "-1", as the CDR and NCBI-disease corpora mark a mention
// without a concept id in PubTator and BioC. The brat writer drops the
// normalisation note instead (brat has no such marker). An entity swap
// must not leave the old concept's id on a new name, and a concept of
// another namespace, written in a column of MeSH ids, would read as one
// the corpus never uses.
const NoID = "-1"

// conceptID is a concept id as a corpus writes it: "D003042" (bare),
// "MESH:D003042" or "MeSH:D003042" (prefixed), "D006470|D003556" (a
// composite mention's ids).
type conceptID struct {
	ns     string // namespace, canonical (MESH, UMLS, CHEBI, ...); "" when unknown
	prefix string // the prefix as written ("MeSH"); "" for a bare id
	local  string // the id without its prefix; "" for a composite
}

// noIDs are the values that say a mention has no concept id.
var noIDs = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"": true, NoID: true, "-": true}
})

// bareIDs are the ids a corpus writes without a namespace prefix, and
// the namespaces their shape tells.
var bareIDs = []struct {
	name  string // the rule, for tests
	ns    string
	match func(string) bool
}{
	// D003042, C069541; post-2018 MeSH ids have nine digits (D000069279).
	{"MeSH descriptor or supplementary concept", "MESH", func(s string) bool {
		return len(s) > 1 && (s[0] == 'D' || s[0] == 'C') && digits(s[1:]) && (len(s) == 7 || len(s) == 10)
	}},
	// C0011849: a UMLS store's concept ids (stress umls import).
	{"UMLS CUI", "UMLS", func(s string) bool { return len(s) == 8 && s[0] == 'C' && digits(s[1:]) }},
}

// namespaceAliases are prefixes that name one namespace in several
// spellings, upper case; any other prefix is its own namespace, in any
// case.
var namespaceAliases = sync.OnceValue(func() map[string]string {
	return map[string]string{"MSH": "MESH", "CUI": "UMLS", "UMLS_CUI": "UMLS"}
})

func digits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// parseConceptID reads id; ok is false for no id (see noIDs) and for an
// id whose namespace is unknown (a bare number), or a composite whose
// ids are of several namespaces or written in several forms.
func parseConceptID(id string) (conceptID, bool) {
	if noIDs()[id] {
		return conceptID{}, false
	}
	if parts := strings.FieldsFunc(id, func(r rune) bool { return r == '|' || r == ',' }); len(parts) > 1 {
		var c conceptID
		for i, p := range parts {
			x, ok := parseConceptID(p)
			if !ok || i > 0 && (x.ns != c.ns || x.prefix != c.prefix) {
				return conceptID{}, false
			}
			c = x
		}
		c.local = ""
		return c, true
	}
	if p, local, ok := strings.Cut(id, ":"); ok {
		if !prefixName(p) || local == "" || strings.ContainsAny(local, " \t\n:|,") {
			return conceptID{}, false
		}
		ns := strings.ToUpper(p)
		if a, ok := namespaceAliases()[ns]; ok {
			ns = a
		}
		return conceptID{ns: ns, prefix: p, local: local}, true
	}
	for _, b := range bareIDs {
		if b.match(id) {
			return conceptID{ns: b.ns, local: id}, true
		}
	}
	return conceptID{}, false
}

// prefixName reports whether p can be a namespace prefix: a letter, then
// letters, digits, '_' or '.'.
func prefixName(p string) bool {
	for i, r := range p {
		letter := 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
		if !letter && (i == 0 || !(r == '_' || r == '.' || '0' <= r && r <= '9')) {
			return false
		}
	}
	return p != ""
}

// inForm returns the id of concept to written as form writes ids, or
// NoID when to is not of form's namespace.
func inForm(form conceptID, to string) string {
	t, ok := parseConceptID(to)
	if !ok || t.local == "" || form.ns == "" || t.ns != form.ns {
		return NoID
	}
	if form.prefix != "" {
		return form.prefix + ":" + t.local
	}
	return t.local
}

// Rules for the infons of a mention an entity swap replaced by a name of
// another concept, by infon key (any case): its concept ids take the new
// concept's id in their namespace (see swapInfons), and infons that
// describe the old mention's parts go.
var swapInfonRules = []struct {
	name string
	keys []string
	drop bool
}{
	// PubTator's id column and brat's normalisation notes (as the
	// readers name them), PubTator Central's BioC; the CDR corpus's
	// BioC release keys its ids "MESH".
	{"concept id", []string{"identifier", "mesh", "msh", "cui", "umls"}, false},
	// PubTator's seventh column, the individual mentions of a composite
	// mention ("Hemorrhagic|cystitis" of "Hemorrhagic cystitis",
	// D006470|D003556): the new name is one mention of one concept.
	{"individual mentions", []string{"column7"}, true},
}

// swapRule returns the rule of swapInfonRules for key, or -1.
func swapRule(key string) int {
	for i, r := range swapInfonRules {
		for _, k := range r.keys {
			if strings.EqualFold(k, key) {
				return i
			}
		}
	}
	return -1
}

// swapInfons returns the infons of a mention swapped for concept c.To
// (c.From: the concept the swap found for the old name, as the change
// log records it): every concept id infon (see swapInfonRules, or any
// infon whose value is c.From) takes c.To in the namespace and form of
// the id it held (MESH:D013747 is D013747 where the corpus writes
// D003042), or NoID when c.To is of another namespace. An id whose
// namespace its shape does not tell (see parseConceptID) is in c.From's
// when it is c.From without its prefix; an id infon without an id ("-1")
// takes c.To in the form of fallback (the ids of the document's other
// mentions of the type). Infons that describe the old mention's parts
// are dropped. ok reports whether anything changed.
func swapInfons(infons []Infon, c conll.ConceptSwap, fallback conceptID) ([]Infon, bool) {
	var out []Infon
	changed := false
	for _, in := range infons {
		r := swapRule(in.Key)
		switch {
		case r >= 0 && swapInfonRules[r].drop:
			changed = true
			continue
		case r >= 0 || in.Value == c.From && c.From != "":
			form, ok := parseConceptID(in.Value)
			if !ok && noIDs()[in.Value] {
				form = fallback
			} else if f, fok := parseConceptID(c.From); !ok && fok && f.local == in.Value {
				form = conceptID{ns: f.ns, local: f.local}
			}
			v := inForm(form, c.To)
			if v == NoID && noIDs()[in.Value] {
				v = in.Value // no id before, none now: as written
			}
			if v != in.Value {
				in.Value = v
				changed = true
			}
		}
		out = append(out, in)
	}
	if !changed {
		return infons, false
	}
	return out, true
}

// idForm returns the form of the first concept id of a mention of type
// typ in d that has a known namespace (see parseConceptID), or the zero
// conceptID.
func idForm(d *Document, typ string) conceptID {
	for i := range d.Passages {
		for _, a := range d.Passages[i].Annotations {
			if a.Type != typ {
				continue
			}
			for _, in := range a.Infons {
				if r := swapRule(in.Key); r >= 0 && !swapInfonRules[r].drop {
					if c, ok := parseConceptID(in.Value); ok {
						return c
					}
				}
			}
		}
	}
	return conceptID{}
}

// conceptKey is the form in which concept ids are compared: namespace
// and local id ("MESH:D003042" for D003042, MESH:D003042 and
// MeSH:D003042), or the id as written when its namespace is unknown.
func conceptKey(id string) string {
	if c, ok := parseConceptID(id); ok && c.local != "" {
		return c.ns + ":" + c.local
	}
	return id
}

// mentionConcepts returns the keys of the concept ids an annotation's id
// infons carry (see swapInfonRules), a composite's each.
func mentionConcepts(a *Annotation) []string {
	var out []string
	for _, in := range a.Infons {
		if r := swapRule(in.Key); r < 0 || swapInfonRules[r].drop {
			continue
		}
		for _, id := range strings.FieldsFunc(in.Value, func(r rune) bool { return r == '|' || r == ',' }) {
			if !noIDs()[id] {
				out = append(out, conceptKey(id))
			}
		}
	}
	return out
}

// renames is what an entity swap did to a document's concepts: the new
// concepts (keys) that swapped mentions of each old concept took, in
// text order, and the concepts some mention still names.
type renames struct {
	to   map[string][]string
	kept map[string]bool
}

func (rn *renames) add(old, neu string) {
	if !slices.Contains(rn.to[old], neu) {
		rn.to[old] = append(rn.to[old], neu)
	}
}

// relationFollowRules say what becomes of a relation argument (an infon
// of a relation, other than its type, whose value is a concept id) when
// an entity swap renamed mentions of its concept X. A relation such as
// CDR's CID pair names concepts, not mentions: the text asserts it
// wherever it names them, so the gold follows the names the text now
// has. The arguments' alternatives are multiplied out, so a relation
// whose chemical and disease were both renamed becomes the pair of the
// new names; duplicates of a relation already there are left out.
var relationFollowRules = []struct {
	name string
	// alternatives returns the argument values that replace value (the
	// argument as written, of key X); nil drops what the rule adds.
	alternatives func(value, x string, rn *renames) []string
}{
	// Some mention still names X: the text still asserts the old pair.
	{"kept while named", func(value, x string, rn *renames) []string {
		if rn.kept[x] {
			return []string{value}
		}
		return nil
	}},
	// Each concept a mention of X became: the text now asserts the new
	// pair, written in the form of the argument (D013747 where it wrote
	// D003042). A concept without an id in the argument's namespace
	// (a ChEBI concept in MeSH pairs) makes no pair: the corpus cannot
	// name it, and "-1" pairs are no relation.
	{"moved to each new name", func(value, x string, rn *renames) []string {
		form, ok := parseConceptID(value)
		if !ok {
			form = conceptID{}
		}
		var out []string
		for _, neu := range rn.to[x] {
			if v := inForm(form, neu); v != NoID {
				out = append(out, v)
			}
		}
		return out
	}},
}

// relationChange is what became of one relation of a document whose
// mentions an entity swap renamed: its argument values before, and the
// relations (their argument values) it became: none when every mention
// of a concept it names took a concept the corpus has no id for.
type relationChange struct {
	Type   string
	Before []string
	After  [][]string
}

// followRelations returns rels as they follow rn: each relation with an
// argument whose concept an entity swap renamed becomes the relations
// relationFollowRules give, in its place; the others stay. changes says
// what became of each relation that changed.
func followRelations(rels []Relation, rn *renames) ([]Relation, []relationChange) {
	if len(rn.to) == 0 {
		return rels, nil
	}
	var out []Relation
	var changes []relationChange
	seen := map[string]bool{}
	sig := func(r Relation) string {
		var b strings.Builder
		b.WriteString(r.Type)
		for _, in := range r.Infons {
			b.WriteString("\x00" + in.Key + "\x01" + in.Value)
		}
		for _, n := range r.Nodes {
			b.WriteString("\x02" + n.RefID + "\x01" + n.Role)
		}
		return b.String()
	}
	for _, r := range rels {
		args := relationArgs(r, rn)
		if len(args) == 0 {
			if !seen[sig(r)] {
				seen[sig(r)] = true
				out = append(out, r)
			}
			continue
		}
		// The alternatives of each touched argument, multiplied out.
		alts := make([][]string, len(args))
		for k, i := range args {
			x := conceptKey(r.Infons[i].Value)
			for _, rule := range relationFollowRules {
				alts[k] = append(alts[k], rule.alternatives(r.Infons[i].Value, x, rn)...)
			}
		}
		change := relationChange{Type: r.Type, Before: argValues(r)}
		for _, combo := range product(alts) {
			nr := r
			nr.Infons = slices.Clone(r.Infons)
			for k, i := range args {
				nr.Infons[i].Value = combo[k]
			}
			if seen[sig(nr)] {
				continue
			}
			seen[sig(nr)] = true
			if n := len(change.After); n > 0 && r.ID != "" {
				nr.ID = fmt.Sprintf("%s.%d", r.ID, n)
			}
			change.After = append(change.After, argValues(nr))
			out = append(out, nr)
		}
		if len(change.After) != 1 || !slices.Equal(change.After[0], change.Before) {
			changes = append(changes, change)
		}
	}
	if len(changes) == 0 {
		return rels, nil
	}
	return out, changes
}

// relationArgs returns the indices of r's infons that name a concept rn
// renamed.
func relationArgs(r Relation, rn *renames) []int {
	var out []int
	for i, in := range r.Infons {
		if in.Key == "relation" || in.Key == "type" {
			continue
		}
		if _, ok := rn.to[conceptKey(in.Value)]; ok {
			out = append(out, i)
		}
	}
	return out
}

// argValues returns the values of r's infons other than its type.
func argValues(r Relation) []string {
	var out []string
	for _, in := range r.Infons {
		if in.Key != "relation" && in.Key != "type" {
			out = append(out, in.Value)
		}
	}
	return out
}

// product returns every choice of one element of each list, the first
// list's choice varying slowest; none when a list is empty.
func product(lists [][]string) [][]string {
	out := [][]string{nil}
	for _, l := range lists {
		var next [][]string
		for _, prefix := range out {
			for _, v := range l {
				next = append(next, append(slices.Clone(prefix), v))
			}
		}
		out = next
	}
	return out
}
