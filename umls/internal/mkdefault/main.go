// Command mkdefault builds the embedded default lexicon of package umls
// (umls/default/lexicon.tsv.gz) from the open lexicons in ../shared/lexicon:
// MeSH, DrugBank, ChEBI, DOID and NCIt term files.
//
// Run it from the umls directory with "go generate" (see umls/doc.go):
//
//	go run ./internal/mkdefault -lexicon ../../shared/lexicon -out default/lexicon.tsv.gz
//
// The output is deterministic: the same inputs give the same bytes.
//
// Format: one line per concept, "id<TAB>group<TAB>term<TAB>term...", where
// group is CHEM, DISO or empty and each term is a term-type letter (L label,
// E entry, S synonym, X exact), an avoid letter (- usable, I inverted, R
// registry, F formula) and the string. Registry numbers and systematic
// formulae are dropped (a concept's label is always kept): they are not
// replacement candidates and corpora rarely contain them, while they are a
// third of ChEBI's bytes.
package main

import (
	"bufio"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/umls"
)

var sources = []string{
	"mesh/mesh_descriptors.terms.tsv",
	"drugbank/drugbank.terms.tsv",
	"chebi/chebi_3star.terms.tsv.gz",
	"doid/doid_2018-07-05.terms.tsv",
	"ncit/ncit_disease.terms.tsv",
}

func main() {
	lexicon := flag.String("lexicon", "../../shared/lexicon", "directory of the open lexicons")
	out := flag.String("out", "default/lexicon.tsv.gz", "output file")
	flag.Parse()
	if err := build(*lexicon, *out, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "mkdefault:", err)
		os.Exit(1)
	}
}

type concept struct {
	id, group string
	terms     []string // encoded
	seen      map[string]bool
}

func build(dir, out string, log io.Writer) error {
	f, err := atomicfile.Create(out, false)
	if err != nil {
		return err
	}
	defer f.Abort()
	zw, err := gzip.NewWriterLevel(f, gzip.BestCompression)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(zw, 1<<16)
	stats := map[string]int{}
	for _, src := range sources {
		if err := convert(filepath.Join(dir, src), bw, stats); err != nil {
			return err
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	fmt.Fprintf(log, "concepts %d, terms kept %d (inverted %d), dropped registry %d, formula %d\n",
		stats["concepts"], stats["kept"], stats["inverted"], stats["registry"], stats["formula"])
	return f.Commit()
}

var ttyCode = map[string]byte{"label": 'L', "entry": 'E', "synonym": 'S', "exact": 'X'}
var avoidCode = map[string]byte{"": '-', umls.AvoidInverted: 'I', umls.AvoidRegistry: 'R', umls.AvoidFormula: 'F'}

func convert(path string, w *bufio.Writer, stats map[string]int) error {
	in, err := os.Open(path)
	if err != nil {
		return err
	}
	defer in.Close()
	var r io.Reader = in
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(in)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		r = zr
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	var cur *concept
	flush := func() {
		if cur == nil || len(cur.terms) == 0 {
			return
		}
		stats["concepts"]++
		w.WriteString(cur.id)
		w.WriteByte('\t')
		w.WriteString(cur.group)
		for _, t := range cur.terms {
			w.WriteByte('\t')
			w.WriteString(t)
		}
		w.WriteByte('\n')
	}
	line := 0
	for sc.Scan() {
		line++
		f := strings.Split(sc.Text(), "\t")
		if line == 1 && f[0] == "concept_id" {
			continue
		}
		if len(f) != 4 {
			return fmt.Errorf("%s:%d: %d fields, want 4", path, line, len(f))
		}
		id, cat, str, tty := f[0], f[1], strings.TrimSpace(f[2]), f[3]
		// Tabs and newlines cannot occur (the input is TSV), so the
		// strings need no escaping.
		if str == "" {
			continue
		}
		if cur == nil || cur.id != id {
			flush()
			cur = &concept{id: id, seen: map[string]bool{}}
		}
		switch strings.ToLower(cat) {
		case "chemical":
			cur.group = "CHEM"
		case "disease":
			cur.group = "DISO"
		}
		if cur.seen[str] {
			continue
		}
		cur.seen[str] = true
		tc, ok := ttyCode[tty]
		if !ok {
			return fmt.Errorf("%s:%d: unknown term type %q", path, line, tty)
		}
		avoid := umls.Classify(str, tty)
		if (avoid == umls.AvoidRegistry || avoid == umls.AvoidFormula) && tty != "label" {
			stats[avoid]++
			continue
		}
		stats["kept"]++
		if avoid == umls.AvoidInverted {
			stats["inverted"]++
		}
		t := string([]byte{tc, avoidCode[avoid]}) + str
		if tty == "label" {
			// The label leads: it is the concept's name.
			cur.terms = append([]string{t}, cur.terms...)
		} else {
			cur.terms = append(cur.terms, t)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	flush()
	return nil
}
