package pubtator_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/conll/pubtator"
	"github.com/stress-ner/stress/conll/standoff"
)

// decodeAll reads every document of a PubTator text.
func decodeAll(in string) ([]*standoff.Document, error) {
	d := pubtator.NewDecoder(strings.NewReader(in), "x.pubtator")
	var out []*standoff.Document
	for {
		doc, err := d.Read()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, doc)
	}
}

const small = "1|t|Aspirin and pain.\n1|a|Aspirin (ASA) helps.\n" +
	"1\t0\t7\tAspirin\tChemical\tD001241\n1\t12\t16\tpain\tDisease\tD010146\n" +
	"1\t18\t25\tAspirin\tChemical\tD001241\n1\t27\t30\tASA\tChemical\tD001241\n" +
	"1\tCID\tD001241\tD010146\n\n"

var readCases = []struct {
	name, in string
	docs     int
	err      error
	line     int
}{
	{"ok", small, 1, nil, 0},
	{"two docs no blank", "1|t|A b.\n2|t|C d.\n", 2, nil, 0},
	{"title only", "7|t|Heart failure.\n7\t0\t13\tHeart failure\tDisease\tD006333\n", 1, nil, 0},
	{"five columns", "7|t|Heart failure.\n7\t0\t5\tHeart\tDisease\n", 1, nil, 0},
	{"crlf", "1|t|A b.\r\n1|a|C d.\r\n\r\n", 1, nil, 0},
	{"no title", "1|a|abstract\n", 0, standoff.ErrSyntax, 1},
	{"wrong text", "1|t|Aspirin and pain.\n1\t0\t7\tAspirin\tChemical\tD1\n1\t12\t16\tache\tDisease\tD2\n", 0, standoff.ErrOffset, 3},
	{"outside", "1|t|Aspirin.\n1\t0\t70\tAspirin\tChemical\tD1\n", 0, standoff.ErrOffset, 2},
	{"other pmid", "1|t|Aspirin.\n2\t0\t7\tAspirin\tChemical\tD1\n", 0, standoff.ErrSyntax, 2},
	{"reversed", "1|t|Aspirin.\n1\t7\t0\tAspirin\tChemical\tD1\n", 0, standoff.ErrSyntax, 2},
	{"second abstract", "1|t|A.\n1|a|B.\n1|a|C.\n", 0, standoff.ErrSyntax, 3},
	{"bad utf8", "1|t|A\xff.\n", 0, conll.ErrInvalidUTF8, 1},
	{"lone field", "1|t|A.\n1\n", 0, standoff.ErrSyntax, 2},
	// Annotation lines that a relation line never looks like are
	// checked as annotations, not read as relations (issue 25, F12).
	{"negative start", "1|t|Aspirin.\n1\t-5\t7\tAspirin\tChemical\tD1\n", 0, standoff.ErrSyntax, 2},
	{"negative end", "1|t|Aspirin.\n1\t0\t-7\tAspirin\tChemical\tD1\n", 0, standoff.ErrSyntax, 2},
	{"signed start", "1|t|Aspirin.\n1\t+0\t7\tAspirin\tChemical\tD1\n", 0, standoff.ErrSyntax, 2},
	{"non-numeric start", "1|t|Aspirin.\n1\tx\t7\tAspirin\tChemical\tD1\n", 0, standoff.ErrSyntax, 2},
	{"non-numeric end", "1|t|Aspirin.\n1\t0\t7a\tAspirin\tChemical\tD1\n", 0, standoff.ErrSyntax, 2},
	{"fractional start", "1|t|Aspirin.\n1\t0.5\t7\tAspirin\tChemical\tD1\n", 0, standoff.ErrSyntax, 2},
	{"huge offset", "1|t|Aspirin.\n1\t0\t99999999999999999999\tAspirin\tChemical\tD1\n", 0, standoff.ErrSyntax, 2},
	{"missing type", "1|t|Aspirin.\n1\t0\t7\tAspirin\n", 0, standoff.ErrSyntax, 2},
	{"empty type", "1|t|Aspirin.\n1\t0\t7\tAspirin\t\tD1\n", 0, standoff.ErrSyntax, 2},
	{"offsets only", "1|t|Aspirin.\n1\t0\t7\n", 0, standoff.ErrSyntax, 2},
	{"relation with numeric arguments", "1|t|TP53 and cancer.\n1\tAssociation\t7157\tD009369\tNovel\n", 1, nil, 0},
}

func TestRead(t *testing.T) {
	for _, c := range readCases {
		t.Run(c.name, func(t *testing.T) {
			docs, err := decodeAll(c.in)
			if c.err == nil {
				if err != nil || len(docs) != c.docs {
					t.Fatalf("got %d docs, %v; want %d", len(docs), err, c.docs)
				}
				return
			}
			var pe *conll.ParseError
			if !errors.Is(err, c.err) || !errors.As(err, &pe) || pe.Line != c.line || pe.File != "x.pubtator" {
				t.Fatalf("error %v, want %v at x.pubtator:%d", err, c.err, c.line)
			}
		})
	}
}

func TestReadModel(t *testing.T) {
	docs, err := decodeAll(small)
	if err != nil {
		t.Fatal(err)
	}
	d := docs[0]
	if len(d.Passages) != 2 || d.Passages[1].Offset != 18 || len(d.Passages[0].Annotations) != 2 || len(d.Passages[1].Annotations) != 2 {
		t.Fatalf("passages %+v", d.Passages)
	}
	a := d.Passages[1].Annotations[1]
	if a.Text != "ASA" || a.Infon(pubtator.KeyID) != "D001241" || a.Locations[0] != (standoff.Span{Start: 27, End: 30}) {
		t.Errorf("annotation %+v", a)
	}
	if len(d.Relations) != 1 || d.Relations[0].Type != "CID" || d.Relations[0].Infons[1].Value != "D010146" {
		t.Errorf("relations %+v", d.Relations)
	}
}

// TestRoundTripCases writes back every readable case: the same bytes
// for files in the usual layout, the same documents otherwise.
func TestRoundTripCases(t *testing.T) {
	fixture, err := os.ReadFile("testdata/cdr3.pubtator")
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{small, string(fixture), "1|t|A b.\n2|t|C d.\n"} {
		if out := convert(t, []byte(in)); string(out) != in {
			t.Errorf("round trip of %.30q gave %.60q", in, out)
		}
	}
}

// TestPerturbedSentences replaces tokens and a mention by one of another
// length and checks offsets, texts, ids and relations of the result.
func TestPerturbedSentences(t *testing.T) {
	r := standoff.NewReader(pubtator.NewDecoder(strings.NewReader(small), "x"), "x")
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
	if len(sents) != 2 || !sents[0].DocStart || sents[1].DocStart {
		t.Fatalf("sentences %+v", sents)
	}
	// "Aspirin ( ASA ) helps ." -> "acetylsalicylic acid ( ASA ) hlpes ."
	s := sents[1]
	s.Tokens = append([]string{"acetylsalicylic", "acid"}, s.Tokens[1:]...)
	s.Tags = append([]string{"B-Chemical", "I-Chemical"}, s.Tags[1:]...)
	s.Tokens[5] = "hlpes"
	var out bytes.Buffer
	w := standoff.NewWriter(pubtator.NewEncoder(&out), r.Corpus())
	w.Write(sents[0])
	w.Write(s)
	w.Flush()
	if err := w.Error(); err != nil {
		t.Fatal(err)
	}
	want := "1|t|Aspirin and pain.\n1|a|acetylsalicylic acid (ASA) hlpes.\n" +
		"1\t0\t7\tAspirin\tChemical\tD001241\n1\t12\t16\tpain\tDisease\tD010146\n" +
		"1\t18\t38\tacetylsalicylic acid\tChemical\tD001241\n1\t40\t43\tASA\tChemical\tD001241\n" +
		"1\tCID\tD001241\tD010146\n\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

func FuzzDecode(f *testing.F) {
	for _, c := range readCases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		docs, err := decodeAll(in)
		if err != nil {
			return
		}
		// What was read writes back to text that reads as the same
		// documents.
		var b bytes.Buffer
		enc := pubtator.NewEncoder(&b)
		for _, d := range docs {
			if enc.Write(d) != nil {
				return // e.g. a field the format cannot hold
			}
		}
		enc.Flush()
		// Through sentences (segmenting, tagging, rebuilding, checking)
		// and back: the same bytes as writing the documents directly.
		r := standoff.NewReader(pubtator.NewDecoder(strings.NewReader(in), "f"), "f")
		var viaSents bytes.Buffer
		if err := conll.Copy(standoff.NewWriter(pubtator.NewEncoder(&viaSents), r.Corpus()), r); err != nil {
			t.Fatalf("through sentences: %v", err)
		}
		if viaSents.String() != b.String() {
			t.Fatalf("through sentences:\n%q\nwant\n%q", viaSents.String(), b.String())
		}
		again, err := decodeAll(b.String())
		if err != nil || len(again) != len(docs) {
			t.Fatalf("rewritten %q: %d docs, %v (had %d)", b.String(), len(again), err, len(docs))
		}
		for i := range docs {
			if x, y := docs[i].ID, again[i].ID; x != y {
				t.Fatalf("doc %d: id %q became %q", i, x, y)
			}
			ax, rx := docs[i].Counts()
			ay, ry := again[i].Counts()
			if ax != ay || rx != ry {
				t.Fatalf("doc %d: counts %d/%d became %d/%d", i, ax, rx, ay, ry)
			}
		}
	})
}

func Example() {
	in := "1|t|Aspirin and pain.\n1\t0\t7\tAspirin\tChemical\tD001241\n1\t12\t16\tpain\tDisease\tD010146\n\n"
	r := standoff.NewReader(pubtator.NewDecoder(strings.NewReader(in), "in.pubtator"), "in.pubtator")
	s, _ := r.Read()
	fmt.Println(s.Tokens, s.Tags)
	// Output: [Aspirin and pain .] [B-Chemical O B-Disease O]
}
