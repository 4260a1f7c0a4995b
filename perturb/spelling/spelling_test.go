package spelling

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
)

const varconSample = `# anemia <verified> (level 50)
A C Dv: anemia / B D: anaemia
A C Dv: anemias / B D: anaemias
A C Dv: anemia's / B D: anaemia's

# organize <verified> (level 10)
A Z: organize / B: organise

# absinthe (level 60)
A: absinthe / AV B: absinth | :1
A B: absinthe | :2

# fetal (level 50)
A B C Z: fetal / Bv ZV: foetal

# program
A B: program | computer
A: program / B: programme | otherwise

# acknowledgement is also American (Av): no pair
A Cv: acknowledgment / Av B C: acknowledgement

# improper British form does not block
A: color / B: colour / Bx: color
`

func TestReadVarCon(t *testing.T) {
	tab, err := ReadVarCon(strings.NewReader(varconSample), "sample")
	if err != nil {
		t.Fatal(err)
	}
	want := "anemia\tanaemia\nanemias\tanaemias\ncolor\tcolour\norganize\torganise\n"
	var buf bytes.Buffer
	if _, err := tab.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	if buf.String() != want {
		t.Errorf("table:\n%s\nwant:\n%s", buf.String(), want)
	}
}

func TestReadVarConErrors(t *testing.T) {
	for _, in := range []string{"A anemia\n", "A: \n", "A Q: word\n", "Avv: word\n", "A C: a / nothing\n"} {
		_, err := ReadVarCon(strings.NewReader("# x\n"+in), "bad.txt")
		if !errors.Is(err, ErrTable) || !strings.HasPrefix(err.Error(), "bad.txt:2: ") {
			t.Errorf("%q: error %v, want bad.txt:2: ... ErrTable", in, err)
		}
	}
}

func TestReadTableErrors(t *testing.T) {
	for _, in := range []string{"color\n", "color\tcolour\textra\n", "color\tcolor\n", "\tcolour\n",
		"Color\tcolour\n", "color\tcolour\ncolor\tcolur\n", "color\tcolour\ncolour\tcolr\n"} {
		_, err := readTable(strings.NewReader(in), "t.tsv")
		if !errors.Is(err, ErrTable) || !strings.HasPrefix(err.Error(), "t.tsv:") {
			t.Errorf("%q: error %v, want t.tsv:N: ... ErrTable", in, err)
		}
	}
}

// TestTableReproducible checks that the embedded table is what go
// generate makes from ../shared's VarCon.
func TestTableReproducible(t *testing.T) {
	f, err := os.Open("../../../shared/lexicon/varcon/varcon.txt")
	if err != nil {
		t.Skipf("VarCon not available: %v", err)
	}
	defer f.Close()
	tab, err := ReadVarCon(f, "varcon.txt")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := tab.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	if buf.String() != tableText {
		t.Fatal("varcon.tsv differs from what ReadVarCon makes of VarCon: run go generate ./perturb/spelling")
	}
}

func TestDefaultTable(t *testing.T) {
	tab := Default()
	if tab.Len() < 10000 {
		t.Fatalf("embedded table has %d pairs", tab.Len())
	}
	for us, uk := range map[string]string{"anemia": "anaemia", "tumor": "tumour", "edema": "oedema",
		"hemorrhage": "haemorrhage", "leukemia": "leukaemia", "pediatric": "paediatric", "esophagus": "oesophagus",
		"characterized": "characterised", "behavior": "behaviour"} {
		if got, ok := tab.Lookup(us, ToUK); !ok || got != uk {
			t.Errorf("%s -> uk = %q, %v; want %q", us, got, ok, uk)
		}
		if got, ok := tab.Lookup(uk, ToUS); !ok || got != us {
			t.Errorf("%s -> us = %q, %v; want %q", uk, got, ok, us)
		}
	}
	for _, w := range []string{"fetal", "program", "disease", "cocaine"} {
		if got, ok := tab.Lookup(w, flip); ok {
			t.Errorf("%s has respelling %q; want none", w, got)
		}
	}
}

func TestWord(t *testing.T) {
	tab, err := readTable(strings.NewReader("anemia\tanaemia\nedema\toedema\ntumor\ttumour\n"), "t")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		dir, in, want string
		ok            bool
	}{
		{ToUK, "anemia", "anaemia", true},
		{ToUK, "Anemia", "Anaemia", true},
		{ToUK, "EDEMA", "OEDEMA", true},
		{ToUK, "tumor-bearing", "tumour-bearing", true},
		{ToUK, "anemia/edema", "anaemia/oedema", true},
		{ToUK, "aNemia", "aNemia", false},
		{ToUK, "anaemia", "anaemia", false},
		{ToUS, "anaemia", "anemia", true},
		{ToUS, "anemia", "anemia", false},
		{flip, "anaemia", "anemia", true},
		{flip, "tumor", "tumour", true},
		{ToUK, "", "", false},
		{ToUK, "5-FU", "5-FU", false},
	} {
		p, err := New(tab, tc.dir)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := p.Word(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("%s %q = %q, %v; want %q, %v", tc.dir, tc.in, got, ok, tc.want, tc.ok)
		}
	}
	if _, err := New(tab, "au"); !errors.Is(err, perturb.ErrOption) {
		t.Errorf("New(au) error %v, want ErrOption", err)
	}
}

func TestPerturbAndCheck(t *testing.T) {
	p, err := New(Default(), ToUK)
	if err != nil {
		t.Fatal(err)
	}
	s := conll.Sentence{Tokens: []string{"Severe", "anemia", "and", "edema", "in", "tumor", "patients"},
		Tags: []string{"O", "B-Disease", "O", "B-Disease", "O", "B-Disease", "O"}}
	sel := []bool{true, true, true, false, true, true, true}
	out, cs := p.Perturb(s, sel, rand.New(rand.NewPCG(1, 2)))
	if got := strings.Join(out.Tokens, " "); got != "Severe anaemia and edema in tumour patients" {
		t.Errorf("output %q", got)
	}
	if len(cs) != 2 {
		t.Fatalf("changes %+v", cs)
	}
	if err := perturb.CheckSentence(p, s, out, cs); err != nil {
		t.Error(err)
	}
	bad := cs[0]
	bad.After = "anaemya"
	if err := p.Check(bad); !errors.Is(err, perturb.ErrInvalidChange) {
		t.Errorf("Check(%q) = %v, want ErrInvalidChange", bad.After, err)
	}
	if strings.Join(s.Tokens, " ") != "Severe anemia and edema in tumor patients" {
		t.Error("Perturb modified its input")
	}
}

func FuzzReadVarCon(f *testing.F) {
	f.Add(varconSample)
	f.Add("A Q: x\n")
	f.Add("A: a / B: b | note\n")
	f.Fuzz(func(t *testing.T, in string) {
		tab, err := ReadVarCon(strings.NewReader(in), "fuzz")
		if err != nil {
			if !errors.Is(err, ErrTable) {
				t.Fatalf("error %v does not wrap ErrTable", err)
			}
			return
		}
		// Whatever it keeps must read back as a table.
		var buf bytes.Buffer
		tab.WriteTo(&buf)
		if _, err := readTable(&buf, "round trip"); err != nil {
			t.Fatalf("table does not read back: %v", err)
		}
	})
}

func FuzzReadTable(f *testing.F) {
	f.Add("anemia\tanaemia\n")
	f.Add("a\tb\nb\tc\n")
	f.Fuzz(func(t *testing.T, in string) {
		tab, err := readTable(strings.NewReader(in), "fuzz")
		if err != nil {
			if !errors.Is(err, ErrTable) && !strings.HasPrefix(err.Error(), "read fuzz") {
				t.Fatalf("error %v does not wrap ErrTable", err)
			}
			return
		}
		for us, uk := range tab.toUK {
			if tab.toUS[uk] != us {
				t.Fatalf("%q -> %q does not map back", us, uk)
			}
		}
	})
}
