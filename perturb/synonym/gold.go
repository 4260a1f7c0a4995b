package synonym

import (
	_ "embed"
	"slices"
	"strings"
	"sync"

	"github.com/stress-ner/stress/internal/textutil"
	"github.com/stress-ner/stress/perturb/internal/english"
)

// Attested names. A name that authors wrote for a concept, and that
// annotators linked to it, is a name writers use for that concept in
// running text, as a lexicon's entry term need not be ("Alzheimer
// sclerosis" is a MeSH entry term of Alzheimer disease that no abstract
// writes). The embedded gold.txt holds the names of the CDR training
// and development annotations with the evidence an in-domain name needs
// (internal/mkgold); a lexicon name is attested for a mention when one of
// its concepts there is a concept the mention names.

//go:generate go run ./internal/mkgold -shared ../../../shared -out gold.txt

// goldText holds the attested names (internal/mkgold): lines of four
// tab-separated fields, sorted, so that each kind of line is a run
// sorted by its key. "a<TAB>key<TAB>MESH:id<TAB>concept" is a name (its
// key as english.AttestKey writes it) attested for a MeSH descriptor,
// with the MeSH 2024 concept of the descriptor it belongs to ("-": not
// listed); "h" lines the same for a name that is its descriptor's
// heading; "c" lines every MeSH 2024 term of those descriptors; "p<TAB>-
// <TAB>MESH:id<TAB>concept" the preferred concept of each descriptor. It
// is embedded as text and searched where the executable maps it
// (textutil.SearchLines): decoding it from gzip into maps was 5% of a
// synonym run (issue 34).
//
//go:embed gold.txt
var goldText string

// goldName is one concept an attested name is written for: a MeSH
// descriptor, and the MeSH 2024 concept of the descriptor the name
// belongs to ("" when MeSH does not list it).
type goldName struct {
	descriptor, concept string
	heading             bool // the descriptor's preferred term ("h" lines)
}

// goldTable is the attested names: the names of the "a" and "h" lines
// by key, read on first use (a few hundred lines, asked for every name
// of a mention's concepts), and the runs of "c" and "p" lines of
// goldText, searched where they lie (thousands of lines, asked once for
// a mention).
type goldTable struct {
	names       map[string][]goldName // "a" and "h" lines by key, in the order of the text
	descriptors map[string]bool       // the descriptors of names
	terms       string                // the "c" run, keyed by name (skip goldSkip)
	preferred   string                // the "p" run, keyed by descriptor (skip preferredSkip)
}

// The skips of the runs' keys (textutil.LineKey): the kind and a tab,
// and for "p" lines the "-" of their name too.
const (
	goldSkip      = len("a\t")
	preferredSkip = len("p\t-\t")
)

// theGold returns the table of goldText, made once. A bad file
// attests less; TestGoldTable checks the embedded one.
var theGold = sync.OnceValue(func() *goldTable { return newGoldTable(goldText) })

// newGoldTable reads the names of text and finds its runs (see goldText).
func newGoldTable(text string) *goldTable {
	t := &goldTable{names: map[string][]goldName{}, descriptors: map[string]bool{},
		terms: textutil.LineRun(text, "c\t"), preferred: textutil.LineRun(text, "p\t")}
	for _, run := range []string{textutil.LineRun(text, "a\t"), textutil.LineRun(text, "h\t")} {
		for line := range strings.Lines(run) {
			line = strings.TrimSuffix(line, "\n")
			if g, ok := parseGold(line); ok {
				key := textutil.LineKey(line, goldSkip)
				t.names[key] = append(t.names[key], g)
				t.descriptors[g.descriptor] = true
			}
		}
	}
	return t
}

// parseGold reads a line of goldText, false when it has not four fields.
func parseGold(line string) (goldName, bool) {
	if strings.Count(line, "\t") != 3 {
		return goldName{}, false
	}
	// The four fields, cut without a slice per line.
	kind, rest, _ := strings.Cut(line, "\t")
	_, rest, _ = strings.Cut(rest, "\t")
	descriptor, concept, _ := strings.Cut(rest, "\t")
	return goldName{descriptor: descriptor, concept: strings.TrimPrefix(concept, "-"), heading: kind == "h"}, true
}

// namesOf returns the attested concepts of the keys of a name (keysOf).
func (t *goldTable) namesOf(keys []string) []goldName {
	var out []goldName
	for _, k := range keys {
		out = append(out, t.names[k]...)
	}
	return out
}

// termsOf returns the MeSH terms ("c" lines) of the keys of a name
// (keysOf), in the order of the text.
func (t *goldTable) termsOf(keys []string) []goldName {
	var out []goldName
	for _, k := range keys {
		textutil.EachLine(t.terms, goldSkip, k, func(line string) {
			if g, ok := parseGold(line); ok {
				out = append(out, g)
			}
		})
	}
	return out
}

// preferredConcept returns the preferred concept of descriptor d ("" when
// the table has none).
func (t *goldTable) preferredConcept(d string) string {
	concept := ""
	textutil.EachLine(t.preferred, preferredSkip, d, func(line string) {
		if g, ok := parseGold(line); ok {
			concept = g.concept // the last, as a map filled in order kept it
		}
	})
	return concept
}

// keysOf returns the keys name is looked up by: its own, and its other
// grammatical number's.
func keysOf(name string) []string {
	keys := []string{english.AttestKey(name)}
	if other, ok := english.OtherNumber(name); ok {
		keys = append(keys, english.AttestKey(other))
	}
	return keys
}

// goldOf returns the attested concepts of name, in any number.
func goldOf(name string) []goldName { return theGold().namesOf(keysOf(name)) }

// goldConcepts returns the concepts (MeSH ids, "MESH:D003000") that the
// CDR annotations attest name for, in any case and number.
func goldConcepts(name string) []string { return descriptorsOf(goldOf(name)) }

// descriptorsOf returns the descriptors of gs, each once, in order.
func descriptorsOf(gs []goldName) []string {
	var ids []string
	for _, g := range gs {
		if !slices.Contains(ids, g.descriptor) {
			ids = append(ids, g.descriptor)
		}
	}
	return ids
}

// formGold is what the attested names say of the form a mention is
// looked up as, which writtenFor reads for every name of the mention's
// concepts: the descriptors they attest the form itself for
// (goldConcepts) and its MeSH terms ("c" lines). Looking them up again
// for every name was a tenth of a synonym run (issue 34).
// Its MeSH terms are searched for when first asked (terms): most
// mentions are not attestable (attestableGold reads own only), and
// searching the "c" lines was half of what a formGold cost (issue 34).
// A formGold is read by one goroutine, that of its mention's analysis.
type formGold struct {
	own  []string   // goldConcepts(form)
	keys []string   // keysOf(form)
	mine []goldName // the "c" lines of form, in any number, once searched
	read bool       // mine is searched
}

// goldOfForm returns the formGold of form.
func goldOfForm(form string) *formGold {
	keys := keysOf(form)
	return &formGold{own: descriptorsOf(theGold().namesOf(keys)), keys: keys}
}

// terms returns the "c" lines of the form, in any number.
func (fg *formGold) terms() []goldName {
	if !fg.read {
		fg.mine, fg.read = theGold().termsOf(fg.keys), true
	}
	return fg.mine
}

// writtenFor reports whether name is attested for a concept that the
// mention, looked up as form, names: a descriptor of name is named by
// the mention in the store (mc), or is one the annotations give the
// mention itself (for a store without MeSH ids); and it is the same
// MeSH concept (sameConcept).
func writtenFor(name, form string, mc *mentionConcepts) bool {
	return writtenForGold(goldOf(name), goldOfForm(form), mc)
}

// writtenFor is writtenFor of a mention whose form's formGold is fg,
// with the attested concepts of name (goldOf(name))
// from r's cache: a concept's names are asked again for every mention
// of it.
func (r *Replacer) writtenFor(name string, fg *formGold, mc *mentionConcepts) bool {
	r.mu.Lock()
	gs, ok := r.goldNames[name]
	r.mu.Unlock()
	if !ok {
		gs = goldOf(name)
		r.mu.Lock()
		if r.goldNames == nil || len(r.goldNames) >= maxFacts {
			r.goldNames = map[string][]goldName{}
		}
		r.goldNames[name] = gs
		r.mu.Unlock()
	}
	return writtenForGold(gs, fg, mc)
}

// attestable reports whether some name may be writtenFor the mention
// looked up as form, which names mc (nil: unknown): whether a
// descriptor the annotations attest names for is one the mention names
// (not excluded), or one they give the mention itself. When none is,
// writtenFor is false for every name, and the names' attested concepts
// need not be looked up (issue 34: most mentions).
func attestable(form string, mc *mentionConcepts) bool {
	return attestableGold(goldOfForm(form), mc)
}

// attestableGold is attestable of a form whose formGold is fg.
func attestableGold(fg *formGold, mc *mentionConcepts) bool {
	if len(fg.own) > 0 {
		return true
	}
	if mc == nil {
		return false
	}
	for _, c := range mc.all {
		if theGold().descriptors[c.ID] && mc.names(c.ID) {
			return true
		}
	}
	return false
}

// writtenForGold is writtenFor of a name whose attested concepts are gs
// for a mention whose form's formGold is fg.
func writtenForGold(gs []goldName, fg *formGold, mc *mentionConcepts) bool {
	if len(gs) == 0 {
		return false
	}
	for _, g := range gs {
		if (mc != nil && mc.names(g.descriptor) || slices.Contains(fg.own, g.descriptor)) && sameConcept(g, fg.terms()) {
			return true
		}
	}
	return false
}

// sameConcept reports whether g, an attested name of a descriptor, names
// the MeSH concept of the mention, whose MeSH terms are mine. MeSH files
// narrower, broader and related concepts under one descriptor ("renal
// failure" and "renal insufficiency", "respiratory depression" under
// respiratory insufficiency), and annotators link a mention to the
// closest descriptor: a name is the mention's only when both belong to
// one concept, or the name belongs to the descriptor's own concept and
// MeSH does not list the mention (a variant it lacks). A heading (the
// descriptor's preferred term) needs the mention listed in its concept:
// annotators file narrower conditions under it ("hyperactivity" of rats
// under hyperkinesis, "syncopal attacks" under syncope).
func sameConcept(g goldName, mine []goldName) bool {
	if g.concept == "" {
		return !g.heading
	}
	for _, t := range mine {
		if t.descriptor == g.descriptor {
			return t.concept == g.concept
		}
	}
	return !g.heading && theGold().preferredConcept(g.descriptor) == g.concept
}
