package kinds

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/sample"
)

// withColumns writes sents as CoNLL lines of width columns: the token,
// a column naming the line (sentence and token: "P3.14"), a made-up
// chunk column (a chunk tag opens or continues an NP), filler columns
// up to width, the tag.
func withColumns(sents []conll.Sentence, width int) string {
	var b strings.Builder
	for i, s := range sents {
		if i > 0 {
			b.WriteString("\n")
		}
		for j, tok := range s.Tokens {
			cols := []string{tok}
			if width >= 3 {
				cols = append(cols, fmt.Sprintf("P%d.%d", i, j))
			}
			if width >= 4 {
				chunk := "I-NP"
				if j%3 == 0 {
					chunk = "B-NP"
				}
				cols = append(cols, chunk)
			}
			for len(cols) < width-1 {
				cols = append(cols, fmt.Sprintf("x%d", len(cols)))
			}
			b.WriteString(strings.Join(append(cols, s.Tags[j]), "\t") + "\n")
		}
	}
	return b.String()
}

// apply perturbs the CoNLL or JSON Lines text in with kind, seed 1, and
// returns the output in the same format.
func apply(t *testing.T, kind string, in string, jsonl bool) string {
	out, _ := applyLog(t, kind, in, jsonl)
	return out
}

// applyLog is apply, also returning the changes of every sentence.
func applyLog(t *testing.T, kind string, in string, jsonl bool) (string, map[int][]perturb.Change) {
	t.Helper()
	k, err := Lookup(kind)
	if err != nil {
		t.Fatal(err)
	}
	var src conll.SentenceReader
	var dst conll.SentenceWriter
	var out bytes.Buffer
	if jsonl {
		src, dst = conll.NewJSONReader(strings.NewReader(in)), conll.NewJSONWriter(&out)
	} else {
		src, dst = conll.NewReader(strings.NewReader(in)), conll.NewWriter(&out)
	}
	p, err := k.Build(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	sel, err := perturb.NewSelector(perturb.DefaultSelection(), 1)
	if err != nil {
		t.Fatal(err)
	}
	changes := map[int][]perturb.Change{}
	pl := &perturb.Pipeline{Seed: 1, Selector: sel, Workers: 2, NoStats: true,
		Changes: func(c perturb.Change) error {
			changes[c.Sentence] = append(changes[c.Sentence], c)
			return nil
		},
		Steps: []perturb.Step{{Name: k.Name, File: "out", Perturbation: p.Perturbation, Out: dst}}}
	if _, err := pl.Run(context.Background(), src); err != nil {
		t.Fatalf("%s: %v", kind, err)
	}
	dst.Flush()
	if err := dst.Error(); err != nil {
		t.Fatal(err)
	}
	return out.String(), changes
}

// checkRule checks that the columns of out (withColumns) follow the
// rule of conll.Realign: a line's second column names the input line
// whose columns it has, which the changes of its sentence say.
func checkRule(t *testing.T, kind, in, out string, changes map[int][]perturb.Change) {
	t.Helper()
	inBlocks := strings.Split(strings.TrimRight(in, "\n"), "\n\n")
	outBlocks := strings.Split(strings.TrimRight(out, "\n"), "\n\n")
	if len(inBlocks) != len(outBlocks) {
		t.Fatalf("%s: %d sentences became %d", kind, len(inBlocks), len(outBlocks))
	}
	for i := range inBlocks {
		orig, got := strings.Split(inBlocks[i], "\n"), strings.Split(outBlocks[i], "\n")
		var edits []conll.Edit
		for _, c := range changes[i] {
			edits = append(edits, conll.Edit{Start: c.Token, End: c.End, N: len(strings.Fields(c.After))})
		}
		slices.SortFunc(edits, func(a, b conll.Edit) int { return a.Start - b.Start })
		var want []string
		prev := 0
		for _, e := range edits {
			want = append(want, orig[prev:e.Start]...)
			for j := range e.N {
				switch {
				case j < e.End-e.Start:
					want = append(want, orig[e.Start+j])
				default:
					want = append(want, strings.Replace(orig[e.Start], "\tB-NP", "\tI-NP", 1))
				}
			}
			prev = e.End
		}
		want = append(want, orig[prev:]...)
		if len(want) != len(got) {
			t.Fatalf("%s: sentence %d: %d lines, the changes make %d", kind, i+1, len(got), len(want))
		}
		for j := range got {
			g, w := strings.Split(got[j], "\t"), strings.Split(want[j], "\t")
			if !slices.Equal(g[1:len(g)-1], w[1:len(w)-1]) {
				t.Fatalf("%s: sentence %d, line %d: columns %q, want %q (of %q)", kind, i+1, j+1, g[1:len(g)-1], w[1:len(w)-1], want[j])
			}
		}
	}
}

// firstColumnAndTag returns the token and tag of every line of a CoNLL
// text (blank lines kept).
func firstColumnAndTag(text string) string {
	var b strings.Builder
	for _, line := range strings.Split(text, "\n") {
		if f := strings.Split(line, "\t"); len(f) > 1 {
			line = f[0] + "\t" + f[len(f)-1]
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}

// TestColumnsKept runs every built-in kind on 3-, 4- and 10-column
// CoNLL: every line keeps all its columns, those of the input line the
// rule of conll.Realign gives it, and the tokens and tags are those of
// the same run on token<TAB>tag lines (the columns change nothing
// else).
func TestColumnsKept(t *testing.T) {
	sents, err := sample.Test()
	if err != nil {
		t.Fatal(err)
	}
	sents = sents[:300]
	plain := withColumns(sents, 2)
	for _, k := range Builtin() {
		want := apply(t, k.Name, plain, false)
		for _, width := range []int{3, 4, 10} {
			in := withColumns(sents, width)
			got, changes := applyLog(t, k.Name, in, false)
			checkRule(t, k.Name, in, got, changes)
			for n, line := range strings.Split(strings.TrimRight(got, "\n"), "\n") {
				if c := len(strings.Split(line, "\t")); line != "" && c != width {
					t.Fatalf("%s, %d columns: line %d has %d: %q", k.Name, width, n+1, c, line)
				}
			}
			if firstColumnAndTag(got) != firstColumnAndTag(want) {
				t.Errorf("%s, %d columns: tokens or tags differ from the 2-column run", k.Name, width)
			}
			if got == in {
				t.Errorf("%s, %d columns: nothing changed", k.Name, width)
			}
		}
	}
}

// TestJSONFieldsKept runs every built-in kind on Hugging Face JSON Lines
// (id, integer POS tags, string chunk tags, a per-record field): every
// record keeps its keys in order, its id and field verbatim, and lists
// as long as its tokens; the tokens are those of the CoNLL run.
func TestJSONFieldsKept(t *testing.T) {
	sents, err := sample.Test()
	if err != nil {
		t.Fatal(err)
	}
	sents = sents[:300]
	var in strings.Builder
	for i, s := range sents {
		pos, chunk := make([]int, len(s.Tokens)), make([]string, len(s.Tokens))
		for j, tok := range s.Tokens {
			pos[j], chunk[j] = len(tok)%7, "I-NP"
			if j%3 == 0 {
				chunk[j] = "B-NP"
			}
		}
		rec := map[string]any{"tokens": s.Tokens, "pos_tags": pos, "chunk_tags": chunk, "ner_tags": s.Tags,
			"meta": map[string]any{"n": i, "src": "sample"}}
		b, _ := json.Marshal(rec) // keys sorted: chunk_tags, meta, ner_tags, pos_tags, tokens
		fmt.Fprintf(&in, `{"id": "s%d", %s`+"\n", i, b[1:])
	}
	keys := []string{"id", "chunk_tags", "meta", "ner_tags", "pos_tags", "tokens"}
	for _, k := range Builtin() {
		conllOut := apply(t, k.Name, withColumns(sents, 2), false)
		got := apply(t, k.Name, in.String(), true)
		var toks [][]string
		lines := strings.Split(strings.TrimRight(got, "\n"), "\n")
		if len(lines) != len(sents) {
			t.Fatalf("%s: %d records, want %d", k.Name, len(lines), len(sents))
		}
		for i, line := range lines {
			dec := json.NewDecoder(strings.NewReader(line))
			dec.Token()
			var order []string
			for dec.More() {
				key, _ := dec.Token()
				order = append(order, key.(string))
				var v json.RawMessage
				dec.Decode(&v)
			}
			if !slices.Equal(order, keys) {
				t.Fatalf("%s: record %d keys %q, want %q", k.Name, i+1, order, keys)
			}
			var rec struct {
				ID    string         `json:"id"`
				Toks  []string       `json:"tokens"`
				POS   []int          `json:"pos_tags"`
				Chunk []string       `json:"chunk_tags"`
				Tags  []string       `json:"ner_tags"`
				Meta  map[string]any `json:"meta"`
			}
			if err := json.Unmarshal([]byte(line), &rec); err != nil {
				t.Fatalf("%s: record %d: %v", k.Name, i+1, err)
			}
			if rec.ID != fmt.Sprintf("s%d", i) || rec.Meta["n"] != float64(i) || rec.Meta["src"] != "sample" {
				t.Fatalf("%s: record %d: id %q, meta %v", k.Name, i+1, rec.ID, rec.Meta)
			}
			if n := len(rec.Toks); len(rec.POS) != n || len(rec.Chunk) != n || len(rec.Tags) != n {
				t.Fatalf("%s: record %d: %d tokens, %d POS, %d chunks, %d tags", k.Name, i+1, n, len(rec.POS), len(rec.Chunk), len(rec.Tags))
			}
			toks = append(toks, rec.Toks)
		}
		var want [][]string
		for _, block := range strings.Split(strings.TrimRight(conllOut, "\n"), "\n\n") {
			var ts []string
			for _, line := range strings.Split(block, "\n") {
				ts = append(ts, strings.Split(line, "\t")[0])
			}
			want = append(want, ts)
		}
		for i := range want {
			if !slices.Equal(toks[i], want[i]) {
				t.Fatalf("%s: record %d: tokens %q, the CoNLL run has %q", k.Name, i+1, toks[i], want[i])
			}
		}
	}
}
