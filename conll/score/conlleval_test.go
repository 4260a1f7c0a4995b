package score

import (
	"bytes"
	"compress/gzip"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/golden")

// conllevalCase is one row of testdata/conlleval/MANIFEST.tsv.
type conllevalCase struct {
	name        string
	args        []string
	rc, rawRC   int // rawRC < 0: no -r run recorded
	description string
}

func readManifest(t testing.TB) []conllevalCase {
	f, err := os.Open("testdata/conlleval/MANIFEST.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.Comma = '\t'
	r.LazyQuotes = true
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var cases []conllevalCase
	for _, row := range rows[1:] {
		c := conllevalCase{name: row[0], description: row[4], rawRC: -1}
		if err := json.Unmarshal([]byte(row[1]), &c.args); err != nil {
			t.Fatalf("%s: args: %v", c.name, err)
		}
		if c.rc, err = strconv.Atoi(row[2]); err != nil {
			t.Fatal(err)
		}
		if row[3] != "-" {
			if c.rawRC, err = strconv.Atoi(row[3]); err != nil {
				t.Fatal(err)
			}
		}
		cases = append(cases, c)
	}
	if len(cases) < 20 {
		t.Fatalf("manifest has only %d cases", len(cases))
	}
	return cases
}

func readCaseInput(t testing.TB, name string) []byte {
	data, err := os.ReadFile(filepath.Join("testdata/conlleval", name+".txt"))
	if err == nil {
		return data
	}
	f, err := os.Open(filepath.Join("testdata/conlleval", name+".txt.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	data, err = io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// runConlleval scores input with conlleval command-line arguments, as
// the script would: it returns stdout and the exit status.
func runConlleval(t testing.TB, input []byte, args []string) ([]byte, int, error) {
	e := NewEvaluator(bytes.NewReader(input))
	e.File = "input"
	latex := false
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "-l":
			latex = true
		case "-r":
			e.Options.Raw = true
		case "-d":
			i++
			e.Delimiter = args[i]
		case "-o":
			i++
			e.Options.Outside = args[i]
		default:
			t.Fatalf("unknown conlleval argument %q", args[i])
		}
	}
	c, err := e.Evaluate()
	if err != nil {
		return nil, ConllevalStatus(err), err
	}
	var out bytes.Buffer
	if err := writeReport(&out, c, latex); err != nil {
		t.Fatal(err)
	}
	return out.Bytes(), 0, nil
}

// TestConllevalGolden checks every reference case byte for byte, plain
// and with -r, and the accept/refuse decision with its exit status.
func TestConllevalGolden(t *testing.T) {
	for _, c := range readManifest(t) {
		t.Run(c.name, func(t *testing.T) {
			input := readCaseInput(t, c.name)
			runs := []struct {
				suffix string
				args   []string
				rc     int
			}{{".out", c.args, c.rc}}
			if c.rawRC >= 0 {
				runs = append(runs, struct {
					suffix string
					args   []string
					rc     int
				}{".raw.out", append(append([]string{}, c.args...), "-r"), c.rawRC})
			}
			for _, run := range runs {
				want, err := os.ReadFile(filepath.Join("testdata/conlleval", c.name+run.suffix))
				if err != nil {
					t.Fatal(err)
				}
				got, rc, err := runConlleval(t, input, run.args)
				if rc != run.rc {
					t.Errorf("%v: exit status %d (%v); conlleval %d", run.args, rc, err, run.rc)
				}
				if rc != 0 {
					msg := err.Error()
					if !strings.HasPrefix(msg, "input:") || strings.Contains(msg, "\n") {
						t.Errorf("%v: error %q is not one line starting with file:line", run.args, msg)
					}
					if len(want) != 0 {
						t.Errorf("%v: refused, but conlleval printed %q", run.args, want)
					}
					continue
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%v: output differs from conlleval\n got:\n%s\nwant:\n%s", run.args, got, want)
				}
			}
		})
	}
}

// TestConllevalSharedCorpus runs the same comparison against
// ../shared when it is present, to catch a stale copy.
func TestConllevalShared(t *testing.T) {
	dir := "../../../shared/testdata/conlleval"
	if _, err := os.Stat(dir); err != nil {
		t.Skip("shared data not present")
	}
	for _, c := range readManifest(t) {
		for _, suffix := range []string{".out", ".raw.out", ".txt", ".err"} {
			mine, err1 := os.ReadFile(filepath.Join("testdata/conlleval", c.name+suffix))
			theirs, err2 := os.ReadFile(filepath.Join(dir, c.name+suffix))
			if (err1 == nil) != (err2 == nil) || !bytes.Equal(mine, theirs) {
				t.Errorf("testdata/conlleval/%s%s differs from %s", c.name, suffix, dir)
			}
		}
	}
}

func TestEvaluatorErrors(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		delim    string
		want     error
		line     int
	}{
		{"missing tag column", "a B-X B-X\nb O\n", "", ErrFeatureCount, 2},
		{"single column", "a\n", "", ErrTooFewFeatures, 1},
		{"tab without -d", "a\tO\tO\n", "", ErrTooFewFeatures, 1},
		{"boundary with too few fields", "a O O\n-X-\n", "", ErrFeatureCount, 2},
		// conlleval counts every field: four after three is refused, an
		// empty one between two delimiters included.
		{"extra column", "a O O\nb c O O\n", "", ErrFeatureCount, 2},
		{"extra column, tab", "a\tO\tO\nb\t\tO\tO\t\n", "\t", ErrFeatureCount, 2},
		{"missing column after four", "a b O O\nc O O\n", "", ErrFeatureCount, 2},
		{"five after four", "a b O O\nc d e O O\n", "", ErrFeatureCount, 2},
		{"bad delimiter", "a O O\n", "(", ErrDelimiter, 0},
	} {
		e := NewEvaluator(strings.NewReader(tc.in))
		e.File = "f.txt"
		e.Delimiter = tc.delim
		_, err := e.Evaluate()
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: error %v; want %v", tc.name, err, tc.want)
			continue
		}
		var pe *conll.ParseError
		if tc.line > 0 && (!errors.As(err, &pe) || pe.Line != tc.line || pe.File != "f.txt") {
			t.Errorf("%s: error %v; want f.txt:%d", tc.name, err, tc.line)
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %q has several lines", tc.name, err)
		}
	}
}

// TestSplitterLikePerl: fields as Perl's split(/$delimiter/) returns
// them (the expectations are perl's output).
func TestSplitterLikePerl(t *testing.T) {
	for _, tc := range []struct {
		delim, line string
		want        []string // "undef" for a group that took no part
	}{
		{" ", "a B-X B-X", []string{"a", "B-X", "B-X"}},
		{" ", "a  B", []string{"a", "", "B"}},
		{" ", " a B  ", []string{"", "a", "B"}},
		{"\t", "a\t\tO\tO\t", []string{"a", "", "O", "O"}},
		{`\s+`, "a \t B", []string{"a", "B"}},
		{`( )`, "a B-X B-X", []string{"a", " ", "B-X", " ", "B-X"}},
		{`( )|(Q)`, "a B-X B-X ", []string{"a", " ", "undef", "B-X", " ", "undef", "B-X", " "}},
		{`( )|(Q)`, "a  B", []string{"a", " ", "undef", "", " ", "undef", "B"}},
		{"(?:)", "ab", []string{"a", "b"}}, // an empty pattern splits characters
	} {
		sp, err := newSplitter(tc.delim)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range sp.split(nil, []byte(tc.line)) {
			if f == nil {
				got = append(got, "undef")
				continue
			}
			got = append(got, string(f))
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("split(/%s/, %q) = %q; want %q", tc.delim, tc.line, got, tc.want)
		}
	}
}

// TestUndefinedTagRaw: a tag field that no group of -d captured is
// Perl's undef, which conlleval -r dies rewriting (status 255); without
// -r it is an empty tag, as in conlleval.
func TestUndefinedTagRaw(t *testing.T) {
	in := "a B-X B-X\nb X Y\n"
	for _, raw := range []bool{false, true} {
		e := NewEvaluator(strings.NewReader(in))
		e.File, e.Delimiter, e.Options.Raw = "f.txt", "( )|(Q)", raw
		_, err := e.Evaluate()
		var pe *conll.ParseError
		switch {
		case !raw && err != nil:
			t.Errorf("without -r: %v", err)
		case raw && (!errors.Is(err, ErrUndefinedTag) || !errors.As(err, &pe) || pe.Line != 1 || ConllevalStatus(err) != 255):
			t.Errorf("with -r: error %v (status %d); want %v at f.txt:1, status 255", err, ConllevalStatus(err), ErrUndefinedTag)
		}
	}
}
