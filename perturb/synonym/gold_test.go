package synonym

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/internal/textutil"
)

// TestGoldConcepts checks the attested names against the CDR
// annotations and MeSH 2024 they come from.
func TestGoldConcepts(t *testing.T) {
	for _, tt := range []struct {
		name string
		want string // a concept the name is attested for, "" for none
	}{
		{"adriamycin", "MESH:D004317"},
		{"Adriamycin", "MESH:D004317"}, // any case
		{"liver injury", "MESH:D056486"},
		{"asystole", "MESH:D006323"},
		{"hypomania", ""},    // a heading of its own in MeSH 2024 (D000087122), annotated as bipolar disorder in CDR
		{"hyperthermia", ""}, // as above (D000084462), annotated as fever
		{"heparin cofactor ii", ""},
	} {
		got := goldConcepts(tt.name)
		if tt.want == "" && len(got) > 0 || tt.want != "" && !slices.Contains(got, tt.want) {
			t.Errorf("GoldConcepts(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestWrittenFor checks attestation for a mention: a name of the
// mention's MeSH concept, as MeSH 2024 files it (the mention given as
// the annotations know it, without a store).
func TestWrittenFor(t *testing.T) {
	r := &Replacer{}
	for _, tt := range []struct {
		name, mention string
		want          bool
	}{
		{"adriamycin", "doxorubicin", false},                    // MeSH files the trade name as a concept of its own
		{"liver injury", "hepatic injury", true},                // both CDR names of D056486, neither a MeSH term
		{"renal insufficiency", "renal failure", false},         // two concepts of D051437
		{"hepatocellular carcinoma", "hepatoma", true},          // one concept
		{"hyperkinesis", "hyperactivity", false},                // a heading, for a mention MeSH does not list
		{"respiratory depression", "respiratory arrest", false}, // a narrower concept of the descriptor
		{"icterus", "jaundice", true},
	} {
		if got := writtenFor(tt.name, tt.mention, nil); got != tt.want {
			t.Errorf("writtenFor(%q, %q) = %v, want %v", tt.name, tt.mention, got, tt.want)
		}
		if tt.want && !attestable(tt.mention, nil) {
			t.Errorf("attestable(%q) = false, yet %q is written for it", tt.mention, tt.name)
		}
		for range 2 { // the cached answer, made and then from the cache
			if got := r.writtenFor(tt.name, goldOfForm(tt.mention), nil); got != tt.want {
				t.Errorf("Replacer.writtenFor(%q, %q) = %v, want %v", tt.name, tt.mention, got, tt.want)
			}
		}
	}
}

// TestGoldTable checks the search of the embedded attested names where
// they lie against the maps they were decoded into before (issue 34):
// every run sorted by its key, and for every key and descriptor of the
// text, and keys next to them, the same names in the same order.
func TestGoldTable(t *testing.T) {
	names, terms := map[string][]goldName{}, map[string][]goldName{}
	preferred, descriptors := map[string]string{}, map[string]bool{}
	var keys []string
	kinds := map[string]int{} // lines of each kind
	for line := range strings.Lines(goldText) {
		line = strings.TrimSuffix(line, "\n")
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			t.Fatalf("line %q: %d fields, want 4", line, len(f))
		}
		g := goldName{descriptor: f[2], concept: strings.TrimPrefix(f[3], "-"), heading: f[0] == "h"}
		kinds[f[0]]++
		switch f[0] {
		case "a", "h":
			names[f[1]] = append(names[f[1]], g)
			descriptors[g.descriptor] = true
		case "p":
			preferred[g.descriptor] = g.concept
		case "c":
			terms[f[1]] = append(terms[f[1]], g)
		default:
			t.Fatalf("line %q: kind %q", line, f[0])
		}
		keys = append(keys, f[1], f[1]+" ", f[1][:len(f[1])/2], f[2])
	}
	gt := theGold()
	if !textutil.SortedByKey(gt.terms, goldSkip) {
		t.Error("c lines not sorted by name")
	}
	if !textutil.SortedByKey(gt.preferred, preferredSkip) {
		t.Error("p lines not sorted by descriptor")
	}
	if n, want := strings.Count(gt.terms, "\n"), kinds["c"]; n != want {
		t.Errorf("the c run holds %d lines, the text %d", n, want)
	}
	if n, want := strings.Count(gt.preferred, "\n"), kinds["p"]; n != want {
		t.Errorf("the p run holds %d lines, the text %d", n, want)
	}
	if !maps.EqualFunc(gt.names, names, slices.Equal) {
		t.Errorf("names: %d keys, want %d", len(gt.names), len(names))
	}
	if !maps.Equal(gt.descriptors, descriptors) {
		t.Errorf("descriptors: %d, want %d", len(gt.descriptors), len(descriptors))
	}
	for _, k := range keys {
		if got := gt.namesOf([]string{k}); !slices.Equal(got, names[k]) {
			t.Errorf("names of %q = %v, want %v", k, got, names[k])
		}
		if got := gt.termsOf([]string{k}); !slices.Equal(got, terms[k]) {
			t.Errorf("terms of %q = %v, want %v", k, got, terms[k])
		}
		if got := gt.preferredConcept(k); got != preferred[k] {
			t.Errorf("preferred concept of %q = %q, want %q", k, got, preferred[k])
		}
	}
}

// TestOrganText checks that the embedded organ text is sorted lines
// without tabs, as OrganAttested searches it, and that it finds every
// line and no key between them.
func TestOrganText(t *testing.T) {
	if strings.Contains(organText, "\t") || !textutil.SortedByKey(organText, 0) {
		t.Fatal("organ.txt is not sorted lines without tabs")
	}
	for line := range strings.Lines(organText) {
		line = strings.TrimSuffix(line, "\n")
		if !textutil.HasLine(organText, 0, line) || textutil.HasLine(organText, 0, line+" x") && !strings.Contains(organText, "\n"+line+" x\n") {
			t.Errorf("organ line %q: not found, or a key after it found", line)
		}
	}
	for _, tt := range []struct {
		name string
		want bool
	}{
		{"brain edema", true},
		{"Brain Edema", true}, // keyed by english.AttestKey
		{"pulmonary cancer", false},
	} {
		if got := OrganAttested(tt.name); got != tt.want {
			t.Errorf("OrganAttested(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}
