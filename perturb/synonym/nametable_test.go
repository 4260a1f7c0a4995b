package synonym

import (
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/perturb/internal/english"
	"github.com/stress-ner/stress/umls"
)

// nameCaseOf builds the case of name (a term of source with term type
// tty, its concept labelled label) replacing mention, as candidates
// does; group is the mention's.
func nameCaseOf(mention, name, tty, label, group string) *nameCase {
	fw := strings.Fields(mention)
	m := &mentionCase{mention: mention, form: mention, words: english.KeyWords(mention), vkey: variantKey(mention), fields: fw,
		foreign: english.IsForeign(mention), chem: group == "CHEM", diso: group == "DISO",
		adjective: len(fw) == 1 && english.Adjectival(fw[0]) && group == "DISO",
		written:   map[string]bool{}, capitals: map[string]bool{}, noSource: map[string]bool{}, noTTY: map[string]bool{}, listed: true}
	english.LowerWords(label, m.written)
	english.LowerWords(name, m.written)
	sentenceCaseCapitals(name, m.capitals)
	src := "MESH"
	if s, t, ok := strings.Cut(tty, "/"); ok {
		src, tty = s, t // "DOID/exact"
	}
	if tty == "" {
		tty = "entry"
	}
	t := umls.Term{String: name, Source: src, TermType: tty, Avoid: umls.Classify(name, tty)}
	return &nameCase{m: m, term: t, label: label, words: english.KeyWords(name), vkey: variantKey(name),
		spelled: english.CorpusSpelling(name, mention)}
}

// TestLooseExact: which "exact" synonyms of a condition are refused, by
// source and wording.
func TestLooseExact(t *testing.T) {
	for _, tt := range []struct {
		source, tty, name, form string
		want                    bool
	}{
		{"DOID", "exact", "hexosaminidase A deficiency", "Tay - Sachs disease", true},
		{"DOID", "exact", "near vision", "myopia", true},
		{"DOID", "label", "Tay-Sachs disease", "TSD", false},
		{"NCIT", "exact", "pancreas carcinoma", "pancreatic cancer", true},
		{"NCIT", "exact", "rhabdoid sarcoma", "rhabdoid tumor", true},
		{"NCIT", "exact", "nasal hemorrhage", "epistaxis", true},
		{"NCIT", "exact", "carcinoma of the breast", "breast cancer", false},
		{"ncit", "exact", "Carcinoma of the Prostate", "prostate cancer", false},
		{"NCIT", "exact", "carcinoma of the breast", "carcinoma of breast", true}, // the mention has its own "of"
		{"NCIT", "exact", "neoplasm of breast", "breast tumor", true},             // no article: the thesaurus wording
		{"NCIT", "label", "Lung Carcinoma", "lung cancer", false},
		{"MESH", "entry", "Familial Polyposis Coli", "familial adenomatous polyposis", false},
		{"MESH", "exact", "anything", "something", false},
	} {
		got := looseExact(umls.Term{String: tt.name, Source: tt.source, TermType: tt.tty}, tt.form)
		if got != tt.want {
			t.Errorf("looseExact(%s/%s %q for %q) = %v, want %v", tt.source, tt.tty, tt.name, tt.form, got, tt.want)
		}
	}
}

// TestNameRules is the table of every rule of nameRules with names it
// rejects and names it lets through (to the next rule).
func TestNameRules(t *testing.T) {
	tests := map[string]struct {
		rejected, accepted [][2]string // mention, name
		group, label       string
		tty, accTTY        string // the rejected and accepted names' source and term type ("DOID/exact"; default MESH entry)
	}{
		"a spelling variant or reordering": {
			rejected: [][2]string{{"hemolytic anemia", "haemolytic anaemia"}, {"hemolytic anemia", "Anemia Hemolytic"}, {"indomethacin", "indometacin"}},
			accepted: [][2]string{{"lidocaine", "lignocaine"}, {"acetaminophen", "paracetamol"}, {"5-fluorouracil", "fluorouracil"}},
		},
		"marked by the store": {
			rejected: [][2]string{{"myocardial infarction", "Infarction, Myocardial"}, {"aspirin", "50-78-2"}},
			accepted: [][2]string{{"myocardial infarction", "heart attack"}},
		},
		"an abbreviation": {
			rejected: [][2]string{{"myocardial infarction", "MI"}, {"fluorouracil", "5-FU"}},
			accepted: [][2]string{{"myocardial infarction", "cardiac infarction"}},
		},
		"holds an abbreviation the mention does not": {
			rejected: [][2]string{{"aspartylglucosaminuria", "AGA deficiency"}, {"AIDS", "HIV infection"}},
			accepted: [][2]string{{"diabetes mellitus type 2", "type II diabetes"}, {"HIV infection", "HIV disease"}},
		},
		"writes out an abbreviation the mention holds": {
			rejected: [][2]string{{"COX - 2 inhibitors", "cyclooxygenase 2 inhibitors"}, {"PGF2 alpha", "prostaglandin F2 alpha"}, {"HIV infection", "human immunodeficiency virus infection"}},
			accepted: [][2]string{{"type II diabetes", "type 2 diabetes mellitus"}, {"COX - 2 inhibitors", "COX - 2 blockers"}},
		},
		"a name in another language": {
			rejected: [][2]string{{"valproic acid", "acidum valproicum"}, {"tranexamic acid", "ácido tranexámico"}},
			accepted: [][2]string{{"valproic acid", "valproate"}},
		},
		"contains the mention's words": {
			rejected: [][2]string{{"heparin", "heparin cofactor ii"}, {"lithium", "lithium hydride"}, {"mania", "hypomania"}, {"ventricular remodeling", "ventricular cardiac remodeling"}},
			accepted: [][2]string{{"cocaine", "coke"}},
		},
		"a part's \"disease\"": {
			rejected: [][2]string{{"encephalopathy", "brain disease"}, {"myopathy", "muscle disorder"}},
			accepted: [][2]string{{"paralysis agitans", "Parkinson disease"}, {"renal disease", "kidney disease"}},
		},
		"drops or adds a Greek letter": {
			rejected: [][2]string{{"PGF2 alpha", "prostaglandin F2"}, {"vitamin E", "alpha-tocopherol"}, {"N - methyl - D - aspartate", "N - methylaspartate"}},
			accepted: [][2]string{{"alpha-tocopherol", "alpha tocopherol acetate"}, {"levodopa", "L-dopa"}},
		},
		"a trade name": {
			group: "CHEM", label: "diazepam",
			rejected: [][2]string{{"diazepam", "Valium"}, {"ibuprofen", "Motrin"}},
			accepted: [][2]string{{"diazepam", "methyl diazepinone"}, {"Adriamycin", "doxorubicin"}},
		},
		"\"X of Y\" without the article": {
			rejected: [][2]string{{"colon cancer", "carcinoma of large bowel"}, {"endometrial hyperplasia", "hyperplasia of endometrium"}, {"carcinomas of the urinary bladder", "cancers of bladder"}},
			accepted: [][2]string{{"dyspnea", "shortness of breath"}, {"Fallot tetralogy", "tetralogy of Fallot"}, {"liver cancer", "cancer of the liver"}},
		},
		"joins two conditions or substances": {
			rejected: [][2]string{{"hematological disorders", "hematologic and lymphocytic disorders"}, {"liver disease", "liver or biliary disease"}},
			accepted: [][2]string{{"hypertension and hypotension", "high and low blood pressure"}, {"breast cancer", "carcinoma of the breast"}},
		},
		"adds or drops a qualifier": {
			rejected: [][2]string{{"hepatitis", "chronic hepatitis"}, {"Fanconi anemia", "adult Fanconi anemia"}, {"creatinine", "creatine anhydride"}},
			accepted: [][2]string{{"acute renal failure", "acute kidney failure"}},
		},
		"a rewording of the mention": {
			rejected: [][2]string{{"chest pain", "pain in chest"}, {"thrombocytopenia", "thrombocytopenic disorder"}, {"obesity", "obese"}},
			accepted: [][2]string{{"hyperactivity", "hyperkinesis"}},
		},
		"a lone English adjective": {
			group:    "DISO",
			rejected: [][2]string{{"hypersensitivity", "sensitive"}, {"hypertensive", "hypertension"}},
			accepted: [][2]string{{"hypertensive", "hypertonic"}, {"hypertension", "high blood pressure"}},
		},
		"a DOID or NCIt \"exact\" synonym": {
			tty: "DOID/exact", accTTY: "NCIT/exact",
			rejected: [][2]string{{"Tay - Sachs disease", "hexosaminidase A deficiency"}, {"myopia", "near vision"}, {"X - linked adrenoleukodystrophy", "diffuse sclerosis"}},
			accepted: [][2]string{{"breast cancer", "carcinoma of the breast"}, {"prostate cancers", "carcinomas of the prostate"}},
		},
		"a pair of avoid.txt": {
			rejected: [][2]string{{"seizures", "convulsions"}, {"renal failure", "renal insufficiency"}},
			accepted: [][2]string{{"convulsions", "seizures"}},
		},
		"not a name a writer would use": {
			rejected: [][2]string{{"copper", "kupfer"}, {"quinine", "6'-methoxycinchonidine"}, {"hypertension", "high blood pressure"}, {"cardiac arrest", "asystole"}},
			accepted: [][2]string{{"acetaminophen", "paracetamol"}, {"convulsions", "seizures"}},
		},
	}
	seen := map[string]bool{}
	for _, rule := range nameRules {
		var tt struct {
			rejected, accepted [][2]string
			group, label       string
			tty, accTTY        string
		}
		found := ""
		for prefix, x := range tests {
			if strings.HasPrefix(rule.Doc, prefix) {
				tt, found = x, prefix
			}
		}
		if found == "" {
			t.Errorf("rule %q has no table test", rule.Doc)
			continue
		}
		seen[found] = true
		group := tt.group
		if group == "" {
			group = "DISO"
		}
		for _, c := range tt.rejected {
			label := tt.label
			if label == "" {
				label = c[0]
			}
			if why := rule.Check(nameCaseOf(c[0], c[1], tt.tty, label, group)); why == "" || rule.Reason != "" && why != rule.Reason {
				t.Errorf("%s: %q for %q passes (%q), want rejected", found, c[1], c[0], why)
			}
		}
		for _, c := range tt.accepted {
			label := tt.label
			if label == "" {
				label = c[0]
			}
			if why := rule.Check(nameCaseOf(c[0], c[1], tt.accTTY, label, group)); why != "" {
				t.Errorf("%s: %q for %q rejected (%q), want it to pass", found, c[1], c[0], why)
			}
		}
	}
	for prefix := range tests {
		if !seen[prefix] {
			t.Errorf("table test %q matches no rule", prefix)
		}
	}
	// The order is part of the policy: the first rule that rejects a
	// name names the reason counted.
	if r, why := judge(nameCaseOf("hemolytic anemia", "Haemolytic anaemia", "", "hemolytic anemia", "DISO")); r == nil || r.stage != stageSame || why != rejectedVariant {
		t.Errorf("a trivial variant: %v %q", r, why)
	}
	if !slices.ContainsFunc(nameRules, func(r nameRule) bool { return r.Reason == "" }) {
		t.Error("Natural is no rule")
	}
}
