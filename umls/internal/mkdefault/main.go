// Command mkdefault builds the embedded default lexicon of package umls
// (umls/default/lexicon.tsv.gz) from the open lexicons in ../shared/lexicon
// (MeSH, DrugBank, ChEBI, DOID and NCIt term files) and the in-domain names
// of the BioCreative V CDR training and development PubTator files (source
// CDR, term type "mention"; the test split is never read).
//
// Run it from the umls directory with "go generate" (see umls/doc.go):
//
//	go run ./internal/mkdefault -lexicon ../../shared/lexicon -pubtator ../../shared/corpora/pubtator -out default/lexicon.tsv.gz
//
// The output is deterministic: the same inputs give the same bytes.
//
// Format: one line per concept, "id<TAB>group<TAB>term<TAB>term...", where
// group is CHEM, DISO or empty and each term is a term-type letter (L label,
// E entry, S synonym, X exact), an avoid letter (- usable, I inverted, R
// registry, F formula) and the string. A field "@SOURCE" says that the
// terms after it come from SOURCE rather than from the concept's own
// lexicon: the CDR names of a MeSH descriptor follow its MeSH terms as
// "@CDR", then "M-name" (M: mention). Registry numbers and systematic
// formulae are dropped (a concept's label is always kept): they are not
// replacement candidates and corpora rarely contain them, while they are a
// third of ChEBI's bytes.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/internal/termfile"
	"github.com/stress-ner/stress/umls"
)

// sources are the lexicon term files, MeSH first.
var sources = termfile.Lexicons

// pubtatorFiles are the CDR splits whose annotations give in-domain names:
// training and development only. The training file of this release also
// holds the development documents; MentionNames counts each annotation once.
var pubtatorFiles = []string{"CDR_TrainingSet.PubTator.txt", "CDR_DevelopmentSet.PubTator.txt"}

// cdrSource names the CDR terms in the store.
const cdrSource = "CDR"

// cdrOptions is the evidence a CDR name needs (flags -cdr-*).
var cdrOptions umls.MentionNameOptions

func main() {
	lexicon := flag.String("lexicon", "../../shared/lexicon", "directory of the open lexicons")
	pubtator := flag.String("pubtator", "../../shared/corpora/pubtator", "directory of the CDR PubTator files (empty: no CDR names)")
	out := flag.String("out", "default/lexicon.tsv.gz", "output file")
	list := flag.String("list", "", "also write the CDR names, with their evidence, to this TSV file")
	flag.IntVar(&cdrOptions.MinDocs, "cdr-docs", 2, "documents that must annotate a CDR name with its concept")
	flag.IntVar(&cdrOptions.MinCount, "cdr-count", 2, "annotations of a CDR name with its concept")
	flag.Float64Var(&cdrOptions.MinShare, "cdr-share", 0.95, "share of a string's annotations that must carry the concept")
	flag.Parse()
	if err := build(*lexicon, *pubtator, *out, *list, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "mkdefault:", err)
		os.Exit(1)
	}
}

type concept struct {
	id, group string
	terms     []string // encoded
	seen      map[string]bool
}

func build(dir, pubtator, out, list string, log io.Writer) error {
	var cdr map[string][]umls.MentionName
	if pubtator != "" {
		var err error
		if cdr, err = cdrNames(filepath.Join(dir, sources[0]), pubtator, list, log); err != nil {
			return err
		}
	}
	stats := map[string]int{}
	err := termfile.WriteGzip(out, func(bw *bufio.Writer) error {
		return writeStore(bw, dir, cdr, stats)
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(log, "concepts %d, terms kept %d (inverted %d), dropped registry %d, formula %d; "+
		"CDR names %d (%d on MeSH concepts, %d on concepts of their own, %d already MeSH names)\n",
		stats["concepts"], stats["kept"], stats["inverted"], stats["registry"], stats["formula"],
		stats["cdr"], stats["cdr"]-stats["cdr own"], stats["cdr own"], stats["cdr known"])
	return nil
}

// writeStore writes the store's lines: the concepts of the lexicons, in
// order, then those that only CDR names.
func writeStore(bw *bufio.Writer, dir string, cdr map[string][]umls.MentionName, stats map[string]int) error {
	for i, src := range sources {
		var extra map[string][]umls.MentionName
		if i == 0 {
			extra = cdr // MeSH: the CDR ids are its descriptors and supplementary concepts
		}
		if err := convert(filepath.Join(dir, src), bw, extra, stats); err != nil {
			return err
		}
	}
	// Concepts the MeSH file lacks (supplementary concepts, newer
	// descriptors) have only their CDR names.
	ids := make([]string, 0, len(cdr))
	for id := range cdr {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		c := &concept{id: id, group: groupOf(cdr[id][0].Type)}
		c.addCDR(cdr[id], stats)
		c.write(bw, stats)
	}
	return nil
}

// write writes c's line, if it has terms.
func (c *concept) write(w *bufio.Writer, stats map[string]int) {
	if len(c.terms) == 0 {
		return
	}
	stats["concepts"]++
	w.WriteString(c.id)
	w.WriteByte('\t')
	w.WriteString(c.group)
	for _, t := range c.terms {
		w.WriteByte('\t')
		w.WriteString(t)
	}
	w.WriteByte('\n')
}

// addCDR appends the CDR names of c that its own terms do not already
// spell (up to Normalize).
func (c *concept) addCDR(ns []umls.MentionName, stats map[string]int) {
	known := map[string]bool{}
	for _, t := range c.terms {
		known[umls.Normalize(t[2:])] = true
	}
	own := len(c.terms) == 0
	head := false
	for _, n := range ns {
		k := umls.Normalize(n.Name)
		if known[k] {
			stats["cdr known"]++
			continue
		}
		known[k] = true
		if !head {
			c.terms = append(c.terms, "@"+cdrSource)
			head = true
		}
		c.terms = append(c.terms, "M-"+n.Name)
		stats["cdr"]++
		if own {
			stats["cdr own"]++
		}
	}
}

func groupOf(typ string) string {
	switch strings.ToLower(typ) {
	case "chemical":
		return "CHEM"
	case "disease":
		return "DISO"
	}
	return ""
}

// cdrNames reads the MeSH term file (labels, and which descriptor each
// name belongs to) and the CDR PubTator files, and returns the CDR names
// by concept id. A string that already names another MeSH concept, or
// that is an abbreviation, is not taken: it would make the string
// ambiguous, or stand for a long form the text defines.
func cdrNames(meshPath, dir, list string, log io.Writer) (map[string][]umls.MentionName, error) {
	labels := map[string]string{}
	owners := map[string][]string{} // normalized MeSH name -> concept ids
	if err := readTerms(meshPath, func(id, str, tty string) {
		if tty == "label" {
			labels[id] = str
		}
		k := umls.Normalize(str)
		if l := owners[k]; !slices.Contains(l, id) {
			owners[k] = append(l, id)
		}
	}); err != nil {
		return nil, err
	}
	var ms []umls.PubTatorMention
	for _, name := range pubtatorFiles {
		if err := termfile.NotTest(name); err != nil {
			return nil, err
		}
		path := filepath.Join(dir, name)
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		m, err := umls.ReadPubTator(f, path)
		f.Close()
		if err != nil {
			return nil, err
		}
		for _, x := range m {
			if err := umls.CheckName(x.Text); err != nil {
				return nil, fmt.Errorf("%s:%d: %w", path, x.Line, err)
			}
		}
		ms = append(ms, m...)
	}
	opt := cdrOptions
	opt.Prefix = "MESH:"
	opt.Label = func(id string) string { return labels[id] }
	opt.Reject = func(id, name string) string {
		if umls.IsAbbreviation(name) {
			return "abbreviation"
		}
		for _, o := range owners[umls.Normalize(name)] {
			if o != id {
				return "names another MeSH concept"
			}
		}
		return ""
	}
	names, dropped := umls.MentionNames(ms, opt)
	fmt.Fprintf(log, "CDR: %d annotations, %d names kept; dropped strings: %v\n", len(ms), len(names), dropped)
	out := map[string][]umls.MentionName{}
	for _, n := range names {
		out[n.ConceptID] = append(out[n.ConceptID], n)
	}
	if list != "" {
		var b strings.Builder
		b.WriteString("concept_id\ttype\tname\tdocs\tcount\tlabel\n")
		for _, n := range names {
			fmt.Fprintf(&b, "%s\t%s\t%s\t%d\t%d\t%s\n", n.ConceptID, n.Type, n.Name, n.Docs, n.Count, labels[n.ConceptID])
		}
		if err := atomicfile.WriteFile(list, []byte(b.String()), false); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// readTerms calls fn for each row of a term file.
func readTerms(path string, fn func(id, str, tty string)) error {
	return termfile.Rows(path, func(f []string) error {
		if err := checkRow(f); err != nil {
			return err
		}
		if s := strings.TrimSpace(f[2]); s != "" {
			fn(f[0], s, f[3])
		}
		return nil
	})
}

// checkRow checks the fields of a term file row. The generator refuses a bad name rather than skip it,
// unlike an import: the embedded store must be exactly what its sources say, and a bad name in them is fixed there
// (as the U+FFFD of "F\uFFFD\uFFFDlling's disease" was in the DOID file), not
// silently lost at every regeneration.
func checkRow(f []string) error {
	if len(f) != 4 {
		return fmt.Errorf("%d fields, want 4", len(f))
	}
	for i, x := range f {
		if i == 2 {
			x = strings.TrimSpace(x)
		}
		if err := umls.CheckName(x); err != nil {
			return fmt.Errorf("field %d: %w", i+1, err)
		}
	}
	return nil
}

var ttyCode = map[string]byte{"label": 'L', "entry": 'E', "synonym": 'S', "exact": 'X'}
var avoidCode = map[string]byte{"": '-', umls.AvoidInverted: 'I', umls.AvoidRegistry: 'R', umls.AvoidFormula: 'F'}

func convert(path string, w *bufio.Writer, extra map[string][]umls.MentionName, stats map[string]int) error {
	var cur *concept
	flush := func() {
		if cur == nil {
			return
		}
		if ns, ok := extra[cur.id]; ok {
			if cur.group == "" {
				cur.group = groupOf(ns[0].Type)
			}
			cur.addCDR(ns, stats)
			delete(extra, cur.id)
		}
		cur.write(w, stats)
	}
	err := termfile.Rows(path, func(f []string) error {
		if err := checkRow(f); err != nil {
			return err
		}
		id, cat, str, tty := f[0], f[1], strings.TrimSpace(f[2]), f[3]
		// Tabs and newlines cannot occur (the input is TSV), so the
		// strings need no escaping.
		if str == "" {
			return nil
		}
		if cur == nil || cur.id != id {
			flush()
			cur = &concept{id: id, seen: map[string]bool{}}
		}
		if g := groupOf(cat); g != "" {
			cur.group = g
		}
		if cur.seen[str] {
			return nil
		}
		cur.seen[str] = true
		tc, ok := ttyCode[tty]
		if !ok {
			return fmt.Errorf("unknown term type %q", tty)
		}
		avoid := umls.Classify(str, tty)
		if (avoid == umls.AvoidRegistry || avoid == umls.AvoidFormula) && tty != "label" {
			stats[avoid]++
			return nil
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
		return nil
	})
	if err != nil {
		return err
	}
	flush()
	return nil
}
