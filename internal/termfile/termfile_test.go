package termfile

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func write(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if strings.HasSuffix(name, ".gz") {
		zw := gzip.NewWriter(f)
		if _, err := zw.Write([]byte(text)); err != nil {
			t.Fatal(err)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		return path
	}
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestRows(t *testing.T) {
	const text = "concept_id\tcategory\tname\ttype\nD1\tChemical\tcocaine\tlabel\nD1\tChemical\tcoke\tsynonym\n"
	want := [][]string{{"D1", "Chemical", "cocaine", "label"}, {"D1", "Chemical", "coke", "synonym"}}
	for _, name := range []string{"t.tsv", "t.tsv.gz"} {
		var got [][]string
		err := Rows(write(t, name, text), func(f []string) error {
			got = append(got, f)
			return nil
		})
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Rows = %q, %v; want %q", name, got, err, want)
		}
	}
}

func TestRowsErrors(t *testing.T) {
	path := write(t, "bad.tsv", "D1\tChemical\tcocaine\tlabel\nD2\tChemical\n")
	err := Rows(path, func([]string) error { return nil })
	if err == nil || err.Error() != path+":2: 2 fields, want 4" {
		t.Errorf("short row: %v", err)
	}
	stop := errors.New("stop")
	err = Rows(path, func([]string) error { return stop })
	if !errors.Is(err, stop) || !strings.HasPrefix(err.Error(), path+":1: ") {
		t.Errorf("error of fn: %v, want %s:1: stop", err, path)
	}
	plain := filepath.Join(t.TempDir(), "plain.gz")
	if err := os.WriteFile(plain, []byte("not gzip, though named so"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Lines(plain, func(int, string) error { return nil }); err == nil {
		t.Error("plain text named .gz accepted")
	}
}

func TestWriteGzip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.txt.gz")
	if err := WriteGzip(path, func(w *bufio.Writer) error {
		_, err := w.WriteString("a\tb\nc\n")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	var got []string
	if err := Lines(path, func(_ int, s string) error { got = append(got, s); return nil }); err != nil || !reflect.DeepEqual(got, []string{"a\tb", "c"}) {
		t.Errorf("read back %q, %v", got, err)
	}
	failed := filepath.Join(t.TempDir(), "failed.gz")
	stop := errors.New("stop")
	if err := WriteGzip(failed, func(*bufio.Writer) error { return stop }); !errors.Is(err, stop) {
		t.Errorf("WriteGzip = %v, want the error of fill", err)
	}
	if _, err := os.Stat(failed); !os.IsNotExist(err) {
		t.Errorf("a failed WriteGzip left %s (%v)", failed, err)
	}
}

func TestWriteText(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.txt")
	if err := WriteText(path, func(w *bufio.Writer) error {
		_, err := w.WriteString("a\tb\nc\n")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(path); err != nil || string(got) != "a\tb\nc\n" {
		t.Errorf("read back %q, %v", got, err)
	}
	failed := filepath.Join(t.TempDir(), "failed.txt")
	stop := errors.New("stop")
	if err := WriteText(failed, func(*bufio.Writer) error { return stop }); !errors.Is(err, stop) {
		t.Errorf("WriteText = %v, want the error of fill", err)
	}
	if _, err := os.Stat(failed); !os.IsNotExist(err) {
		t.Errorf("a failed WriteText left %s (%v)", failed, err)
	}
}

func TestNotTest(t *testing.T) {
	for name, refused := range map[string]bool{
		"corpora/BC5CDR-IOB/train.tsv":      false,
		"corpora/BC5CDR-IOB/devel.tsv":      false,
		"corpora/BC5CDR-IOB/test.tsv":       true,
		"CDR_TestSet.PubTator.txt":          true,
		"CDR_DevelopmentSet.PubTator.txt":   false,
		"corpora/NCBI-disease-IOB/TEST.tsv": true,
	} {
		err := NotTest(name)
		if (err != nil) != refused {
			t.Errorf("NotTest(%q) = %v, want refused %v", name, err, refused)
		}
		if err != nil && err.Error() != name+": refusing a test split" {
			t.Errorf("NotTest(%q) = %q", name, err)
		}
	}
}

// TestCorporaNoTestSplit: what the generators attest never comes from a
// test split.
func TestCorporaNoTestSplit(t *testing.T) {
	for _, c := range Corpora {
		if err := NotTest(c); err != nil {
			t.Errorf("Corpora lists a test split: %v", err)
		}
	}
}

// TestSentences: every sentence of every corpus, in order, read from
// the shared directory given; a file that cannot be read stops it.
func TestSentences(t *testing.T) {
	shared := t.TempDir()
	var want []string
	for i, c := range Corpora {
		path := filepath.Join(shared, c)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		text := fmt.Sprintf("s%d.1\ns%d.2\n", i, i)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		want = append(want, strings.Fields(text)...)
	}
	read := func(path string) ([]string, error) {
		b, err := os.ReadFile(path)
		return strings.Fields(string(b)), err
	}
	var got []string
	if err := Sentences(shared, read, func(s string) { got = append(got, s) }); err != nil || !slices.Equal(got, want) {
		t.Errorf("Sentences = %q, %v; want %q", got, err, want)
	}
	if err := os.Remove(filepath.Join(shared, Corpora[1])); err != nil {
		t.Fatal(err)
	}
	if err := Sentences(shared, read, func(string) {}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing corpus: %v", err)
	}
}

func TestGenerate(t *testing.T) {
	var gotShared, gotOut string
	build := func(shared, out string, log io.Writer) error {
		gotShared, gotOut = shared, out
		return nil
	}
	var stderr strings.Builder
	if err := Generate("mkx", []string{"-out", "x.gz"}, "../shared", "def.gz", build, &stderr); err != nil || gotShared != "../shared" || gotOut != "x.gz" {
		t.Errorf("Generate = %v; build got %q, %q", err, gotShared, gotOut)
	}
	fail := func(shared, out string, log io.Writer) error { return errors.New("boom") }
	if err := Generate("mkx", nil, "s", "o", fail, &stderr); err == nil || err.Error() != "mkx: boom" {
		t.Errorf("build error = %v, want \"mkx: boom\"", err)
	}
	if err := Generate("mkx", []string{"-bogus"}, "s", "o", build, &stderr); err == nil || !strings.Contains(stderr.String(), "-bogus") {
		t.Errorf("unknown flag: %v (%q)", err, stderr.String())
	}
}
