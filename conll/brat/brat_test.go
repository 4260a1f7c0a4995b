package brat_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/conll/brat"
	"github.com/stress-ner/stress/conll/standoff"
	"github.com/stress-ner/stress/internal/limits"
)

const text = "Aspirin and heart failure.\nNo pain."

const ann = "T1\tChemical 0 7\tAspirin\n" +
	"T2\tDisease 12 17;18 25\theart failure\n" +
	"N1\tReference T1 MESH:D001241\taspirin\n" +
	"R1\tCause Arg1:T1 Arg2:T2\n" +
	"E1\tCause:T1 Theme:T2\n" +
	"A1\tNegated E1\n" +
	"T3\tDisease 30 34\tpain\n"

func decode(a, txt string) (*standoff.Document, error) {
	d := brat.NewDecoder(strings.NewReader(a), "doc.ann", func() ([]byte, error) { return []byte(txt), nil })
	doc, err := d.Read()
	if err != nil {
		return nil, err
	}
	if _, err := d.Read(); err != io.EOF {
		return nil, fmt.Errorf("second Read: %v", err)
	}
	return doc, nil
}

// encode writes doc and returns the text and annotation files.
func encode(t testing.TB, docs ...*standoff.Document) (string, string) {
	t.Helper()
	var a, txt bytes.Buffer
	e := brat.NewEncoder(&a, func(ext string) (io.Writer, error) { return &txt, nil })
	for _, d := range docs {
		e.Write(d)
	}
	e.Flush()
	if e.Error() != nil {
		t.Fatal(e.Error())
	}
	return txt.String(), a.String()
}

func TestRead(t *testing.T) {
	d, err := decode(ann, text)
	if err != nil {
		t.Fatal(err)
	}
	p := d.Passages[0]
	if d.ID != "doc" || len(p.Annotations) != 3 || len(d.Relations) != 1 {
		t.Fatalf("%+v", d)
	}
	if a := p.Annotations[0]; a.Infon(brat.KeyID) != "MESH:D001241" || a.ID != "T1" {
		t.Errorf("%+v", a)
	}
	if a := p.Annotations[1]; len(a.Locations) != 2 || a.Locations[1] != (standoff.Span{Start: 18, End: 25}) {
		t.Errorf("%+v", a)
	}
	if r := d.Relations[0]; r.Type != "Cause" || r.Nodes[1] != (standoff.Node{RefID: "T2", Role: "Arg2"}) {
		t.Errorf("%+v", r)
	}
	gotText, gotAnn := encode(t, d)
	if gotText != text || gotAnn != ann {
		t.Errorf("round trip:\n%q\n%q", gotText, gotAnn)
	}
	// No final line break stays so.
	d, _ = decode(strings.TrimSuffix(ann, "\n"), text)
	if _, a := encode(t, d); a != strings.TrimSuffix(ann, "\n") {
		t.Errorf("final line break added: %q", a)
	}
}

var errorCases = []struct {
	name, ann string
	err       error
	line      int
}{
	{"fields", "T1\tChemical 0 7\n", standoff.ErrSyntax, 1},
	{"span", "N1\tReference T1 X\tx\nT1\tChemical 0 x\tAspirin\n", standoff.ErrSyntax, 2},
	{"text", "T1\tChemical 0 7\tAspirix\n", standoff.ErrOffset, 1},
	{"outside", "T1\tChemical 0 70\tAspirin\n", standoff.ErrOffset, 1},
	{"duplicate", "T1\tChemical 0 7\tAspirin\nT1\tChemical 0 7\tAspirin\n", standoff.ErrSyntax, 2},
	{"note", "N1\tReference T9 X\tx\n", standoff.ErrSyntax, 1},
	{"relation", "R1\tCause T1\n", standoff.ErrSyntax, 1},
	{"utf8", "#1\tx\xff\n", conll.ErrInvalidUTF8, 1},
}

func TestReadErrors(t *testing.T) {
	for _, c := range errorCases {
		_, err := decode(c.ann, text)
		var pe *conll.ParseError
		if !errors.Is(err, c.err) || !errors.As(err, &pe) || pe.Line != c.line || pe.File != "doc.ann" {
			t.Errorf("%s: %v, want %v at doc.ann:%d", c.name, err, c.err, c.line)
		}
	}
}

// TestFixture converts the brat pair made from a CDR document (with an
// event, an attribute and a note added) to PubTator and back, and
// rewrites it unchanged through conll.Open and conll.Create.
func TestFixture(t *testing.T) {
	dir := t.TempDir()
	in, err := conll.Open("testdata/6504332.ann")
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := conll.Create(filepath.Join(dir, "x.ann"), conll.OutputOptions{Layout: in.Layout()})
	if err != nil {
		t.Fatal(err)
	}
	if err := conll.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Commit(); err != nil {
		t.Fatal(err)
	}
	for _, ext := range []string{".ann", ".txt"} {
		want, _ := os.ReadFile("testdata/6504332" + ext)
		got, _ := os.ReadFile(filepath.Join(dir, "x"+ext))
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs", ext)
		}
	}
}

// TestPerturbed replaces a mention by a longer one: later offsets move,
// verbatim lines stay.
func TestPerturbed(t *testing.T) {
	d, err := decode(ann, text)
	if err != nil {
		t.Fatal(err)
	}
	r := standoff.NewReader(&one{d}, "doc.ann")
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
	s := sents[0]
	s.Tokens = append([]string{"acetylsalicylic", "acid"}, s.Tokens[1:]...)
	s.Tags = append([]string{"B-Chemical", "I-Chemical"}, s.Tags[1:]...)
	sents[0] = s
	var a, txt bytes.Buffer
	w := standoff.NewWriter(brat.NewEncoder(&a, func(string) (io.Writer, error) { return &txt, nil }), r.Corpus())
	for _, s := range sents {
		w.Write(s)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		t.Fatal(err)
	}
	want := strings.NewReplacer("0 7\tAspirin", "0 20\tacetylsalicylic acid", "12 17;18 25", "25 30;31 38", "30 34", "43 47").Replace(ann)
	if a.String() != want || txt.String() != "acetylsalicylic acid and heart failure.\nNo pain." {
		t.Errorf("got\n%s%s\nwant\n%s", a.String(), txt.String(), want)
	}
}

type one struct{ d *standoff.Document }

func (o *one) Read() (*standoff.Document, error) {
	if o.d == nil {
		return nil, io.EOF
	}
	d := o.d
	o.d = nil
	return d, nil
}

func FuzzDecode(f *testing.F) {
	f.Add(ann, text)
	for _, c := range errorCases {
		f.Add(c.ann, text)
	}
	f.Fuzz(func(t *testing.T, a, txt string) {
		d, err := decode(a, txt)
		if err != nil {
			return
		}
		var ab, tb bytes.Buffer
		e := brat.NewEncoder(&ab, func(string) (io.Writer, error) { return &tb, nil })
		e.Write(d)
		e.Flush()
		if e.Error() != nil {
			return
		}
		again, err := decode(ab.String(), tb.String())
		if err != nil {
			t.Fatalf("rewritten: %v", err)
		}
		x, y := d.Passages[0].Annotations, again.Passages[0].Annotations
		if len(x) != len(y) || tb.String() != txt {
			t.Fatalf("%d annotations became %d", len(x), len(y))
		}
	})
}

func Example() {
	d := brat.NewDecoder(strings.NewReader("T1\tChemical 0 7\tAspirin\n"), "doc.ann",
		func() ([]byte, error) { return []byte("Aspirin helps."), nil })
	r := standoff.NewReader(d, "doc.ann")
	s, _ := r.Read()
	fmt.Println(s.Tokens, s.Tags)
	// Output: [Aspirin helps .] [B-Chemical O O]
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestEndlessAnnotations: an annotation file that never ends (a link to
// /dev/zero) is an error naming it once limits.MaxDocument bytes are
// read, not a process filling memory.
func TestEndlessAnnotations(t *testing.T) {
	d := brat.NewDecoder(zeros{}, "doc.ann", func() ([]byte, error) { return []byte(text), nil })
	_, err := d.Read()
	if !errors.Is(err, limits.ErrLargeDocument) || !strings.HasPrefix(err.Error(), "doc.ann: ") {
		t.Errorf("err = %v", err)
	}
}
