package cdr

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
)

// TestJavaDouble checks javaDouble against Double.toString of Java 17
// (the bits and the strings it printed). 7.9 million ratios i/(i+j) and
// F-scores of the kit's formula were checked the same way when the
// function was written.
func TestJavaDouble(t *testing.T) {
	for _, c := range []struct {
		bits uint64
		want string
	}{
		{0, "0.0"}, {4607182418800017408, "1.0"}, {4602678819172646912, "0.5"},
		{4604180019048437077, "0.6666666666666666"}, {4604930618986332161, "0.7500000000000001"},
		{4562249901838429852, "9.99000999000999E-4"}, {4562254508917369340, "0.001"},
		{4562254047748767497, "9.999E-4"}, {4711630319722168320, "1.0E7"}, {4711630319185297408, "9999999.0"},
		{4668012722585352536, "12345.678"}, {4457293557087583675, "1.0E-10"},
		{4599075939470750516, "0.30000000000000004"}, {4636737291354636288, "100.0"},
		{4604351584748527382, "0.6857142857142857"}, {4601392076421969627, "0.42857142857142855"},
		{4921056587992461136, "1.0E21"}, {4728057454347157504, "1.23456789E8"},
		{1 << 63, "-0.0"}, {9221120237041090560, "NaN"}, {9218868437227405312, "Infinity"},
		{4598818590920615058, "0.2857142857142857"},
	} {
		if got := javaDouble(math.Float64frombits(c.bits)); got != c.want {
			t.Errorf("JavaDouble(%v) = %q, want %q", math.Float64frombits(c.bits), got, c.want)
		}
	}
}

func TestResult(t *testing.T) {
	for _, c := range []struct {
		r    Result
		want string
	}{
		{Result{303, 105, 121}, "TP: 303\nFP: 105\nFN: 121\nPrecision: 0.7426470588235294\nRecall: 0.714622641509434\nF-score: 0.7283653846153848\n"},
		{Result{0, 0, 0}, "TP: 0\nFP: 0\nFN: 0\nPrecision: NaN\nRecall: NaN\nF-score: NaN\n"},
		{Result{0, 3, 2}, "TP: 0\nFP: 3\nFN: 2\nPrecision: 0.0\nRecall: 0.0\nF-score: NaN\n"},
		{Result{9, 4, 2}, "TP: 9\nFP: 4\nFN: 2\nPrecision: 0.6923076923076923\nRecall: 0.8181818181818182\nF-score: 0.7500000000000001\n"},
	} {
		if got := c.r.String(); got != c.want {
			t.Errorf("%+v:\n%s\nwant\n%s", c.r, got, c.want)
		}
	}
	if f := (Result{0, 3, 2}).F1(); f != 0 {
		t.Errorf("F1 of NaN = %v, want 0", f)
	}
}

func TestConceptID(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"D001241", "MESH:D001241", true},
		{"MESH:D001241", "MESH:D001241", true},
		{"mesh:D001241", "mesh:D001241", true}, // kept as written: not MESH:D001241
		{"CHEBI:32875", "CHEBI:32875", true},
		{"-1", "", false},
		{"", "", false},
		{" D1", "MESH: D1", true}, // parts of a composite are not trimmed
		{"-", "MESH:-", true},
	} {
		got, ok := conceptID(c.in, true)
		if got != c.want || ok != c.ok {
			t.Errorf("conceptID(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// keysOf reads text at level l with types ts.
func keysOf(t *testing.T, text string, f Format, l Level, ts ...string) []string {
	t.Helper()
	k, err := Read(strings.NewReader(text), "in", f, Options{Level: l, Types: ts})
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	return k.Sorted()
}

// TestPubTatorRules checks the rules of readPubTator one by one.
func TestPubTatorRules(t *testing.T) {
	for _, c := range []struct {
		rule, text string
		level      Level
		want       string // keys joined by " ; ", tabs as "/"
	}{
		{"title and abstract lines are skipped", "1|t|A b\n1|a|c\n", Mention, ""},
		{"a line holding |a| is skipped", "1\t0\t3\tx|a|\tDisease\tD1\n", Mention, ""},
		{"|T| too", "1\t0\t3\tx|T|\tDisease\tD1\n", Mention, ""},
		{"mention key: PMID, offsets, type", "1\t0\t3\tabc\tDisease\tD1\n", Mention, "mention/1/0/3/Disease"},
		{"mention text is ignored; duplicates count once", "1\t0\t3\tabc\tDisease\n1\t0\t3\txyz\tDisease\tD9\n", Mention, "mention/1/0/3/Disease"},
		{"leading zeros", "1\t0007\t010\tabc\tDisease\n", Mention, "mention/1/7/10/Disease"},
		{"white space around the line", "  1\t0\t3\tabc\tDisease \r\n", Mention, "mention/1/0/3/Disease"},
		{"a lone CR ends a line", "1\t0\t3\ta\tDisease\r1\t4\t5\tb\tDisease\n", Mention, "mention/1/0/3/Disease ; mention/1/4/5/Disease"},
		{"other types are left out", "1\t0\t3\tabc\tChemical\tD1\n", Mention, ""},
		{"offsets not digits: not an annotation", "1\t-5\t3\tx\tDisease\n1\t2a\t3\tx\tDisease\n", Mention, ""},
		{"id: each part of a composite", "1\t0\t3\tabc\tDisease\t D1|MESH:D2||-1 \n", ID, "id/1/Disease/MESH:D1 ; id/1/Disease/MESH:D2"},
		{"id: no id column, -1, empty", "1\t0\t3\ta\tDisease\n1\t0\t3\ta\tDisease\t-1\n1\t0\t3\ta\tDisease\t\tD5\n", ID, ""},
		{"relation: ordered, prefixed", "1\tCID\tD1\tMESH:D2\n1\tCID\tD2\tD1\n", Relation, "relation/1/CID/MESH:D1/MESH:D2 ; relation/1/CID/MESH:D2/MESH:D1"},
		{"relation: -1 and empty are null", "1\tCID\t-1\tD2\n1\tCID\t\tD2\tx\n", Relation, "relation/1/CID/null/MESH:D2"},
		{"relation: a composite argument is one id", "1\tCID\tD1|D3\tD2\n", Relation, "relation/1/CID/MESH:D1|D3/MESH:D2"},
		{"relation: other types are left out", "1\tcid\tD1\tD2\n", Relation, ""},
		{"annotations at level relation", "1\t0\t3\ta\tCID\tD1\n", Relation, ""},
		{"relations at level mention, even short ones", "1\tCID\tD1\n", Mention, ""},
	} {
		types := DefaultTypes(c.level)
		got := strings.ReplaceAll(strings.Join(keysOf(t, c.text, PubTator, c.level, types...), " ; "), "\t", "/")
		if got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.rule, got, c.want)
		}
	}
}

// TestPubTatorRefusals checks that what stops the kit is an error with
// the file and line.
func TestPubTatorRefusals(t *testing.T) {
	for _, c := range []struct {
		text  string
		level Level
		line  string
	}{
		{"1|t|x\ngarbage\n", Mention, "in:2:"},
		{"1\t5\n", Mention, "in:1:"},
		{"1\t0\t5\tx\n", ID, "in:1:"},
		{"\n1\t0\t2147483648\tx\tDisease\n", Mention, "in:2:"},
		{"1\t0\t5\tx\n", Relation, "in:1:"}, // annotations are read at every level
		{"1\tCID\tD1\n", Relation, "in:1:"},
	} {
		_, err := Read(strings.NewReader(c.text), "in", PubTator, Options{Level: c.level})
		if !errors.Is(err, ErrKit) || !strings.HasPrefix(err.Error(), c.line) {
			t.Errorf("%q at %v: error %v, want ErrKit at %s", c.text, c.level, err, c.line)
		}
	}
	_, err := Read(strings.NewReader("1\t0\t3\tx\tDisease\t\xff\n"), "in", PubTator, Options{Level: ID})
	if !errors.Is(err, ErrNotUTF8) {
		t.Errorf("an id that is not UTF-8: %v, want ErrNotUTF8", err)
	}
}

const biocHead = "<?xml version='1.0'?><collection><source>s</source><date>d</date><key>k</key>"

func biocDoc(id, body string) string {
	return "<document><id>" + id + "</id>" + body + "</document>"
}

func biocAnn(typ, infons string, locs ...string) string {
	s := `<annotation id="a"><infon key="type">` + typ + `</infon>` + infons
	for _, l := range locs {
		s += "<location " + l + "/>"
	}
	return s + "<text>t</text></annotation>"
}

// TestBioCRules checks the rules of the BioC reader one by one.
func TestBioCRules(t *testing.T) {
	mesh := func(id string) string { return `<infon key="MESH">` + id + `</infon>` }
	passage := func(anns ...string) string {
		return "<passage><infon key=\"type\">title</infon><offset>0</offset><text>abc def</text>" + strings.Join(anns, "") + "</passage>"
	}
	rel := func(elem, chem, dis string) string {
		return "<" + elem + ` id="r"><infon key="relation">CID</infon><infon key="Chemical">` + chem + `</infon><infon key="Disease">` + dis + "</infon></" + elem + ">"
	}
	for _, c := range []struct {
		rule, body string
		level      Level
		want       string
	}{
		{"mention key: document, type, offsets", biocDoc("1", passage(biocAnn("Disease", mesh("D1"), `offset="4" length="3"`))), Mention, "mention/1/Disease/4/7"},
		{"Java int addition", biocDoc("1", passage(biocAnn("Disease", "", `offset="2147483647" length="1"`))), Mention, "mention/1/Disease/2147483647/-2147483648"},
		{"no location: left out", biocDoc("1", passage(biocAnn("Disease", mesh("D1")))), ID, ""},
		{"IndividualMention: id only", biocDoc("1", passage(biocAnn("Disease", `<infon key="CompositeRole">IndividualMention</infon>`+mesh("D1"), `offset="0" length="1"`, `offset="4" length="3"`))), Mention, ""},
		{"IndividualMention ids count", biocDoc("1", passage(biocAnn("Disease", `<infon key="CompositeRole">IndividualMention</infon>`+mesh("D1"), `offset="0" length="1"`, `offset="4" length="3"`))), ID, "id/1/Disease/MESH:D1"},
		{"OMIM when there is no MESH", biocDoc("1", passage(biocAnn("Disease", `<infon key="OMIM">123</infon>`, `offset="0" length="1"`))), ID, "id/1/Disease/MESH:123"},
		{"an empty MESH hides OMIM", biocDoc("1", passage(biocAnn("Disease", mesh("")+`<infon key="OMIM">123</infon>`, `offset="0" length="1"`))), ID, ""},
		{"the last of two infons", biocDoc("1", passage(biocAnn("Disease", mesh("D1")+mesh("D2"), `offset="0" length="1"`))), ID, "id/1/Disease/MESH:D2"},
		{"CDATA is not text", biocDoc("<![CDATA[1]]>", passage(biocAnn("Disease", mesh("D1"), `offset="0" length="1"`))), ID, "id//Disease/MESH:D1"},
		{"ids are not trimmed", biocDoc(" 1", passage(biocAnn("Disease", mesh(" D1 "), `offset="0" length="1"`))), ID, "id/ 1/Disease/MESH:D1"},
		{"entities are replaced", biocDoc("&#49;&amp;", passage(biocAnn("Disease", mesh("D1"), `offset="0" length="1"`))), ID, "id/1&/Disease/MESH:D1"},
		{"annotations of sentences are not read", biocDoc("1", "<passage><offset>0</offset><sentence><offset>0</offset>"+biocAnn("Disease", mesh("D1"), `offset="0" length="1"`)+"</sentence></passage>"), ID, ""},
		{"relations of documents and document annotations", biocDoc("1", rel("relation", "D1", "D2")+rel("annotation", "D3", "-1")), Relation, "relation/1/CID/MESH:D1/MESH:D2 ; relation/1/CID/MESH:D3/null"},
		{"relations of passages are not read", biocDoc("1", "<passage><offset>0</offset>"+rel("relation", "D1", "D2")+"</passage>"), Relation, ""},
		{"an unknown element ends the document", biocDoc("1", "<note/>"+passage(biocAnn("Disease", mesh("D1"), `offset="0" length="1"`))), ID, "id//Disease/MESH:D1"},
	} {
		got := strings.ReplaceAll(strings.Join(keysOf(t, biocHead+c.body+"</collection>", BioC, c.level, DefaultTypes(c.level)...), " ; "), "\t", "/")
		if got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.rule, got, c.want)
		}
	}
}

func TestBioCRefusals(t *testing.T) {
	ann := biocAnn("Disease", "", `offset="0" length="1"`, `offset="4" length="3"`)
	for _, c := range []struct {
		name, body string
		level      Level
	}{
		{"two locations at level mention", biocDoc("1", "<passage><offset>0</offset>"+ann+"</passage>"), Mention},
		{"an unknown element in a passage", biocDoc("1", "<passage><offset>0</offset><note/></passage>"), ID},
		{"an offset that is not a number", biocDoc("1", "<passage><offset> 0</offset></passage>"), ID},
		{"a location with text", biocDoc("1", `<passage><offset>0</offset><annotation><location offset="0" length="1"> </location></annotation></passage>`), ID},
		{"malformed XML in a document", biocDoc("1", "<passage><offset>0</offset></pasage>"), ID},
		{"not XML", "", ID},
	} {
		text := biocHead + c.body + "</collection>"
		if c.body == "" {
			text = "1|t|x\n"
		}
		_, err := Read(strings.NewReader(text), "in", BioC, Options{Level: c.level})
		if !errors.Is(err, ErrKit) {
			t.Errorf("%s: %v, want ErrKit", c.name, err)
		}
	}
	// Malformed XML between documents ends the collection, with a warning.
	text := biocHead + biocDoc("1", "") + "<x a>" + biocDoc("2", "") + "</collection>"
	k, err := Read(strings.NewReader(text), "in", BioC, Options{Level: ID})
	if err != nil || len(k.Warnings) != 1 {
		t.Errorf("malformed XML between documents: %v, warnings %q; want no error, one warning", err, k.Warnings)
	}
}

func TestScoreDocs(t *testing.T) {
	gold := keysFrom(t, "1\t0\t3\ta\tDisease\n1\t4\t5\ta\tDisease\n2\t0\t3\ta\tDisease\n")
	pred := keysFrom(t, "1\t0\t3\ta\tDisease\n1\t6\t7\ta\tDisease\n3\t0\t3\ta\tDisease\n")
	docs, rs := ScoreDocs(gold, pred)
	if strings.Join(docs, ",") != "1,2" || rs[0] != (Result{1, 1, 1}) || rs[1] != (Result{0, 0, 1}) {
		t.Errorf("ScoreDocs = %v %v", docs, rs)
	}
	if sum := rs[0].Add(rs[1]); sum != Score(gold, pred) {
		t.Errorf("sum %v != Score %v", sum, Score(gold, pred))
	}
}

func keysFrom(t *testing.T, text string) *Keys {
	k, err := Read(strings.NewReader(text), "in", PubTator, Options{Level: Mention})
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func TestParse(t *testing.T) {
	if l, err := ParseLevel("ID"); l != ID || err != nil {
		t.Errorf("ParseLevel(ID) = %v, %v", l, err)
	}
	if _, err := ParseLevel("span"); !errors.Is(err, ErrLevel) {
		t.Errorf("ParseLevel(span) = %v", err)
	}
	if ls, err := ParseLevels([]string{"relation", "Mention"}); err != nil || !slices.Equal(ls, []Level{Relation, Mention}) {
		t.Errorf("ParseLevels(relation, Mention) = %v, %v", ls, err)
	}
	if _, err := ParseLevels([]string{"id", "span"}); err == nil || err.Error() != `unknown level "span" (want mention, id or relation)` {
		t.Errorf("ParseLevels(id, span): %v", err)
	}
	if f, err := ParseFormat("BioC"); f != BioC || err != nil {
		t.Errorf("ParseFormat(BioC) = %v, %v", f, err)
	}
	for head, want := range map[string]Format{"": PubTator, "1\t0\t1": PubTator, "\ufeff <?xml": BioC, "\n<collection>": BioC} {
		if got := sniff([]byte(head)); got != want {
			t.Errorf("Sniff(%q) = %v, want %v", head, got, want)
		}
	}
	if got := SplitTypes("Chemical|Disease|"); strings.Join(got, ",") != "Chemical,Disease" {
		t.Errorf("SplitTypes = %q", got)
	}
}

// FuzzReadPubTator checks that any input is read or refused, never a
// panic, and that a file scored against itself has no FP or FN.
func FuzzReadPubTator(f *testing.F) {
	f.Add("1|t|a\n1|a|b\n1\t0\t1\ta\tDisease\tD1|D2\n1\tCID\tD3\tD1\n", uint8(2))
	f.Add("1\t0\t2147483648\tx\tDisease\n", uint8(1))
	f.Add("x\r1\t00\t1\t\tDisease\t-1\n", uint8(3))
	f.Fuzz(func(t *testing.T, text string, level uint8) {
		fuzzRead(t, text, PubTator, level)
	})
}

// FuzzReadBioC does the same for BioC.
func FuzzReadBioC(f *testing.F) {
	f.Add(biocHead+biocDoc("1", "<passage><offset>0</offset>"+biocAnn("Disease", `<infon key="MESH">D1</infon>`, `offset="0" length="1"`)+"</passage>")+"</collection>", uint8(1))
	f.Add(biocHead+biocDoc("<![CDATA[1]]>", `<relation><infon key="relation">CID</infon></relation>`)+"<x a>", uint8(3))
	f.Fuzz(func(t *testing.T, text string, level uint8) {
		fuzzRead(t, text, BioC, level)
	})
}

func fuzzRead(t *testing.T, text string, f Format, level uint8) {
	o := Options{Level: Levels[int(level)%len(Levels)], Types: []string{"Disease", "Chemical", "CID"}}
	k, err := Read(strings.NewReader(text), "in", f, o)
	if err != nil {
		var pe interface{ Unwrap() error }
		if !errors.As(err, &pe) {
			t.Fatalf("error without a file position: %v", err)
		}
		return
	}
	if r := Score(k, k); r.FP != 0 || r.FN != 0 || r.TP != k.Len() {
		t.Fatalf("a file against itself: %+v, %d keys", r, k.Len())
	}
}
