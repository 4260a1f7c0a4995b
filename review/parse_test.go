package review

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/perturb"
)

const keyHead = "item\tfile\tline\tsentence\ttoken\tend\tkind\ttype\tsource\tbefore\tafter\tconcept_id\tterm_type\tlabels\n"

// keyText is a small key: items x-1 (synonym) and x-2 (keyboard, with
// labels of its own).
const keyText = keyHead +
	"x-1\ts_syn.tsv\t12\t3\t4\t5\tsynonym\tDisease\tMESH\theart failure\tcardiac failure\tMESH:D006333\tentry\tnatural,unnatural,meaning changed,grammar broken,unsure\n" +
	"x-2\ts_key.tsv\t40\t9\t2\t2\tkeyboard\tO\t\tdose\tdise\t\t\treadable,unreadable\n"

func testKey(t *testing.T) *Key {
	t.Helper()
	k, err := ReadKey(strings.NewReader(keyText), "key.tsv")
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func TestReadKey(t *testing.T) {
	k := testKey(t)
	want := KeyRow{Item: "x-1", Line: 12, Type: "Disease", Labels: defaultLabels,
		Change: perturb.Change{File: "s_syn.tsv", Sentence: 2, Token: 3, End: 5, Kind: "synonym", Before: "heart failure",
			After: "cardiac failure", ConceptID: "MESH:D006333", Source: "MESH", TermType: "entry"}}
	got, ok := k.Row("x-1")
	if !ok || got.Item != want.Item || got.Line != want.Line || got.Type != want.Type || got.Change != want.Change || !slices.Equal(got.Labels, want.Labels) {
		t.Errorf("row x-1 = %+v, want %+v", got, want)
	}
	// WriteKey's rows read back as they were.
	var b strings.Builder
	b.WriteString(keyHead)
	for _, r := range k.Rows {
		b.WriteString(keyLine(r))
	}
	if b.String() != keyText {
		t.Errorf("key written back:\n%s\nwant\n%s", b.String(), keyText)
	}
}

func TestReadKeyErrors(t *testing.T) {
	row := "x-1\ts.tsv\t12\t3\t4\t5\tsynonym\tDisease\tMESH\ta\tb\tC1\tentry\tnatural,unnatural\n"
	with := func(col int, v string) string {
		f := strings.Split(strings.TrimSuffix(row, "\n"), "\t")
		f[col] = v
		return keyHead + strings.Join(f, "\t") + "\n"
	}
	for _, tc := range []struct {
		name, text string
		line       int
		msg        string
	}{
		{"empty", "", 1, "no header row"},
		{"judgement file given as key", "item\tlabel\nx-1\tnatural\n", 1, "is not a key's"},
		{"short row", keyHead + "x-1\ts.tsv\t12\n", 2, "3 tab-separated fields, want 14"},
		{"item twice", keyHead + row + row, 3, `item "x-1" twice (first on line 2)`},
		{"empty item", with(0, ""), 2, "item \"\": empty"},
		{"line zero", with(2, "0"), 2, `line "0" is not a number from 1`},
		{"token not a number", with(4, "four"), 2, `token "four"`},
		{"end before token", with(5, "2"), 2, "end 2 before token 4"},
		{"no kind", with(6, ""), 2, "empty kind or type"},
		{"one label", with(13, "natural"), 2, "1 labels, want 2 to 9"},
		{"unsure first", with(13, "unsure,natural"), 2, "cannot be \"unsure\""},
		{"bad escape", with(9, `a\qb`), 2, `before "a\\qb"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadKey(strings.NewReader(tc.text), "key.tsv")
			var pe *ParseError
			if !errors.As(err, &pe) || !errors.Is(err, ErrKey) || pe.Line != tc.line || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("error %v, want key.tsv:%d: ... %q", err, tc.line, tc.msg)
			}
		})
	}
}

func TestReadJudgements(t *testing.T) {
	k := testKey(t)
	// A spreadsheet's export: byte-order mark, CRLF, quoted cells,
	// other columns, a row cut after its label, an empty label, a
	// comment, a label in other case and one by number.
	text := "\ufeffitem\toriginal\tperturbed\tlabels\tlabel\tnote\r\n" +
		"# judged on Monday\r\n" +
		"\"x-1\"\ta ⟦b⟧\ta ⟦c⟧\tnatural, unnatural\t\"Meaning Changed\"\t\"a \"\"wrong\"\" concept\"\r\n" +
		"\r\n" +
		"x-2\ta\tb\tx\t2\r\n"
	js, err := ReadJudgements(strings.NewReader(text), "j.tsv", k)
	if err != nil {
		t.Fatal(err)
	}
	want := []Judgement{{Item: "x-1", Label: "meaning changed", Note: `a "wrong" concept`, Line: 3}, {Item: "x-2", Label: "unreadable", Line: 5}}
	if !slices.Equal(js.List, want) || js.Judge != "j.tsv" {
		t.Errorf("got %+v, want %+v", js.List, want)
	}
	// The page's export, with an item not judged.
	js, err = ReadJudgements(strings.NewReader("item\tlabel\tnote\nx-2\treadable\t\nx-1\t\t\n"), "page.tsv", k)
	if err != nil || len(js.List) != 1 || js.List[0].Label != "readable" {
		t.Errorf("page export: %+v, %v", js, err)
	}
}

func TestReadJudgementsErrors(t *testing.T) {
	k := testKey(t)
	for _, tc := range []struct {
		name, text string
		line       int
		msg        string
	}{
		{"empty", "", 1, "no header row"},
		{"no label column", "item\tnote\nx-1\tfine\n", 1, `no "item" and "label" columns`},
		{"label column twice", "item\tlabel\tLabel\n", 1, `column "Label" twice`},
		{"unknown item", "item\tlabel\nx-1\tnatural\nzz-9\tnatural\n", 3, `item "zz-9" is not in the key key.tsv`},
		{"item twice", "item\tlabel\nx-1\tnatural\nx-2\treadable\nx-1\tunsure\n", 4, `item "x-1" judged twice (first on line 2)`},
		{"unknown label", "item\tlabel\nx-2\tnatural\n", 2, `label "natural" is not one of item x-2's labels (readable, unreadable, or their numbers 1 to 2)`},
		{"number out of range", "item\tlabel\nx-2\t3\n", 2, `label "3" is not one of item x-2's labels`},
		{"label without item", "item\tlabel\n\tnatural\n", 2, `label "natural" without an item`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadJudgements(strings.NewReader(tc.text), "j.tsv", k)
			var pe *ParseError
			if !errors.As(err, &pe) || !errors.Is(err, ErrJudgements) || pe.Line != tc.line || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("error %v, want j.tsv:%d: ... %q", err, tc.line, tc.msg)
			}
		})
	}
}

func TestScoreNoJudgements(t *testing.T) {
	k := testKey(t)
	js, err := ReadJudgements(strings.NewReader("item\tlabel\n"), "j.tsv", k)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Score(k, []*Judgements{js}); !errors.Is(err, ErrNoJudgements) {
		t.Errorf("error %v, want ErrNoJudgements", err)
	}
}

func TestLabels(t *testing.T) {
	var l Labels
	for _, spec := range []string{"synonym = same, different , unsure", "*=ok,not ok"} {
		if err := l.Parse(spec); err != nil {
			t.Fatalf("%q: %v", spec, err)
		}
	}
	if got := l.For("synonym"); !slices.Equal(got, []string{"same", "different", "unsure"}) {
		t.Errorf("synonym: %q", got)
	}
	if got := l.For("keyboard"); !slices.Equal(got, []string{"ok", "not ok"}) {
		t.Errorf("keyboard: %q", got)
	}
	if got := (Labels{}).For("keyboard"); !slices.Equal(got, defaultLabels) {
		t.Errorf("default: %q", got)
	}
	for _, tc := range []struct{ spec, msg string }{
		{"synonym=a,b", "labels of synonym given twice"},
		{"*=a,b", "every kind (*) given twice"},
		{"natural,unnatural", "want KIND=label,label"},
		{"=a,b", "no kind before"},
		{"swap=a", "1 labels, want 2 to 9"},
		{"swap=1,2,3,4,5,6,7,8,9,10", "10 labels"},
		{"swap=a,,b", "an empty label"},
		{"swap=a,A", `label "A" twice`},
		{"swap=unsure,a", "cannot be \"unsure\""},
		{"swap=a\tb,c", "control character"},
	} {
		if err := l.Parse(tc.spec); !errors.Is(err, ErrLabels) || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%q: error %v, want %q", tc.spec, err, tc.msg)
		}
	}
	path := filepath.Join(t.TempDir(), "labels.txt")
	os.WriteFile(path, []byte("# labels for the S review\nsynonym=same,other\n\nswap=a\n"), 0o644)
	var f Labels
	err := f.ReadFile(path)
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line != 4 || !slices.Equal(f.For("synonym"), []string{"same", "other"}) {
		t.Errorf("ReadFile: %v, synonym %q", err, f.For("synonym"))
	}
}

// FuzzReadKey: no input makes the key reader panic; an error is a
// *ParseError with a line; a key it accepts is written back as read.
func FuzzReadKey(f *testing.F) {
	f.Add(keyText)
	f.Add(keyHead + "a\tb\t1\t1\t1\t1\tk\tO\t\t\\t\\\\\t\t\t\tx,y\n")
	f.Add("")
	f.Add(keyHead + "x\n")
	f.Fuzz(func(t *testing.T, text string) {
		k, err := ReadKey(strings.NewReader(text), "fuzz.tsv")
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Line < 1 {
				t.Fatalf("error %v is not a *ParseError with a line", err)
			}
			return
		}
		var b strings.Builder
		b.WriteString(keyHead)
		for _, r := range k.Rows {
			b.WriteString(keyLine(r))
		}
		again, err := ReadKey(strings.NewReader(b.String()), "again.tsv")
		if err != nil || len(again.Rows) != len(k.Rows) {
			t.Fatalf("key written back does not read: %v\n%q", err, b.String())
		}
		for i := range k.Rows {
			a, b := k.Rows[i], again.Rows[i]
			if a.Item != b.Item || a.Change != b.Change || a.Line != b.Line || a.Type != b.Type || !slices.Equal(a.Labels, b.Labels) {
				t.Fatalf("row %d: %+v, written back %+v", i, a, b)
			}
		}
	})
}

// FuzzReadJudgements: no input makes the judgement reader panic; an
// error is a *ParseError with a line; every judgement it accepts is of
// an item of the key, once, with one of the item's labels.
func FuzzReadJudgements(f *testing.F) {
	k, err := ReadKey(strings.NewReader(keyText), "key.tsv")
	if err != nil {
		f.Fatal(err)
	}
	f.Add("item\tlabel\tnote\nx-1\tnatural\t\nx-2\t2\tnote\n")
	f.Add("\ufeff\"item\"\t\"label\"\r\n\"x-1\"\t\"Unsure\"\r\n")
	f.Add("item\tlabel\nx-1\tnatural\nx-1\tunsure\n")
	f.Add("")
	f.Fuzz(func(t *testing.T, text string) {
		js, err := ReadJudgements(strings.NewReader(text), "fuzz.tsv", k)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Line < 1 {
				t.Fatalf("error %v is not a *ParseError with a line", err)
			}
			return
		}
		seen := map[string]bool{}
		for _, j := range js.List {
			row, ok := k.Row(j.Item)
			if !ok || seen[j.Item] || !slices.Contains(row.Labels, j.Label) {
				t.Fatalf("judgement %+v: unknown item, twice, or not a label of it", j)
			}
			seen[j.Item] = true
		}
	})
}

// FuzzReadLabels: no label file makes the reader panic; an error is a
// *ParseError with a line, wrapping ErrLabels (or the line bound's
// error); every list it accepts passes checkLabels, so that a key
// written with it reads back.
func FuzzReadLabels(f *testing.F) {
	for _, s := range []string{
		"# labels for the S review\nsynonym=same,other\n\nswap=a,b,unsure\n*=ok,not ok\n",
		"\ufeffsynonym = same, different , unsure\r\n", "*=2,1,unsure\n", "swap=a\n", "swap=a,,b\n", "=a,b\n",
		"synonym=a,b\nsynonym=c,d\n", "swap=a\tb,c\n", "natural,unnatural\n", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		var l Labels
		err := l.read(strings.NewReader(text), "labels.txt")
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Line < 1 || pe.File != "labels.txt" {
				t.Fatalf("error %v is not a *ParseError at a line", err)
			}
			return
		}
		for _, k := range append(l.kinds(), "*") {
			if err := checkLabels(l.For(k)); err != nil && (k != "*" || l.Default != nil) {
				t.Fatalf("accepted labels of %s fail checkLabels: %v", k, err)
			}
		}
	})
}
