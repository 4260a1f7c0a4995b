package cdr

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var writeKitInputs = flag.String("write-kit-inputs", "", "write the inputs of the kit vectors to `DIR` (testdata/kit for the small cases)")

// measure is one run of the kit: a level and its type argument.
type measure struct {
	level Level
	types string
}

func (m measure) String() string { return m.level.String() + " " + m.types }

// kitMeasures are the five measures of the CDR tasks: mention and id for
// both types, and CID relations.
var kitMeasures = []measure{{Mention, "Disease"}, {Mention, "Chemical"}, {ID, "Disease"}, {ID, "Chemical"}, {Relation, "CID"}}

// kitCase is one vector: a gold file and a prediction in one format.
type kitCase struct {
	name, what string
	gold       string // gold file name in the case directory
	pred       string // the prediction's text
	format     Format
	measures   []measure // nil: kitMeasures
}

func (c kitCase) ext() string {
	if c.format == BioC {
		return ".xml"
	}
	return ".pubtator"
}

// predFile is the name of the case's prediction file.
func (c kitCase) predFile() string { return c.name + c.ext() }

func (c kitCase) allMeasures() []measure {
	if c.measures != nil {
		return c.measures
	}
	return kitMeasures
}

// goldExcerpt is the gold of the small cases: six documents of the CDR
// development set (two with composite mentions, two with mentions
// without id).
var goldExcerpt = []string{"6794356", "3115150", "1545575", "6436733", "15579441", "6111982"}

// both returns a case in PubTator and in BioC.
func both(name, what, gold string, pred []pdoc, ms []measure) []kitCase {
	texts := name == "identical" // a prediction with texts, as systems write them
	return []kitCase{
		{name: name, what: what, gold: gold + ".pubtator", pred: pubtatorText(pred, texts), format: PubTator, measures: ms},
		{name: name, what: what + " (BioC)", gold: gold + ".xml", pred: biocText(pred, texts), format: BioC, measures: ms},
	}
}

// smallCases returns the small vectors made of the excerpt, and the
// gold files they use by name.
func smallCases(gold []pdoc) ([]kitCase, map[string]string) {
	golds := map[string]string{
		"gold.pubtator": pubtatorText(gold, true), "gold.xml": biocText(gold, true),
		"gold-empty.pubtator": "", "gold-empty.xml": "<?xml version='1.0' encoding='UTF-8'?>\n<collection><source>x</source><date>0</date><key>k</key></collection>\n",
	}
	// A gold where the first document has no CID relation and the
	// second no chemical with an id: no gold keys there at those levels.
	nokeys := cloneDocs(gold)
	nokeys[0].rels = nil
	for _, f := range nokeys[1].anns {
		if f[4] == "Chemical" {
			f[5] = "-1"
		}
	}
	golds["gold-nokeys.pubtator"], golds["gold-nokeys.xml"] = pubtatorText(nokeys, true), biocText(nokeys, true)

	var cs []kitCase
	add := func(c ...kitCase) { cs = append(cs, c...) }
	add(both("identical", "the prediction is the gold", "gold", gold, nil)...)
	add(both("prefixes", "ids written MESH:D... where gold writes D..., a 7th column of scores (the kit's sample output): no change", "gold",
		synthesize(gold, 1, synthRates{prefix: 1, prefixRel: 1, scoreColumn: true}), nil)...)
	add(both("mentions", "dropped, shifted (start or end by -2..+3), retyped and spurious mentions", "gold",
		synthesize(gold, 2, synthRates{drop: 0.2, shift: 0.15, retype: 0.1, add: 3}), nil)...)

	ids := synthesize(gold, 3, synthRates{wrongID: 0.2, composite: 0.1, noID: 0.1, noIDColumn: 0.1})
	d := &ids[0]
	d.anns = append(d.anns,
		[]string{d.id, "0", "29", "x", "Disease", " D014262 | D001282 "}, // spaces inside a composite
		[]string{d.id, "0", "29", "x", "Disease", "mesh:D006333"},        // a prefix in another case
		[]string{d.id, "0", "29", "x", "Disease", "OMIM:123"},
		[]string{d.id, "0", "29", "x", "Disease", "D003866||-1|"},
		[]string{d.id, "0", "29", "x", "Disease", ""},
		[]string{d.id, "0", "29", "x", "Disease", "", "D009999"}) // an empty id column, a 7th
	add(both("ids", "wrong, composite, -1 and missing ids; ids with spaces, other prefixes, empty parts", "gold", ids, nil)...)

	docs := synthesize(gold, 4, synthRates{dropDoc: 0.35, extraDoc: 0.35})
	lead := gold[2].clone()
	lead.id = "0" + lead.id // not the document 1545575
	for _, f := range lead.anns {
		f[0] = lead.id
	}
	for _, f := range lead.rels {
		f[0] = lead.id
	}
	docs = append(docs, lead)
	add(both("documents", "documents missing from the prediction, documents the gold lacks, a PMID with a leading zero", "gold", docs, nil)...)

	dups := synthesize(gold, 5, synthRates{dup: 0.5})
	d = &dups[1]
	first := d.anns[0]
	d.anns = append(d.anns,
		[]string{d.id, first[1], first[2], first[3], first[4], "D000001"},                         // same span, another id
		[]string{d.id, first[1], strings.TrimSpace(first[2]) + "0", "longer", first[4], first[5]}, // overlapping
		slices.Clone(d.rels[0])) // a duplicate relation
	add(both("duplicates", "duplicate annotation and relation lines, a span twice with two ids, overlapping mentions", "gold", dups, nil)...)

	rels := synthesize(gold, 6, synthRates{dropRel: 0.3, reverseRel: 0.2, negRel: 0.2, addRel: 3})
	d = &rels[0]
	d.rels = append(d.rels,
		[]string{d.id, "CID", "D016651|D008094", "D014262"}, // a composite argument
		[]string{d.id, "cid", "D016651", "D001282"},         // another type
		[]string{d.id, "CID", "D016651", "D006333", "0.9"},  // a score column
		[]string{d.id, "CID", "-1", "-1"},
		[]string{"99999999", "CID", "D016651", "D006333"}) // a document the gold lacks
	rels[1].rels = append(rels[1].rels, []string{rels[1].id, "CID", "", "D006333", "x"})
	add(both("relations", "dropped, added, reversed relations, -1 and empty arguments, composite arguments, another type", "gold", rels, nil)...)

	add(both("nokeys", "gold documents without keys at a level (no CID; chemicals all -1): predictions there do not count", "gold-nokeys", gold, nil)...)
	add(kitCase{name: "empty-pred", what: "an empty prediction", gold: "gold.pubtator", pred: "", format: PubTator},
		kitCase{name: "empty-pred", what: "a collection without documents", gold: "gold.xml", pred: golds["gold-empty.xml"], format: BioC})
	add(both("empty-gold", "an empty gold: no gold document, every figure 0/0", "gold-empty", gold, nil)...)
	add(both("types", "type lists (Chemical|Disease), types in another case, two relation types", "gold",
		synthesize(gold, 7, mixRates),
		[]measure{{Mention, "Chemical|Disease"}, {Mention, "disease"}, {ID, "Disease|Chemical"}, {Relation, "CID|cid"}, {Relation, "Chemical"}})...)
	add(both("mix1", "every kind of error at once, seed 1", "gold", synthesize(gold, 1, mixRates), nil)...)
	add(both("mix2", "every kind of error at once, seed 2", "gold", synthesize(gold, 2, mixRates), nil)...)

	add(kitCase{name: "lines", what: "CRLF and lone CR line ends, white space around lines and fields, no title lines, no blank lines, |a| inside a mention, offsets 0027, -5 and 27a",
		gold: "gold.pubtator", pred: oddLines(gold), format: PubTator})
	add(kitCase{name: "bioc-reading", what: "CDATA, white space and entities in ids, OMIM, empty MESH, IndividualMention ids, sentence and passage annotations and relations, document-level annotations, an unknown element, duplicate infons",
		gold: "gold.xml", pred: biocOddities(gold), format: BioC})
	add(kitCase{name: "bioc-stop", what: "malformed XML between two documents: the kit stops reading there, without error",
		gold: "gold.xml", pred: biocStop(gold), format: BioC})

	// What the kit refuses (an exception, no figures).
	crash := func(name, what string, f Format, pred string) {
		add(kitCase{name: name, what: what, gold: map[Format]string{PubTator: "gold.pubtator", BioC: "gold.xml"}[f], pred: pred, format: f})
	}
	g0 := gold[0]
	crash("refuse-notab", "a line that is neither a title, an abstract nor tab-separated", PubTator, pubtatorText(gold, false)+"garbage\n")
	crash("refuse-notype", "an annotation line of four fields", PubTator, pubtatorText(gold, false)+g0.id+"\t0\t5\tTricu\n")
	crash("refuse-overflow", "an offset beyond a Java int", PubTator, pubtatorText(gold, false)+g0.id+"\t2147483648\t2147483650\tx\tDisease\tD1\n")
	crash("refuse-relation", "a relation line of three fields: refused at level relation only", PubTator, pubtatorText(gold, false)+g0.id+"\tCID\tD016651\n")
	twoLocs := strings.Replace(biocText(gold, false), "<location offset='0' length='29' />", "<location offset='0' length='9' /><location offset='16' length='13' />", 1)
	crash("refuse-locations", "a mention with two locations: refused at level mention only", BioC, twoLocs)
	crash("refuse-child", "an unknown element inside an annotation", BioC, strings.Replace(biocText(gold, false), "<location offset='0' length='29' />", "<location offset='0' length='29' /><note/>", 1))
	crash("refuse-offset", "a location offset that is not a number", BioC, strings.Replace(biocText(gold, false), "offset='0' length='29'", "offset='0x' length='29'", 1))
	return cs, golds
}

func cloneDocs(ds []pdoc) []pdoc {
	out := make([]pdoc, len(ds))
	for i := range ds {
		out[i] = ds[i].clone()
	}
	return out
}

// oddLines writes gold as PubTator in shapes the kit reads its own way.
func oddLines(gold []pdoc) string {
	var b strings.Builder
	for i, d := range gold {
		eol := []string{"\n", "\r\n", "\r"}[i%3]
		if i != 1 { // the second document comes without title and abstract
			fmt.Fprintf(&b, "%s|t|%s%s%s|a|%s%s", d.id, d.title, eol, d.id, d.abstract, eol)
		}
		for j, f := range d.anns {
			f = slices.Clone(f)
			switch j % 7 {
			case 1:
				f[1] = "00" + f[1] // leading zeros
			case 2:
				b.WriteString("  \t") // white space before the line
			case 3:
				f[len(f)-1] += " \t " // after it
			case 4:
				f[3] = f[3] + "|a|" // the kit skips the line
			case 5:
				if len(f) > 5 {
					f[5] = " " + f[5] + " " // around the id
				}
			}
			b.WriteString(strings.Join(f, "\t") + eol)
		}
		for _, f := range d.rels {
			b.WriteString(strings.Join(f, "\t") + eol)
		}
		b.WriteString(d.id + "\t-5\t3\tx\tDisease\tD000001" + eol) // not digits: not an annotation
		b.WriteString(d.id + "\t27a\t30\tx\tDisease\tD000002" + eol)
		if i%2 == 0 {
			b.WriteString(eol) // blank lines only after some documents
		}
	}
	return b.String()
}

// biocOddities writes gold as BioC with what the kit's BioC reader
// reads its own way, document by document.
func biocOddities(gold []pdoc) string {
	x := biocText(gold, false)
	r := strings.NewReplacer(
		"<id>"+gold[0].id+"</id>", "<id><![CDATA["+gold[0].id+"]]></id>", // CDATA: the id is ""
		"<id>"+gold[1].id+"</id>", "<id> "+gold[1].id+"</id>", // white space: another id
		"<id>"+gold[2].id+"</id>", "<id>&#49;545575</id>", // a character reference: the same id
	)
	x = r.Replace(x)
	docs := strings.SplitAfter(x, "</document>\n")
	// Document 4: its ids as OMIM infons, one hidden by an empty MESH.
	docs[3] = strings.Replace(docs[3], `<infon key="MESH">`, `<infon key="OMIM">`, 3)
	docs[3] = strings.Replace(docs[3], `<infon key="MESH">`, `<infon key="MESH"></infon><infon key="OMIM">`, 1)
	// Document 5: an annotation in a sentence, a relation in a passage,
	// a relation as a document annotation, a duplicate infon.
	extra := `<sentence><offset>0</offset><annotation id='s1'><infon key="type">Disease</infon><infon key="MESH">D000003</infon><location offset='1' length='2' /></annotation></sentence>
<relation id='P1'><infon key="relation">CID</infon><infon key="Chemical">D000004</infon><infon key="Disease">D000005</infon></relation>
<annotation id='d1'><infon key="type">Chemical</infon><infon key="type">Disease</infon><infon key="MESH">D000006</infon><infon key="MESH">D000007</infon><location offset='5' length='3' /></annotation>
</passage>`
	docs[4] = strings.Replace(docs[4], "</passage>", extra, 1)
	docs[4] = strings.Replace(docs[4], "</document>", `<annotation id='r1'><infon key="relation">CID</infon><infon key="Chemical">D000008</infon><infon key="Disease">D000009</infon></annotation>
</document>`, 1)
	// Document 6: an unknown element ends it; what follows is a
	// document with id "".
	docs[5] = strings.Replace(docs[5], "<passage>", "<note/>\n<passage>", 2)
	return strings.Join(docs, "")
}

// biocStop writes gold as BioC with a tag left open after the third
// document.
func biocStop(gold []pdoc) string {
	docs := strings.SplitAfter(biocText(gold, false), "</document>\n")
	docs[2] += "<broken attr>\n"
	return strings.Join(docs, "")
}

// fullCase is a full-size vector: a split of ../shared and a synthetic
// prediction of it, in both formats.
type fullCase struct {
	name, split string
	seed        uint64
	rates       synthRates
}

var fullCases = []fullCase{
	{"dev-mix1", "CDR_DevelopmentSet.PubTator.txt", 1, mixRates},
	{"dev-mix2", "CDR_DevelopmentSet.PubTator.txt", 2, mixRates},
	{"train-mix1", "CDR_TrainingSet.PubTator.txt", 1, mixRates},
}

const sharedPubTator = "../../../shared/corpora/pubtator/"

// readShared returns a file of ../shared/corpora/pubtator, skipping
// the test when it is absent.
func readShared(t testing.TB, name string) string {
	b, err := os.ReadFile(sharedPubTator + name)
	if err != nil {
		t.Skipf("no ../shared: %v", err)
	}
	return string(b)
}

// excerpt returns the documents of docs with the given ids, in that
// order.
func excerpt(docs []pdoc, ids []string) []pdoc {
	by := map[string]pdoc{}
	for _, d := range docs {
		by[d.id] = d
	}
	var out []pdoc
	for _, id := range ids {
		out = append(out, by[id].clone())
	}
	return out
}

// fullInputs returns the files of a full-size case: gold and prediction
// in PubTator and BioC, by name.
func fullInputs(t testing.TB, c fullCase) map[string]string {
	text := readShared(t, c.split)
	gold := parseDocs(text)
	pred := synthesize(gold, c.seed, c.rates)
	split := strings.TrimSuffix(c.split, ".PubTator.txt")
	return map[string]string{
		split + ".pubtator": text, split + ".xml": biocText(gold, true),
		c.name + ".pubtator": pubtatorText(pred, true), c.name + ".xml": biocText(pred, true),
	}
}

func sha(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// kitDir holds the vectors: the gold excerpt, MANIFEST.tsv and the
// kit's outputs.
const kitDir = "testdata/kit"

// readExcerpt returns the committed gold excerpt.
func readExcerpt(t testing.TB) []pdoc {
	b, err := os.ReadFile(filepath.Join(kitDir, "gold.pubtator"))
	if err != nil {
		t.Fatal(err)
	}
	return parseDocs(string(b))
}

// kitInputs returns every input of the vectors by file name (the full
// ones under full/, when ../shared is there), the lines of cases.tsv,
// and the rows of MANIFEST.tsv.
func kitInputs(t testing.TB, full bool) (files map[string]string, cases, manifest []string) {
	cs, golds := smallCases(readExcerpt(t))
	files = map[string]string{}
	for name, text := range golds {
		files[name] = text
	}
	manifest = append(manifest, "case\tformat\tgold\tgold_sha256\tprediction\tprediction_sha256\tdescription")
	for _, c := range cs {
		if _, ok := golds[c.predFile()]; ok {
			t.Fatalf("case %s: its prediction file %s is a gold file", c.name, c.predFile())
		}
		files[c.predFile()] = c.pred
		manifest = append(manifest, strings.Join([]string{c.name, c.format.String(), c.gold, sha(golds[c.gold]), c.predFile(), sha(c.pred), c.what}, "\t"))
		for _, m := range c.allMeasures() {
			cases = append(cases, strings.Join([]string{c.name, c.format.String(), c.gold, c.predFile(), m.level.String(), m.types}, "\t"))
		}
	}
	if !full {
		return files, cases, manifest
	}
	for _, fc := range fullCases {
		split := strings.TrimSuffix(fc.split, ".PubTator.txt")
		for name, text := range fullInputs(t, fc) {
			files["full/"+name] = text
		}
		for _, f := range []Format{PubTator, BioC} {
			ext := map[Format]string{PubTator: ".pubtator", BioC: ".xml"}[f]
			gold, pred := "full/"+split+ext, "full/"+fc.name+ext
			manifest = append(manifest, strings.Join([]string{fc.name, f.String(), gold, sha(files[gold]), pred, sha(files[pred]),
				fmt.Sprintf("the %s split of ../shared (BioC: converted as the CDR release writes BioC) and a synthetic prediction with every kind of error, seed %d", split, fc.seed)}, "\t"))
			for _, m := range kitMeasures {
				cases = append(cases, strings.Join([]string{fc.name, f.String(), gold, pred, m.level.String(), m.types}, "\t"))
			}
		}
	}
	return files, cases, manifest
}

// TestWriteKitInputs writes the inputs of every vector, MANIFEST.tsv and
// the list scripts/cdr-kit-vectors.sh runs the kit on (cases.tsv: case,
// format, gold, prediction, level, types).
func TestWriteKitInputs(t *testing.T) {
	dir := *writeKitInputs
	if dir == "" {
		t.Skip("-write-kit-inputs DIR not given")
	}
	readShared(t, "CDR_DevelopmentSet.PubTator.txt")
	files, cases, manifest := kitInputs(t, true)
	files["cases.tsv"] = strings.Join(cases, "\n") + "\n"
	files["MANIFEST.tsv"] = strings.Join(manifest, "\n") + "\n"
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestGoldExcerpt checks that the committed excerpt is the CDR
// development set's documents, byte for byte.
func TestGoldExcerpt(t *testing.T) {
	dev := parseDocs(readShared(t, "CDR_DevelopmentSet.PubTator.txt"))
	b, err := os.ReadFile(filepath.Join(kitDir, "gold.pubtator"))
	if err != nil {
		t.Fatal(err)
	}
	if want := pubtatorText(excerpt(dev, goldExcerpt), true); string(b) != want {
		t.Errorf("%s/gold.pubtator is not the documents %v of the development set", kitDir, goldExcerpt)
	}
	raw := readShared(t, "CDR_DevelopmentSet.PubTator.txt")
	for _, block := range strings.Split(string(b), "\n\n") {
		if block != "" && !strings.Contains(raw, block+"\n\n") {
			t.Errorf("document %.20q is not in the development set as written", block)
		}
	}
}
