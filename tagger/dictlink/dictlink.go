// Package dictlink holds the two baselines of the concept-id and
// relation levels (stress run --level): a dictionary normaliser learned
// from a training corpus (each mention text, normalised, maps to the
// concept id its training mentions of the type have most often) and a
// sentence co-occurrence relation extractor (every chemical and disease
// id that share a sentence make a CID pair).
//
// They show what the stress sets measure without a user's system: a
// dictionary normaliser loses the id of a name it never saw (a synonym,
// a typo inside a mention, a swapped-in name), and co-occurrence does
// not read the context at all, so typos outside the mentions leave it
// unchanged while each lost id loses its pairs. A System runs them on
// documents, finding mentions itself (dictionary matching, longest
// first) or taking the document's own (the gold mentions: the
// normaliser alone).
package dictlink

import (
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll/standoff"
	"github.com/stress-ner/stress/umls"
)

// Key is the form in which mention texts are compared: umls.Normalize
// (case folded, dashes unified, the corpus's tokenization irrelevant),
// punctuation made a word boundary, and each word's plural ending
// removed (see singular): "Beta-Blockers", "beta blocker" and
// "beta-blocker" meet.
func Key(text string) string {
	n := umls.Normalize(text)
	words := strings.FieldsFunc(n, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r))
	})
	for i, w := range words {
		words[i] = singular(w)
	}
	return strings.Join(words, " ")
}

// pluralRules turn a plural word into its singular, in order; a word of
// four letters or fewer, or that ends in none of them, stays.
var pluralRules = []struct{ suffix, repl string }{
	{"ies", "y"},   // arrhythmias stays (below); therapies -> therapy
	{"sses", "ss"}, // abscesses -> abscess
	{"xes", "x"},
	{"ches", "ch"},
	{"shes", "sh"},
	{"ss", "ss"}, // abscess, illness: not plurals
	{"us", "us"}, // stenosis... virus, tetanus
	{"is", "is"}, // nephritis, psoriasis
	{"s", ""},    // seizures -> seizure, tumors -> tumor
}

// singular returns the singular of a plural word by pluralRules.
func singular(w string) string {
	if utf8.RuneCountInString(w) <= 4 {
		return w
	}
	for _, r := range pluralRules {
		if strings.HasSuffix(w, r.suffix) {
			return strings.TrimSuffix(w, r.suffix) + r.repl
		}
	}
	return w
}

// Dictionary maps mention keys to concept ids, per type.
type Dictionary struct {
	ids    map[string]map[string]string // type -> key -> id
	counts map[string]map[string]int    // type -> key -> mentions with that key
	// MaxWords is the longest key, in words, a System looks for.
	MaxWords int
}

// Learn builds a Dictionary from the annotations of docs that have a
// concept id (composite ids as written, "-1" and empty ids left out):
// each key takes its most frequent id, the smallest id in byte order
// on a tie, so that the same training corpus gives the same dictionary.
// Documents whose id skip reports true are left out (those of the test
// corpus: a training file may hold them).
func Learn(docs []*standoff.Document, skip func(id string) bool) *Dictionary {
	freq := map[string]map[string]map[string]int{} // type -> key -> id -> count
	d := &Dictionary{ids: map[string]map[string]string{}, counts: map[string]map[string]int{}}
	for _, doc := range docs {
		if skip != nil && skip(doc.ID) {
			continue
		}
		for pi := range doc.Passages {
			for _, a := range doc.Passages[pi].Annotations {
				id := annotationID(&a)
				k := Key(a.Text)
				if id == "" || k == "" {
					continue
				}
				if freq[a.Type] == nil {
					freq[a.Type] = map[string]map[string]int{}
					d.counts[a.Type] = map[string]int{}
				}
				if freq[a.Type][k] == nil {
					freq[a.Type][k] = map[string]int{}
				}
				freq[a.Type][k][id]++
				d.counts[a.Type][k]++
				d.MaxWords = max(d.MaxWords, strings.Count(k, " ")+1)
			}
		}
	}
	for typ, keys := range freq {
		d.ids[typ] = map[string]string{}
		for k, ids := range keys {
			best, n := "", 0
			for id, c := range ids {
				if c > n || c == n && id < best {
					best, n = id, c
				}
			}
			d.ids[typ][k] = best
		}
	}
	return d
}

// idKeys are the infon keys of a concept id: PubTator's id column as
// conll/pubtator reads it, the CDR BioC release's "MESH", PubTator
// Central's "identifier".
var idKeys = []string{"identifier", "MESH", "mesh"}

// annotationID returns a's concept id, "" when it has none.
func annotationID(a *standoff.Annotation) string {
	for _, k := range idKeys {
		if v := a.Infon(k); v != "" && v != "-1" && v != "-" {
			return v
		}
	}
	return ""
}

// Types returns the types the dictionary knows, sorted.
func (d *Dictionary) Types() []string {
	out := make([]string, 0, len(d.ids))
	for t := range d.ids {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

// Len returns the number of keys of type typ.
func (d *Dictionary) Len(typ string) int { return len(d.ids[typ]) }

// Lookup returns the id of a mention text of type typ, and whether the
// dictionary knows it.
func (d *Dictionary) Lookup(typ, text string) (string, bool) {
	id, ok := d.ids[typ][Key(text)]
	return id, ok
}

// bestType returns the type whose training mentions have key most
// often, and its id; ok is false when no type has it.
func (d *Dictionary) bestType(key string) (typ, id string, ok bool) {
	n := 0
	for _, t := range d.Types() {
		if c := d.counts[t][key]; c > n {
			typ, id, n = t, d.ids[t][key], c
		}
	}
	return typ, id, n > 0
}

// Convention is how a system writes its ids and relations, as the CDR
// kit reads them.
type Convention int

const (
	// PubTator writes an id as the annotation's id column and a pair as
	// a relation line PMID, CID, chemical, disease.
	PubTator Convention = iota
	// BioC writes an id as the infon "MESH" and a pair as a document
	// relation with the infons "relation", "Chemical" and "Disease", as
	// the CDR corpus's BioC release does (the kit reads no other names).
	BioC
)

// System is the baseline pipeline: mentions, their ids by the
// dictionary, and sentence co-occurrence pairs.
type System struct {
	Dict *Dictionary
	// GoldMentions takes each document's own annotations (of one span)
	// as the mentions, so that only ids and relations are predicted;
	// otherwise the dictionary finds the mentions in the text, the
	// longest match first.
	GoldMentions bool
	// Chemical, Disease and Relation are the types a pair joins and
	// its type: "Chemical", "Disease", "CID" when empty.
	Chemical, Disease, Relation string
	// Convention is how ids and pairs are written.
	Convention Convention
}

// mention is one mention a System predicts.
type mention struct {
	span     standoff.Span
	passage  int
	typ, id  string // id "" when the dictionary does not know it
	sentence int    // index of its sentence in the document
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// Annotate returns what the system predicts for doc: its id, passages
// and texts, with the system's annotations and relations only.
func (s *System) Annotate(doc *standoff.Document) *standoff.Document {
	chem, dis, rel := orDefault(s.Chemical, "Chemical"), orDefault(s.Disease, "Disease"), orDefault(s.Relation, "CID")
	var ms []mention
	nsent := 0
	for pi := range doc.Passages {
		p := &doc.Passages[pi]
		rs := []rune(p.Text)
		var cuts []int
		var keep []standoff.Span
		var gold []standoff.Annotation
		if s.GoldMentions {
			for _, a := range p.Annotations {
				if len(a.Locations) == 1 {
					gold = append(gold, a)
					keep = append(keep, a.Locations[0])
					cuts = append(cuts, a.Locations[0].Start, a.Locations[0].End)
				}
			}
		}
		sents := standoff.Segment(p.Text, p.Offset, cuts, keep)
		sentenceOf := func(sp standoff.Span) int {
			for i, toks := range sents {
				if len(toks) > 0 && sp.Start >= toks[0].Start && sp.Start < toks[len(toks)-1].End {
					return nsent + i
				}
			}
			return nsent + max(len(sents)-1, 0)
		}
		if s.GoldMentions {
			for _, a := range gold {
				id, _ := s.Dict.Lookup(a.Type, a.Text)
				ms = append(ms, mention{span: a.Locations[0], passage: pi, typ: a.Type, id: id, sentence: sentenceOf(a.Locations[0])})
			}
		} else {
			for i, toks := range sents {
				ms = append(ms, s.find(rs, p.Offset, toks, pi, nsent+i)...)
			}
		}
		nsent += len(sents)
	}
	return s.document(doc, ms, chem, dis, rel)
}

// find returns the dictionary's mentions in a sentence of tokens toks
// of a passage whose text is rs at offset off: at each token, the
// longest run of tokens whose text is a key of some type, starting and
// ending with a word, then on after it.
func (s *System) find(rs []rune, off int, toks []standoff.Token, passage, sentence int) []mention {
	var out []mention
	maxToks := 3*s.Dict.MaxWords + 2
	for i := 0; i < len(toks); {
		found := false
		if isWord(rs, toks[i], off) {
			for n := min(maxToks, len(toks)-i); n >= 1; n-- {
				last := toks[i+n-1]
				if !isWord(rs, last, off) {
					continue
				}
				text := string(rs[toks[i].Start-off : last.End-off])
				typ, id, ok := s.Dict.bestType(Key(text))
				if !ok {
					continue
				}
				out = append(out, mention{span: standoff.Span{Start: toks[i].Start, End: last.End}, passage: passage, typ: typ, id: id, sentence: sentence})
				i += n
				found = true
				break
			}
		}
		if !found {
			i++
		}
	}
	return out
}

func isWord(rs []rune, t standoff.Token, off int) bool {
	r := rs[t.Start-off]
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// document builds the predicted document of doc from its mentions: an
// annotation each, and a pair of type rel for every chemical id and
// disease id that share a sentence (each id of a composite), once per
// document, in the order they first co-occur.
func (s *System) document(doc *standoff.Document, ms []mention, chem, dis, rel string) *standoff.Document {
	out := &standoff.Document{ID: doc.ID, Infons: doc.Infons}
	if s.Convention == BioC {
		out.Extra = doc.Extra // the collection's header
	}
	for _, p := range doc.Passages {
		out.Passages = append(out.Passages, standoff.Passage{Offset: p.Offset, Text: p.Text, Infons: p.Infons})
	}
	idKey := "identifier"
	if s.Convention == BioC {
		idKey = "MESH"
	}
	for k, m := range ms {
		p := &out.Passages[m.passage]
		text, _ := doc.TextAt(m.span)
		id := m.id
		if id == "" {
			id = "-1"
		}
		a := standoff.Annotation{Type: m.typ, Locations: []standoff.Span{m.span}, Text: text, Infons: []standoff.Infon{{Key: idKey, Value: id}}}
		if s.Convention == BioC {
			a.ID = itoa(k)
		}
		p.Annotations = append(p.Annotations, a)
	}
	seen := map[[2]string]bool{}
	for _, c := range ms {
		if c.typ != chem || c.id == "" {
			continue
		}
		for _, d := range ms {
			if d.typ != dis || d.id == "" || d.sentence != c.sentence {
				continue
			}
			for _, ci := range strings.Split(c.id, "|") {
				for _, di := range strings.Split(d.id, "|") {
					pair := [2]string{ci, di}
					if ci == "-1" || di == "-1" || seen[pair] {
						continue
					}
					seen[pair] = true
					out.Relations = append(out.Relations, s.relation(rel, ci, di, len(out.Relations)))
				}
			}
		}
	}
	return out
}

func (s *System) relation(typ, chem, dis string, n int) standoff.Relation {
	if s.Convention == BioC {
		return standoff.Relation{ID: "R" + itoa(n), Type: typ, Infons: []standoff.Infon{{Key: "relation", Value: typ}, {Key: "Chemical", Value: chem}, {Key: "Disease", Value: dis}}}
	}
	return standoff.Relation{Type: typ, Infons: []standoff.Infon{{Key: "arg1", Value: chem}, {Key: "arg2", Value: dis}}}
}

func itoa(n int) string { return strconv.Itoa(n) }
