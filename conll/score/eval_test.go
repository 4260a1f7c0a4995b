package score

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/stress-ner/stress/iob"
)

func TestTypeCounts(t *testing.T) {
	for _, tc := range []struct {
		c       TypeCounts
		p, r, f float64
	}{
		{TypeCounts{}, 0, 0, 0},
		{TypeCounts{Gold: 4, Pred: 2, Correct: 2}, 100, 50, 2 * 100 * 50 / 150.0},
		{TypeCounts{Gold: 3, Pred: 0}, 0, 0, 0},
		{TypeCounts{Gold: 0, Pred: 3}, 0, 0, 0},
	} {
		if tc.c.Precision() != tc.p || tc.c.Recall() != tc.r || tc.c.F1() != tc.f {
			t.Errorf("%+v: P/R/F = %v/%v/%v; want %v/%v/%v", tc.c, tc.c.Precision(), tc.c.Recall(), tc.c.F1(), tc.p, tc.r, tc.f)
		}
	}
	c := TypeCounts{Gold: 10, Pred: 8, Correct: 5}
	if c.TP() != 5 || c.FP() != 3 || c.FN() != 5 {
		t.Errorf("TP/FP/FN = %d/%d/%d", c.TP(), c.FP(), c.FN())
	}
}

func TestEvalSentence(t *testing.T) {
	f := strings.Fields
	for _, tc := range []struct {
		name       string
		gold, pred string
		mode       Mode
		want       map[string]TypeCounts
		correct    int
	}{
		{"exact", "B-X I-X O", "B-X I-X O", ModeConlleval, map[string]TypeCounts{"X": {1, 1, 1}}, 3},
		{"too short", "B-X I-X O", "B-X O O", ModeConlleval, map[string]TypeCounts{"X": {1, 1, 0}}, 2},
		{"I start counts in conlleval", "B-X I-X", "I-X I-X", ModeConlleval, map[string]TypeCounts{"X": {1, 1, 1}}, 1},
		{"I start is no entity in strict", "B-X I-X", "I-X I-X", ModeStrict, map[string]TypeCounts{"X": {1, 0, 0}}, 1},
		{"wrong type", "B-X", "B-Y", ModeConlleval, map[string]TypeCounts{"X": {1, 0, 0}, "Y": {0, 1, 0}}, 0},
		{"strict exact", "B-X O B-Y I-Y", "B-X O B-Y I-Y", ModeStrict, map[string]TypeCounts{"X": {1, 1, 1}, "Y": {1, 1, 1}}, 4},
	} {
		c := EvalSentence(f(tc.gold), f(tc.pred), EvalOptions{Mode: tc.mode})
		if !reflect.DeepEqual(c.Types, tc.want) || c.CorrectTags != tc.correct || c.Tokens != len(f(tc.gold)) {
			t.Errorf("%s: got %+v", tc.name, c)
		}
	}
}

// sentenceAlphabet covers the transitions conlleval distinguishes for
// B, I, E, S and O prefixes, including its quirks (type "0", empty type).
var sentenceAlphabet = []string{"O", "O", "O", "B-X", "I-X", "B-Y", "I-Y", "E-X", "S-Y", "B-0", "B-", "I-X-Z"}

// oddAlphabet adds prefixes with which conlleval lets an entity run on
// across a sentence boundary (".", a tag without hyphen after "B-").
var oddAlphabet = append([]string{"Chem", "[-X", "]-X", ".-X", "O-X"}, sentenceAlphabet...)

// randomSentences draws sentences from alphabet.
func randomSentences(r *rand.Rand, n int, alphabet []string) (gold, pred [][]string) {
	for range n {
		k := r.IntN(8)
		g, p := make([]string, k), make([]string, k)
		for i := range g {
			g[i] = alphabet[r.IntN(len(alphabet))]
			p[i] = alphabet[r.IntN(len(alphabet))]
			if r.IntN(2) == 0 {
				p[i] = g[i]
			}
		}
		gold, pred = append(gold, g), append(pred, p)
	}
	return gold, pred
}

func conllevalText(gold, pred [][]string) []byte {
	var b bytes.Buffer
	for i := range gold {
		for j := range gold[i] {
			b.WriteString("tok " + gold[i][j] + " " + pred[i][j] + "\n")
		}
		b.WriteString("\n")
	}
	return b.Bytes()
}

// TestPropertySentenceSum: scoring sentence by sentence and adding gives
// the counts of streaming the whole corpus, in both modes; and on BIO
// tags conlleval's chunks are iob.Spans.
func TestPropertySentenceSum(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for iter := range 300 {
		gold, pred := randomSentences(r, 1+r.IntN(6), sentenceAlphabet)
		opts := []EvalOptions{{Mode: ModeConlleval}, {Mode: ModeConlleval, Raw: true}, {Mode: ModeStrict, Raw: true}}
		for sch := range StrictScheme(len(strictTables)) {
			opts = append(opts, EvalOptions{Mode: ModeStrict, Scheme: sch})
		}
		for _, opt := range opts {
			{
				mode, raw := opt.Mode, opt.Raw
				var sum Counts
				refused := false
				for i := range gold {
					sum.Add(EvalSentence(gold[i], pred[i], opt))
					refused = refused || opt.CheckTags(gold[i]) != nil || opt.CheckTags(pred[i]) != nil
				}
				e := NewEvaluator(bytes.NewReader(conllevalText(gold, pred)))
				e.Options = opt
				got, err := e.Evaluate()
				if refused != (err != nil) {
					t.Fatalf("%v %v: stream error %v, sentences refused: %v", mode, opt.Scheme, err, refused)
				}
				if err != nil {
					if !errors.Is(err, ErrSchemeTag) {
						t.Fatal(err)
					}
					continue
				}
				if !reflect.DeepEqual(got.Overall(), sum.Overall()) || got.Tokens != sum.Tokens || got.CorrectTags != sum.CorrectTags {
					t.Fatalf("iter %d %v raw=%v: stream %+v, sum of sentences %+v\n%s", iter, mode, raw, got, sum, conllevalText(gold, pred))
				}
			}
		}
		for i := range gold {
			c := EvalSentence(gold[i], gold[i], EvalOptions{})
			if n := len(iob.Spans(gold[i])); c.Overall().Gold != n {
				t.Fatalf("%q: conlleval found %d chunks, iob.Spans %d", gold[i], c.Overall().Gold, n)
			}
		}
	}
}

func TestWriteReportEmptyType(t *testing.T) {
	// B- has the empty type; conlleval lists it twice when gold and
	// prediction both have it (its duplicate check treats "" as false).
	c := EvalSentence([]string{"B-", "O"}, []string{"B-", "B-X"}, EvalOptions{})
	var b bytes.Buffer
	if err := WriteReport(&b, c); err != nil {
		t.Fatal(err)
	}
	want := "processed 2 tokens with 1 phrases; found: 2 phrases; correct: 1.\n" +
		"accuracy:  50.00%; precision:  50.00%; recall: 100.00%; FB1:  66.67\n" +
		"                 : precision: 100.00%; recall: 100.00%; FB1: 100.00  1\n" +
		"                 : precision: 100.00%; recall: 100.00%; FB1: 100.00  1\n" +
		"                X: precision:   0.00%; recall:   0.00%; FB1:   0.00  1\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
