package cdr

// The inputs of the kit vectors (testdata/kit): real CDR documents as
// gold, and system outputs made from them by seeded, named changes. The
// small cases are written to testdata/kit by
//
//	go test ./conll/cdr -run TestWriteKitInputs -write-kit-inputs DIR
//
// (with DIR testdata/kit they are the committed ones), the full-size ones
// (the CDR development and training splits of ../shared) to DIR/full;
// scripts/cdr-kit-vectors.sh runs the kit on everything DIR/cases.tsv
// lists. MANIFEST.tsv in testdata/kit says which case exercises what.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// pdoc is a PubTator document as the case generator edits it: its
// annotation and relation lines as fields, in order.
type pdoc struct {
	id, title, abstract string
	anns                [][]string // PMID, start, end, text, type[, id[, more]]
	rels                [][]string // PMID, type, chemical, disease[, more]
}

func (d pdoc) clone() pdoc {
	c := d
	c.anns = cloneFields(d.anns)
	c.rels = cloneFields(d.rels)
	return c
}

func cloneFields(f [][]string) [][]string {
	out := make([][]string, len(f))
	for i := range f {
		out[i] = slices.Clone(f[i])
	}
	return out
}

// parseDocs reads a well-formed PubTator text (the CDR files).
func parseDocs(s string) []pdoc {
	var docs []pdoc
	for _, block := range strings.Split(strings.TrimSpace(s), "\n\n") {
		var d pdoc
		for _, l := range strings.Split(block, "\n") {
			if id, t, ok := strings.Cut(l, "|t|"); ok && !strings.Contains(id, "\t") {
				d.id, d.title = id, t
				continue
			}
			if _, a, ok := strings.Cut(l, "|a|"); ok && !strings.Contains(l[:strings.Index(l, "|a|")], "\t") {
				d.abstract = a
				continue
			}
			f := strings.Split(l, "\t")
			if len(f) > 2 && asciiDigits(f[1]) {
				d.anns = append(d.anns, f)
			} else {
				d.rels = append(d.rels, f)
			}
		}
		docs = append(docs, d)
	}
	return docs
}

// pubtatorText writes docs as PubTator; without texts (as predictions
// of the small cases are written, to keep them small: the kit reads no
// text) the title and abstract lines are left out.
func pubtatorText(docs []pdoc, texts bool) string {
	var b strings.Builder
	for _, d := range docs {
		if texts {
			fmt.Fprintf(&b, "%s|t|%s\n%s|a|%s\n", d.id, d.title, d.id, d.abstract)
		}
		for _, f := range d.anns {
			b.WriteString(strings.Join(f, "\t") + "\n")
		}
		for _, f := range d.rels {
			b.WriteString(strings.Join(f, "\t") + "\n")
		}
		b.WriteString("\n")
	}
	return b.String()
}

var xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

// biocText writes docs as the CDR corpus's BioC release writes them: a
// title and an abstract passage, annotations with the infons "type" and
// "MESH" (none without an id column) in the passage they start in, a
// composite mention (7th column) as a CompositeMention followed by its
// IndividualMentions (at the composite's location: their own are not in
// PubTator), relations at document level with the infons "relation",
// "Chemical" and "Disease". Lines BioC cannot hold (an annotation whose
// offsets are not numbers, a relation without two arguments) are left
// out. Without texts, passages and annotations have no <text>.
func biocText(docs []pdoc, texts bool) string {
	var b strings.Builder
	b.WriteString("<?xml version='1.0' encoding='UTF-8'?><!DOCTYPE collection SYSTEM 'BioC.dtd'>\n<collection>\n<source>PubTator</source>\n<date>0/0/0</date>\n<key>BC5CDR.key</key>\n")
	for _, d := range docs {
		fmt.Fprintf(&b, "<document>\n<id>%s</id>\n", xmlEscaper.Replace(d.id))
		n := 0
		titleEnd := len([]rune(d.title))
		for pi, p := range []struct{ typ, text string }{{"title", d.title}, {"abstract", d.abstract}} {
			off := 0
			if pi == 1 {
				off = titleEnd + 1
			}
			fmt.Fprintf(&b, "<passage>\n<infon key=\"type\">%s</infon>\n<offset>%d</offset>\n", p.typ, off)
			if texts {
				fmt.Fprintf(&b, "<text>%s</text>\n", xmlEscaper.Replace(p.text))
			}
			for _, f := range d.anns {
				start, err1 := strconv.Atoi(f[1])
				end, err2 := strconv.Atoi(f[2])
				if err1 != nil || err2 != nil || len(f) < 5 || (start > titleEnd) != (pi == 1) {
					continue
				}
				ann := func(role, ids string) {
					fmt.Fprintf(&b, "<annotation id='%d'>\n<infon key=\"type\">%s</infon>\n", n, xmlEscaper.Replace(f[4]))
					n++
					if role != "" {
						fmt.Fprintf(&b, "<infon key=\"CompositeRole\">%s</infon>\n", role)
					}
					if len(f) > 5 {
						fmt.Fprintf(&b, "<infon key=\"MESH\">%s</infon>\n", xmlEscaper.Replace(ids))
					}
					fmt.Fprintf(&b, "<location offset='%d' length='%d' />\n", start, end-start)
					if texts {
						fmt.Fprintf(&b, "<text>%s</text>\n", xmlEscaper.Replace(f[3]))
					}
					b.WriteString("</annotation>\n")
				}
				if len(f) > 6 && strings.Contains(f[5], "|") {
					ann("CompositeMention", f[5])
					for _, id := range strings.Split(f[5], "|") {
						ann("IndividualMention", id)
					}
					continue
				}
				id := ""
				if len(f) > 5 {
					id = f[5]
				}
				ann("", id)
			}
			b.WriteString("</passage>\n")
		}
		for i, f := range d.rels {
			if len(f) < 4 {
				continue
			}
			fmt.Fprintf(&b, "<relation id='R%d'>\n<infon key=\"relation\">%s</infon>\n<infon key=\"Chemical\">%s</infon>\n<infon key=\"Disease\">%s</infon>\n</relation>\n",
				i, xmlEscaper.Replace(f[1]), xmlEscaper.Replace(f[2]), xmlEscaper.Replace(f[3]))
		}
		b.WriteString("</document>\n")
	}
	b.WriteString("</collection>\n")
	return b.String()
}

// rng is splitmix64: the same numbers for a seed in every Go release.
type rng struct{ s uint64 }

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

// chance reports true with probability p.
func (r *rng) chance(p float64) bool { return float64(r.next()>>11)/(1<<53) < p }

// synthRates are the rates of the changes synthesize makes, by name.
type synthRates struct {
	dropDoc, extraDoc                      float64 // per document
	drop, shift, retype, dup               float64 // per mention
	wrongID, composite, noID, noIDColumn   float64 // per mention
	prefix                                 float64 // per mention: "MESH:" before a bare id (no change to the kit)
	add                                    int     // spurious mentions per document, at most
	dropRel, reverseRel, negRel, prefixRel float64 // per relation
	addRel                                 int     // spurious relations per document, at most
	shuffle                                float64 // per document: lines in another order
	scoreColumn                            bool    // a 7th column of scores, as the kit's sample outputs
}

// mixRates is a system of every kind of error at once.
var mixRates = synthRates{
	dropDoc: 0.02, extraDoc: 0.02,
	drop: 0.08, shift: 0.05, retype: 0.03, dup: 0.03,
	wrongID: 0.08, composite: 0.03, noID: 0.03, noIDColumn: 0.02, prefix: 0.3,
	add:     2,
	dropRel: 0.2, reverseRel: 0.05, negRel: 0.03, prefixRel: 0.3, addRel: 2,
	shuffle: 0.1, scoreColumn: true,
}

// synthesize returns a system output made of gold by seeded changes at
// rates r. Ids drawn for wrong ids and spurious mentions come from the
// gold's ids of the type.
func synthesize(gold []pdoc, seed uint64, r synthRates) []pdoc {
	g := &rng{s: seed}
	pool := map[string][]string{}
	for _, d := range gold {
		for _, f := range d.anns {
			if len(f) > 5 && f[5] != "-1" && !strings.Contains(f[5], "|") {
				pool[f[4]] = append(pool[f[4]], f[5])
			}
		}
	}
	pick := func(typ string) string {
		if p := pool[typ]; len(p) > 0 {
			return p[g.intn(len(p))]
		}
		return "D000001"
	}
	types := []string{"Chemical", "Disease"}
	var out []pdoc
	for _, gd := range gold {
		if g.chance(r.dropDoc) {
			continue
		}
		d := gd.clone()
		textLen := len([]rune(d.title)) + 1 + len([]rune(d.abstract))
		var anns [][]string
		for _, f := range d.anns {
			if g.chance(r.drop) {
				continue
			}
			if len(f) > 5 {
				switch {
				case g.chance(r.wrongID):
					f[5] = pick(f[4])
				case g.chance(r.composite):
					f[5] = f[5] + "|" + pick(f[4])
				case g.chance(r.noID):
					f[5] = "-1"
				case g.chance(r.noIDColumn):
					f = f[:5]
				}
				if len(f) > 5 && g.chance(r.prefix) && !strings.Contains(f[5], ":") && f[5] != "-1" {
					f[5] = "MESH:" + f[5]
				}
			}
			if g.chance(r.shift) {
				i := 1 + g.intn(2)
				v, _ := strconv.Atoi(f[i])
				v += []int{-2, -1, 1, 3}[g.intn(4)]
				if v >= 0 {
					f[i] = strconv.Itoa(v)
				}
			}
			if g.chance(r.retype) {
				if f[4] == "Chemical" {
					f[4] = "Disease"
				} else {
					f[4] = "Chemical"
				}
			}
			if r.scoreColumn && len(f) == 6 {
				f = append(f, "0."+strconv.Itoa(100+g.intn(900)))
			}
			anns = append(anns, f)
			if g.chance(r.dup) {
				anns = append(anns, slices.Clone(f))
			}
		}
		for n := g.intn(r.add + 1); n > 0; n-- {
			start := g.intn(max(textLen-10, 1))
			typ := types[g.intn(2)]
			anns = append(anns, []string{d.id, strconv.Itoa(start), strconv.Itoa(start + 3 + g.intn(8)), "spurious", typ, pick(typ)})
		}
		d.anns = anns
		var rels [][]string
		for _, f := range d.rels {
			if g.chance(r.dropRel) {
				continue
			}
			switch {
			case g.chance(r.reverseRel):
				f[2], f[3] = f[3], f[2]
			case g.chance(r.negRel):
				f[2+g.intn(2)] = "-1"
			}
			if g.chance(r.prefixRel) {
				for i := 2; i < 4; i++ {
					if !strings.Contains(f[i], ":") && f[i] != "-1" {
						f[i] = "MESH:" + f[i]
					}
				}
			}
			rels = append(rels, f)
		}
		for n := g.intn(r.addRel + 1); n > 0; n-- {
			rels = append(rels, []string{d.id, "CID", pick("Chemical"), pick("Disease")})
		}
		d.rels = rels
		if g.chance(r.shuffle) {
			for i := len(d.anns) - 1; i > 0; i-- {
				j := g.intn(i + 1)
				d.anns[i], d.anns[j] = d.anns[j], d.anns[i]
			}
		}
		out = append(out, d)
		if g.chance(r.extraDoc) {
			x := gd.clone()
			x.id = "9" + x.id // a document the gold does not have
			for _, f := range x.anns {
				f[0] = x.id
			}
			for _, f := range x.rels {
				f[0] = x.id
			}
			out = append(out, x)
		}
	}
	return out
}
