package umls

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/internal/testfile"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func golden(t *testing.T, name, got string) {
	t.Helper()
	testfile.Golden(t, filepath.Join("testdata", name), []byte(got), *update)
}

// dump renders the lookups of terms as text: concepts, groups, and every
// term with its source, type and flags.
func dump(t *testing.T, s *Store, terms ...string) string {
	var b strings.Builder
	for _, q := range terms {
		cs, err := s.Lookup(q)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "lookup %q (%q): %d concepts\n", q, Normalize(q), len(cs))
		for _, c := range cs {
			fmt.Fprintf(&b, "  %s %q groups=%v types=%v source=%s\n", c.ID, c.Name, c.Groups, c.Types, c.Source)
			ts, err := s.Terms(c.ID)
			if err != nil {
				t.Fatal(err)
			}
			for _, tm := range ts {
				fmt.Fprintf(&b, "    %q %s/%s pref=%v suppressed=%v avoid=%q\n", tm.String, tm.Source, tm.TermType, tm.Preferred, tm.Suppressed, tm.Avoid)
			}
		}
	}
	return b.String()
}

func TestImportLexiconsGolden(t *testing.T) {
	db := filepath.Join(t.TempDir(), "lex.db")
	in, err := Import(context.Background(), db, ImportOptions{
		MRCONSO: "testdata/MRCONSO.RRF", MRSTY: "testdata/MRSTY.RRF",
		Terms: []string{"testdata/mesh_sample.terms.tsv", "testdata/drugbank_sample.terms.tsv"},
		OBO:   []string{"testdata/doid_sample.obo"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(in.Inputs) != 5 || in.Sources["MESH"] == 0 || in.Sources["DOID"] == 0 || in.Sources["DRUGBANK"] == 0 {
		t.Errorf("info %+v", in)
	}
	s, err := Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	golden(t, "lexicons.golden", dump(t, s, "Myocardial Infarction", "heart attack", "cocaine", "Heparin", "(131)I-MAA", "hemangiosarcoma"))
	// An obsolete OBO term is not imported.
	if cs, _ := s.Lookup("Actinomadura madurae infectious disease"); len(cs) != 0 {
		t.Errorf("obsolete term imported: %v", cs)
	}
	// Concepts of different sources stay apart.
	cs, _ := s.Lookup("myocardial infarction", "DISO")
	if len(cs) != 2 || cs[0].ID != "DOID:5844" || cs[1].ID != "MESH:D009203" {
		t.Errorf("lookup myocardial infarction = %v", cs)
	}
}

func TestSourceFilters(t *testing.T) {
	db := filepath.Join(t.TempDir(), "f.db")
	_, err := Import(context.Background(), db, ImportOptions{
		Terms: []string{"testdata/mesh_sample.terms.tsv", "testdata/drugbank_sample.terms.tsv"}, ExcludeSources: []string{"MESH"}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	cs, _ := s.Lookup("cocaine")
	if len(cs) != 1 || cs[0].Source != "DRUGBANK" {
		t.Errorf("with MESH excluded, cocaine -> %v", cs)
	}
}

func TestClassify(t *testing.T) {
	for _, c := range []struct{ in, tty, want string }{
		{"Infarction, Myocardial", "entry", AvoidInverted},
		{"Diabetes Mellitus, Type 2", "entry", AvoidInverted},
		{"[Leu1, Thr2]-63-desulfohirudin", "synonym", ""},
		{"1,2-Dipalmitoylphosphatidylcholine", "label", ""},
		{"Heart Attack", "entry", ""},
		{"50-00-0", "synonym", AvoidRegistry},
		{"NSC 123456", "synonym", AvoidRegistry},
		{"SCH-39166", "synonym", AvoidRegistry},
		{"Y43GF64R34", "synonym", AvoidRegistry},
		{"EC 3.1.1.1", "synonym", AvoidRegistry},
		{"C6H12O6", "synonym", AvoidFormula},
		{"PGE1", "synonym", ""},
		{"5-FU", "synonym", ""},
		{"(2R,3R)-2-(3,4-dihydroxyphenyl)-3,4-dihydro-2H-chromene-3,5,7-triol", "synonym", AvoidFormula},
		{"InChI=1S/CH4/h1H4", "synonym", AvoidFormula},
		{"Heart Attack", "PM", AvoidInverted},
		{"acetylsalicylic acid", "synonym", ""},
		// Research codes inside longer names, and gene or antigen symbols
		// that are names.
		{"Antibiotic AY 22989", "synonym", AvoidRegistry},
		{"AY 22989", "synonym", AvoidRegistry},
		{"Ro 15-1788", "synonym", AvoidRegistry},
		{"MK-7288 free base", "synonym", AvoidRegistry},
		{"GBR12909 dihydrochloride", "synonym", AvoidRegistry},
		{"RNF168 deficiency", "exact", ""},
		{"CD268 Antigen", "entry", ""},
		{"COX-2 inhibitor", "synonym", ""},
		{"HIV-1 infection", "synonym", ""},
		{"vitamin B12", "synonym", ""},
		{"Angiotensin II", "synonym", ""},
		// Abbreviation soup and peptide sequences.
		{"2-2EtN-2MePhAcN", "synonym", AvoidFormula},
		{"PheGlyGlyPheThrGlyAlaArgLysSerAlaArgLysLeuAlaAsnGln", "synonym", AvoidFormula},
		{"IgG1", "synonym", ""},
		{"mRNA", "synonym", ""},
		{"Dry Eye(s)", "exact", ""},
		{"SCC of Lip", "exact", ""},
		// Systematic names: two or more locants, stereo descriptors or
		// glued substituent brackets.
		{"4-NITRO-2-PHENOXYMETHANESULFONANILIDE", "synonym", AvoidFormula},
		{"4-(Acetylamino)phenol", "synonym", AvoidFormula},
		{"2-(3-Benzoylphenyl)propionic Acid", "synonym", AvoidFormula},
		{"O-benzoyl-(-)-ecgonine", "synonym", AvoidFormula},
		{"6-Dimethylamino-4,4-diphenyl-3-heptanone", "synonym", AvoidFormula},
		{"(2Z)-but-2-enedioate", "synonym", AvoidFormula},
		{"2,6-dioxo-3-phthalimidopiperidine", "synonym", AvoidFormula},
		{"2-(Diethylamino)-2',6'-acetoxylidide", "synonym", AvoidFormula},
		{"(-)-2'-Deoxy-3'-thiacytidine", "synonym", AvoidFormula},
		{"(3β,14β,17α)-cholest-5-en-3-ol", "synonym", AvoidFormula},
		{"1,3,7-trimethylpurine-2,6-dione", "synonym", AvoidFormula},
		{"N-Ethyl-N-(4-pyridylmethyl)tropamide", "synonym", AvoidFormula},
		{"p-Bis(beta-chloroethyl)aminophenylalanine", "synonym", AvoidFormula},
		{"(R)-(+)-citronellol", "synonym", AvoidFormula},
		// Semi-systematic names writers use: one mark.
		{"5-fluorouracil", "synonym", ""},
		{"p-aminophenol", "synonym", ""},
		{"N-acetylcysteine", "synonym", ""},
		{"N,N-dimethylformamide", "synonym", ""},
		{"2,4-dinitrophenol", "synonym", ""},
		{"1,3-butadiene", "synonym", ""},
		{"L-3,4-Dihydroxyphenylalanine", "synonym", ""},
		{"12β-hydroxydigitoxin", "synonym", ""},
		{"6-mercaptopurine", "synonym", ""},
		{"11-beta-hydroxylase deficiency", "exact", ""},
		{"Na(+)-K(+)-ATPase", "synonym", ""},
		{"tRNA(Phe)", "synonym", ""},
		{"Amphotericin B (liposomal)", "synonym", ""},
	} {
		if got := Classify(c.in, c.tty); got != c.want {
			t.Errorf("Classify(%q, %q) = %q, want %q", c.in, c.tty, got, c.want)
		}
	}
}

func TestOpenNotStore(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.db")
	if err := os.WriteFile(p, []byte("not sqlite at all, just text that is long enough to be a header............"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(p); err == nil {
		t.Fatal("opened a text file as a store")
	}
	if _, err := Open(filepath.Join(t.TempDir(), "missing.db")); err == nil {
		t.Fatal("opened a missing file")
	}
}

func TestReadOBOErrors(t *testing.T) {
	for _, c := range []struct {
		data string
		line int
	}{
		{"[Term]\nid: X:1\nsynonym: unquoted EXACT []\n", 3},
		{"[Term]\nid: X:1\nsynonym: \"open EXACT []\n", 3},
		{"[Term]\nname: no id\n", 1},
		{"[Term]\nid: X:1\njust text\n", 3},
		// Invalid UTF-8 outside a name or synonym is no bad name to skip.
		{"[Term]\nid: X:1\nname: ok\nxref: UMLS:C\xff\n", 4},
	} {
		err := readOBO(strings.NewReader(c.data), "t.obo", func(oboTerm) error { return nil })
		pe, ok := err.(*ParseError)
		if !ok || pe.Line != c.line {
			t.Errorf("%q: err = %v, want line %d", c.data, err, c.line)
		}
	}
}

func FuzzReadOBO(f *testing.F) {
	data, _ := os.ReadFile("testdata/doid_sample.obo")
	f.Add(string(data))
	f.Add("[Term]\nid: X:1\nsynonym: \"a \\\"b\\\"\" EXACT []\n")
	f.Add("[Term]\nid: X:1\nname: F\uFFFD\uFFFDlling\nsynonym: \"b\xffd\" EXACT []\nsynonym: \"ok\" EXACT []\n")
	f.Fuzz(func(t *testing.T, in string) {
		// A term's names are sound or reported; never stored bad.
		readOBO(strings.NewReader(in), "f.obo", func(tm oboTerm) error {
			if tm.ID == "" {
				t.Fatal("term without id")
			}
			for _, n := range append([]string{tm.Name}, tm.Exact...) {
				if err := CheckName(strings.TrimSpace(n)); err != nil {
					t.Fatalf("name %q kept: %v", n, err)
				}
			}
			for _, err := range tm.Bad {
				if pe, ok := err.(*ParseError); !ok || pe.Line < tm.Line {
					t.Fatalf("bad name reported as %v", err)
				}
			}
			return nil
		})
	})
}
