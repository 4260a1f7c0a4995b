package score

import (
	"bytes"
	"errors"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stress-ner/stress/iob"
)

// FuzzEvaluate: no input makes the scorer panic, and every figure it
// reports is sane.
func FuzzEvaluate(f *testing.F) {
	for _, c := range readManifest(f) {
		if c.name == "bc5cdr-test-seed1" {
			continue
		}
		data, err := os.ReadFile("testdata/conlleval/" + c.name + ".txt")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, false, false, false)
		f.Add(data, true, true, false)
		f.Add(data, false, false, true)
	}
	f.Add([]byte("a\xff\xfe B-X B-X\r\n-X- I-X\n"), false, true, true)
	f.Fuzz(func(t *testing.T, data []byte, raw, strict, convert bool) {
		e := NewEvaluator(bytes.NewReader(data))
		e.Options.Raw = raw
		e.Convert, e.Scheme = convert, iob.IOBES
		if strict {
			e.Options.Mode = ModeStrict
		}
		c, err := e.Evaluate()
		if err != nil {
			if ConllevalStatus(err) == 0 {
				t.Fatalf("error %v with status 0", err)
			}
			return
		}
		check := func(name string, tc TypeCounts) {
			for _, v := range []float64{tc.Precision(), tc.Recall(), tc.F1()} {
				if !(v >= 0 && v <= 100) {
					t.Fatalf("%s: figure %v out of range: %+v", name, v, tc)
				}
			}
			if tc.Correct > tc.Pred || tc.Correct > tc.Gold || tc.Correct < 0 {
				t.Fatalf("%s: impossible counts %+v", name, tc)
			}
		}
		check("overall", c.Overall())
		for typ, tc := range c.Types {
			check(typ, tc)
		}
		if a := c.Accuracy(); a < 0 || a > 100 || c.CorrectTags > c.Tokens {
			t.Fatalf("accuracy %v (%d/%d)", a, c.CorrectTags, c.Tokens)
		}
		if err := WriteReport(io.Discard, c); err != nil {
			t.Fatal(err)
		}
	})
}

func benchInput(b *testing.B, copies int) []byte {
	one := readCaseInput(b, "bc5cdr-test-seed1")
	return bytes.Repeat(one, copies)
}

func benchmarkEvaluate(b *testing.B, copies int, opt EvalOptions) {
	data := benchInput(b, copies)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		e := NewEvaluator(bytes.NewReader(data))
		e.Options = opt
		c, err := e.Evaluate()
		if err != nil || c.Tokens == 0 {
			b.Fatal(err)
		}
		if err := WriteReport(io.Discard, c); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEvaluateBC5CDR scores the 124,750-token reference vector.
func BenchmarkEvaluateBC5CDR(b *testing.B) { benchmarkEvaluate(b, 1, EvalOptions{}) }

// BenchmarkEvaluate780k scores the vector repeated to 748,500 tokens
// (the size of the 8.9 MB target). Like every big benchmark of
// the module it runs only with STRESS_BIG_BENCH set, so that
// "go test -bench . ./..." stays short.
func BenchmarkEvaluate780k(b *testing.B) {
	bigBench(b)
	benchmarkEvaluate(b, 6, EvalOptions{})
}

func BenchmarkEvaluate780kStrict(b *testing.B) {
	bigBench(b)
	benchmarkEvaluate(b, 6, EvalOptions{Mode: ModeStrict})
}

func bigBench(b *testing.B) {
	if os.Getenv("STRESS_BIG_BENCH") == "" {
		b.Skip("big benchmark: set STRESS_BIG_BENCH=1")
	}
}

func BenchmarkEvaluate780kStrictIOBES(b *testing.B) {
	bigBench(b)
	benchmarkEvaluate(b, 6, EvalOptions{Mode: ModeStrict, Scheme: StrictIOBES})
}

func BenchmarkEvaluate780kSemEval(b *testing.B) {
	bigBench(b)
	benchmarkEvaluate(b, 6, EvalOptions{Mode: ModeSemEval})
}

// FuzzSplitByte: the field count and fields of the one-byte fast paths
// (splitByte and evaluateBlocks' inline copy) are those of the general
// split, which follows Perl's split field by field.
func FuzzSplitByte(f *testing.F) {
	for _, s := range []string{"a B-X B-X", "a  O O", "a b c d e", " x ", "a\tb\t\tc\t", "", "   ", "a b c d"} {
		f.Add([]byte(s), byte(' '))
		f.Add([]byte(s), byte('\t'))
	}
	f.Fuzz(func(t *testing.T, line []byte, d byte) {
		if d == '\n' || bytes.IndexByte(line, '\n') >= 0 {
			return
		}
		sp := &splitter{name: string(d), lit: []byte{d}}
		all := sp.split(nil, line)
		fields := make([][]byte, 3)
		n := sp.splitByte(line, fields)
		if n != len(all) {
			t.Fatalf("splitByte(%q, %q): %d fields; split: %d %q", line, d, n, len(all), all)
		}
		switch {
		case n >= 3 && !(bytes.Equal(fields[0], all[0]) && bytes.Equal(fields[1], all[n-2]) && bytes.Equal(fields[2], all[n-1])):
			t.Fatalf("splitByte(%q, %q): %q; split: %q", line, d, fields, all)
		case n == 2 && !(bytes.Equal(fields[0], all[0]) && bytes.Equal(fields[1], all[1])):
			t.Fatalf("splitByte(%q, %q): %q; split: %q", line, d, fields[:2], all)
		case n == 1 && !bytes.Equal(fields[0], all[0]):
			t.Fatalf("splitByte(%q, %q): %q; split: %q", line, d, fields[:1], all)
		}
		// Both loops of Evaluate count fields alike: the line is accepted
		// beside one of as many fields, refused beside one more.
		if n < 2 || d >= 0x80 {
			return
		}
		filler := "x" // a field of the second line, never the delimiter
		if d == 'x' {
			filler = "y"
		}
		x := string(d) + filler
		for _, tc := range []struct {
			fields int
			err    error
		}{{n, nil}, {n + 1, ErrFeatureCount}} {
			in := string(line) + "\n" + filler + strings.Repeat(x, tc.fields-1) + "\n"
			for _, blocks := range []bool{true, false} {
				e := NewEvaluator(strings.NewReader(in))
				e.Delimiter = regexp.QuoteMeta(string(d))
				if _, err := e.evaluate(blocks); !errors.Is(err, tc.err) {
					t.Fatalf("blocks %v, %q then %d fields split on %q: error %v; want %v", blocks, line, tc.fields, d, err, tc.err)
				}
			}
		}
	})
}
