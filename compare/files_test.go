package compare

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll/score"
	"github.com/stress-ner/stress/internal/cli"
	"github.com/stress-ner/stress/internal/testfile"
)

func TestAddFiles(t *testing.T) {
	dir := t.TempDir()
	write := testfile.Writer(t, dir)
	gold := write("test.tsv", "Aspirin\tB-Chemical\nhelps\tO\n")
	key := write("test_key.tsv", "Aspirni\tB-Chemical\nhelps\tO\n")
	log := write("changes.tsv", "file\tsentence\ttoken\tend\tkind\tbefore\tafter\tconcept_id\tsource\tterm_type\nexample/test_key.tsv\t1\t1\t1\tkeyboard\tAspirin\tAspirni\t\t\t\n")
	pO := write("pO.tsv", "Aspirin\tB-Chemical\nhelps\tO\n")
	pK := write("pK.tsv", "Aspirni\tO\nhelps\tO\n")

	c := New()
	c.Samples = 0
	err := c.AddFiles([]GoldFile{{"O", gold}, {"K", key}}, []PredictionFile{{"sys", "O", pO}, {"sys", "K", pK}}, log)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := c.Report(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Sets) != 2 {
		t.Fatalf("sets %+v", rep.Sets)
	}
	// With two gold sets, a prediction file must name its set.
	c = New()
	err = c.AddFiles([]GoldFile{{"O", gold}, {"K", key}}, []PredictionFile{{System: "sys", Path: pO}}, "")
	if !errors.Is(err, ErrWhichSet) {
		t.Errorf("prediction without a set: %v", err)
	}
	// With one, it need not.
	c = New()
	if err := c.AddFiles([]GoldFile{{"O", gold}}, []PredictionFile{{System: "sys", Path: pO}}, ""); err != nil {
		t.Error(err)
	}
}

// goldFileCases and predictionFileCases are the table of the parsers'
// tests and the seeds of their fuzz target.
var goldFileCases = []struct {
	in   string
	want GoldFile
	err  string
}{
	{"test.tsv", GoldFile{Set: "O", Path: "test.tsv"}, ""},
	{"K=test_key.tsv", GoldFile{Set: "K", Path: "test_key.tsv"}, ""},
	{"K=a=b.tsv", GoldFile{Set: "K", Path: "a=b.tsv"}, ""},
	{"K=", GoldFile{}, "want [SET=]FILE"},
	{"=test.tsv", GoldFile{}, "want [SET=]FILE"},
}

var predictionFileCases = []struct {
	in   string
	want PredictionFile
	err  string
}{
	{"sys:K=p.tsv", PredictionFile{System: "sys", Set: "K", Path: "p.tsv"}, ""},
	{"sys=p.tsv", PredictionFile{System: "sys", Path: "p.tsv"}, ""},
	{"sys:K=a=p.tsv", PredictionFile{System: "sys", Set: "K", Path: "a=p.tsv"}, ""},
	{"p.tsv", PredictionFile{}, "want NAME=VALUE"},
	{"sys=", PredictionFile{}, "want NAME=VALUE"},
	{"=p.tsv", PredictionFile{}, "want NAME=VALUE"},
}

func TestParseGoldFile(t *testing.T) {
	for _, tt := range goldFileCases {
		got, err := parseGoldFile(tt.in)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("%q: error %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("%q = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
	}
}

func TestParsePredictionFile(t *testing.T) {
	for _, tt := range predictionFileCases {
		got, err := parsePredictionFile(tt.in)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("%q: error %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("%q = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
	}
}

// FuzzParseFileSpecs checks that a spec parsed gives back its text: the
// set (or "O" for a bare file) and the path, the system, set and path.
func FuzzParseFileSpecs(f *testing.F) {
	for _, tt := range goldFileCases {
		f.Add(tt.in)
	}
	for _, tt := range predictionFileCases {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if g, err := parseGoldFile(s); err == nil {
			if !(g.Set == "O" && g.Path == s && !strings.Contains(s, "=")) && (g.Set == "" || g.Path == "" || g.Set+"="+g.Path != s) {
				t.Fatalf("parseGoldFile(%q) = %+v", s, g)
			}
		} else if !strings.Contains(s, "=") {
			t.Fatalf("parseGoldFile(%q) of a bare file: %v", s, err)
		}
		p, err := parsePredictionFile(s)
		if err != nil {
			return
		}
		name := p.System
		if p.Set != "" || strings.HasPrefix(s[len(p.System):], ":") {
			name += ":" + p.Set
		}
		if p.Path == "" || name == "" || name+"="+p.Path != s || strings.Contains(p.System, ":") || strings.Contains(name, "=") {
			t.Fatalf("parsePredictionFile(%q) = %+v", s, p)
		}
	})
}

func TestPaths(t *testing.T) {
	for _, tt := range []struct {
		golds []GoldFile
		preds []PredictionFile
		want  []string
	}{
		{nil, nil, nil},
		{[]GoldFile{{"O", "g.tsv"}, {"K", "k.tsv"}}, nil, []string{"g.tsv", "k.tsv"}},
		{[]GoldFile{{"O", "g.tsv"}}, []PredictionFile{{"a", "", "-"}, {"b", "O", "b.tsv"}}, []string{"g.tsv", "-", "b.tsv"}},
		{nil, []PredictionFile{{"a", "", "p.tsv"}}, []string{"p.tsv"}},
	} {
		if got := Paths(tt.golds, tt.preds); !slices.Equal(got, tt.want) {
			t.Errorf("Paths(%v, %v) = %v, want %v", tt.golds, tt.preds, got, tt.want)
		}
	}
}

// TestPredictionFileErrorOrder checks that a prediction file read
// sentence by sentence is refused as when it was read whole first: a
// read error before anything else, then the number of sentences, then
// the first token that differs, then the first tag the mode refuses.
func TestPredictionFileErrorOrder(t *testing.T) {
	dir := t.TempDir()
	write := testfile.Writer(t, dir)
	gold := write("gold.tsv", "a\tO\nb\tB-X\n\nc\tO\nd\tO\n\ne\tB-X\nf\tI-X\n")
	for _, tc := range []struct {
		name, set, pred, want string
	}{
		{"good", "O", "a\tO\nb\tB-X\n\nc\tO\nd\tO\n\ne\tB-X\nf\tI-X\n", ""},
		{"read error after a token that differs", "O", "a\tO\nB\tB-X\n\nc\tO\nd\n", "system sys: " + dir + "/p.tsv:5: wrong number of fields"},
		{"fewer sentences after a token that differs", "O", "a\tO\nB\tB-X\n\nc\tO\nd\tO\n", "p.tsv: 2 sentences, gold " + gold + " has 3"},
		{"more sentences", "O", "a\tO\nb\tB-X\n\nc\tO\nd\tO\n\ne\tB-X\nf\tI-X\n\ng\tO\n", "p.tsv: 4 sentences, gold " + gold + " has 3"},
		{"a token that differs after a refused tag", "O", "a\tO\nb\tZ-X\n\nc\tO\nd\tO\n\ne\tB-X\nF\tI-X\n", "p.tsv:8: token 2 of sentence 3 is \"F\""},
		{"a refused tag", "O", "a\tO\nb\tB-X\n\nc\tO\nd\tZ-X\n\ne\tB-X\nf\tI-X\n", "p.tsv:4: "},
		{"unknown set and a read error", "K", "a\tO\nb\n", "system sys: " + dir + "/p.tsv:2: wrong number of fields"},
		{"unknown set", "K", "a\tO\n", "set \"K\": unknown set"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pred := write("p.tsv", tc.pred)
			c := New()
			c.Eval.Mode = score.ModeStrict
			if err := c.AddGoldFile("O", gold, nil); err != nil {
				t.Fatal(err)
			}
			err := c.AddPredictionFile("sys", tc.set, pred)
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				if err := c.AddPredictionFile("sys", tc.set, pred); !errors.Is(err, ErrDuplicate) {
					t.Errorf("added twice: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want %q", err, tc.want)
			}
			// The same error as from the sentences read first.
			sents, rerr := c.Opener.ReadFile(pred)
			if rerr != nil {
				return
			}
			c2 := New()
			c2.Eval.Mode = score.ModeStrict
			if err := c2.AddGoldFile("O", gold, nil); err != nil {
				t.Fatal(err)
			}
			if err2 := c2.AddPrediction("sys", tc.set, pred, sents); fmt.Sprint(err2) != fmt.Sprint(err) {
				t.Errorf("read whole: %v\nstreamed:   %v", err2, err)
			}
		})
	}
}

// TestGoldSetsDistinct: two --gold files of one set are refused when the
// command line is parsed, naming both files; two unnamed ones are both
// the original, O, which the message says.
func TestGoldSetsDistinct(t *testing.T) {
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"--gold", "a.tsv", "--gold", "key=b.tsv"}, ""},
		{[]string{"--gold", "a.tsv", "--gold", "b.tsv"}, "--gold: set O added twice: a.tsv and b.tsv (a file without SET= is the original set, O: name the others SET=FILE)"},
		{[]string{"--gold", "O=a.tsv", "--gold", "b.tsv"}, "--gold: set O added twice: a.tsv and b.tsv (a file without SET= is the original set, O: name the others SET=FILE)"},
		{[]string{"--gold", "key=a.tsv", "--gold", "O=b.tsv", "--gold", "key=c.tsv"}, "--gold: set key added twice: a.tsv and c.tsv"},
	} {
		f := cli.NewFlags("compare")
		var o Flags
		o.Bind(f)
		err := f.Parse(tc.args)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%q: %v", tc.args, err)
		case tc.err != "" && (err == nil || err.Error() != tc.err || !errors.Is(err, ErrDuplicate)):
			t.Errorf("%q: error %v, want %q", tc.args, err, tc.err)
		}
	}
}
