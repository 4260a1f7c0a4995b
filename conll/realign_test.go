package conll

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// cols builds the Fields of a sentence of n tokens with width columns:
// token, then columns "c<i>.<k>" (the fourth, when present, a chunk tag
// "B-NP" on even tokens and "I-NP" on odd ones), then the tag.
func cols(toks, tags []string, width int) [][]string {
	rows := make([][]string, len(toks))
	for i := range toks {
		row := []string{toks[i]}
		for k := 1; k < width-1; k++ {
			v := "c" + string(rune('0'+i)) + "." + string(rune('0'+k))
			if k == 2 {
				v = "I-NP"
				if i%2 == 0 {
					v = "B-NP"
				}
			}
			row = append(row, v)
		}
		rows[i] = append(row, tags[i])
	}
	return rows
}

func TestRealign(t *testing.T) {
	toks := []string{"t0", "t1", "t2", "t3"}
	tags := []string{"O", "B-X", "I-X", "O"}
	cases := []struct {
		name  string
		edits []Edit
		n     int   // tokens after
		from  []int // expected source row of each token after
		cont  []int // tokens after that continue (B- written I-)
	}{
		{"same length", []Edit{{1, 3, 2}}, 4, []int{0, 1, 2, 3}, nil},
		{"longer", []Edit{{1, 3, 4}}, 6, []int{0, 1, 2, 1, 1, 3}, []int{3, 4}},
		{"shorter", []Edit{{1, 3, 1}}, 3, []int{0, 1, 3}, nil},
		{"one for one, twice", []Edit{{0, 1, 2}, {3, 4, 1}}, 5, []int{0, 0, 1, 2, 3}, []int{1}},
		{"insertion", []Edit{{2, 2, 1}}, 5, []int{0, 1, 1, 2, 3}, []int{2}},
		{"insertion at the start", []Edit{{0, 0, 1}}, 5, []int{0, 0, 1, 2, 3}, nil},
		{"deletion", []Edit{{1, 3, 0}}, 2, []int{0, 3}, nil},
		{"no edit", nil, 4, []int{0, 1, 2, 3}, nil},
	}
	for _, width := range []int{3, 4, 10} {
		for _, tc := range cases {
			orig := Sentence{Tokens: toks, Tags: tags, Fields: cols(toks, tags, width)}
			out := Sentence{Tokens: make([]string, tc.n), Tags: make([]string, tc.n)}
			for i := range out.Tokens {
				out.Tokens[i], out.Tags[i] = "new", "O"
			}
			got, err := Realign(orig, out, tc.edits)
			if err != nil {
				t.Fatalf("%d columns, %s: %v", width, tc.name, err)
			}
			if len(got.Fields) != tc.n {
				t.Fatalf("%d columns, %s: %d lines, want %d", width, tc.name, len(got.Fields), tc.n)
			}
			for j, i := range tc.from {
				want := orig.Fields[i]
				for _, c := range tc.cont {
					if c == j {
						want = continueRow(want)
					}
				}
				if !reflect.DeepEqual(got.Fields[j], want) {
					t.Errorf("%d columns, %s: line %d = %q, want %q", width, tc.name, j, got.Fields[j], want)
				}
				if len(got.Fields[j]) != width {
					t.Errorf("%d columns, %s: line %d has %d columns", width, tc.name, j, len(got.Fields[j]))
				}
			}
			if err := got.CheckColumns(); err != nil {
				t.Errorf("%d columns, %s: %v", width, tc.name, err)
			}
		}
	}
}

func TestRealignContinues(t *testing.T) {
	// A mention of one token becoming three: the new tokens continue the
	// noun phrase of the first ("B-NP" -> "I-NP"), in CoNLL columns and
	// JSON lists alike.
	orig := Sentence{Tokens: []string{"allergy", "."}, Tags: []string{"B-Disease", "O"},
		Fields: [][]string{{"allergy", "NN", "B-NP", "B-Disease"}, {".", ".", "O", "O"}},
		Record: &Record{TokensKey: "tokens", TagsKey: "ner_tags", Fields: []RecordField{
			{Key: "id", Value: json.RawMessage(`"7"`)}, {Key: "tokens"},
			{Key: "chunk", List: []json.RawMessage{json.RawMessage(`"B-NP"`), json.RawMessage(`"O"`)}},
			{Key: "pos", List: []json.RawMessage{json.RawMessage(`12`), json.RawMessage(`7`)}},
			{Key: "ner_tags"}}}}
	out := Sentence{Tokens: []string{"allergic", "response", "."}, Tags: []string{"B-Disease", "I-Disease", "O"}}
	got, err := Realign(orig, out, []Edit{{0, 1, 2}})
	if err != nil {
		t.Fatal(err)
	}
	// (The tag column too reads I-: the writer writes the tags anyway.)
	want := [][]string{{"allergy", "NN", "B-NP", "B-Disease"}, {"allergy", "NN", "I-NP", "I-Disease"}, {".", ".", "O", "O"}}
	if !reflect.DeepEqual(got.Fields, want) {
		t.Errorf("fields = %q, want %q", got.Fields, want)
	}
	var chunk, pos []string
	for _, v := range got.Record.Fields[2].List {
		chunk = append(chunk, string(v))
	}
	for _, v := range got.Record.Fields[3].List {
		pos = append(pos, string(v))
	}
	if w := []string{`"B-NP"`, `"I-NP"`, `"O"`}; !reflect.DeepEqual(chunk, w) {
		t.Errorf("chunk = %q, want %q", chunk, w)
	}
	if w := []string{"12", "12", "7"}; !reflect.DeepEqual(pos, w) {
		t.Errorf("pos = %q, want %q", pos, w)
	}
	if string(got.Record.Fields[0].Value) != `"7"` {
		t.Errorf("id = %s", got.Record.Fields[0].Value)
	}
	if len(orig.Record.Fields[2].List) != 2 {
		t.Error("the original record changed")
	}
	// Written as CoNLL and JSON Lines, every line has all its columns.
	// CoNLL keeps no ids: the record's "7" is refused, as the first
	// record it must be "0" (F26 of issue 31).
	var buf bytes.Buffer
	if err := NewWriter(&buf).Write(got); !errors.Is(err, ErrCannotHold) {
		t.Errorf("CoNLL of record id 7: %v, want ErrCannotHold", err)
	}
	first := got
	first.Record = got.Record.clone()
	first.Record.Fields[0].Value = json.RawMessage(`"0"`)
	w := NewWriter(&buf)
	w.Write(first)
	w.Flush()
	if want := "allergic\tNN\tB-NP\tB-Disease\nresponse\tNN\tI-NP\tI-Disease\n.\t.\tO\tO\n\n"; buf.String() != want {
		t.Errorf("CoNLL %q, want %q", buf.String(), want)
	}
	buf.Reset()
	jw := NewJSONWriter(&buf)
	jw.Write(got)
	jw.Flush()
	if want := `{"id":"7","tokens":["allergic","response","."],"chunk":["B-NP","I-NP","O"],"pos":[12,12,7],"ner_tags":["B-Disease","I-Disease","O"]}` + "\n"; buf.String() != want {
		t.Errorf("JSON %q, want %q", buf.String(), want)
	}
}

func TestRealignErrors(t *testing.T) {
	orig := Sentence{Tokens: []string{"a", "b"}, Tags: []string{"O", "O"}, Fields: [][]string{{"a", "x", "O"}, {"b", "y", "O"}}}
	out := Sentence{Tokens: []string{"a", "b", "c"}, Tags: []string{"O", "O", "O"}}
	for _, edits := range [][]Edit{
		{{0, 1, 1}},            // makes 2 tokens, not 3
		{{1, 2, 1}, {0, 1, 2}}, // not sorted
		{{1, 3, 2}},            // past the end
		{{1, 0, 2}},            // end before start
	} {
		if _, err := Realign(orig, out, edits); err == nil {
			t.Errorf("%v: no error", edits)
		}
	}
	// Without other columns, nothing to realign: no error, no Fields.
	got, err := Realign(Sentence{Tokens: []string{"a"}, Tags: []string{"O"}}, out, []Edit{{0, 1, 3}})
	if err != nil || got.Fields != nil {
		t.Errorf("plain sentence: %v, %v", got.Fields, err)
	}
}

// roundTrip reads in as CoNLL, writes JSON Lines, reads them and writes
// CoNLL again.
func roundTrip(t *testing.T, in string) (jsonl, back string) {
	t.Helper()
	sents, err := ReadAll(NewReader(strings.NewReader(in)))
	if err != nil {
		t.Fatal(err)
	}
	var j bytes.Buffer
	if err := WriteAll(NewJSONWriter(&j), sents); err != nil {
		t.Fatal(err)
	}
	again, err := ReadAll(NewJSONReader(bytes.NewReader(j.Bytes())))
	if err != nil {
		t.Fatalf("%v in\n%s", err, j.String())
	}
	var c bytes.Buffer
	if err := WriteAll(NewWriter(&c), again); err != nil {
		t.Fatal(err)
	}
	return j.String(), c.String()
}

func TestCoNLLJSONRoundTrip(t *testing.T) {
	cases := []struct{ name, in, jsonl string }{
		{"two columns with document markers", "-DOCSTART-\tO\n\nAspirin\tB-Chemical\nhelps\tO\n\nIt\tO\n\n-DOCSTART-\tO\n\n-DOCSTART-\tO\n\nPain\tB-Disease\n\n",
			`{"id":"0","docstart":"-DOCSTART-\tO","tokens":["Aspirin","helps"],"ner_tags":["B-Chemical","O"]}` + "\n" +
				`{"id":"1","tokens":["It"],"ner_tags":["O"]}` + "\n" +
				`{"id":"2","docstart":"-DOCSTART-\tO","tokens":[],"ner_tags":[]}` + "\n" +
				`{"id":"3","docstart":"-DOCSTART-\tO","tokens":["Pain"],"ner_tags":["B-Disease"]}` + "\n"},
		{"three columns", "Aspirin\tNN\tB-Chemical\nhelps\tVBZ\tO\n\n",
			`{"id":"0","tokens":["Aspirin","helps"],"column_2":["NN","VBZ"],"ner_tags":["B-Chemical","O"]}` + "\n"},
		{"four columns, CoNLL-2003 marker", "-DOCSTART-\t-X-\t-X-\tO\n\nEU\tNNP\tB-NP\tB-ORG\nrejects\tVBZ\tB-VP\tO\n\n",
			`{"id":"0","docstart":"-DOCSTART-\t-X-\t-X-\tO","tokens":["EU","rejects"],"column_2":["NNP","VBZ"],"column_3":["B-NP","B-VP"],"ner_tags":["B-ORG","O"]}` + "\n"},
		{"ragged lines", "a\tO\nb\tx\tO\nc\tx\ty\tB-X\n\n",
			`{"id":"0","tokens":["a","b","c"],"column_2":[null,"x","x"],"column_3":[null,null,"y"],"ner_tags":["O","O","B-X"]}` + "\n"},
		{"ten columns", "1\ta\tb\tc\td\te\tf\tg\th\tO\n\n", ""},
	}
	for _, tc := range cases {
		j, back := roundTrip(t, tc.in)
		if back != tc.in {
			t.Errorf("%s: CoNLL -> JSON Lines -> CoNLL\n%q\nbecame\n%q\nthrough\n%s", tc.name, tc.in, back, j)
		}
		if tc.jsonl != "" && j != tc.jsonl {
			t.Errorf("%s: JSON Lines\n%s\nwant\n%s", tc.name, j, tc.jsonl)
		}
	}
}

func TestJSONRecordKept(t *testing.T) {
	// A Hugging Face record: id, integer tags of several lists, a
	// per-record field, keys in an order of their own.
	in := `{"source": {"pmid": 123, "part": "title"}, "id": "17", "tokens": ["Aspirin", "helps"], "pos_tags": [22, 42], "chunk_tags": [11, 21], "ner_tags": [1, 0], "note": "a \u00e9 <b>"}` + "\n" +
		`{"id": "18", "tokens": ["Pain"], "ner_tags": [2], "pos_tags": [22], "chunk_tags": [11], "pair": [1, 2], "empty": []}` + "\n"
	r := NewJSONReader(strings.NewReader(in))
	r.Labels = []string{"O", "B-Chemical", "B-Disease"}
	sents, err := ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteAll(NewJSONWriter(&buf), sents); err != nil {
		t.Fatal(err)
	}
	want := `{"source":{"pmid":123,"part":"title"},"id":"17","tokens":["Aspirin","helps"],"pos_tags":[22,42],"chunk_tags":[11,21],"ner_tags":[1,0],"note":"a \u00e9 <b>"}` + "\n" +
		`{"id":"18","tokens":["Pain"],"ner_tags":[2],"pos_tags":[22],"chunk_tags":[11],"pair":[1,2],"empty":[]}` + "\n"
	if buf.String() != want {
		t.Errorf("written\n%s\nwant\n%s", buf.String(), want)
	}
	// To CoNLL, the per-token lists are the columns between token and
	// tag, in key order; "pair" (2 values for 1 token) is not one. Ids
	// must be the records' places, which CoNLL read back gives them.
	buf.Reset()
	if err := WriteAll(NewWriter(&buf), sents); !errors.Is(err, ErrCannotHold) {
		t.Errorf("CoNLL of ids 17 and 18: %v, want ErrCannotHold", err)
	}
	for i := range sents {
		for j, f := range sents[i].Record.Fields {
			if f.Key == "id" {
				sents[i].Record.Fields[j].Value = json.RawMessage(strconv.Quote(strconv.Itoa(i)))
			}
		}
	}
	buf.Reset()
	if err := WriteAll(NewWriter(&buf), sents); err != nil {
		t.Fatal(err)
	}
	if want := "Aspirin\t22\t11\tB-Chemical\nhelps\t42\t21\tO\n\nPain\t22\t11\tB-Disease\n\n"; buf.String() != want {
		t.Errorf("CoNLL %q, want %q", buf.String(), want)
	}
}

func TestJSONDocStart(t *testing.T) {
	// A "docstart" that is not a marker is an ordinary field.
	in := `{"docstart": "yes", "tokens": ["a"], "ner_tags": ["O"]}` + "\n" +
		`{"tokens": ["b"], "docstart": "-DOCSTART- O", "ner_tags": ["O"]}` + "\n"
	sents, err := ReadAll(NewJSONReader(strings.NewReader(in)))
	if err != nil {
		t.Fatal(err)
	}
	if sents[0].DocStart || !sents[1].DocStart || sents[1].DocLine != "-DOCSTART- O" {
		t.Fatalf("doc starts %v %v %q", sents[0].DocStart, sents[1].DocStart, sents[1].DocLine)
	}
	var buf bytes.Buffer
	WriteAll(NewJSONWriter(&buf), sents)
	if want := `{"docstart":"yes","tokens":["a"],"ner_tags":["O"]}` + "\n" + `{"tokens":["b"],"docstart":"-DOCSTART- O","ner_tags":["O"]}` + "\n"; buf.String() != want {
		t.Errorf("written\n%s\nwant\n%s", buf.String(), want)
	}
	buf.Reset()
	WriteAll(NewWriter(&buf), sents)
	if want := "a\tO\n\n-DOCSTART- O\n\nb\tO\n\n"; buf.String() != want {
		t.Errorf("CoNLL %q", buf.String())
	}
	// A marker dropped (a shuffled copy) is not written.
	sents[1].DocStart = false
	buf.Reset()
	WriteAll(NewJSONWriter(&buf), sents[1:])
	if want := `{"tokens":["b"],"ner_tags":["O"]}` + "\n"; buf.String() != want {
		t.Errorf("without marker %s", buf.String())
	}
}

func TestJSONWriterRefusesMisaligned(t *testing.T) {
	s := Sentence{Tokens: []string{"a", "b"}, Tags: []string{"O", "O"}, Record: &Record{TokensKey: "tokens", TagsKey: "ner_tags",
		Fields: []RecordField{{Key: "tokens"}, {Key: "pos", List: []json.RawMessage{json.RawMessage("1")}}, {Key: "ner_tags"}}}}
	w := NewJSONWriter(io.Discard)
	if err := w.Write(s); err == nil || !strings.Contains(err.Error(), `2 tokens but 1 values of "pos"`) {
		t.Errorf("error %v", err)
	}
}
