package concepts

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	_ "github.com/stress-ner/stress/conll/formats"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/umls"
)

// TestDefaultLabelSets checks that every type of labelSets, in any
// case, maps to its row's group, that no type is in two groups, and that
// UMLS semantic types (MedMentions' labels) and groups map to theirs.
func TestDefaultLabelSets(t *testing.T) {
	d := Default()
	seen := map[string]string{}
	for _, ls := range labelSets {
		if ls.Group != "CHEM" && ls.Group != "DISO" {
			t.Errorf("%s: group %s: the embedded store names CHEM and DISO only", ls.Corpus, ls.Group)
		}
		for _, typ := range ls.Types {
			for _, v := range []string{typ, strings.ToLower(typ), strings.ToUpper(typ)} {
				if g := d.Groups(v); !slices.Equal(g, []string{ls.Group}) {
					t.Errorf("%s: %s maps to %v, want %s", ls.Corpus, v, g, ls.Group)
				}
			}
			k := strings.ToLower(typ)
			if prev, ok := seen[k]; ok && prev != ls.Group {
				t.Errorf("%s is in %s and %s", typ, prev, ls.Group)
			}
			seen[k] = ls.Group
		}
	}
	for typ, want := range map[string]string{
		"ChemicalEntity": "CHEM", "DiseaseOrPhenotypicFeature": "DISO", "Simple_chemical": "CHEM", "Cancer": "DISO",
		"CHEBI": "CHEM", "T047": "DISO", "T121": "CHEM", "Disease or Syndrome": "DISO", "Pharmacologic Substance": "CHEM",
		"chem": "CHEM", "DISO": "DISO", "Chemical": "CHEM", "SpecificDisease": "DISO",
	} {
		if g := d.Groups(typ); !slices.Equal(g, []string{want}) {
			t.Errorf("%s maps to %v, want %s", typ, g, want)
		}
	}
	// Types of other kinds stay unmapped: the store names none of them.
	for _, typ := range []string{"GeneOrGeneProduct", "Gene_or_gene_product", "OrganismTaxon", "Organism", "CellLine",
		"SequenceVariant", "Protein", "GGP", "CL", "SO", "Taxon", "GO", "T028", "Gene or Genome", "ANAT", "Anatomy", "GENE"} {
		if g := d.Groups(typ); g != nil {
			t.Errorf("%s maps to %v, want nothing", typ, g)
		}
	}
	for typ, gs := range d {
		for _, g := range gs {
			if g != "CHEM" && g != "DISO" {
				t.Errorf("default %s=%s: a group the embedded store lacks", typ, g)
			}
		}
	}
}

// mentionsOf returns the gold mentions of a corpus file by type.
func mentionsOf(t *testing.T, path string) map[string][]string {
	t.Helper()
	sents, err := conll.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, s := range sents {
		for _, sp := range iob.Spans(s.Tags) {
			out[sp.Type] = append(out[sp.Type], strings.Join(s.Tokens[sp.Start:sp.End], " "))
		}
	}
	return out
}

// TestDefaultFits measures, on the training and development splits of
// the corpora in ../shared, the share of each type's mentions the
// embedded store names as CHEM and as DISO: every type the default map
// maps must be named under its group in at least minFit of its
// mentions, and no type under another group (nor an unmapped type under
// any) in as many; the figures minFit's comment gives are these.
func TestDefaultFits(t *testing.T) {
	root := filepath.Join("..", "..", "..", "..", "shared", "corpora")
	if _, err := os.Stat(root); err != nil {
		t.Skip("../shared not present")
	}
	if testing.Short() {
		t.Skip("reads six corpora")
	}
	store, err := umls.OpenDefault()
	if err != nil {
		t.Fatal(err)
	}
	d := Default()
	var files []string
	for _, c := range []string{"BC5CDR-IOB", "NCBI-disease-IOB", "foreign-iob/BioNLP13PC", "foreign-iob/BioNLP11ID", "foreign-iob/CRAFT"} {
		files = append(files, filepath.Join(root, c, "train.tsv"), filepath.Join(root, c, "devel.tsv"))
	}
	files = append(files, filepath.Join(root, "BioRED", "train.pubtator"), filepath.Join(root, "BioRED", "devel.pubtator"))
	lowFit, highMisfit := 1.0, 0.0
	for _, f := range files {
		for typ, ms := range mentionsOf(t, f) {
			if len(ms) < minFitMentions {
				continue
			}
			for _, g := range []string{"CHEM", "DISO"} {
				n := 0
				for _, m := range ms {
					ok, err := named(store, m, g)
					if err != nil {
						t.Fatal(err)
					}
					if ok {
						n++
					}
				}
				share := float64(n) / float64(len(ms))
				rel, _ := filepath.Rel(root, f)
				what := fmt.Sprintf("%s %s (%d mentions) as %s: %.1f%%", rel, typ, len(ms), g, 100*share)
				t.Log(what)
				if slices.Equal(d.Groups(typ), []string{g}) {
					lowFit = min(lowFit, share)
					if share < minFit {
						t.Errorf("%s, under MinFit: the default maps it there", what)
					}
				} else {
					highMisfit = max(highMisfit, share)
					if share >= minFit {
						t.Errorf("%s, at least MinFit, but the default does not map it there", what)
					}
				}
			}
		}
	}
	t.Logf("types named under their group: at least %.1f%%; under another: at most %.1f%%", 100*lowFit, 100*highMisfit)
}

// fakeAudit is an audit's FitSection as a kind counts it.
func fakeAudit(items map[string]int) map[string]map[string]int {
	return map[string]map[string]int{FitSection: items, "other": {"x": 1}}
}

func TestTypeNotes(t *testing.T) {
	biored := fakeAudit(map[string]int{
		"ChemicalEntity": 822, "ChemicalEntity as CHEM": 628,
		"GeneOrGeneProduct": 1087, "GeneOrGeneProduct as CHEM": 92, "GeneOrGeneProduct as DISO": 21,
		"CellLine": 22,
	})
	notes, err := TypeNotes(biored, "")
	if err != nil || len(notes) != 1 || !strings.Contains(notes[0], "GeneOrGeneProduct (1087)") || !strings.Contains(notes[0], "CellLine (22)") ||
		strings.Contains(notes[0], "--type-map GeneOrGeneProduct") || strings.Contains(notes[0], "ChemicalEntity") {
		t.Errorf("BioRED: %q, %v", notes, err)
	}
	// An unmapped type a group fits gets the item to write.
	custom := fakeAudit(map[string]int{"Drugz": 100, "Drugz as CHEM": 80, "Drugz as DISO": 2, "Illness": 50, "Illness as DISO": 30})
	notes, err = TypeNotes(custom, "")
	if err != nil || len(notes) != 1 || !strings.Contains(notes[0], "--type-map Drugz=CHEM,Illness=DISO") || strings.Contains(notes[0], "UMLS") {
		t.Errorf("custom: %q, %v", notes, err)
	}
	// A given item that misfits is refused; a default that misfits is a
	// warning.
	anatomy := fakeAudit(map[string]int{"Anatomy": 300, "Anatomy as DISO": 12})
	if _, err := TypeNotes(anatomy, "Anatomy=DISO"); !errors.Is(err, ErrTypeMap) || !strings.Contains(err.Error(), "12 of its 300 mentions (4.0%)") {
		t.Errorf("Anatomy=DISO: %v", err)
	}
	cancer := fakeAudit(map[string]int{"Cancer": 300, "Cancer as DISO": 12})
	if notes, err := TypeNotes(cancer, ""); err != nil || len(notes) != 1 || !strings.HasPrefix(notes[0], "warning: ") {
		t.Errorf("misfit default: %q, %v", notes, err)
	}
	// Too few mentions to judge, and a type that fits: nothing.
	for _, a := range []map[string]map[string]int{
		fakeAudit(map[string]int{"Anatomy": 10, "Anatomy as DISO": 0}),
		fakeAudit(map[string]int{"Anatomy": 100, "Anatomy as DISO+ANAT": 60}),
	} {
		if notes, err := TypeNotes(a, "Anatomy=DISO+ANAT"); err != nil || len(notes) != 0 {
			t.Errorf("%v: %q, %v", a, notes, err)
		}
	}
}
