package stressset_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/keyboard"
	"github.com/stress-ner/stress/stressset"
)

// randomChanges returns n valid changes (non-negative positions, End
// after Token) whose texts hold every byte the writer escapes.
func randomChanges(r *rand.Rand, n int) []perturb.Change {
	texts := []string{"", "a", "nephrotoxicity", "back\\slash", "tab\tin", "x\ny", "cr\r", `\t literally`, "é ü", "a b c"}
	pick := func() string { return texts[r.IntN(len(texts))] }
	cs := make([]perturb.Change, n)
	for i := range cs {
		tok := r.IntN(120)
		cs[i] = perturb.Change{File: pick() + "_key.tsv", Sentence: r.IntN(5000), Token: tok, End: tok + 1 + r.IntN(4),
			Kind: pick(), Before: pick(), After: pick(), ConceptID: pick(), Source: pick(), TermType: pick()}
	}
	return cs
}

// TestChangeReaderRoundTrip writes random changes with ChangeWriter in
// every scheme and reads them back: every column comes back, with the
// scheme and the line of each row.
func TestChangeReaderRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, scheme := range []iob.Scheme{iob.IOB2, iob.IOB1, iob.IOBES} {
		cs := randomChanges(r, 2000)
		var buf bytes.Buffer
		cw := stressset.NewChangeWriter(&buf)
		cw.Scheme = scheme
		for _, c := range cs {
			if err := cw.Write(c); err != nil {
				t.Fatal(err)
			}
		}
		cw.Flush()
		rows, err := stressset.ReadChanges(bytes.NewReader(buf.Bytes()), "log.tsv")
		if err != nil {
			t.Fatalf("%v: %v", scheme, err)
		}
		if len(rows) != len(cs) {
			t.Fatalf("%v: %d rows, wrote %d", scheme, len(rows), len(cs))
		}
		for i, row := range rows {
			if row.Change != cs[i] || row.Scheme != scheme || row.Line != i+2 {
				t.Fatalf("%v: row %d = %+v, wrote %+v (scheme %v, line %d)", scheme, i, row, cs[i], scheme, i+2)
			}
		}
	}
}

// TestChangeReaderEmptyLog reads the header-only log an unchanged set
// gives.
func TestChangeReaderEmptyLog(t *testing.T) {
	var buf bytes.Buffer
	cw := stressset.NewChangeWriter(&buf)
	cw.WriteHeader()
	cw.Flush()
	rows, err := stressset.ReadChanges(&buf, "log.tsv")
	if err != nil || len(rows) != 0 {
		t.Errorf("ReadChanges(header only) = %v, %v; want no rows, no error", rows, err)
	}
}

// TestChangeReaderCRLF reads a log saved with Windows line ends.
func TestChangeReaderCRLF(t *testing.T) {
	text := strings.Join(stressset.ChangesHeader, "\t") + "\r\nf\t2\t3\t4\tsynonym\ta b\tc\tC1\tMESH\tentry\r\n"
	rows, err := stressset.ReadChanges(strings.NewReader(text), "log.tsv")
	if err != nil {
		t.Fatal(err)
	}
	want := perturb.Change{File: "f", Sentence: 1, Token: 2, End: 4, Kind: "synonym", Before: "a b", After: "c", ConceptID: "C1", Source: "MESH", TermType: "entry"}
	if len(rows) != 1 || rows[0].Change != want || rows[0].Line != 2 {
		t.Errorf("got %+v, want %+v on line 2", rows, want)
	}
}

// TestChangeReaderErrors: every malformed log is a *ChangeLogError at
// the right line, wrapping ErrChangeLog.
func TestChangeReaderErrors(t *testing.T) {
	h := strings.Join(stressset.ChangesHeader, "\t") + "\n"
	ok := "f\t1\t2\t2\tkeyboard\ta\tb\t\t\t\n"
	for _, tc := range []struct {
		name, text string
		line       int
		msg        string
	}{
		{"empty file", "", 1, "no header row"},
		{"header of another file", "token\ttag\n", 1, "is not a change log's"},
		{"header with an unknown column", strings.TrimSuffix(h, "\n") + "\tnote\n", 1, "is not a change log's"},
		{"too few fields", h + ok + "f\t1\t2\t2\tkeyboard\n", 3, "5 tab-separated fields, the header has 10"},
		{"too many fields", h + "f\t1\t2\t2\tkeyboard\ta\tb\t\t\t\tx\n", 2, "11 tab-separated fields"},
		{"blank line", h + ok + "\n" + ok, 3, "1 tab-separated fields"},
		{"sentence 0", h + "f\t0\t2\t2\tk\ta\tb\t\t\t\n", 2, `sentence "0"`},
		{"negative token", h + "f\t1\t-2\t2\tk\ta\tb\t\t\t\n", 2, `token "-2"`},
		{"plus sign", h + "f\t1\t+2\t2\tk\ta\tb\t\t\t\n", 2, `token "+2"`},
		{"leading zero", h + "f\t01\t2\t2\tk\ta\tb\t\t\t\n", 2, `sentence "01"`},
		{"not a number", h + "f\t1\t2\tthree\tk\ta\tb\t\t\t\n", 2, `end "three"`},
		{"huge number", h + "f\t1\t2\t99999999999999999999\tk\ta\tb\t\t\t\n", 2, `end "99999999999999999999"`},
		{"end before token", h + "f\t1\t5\t4\tk\ta\tb\t\t\t\n", 2, "end 4 before token 5"},
		{"bad escape", h + "f\t1\t2\t2\tk\ta\\x\tb\t\t\t\n", 2, `before "a\\x": a backslash`},
		{"trailing backslash", h + "f\t1\t2\t2\tk\ta\tb\\\t\t\t\n", 2, `after "b\\"`},
		{"bad scheme", strings.TrimSuffix(h, "\n") + "\tscheme\n" + "f\t1\t2\t2\tk\ta\tb\t\t\t\tbilou\n", 2, `scheme: unknown tag scheme "bilou"`},
		{"no scheme on a row of a log with schemes", strings.TrimSuffix(h, "\n") + "\tscheme\n" + ok, 2, "10 tab-separated fields, the header has 11"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := stressset.ReadChanges(strings.NewReader(tc.text), "log.tsv")
			var le *stressset.ChangeLogError
			if !errors.As(err, &le) || !errors.Is(err, stressset.ErrChangeLog) {
				t.Fatalf("error %v, want a *ChangeLogError", err)
			}
			if le.Line != tc.line || le.File != "log.tsv" || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("error %q (line %d), want line %d and %q", err, le.Line, tc.line, tc.msg)
			}
			if !strings.HasPrefix(err.Error(), fmt.Sprintf("log.tsv:%d: ", tc.line)) {
				t.Errorf("error %q does not start with file:line", err)
			}
		})
	}
}

// TestChangeReaderStopsAtError: after an error, Read keeps returning it.
func TestChangeReaderStopsAtError(t *testing.T) {
	h := strings.Join(stressset.ChangesHeader, "\t") + "\n"
	cr := stressset.NewChangeReader(strings.NewReader(h+"bad\nf\t1\t2\t2\tk\ta\tb\t\t\t\n"), "log.tsv")
	_, err1 := cr.Read()
	_, err2 := cr.Read()
	if err1 == nil || err1 != err2 {
		t.Errorf("errors %v then %v, want the same error twice", err1, err2)
	}
}

// TestReadChangesFileBuild reads the change log of a real build on the
// shared BC5CDR test split (skipped without ../shared): every row parses,
// and writing the rows back gives the file's bytes.
func TestReadChangesFileBuild(t *testing.T) {
	in := "../../shared/corpora/BC5CDR-IOB/test.tsv"
	if _, err := os.Stat(in); err != nil {
		t.Skip("../shared not present")
	}
	dir := t.TempDir()
	var log bytes.Buffer
	f, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lw := stressset.NewChangeWriter(&log)
	lw.WriteHeader()
	if _, err := perturb.Apply(context.Background(), keyboard.Kind, perturb.ApplyOptions{Seed: 1, ChangeLog: lw, File: "test_key.tsv"}, f, io.Discard); err != nil {
		t.Fatal(err)
	}
	if lw.Flush(); lw.Error() != nil {
		t.Fatal(lw.Error())
	}
	path := filepath.Join(dir, "changes.tsv")
	if err := os.WriteFile(path, log.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	rows, err := stressset.ReadChangesFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var back bytes.Buffer
	cw := stressset.NewChangeWriter(&back)
	cw.WriteHeader()
	for _, r := range rows {
		cw.Write(r.Change)
	}
	cw.Flush()
	if !bytes.Equal(back.Bytes(), log.Bytes()) || len(rows) < 1000 {
		t.Errorf("%d rows; written back: %d bytes, the log has %d", len(rows), back.Len(), log.Len())
	}
}

// FuzzChangeReader: no input makes the reader panic; whatever it accepts
// it accepts again after the writer writes it back, unchanged.
func FuzzChangeReader(f *testing.F) {
	h := strings.Join(stressset.ChangesHeader, "\t") + "\n"
	f.Add(h + "f\t1\t2\t3\tsynonym\ta\\tb\tc\\\\d\\n\tC1\tMESH\tentry\n")
	f.Add(strings.TrimSuffix(h, "\n") + "\tscheme\nf\t1\t2\t2\tk\ta\tb\t\t\t\tiobes\n")
	f.Add(h + "f\t0\t-1\tx\tk\n")
	f.Add(h)
	f.Add("")
	f.Fuzz(func(t *testing.T, text string) {
		rows, err := stressset.ReadChanges(strings.NewReader(text), "fuzz.tsv")
		if err != nil {
			var le *stressset.ChangeLogError
			if !errors.As(err, &le) || le.Line < 1 {
				t.Fatalf("error %v is not a *ChangeLogError with a line", err)
			}
			return
		}
		var buf bytes.Buffer
		cw := stressset.NewChangeWriter(&buf)
		if len(rows) > 0 {
			cw.Scheme = rows[0].Scheme
		}
		cw.WriteHeader()
		for _, r := range rows {
			if r.Scheme != cw.Scheme {
				return // one log, one scheme: the writer cannot write a mixed log
			}
			cw.Write(r.Change)
		}
		cw.Flush()
		again, err := stressset.ReadChanges(&buf, "again.tsv")
		if err != nil {
			t.Fatalf("rows written back do not read: %v\n%q", err, buf.String())
		}
		if len(again) != len(rows) {
			t.Fatalf("%d rows, %d after writing back", len(rows), len(again))
		}
		for i := range rows {
			if rows[i].Change != again[i].Change || rows[i].Scheme != again[i].Scheme {
				t.Fatalf("row %d: %+v, after writing back %+v", i, rows[i], again[i])
			}
		}
	})
}

func ExampleReadChanges() {
	log := "file\tsentence\ttoken\tend\tkind\tbefore\tafter\tconcept_id\tsource\tterm_type\n" +
		"test_synonym.tsv\t2\t18\t19\tsynonym\theart failure\tcardiac failure\tMESH:D006333\tMESH\tentry\n"
	rows, err := stressset.ReadChanges(strings.NewReader(log), "changes.tsv")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rows {
		fmt.Printf("line %d: sentence %d, tokens [%d, %d): %q -> %q (%s, %s)\n",
			r.Line, r.Sentence, r.Token, r.End, r.Before, r.After, r.ConceptID, r.Source)
	}
	_, err = stressset.ReadChanges(strings.NewReader(log+"test_key.tsv\t1\t0\t1\tkeyboard\n"), "changes.tsv")
	fmt.Println(err)
	// Output:
	// line 2: sentence 1, tokens [17, 19): "heart failure" -> "cardiac failure" (MESH:D006333, MESH)
	// changes.tsv:3: 5 tab-separated fields, the header has 10 (bad change log)
}
