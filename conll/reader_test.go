package conll

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// readAll reads every sentence of src with a Reader configured by setup.
func readCoNLL(t testing.TB, src string, setup func(*Reader)) ([]Sentence, Layout, error) {
	t.Helper()
	r := NewReader(strings.NewReader(src))
	r.File = "in.tsv"
	if setup != nil {
		setup(r)
	}
	var out []Sentence
	for {
		s, err := r.Read()
		if err == io.EOF {
			return out, r.Layout(), nil
		}
		if err != nil {
			return out, r.Layout(), err
		}
		out = append(out, s)
	}
}

func writeCoNLL(t testing.TB, sents []Sentence, layout Layout) string {
	t.Helper()
	var buf bytes.Buffer
	w := NewWriter(&buf)
	w.Layout = layout
	for _, s := range sents {
		if err := w.Write(s); err != nil {
			t.Fatalf("write: %v", err)
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		t.Fatalf("flush: %v", err)
	}
	return buf.String()
}

func sentTokens(ss []Sentence) [][]string {
	var out [][]string
	for _, s := range ss {
		out = append(out, s.Tokens)
	}
	return out
}

func sentTags(ss []Sentence) [][]string {
	var out [][]string
	for _, s := range ss {
		out = append(out, s.Tags)
	}
	return out
}

var readerCases = []struct {
	name   string
	in     string
	setup  func(*Reader)
	tokens [][]string
	tags   [][]string
	docs   []bool // DocStart per sentence, when checked
	// roundTrip says that writing with the detected layout gives back in.
	roundTrip bool
}{
	{
		name:      "tab two sentences",
		in:        "Aspirin\tB-Chemical\nhelps\tO\n\nPain\tB-Disease\n\n",
		tokens:    [][]string{{"Aspirin", "helps"}, {"Pain"}},
		tags:      [][]string{{"B-Chemical", "O"}, {"B-Disease"}},
		roundTrip: true,
	},
	{
		name:      "no final blank line",
		in:        "a\tO\nb\tO\n\nc\tO\n",
		tokens:    [][]string{{"a", "b"}, {"c"}},
		tags:      [][]string{{"O", "O"}, {"O"}},
		roundTrip: true,
	},
	{
		name:      "no final newline",
		in:        "a\tO\n\nc\tB-X",
		tokens:    [][]string{{"a"}, {"c"}},
		tags:      [][]string{{"O"}, {"B-X"}},
		roundTrip: true,
	},
	{
		name:      "crlf and bom",
		in:        "\xef\xbb\xbfa\tO\r\nb\tB-X\r\n\r\n",
		tokens:    [][]string{{"a", "b"}},
		tags:      [][]string{{"O", "B-X"}},
		roundTrip: true,
	},
	{
		name:      "space separated with extra columns",
		in:        "EU NNP B-NP B-ORG\nrejects VBZ B-VP O\n\n",
		tokens:    [][]string{{"EU", "rejects"}},
		tags:      [][]string{{"B-ORG", "O"}},
		roundTrip: true,
	},
	{
		name:   "runs of spaces and trailing spaces",
		in:     "a   O  \nb \t B-X\n\n",
		tokens: [][]string{{"a", "b"}},
		tags:   [][]string{{"O", "B-X"}},
	},
	{
		name:   "tab file keeps spaces inside tokens",
		in:     "New York\tB-LOC\n\n",
		tokens: [][]string{{"New York"}},
		tags:   [][]string{{"B-LOC"}},
	},
	{
		name:      "docstart lines",
		in:        "-DOCSTART- -X- -X- O\n\nEU NNP B-NP B-ORG\n\n-DOCSTART- -X- -X- O\n\nPeter NNP B-NP B-PER\n\n",
		tokens:    [][]string{{"EU"}, {"Peter"}},
		tags:      [][]string{{"B-ORG"}, {"B-PER"}},
		docs:      []bool{true, true},
		roundTrip: true,
	},
	{
		name:   "docstart without blank line",
		in:     "a\tO\n-DOCSTART-\tO\nb\tO\n",
		tokens: [][]string{{"a"}, {"b"}},
		tags:   [][]string{{"O"}, {"O"}},
		docs:   []bool{false, true},
	},
	{
		name:      "empty document kept",
		in:        "-DOCSTART-\tO\n\n-DOCSTART-\tO\n\na\tO\n\n",
		tokens:    [][]string{nil, {"a"}},
		tags:      [][]string{nil, {"O"}},
		docs:      []bool{true, true},
		roundTrip: true,
	},
	{
		name:   "blank lines at edges and repeated",
		in:     "\n\n\na\tO\n\n\n\nb\tO\n\n\n",
		tokens: [][]string{{"a"}, {"b"}},
		tags:   [][]string{{"O"}, {"O"}},
	},
	{
		name:      "comments",
		in:        "# doc 1\na\tO\n\n",
		setup:     func(r *Reader) { r.Comment = "#" },
		tokens:    [][]string{{"a"}},
		tags:      [][]string{{"O"}},
		roundTrip: true,
	},
	{
		name:      "hash is a token by default",
		in:        "#\tO\n\n",
		tokens:    [][]string{{"#"}},
		tags:      [][]string{{"O"}},
		roundTrip: true,
	},
	{
		name:      "tag column chosen",
		in:        "a\tB-X\tpos\n\n",
		setup:     func(r *Reader) { r.TagColumn = 1 },
		tokens:    [][]string{{"a"}},
		tags:      [][]string{{"B-X"}},
		roundTrip: true,
	},
	{
		name:      "long line",
		in:        strings.Repeat("x", 100<<10) + "\tO\n\n",
		tokens:    [][]string{{strings.Repeat("x", 100<<10)}},
		tags:      [][]string{{"O"}},
		roundTrip: true,
	},
	{
		name:   "empty input",
		in:     "",
		tokens: nil,
		tags:   nil,
	},
	{
		name:      "untagged input",
		in:        "a\nb\n\n",
		setup:     func(r *Reader) { r.TagOptional = true },
		tokens:    [][]string{{"a", "b"}},
		tags:      [][]string{{"O", "O"}},
		roundTrip: false,
	},
}

func TestReader(t *testing.T) {
	for _, tc := range readerCases {
		t.Run(tc.name, func(t *testing.T) {
			got, layout, err := readCoNLL(t, tc.in, tc.setup)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(sentTokens(got), tc.tokens) {
				t.Errorf("tokens = %q, want %q", sentTokens(got), tc.tokens)
			}
			if !reflect.DeepEqual(sentTags(got), tc.tags) {
				t.Errorf("tags = %q, want %q", sentTags(got), tc.tags)
			}
			for i, want := range tc.docs {
				if i < len(got) && got[i].DocStart != want {
					t.Errorf("sentence %d DocStart = %v, want %v", i, got[i].DocStart, want)
				}
			}
			if tc.roundTrip {
				if out := writeCoNLL(t, got, layout); out != tc.in {
					t.Errorf("round trip:\n got %q\nwant %q", out, tc.in)
				}
			}
		})
	}
}

func TestReaderErrors(t *testing.T) {
	cases := []struct {
		name     string
		in       string
		line     int
		sentinel error
		text     string
	}{
		{"missing tag column", "a\tO\nb\n\n", 2, ErrFieldCount, "in.tsv:2: wrong number of fields: missing tag column"},
		{"invalid utf8", "a\tO\n\nb\xff\tO\n", 3, ErrInvalidUTF8, "in.tsv:3:2: invalid UTF-8"},
		{"empty token", "\tO\n", 1, ErrEmptyToken, "in.tsv:1: empty token or tag"},
		{"token column missing", "a\tO\n", 1, ErrFieldCount, "in.tsv:1: wrong number of fields: no token column 3"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := readCoNLL(t, tc.in, func(r *Reader) {
				if tc.name == "token column missing" {
					r.TokenColumn = 2
				}
			})
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v, want *ParseError", err)
			}
			if pe.Line != tc.line || !errors.Is(err, tc.sentinel) {
				t.Errorf("err = %v (line %d), want line %d wrapping %v", err, pe.Line, tc.line, tc.sentinel)
			}
			if !strings.HasPrefix(err.Error(), tc.text) {
				t.Errorf("message %q does not start with %q", err.Error(), tc.text)
			}
		})
	}
}

func TestWriterRefusesSeparators(t *testing.T) {
	w := NewWriter(io.Discard)
	if err := w.Write(Sentence{Tokens: []string{"a\tb"}, Tags: []string{"O"}}); err == nil {
		t.Error("token with a tab written to a tab layout")
	}
	w = NewWriter(io.Discard)
	w.Layout.Delimiter = Space
	if err := w.Write(Sentence{Tokens: []string{"a b"}, Tags: []string{"O"}}); err == nil {
		t.Error("token with a space written to a space layout")
	}
}

// TestEditedFieldsAreWritten checks that tokens and tags edited after
// reading show in the output even when extra columns are kept.
func TestEditedFieldsAreWritten(t *testing.T) {
	got, layout, err := readCoNLL(t, "EU NNP B-ORG\nrejects VBZ O\n\n", nil)
	if err != nil {
		t.Fatal(err)
	}
	got[0].Tokens[1] = "rejcets"
	got[0].Tags[0] = "B-GPE"
	if out, want := writeCoNLL(t, got, layout), "EU NNP B-GPE\nrejcets VBZ O\n\n"; out != want {
		t.Errorf("got %q, want %q", out, want)
	}
}

// TestSharedCorporaRoundTrip reads and writes back every corpus file in
// ../shared/corpora: the bytes must be identical.
func TestSharedCorporaRoundTrip(t *testing.T) {
	files, _ := filepath.Glob("../../shared/corpora/*/*.tsv")
	local, _ := filepath.Glob("testdata/corpora/*.tsv")
	if len(files) == 0 {
		t.Log("../shared not present; round trip on the bundled excerpt only")
	} else if testing.Short() {
		files = files[:1]
	}
	for _, name := range append(local, files...) {
		t.Run(filepath.Base(filepath.Dir(name))+"/"+filepath.Base(name), func(t *testing.T) {
			in, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			sents, layout, err := readFileLayout(name)
			if err != nil {
				t.Fatal(err)
			}
			if len(sents) == 0 {
				t.Fatal("no sentences")
			}
			if out := writeCoNLL(t, sents, layout); out != string(in) {
				t.Fatalf("round trip differs (%d bytes in, %d out)", len(in), len(out))
			}
		})
	}
}

func TestJSONL(t *testing.T) {
	in := `{"id": "0", "tokens": ["Aspirin", "helps"], "ner_tags": ["B-Chemical", "O"]}` + "\n\n" +
		`{"tokens": ["Pain"], "ner_tags": [2]}`
	r := NewJSONReader(strings.NewReader(in))
	r.Labels = []string{"O", "B-Chemical", "B-Disease"}
	var got []Sentence
	for {
		s, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, s)
	}
	if want := [][]string{{"B-Chemical", "O"}, {"B-Disease"}}; !reflect.DeepEqual(sentTags(got), want) {
		t.Fatalf("tags = %q, want %q", sentTags(got), want)
	}
	if got[1].Line != 3 {
		t.Errorf("line = %d, want 3", got[1].Line)
	}
	var buf bytes.Buffer
	w := NewJSONWriter(&buf)
	w.Labels = r.Labels
	for _, s := range got {
		w.Write(s)
	}
	w.Flush()
	// Every record as it was read: no id is invented for the second.
	want := `{"id":"0","tokens":["Aspirin","helps"],"ner_tags":[1,0]}` + "\n" + `{"tokens":["Pain"],"ner_tags":[2]}` + "\n"
	if buf.String() != want {
		t.Errorf("written %q, want %q", buf.String(), want)
	}
}

func TestJSONLErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{"tokens": ["a"], "ner_tags": ["O", "O"]}`, "x.jsonl:1: malformed JSON record: 1 tokens but 2 tags"},
		{"\n" + `{"tokens": ["a"]}`, `x.jsonl:2: malformed JSON record: no "ner_tags" key`},
		{`{"tokens": ["a"], "ner_tags": [0]}`, "x.jsonl:1: malformed JSON record: integer tags need a label list"},
		{`{"tokens": ["a"], "ner_tags": [`, "x.jsonl:1: malformed JSON record: invalid JSON at byte 31: unexpected end of JSON input"},
		// Issue 25: no Go types in messages, and no key taken twice.
		{`[1, 2]`, "x.jsonl:1: malformed JSON record: a record is a JSON object ({...}), this line is not one"},
		{`"tokens"`, "x.jsonl:1: malformed JSON record: a record is a JSON object ({...}), this line is not one"},
		{`{"tokens": [1], "ner_tags": ["O"]}`, `x.jsonl:1: malformed JSON record: "tokens" must be a list of strings`},
		{`{"tokens": "a", "ner_tags": ["O"]}`, `x.jsonl:1: malformed JSON record: "tokens" must be a list of strings`},
		{`{"tokens": ["a"], "ner_tags": ["O"]} x`, "x.jsonl:1: malformed JSON record: invalid JSON at byte 38: invalid character 'x' after top-level value"},
		{`{"tokens": ["a"], "ner_tags": ["O"], "ner_tags": ["B-X"]}`, `x.jsonl:1: malformed JSON record: key "ner_tags" given twice`},
		{`{"id": 1, "tokens": ["a"], "ner_tags": ["O"], "id": 2}`, `x.jsonl:1: malformed JSON record: key "id" given twice`},
		{"{\"tokens\": [\"a\xff\"], \"ner_tags\": [\"O\"]}", "x.jsonl:1:15: invalid UTF-8"},
	}
	for _, tc := range cases {
		r := NewJSONReader(strings.NewReader(tc.in))
		r.File = "x.jsonl"
		_, err := r.Read()
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q: err = %v, want %q", tc.in, err, tc.want)
		}
	}
}

func TestOpenAndWriteFile(t *testing.T) {
	dir := t.TempDir()
	sents := []Sentence{{Tokens: []string{"a", "b"}, Tags: []string{"B-X", "I-X"}}}
	for _, name := range []string{"c.tsv", "c.jsonl", "c.tsv.gz", "c.jsonl.gz"} {
		path := filepath.Join(dir, name)
		if err := WriteFile(path, sents, nil); err != nil {
			t.Fatal(err)
		}
		got, err := ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(sentTags(got), sentTags(sents)) || !reflect.DeepEqual(sentTokens(got), sentTokens(sents)) {
			t.Errorf("%s: got %v", name, got)
		}
	}
}

// FuzzReadWrite checks that whatever the reader accepts, writing it with
// the detected layout and reading it again gives the same sentences.
func FuzzReadWrite(f *testing.F) {
	for _, tc := range readerCases {
		f.Add(tc.in)
	}
	f.Add("a\tO\nb\n")
	f.Add("-DOCSTART-\n")
	f.Fuzz(func(t *testing.T, in string) {
		first, layout, err := readCoNLL(t, in, nil)
		if err != nil {
			return
		}
		var buf bytes.Buffer
		w := NewWriter(&buf)
		w.Layout = layout
		for _, s := range first {
			if err := w.Write(s); err != nil {
				t.Fatalf("write of read sentence: %v", err)
			}
		}
		w.Flush()
		second, _, err := readCoNLL(t, buf.String(), nil)
		if err != nil {
			t.Fatalf("re-read: %v\n%q", err, buf.String())
		}
		if !reflect.DeepEqual(sentTokens(first), sentTokens(second)) || !reflect.DeepEqual(sentTags(first), sentTags(second)) {
			t.Fatalf("round trip changed sentences:\n%q\n%q", sentTokens(first), sentTokens(second))
		}
		for i := range first {
			if first[i].DocStart != second[i].DocStart {
				t.Fatalf("sentence %d DocStart changed", i)
			}
		}
	})
}

// FuzzJSONRead checks that the JSON reader never panics and that what it
// accepts survives a write and read: the same sentences, and the same
// bytes when written again.
func FuzzJSONRead(f *testing.F) {
	f.Add(`{"tokens": ["a"], "ner_tags": ["O"]}`)
	f.Add(`{"tokens": ["a"], "ner_tags": [1]}`)
	f.Add(`{"id": 7, "src": {"a": [1, 2]}, "tokens": ["a", "b"], "pos": ["NN", null], "ner_tags": [1, 0], "docstart": "-DOCSTART- O"}`)
	f.Add(`{"docstart": "x", "tokens": [], "ner_tags": [], "k": []}`)
	labels := []string{"O", "B-X"}
	copyOnce := func(t *testing.T, in []byte) ([]Sentence, []byte) {
		r := NewJSONReader(bytes.NewReader(in))
		r.Labels = labels
		var buf bytes.Buffer
		w := NewJSONWriter(&buf)
		var out []Sentence
		for {
			s, err := r.Read()
			if err != nil {
				break
			}
			if len(s.Tokens) != len(s.Tags) {
				t.Fatal("length mismatch")
			}
			if err := w.Write(s); err != nil {
				t.Fatalf("write: %v", err)
			}
			out = append(out, s)
		}
		w.Flush()
		return out, buf.Bytes()
	}
	f.Fuzz(func(t *testing.T, in string) {
		sents, b1 := copyOnce(t, []byte(in))
		again, b2 := copyOnce(t, b1)
		if len(again) != len(sents) {
			t.Fatalf("re-read %d sentences of %d", len(again), len(sents))
		}
		for i := range sents {
			if !slices.Equal(again[i].Tokens, sents[i].Tokens) || !slices.Equal(again[i].Tags, sents[i].Tags) || again[i].DocStart != sents[i].DocStart {
				t.Fatalf("sentence %d: %v became %v", i, sents[i], again[i])
			}
		}
		if !bytes.Equal(b1, b2) {
			t.Fatalf("written again:\n%s\nthen\n%s", b1, b2)
		}
	})
}

func BenchmarkReader(b *testing.B) {
	data, err := os.ReadFile("../../shared/corpora/BC5CDR-IOB/test.tsv")
	if err != nil {
		data, _ = os.ReadFile("testdata/corpora/bc5cdr-test-head.tsv")
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		r := NewReader(bytes.NewReader(data))
		for {
			if _, err := r.Read(); err != nil {
				break
			}
		}
	}
}

func BenchmarkWriter(b *testing.B) {
	data, err := os.ReadFile("../../shared/corpora/BC5CDR-IOB/test.tsv")
	if err != nil {
		data, _ = os.ReadFile("testdata/corpora/bc5cdr-test-head.tsv")
	}
	sents, layout, _ := readCoNLL(b, string(data), nil)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		w := NewWriter(io.Discard)
		w.Layout = layout
		for _, s := range sents {
			w.Write(s)
		}
		w.Flush()
	}
}
