package standoff

import (
	"reflect"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
)

// TestParseConceptID: the namespace rules, one case or more each.
func TestParseConceptID(t *testing.T) {
	for _, c := range []struct {
		id, rule string
		want     conceptID
		ok       bool
	}{
		{"D003042", "MeSH descriptor (bare)", conceptID{ns: "MESH", local: "D003042"}, true},
		{"C069541", "MeSH supplementary concept (bare)", conceptID{ns: "MESH", local: "C069541"}, true},
		{"D000069279", "MeSH, nine digits", conceptID{ns: "MESH", local: "D000069279"}, true},
		{"C0011849", "UMLS CUI (bare)", conceptID{ns: "UMLS", local: "C0011849"}, true},
		{"MESH:D003042", "prefixed", conceptID{ns: "MESH", prefix: "MESH", local: "D003042"}, true},
		{"MeSH:D003042", "prefix in any case", conceptID{ns: "MESH", prefix: "MeSH", local: "D003042"}, true},
		{"MSH:D003042", "alias", conceptID{ns: "MESH", prefix: "MSH", local: "D003042"}, true},
		{"UMLS:C0011849", "prefixed CUI", conceptID{ns: "UMLS", prefix: "UMLS", local: "C0011849"}, true},
		{"CHEBI:6916", "another namespace", conceptID{ns: "CHEBI", prefix: "CHEBI", local: "6916"}, true},
		{"D006470|D003556", "composite", conceptID{ns: "MESH"}, true},
		{"MESH:D1,MESH:D2", "composite, comma", conceptID{ns: "MESH", prefix: "MESH"}, true},
		{"D006470|CHEBI:1", "composite of two namespaces", conceptID{}, false},
		{"MESH:D1|D2", "composite in two forms", conceptID{}, false},
		{"-1", "no id", conceptID{}, false},
		{"", "no id", conceptID{}, false},
		{"5005", "a bare number: namespace unknown", conceptID{}, false},
		{"D12345", "not a MeSH shape", conceptID{}, false},
		{"1X:2", "not a prefix", conceptID{}, false},
		{"MESH:", "no local id", conceptID{}, false},
		{"MESH:D1 x", "a space", conceptID{}, false},
	} {
		got, ok := parseConceptID(c.id)
		if got != c.want || ok != c.ok {
			t.Errorf("%s (%s): %+v %v, want %+v %v", c.id, c.rule, got, ok, c.want, c.ok)
		}
	}
}

// TestSwapInfons: a swapped mention's ids take the new concept in their
// own namespace and form, or NoID; its other infons stay, but a
// composite's individual mentions go. The old id never stays.
func TestSwapInfons(t *testing.T) {
	mesh := conceptID{ns: "MESH"}
	for _, c := range []struct {
		name     string
		in       []Infon
		from, to string
		fallback conceptID
		want     []Infon
	}{
		{"CDR PubTator: MeSH for MeSH", []Infon{{"identifier", "D003042"}}, "DOID:1", "MESH:D013747", conceptID{},
			[]Infon{{"identifier", "D013747"}}},
		{"CDR PubTator: ChEBI has no MeSH id", []Infon{{"identifier", "D003042"}}, "MESH:D003042", "CHEBI:4646", conceptID{},
			[]Infon{{"identifier", NoID}}},
		{"Disease Ontology has no MeSH id", []Infon{{"identifier", "D003042"}}, "DOID:1", "DOID:2", conceptID{},
			[]Infon{{"identifier", NoID}}},
		{"UMLS store, MeSH corpus", []Infon{{"identifier", "D003042"}}, "C0009170", "C0011849", conceptID{},
			[]Infon{{"identifier", NoID}}},
		{"UMLS store, CUI corpus", []Infon{{"identifier", "C0009170"}}, "C0009170", "C0011849", conceptID{},
			[]Infon{{"identifier", "C0011849"}}},
		{"PubTator Central: prefix kept", []Infon{{"identifier", "MESH:D003042"}}, "", "MESH:D013747", conceptID{},
			[]Infon{{"identifier", "MESH:D013747"}}},
		{"prefix as written", []Infon{{"type", "Chemical"}, {"identifier", "MeSH:D003042"}}, "", "MESH:D013747", conceptID{},
			[]Infon{{"type", "Chemical"}, {"identifier", "MeSH:D013747"}}},
		{"ChEBI corpus", []Infon{{"identifier", "CHEBI:1"}}, "", "CHEBI:6916", conceptID{},
			[]Infon{{"identifier", "CHEBI:6916"}}},
		{"CDR BioC keys its ids MESH", []Infon{{"MESH", "D003042"}, {"note", "x"}}, "", "MESH:D013747", conceptID{},
			[]Infon{{"MESH", "D013747"}, {"note", "x"}}},
		{"NCBI Gene id: namespace unknown", []Infon{{"identifier", "5005"}}, "", "MESH:D013747", conceptID{},
			[]Infon{{"identifier", NoID}}},
		{"composite: one id, individual mentions dropped",
			[]Infon{{"identifier", "D006470|D003556"}, {"column7", "Hemorrhagic|cystitis"}}, "", "MESH:D058186", conceptID{},
			[]Infon{{"identifier", "D058186"}}},
		{"no id: the document's form", []Infon{{"identifier", "-1"}}, "", "MESH:D058186", mesh,
			[]Infon{{"identifier", "D058186"}}},
		{"no id, no form known", []Infon{{"identifier", "-1"}}, "", "MESH:D058186", conceptID{},
			[]Infon{{"identifier", "-1"}}},
		{"no id, another namespace", []Infon{{"identifier", "-1"}}, "", "CHEBI:1", mesh,
			[]Infon{{"identifier", "-1"}}},
		{"an infon that holds the old concept", []Infon{{"concept", "MESH:D003042"}}, "MESH:D003042", "MESH:D013747", conceptID{},
			[]Infon{{"concept", "MESH:D013747"}}},
		{"no id infon", []Infon{{"note", "x"}}, "MESH:D1", "MESH:D2", conceptID{}, []Infon{{"note", "x"}}},
		{"an id of unknown shape, the old concept's", []Infon{{"identifier", "5005"}}, "NCBIGENE:5005", "NCBIGENE:7157", conceptID{},
			[]Infon{{"identifier", "7157"}}},
	} {
		in := append([]Infon(nil), c.in...)
		got, ok := swapInfons(in, conll.ConceptSwap{From: c.from, To: c.to}, c.fallback)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
		if ok != !reflect.DeepEqual(c.in, c.want) {
			t.Errorf("%s: changed = %v", c.name, ok)
		}
		if !reflect.DeepEqual(in, c.in) {
			t.Errorf("%s: the input infons changed: %v", c.name, in)
		}
	}
}

// TestIDForm: a mention without id takes the form of the document's
// other mentions of its type.
func TestIDForm(t *testing.T) {
	d := &Document{Passages: []Passage{{Annotations: []Annotation{
		{Type: "Disease", Infons: []Infon{{"identifier", "-1"}}},
		{Type: "Chemical", Infons: []Infon{{"identifier", "MESH:D1"}}},
		{Type: "Disease", Infons: []Infon{{"identifier", "D003042"}}},
		{Type: "Gene", Infons: []Infon{{"identifier", "5005"}}},
	}}}}
	for typ, want := range map[string]conceptID{
		"Disease":  {ns: "MESH", local: "D003042"},
		"Chemical": {ns: "MESH", prefix: "MESH", local: "D1"},
		"Gene":     {},
		"Species":  {},
	} {
		if got := idForm(d, typ); got != want {
			t.Errorf("%s: %+v, want %+v", typ, got, want)
		}
	}
}

// FuzzSwapInfons: whatever the ids, a swapped mention's id is NoID, the
// no-id value it had, or the new concept's id in the namespace of the
// old one (or of the document's); other infons stay.
func FuzzSwapInfons(f *testing.F) {
	for _, c := range [][3]string{
		{"D003042", "DOID:1", "MESH:D013747"}, {"D003042", "", "CHEBI:4646"}, {"MESH:D003042", "MESH:D003042", "MESH:D2"},
		{"-1", "", "MESH:D058186"}, {"D006470|D003556", "", "MESH:D1"}, {"C0011849", "", "C0009170"}, {"", "", ""},
	} {
		f.Add(c[0], c[1], c[2], false)
	}
	f.Fuzz(func(t *testing.T, old, from, to string, meshDoc bool) {
		var fallback conceptID
		if meshDoc {
			fallback = conceptID{ns: "MESH"}
		}
		in := []Infon{{"identifier", old}, {"type", "Chemical"}}
		out, _ := swapInfons(in, conll.ConceptSwap{From: from, To: to}, fallback)
		if len(out) != 2 || out[1] != in[1] || out[0].Key != "identifier" || in[0].Value != old {
			t.Fatalf("%v -> %v", in, out)
		}
		v := out[0].Value
		if v == NoID || v == old && noIDs()[old] {
			return
		}
		// The new concept's id, bare or with a prefix of its namespace.
		want, ok := parseConceptID(to)
		p, local, prefixed := strings.Cut(v, ":")
		if !ok || want.local == "" || !prefixed && v != want.local ||
			prefixed && (local != want.local || !reflect.DeepEqual(conceptID{ns: want.ns, prefix: p, local: local}, mustParse(v))) {
			t.Fatalf("%q (%s -> %s): %q", old, from, to, v)
		}
		// The old id stays only when it names the new concept.
		if o, ok := parseConceptID(old); v == old && !(ok && o.local == want.local) {
			t.Fatalf("%q (%s -> %s): kept", old, from, to)
		}
		if strings.ContainsAny(v, "\t\n") {
			t.Fatalf("%q", v)
		}
	})
}

func mustParse(id string) conceptID {
	c, _ := parseConceptID(id)
	return c
}

// TestFollowRelations: relationFollowRules, one case or more each.
func TestFollowRelations(t *testing.T) {
	cid := func(id, a, b string) Relation {
		return Relation{ID: id, Type: "CID", Infons: []Infon{{"arg1", a}, {"arg2", b}}}
	}
	bioc := func(a, b string) Relation {
		return Relation{ID: "R0", Type: "CID", Infons: []Infon{{"relation", "CID"}, {"Chemical", a}, {"Disease", b}}}
	}
	for _, c := range []struct {
		name string
		rels []Relation
		to   map[string][]string
		kept []string
		want []Relation
	}{
		{"untouched", []Relation{cid("", "D000001", "D000002")}, map[string][]string{"MESH:D000009": {"MESH:D000008"}}, []string{"MESH:D000001", "MESH:D000002"},
			[]Relation{cid("", "D000001", "D000002")}},
		{"moved to the new name, in the argument's form", []Relation{cid("", "D000001", "D000002")}, map[string][]string{"MESH:D000001": {"MESH:D000007"}}, []string{"MESH:D000002"},
			[]Relation{cid("", "D000007", "D000002")}},
		{"prefixed arguments", []Relation{cid("", "MESH:D000001", "MESH:D000002")}, map[string][]string{"MESH:D000001": {"MESH:D000007"}}, []string{"MESH:D000002"},
			[]Relation{cid("", "MESH:D000007", "MESH:D000002")}},
		{"kept while named, and moved", []Relation{cid("", "D000001", "D000002")}, map[string][]string{"MESH:D000001": {"MESH:D000007"}}, []string{"MESH:D000001", "MESH:D000002"},
			[]Relation{cid("", "D000001", "D000002"), cid("", "D000007", "D000002")}},
		{"two new names", []Relation{cid("", "D000001", "D000002")}, map[string][]string{"MESH:D000001": {"MESH:D000007", "MESH:D000008"}}, []string{"MESH:D000002"},
			[]Relation{cid("", "D000007", "D000002"), cid("", "D000008", "D000002")}},
		{"a new concept of another namespace: no pair", []Relation{cid("", "D000001", "D000002")}, map[string][]string{"MESH:D000001": {"CHEBI:5"}}, []string{"MESH:D000002"},
			nil},
		{"both arguments renamed", []Relation{cid("", "D000001", "D000002")}, map[string][]string{"MESH:D000001": {"MESH:D000007"}, "MESH:D000002": {"MESH:D000008"}}, nil,
			[]Relation{cid("", "D000007", "D000008")}},
		{"a pair already there once", []Relation{cid("", "D000001", "D000002"), cid("", "D000007", "D000002")}, map[string][]string{"MESH:D000001": {"MESH:D000007"}}, []string{"MESH:D000002", "MESH:D000007"},
			[]Relation{cid("", "D000007", "D000002")}},
		{"BioC CDR infons, ids of the copies", []Relation{bioc("D000001", "D000002")}, map[string][]string{"MESH:D000001": {"MESH:D000007"}}, []string{"MESH:D000001", "MESH:D000002"},
			[]Relation{bioc("D000001", "D000002"), func() Relation { r := bioc("D000007", "D000002"); r.ID = "R0.1"; return r }()}},
	} {
		rn := &renames{to: c.to, kept: map[string]bool{}}
		for _, k := range c.kept {
			rn.kept[k] = true
		}
		got, changes := followRelations(c.rels, rn)
		if !reflect.DeepEqual(got, c.want) && !(len(got) == 0 && len(c.want) == 0) {
			t.Errorf("%s:\n got %+v\nwant %+v", c.name, got, c.want)
		}
		if same := reflect.DeepEqual(got, c.rels); same != (len(changes) == 0) {
			t.Errorf("%s: %d changes for a result the same as the input: %v", c.name, len(changes), same)
		}
	}
}
