package umls

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

const goodRow = "C0000005|ENG|P|L0000005|PF|S0007492|Y|A26634265||M0019694|D012711|MSH|PEP|D012711|(131)I-Macroaggregated Albumin|0|N|256|"

var malformedCases = []struct {
	name, data string
	line       int
	want       error
}{
	{"wrong column count", goodRow + "\nC1|ENG|P|L1|PF|S1|Y|A1||M1|D1|MSH|PEP|D1|x|0|N|", 2, ErrFieldCount},
	{"extra column", goodRow + "|\n", 1, ErrFieldCount},
	{"truncated last row", goodRow + "\n" + goodRow[:60], 2, ErrTruncated},
	{"row without final pipe", goodRow[:len(goodRow)-1] + "\n" + goodRow, 1, ErrFieldCount},
	// Invalid UTF-8 in a name only skips the row (TestImportBadNames);
	// in a code it makes the file unreadable.
	{"non-UTF-8", goodRow + "\n" + strings.Replace(goodRow, "|MSH|", "|MS\xffH|", 1), 2, ErrInvalidUTF8},
	{"empty row", goodRow + "\n\n" + goodRow, 2, ErrFieldCount},
	// Issue 25, F26: a term without a concept was stored.
	{"empty CUI", goodRow + "\n" + strings.TrimPrefix(goodRow, "C0000005"), 2, ErrSyntax},
}

// TestImportMalformedMRSTY: a semantic type row without a concept, or
// with a TUI the Semantic Groups do not know (its concept would get no
// group), stops the import at its line (issue 25, F26).
func TestImportMalformedMRSTY(t *testing.T) {
	for name, c := range map[string]struct {
		data, want string
	}{
		"unknown TUI": {"C0000005|T121|A1.4.1.1.1|Pharmacologic Substance|AT1||\nC0000005|T999|A1|Bogus|AT2||\n", `MRSTY.RRF:2: syntax error: unknown semantic type "T999"`},
		"empty CUI":   {"|T121|A1.4.1.1.1|Pharmacologic Substance|AT1||\n", "MRSTY.RRF:1: syntax error: empty CUI"},
	} {
		t.Run(name, func(t *testing.T) {
			dir, src := t.TempDir(), t.TempDir()
			conso, sty := filepath.Join(src, "MRCONSO.RRF"), filepath.Join(src, "MRSTY.RRF")
			os.WriteFile(conso, []byte(goodRow+"\n"), 0o644)
			os.WriteFile(sty, []byte(c.data), 0o644)
			_, err := Import(context.Background(), filepath.Join(dir, "out.db"), ImportOptions{MRCONSO: conso, MRSTY: sty})
			var pe *ParseError
			if !errors.As(err, &pe) || !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want a ParseError %q", err, c.want)
			}
			dirEmpty(t, dir)
		})
	}
}

func TestImportMalformedRRF(t *testing.T) {
	for _, c := range malformedCases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			in := filepath.Join(t.TempDir(), "MRCONSO.RRF")
			if err := os.WriteFile(in, []byte(c.data), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := Import(context.Background(), filepath.Join(dir, "out.db"), ImportOptions{MRCONSO: in})
			var pe *ParseError
			if !errors.As(err, &pe) || !errors.Is(err, c.want) {
				t.Fatalf("err = %v, want a ParseError wrapping %v", err, c.want)
			}
			if pe.File != in || pe.Line != c.line {
				t.Errorf("error at %s:%d, want %s:%d", pe.File, pe.Line, in, c.line)
			}
			if !strings.HasPrefix(err.Error(), in+":") {
				t.Errorf("message %q does not start with file:line", err)
			}
			dirEmpty(t, dir)
		})
	}
}

func TestRRFReaderGood(t *testing.T) {
	for _, data := range []string{goodRow, goodRow + "\n", goodRow + "\r\n" + goodRow} {
		r := newRRFReader(strings.NewReader(data), "x", mrconsoCols, cSTR)
		n := 0
		for {
			f, err := r.read()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%q: %v", data, err)
			}
			if string(f[cSTR]) != "(131)I-Macroaggregated Albumin" || string(f[cCVF]) != "256" {
				t.Fatalf("fields %q", f)
			}
			n++
		}
		if want := strings.Count(data, "C0000005"); n != want {
			t.Errorf("%q: %d rows, want %d", data, n, want)
		}
	}
}

// FuzzRRFReader: any input gives rows of exactly the column count or a
// ParseError with a line number, never a panic.
func FuzzRRFReader(f *testing.F) {
	f.Add(goodRow)
	for _, c := range malformedCases {
		f.Add(c.data)
	}
	f.Fuzz(func(t *testing.T, data string) {
		r := newRRFReader(strings.NewReader(data), "fuzz", mrconsoCols, cSTR)
		for {
			fields, err := r.read()
			if err == io.EOF {
				return
			}
			if err != nil {
				var pe *ParseError
				if !errors.As(err, &pe) || pe.Line < 1 {
					t.Fatalf("error without line: %v", err)
				}
				return
			}
			if len(fields) != mrconsoCols {
				t.Fatalf("%d fields", len(fields))
			}
			for i, f := range fields {
				if i != cSTR && !utf8.Valid(f) {
					t.Fatalf("field %d is not UTF-8: %q", i+1, f)
				}
			}
		}
	})
}

// TestImportCancelled: an import cancelled midway leaves nothing at the
// target (nor its temporary file).
func TestImportCancelled(t *testing.T) {
	src := t.TempDir()
	conso := filepath.Join(src, "MRCONSO.RRF")
	f, err := os.Create(conso)
	if err != nil {
		t.Fatal(err)
	}
	if err := GenerateRRF(f, nil, GenerateOptions{Rows: 3 * batchRows, Seed: 3}); err != nil {
		t.Fatal(err)
	}
	f.Close()
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	// Cancel from the progress writer, i.e. while rows are being loaded.
	pw := &cancelWriter{cancel: cancel}
	_, err = Import(ctx, filepath.Join(dir, "out.db"), ImportOptions{MRCONSO: conso, Progress: pw})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	dirEmpty(t, dir)
}

type cancelWriter struct{ cancel func() }

func (w *cancelWriter) Write(p []byte) (int, error) { w.cancel(); return len(p), nil }

func TestImportKilled(t *testing.T) {
	if os.Getenv("UMLS_KILL_CHILD") != "" {
		return
	}
	if testing.Short() {
		t.Skip("builds a large input")
	}
	killedImport(t)
}
