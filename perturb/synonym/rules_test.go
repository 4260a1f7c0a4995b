package synonym

import (
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
)

// The rules found by the blind readings of the BC5CDR test S set, each
// checked on the embedded store: the names a reader marked as another
// meaning, another register or broken grammar are no longer candidates.

// TestRejectedNames checks that names readers flagged are no candidates
// of the default: a rule, avoid.txt or the name policy (their strata)
// refuses each.
func TestRejectedNames(t *testing.T) {
	r, err := New(testStore(t), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		typ, mention, name, why string
	}{
		{"Disease", "seizures", "convulsions", "avoid pair: a convulsion is only the motor kind"},
		{"Disease", "seizure", "convulsion", "avoid pair"},
		{"Disease", "encephalopathy", "brain disease", "generic head"},
		{"Disease", "myopathy", "muscle disorder", "generic head"},
		{"Disease", "epilepsy", "seizure disorder", "generic head"},
		{"Disease", "optic neuropathy", "optic nerve disease", "generic head"},
		{"Disease", "migraine headache", "migraine disorder", "generic head"},
		{"Disease", "focal segmental glomerulosclerosis", "focal glomerulosclerosis", "drops a word"},
		{"Disease", "Wiskott - Aldrich syndrome", "Wiskott syndrome", "drops a word"},
		{"Chemical", "PGF2 alpha", "Prostaglandin F2", "drops the Greek letter"},
		{"Chemical", "diazepam", "Valium", "brand"},
		{"Chemical", "ibuprofen", "Motrin", "brand"},
		{"Chemical", "Ibuprofen", "Motrin", "brand, at a sentence's start"},
		{"Chemical", "sodium thiopental", "sodium pentothal", "brand"},
		{"Disease", "endometrial hyperplasia", "hyperplasia of endometrium", "of without article"},
		{"Disease", "biliary atresia", "atresia of bile duct", "of without article"},
		{"Disease", "endometrial cancer", "carcinoma of endometrium", "of without article"},
		{"Disease", "renal disease", "kidney disorder", "another generic head"},
		{"Disease", "myocardial infarction", "heart attack", "lay"},
		{"Disease", "myocardial infarctions", "myocardial infarcts", "lesion for event"},
		{"Disease", "non - Hodgkin lymphoma", "diffuse small cleaved - cell lymphoma", "hyphen in avoid.txt"},
		{"Disease", "gustatory hyperhidrosis", "Frey syndrome", "narrower"},
		{"Disease", "acute renal failure", "acute renal injury", "hybrid"},
		{"Disease", "renal insufficiency", "renal failure", "severity"},
		{"Chemical", "phenols", "carbolic acids", "archaic"},
		{"Chemical", "melphalan", "phenylalanine mustard", "obsolete"},
		{"Chemical", "citrate", "citric acid", "the acid for an anion without a curated pair (a citrate dialysate)"},
		{"Chemical", "aspirin", "acetylsalicylate", "the anion's name for the acid (avoid pair)"},
		{"Chemical", "paclitaxel", "taxol", "a trade mark in lower case (avoid pair)"},
		{"Chemical", "sodium valproate", "valproic acid", "a salt is not its acid"},
		{"Chemical", "phosphate", "phosphoric acid", "another MeSH concept"},
	} {
		a := r.Analyze(tt.typ, tt.mention)
		if a.Err != nil {
			t.Fatal(a.Err)
		}
		for _, c := range a.Candidates {
			if strings.EqualFold(c.Term, tt.name) {
				t.Errorf("%s: %q is a candidate for %q (want rejected: %s)", tt.typ, tt.name, tt.mention, tt.why)
			}
		}
	}
}

// TestKeptNames guards the other side: the rules leave real synonyms.
func TestKeptNames(t *testing.T) {
	r, err := New(testStore(t), everyStratum())
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ typ, mention, name string }{
		{"Disease", "heart failure", "cardiac failure"},
		{"Chemical", "acetaminophen", "paracetamol"},
		{"Chemical", "lidocaine", "lignocaine"}, // capitalized by MeSH and DrugBank, no brand
		{"Disease", "lung cancer", "carcinoma of the lung"},
		// ChEBI's charge states and conjugate acids and bases (roundTrip.agrees).
		{"Chemical", "adriamycin", "doxorubicin"},        // "doxorubicin" names doxorubicin(1+) too
		{"Chemical", "valproate", "valproic acid"},       // the acid for the anion, by a curated pair
		{"Chemical", "valproic acid", "valproate"},       // the anion for the acid
		{"Chemical", "deoxycholic acid", "deoxycholate"}, // as above
		// Curated pairs the rules read as spelling variants or abbreviations.
		{"Chemical", "cyclosporine", "cyclosporin A"},
		{"Chemical", "streptozotocin", "streptozocin"},
		{"Chemical", "cis - platinum", "cisplatin"},
		{"Chemical", "L - DOPA", "levodopa"},
	} {
		a := r.Analyze(tt.typ, tt.mention)
		if !slices.ContainsFunc(a.Candidates, func(c Candidate) bool { return strings.EqualFold(c.Term, tt.name) }) {
			t.Errorf("%q lost candidate %q: %v", tt.mention, tt.name, terms(a))
		}
	}
}

// perturbAll runs the replacer over sentences in order, with their
// context, and returns the outputs.
func perturbAll(r *Replacer, ss ...conll.Sentence) ([]conll.Sentence, [][]perturb.Change) {
	cr := r.NewDocumentReader(perturb.RunInfo{Seed: 1, Selection: perturb.DefaultSelection()})
	var outs []conll.Sentence
	var chs [][]perturb.Change
	for _, s := range ss {
		out, cs := r.PerturbInDocument(cr.Observe(s), s, nil, perturb.SentenceRand(1, Name, s))
		outs, chs = append(outs, out), append(chs, cs)
	}
	return outs, chs
}

func TestContextRules(t *testing.T) {
	r, err := New(testStore(t), everyStratum())
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name        string
		text, tags  string
		check       func(after []string) bool
		description string
	}{
		{"target of", "the mammalian target of rapamycin pathway", "O O O O B-Chemical O",
			func(a []string) bool { return len(a) == 0 }, "rapamycin in a protein's name is left"},
		{"written elsewhere", "Sirolimus , a mammalian target of rapamycin inhibitor , was given", "B-Chemical O O O O O B-Chemical O O O O",
			func(a []string) bool { return !slices.Contains(a, "Rapamycin") }, "no \"Rapamycin , a ... rapamycin inhibitor\""},
		{"embedded name", "Antirifampicin antibodies in rifampicin - associated renal failure", "O O O B-Chemical O O B-Disease I-Disease",
			func(a []string) bool { return len(a) == 0 || !strings.Contains(strings.Join(a, " "), "rifampin") }, "no \"Antirifampicin ... rifampin\""},
		{"inside a long form", "concentrations of selective serotonin reuptake inhibitors ( SSRIs ) rose", "O O O B-Chemical O O O O O O",
			func(a []string) bool { return len(a) == 0 }, "the letter SSRIs spells stays"},
		{"coordination repeat", "Nociceptin / orphanin FQ ( N / OFQ ) is a peptide", "B-Chemical O B-Chemical I-Chemical O O O O O O O O",
			func(a []string) bool { return !slices.Contains(a, "nociceptin") }, "no \"Nociceptin / nociceptin\""},
		{"repeat in parentheses", "Acetaminophen ( paracetamol ) and aspirin", "B-Chemical O B-Chemical O O B-Chemical",
			func(a []string) bool {
				return !slices.Contains(a, "Paracetamol") && !slices.Contains(a, "acetaminophen")
			}, "no \"paracetamol ( paracetamol )\""},
		{"coordinated adjective", "signs of renal and cardiac toxicity", "O O O O B-Disease I-Disease",
			func(a []string) bool {
				return len(a) == 0 || strings.HasSuffix(a[0], " toxicity")
			}, "the shared head stays (not \"renal and cardiotoxicity\")"},
		{"adverb", "patients with a mildly dry mouth", "O O O O B-Disease I-Disease",
			func(a []string) bool { return len(a) == 0 || strings.HasPrefix(a[0], "dry") }, "the modified adjective stays"},
		{"premodifier", "evidence of increased lung cancer risk", "O O O B-Disease I-Disease O",
			func(a []string) bool { return !slices.Contains(a, "carcinoma of the lung") }, "an 'of' name cannot premodify \"risk\""},
		{"after of", "a fraction of breast cancer was hereditary", "O O O B-Disease I-Disease O O",
			func(a []string) bool { return !slices.Contains(a, "carcinoma of the breast") }, "no \"of carcinoma of the breast\""},
		{"coordinated premodifier", "ovarian and early - onset breast cancer", "O O O O O B-Disease I-Disease",
			func(a []string) bool { return !slices.Contains(a, "carcinoma of the breast") }, "no \"ovarian and ... carcinoma of the breast\""},
		{"of name", "breast cancer was hereditary", "B-Disease I-Disease O O",
			func(a []string) bool { return len(a) > 0 }, "a name of some kind where no 'of' precedes"},
		{"stem repeat", "cerebral ischemic stroke after heroin", "O B-Disease I-Disease O B-Chemical",
			func(a []string) bool { return !slices.Contains(a, "ischemic cerebrovascular accident") }, "no \"cerebral ... cerebrovascular\""},
		{"gene named after a disease", "mutations of the Wilms tumor 1 gene", "O O O B-Disease I-Disease O O",
			func(a []string) bool { return len(a) == 0 }, "no \"nephroblastoma 1\""},
		{"gene named after a disease, no number", "mutations in the Duchenne muscular dystrophy gene , DMD", "O O O B-Disease I-Disease I-Disease O O O",
			func(a []string) bool { return len(a) == 0 }, "no \"Duchenne dystrophy gene\""},
		{"title", "patients were diagnosed with the Diagnostic and Statistical Manual of Mental Disorders criteria", "O O O O O O O O O O B-Disease I-Disease O",
			func(a []string) bool { return len(a) == 0 }, "a mention in a title stays"},
		{"element symbol", "the K + channel and serum potassium levels", "O B-Chemical O O O O B-Chemical O",
			func(a []string) bool { return len(a) == 0 }, "no \"potassium +\"; never \"serum K\" (read as unnatural)"},
		{"element name", "serum K and Na were measured", "O B-Chemical O B-Chemical O O",
			func(a []string) bool { return slices.Equal(a, []string{"potassium", "sodium"}) }, "a symbol becomes its name"},
		// The context rules of the session's carry-over readings (syn-dev1
		// on NCBI-disease and BioNLP13PC, syn-dev2 on BC5CDR train).
		{"fixed term", "terminal deoxynucleotidyl transferase - mediated dUTP - biotin nick end labeling assay", "O O O O O O O B-Chemical O O O O",
			func(a []string) bool { return len(a) == 0 }, "no \"vitamin H nick end labeling\": a technique's name"},
		{"hyphen compound", "rapamycin - sensitive sites", "B-Chemical O O O",
			func(a []string) bool { return len(a) == 0 }, "no \"sirolimus - sensitive\": the writer's compound"},
		{"productive compound", "acetaminophen - induced liver failure", "B-Chemical O O B-Disease I-Disease",
			func(a []string) bool { return len(a) > 0 && a[0] == "paracetamol" }, "\"paracetamol - induced\": any name makes it"},
		{"after a hyphen", "the FKBP12 - rapamycin complex and rapamycin", "O O O B-Chemical O O B-Chemical",
			func(a []string) bool { return len(a) == 0 }, "neither the compound's half nor, then, the other rapamycin"},
		{"list after", "breast cancer , colorectal cancer , ovarian cancer", "B-Disease I-Disease O B-Disease I-Disease O B-Disease I-Disease",
			func(a []string) bool { return !slices.Contains(a, "carcinoma of the breast") }, "an 'of' name does not head a list of 'X cancer'"},
		{"abbreviation beside", "effects of norepinephrine ( NE ; 1 micromol / l ) - precontracted vessels", "O O B-Chemical O O O O O O O O O O",
			func(a []string) bool { return len(a) == 0 }, "no \"noradrenaline ( NE\""},
		{"written outside", "rapamycin inhibits the FKBP12 - rapamycin - associated protein", "B-Chemical O O O O O O O O",
			func(a []string) bool { return len(a) == 0 }, "the protein's name keeps rapamycin, so does the drug"},
		{"two names of one thing", "Takotsubo syndrome ( TS ) , also known as broken heart syndrome , is rare", "B-Disease I-Disease O B-Disease O O O O O B-Disease I-Disease I-Disease O O O",
			func(a []string) bool { return len(a) == 0 }, "one name changed and the other kept would say two things"},
		{"one name kept, one changed", "can cause various arrhythmias , including severe arrhythmia such as PVC", "O O O B-Disease O O O B-Disease O O O",
			func(a []string) bool { return len(a) == 0 }, "no \"dysrhythmias , including severe arrhythmia\""},
		{"acronym expansion", "WAGR ( Wilms tumor , aniridia , genitourinary abnormalities , and mental retardation ) syndrome", "O O B-Disease I-Disease O B-Disease O B-Disease I-Disease O O O B-Disease I-Disease O O",
			func(a []string) bool { return !slices.Contains(a, "intellectual disability") }, "the R of WAGR is retardation's"},
		{"element in a list", "the ( Na , K ) - ATPase activity", "O O B-Chemical O B-Chemical O O O O",
			func(a []string) bool { return len(a) == 0 }, "no \"( Na , potassium )\""},
		{"element as a unit", "pressure fell by 20 mm Hg", "O O O O O B-Chemical",
			func(a []string) bool { return len(a) == 0 }, "no \"20 mm mercury\""},
		{"heading start", "RESULTS : Acetaminophen - induced liver failure", "O O B-Chemical O O B-Disease I-Disease",
			func(a []string) bool { return len(a) > 0 && a[0] == "Paracetamol" }, "capital after a heading"},
	} {
		s := sentence(tt.text, tt.tags)
		_, chs := perturbAll(r, s)
		var after []string
		for _, c := range chs[0] {
			if c.Token == 0 && tt.name == "heading start" {
				continue
			}
			after = append(after, c.After)
		}
		if tt.name == "coordinated adjective" || tt.name == "adverb" {
			// Only the mention after the coordination or adverb.
			after = nil
			for _, c := range chs[0] {
				if c.Token == 4 {
					after = append(after, c.After)
				}
			}
		}
		if !tt.check(after) {
			t.Errorf("%s: %q -> %v: want %s", tt.name, tt.text, after, tt.description)
		}
	}
}

func TestRuleHelpers(t *testing.T) {
	for _, tt := range []struct {
		name, mention string
		want          bool
	}{
		{"brain disease", "encephalopathy", true},
		{"bacterial disorders", "bacterial infections", true},
		{"Parkinson disease", "paralysis agitans", false}, // an eponym
		{"Crohn's disease", "regional enteritis", false},
		{"kidney disease", "renal disease", false}, // the same generic head
		{"kidney disorder", "renal disease", true}, // another one: NCIt's wording
		{"heart disorder", "heart disease", true},
	} {
		if got := genericName(tt.name, tt.mention); got != tt.want {
			t.Errorf("genericName(%q, %q) = %v", tt.name, tt.mention, got)
		}
	}
	capitals := map[string]bool{}
	sentenceCaseCapitals("Carcinoma of the Uterine Cervix", capitals) // Title Case: no proper noun
	sentenceCaseCapitals("tetralogy of Fallot", capitals)
	sentenceCaseCapitals("Liver disease", capitals)
	if !capitals["fallot"] || capitals["uterine"] || capitals["liver"] {
		t.Errorf("sentenceCaseCapitals: %v", capitals)
	}
	for _, tt := range []struct {
		name string
		want bool
	}{
		{"carcinoma of uterine cervix", true},
		{"hyperplasia of endometrium", true},
		{"disorder of liver", true},
		{"carcinoma of the lung", false},
		{"tetralogy of Fallot", false},
		{"shortness of breath", false}, // the training text uses it
	} {
		if got := ofWithoutArticle(tt.name, "x", capitals); got != tt.want {
			t.Errorf("ofWithoutArticle(%q) = %v", tt.name, got)
		}
	}
	for w, want := range map[string]bool{"mildly": true, "severely": true, "heavily": true, "only": false, "family": false, "Mildly": false} {
		if adverb(w) != want {
			t.Errorf("adverb(%q) = %v", w, !want)
		}
	}
	for _, tt := range []struct {
		next string
		want bool
	}{{"risk", true}, {"-", true}, {"patients", true}, {"was", false}, {"in", false}, {"treated", false}, {",", false}, {"", false}} {
		if got := premodifies(tt.next); got != tt.want {
			t.Errorf("premodifies(%q) = %v", tt.next, got)
		}
	}
	if !stemRepeat("cerebral", "ischemic cerebrovascular accident", []string{"ischemic", "stroke"}) ||
		stemRepeat("cerebral", "cerebral infarction", []string{"cerebral", "infarct"}) || stemRepeat("the", "thesis", nil) {
		t.Error("stemRepeat")
	}
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"doxorubicin(1+)", "doxorubicin", true},
		{"L-dopa zwitterion", "L-dopa", true},
		{"valproic acid", "valproate", true},
		{"Valproate", "valproic acid", true},
		{"nitrous acid", "nitrite", true},
		{"folate(2-)", "folic acid", true},
		{"doxorubicin", "doxorubicin", false},        // two concepts of one name
		{"sodium valproate", "valproic acid", false}, // a salt
		{"nitric acid", "nitrite", false},            // another oxidation state
		{"acid", "ate", false},
		{"(+)-camphor", "camphor", false},            // a stereo prefix, no charge
		{"valproic acid", "valproic acid(1-)", true}, // the anion, written as a charge
	} {
		if got := conjugateNames(tt.a, tt.b); got != tt.want {
			t.Errorf("conjugateNames(%q, %q) = %v", tt.a, tt.b, got)
		}
	}
	if g := greekWords("PGF2 alpha"); !slices.Equal(g, []string{"alpha"}) {
		t.Errorf("greekWords = %v", g)
	}
	if g := greekWords("α-tocopherol"); !slices.Equal(g, []string{"alpha"}) {
		t.Errorf("greekWords = %v", g)
	}
	for _, tt := range []struct {
		text  string
		start int
		want  bool
	}{
		{"Acetaminophen kills", 0, true},
		{"RESULTS : Acetaminophen kills", 2, true},
		{"set up 2 : where STZ", 4, false},
		{"in 5 : 1 ratio", 4, false},
	} {
		s := conll.Sentence{Tokens: strings.Fields(tt.text)}
		if got := sentenceStart(s, spanAt(tt.start)); got != tt.want {
			t.Errorf("sentenceStart(%q, %d) = %v", tt.text, tt.start, got)
		}
	}
}

func spanAt(i int) iob.Span { return iob.Span{Start: i, End: i + 1} }
