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
// writes). The embedded gold.txt.gz holds the names of the CDR training
// and development annotations with the evidence an in-domain name needs
// (internal/mkgold); a lexicon name is attested for a mention when one of
// its concepts there is a concept the mention names.

//go:generate go run ./internal/mkgold -shared ../../../shared -out gold.txt.gz

// goldTextGz holds the attested names: "key<TAB>MESH:id" lines, the key
// as english.AttestKey writes the name.
//
//go:embed gold.txt.gz
var goldTextGz []byte

// goldName is one concept an attested name is written for: a MeSH
// descriptor, and the MeSH 2024 concept of the descriptor the name
// belongs to ("" when MeSH does not list it).
type goldName struct {
	descriptor, concept string
	heading             bool // the descriptor's preferred term ("h" lines)
}

var (
	goldOnce sync.Once
	goldData struct {
		names       map[string][]goldName // attested names by key
		terms       map[string][]goldName // MeSH terms of their descriptors, by key
		preferred   map[string]string     // descriptor -> its preferred concept
		descriptors map[string]bool       // the descriptors of names
	}
)

// loadGold decodes gold.txt.gz once.
func loadGold() {
	goldOnce.Do(func() {
		goldData.names, goldData.terms, goldData.preferred = map[string][]goldName{}, map[string][]goldName{}, map[string]string{}
		goldData.descriptors = map[string]bool{}
		// A bad file leaves the sets empty or short, which attests
		// nothing; TestGoldReproducible catches one.
		_ = textutil.GzipLines(goldTextGz, func(line string) {
			if strings.Count(line, "\t") != 3 {
				return
			}
			// The four fields, cut without a slice per line.
			kind, rest, _ := strings.Cut(line, "\t")
			name, rest, _ := strings.Cut(rest, "\t")
			descriptor, concept, _ := strings.Cut(rest, "\t")
			g := goldName{descriptor: descriptor, concept: strings.TrimPrefix(concept, "-"), heading: kind == "h"}
			switch kind {
			case "a", "h":
				goldData.names[name] = append(goldData.names[name], g)
				goldData.descriptors[g.descriptor] = true
			case "p":
				goldData.preferred[g.descriptor] = g.concept
			case "c":
				goldData.terms[name] = append(goldData.terms[name], g)
			}
		})
	})
}

// keysOf returns the keys name is looked up by: its own, and its other
// grammatical number's.
func keysOf(name string) []string {
	keys := []string{english.AttestKey(name)}
	if english.IsPlural(name) {
		keys = append(keys, english.AttestKey(english.Singular(name)))
	} else if p, ok := english.Plural(name); ok {
		keys = append(keys, english.AttestKey(p))
	}
	return keys
}

// goldOf returns what the table holds of name in m, in any number.
func goldOf(m map[string][]goldName, name string) []goldName {
	var out []goldName
	for _, k := range keysOf(name) {
		out = append(out, m[k]...)
	}
	return out
}

// goldConcepts returns the concepts (MeSH ids, "MESH:D003000") that the
// CDR annotations attest name for, in any case and number.
func goldConcepts(name string) []string {
	loadGold()
	var ids []string
	for _, g := range goldOf(goldData.names, name) {
		if !slices.Contains(ids, g.descriptor) {
			ids = append(ids, g.descriptor)
		}
	}
	return ids
}

// writtenFor reports whether name is attested for a concept that the
// mention, looked up as form, names: a descriptor of name is named by
// the mention in the store (mc), or is one the annotations give the
// mention itself (for a store without MeSH ids); and it is the same
// MeSH concept (sameConcept).
func writtenFor(name, form string, mc *mentionConcepts) bool {
	loadGold()
	return writtenForGold(goldOf(goldData.names, name), form, mc)
}

// writtenFor is writtenFor with the attested concepts of name
// (goldOf(goldData.names, name)) from r's cache: a concept's names are
// asked again for every mention of it.
func (r *Replacer) writtenFor(name, form string, mc *mentionConcepts) bool {
	r.mu.Lock()
	gs, ok := r.goldNames[name]
	r.mu.Unlock()
	if !ok {
		loadGold()
		gs = goldOf(goldData.names, name)
		r.mu.Lock()
		if r.goldNames == nil || len(r.goldNames) >= maxFacts {
			r.goldNames = map[string][]goldName{}
		}
		r.goldNames[name] = gs
		r.mu.Unlock()
	}
	return writtenForGold(gs, form, mc)
}

// attestable reports whether some name may be writtenFor the mention
// looked up as form, which names mc (nil: unknown): whether a
// descriptor the annotations attest names for is one the mention names
// (not excluded), or one they give the mention itself. When none is,
// writtenFor is false for every name, and the names' attested concepts
// need not be looked up (issue 34: most mentions).
func attestable(form string, mc *mentionConcepts) bool {
	loadGold()
	if len(goldConcepts(form)) > 0 {
		return true
	}
	if mc == nil {
		return false
	}
	for _, c := range mc.all {
		if goldData.descriptors[c.ID] && mc.names(c.ID) {
			return true
		}
	}
	return false
}

// writtenForGold is writtenFor of a name whose attested concepts are gs.
func writtenForGold(gs []goldName, form string, mc *mentionConcepts) bool {
	if len(gs) == 0 {
		return false
	}
	own := goldConcepts(form)
	mine := goldOf(goldData.terms, form)
	for _, g := range gs {
		if (mc != nil && mc.names(g.descriptor) || slices.Contains(own, g.descriptor)) && sameConcept(g, mine) {
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
	return !g.heading && goldData.preferred[g.descriptor] == g.concept
}
