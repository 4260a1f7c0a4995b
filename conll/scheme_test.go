package conll_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	_ "github.com/stress-ner/stress/conll/formats"
	"github.com/stress-ner/stress/iob"
)

// openString opens text as the corpus file name.
func openString(t *testing.T, name, text string) *conll.File {
	t.Helper()
	f, err := conll.OpenReader(strings.NewReader(text), name)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// An IOBES file read with SetScheme is IOB2 to its reader; written back
// through NewSchemeWriter in its own layout, it keeps its bytes.
func TestSchemeRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		scheme iob.Scheme
		text   string
	}{
		{iob.IOBES, "Aspirin S-Chemical\ninduced O\ngastric B-Disease\nulcers E-Disease\n\nheart B-Disease\nattack I-Disease\nrisk E-Disease\n"},
		{iob.IOB1, "Aspirin\tI-Chemical\r\nand\tO\r\nheparin\tI-Chemical\r\nwarfarin\tB-Chemical\r\n"},
		{iob.IOB2, "Aspirin\tB-Chemical\n"},
	} {
		f := openString(t, "in.tsv", tc.text)
		if err := f.SetScheme(tc.scheme); err != nil {
			t.Fatal(err)
		}
		sents, err := conll.ReadAll(f)
		if err != nil {
			t.Fatalf("%v: %v", tc.scheme, err)
		}
		for _, s := range sents {
			if v := iob.Validate(s.Tags, iob.IOB2); len(v) > 0 {
				t.Errorf("%v: read tags %q are not IOB2", tc.scheme, s.Tags)
			}
		}
		var buf bytes.Buffer
		cw := conll.NewWriter(&buf)
		cw.Layout = f.Layout()
		w := conll.NewSchemeWriter(cw, tc.scheme)
		if tc.scheme == iob.IOB2 && w != conll.SentenceWriter(cw) {
			t.Error("NewSchemeWriter wraps an IOB2 writer")
		}
		if err := conll.WriteAll(w, sents); err != nil {
			t.Fatal(err)
		}
		if buf.String() != tc.text {
			t.Errorf("%v: round trip\n%q\nwant\n%q", tc.scheme, buf.String(), tc.text)
		}
	}
}

// A tag invalid in the scheme stops the reader at its line.
func TestSetSchemeErrors(t *testing.T) {
	for _, tc := range []struct {
		scheme iob.Scheme
		text   string
		want   string
	}{
		{iob.IOBES, "a\tO\nb\tB-X\nc\tO\n", `in.tsv:3: O after B-X: the entity is not closed with E-`},
		{iob.IOB2, "a\tS-X\n", `in.tsv:1: tag "S-X" is not valid iob2`},
		{iob.IOB1, "a\tB-X\n", `in.tsv:1: B-X after the sentence start: IOB1 uses B- only right after an entity of the same type`},
	} {
		f := openString(t, "in.tsv", tc.text)
		f.SetScheme(tc.scheme)
		_, err := conll.ReadAll(f)
		if err == nil || err.Error() != tc.want || !errors.Is(err, iob.ErrInvalidTag) {
			t.Errorf("%v %q: %v; want %s", tc.scheme, tc.text, err, tc.want)
		}
	}
	// The tags of a document format come from its annotations.
	doc, err := os.ReadFile("../cmd/stress/testdata/cdr3.pubtator")
	if err != nil {
		t.Skip(err)
	}
	f := openString(t, "cdr3.pubtator", string(doc))
	if err := f.SetScheme(iob.IOBES); !errors.Is(err, conll.ErrScheme) {
		t.Errorf("SetScheme(IOBES) on PubTator: %v, want ErrScheme", err)
	}
	if err := f.SetScheme(iob.IOB2); err != nil {
		t.Errorf("SetScheme(IOB2) on PubTator: %v", err)
	}
}

// SetLenientScheme converts a tagger's output without refusing its
// mistakes.
func TestSetLenientScheme(t *testing.T) {
	f := openString(t, "p.tsv", "a\tB-X\nb\tO\nc\tE-X\nd\tBANANA\n")
	if err := f.SetLenientScheme(iob.IOBES); err != nil {
		t.Fatal(err)
	}
	sents, err := conll.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"B-X", "O", "B-X", "BANANA"}; !slices.Equal(sents[0].Tags, want) {
		t.Errorf("tags %q, want %q", sents[0].Tags, want)
	}
}

// JSON Lines read with integer tags are written with integer tags by a
// writer given the reader's layout; string tags stay strings.
func TestJSONIntegerTagsRoundTrip(t *testing.T) {
	labels := []string{"O", "B-Chemical", "I-Chemical", "E-Chemical", "S-Chemical"}
	for _, tc := range []struct {
		in     string
		scheme iob.Scheme
	}{
		{`{"id":"0","tokens":["Aspirin","and","heparin","sulfate"],"ner_tags":[1,0,1,2]}` + "\n", iob.IOB2},
		{`{"id":"0","tokens":["Aspirin","and","heparin","sulfate"],"ner_tags":[4,0,1,3]}` + "\n", iob.IOBES},
		{`{"id":"0","tokens":["Aspirin"],"ner_tags":["B-Chemical"]}` + "\n", iob.IOB2},
	} {
		f, err := conll.OpenReader(strings.NewReader(tc.in), "in.jsonl")
		if err != nil {
			t.Fatal(err)
		}
		jr := f.SentenceReader.(*conll.JSONReader)
		jr.Labels = labels
		f.SetScheme(tc.scheme)
		sents, err := conll.ReadAll(f)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		w := conll.NewSchemeWriter(conll.NewFormatWriter(&buf, conll.FormatJSONL, f.Layout()), tc.scheme)
		if err := conll.WriteAll(w, sents); err != nil {
			t.Fatal(err)
		}
		if buf.String() != tc.in {
			t.Errorf("round trip %q, want %q", buf.String(), tc.in)
		}
	}
}

func ExampleNewSchemeWriter() {
	in := "Aspirin\tS-Chemical\ninduced\tO\nheart\tB-Disease\nattack\tE-Disease\n"
	f, _ := conll.OpenReader(strings.NewReader(in), "iobes.tsv")
	f.SetScheme(iob.IOBES) // checked, and IOB2 from here on
	s, _ := f.Read()
	fmt.Println(s.Tags)
	s.Tokens[0] = "Aspirn" // anything that works on IOB2
	w := conll.NewSchemeWriter(conll.NewFormatWriter(os.Stdout, conll.FormatCoNLL, f.Layout()), iob.IOBES)
	w.Write(s)
	w.Flush()
	// Output:
	// [B-Chemical O B-Disease I-Disease]
	// Aspirn	S-Chemical
	// induced	O
	// heart	B-Disease
	// attack	E-Disease
}

// SetSchemeRepair repairs invalid transitions, reports each at its line
// (the token's in CoNLL, the record's in JSON Lines), and still refuses
// an unknown tag.
func TestSetSchemeRepair(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		scheme     iob.Scheme
		want       [][]string
		repairs    []string
		err        string
	}{
		{"in.tsv", "a\tI-E\nb\tO\nc\tI-E\n\nd\tB-E\ne\tI-F\n", iob.IOB2,
			[][]string{{"B-E", "O", "B-E"}, {"B-E", "B-F"}},
			[]string{"in.tsv:1: I-E after the sentence start: an entity must start with B-", "in.tsv:3: I-E after O: an entity must start with B-", "in.tsv:6: I-F after B-E: an entity must start with B-"}, ""},
		{"in.jsonl", `{"tokens": ["a", "b"], "ner_tags": ["O", "I-E"]}` + "\n\n" + `{"tokens": ["c"], "ner_tags": ["I-E"]}` + "\n", iob.IOB2,
			[][]string{{"O", "B-E"}, {"B-E"}},
			[]string{"in.jsonl:1: I-E after O: an entity must start with B-", "in.jsonl:3: I-E after the sentence start: an entity must start with B-"}, ""},
		{"e.tsv", "a B-X\nb O\nc S-Y\n", iob.IOBES,
			[][]string{{"B-X", "O", "B-Y"}},
			[]string{"e.tsv:2: O after B-X: the entity is not closed with E-"}, ""},
		{"bad.tsv", "a\tI-E\nb\tX-Foo\n", iob.IOB2, nil, nil, `bad.tsv:2: tag "X-Foo" is not valid iob2`},
	} {
		f := openString(t, tc.name, tc.text)
		var repairs []string
		if err := f.SetSchemeRepair(tc.scheme, func(r conll.Repair) { repairs = append(repairs, r.String()) }); err != nil {
			t.Fatal(err)
		}
		sents, err := conll.ReadAll(f)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%s: error %v, want %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var tags [][]string
		for _, s := range sents {
			tags = append(tags, s.Tags)
		}
		if fmt.Sprint(tags) != fmt.Sprint(tc.want) || !slices.Equal(repairs, tc.repairs) {
			t.Errorf("%s: tags %v, repairs %q; want %v, %q", tc.name, tags, repairs, tc.want, tc.repairs)
		}
	}
}

func TestFitSchemes(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		text         string
		valid, known string
	}{
		{"a\tB-X\nb\tI-X\n", "[iob2]", "[iob2 iob1 iobes]"},
		{"a\tI-X\nb\tI-X\n", "[iob1]", "[iob2 iob1 iobes]"},
		{"a\tS-X\nb\tO\n", "[iobes]", "[iobes]"},
		{"a\tI-X\n\nb\tB-X\n", "[]", "[iob2 iob1 iobes]"},
		{"a\tS-X\nb\tI-X\n", "[]", "[iobes]"},
		{"a\tX-Foo\n", "[]", "[]"},
		{"a\tO\n", "[iob2 iob1 iobes]", "[iob2 iob1 iobes]"},
	} {
		name := dir + "/in.tsv"
		os.WriteFile(name, []byte(tc.text), 0o644)
		fit, err := conll.FitSchemes(name)
		if err != nil {
			t.Fatal(err)
		}
		if v, k := fmt.Sprint(fit.Valid), fmt.Sprint(fit.Known); v != tc.valid || k != tc.known {
			t.Errorf("%q: valid %s, known %s; want %s, %s", tc.text, v, k, tc.valid, tc.known)
		}
	}
}
