package conll

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

var openTestSents = []Sentence{
	{Tokens: []string{"Aspirin", "causes", "asthma"}, Tags: []string{"B-Chemical", "O", "B-Disease"}},
	{Tokens: []string{"No", "entity"}, Tags: []string{"O", "O"}},
}

// TestCreateRoundTrip writes every format through Create and reads it
// back through Open; gzip is chosen by the name in any case and the
// Stored copy is exactly the file's bytes.
func TestCreateRoundTrip(t *testing.T) {
	for _, name := range []string{"x.tsv", "x.tsv.gz", "x.tsv.GZ", "x.jsonl", "x.JSONL.Gz"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), name)
			h := sha256.New()
			out, err := Create(path, OutputOptions{Stored: h})
			if err != nil {
				t.Fatal(err)
			}
			defer out.Abort()
			for _, s := range openTestSents {
				if err := out.Write(s); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
				t.Fatalf("%s visible before Commit: %v", name, err)
			}
			if err := out.Commit(); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := isGzip(name), bytes.HasPrefix(data, []byte{0x1f, 0x8b}); got != want {
				t.Fatalf("gzip magic present = %v, want %v", want, got)
			}
			if sum := sha256.Sum256(data); !bytes.Equal(sum[:], h.Sum(nil)) {
				t.Error("Stored bytes differ from the file as written")
			}
			got, err := ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(openTestSents) {
				t.Fatalf("read %d sentences, want %d", len(got), len(openTestSents))
			}
			for i := range got {
				if !reflect.DeepEqual(got[i].Tokens, openTestSents[i].Tokens) || !reflect.DeepEqual(got[i].Tags, openTestSents[i].Tags) {
					t.Errorf("sentence %d = %v %v, want %v %v", i, got[i].Tokens, got[i].Tags, openTestSents[i].Tokens, openTestSents[i].Tags)
				}
			}
		})
	}
}

func TestCreateAbortAndNoClobber(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.tsv")
	out, err := Create(path, OutputOptions{})
	if err != nil {
		t.Fatal(err)
	}
	out.Write(openTestSents[0])
	out.Abort()
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("Abort left %v", ents)
	}
	if err := os.WriteFile(path, []byte("keep\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Create(path, OutputOptions{NoClobber: true}); err == nil {
		t.Fatal("Create with NoClobber over an existing file succeeded")
	}
	if data, _ := os.ReadFile(path); string(data) != "keep\n" {
		t.Fatalf("existing file changed to %q", data)
	}
}

// TestCreateWriteError: a sentence the writer refuses fails Commit and
// leaves nothing behind.
func TestCreateWriteError(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.tsv.gz")
	out, err := Create(path, OutputOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer out.Abort()
	bad := Sentence{Tokens: []string{"a", "b"}, Tags: []string{"O"}}
	if err := out.Write(bad); err == nil {
		if err := out.Commit(); err == nil {
			t.Fatal("mismatched tokens and tags written without error")
		}
	}
	out.Abort()
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("failed write left %v", ents)
	}
}

func TestOpenReaderGzip(t *testing.T) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	io.WriteString(zw, "Aspirin\tB-Chemical\n\nasthma\tB-Disease\n")
	zw.Close()
	f, err := OpenReader(bytes.NewReader(buf.Bytes()), "in.TSV.GZ")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var n int
	for {
		_, err := f.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != 2 {
		t.Fatalf("read %d sentences, want 2", n)
	}
	if f.CoNLL() == nil || f.Format != FormatCoNLL {
		t.Fatalf("format %v, want CoNLL reader", f.Format)
	}
	if _, err := OpenReader(bytes.NewReader([]byte("not gzip")), "bad.tsv.gz"); err == nil {
		t.Fatal("OpenReader accepted a .gz name over plain bytes")
	}
}

func ExampleCreate() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "corpus.tsv.gz")
	out, err := Create(path, OutputOptions{})
	if err != nil {
		panic(err)
	}
	defer out.Abort()
	out.Write(Sentence{Tokens: []string{"Aspirin"}, Tags: []string{"B-Chemical"}})
	if err := out.Commit(); err != nil {
		panic(err)
	}
	sents, _ := ReadFile(path)
	fmt.Println(sents[0].Tokens, sents[0].Tags)
	// Output: [Aspirin] [B-Chemical]
}

func TestOpenText(t *testing.T) {
	dir := t.TempDir()
	const text = "a O O\nb B-X B-X\n"
	plain := filepath.Join(dir, "p.txt")
	os.WriteFile(plain, []byte(text), 0o644)
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	io.WriteString(zw, text)
	zw.Close()
	zipped := filepath.Join(dir, "z.txt.GZ")
	os.WriteFile(zipped, buf.Bytes(), 0o644)
	for _, name := range []string{plain, zipped} {
		f, err := openText(name)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(f)
		if err != nil || string(got) != text {
			t.Errorf("%s: read %q, %v; want %q", name, got, err, text)
		}
		if err := f.Close(); err != nil {
			t.Error(err)
		}
	}
	if _, err := openText(filepath.Join(dir, "missing.gz")); err == nil {
		t.Error("OpenText of a missing file succeeded")
	}
	if _, err := openText(plain + ".gz"); err == nil {
		t.Error("OpenText of a missing .gz succeeded")
	}
}

// Gzip is recognised by its magic number whatever the name, standard
// input ("-") included, and JSON Lines on standard input by its content.
func TestOpenReaderDetectsContent(t *testing.T) {
	plain := "Aspirin\tB-Chemical\n\nasthma\tB-Disease\n"
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	io.WriteString(zw, plain)
	zw.Close()
	jsonl := `{"tokens": ["Aspirin"], "ner_tags": ["B-Chemical"]}` + "\n" + `{"tokens": ["asthma"], "ner_tags": ["B-Disease"]}` + "\n"
	var gzJSON bytes.Buffer
	zw = gzip.NewWriter(&gzJSON)
	io.WriteString(zw, jsonl)
	zw.Close()
	for _, tt := range []struct {
		name   string
		data   []byte
		format Format
	}{
		{"-", []byte(plain), FormatCoNLL},
		{"-", gz.Bytes(), FormatCoNLL},
		{"in.tsv", gz.Bytes(), FormatCoNLL},
		{"-", []byte(jsonl), FormatJSONL},
		{"-", gzJSON.Bytes(), FormatJSONL},
	} {
		f, err := OpenReader(bytes.NewReader(tt.data), tt.name)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		sents, err := ReadAll(f)
		f.Close()
		if err != nil || len(sents) != 2 || f.Format != tt.format || sents[1].Tokens[0] != "asthma" {
			t.Errorf("%s (%d bytes): %d sentences, format %v, err %v; want 2 %v", tt.name, len(tt.data), len(sents), f.Format, err, tt.format)
		}
	}
}
