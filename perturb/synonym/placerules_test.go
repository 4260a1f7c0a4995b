package synonym

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb/internal/english"
)

// placeExample makes the sentence of a rule's example: its bracketed
// words are mentions of typ, the first one the mention the rule reads
// (sp); the name after "->", if any, is returned too.
func placeExample(t *testing.T, example, typ string) (conll.Sentence, iob.Span, string) {
	t.Helper()
	text, name, _ := strings.Cut(example, "->")
	var s conll.Sentence
	first := iob.Span{Start: -1}
	inside := false
	for _, f := range strings.Fields(text) {
		open, close := strings.HasPrefix(f, "["), strings.HasSuffix(f, "]")
		f = strings.TrimSuffix(strings.TrimPrefix(f, "["), "]")
		tag := "O"
		switch {
		case open:
			tag, inside = "B-"+typ, true
			if first.Start < 0 {
				first = iob.Span{Start: len(s.Tokens), Type: typ}
			}
		case inside:
			tag = "I-" + typ
		}
		s.Tokens, s.Tags = append(s.Tokens, f), append(s.Tags, tag)
		if close {
			inside = false
			if first.End == 0 {
				first.End = len(s.Tokens)
			}
		}
	}
	if first.Start < 0 || first.End == 0 {
		t.Fatalf("example %q: no [mention]", example)
	}
	return s, first, strings.TrimSpace(name)
}

// chemicalExamples are the rules whose examples' mentions are chemicals
// (the others' are diseases).
var chemicalExamples = map[string]bool{"enzyme or transporter": true, "target of": true,
	"compound's second half": true, "writer's compound": true, "element notation": true, "no word": true,
	"coordinate repeated": true, "written elsewhere": true, "word beside repeated": true, "the mention itself": true}

// TestPlaceRules is the table of the rules on where a mention stands:
// each rule's example is left or refused by that rule and no earlier
// one, and nameOfAnother follows the rules marked another.
func TestPlaceRules(t *testing.T) {
	r, err := New(testStore(t), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	typeOf := func(rule string) string {
		if chemicalExamples[rule] {
			return "Chemical"
		}
		return "Disease"
	}
	seen := map[string]bool{}
	for _, rule := range leaveRules {
		if seen[rule.name] {
			t.Errorf("leave rule %q named twice", rule.name)
		}
		seen[rule.name] = true
		s, sp, _ := placeExample(t, rule.example, typeOf(rule.name))
		if got := r.newPlace(s, sp).leaving(); got != rule.name {
			t.Errorf("%q: left by %q, want %q", rule.example, got, rule.name)
		}
		if got := r.nameOfAnother(new(place), s, sp); got != rule.another {
			t.Errorf("%q: nameOfAnother = %v, want %v", rule.example, got, rule.another)
		}
	}
	for _, rule := range placeRules {
		if seen[rule.name] {
			t.Errorf("place rule %q named twice", rule.name)
		}
		seen[rule.name] = true
		s, sp, name := placeExample(t, rule.example, typeOf(rule.name))
		p := r.newPlace(s, sp)
		if got := p.leaving(); got != "" {
			t.Errorf("%q: mention left by %q, want a name refused by %q", rule.example, got, rule.name)
			continue
		}
		p.describe(&Analysis{}, tokenizePunct, english.TrivialKey(strings.Join(s.Tokens[sp.Start:sp.End], " ")))
		c := Candidate{Term: name, Source: "MSH"}
		switch rule.name {
		case "element notation":
			c.Source = sourceElements
		case "notation beside notation", "salt's acid":
			c.Source = sourceNotation
		}
		if got := p.refusal(c); got != rule.name {
			t.Errorf("%q: %q refused by %q, want %q", rule.example, name, got, rule.name)
		}
	}
	// The other side: names and mentions every rule lets through.
	for _, tt := range []struct{ typ, example string }{
		{"Disease", "[breast cancer] was hereditary -> carcinoma of the breast"},
		{"Chemical", "[acetaminophen] - induced liver failure -> paracetamol"},
		{"Chemical", "serum [K] and Na were measured -> potassium"},
		{"Disease", "patients with [heart failure] died -> cardiac failure"},
		{"Chemical", "lidocaine 50 mg and [aspirin] 2 mg -> acetylsalicylic acid"},
		{"Disease", "a [myocardial infarction] -> heart infarction"},
		{"Chemical", "the pH was adjusted with [HCl] before use -> hydrochloric acid"},
	} {
		s, sp, name := placeExample(t, tt.example, tt.typ)
		p := r.newPlace(s, sp)
		if got := p.leaving(); got != "" {
			t.Errorf("%q: mention left by %q", tt.example, got)
			continue
		}
		p.describe(&Analysis{}, tokenizePunct, english.TrivialKey(strings.Join(s.Tokens[sp.Start:sp.End], " ")))
		c := Candidate{Term: name, Source: "MSH"}
		switch name {
		case "potassium":
			c.Source = sourceElements
		case "hydrochloric acid":
			c.Source = sourceNotation
		}
		if got := p.refusal(c); got != "" {
			t.Errorf("%q: %q refused by %q", tt.example, name, got)
		}
	}
}

// TestRulesDocumented checks that docs/kinds.md names every stratum of
// the default policy and every place rule, in backquotes or in a table
// row.
func TestRulesDocumented(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "kinds.md"))
	if err != nil {
		t.Skip(err) // the module's documentation is not where the package is
	}
	doc := strings.Join(strings.Fields(string(b)), " ") // a name may break across lines
	for _, l := range DefaultPolicy() {
		if !strings.Contains(doc, "`"+l.Stratum+"`") {
			t.Errorf("docs/kinds.md does not name the stratum `%s`", l.Stratum)
		}
	}
	for _, rule := range leaveRules {
		if !strings.Contains(doc, "| "+rule.name+" |") {
			t.Errorf("docs/kinds.md has no row for the leave rule %q", rule.name)
		}
	}
	for _, rule := range placeRules {
		if !strings.Contains(doc, "| "+rule.name+" |") {
			t.Errorf("docs/kinds.md has no row for the place rule %q", rule.name)
		}
	}
}
