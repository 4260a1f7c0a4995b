package entityswap

import (
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/conll/pubtator"
	"github.com/stress-ner/stress/conll/standoff"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
)

// cdrDev is the CDR development set (../shared; see its README).
const cdrDev = "../../../shared/corpora/pubtator/CDR_DevelopmentSet.PubTator.txt"

func TestReplacementRules(t *testing.T) {
	unit := func() *unitNames {
		u := newUnitNames()
		u.concepts["MESH:D001282"] = true // atrial flutter, named in the document
		u.concepts["MESH:D003866"] = true // depression, the mention's
		u.names[Key("atrial flutter")] = true
		u.names[Key("neurologic depression")] = true
		u.names[Key("toxicity")] = true             // a mention the store knows no concept of
		u.introduce("MESH:D006689", "MESH:D014262") // Hodgkin's lymphoma, for tricuspid regurgitation
		return u
	}
	mention := &target{mine: []string{"MESH:D003866"}, key: "MESH:D003866"}
	tricuspid := &target{mine: []string{"MESH:D014262"}, key: "MESH:D014262"}
	cand := func(text string, t *target, ids ...string) *candidate {
		return &candidate{n: name{text: text, key: Key(text)}, ids: ids, keys: []string{Key(text)},
			mention: "neurologic depression", target: t, unit: unit()}
	}
	for _, tc := range []struct {
		what string
		c    *candidate
		want string
	}{
		{"another concept", cand("cyanosis", mention, "MESH:D003490"), ""},
		{"the mention's concept", cand("depression", mention, "MESH:D003866"), "names the mention's concept"},
		{"the mention's text", cand("Neurologic depression", mention, "MESH:D000001"), "names the mention's concept"},
		{"a concept the unit names", cand("atrial flutter", mention, "MESH:D001282"), "names a concept of its unit"},
		{"a name the unit's lookup also gives the unit's concept", cand("auricular flutter", mention, "MESH:D000002", "MESH:D001282"), "names a concept of its unit"},
		{"a name a mention of the unit has", cand("toxicity", mention, "MESH:D064420"), "names a concept of its unit"},
		{"another swap's new concept", cand("Hodgkin's lymphoma", mention, "MESH:D006689"), "names another swap's new concept"},
		{"its own swap's new concept again", cand("Hodgkin's lymphoma", tricuspid, "MESH:D006689"), ""},
	} {
		if got := rejectedBy(tc.c); got != tc.want {
			t.Errorf("%s: %q rejected by %q, want %q", tc.what, tc.c.n.text, got, tc.want)
		}
	}
}

// readPubTator returns the documents of a PubTator file, as sentences.
func readPubTator(t *testing.T, path string) [][]conll.Sentence {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		t.Skip("shared data not present")
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := standoff.NewReader(pubtator.NewDecoder(f, path), path)
	var docs [][]conll.Sentence
	for {
		s, err := r.Read()
		if errors.Is(err, io.EOF) {
			return docs
		}
		if err != nil {
			t.Fatal(err)
		}
		if s.DocStart || len(docs) == 0 {
			docs = append(docs, nil)
		}
		docs[len(docs)-1] = append(docs[len(docs)-1], s)
	}
}

// swapDocument swaps every mention of doc with per-document, as the
// pipeline does, and returns the changes.
func swapDocument(d *documentSwap, r perturb.DocumentReader, doc []conll.Sentence) []perturb.Change {
	var all []perturb.Change
	states := r.(perturb.DocumentLookahead).ObserveDocument(doc)
	for i, s := range doc {
		_, cs := d.PerturbInDocument(states[i], s, allTrue(len(s.Tokens)), perturb.SentenceRand(1, Name, s))
		all = append(all, cs...)
	}
	return all
}

// collisions returns what a unit's swaps make collide: a new concept
// (or name) the unit names, or one new concept for two old ones.
func collisions(s *Swap, unit []conll.Sentence, changes []perturb.Change) []string {
	named, names := map[string]bool{}, map[string]bool{}
	for _, sent := range unit {
		for _, sp := range iob.Spans(sent.Tags) {
			mention := strings.Join(sent.Tokens[sp.Start:sp.End], " ")
			names[Key(mention)] = true
			if _, groups := s.poolOf(sp.Type); groups != nil {
				ids, _ := s.conceptsOf(mention, groups)
				for _, id := range ids {
					named[id] = true
				}
			}
		}
	}
	var out []string
	from := map[string]string{}
	for _, c := range changes {
		old, neu, _ := strings.Cut(c.ConceptID, "->")
		if old == "" {
			old = "name:" + Key(c.Before)
		}
		switch {
		case named[neu] || names[Key(c.After)]:
			out = append(out, c.Before+" -> "+c.After+" ("+neu+"): named by the unit")
		case from[neu] != "" && from[neu] != old:
			out = append(out, c.Before+" -> "+c.After+" ("+neu+"): also new for "+from[neu])
		}
		if from[neu] == "" {
			from[neu] = old
		}
	}
	return out
}

// TestDistinctConcepts6794356: in PMID 6794356 of CDR dev (atrial
// flutter, lithium, and neurologic depression, which became atrial
// flutter before the rule), the new concepts differ from every concept
// of the document and from each other.
func TestDistinctConcepts6794356(t *testing.T) {
	var doc []conll.Sentence
	for _, d := range readPubTator(t, cdrDev) {
		if strings.Contains(d[0].DocLine, "6794356") || strings.Join(d[0].Tokens, " ") == "Tricuspid valve regurgitation and lithium carbonate toxicity in a newborn infant ." {
			doc = d
		}
	}
	if doc == nil {
		t.Fatal("PMID 6794356 not found")
	}
	d := &documentSwap{newSwap(t, Options{})}
	changes := swapDocument(d, d.NewDocumentReader(perturb.RunInfo{Seed: 1}), doc)
	if len(changes) < 10 {
		t.Fatalf("%d changes: %+v", len(changes), changes)
	}
	if c := collisions(d.Swap, doc, changes); len(c) > 0 {
		t.Errorf("collisions: %q", c)
	}
	olds := map[string]string{}
	for _, c := range changes {
		old, neu, _ := strings.Cut(c.ConceptID, "->")
		if neu == "MESH:D001282" || strings.EqualFold(c.After, "atrial flutter") && c.Before != "atrial flutter" {
			t.Errorf("%q became %q (%s), the document's atrial flutter", c.Before, c.After, neu)
		}
		if o, ok := olds[neu]; ok && o != old {
			t.Errorf("%s is new for %s and %s", neu, o, old)
		}
		olds[neu] = old
		t.Logf("%s -> %s (%s)", c.Before, c.After, c.ConceptID)
	}
}

// TestCollisionsCDRDev counts the units of CDR dev (documents with
// per-document, sentences without) whose swaps collide, with the
// round trip alone (the rules before the unit's) and with every rule:
// none with every rule.
func TestCollisionsCDRDev(t *testing.T) {
	if testing.Short() {
		t.Skip("reads CDR dev twice")
	}
	docs := readPubTator(t, cdrDev)
	count := func(perDocument bool) (units, colliding int) {
		d := &documentSwap{newSwap(t, Options{})}
		r := d.NewDocumentReader(perturb.RunInfo{Seed: 1})
		for _, doc := range docs {
			if perDocument {
				units++
				if c := collisions(d.Swap, doc, swapDocument(d, r, doc)); len(c) > 0 {
					colliding++
				}
				continue
			}
			for _, s := range doc {
				units++
				_, cs := d.Swap.Perturb(s, allTrue(len(s.Tokens)), perturb.SentenceRand(1, Name, s))
				if c := collisions(d.Swap, []conll.Sentence{s}, cs); len(c) > 0 {
					colliding++
				}
			}
		}
		return units, colliding
	}
	all := replacementRules
	defer func() { replacementRules = all }()
	for _, perDocument := range []bool{true, false} {
		replacementRules = all[:1]
		units, before := count(perDocument)
		replacementRules = all
		_, after := count(perDocument)
		t.Logf("per-document %v: %d of %d units collided with the round trip alone, %d with every rule", perDocument, before, units, after)
		if after != 0 {
			t.Errorf("per-document %v: %d units collide", perDocument, after)
		}
	}
}
