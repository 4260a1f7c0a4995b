package compare

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll/score"
)

const logHeader = "file\tsentence\ttoken\tend\tkind\tbefore\tafter\tconcept_id\tsource\tterm_type\n"

func TestReadChangeLog(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     map[string][]Change
		err      string
	}{
		{"one token", logHeader + "t_key.tsv\t2\t3\t3\tkeyboard\tfever\tfevee\t\t\t\n",
			map[string][]Change{"t_key.tsv": {{Sentence: 1, Start: 2, End: 3}}}, ""},
		{"longer synonym shifts later tokens", logHeader +
			"t_syn.tsv\t1\t5\t5\tsynonym\tMI\tmyocardial infarction\tC1\tmesh\tSY\n" +
			"t_syn.tsv\t1\t2\t3\tsynonym\theart attack\tMI\tC1\tmesh\tSY\n",
			map[string][]Change{"t_syn.tsv": {{0, 1, 2}, {0, 3, 5}}}, ""},
		// A token with a no-break space inside is one token: a keyboard
		// edit of it must not shift the synonym after it.
		{"no-break space inside a token", logHeader +
			"t\t1\t1\t1\tkeyboard\t10\u00a0mg\t10\u00a0mh\t\t\t\n" +
			"t\t1\t3\t3\tsynonym\tMI\tmyocardial infarction\tC1\tmesh\tSY\n" +
			"t\t1\t5\t5\tswap\tpain\tpian\t\t\t\n",
			map[string][]Change{"t": {{0, 0, 1}, {0, 2, 4}, {0, 5, 6}}}, ""},
		{"files kept apart", logHeader + "a\t1\t1\t1\tswap\tab\tba\t\t\t\nb\t1\t1\t1\tswap\tab\tba\t\t\t\n",
			map[string][]Change{"a": {{0, 0, 1}}, "b": {{0, 0, 1}}}, ""},
		{"header only", logHeader, map[string][]Change{}, ""},
		{"empty", "", nil, "log.tsv: empty change log"},
		{"no column", "file\tsentence\ttoken\n", nil, `log.tsv:1: no "end" column`},
		{"bad number", logHeader + "a\tx\t1\t1\tswap\tab\tba\t\t\t\n", nil, `log.tsv:2: sentence "x" is not a positive number`},
		{"zero", logHeader + "a\t1\t0\t1\tswap\tab\tba\t\t\t\n", nil, `log.tsv:2: token "0"`},
		{"end before token", logHeader + "a\t1\t3\t2\tswap\tab\tba\t\t\t\n", nil, "log.tsv:2: end 2 before token 3"},
		{"short row", logHeader + "a\t1\t3\n", nil, "log.tsv:2: 3 fields, header has 10"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadChangeLog(strings.NewReader(tc.in), "log.tsv")
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, ErrChangeLog) {
					t.Fatalf("err = %v, want ErrChangeLog with %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func FuzzReadChangeLog(f *testing.F) {
	f.Add(logHeader + "t_key.tsv\t2\t3\t3\tkeyboard\tfever\tfevee\t\t\t\n")
	f.Add(logHeader + "t\t1\t5\t5\tsynonym\tMI\tmyocardial infarction\tC1\tmesh\tSY\nt\t1\t2\t3\ts\ta b\tc\t\t\t\n")
	f.Add("file\tsentence\ttoken\n")
	f.Add(logHeader + "a\t1\t3\t2\tswap\tab\tba\t\t\t\n")
	f.Add(logHeader + "t\t1\t1\t1\tkeyboard\t10\u00a0mg\t10\u00a0mh\t\t\t\nt\t1\t3\t3\tswap\tab\tba\t\t\t\n")
	f.Fuzz(func(t *testing.T, in string) {
		got, err := ReadChangeLog(strings.NewReader(in), "fuzz")
		if err != nil {
			if !errors.Is(err, ErrChangeLog) && !strings.HasPrefix(err.Error(), "read fuzz") {
				t.Fatalf("error without sentinel: %v", err)
			}
			return
		}
		for _, cs := range got {
			for _, c := range cs {
				if c.Sentence < 0 || c.End <= c.Start {
					t.Fatalf("bad change %+v", c)
				}
			}
		}
	})
}

// FuzzPartition checks that the perturbed/untouched split of any tag
// sequence adds up to score.EvalSentence's counts in both modes, and
// that nothing changed / everything changed files every entity on one
// side.
func FuzzPartition(f *testing.F) {
	f.Add("B-X I-X O B-Y", "B-X O O I-Y", uint8(3))
	f.Add("I-X I-X E-X [ ] .", "O S-X B-X I-Y O O", uint8(5))
	f.Fuzz(func(t *testing.T, g, p string, mask uint8) {
		gold, pred := strings.Fields(g), strings.Fields(p)
		n := min(len(gold), len(pred), 8)
		gold, pred = gold[:n], pred[:n]
		changed := make([]bool, n)
		all := make([]bool, n)
		for i := range changed {
			changed[i] = mask>>i&1 == 1
			all[i] = true
		}
		for _, opt := range []score.EvalOptions{{}, {Mode: score.ModeStrict}, {Raw: true}} {
			o := score.EvalSentence(gold, pred, opt).Overall()
			want := [3]int32{int32(o.Gold), int32(o.Pred), int32(o.Correct)}
			_, some, _ := partition(gold, pred, changed, opt)
			_, none, _ := partition(gold, pred, nil, opt)
			_, every, _ := partition(gold, pred, all, opt)
			if some.sum() != want || none.sum() != want || every.sum() != want {
				t.Fatalf("%+v: split %v / %v / %v, scorer %v", opt, some, none, every, want)
			}
			if none[0]+none[1]+none[2] != 0 || every[3]+every[4]+every[5] != 0 {
				t.Fatalf("nothing/everything changed misfiled: %v %v", none, every)
			}
			if some[2] > some[0] || some[5] > some[3] {
				t.Fatalf("more correct than gold on one side: %v", some)
			}
		}
	})
}
