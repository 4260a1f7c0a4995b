package dictlink

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll/cdr"
	"github.com/stress-ner/stress/conll/pubtator"
	"github.com/stress-ner/stress/conll/standoff"
)

func TestKey(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Beta-Blockers", "beta blocker"},
		{"beta blocker", "beta blocker"},
		{"Parkinson's disease", "parkinson disease"}, // the possessive joins its word, then goes as a plural
		{"5-FU", "5 fu"},
		{"seizures", "seizure"},
		{"therapies", "therapy"},
		{"abscesses", "abscess"},
		{"nephritis", "nephritis"},
		{"tetanus", "tetanus"},
		{"gas", "gas"}, // four letters or fewer stay
		{"  (cocaine)  ", "cocaine"},
	} {
		if got := Key(c.in); got != c.want {
			t.Errorf("Key(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func readPubTator(t *testing.T, text string) []*standoff.Document {
	t.Helper()
	dec := pubtator.NewDecoder(strings.NewReader(text), "in")
	var out []*standoff.Document
	for {
		d, err := dec.Read()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, d)
	}
}

const train = `1|t|Cocaine-induced seizures.
1|a|Seizures after cocaine; cocaine again.
1	0	7	Cocaine	Chemical	D003042
1	16	24	seizures	Disease	D012640
1	26	34	Seizures	Disease	D012640
1	41	48	cocaine	Chemical	D003042
1	50	57	cocaine	Chemical	D007930
1	CID	D003042	D012640

2|t|Doc two
2|a|cocaine here
2	8	15	cocaine	Chemical	-1

`

// TestLearn: a key takes its most frequent id; ids "-1" are not learnt;
// documents skip names are left out.
func TestLearn(t *testing.T) {
	d := Learn(readPubTator(t, train), nil)
	if id, ok := d.Lookup("Chemical", "COCAINE"); !ok || id != "D003042" {
		t.Errorf("cocaine: %q %v", id, ok)
	}
	if id, ok := d.Lookup("Disease", "seizure"); !ok || id != "D012640" {
		t.Errorf("seizure: %q %v", id, ok)
	}
	if _, ok := d.Lookup("Disease", "cocaine"); ok {
		t.Error("a Chemical name is a Disease")
	}
	if d := Learn(readPubTator(t, train), func(id string) bool { return id == "1" }); d.Len("Chemical") != 0 {
		t.Errorf("skipped document learnt: %d names", d.Len("Chemical"))
	}
}

const test = `7|t|Seizures induced by cocaine.
7|a|Cocaine was given. Then seizures came, and cocaine and seizure again.
7	0	8	Seizures	Disease	D012640
7	20	27	cocaine	Chemical	D003042
7	29	36	Cocaine	Chemical	D003042
7	53	61	seizures	Disease	D012640
7	72	79	cocaine	Chemical	D003042
7	84	91	seizure	Disease	D012640
7	CID	D003042	D012640

`

// TestSystem: the dictionary finds the mentions (or takes the gold
// ones), gives them their ids, and pairs the chemicals and diseases of
// one sentence, once per document; in BioC as the CDR kit reads it.
func TestSystem(t *testing.T) {
	dict := Learn(readPubTator(t, train), nil)
	doc := readPubTator(t, test)[0]
	for _, gold := range []bool{false, true} {
		var b bytes.Buffer
		enc := pubtator.NewEncoder(&b)
		if err := enc.Write((&System{Dict: dict, GoldMentions: gold}).Annotate(doc)); err != nil {
			t.Fatal(err)
		}
		enc.Flush()
		for _, l := range []cdr.Level{cdr.Mention, cdr.ID, cdr.Relation} {
			for _, typ := range cdr.DefaultTypes(l) {
				o := cdr.Options{Level: l, Types: []string{typ}}
				g, _ := cdr.Read(strings.NewReader(test), "gold", cdr.PubTator, o)
				p, err := cdr.Read(strings.NewReader(b.String()), "pred", cdr.PubTator, o)
				if err != nil {
					t.Fatal(err)
				}
				if r := cdr.Score(g, p); r.FP != 0 || r.FN != 0 {
					t.Errorf("gold mentions %v, %v %s: %+v\n%s", gold, l, typ, r, b.String())
				}
			}
		}
		if n := strings.Count(b.String(), "\tCID\t"); n != 1 {
			t.Errorf("%d CID lines, want 1:\n%s", n, b.String())
		}
	}
	p := (&System{Dict: dict, Convention: BioC}).Annotate(doc)
	if p.Passages[0].Annotations[0].Infon("MESH") != "D012640" || p.Relations[0].Infons[1] != (standoff.Infon{Key: "Chemical", Value: "D003042"}) {
		t.Errorf("BioC conventions: %+v %+v", p.Passages[0].Annotations[0], p.Relations)
	}
}

// TestSystemOnCDR: on the CDR development set with a dictionary from
// the training documents it does not hold, the gold mentions' ids and
// the pairs score as measured when the baselines were written (the
// figures of docs/normalisation.md come from stress run).
func TestSystemOnCDR(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	read := func(name string) []*standoff.Document {
		b, err := os.ReadFile("../../../shared/corpora/pubtator/" + name)
		if err != nil {
			t.Skipf("no ../shared: %v", err)
		}
		return readPubTator(t, string(b))
	}
	dev, train := read("CDR_DevelopmentSet.PubTator.txt"), read("CDR_TrainingSet.PubTator.txt")
	inDev := map[string]bool{}
	for _, d := range dev {
		inDev[d.ID] = true
	}
	dict := Learn(train, func(id string) bool { return inDev[id] })
	var gold, pred bytes.Buffer
	ge, pe := pubtator.NewEncoder(&gold), pubtator.NewEncoder(&pred)
	s := &System{Dict: dict, GoldMentions: true}
	for _, d := range dev {
		ge.Write(d)
		pe.Write(s.Annotate(d))
	}
	ge.Flush()
	pe.Flush()
	for _, c := range []struct {
		level      cdr.Level
		typ        string
		tp, fp, fn int
	}{
		{cdr.ID, "Chemical", 1029, 8, 478},
		{cdr.ID, "Disease", 1188, 40, 676},
		{cdr.Relation, "CID", 361, 803, 651},
	} {
		o := cdr.Options{Level: c.level, Types: []string{c.typ}}
		g, _ := cdr.Read(strings.NewReader(gold.String()), "gold", cdr.PubTator, o)
		p, _ := cdr.Read(strings.NewReader(pred.String()), "pred", cdr.PubTator, o)
		if r := cdr.Score(g, p); r != (cdr.Result{TP: c.tp, FP: c.fp, FN: c.fn}) {
			t.Errorf("%v %s: %+v, want %d %d %d", c.level, c.typ, r, c.tp, c.fp, c.fn)
		}
	}
}
