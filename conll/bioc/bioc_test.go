package bioc_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/conll/bioc"
	"github.com/stress-ner/stress/conll/pubtator"
	"github.com/stress-ner/stress/conll/standoff"
)

func decodeAll(dec standoff.Decoder) ([]*standoff.Document, error) {
	var out []*standoff.Document
	for {
		d, err := dec.Read()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, d)
	}
}

// withoutExtra drops what only the writer of the same format needs.
func withoutExtra(docs []*standoff.Document) []*standoff.Document {
	var out []*standoff.Document
	for _, d := range docs {
		c := *d
		c.Extra = nil
		out = append(out, &c)
	}
	return out
}

const xmlDoc = `<?xml version="1.0" encoding="UTF-8"?>
<collection><source>test</source><date>20261123</date><key>k</key><infon key="c">v</infon>
<document><id>1</id>
<passage><infon key="type">title</infon><offset>0</offset><text>Aspirin &amp; pain.</text>
<annotation id="a1"><infon key="type">Chemical</infon><infon key="MESH">D001241</infon><location offset="0" length="7"/><text>Aspirin</text></annotation>
<annotation id="a2"><infon key="type">Disease</infon><location offset="10" length="4"/><text>pain</text></annotation>
<relation id="r1"><infon key="relation">CID</infon><node refid="a1" role="Chemical"/><node refid="a2" role="Disease"/></relation>
</passage>
<passage><offset>20</offset><text>Then more pain.</text>
<annotation id="a3"><infon key="type">Disease</infon><location offset="30" length="4"/><text>pain</text></annotation>
</passage>
<relation id="r2"><infon key="relation">CID</infon><infon key="Chemical">D001241</infon></relation>
</document>
</collection>
`

var xmlErrors = []struct {
	name, in string
	err      error
	line     int
}{
	{"bad offsets", strings.Replace(xmlDoc, `offset="10"`, `offset="11"`, 1), standoff.ErrOffset, 3},
	{"unclosed", strings.Replace(xmlDoc, "</document>", "", 1), standoff.ErrSyntax, 14},
	{"overlapping passages", strings.Replace(xmlDoc, "<offset>20</offset>", "<offset>5</offset>", 1), standoff.ErrSyntax, 3},
	{"sentences", strings.Replace(xmlDoc, "<text>Then more pain.</text>", "<sentence><offset>20</offset></sentence>", 1), standoff.ErrSyntax, 3},
	// Issue 25, F22: markup in a text lost its words silently.
	{"markup in a passage's text", strings.Replace(xmlDoc, "<text>Then more pain.</text>", "<text>Then <b>more</b> pain.</text>", 1), standoff.ErrSyntax, 9},
	{"markup in an annotation's text", strings.Replace(xmlDoc, `length="4"/><text>pain</text>`, `length="4"/><text><i>pain</i></text>`, 1), standoff.ErrSyntax, 6},
}

func TestXML(t *testing.T) {
	docs, err := decodeAll(bioc.NewXMLDecoder(strings.NewReader(xmlDoc), "x.xml"))
	if err != nil {
		t.Fatal(err)
	}
	d := docs[0]
	a := d.Passages[0].Annotations[0]
	if d.ID != "1" || len(d.Passages) != 2 || a.ID != "a1" || a.Type != "Chemical" || a.Infon("MESH") != "D001241" {
		t.Fatalf("%+v", d)
	}
	if r := d.Passages[0].Relations[0]; r.Type != "CID" || len(r.Nodes) != 2 || r.Nodes[1].RefID != "a2" {
		t.Errorf("relation %+v", r)
	}
	// Writing and reading again gives the same documents.
	var b bytes.Buffer
	enc := bioc.NewXMLEncoder(&b)
	enc.Write(d)
	enc.Flush()
	if enc.Error() != nil {
		t.Fatal(enc.Error())
	}
	written := b.String()
	again, err := decodeAll(bioc.NewXMLDecoder(&b, "y.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(withoutExtra(again), withoutExtra(docs)) {
		t.Errorf("round trip:\n%+v\n%+v", again[0], docs[0])
	}
	if !strings.Contains(written, "<source>test</source><date>20261123</date>") {
		t.Errorf("collection header lost: %.200s", written)
	}
}

func TestXMLErrors(t *testing.T) {
	for _, c := range xmlErrors {
		_, err := decodeAll(bioc.NewXMLDecoder(strings.NewReader(c.in), "x.xml"))
		var pe *conll.ParseError
		if !errors.Is(err, c.err) || !errors.As(err, &pe) || pe.Line != c.line || pe.File != "x.xml" {
			t.Errorf("%s: %v, want %v at x.xml:%d", c.name, err, c.err, c.line)
		}
	}
}

func TestJSONErrors(t *testing.T) {
	for _, c := range []struct {
		name, in string
		err      error
		line     int
	}{
		{"syntax", "{\"documents\": [\n{\"id\": 1}]}", standoff.ErrSyntax, 2},
		{"offsets", `{"documents":[` + "\n" + `{"id":"1","passages":[{"offset":0,"text":"ab","annotations":[{"infons":{"type":"X"},"text":"b","locations":[{"offset":0,"length":1}]}]}]}]}`, standoff.ErrOffset, 2},
		{"not an object", "[1]", standoff.ErrSyntax, 1},
		{"sentences", `{"documents":[` + "\n" + `{"id":"1","passages":[{"offset":0,"sentences":[{"offset":0,"text":"ab"}]}]}]}`, standoff.ErrSyntax, 2},
	} {
		_, err := decodeAll(bioc.NewJSONDecoder(strings.NewReader(c.in), "x.json"))
		var pe *conll.ParseError
		if !errors.Is(err, c.err) || !errors.As(err, &pe) || pe.Line != c.line {
			t.Errorf("%s: %v, want %v at line %d", c.name, err, c.err, c.line)
		}
	}
}

// TestFixturesEquivalent reads the same three CDR documents from
// PubTator, BioC XML and BioC JSON: the same documents, and written
// back as PubTator, the same bytes.
func TestFixturesEquivalent(t *testing.T) {
	pub, err := os.ReadFile("testdata/cdr3.pubtator")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"testdata/cdr3.xml", "testdata/cdr3.bioc.json"} {
		f, err := conll.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := conll.Copy(conll.NewFormatWriter(&b, pubtator.Format, f.Layout()), f); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		f.Close()
		if !bytes.Equal(b.Bytes(), pub) {
			t.Errorf("%s as PubTator differs from cdr3.pubtator", name)
		}
		if f.Format != map[bool]conll.Format{true: bioc.XMLFormat, false: bioc.JSONFormat}[strings.HasSuffix(name, ".xml")] {
			t.Errorf("%s: format %v", name, f.Format)
		}
	}
}

// TestPerturbedXML rebuilds a BioC document around changed sentences:
// passage offsets after a longer mention move, annotations follow.
func TestPerturbedXML(t *testing.T) {
	r := standoff.NewReader(bioc.NewXMLDecoder(strings.NewReader(xmlDoc), "x.xml"), "x.xml")
	var sents []conll.Sentence
	for {
		s, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		sents = append(sents, s)
	}
	// "Aspirin & pain ." -> "acetylsalicylic acid & pain ."
	s := sents[0]
	s.Tokens = append([]string{"acetylsalicylic", "acid"}, s.Tokens[1:]...)
	s.Tags = append([]string{"B-Chemical", "I-Chemical"}, s.Tags[1:]...)
	sents[0] = s
	var b bytes.Buffer
	w := standoff.NewWriter(bioc.NewXMLEncoder(&b), r.Corpus())
	for _, s := range sents {
		w.Write(s)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		t.Fatal(err)
	}
	docs, err := decodeAll(bioc.NewXMLDecoder(&b, "out.xml"))
	if err != nil {
		t.Fatal(err)
	}
	d := docs[0]
	if d.Passages[1].Offset != 33 || d.Passages[1].Annotations[0].Locations[0].Start != 43 || d.Passages[0].Annotations[1].Locations[0].Start != 23 {
		t.Errorf("offsets: %+v", d.Passages)
	}
	if len(d.Relations) != 1 || len(d.Passages[0].Relations) != 1 || d.Passages[0].Annotations[0].Text != "acetylsalicylic acid" {
		t.Errorf("%+v", d)
	}
}

func fuzzDecode(t *testing.T, docs []*standoff.Document, enc standoff.Encoder, b *bytes.Buffer, dec func(io.Reader) standoff.Decoder) {
	for _, d := range docs {
		if enc.Write(d) != nil {
			return
		}
	}
	enc.Flush()
	if enc.Error() != nil {
		return
	}
	again, err := decodeAll(dec(b))
	if err != nil {
		t.Fatalf("rewritten: %v\n%s", err, b.String())
	}
	if !reflect.DeepEqual(withoutExtra(again), withoutExtra(docs)) && len(again) == len(docs) {
		for i := range docs {
			x, _ := docs[i].Counts()
			y, _ := again[i].Counts()
			if x != y || docs[i].ID != again[i].ID {
				t.Fatalf("doc %d changed", i)
			}
		}
	}
}

func FuzzXML(f *testing.F) {
	f.Add(xmlDoc)
	for _, c := range xmlErrors {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		docs, err := decodeAll(bioc.NewXMLDecoder(strings.NewReader(in), "f.xml"))
		if err != nil {
			return
		}
		var b bytes.Buffer
		fuzzDecode(t, docs, bioc.NewXMLEncoder(&b), &b, func(r io.Reader) standoff.Decoder { return bioc.NewXMLDecoder(r, "g.xml") })
	})
}

func FuzzJSON(f *testing.F) {
	f.Add(`{"documents":[{"id":"1","passages":[{"offset":0,"text":"ab","annotations":[{"infons":{"type":"X"},"text":"b","locations":[{"offset":1,"length":1}]}]}]}]}`)
	f.Add(`{"source":"s","documents":[]}`)
	f.Fuzz(func(t *testing.T, in string) {
		docs, err := decodeAll(bioc.NewJSONDecoder(strings.NewReader(in), "f.json"))
		if err != nil {
			return
		}
		var b bytes.Buffer
		fuzzDecode(t, docs, bioc.NewJSONEncoder(&b), &b, func(r io.Reader) standoff.Decoder { return bioc.NewJSONDecoder(r, "g.json") })
	})
}

func Example() {
	in := `<collection><document><id>1</id><passage><offset>0</offset><text>Aspirin helps.</text>` +
		`<annotation id="T1"><infon key="type">Chemical</infon><location offset="0" length="7"/><text>Aspirin</text></annotation>` +
		`</passage></document></collection>`
	r := standoff.NewReader(bioc.NewXMLDecoder(strings.NewReader(in), "in.xml"), "in.xml")
	s, _ := r.Read()
	fmt.Println(s.Tokens, s.Tags)
	// Output: [Aspirin helps .] [B-Chemical O O]
}

var _ = pubtator.KeyID // the PubTator format is registered for TestFixturesEquivalent

// Both encoders open the collection once, with a default header when
// Flush comes before any document, refuse documents after Flush, and a
// second Flush writes nothing more.
func TestEncoderLifecycle(t *testing.T) {
	doc := &standoff.Document{ID: "d1", Passages: []standoff.Passage{{Text: "x"}}}
	for _, tc := range []struct {
		name  string
		enc   func(io.Writer) standoff.Encoder
		empty string
	}{
		{"xml", func(w io.Writer) standoff.Encoder { return bioc.NewXMLEncoder(w) },
			"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE collection SYSTEM \"BioC.dtd\">\n" +
				"<collection><source>stress</source><date></date><key></key>\n</collection>\n"},
		{"json", func(w io.Writer) standoff.Encoder { return bioc.NewJSONEncoder(w) },
			`{"source":"stress","date":"","key":"","infons":{},"documents":[` + "\n]}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			enc := tc.enc(&b)
			enc.Flush()
			enc.Flush()
			if enc.Error() != nil || b.String() != tc.empty {
				t.Errorf("empty collection = %q, %v; want %q", b.String(), enc.Error(), tc.empty)
			}
			if err := enc.Write(doc); err == nil || enc.Error() != err {
				t.Errorf("Write after Flush = %v, Error() = %v", err, enc.Error())
			}
			if b.String() != tc.empty {
				t.Errorf("Write after Flush wrote %q", b.String()[len(tc.empty):])
			}
			b.Reset()
			enc = tc.enc(&b)
			for range 2 {
				if err := enc.Write(doc); err != nil {
					t.Fatal(err)
				}
			}
			enc.Flush()
			if n := strings.Count(b.String(), "stress"); n != 1 {
				t.Errorf("header written %d times:\n%s", n, b.String())
			}
		})
	}
}

// TestXMLEncodings: ISO-8859-1 (and US-ASCII) files read as their UTF-8;
// another encoding is an error saying which are read, at the declaration
// (issue 25, F25: "CharsetReader is nil").
func TestXMLEncodings(t *testing.T) {
	latin := strings.Replace(xmlDoc, `encoding="UTF-8"`, `encoding="ISO-8859-1"`, 1)
	latin = strings.Replace(latin, "Then more pain.", "Then m\xf6re pain.", 1) // ö in Latin-1
	docs, err := decodeAll(bioc.NewXMLDecoder(strings.NewReader(latin), "x.xml"))
	if err != nil || len(docs) != 1 || docs[0].Passages[1].Text != "Then möre pain." {
		t.Fatalf("ISO-8859-1: %v, %v", docs, err)
	}
	ascii := strings.Replace(xmlDoc, `encoding="UTF-8"`, `encoding="US-ASCII"`, 1)
	if docs, err := decodeAll(bioc.NewXMLDecoder(strings.NewReader(ascii), "x.xml")); err != nil || len(docs) != 1 {
		t.Fatalf("US-ASCII: %v", err)
	}
	other := strings.Replace(xmlDoc, `encoding="UTF-8"`, `encoding="Shift_JIS"`, 1)
	_, err = decodeAll(bioc.NewXMLDecoder(strings.NewReader(other), "x.xml"))
	if err == nil || !strings.HasPrefix(err.Error(), "x.xml:1") || !strings.Contains(err.Error(), `encoding "Shift_JIS" is not supported`) ||
		strings.Contains(err.Error(), "CharsetReader") {
		t.Errorf("Shift_JIS: %v", err)
	}
}

func TestSniffXML(t *testing.T) {
	for in, want := range map[string]bool{
		xmlDoc:                       true,
		"\n  <collection><document>": true,
		`<!DOCTYPE collection SYSTEM "BioC.dtd"><collection>`: true,
		"Aspirin\tB-Chemical\n":                               false,
		`{"documents": []}`:                                   false,
		"<b>\tO\n":                                            false,
	} {
		if got := bioc.SniffXML([]byte(in)); got != want {
			t.Errorf("SniffXML(%.30q) = %v", in, got)
		}
	}
}

// TestJSONTypeMessages: a value of the wrong JSON type is named by its
// key, without encoding/json's Go types (issue 25, F25).
func TestJSONTypeMessages(t *testing.T) {
	for in, want := range map[string]string{
		`{"documents": [{"id": 1}]}`:                                  `x.json:1: syntax error: "id" is a JSON number, want a string`,
		`{"documents": [{"id": "1", "passages": [{"offset": "0"}]}]}`: `x.json:1: syntax error: "passages.offset" is a JSON string, want a number`,
	} {
		_, err := decodeAll(bioc.NewJSONDecoder(strings.NewReader(in), "x.json"))
		if err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %s", in, err, want)
		}
	}
}
