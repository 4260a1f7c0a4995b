package conll

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/internal/testfile"
	"github.com/stress-ner/stress/iob"
)

func TestReadCorpus(t *testing.T) {
	dir := t.TempDir()
	write := testfile.Writer(t, dir)
	iob2 := write("a.tsv", "Aspirin\tNN\tB-Chemical\nhelps\tVB\tO\n\nNo\tDT\tO\n")
	iobes := write("e.tsv", "Aspirin\tS-Chemical\nhelps\tO\n")
	tokens := write("t.txt", "Aspirin\nhelps\n")
	empty := write("empty.tsv", "")
	bad := write("bad.tsv", "Aspirin\tI-\n")
	for _, tc := range []struct {
		name string
		path string
		opts ReadOptions
		n    int
		tag  string // first tag
		err  error  // or a failure without sentinel when errAny
		fail bool
	}{
		{name: "iob2", path: iob2, n: 2, tag: "B-Chemical"},
		{name: "iobes converted", path: iobes, opts: ReadOptions{Scheme: iob.IOBES}, n: 1, tag: "B-Chemical"},
		{name: "iobes as iob2", path: iobes, fail: true},
		{name: "tokens only", path: tokens, opts: ReadOptions{TagOptional: true}, n: 1},
		{name: "tokens refused", path: tokens, fail: true},
		{name: "bad tag unchecked", path: bad, opts: ReadOptions{TagOptional: true}, n: 1, tag: "I-"},
		{name: "bad tag", path: bad, fail: true},
		{name: "empty", path: empty, err: ErrEmpty},
		{name: "missing", path: filepath.Join(dir, "none.tsv"), err: fs.ErrNotExist},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := ReadCorpus(tc.path, tc.opts)
			switch {
			case tc.err != nil || tc.fail:
				if err == nil || tc.err != nil && !errors.Is(err, tc.err) {
					t.Fatalf("err = %v, want %v", err, tc.err)
				}
				return
			case err != nil:
				t.Fatal(err)
			}
			if len(c.Sentences) != tc.n || tc.tag != "" && c.Sentences[0].Tags[0] != tc.tag {
				t.Errorf("sentences %+v", c.Sentences)
			}
		})
	}
}

// TestCorpusWriteFile writes a corpus back in its layout, to a stream
// and to files, and refuses to replace a file with noClobber.
func TestCorpusWriteFile(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "a.tsv")
	text := "Aspirin\tNN\tB-Chemical\nhelps\tVB\tO\n\nNo\tDT\tO\n"
	if err := os.WriteFile(in, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := ReadCorpus(in, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := c.WriteFile("", &buf, false); err != nil || buf.String() != text {
		t.Errorf("stream: %q, %v; want %q", buf.String(), err, text)
	}
	out := filepath.Join(dir, "out.tsv")
	if err := c.WriteFile(out, nil, true); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(out); string(got) != text {
		t.Errorf("file: %q, want %q", got, text)
	}
	if err := c.WriteFile(out, nil, true); !errors.Is(err, atomicfile.ErrExists) {
		t.Errorf("second write with noClobber: %v, want ErrExists", err)
	}
	// Another format by extension: JSON Lines, without the CoNLL layout.
	js := filepath.Join(dir, "out.jsonl")
	if err := c.WriteFile(js, nil, false); err != nil {
		t.Fatal(err)
	}
	back, err := ReadCorpus(js, ReadOptions{})
	if err != nil || len(back.Sentences) != 2 || back.Format != FormatJSONL || back.Sentences[0].Tags[0] != "B-Chemical" {
		t.Errorf("JSON Lines back: %+v, %v", back, err)
	}
}
