package conll_test

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/conll/bioc"
	"github.com/stress-ner/stress/conll/pubtator"
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/internal/testfile"
)

func TestConvert(t *testing.T) {
	dir := t.TempDir()
	write := testfile.Writer(t, dir)
	const tsv = "Aspirin\tB-Chemical\nhelps\tO\n\n"
	const jsonl = `{"id":"0","tokens":["Aspirin","helps"],"ner_tags":["B-Chemical","O"]}` + "\n"
	in := write("in.tsv", tsv)
	empty := write("empty.tsv", "")
	old := write("old.jsonl", "keep me\n")
	pubtator, err := os.ReadFile("pubtator/testdata/cdr3.pubtator")
	if err != nil {
		t.Fatal(err)
	}
	pt := write("cdr3.pubtator", string(pubtator))

	for _, tt := range []struct {
		name, in, inFormat string
		opt                conll.ConvertOptions
		stdout, file       string // what is written; file is read from opt.Output
		err                error
	}{
		{name: "same format on stdout", in: in, stdout: tsv},
		{name: "jsonl on stdout", in: in, opt: conll.ConvertOptions{Format: "jsonl"},
			stdout: jsonl},
		{name: "format of the output name", in: in, opt: conll.ConvertOptions{Output: filepath.Join(dir, "out.jsonl")},
			file: jsonl},
		{name: "pubtator rebuilt byte for byte", in: pt, stdout: string(pubtator)},
		{name: "pubtator read as named", in: pt, inFormat: "pubtator", opt: conll.ConvertOptions{Output: filepath.Join(dir, "again.pubtator")},
			file: string(pubtator)},
		{name: "existing output", in: in, opt: conll.ConvertOptions{Output: old}, file: "keep me\n", err: atomicfile.ErrExists},
		{name: "existing output, forced", in: in, opt: conll.ConvertOptions{Output: old, Force: true}, file: jsonl},
		{name: "empty input", in: empty, opt: conll.ConvertOptions{Output: filepath.Join(dir, "none.tsv")}, err: conll.ErrEmpty},
		{name: "missing input", in: filepath.Join(dir, "missing.tsv"), err: fs.ErrNotExist},
	} {
		f, err := conll.OpenNonEmpty(tt.in, tt.inFormat)
		var out bytes.Buffer
		if err == nil {
			err = conll.Convert(&out, f, tt.opt)
			f.Close()
		}
		if !errors.Is(err, tt.err) || (err == nil) != (tt.err == nil) {
			t.Errorf("%s: error %v, want %v", tt.name, err, tt.err)
			continue
		}
		if errors.Is(err, conll.ErrEmpty) && !strings.HasPrefix(err.Error(), "convert "+tt.in+": ") {
			t.Errorf("%s: error %q does not name the input", tt.name, err)
		}
		if out.String() != tt.stdout {
			t.Errorf("%s: wrote %q, want %q", tt.name, out.String(), tt.stdout)
		}
		if tt.opt.Output != "" {
			got, _ := os.ReadFile(tt.opt.Output)
			if string(got) != tt.file {
				t.Errorf("%s: %s holds %q, want %q", tt.name, tt.opt.Output, got, tt.file)
			}
		}
	}
	if _, err := conll.OpenNonEmpty(in, "no-such-format"); err == nil {
		t.Error("OpenNonEmpty of an unknown format: no error")
	}
}

func TestOutputFormat(t *testing.T) {
	for _, tt := range []struct {
		name, output string
		in           conll.Format
		want         conll.Format
		err          bool
	}{
		{"", "", pubtator.Format, pubtator.Format, false}, // a stream: the input's
		{"", "out.jsonl", pubtator.Format, conll.FormatJSONL, false},
		{"", "out.tsv", conll.FormatJSONL, conll.FormatCoNLL, false},
		{"bioc-xml", "out.jsonl", conll.FormatCoNLL, bioc.XMLFormat, false},
		{"jsonl", "", conll.FormatCoNLL, conll.FormatJSONL, false},
		{"yaml", "", conll.FormatCoNLL, 0, true},
	} {
		got, err := conll.OutputFormat(tt.name, tt.output, tt.in)
		if (err != nil) != tt.err || err == nil && got != tt.want {
			t.Errorf("OutputFormat(%q, %q, %v) = %v, %v; want %v", tt.name, tt.output, tt.in, got, err, tt.want)
		}
	}
}
