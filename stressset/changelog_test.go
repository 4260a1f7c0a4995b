package stressset

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

const logHeader = "file\tsentence\ttoken\tend\tkind\tbefore\tafter\tconcept_id\tsource\tterm_type\n"

// TestReadChanged checks the spans a change log maps to (ChangedSpans)
// and that the errors of its reader come through.
func TestReadChanged(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     map[string][]Span
		err      string
	}{
		{"one token", logHeader + "t_key.tsv\t2\t3\t3\tkeyboard\tfever\tfevee\t\t\t\n",
			map[string][]Span{"t_key.tsv": {{Sentence: 1, Start: 2, End: 3}}}, ""},
		{"longer synonym shifts later tokens", logHeader +
			"t_syn.tsv\t1\t5\t5\tsynonym\tMI\tmyocardial infarction\tC1\tmesh\tSY\n" +
			"t_syn.tsv\t1\t2\t3\tsynonym\theart attack\tMI\tC1\tmesh\tSY\n",
			map[string][]Span{"t_syn.tsv": {{0, 1, 2}, {0, 3, 5}}}, ""},
		// A token with a no-break space inside is one token: a keyboard
		// edit of it must not shift the synonym after it.
		{"no-break space inside a token", logHeader +
			"t\t1\t1\t1\tkeyboard\t10\u00a0mg\t10\u00a0mh\t\t\t\n" +
			"t\t1\t3\t3\tsynonym\tMI\tmyocardial infarction\tC1\tmesh\tSY\n" +
			"t\t1\t5\t5\tswap\tpain\tpian\t\t\t\n",
			map[string][]Span{"t": {{0, 0, 1}, {0, 2, 4}, {0, 5, 6}}}, ""},
		{"files kept apart", logHeader + "a\t1\t1\t1\tswap\tab\tba\t\t\t\nb\t1\t1\t1\tswap\tab\tba\t\t\t\n",
			map[string][]Span{"a": {{0, 0, 1}}, "b": {{0, 0, 1}}}, ""},
		{"header only", logHeader, map[string][]Span{}, ""},
		{"deleted tokens cover none", logHeader + "a\t1\t2\t3\tsynonym\tx y\tz\t\t\t\na\t1\t4\t4\tswap\tab\tba\t\t\t\n",
			map[string][]Span{"a": {{0, 1, 2}, {0, 2, 3}}}, ""},
		{"empty", "", nil, "log.tsv:1: empty file: no header row"},
		{"no column", "file\tsentence\ttoken\n", nil, `log.tsv:1: header "file\tsentence\ttoken" is not a change log's`},
		{"bad number", logHeader + "a\tx\t1\t1\tswap\tab\tba\t\t\t\n", nil, `log.tsv:2: sentence "x" is not a number`},
		{"zero", logHeader + "a\t1\t0\t1\tswap\tab\tba\t\t\t\n", nil, `log.tsv:2: token "0"`},
		{"end before token", logHeader + "a\t1\t3\t2\tswap\tab\tba\t\t\t\n", nil, "log.tsv:2: end 2 before token 3"},
		{"short row", logHeader + "a\t1\t3\n", nil, "log.tsv:2: 3 tab-separated fields, the header has 10"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := readChanged(strings.NewReader(tc.in), "log.tsv")
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

func FuzzReadChanged(f *testing.F) {
	f.Add(logHeader + "t_key.tsv\t2\t3\t3\tkeyboard\tfever\tfevee\t\t\t\n")
	f.Add(logHeader + "t\t1\t5\t5\tsynonym\tMI\tmyocardial infarction\tC1\tmesh\tSY\nt\t1\t2\t3\ts\ta b\tc\t\t\t\n")
	f.Add("file\tsentence\ttoken\n")
	f.Add(logHeader + "a\t1\t3\t2\tswap\tab\tba\t\t\t\n")
	f.Add(logHeader + "t\t1\t1\t1\tkeyboard\t10\u00a0mg\t10\u00a0mh\t\t\t\nt\t1\t3\t3\tswap\tab\tba\t\t\t\n")
	f.Fuzz(func(t *testing.T, in string) {
		got, err := readChanged(strings.NewReader(in), "fuzz")
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
