package synonym

import (
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
)

// TestDefects covers the defects issue 26 listed, on the default store
// and through perturb.Pipeline (whose statistics the manifest holds).
func TestDefects(t *testing.T) {
	r, err := New(testStore(t), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	doc := func(lines ...string) []conll.Sentence {
		var ss []conll.Sentence
		for i := 0; i < len(lines); i += 2 {
			ss = append(ss, sentence(lines[i], lines[i+1]))
		}
		return ss
	}
	for _, tt := range []struct {
		name string
		ss   []conll.Sentence
	}{
		{"two equal mentions", doc(
			"but 14 and 17 , respectively , in the epinephrine and epinephrine plus lipid groups .",
			"O O O O O O O O O B-Chemical O B-Chemical O O O O")},
		{"across a document", doc(
			"Lidocaine was given .", "B-Chemical O O O",
			"After lidocaine , heart failure and renal failure followed .", "O B-Chemical O B-Disease I-Disease O B-Disease I-Disease O O",
			"Heart failure after lidocaine and epinephrine .", "B-Disease I-Disease O B-Chemical O B-Chemical O")},
		{"definitions", doc(
			"urinary guanosine 3 ' , 5 ' - cyclic monophosphate ( cGMP ) and acetaminophen ( paracetamol ) .",
			"O B-Chemical I-Chemical I-Chemical I-Chemical I-Chemical I-Chemical I-Chemical I-Chemical I-Chemical O B-Chemical O O B-Chemical O B-Chemical O O",
			"cGMP rose after acetaminophen .", "B-Chemical O O B-Chemical O")},
		{"eponyms", doc(
			"patients with hepatolenticular degeneration or paralysis agitans .", "O O B-Disease I-Disease O B-Disease I-Disease O")},
	} {
		outs, st := runPipeline(t, r, tt.ss)
		// The count the manifest keeps is the mentions whose text
		// changed, which is the change log's length.
		var changed, logged int
		names := map[string]map[string]bool{} // concept of a mention -> names written
		for i, s := range tt.ss {
			before, after := iob.Spans(s.Tags), iob.Spans(outs[i].Tags)
			if len(before) != len(after) {
				t.Fatalf("%s: sentence %d: %d mentions, %d before", tt.name, i+1, len(after), len(before))
			}
			for j := range before {
				b := strings.Join(s.Tokens[before[j].Start:before[j].End], " ")
				a := strings.Join(outs[i].Tokens[after[j].Start:after[j].End], " ")
				if a != b {
					changed++
				}
				key := strings.ToLower(b)
				if names[key] == nil {
					names[key] = map[string]bool{}
				}
				names[key][strings.ToLower(a)] = true
			}
			t.Logf("%s: %s", tt.name, strings.Join(outs[i].Tokens, " "))
		}
		logged = st.Audit[auditReplacements][itemTotal]
		if n, _ := st.MentionShare(""); n != changed || st.MentionsReplaced != changed || logged != changed {
			t.Errorf("%s: outcomes say %d replaced, statistics %d, audit %d; %d mentions changed", tt.name, n, st.MentionsReplaced, logged, changed)
		}
		// One name per concept and document: a mention written alike is
		// written alike after (but beside a definition, whose sides stay
		// as the writer gave them: "acetaminophen ( paracetamol )").
		for m, ns := range names {
			if tt.name == "definitions" {
				break
			}
			if len(ns) > 1 {
				t.Errorf("%s: %q written as %v", tt.name, m, ns)
			}
		}
		switch tt.name {
		case "definitions":
			if !slices.Equal(outs[0].Tokens, tt.ss[0].Tokens) {
				t.Errorf("a defining sentence changed: %v", outs[0].Tokens)
			}
			if outs[1].Tokens[0] != "cGMP" {
				t.Errorf("an abbreviation written out: %v", outs[1].Tokens)
			}
		case "eponyms":
			for _, tok := range outs[0].Tokens {
				if strings.EqualFold(tok, "wilson") && tok != "Wilson" || strings.EqualFold(tok, "parkinson") && tok != "Parkinson" {
					t.Errorf("an eponym lost its capital: %v", outs[0].Tokens)
				}
			}
		}
	}
}
