// Command mkgold builds the attested names of package synonym
// (perturb/synonym/gold.txt): the names that the annotators of the
// BioCreative V CDR training and development PubTator files (never the
// test split) linked to a MeSH concept, with the evidence
// umls.MentionNames asks of an in-domain name (two documents or more,
// 95% of the string's annotations on the concept, one entity type, no
// adjective of the label, no disease filed under a MeSH heading). A
// lexicon name that is one of them for a concept the mention names was
// written by authors for that concept: synonym.Attested.
//
// Run it from perturb/synonym with "go generate" (see gold.go):
//
//	go run ./internal/mkgold -shared ../../../shared -out gold.txt
//
// MeSH 2024 at concept level (lexicon/mesh/mesh2024_concepts.tsv.gz)
// judges the annotations, which are older than it: a name that MeSH
// 2024 files under other descriptors only has a heading of its own since
// ("hypomania", "hyperthermia", annotated in CDR as bipolar disorder and
// fever for want of one) and is dropped; a name of the descriptor keeps
// the MeSH concept it belongs to, so that a mention of another concept
// of the descriptor ("renal failure" and "renal insufficiency",
// "aspartate" and "aspartic acid") is not taken for the same concept.
//
// Output: sorted lines "a<TAB>key<TAB>MESH:id<TAB>concept", an
// attested name (key as english.AttestKey writes it) with its MeSH
// concept ("-" when MeSH 2024 does not list it under the descriptor),
// "h" for one that is the descriptor's heading (its preferred term);
// "c<TAB>key<TAB>MESH:id<TAB>concept", every MeSH 2024 term of the
// descriptors of attested names with its concept; and
// "p<TAB>-<TAB>MESH:id<TAB>concept", the preferred concept of each. The
// same inputs give the same bytes.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/stress-ner/stress/internal/termfile"
	"github.com/stress-ner/stress/perturb/internal/english"
	"github.com/stress-ner/stress/umls"
)

// pubtatorFiles are the CDR splits read: training and development only.
var pubtatorFiles = []string{"corpora/pubtator/CDR_TrainingSet.PubTator.txt", "corpora/pubtator/CDR_DevelopmentSet.PubTator.txt"}

// meshTerms is the MeSH term file, whose labels tell a heading or an
// adjective of the label from a name.
const meshTerms = "lexicon/" + "mesh/mesh_descriptors.terms.tsv"

// meshConcepts is MeSH 2024 at concept level.
const meshConcepts = "lexicon/mesh/mesh2024_concepts.tsv.gz"

// meshTerm is one row of meshConcepts.
type meshTerm struct {
	descriptor, concept, key string
	heading                  bool // the descriptor's preferred term
}

func main() {
	if err := termfile.Generate("mkgold", os.Args[1:], "../../../shared", "gold.txt", build, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func build(shared, out string, log io.Writer) error {
	labels := map[string]string{}
	if err := termfile.Rows(filepath.Join(shared, meshTerms), func(f []string) error {
		if len(f) != 4 {
			return fmt.Errorf("%d fields, want 4", len(f))
		}
		if f[3] == "label" {
			labels[f[0]] = f[2]
		}
		return nil
	}); err != nil {
		return err
	}
	var ms []umls.PubTatorMention
	for _, name := range pubtatorFiles {
		if err := termfile.NotTest(name); err != nil {
			return err
		}
		path := filepath.Join(shared, name)
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		m, err := umls.ReadPubTator(f, path)
		f.Close()
		if err != nil {
			return err
		}
		ms = append(ms, m...)
	}
	names, dropped := umls.MentionNames(ms, umls.MentionNameOptions{MinDocs: 2, MinShare: 0.95, Prefix: "MESH:",
		Label: func(id string) string { return labels[id] }})
	var terms []meshTerm
	byKey := map[string][]int{} // term key -> rows of terms
	byDescriptor := map[string][]int{}
	header := true
	if err := termfile.Lines(filepath.Join(shared, meshConcepts), func(n int, line string) error {
		if header {
			header = false
			return nil
		}
		f := strings.Split(line, "\t")
		if len(f) != 7 {
			return fmt.Errorf("%d fields, want 7", len(f))
		}
		t := meshTerm{descriptor: f[0], concept: f[1], key: english.AttestKey(f[6]), heading: f[2] == "Y"}
		byKey[t.key] = append(byKey[t.key], len(terms))
		byDescriptor[t.descriptor] = append(byDescriptor[t.descriptor], len(terms))
		terms = append(terms, t)
		return nil
	}); err != nil {
		return err
	}
	var lines []string
	kept := map[string]bool{} // descriptors of kept names
	elsewhere := 0
	for _, n := range names {
		key := english.AttestKey(n.Name)
		concept, other, heading := "-", false, false
		for _, i := range byKey[key] {
			if terms[i].descriptor == n.ConceptID {
				concept, heading = terms[i].concept, heading || terms[i].heading
			} else {
				other = true
			}
		}
		if other && concept == "-" {
			elsewhere++ // a heading of its own since the annotations
			continue
		}
		kind := "a"
		if heading {
			kind = "h"
		}
		lines = append(lines, kind+"\t"+key+"\t"+n.ConceptID+"\t"+concept)
		kept[n.ConceptID] = true
	}
	for d := range kept {
		for _, i := range byDescriptor[d] {
			lines = append(lines, "c\t"+terms[i].key+"\t"+d+"\t"+terms[i].concept)
			if terms[i].heading {
				lines = append(lines, "p\t-\t"+d+"\t"+terms[i].concept)
			}
		}
	}
	slices.Sort(lines)
	lines = slices.Compact(lines)
	fmt.Fprintf(log, "attested names %d of %d descriptors (of %d annotations), %d filed under another MeSH 2024 heading; %d lines; dropped strings: %v\n",
		len(names)-elsewhere, len(kept), len(ms), elsewhere, len(lines), dropped)
	return termfile.WriteText(out, func(w *bufio.Writer) error {
		for _, l := range lines {
			if _, err := w.WriteString(l + "\n"); err != nil {
				return err
			}
		}
		return nil
	})
}
