package english

import (
	"testing"
)

func TestNatural(t *testing.T) {
	for _, tt := range []struct{ name, mention, want string }{
		// Names a writer uses.
		{"seizures", "convulsions", ""},
		{"myocardial infarction", "heart attack", ""},
		{"heart attack", "myocardial infarction", RejectAvoid}, // lay register (avoid.txt)
		{"paracetamol", "acetaminophen", ""},
		{"Parkinson's disease", "paralysis agitans", ""},
		{"5-fluorouracil", "5 - FU", ""}, // the mention's digits
		{"alpha-methyldopa", "alpha - methyl - DOPA", ""},
		{"L-dopa", "levodopa", ""},                // three corpus tokens for one, but one word the training text uses
		{"Adriamycin", "doxorubicin", ""},         // in no word list, but the training text uses it
		{"Lignocaine", "lidocaine", ""},           // likewise
		{"Inderal", "propranolol", RejectForeign}, // a brand the training text never uses
		{"delta-cortisone", "prednisone", RejectLength},
		{"high blood pressure", "hypertension", RejectLength},
		{"divalproex", "valproate", RejectAvoid},
		{"N-acetylcysteine", "acetyl cysteine", ""},
		{"HIV infection", "AIDS", ""},
		{"vitamin E", "tocopherol", ""},
		{"type II diabetes", "type II diabetes mellitus", ""},
		// The examples and their kind.
		{"kupfer", "copper", RejectForeign},
		{"mateína", "caffeine", RejectCharacters},
		{"oxigeno gaseoso", "oxygen", RejectForeign},
		{"Amiodarona", "amiodarone", RejectForeign},
		{"Haloperidolum", "haloperidol", RejectForeign},
		{"Azetylsalizylsaeure", "aspirin", RejectForeign},
		{"fggftgarksarklanq", "nociceptin", RejectSequence},
		{"Tyr-Gly-Gly-Phe-Met", "enkephalin", RejectSequence},
		{"6'-methoxycinchonidine", "quinine", RejectSystematic},
		{"6,7-Epoxytropine tropate", "scopolamine", RejectSystematic},
		{"(R)-propranolol", "propranolol", RejectQualifier},
		{"rac-dobutamine", "dobutamine", RejectSystematic},
		{"L dopa", "levodopa", RejectSystematic},
		{"CaCl2", "calcium chloride", RejectSystematic},
		{"blood coagulation factor IV", "calcium", RejectDigits},
		{"factor IV", "calcium", RejectDigits},
		{"hypersensitivity reaction type I disease", "allergy", RejectDigits},
		{"acute/subac. necrosis of liver", "hepatitis", RejectPunctuation},
		{"Vit.D", "vitamin D", RejectPunctuation},
		{"Infarction, Myocardial", "heart attack", RejectInverted},
		{"cardiac failure congestive", "congestive heart failure", RejectInverted},
		{"anemia hemolytic", "hemolytic anemia", RejectInverted},
		{"Hepatitis NOS", "hepatitis", RejectQualifier},
		{"Myocardial infarction (disorder)", "heart attack", RejectQualifier},
		{"Iodine-127", "iodine", RejectDigits},
		{"TOX", "toxicity", RejectAbbrev},
		{"5 FU", "5 - fluorouracil", RejectAbbrev},
		{"bet", "betaine", RejectAbbrev},
		{"3Li", "lithium", RejectDigits},
		{"α-tocopherol", "vitamin E", RejectCharacters}, // CorpusSpelling comes first
		{"Sirolimús", "sirolimus", RejectCharacters},
		{"F\uFFFD\uFFFDlling's disease", "phenylketonuria", RejectCharacters},
		{"low blood pressure", "hypotension", RejectLength},
		{"", "x", RejectEmpty},
		{"G strophanthin", "ouabain", RejectSystematic},
		{"Hoe 33342", "Hoechst 33342", RejectSystematic},
		{"amentia", "dementia", RejectAvoid},
		{"Manna Sugar", "mannitol", RejectAvoid},
		{"nitrite de sodium", "sodium nitrite", RejectForeign},
		{"torsade de pointes", "torsades de pointes", ""},
	} {
		if got := Natural(tt.name, tt.mention); got != tt.want {
			t.Errorf("Natural(%q, %q) = %q, want %q", tt.name, tt.mention, got, tt.want)
		}
	}
}

func TestCorpusSpelling(t *testing.T) {
	for _, tt := range []struct{ name, mention, want string }{
		{"α-tocopherol", "vitamin E", "alpha-tocopherol"},
		{"β\u2010blocker", "propranolol", "beta-blocker"},
		{"Crohn\u2019s disease", "ileitis", "Crohn's disease"},
		{"α-tocopherol", "β-carotene", "α-tocopherol"}, // a corpus that writes Greek letters keeps them
		{"aspirin", "ASA", "aspirin"},
	} {
		if got := CorpusSpelling(tt.name, tt.mention); got != tt.want {
			t.Errorf("CorpusSpelling(%q, %q) = %q, want %q", tt.name, tt.mention, got, tt.want)
		}
	}
	if Natural(CorpusSpelling("α-tocopherol", "vitamin E"), "vitamin E") != "" {
		t.Error("respelled Greek letter still rejected")
	}
}

func TestAttested(t *testing.T) {
	for name, want := range map[string]bool{"myocardial infarction": true, "Heart Failure": true,
		"5-fluorouracil": true, "benzoylmethylecgonine": false, "fggftgarksarklanq": false} {
		if got := Attested(name); got != want {
			t.Errorf("Attested(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestAvoid checks avoid.txt's matching: names modulo case, hyphens and
// number, and the pairs in their direction.
func TestAvoid(t *testing.T) {
	for _, tt := range []struct {
		name, mention string
		want          bool
	}{
		{"diffuse small cleaved - cell lymphoma", "non - Hodgkin lymphoma", true}, // the file has the spaced spelling
		{"maturity-onset diabetes", "type 2 diabetes", true},
		{"Carbolic acids", "phenols", true}, // plural of an entry
		{"A - fib", "atrial fibrillation", true},
		{"convulsions", "seizures", true}, // seizure -> convulsion
		{"partial convulsions", "partial seizures", true},
		{"Convulsion", "Seizure", true},
		{"seizures", "convulsions", false}, // only one direction
		{"Frey syndrome", "gustatory hyperhidrosis", true},
		{"gustatory hyperhidrosis", "Frey ' s syndrome", true}, // both directions, possessive
		{"myocardial infarcts", "myocardial infarctions", true},
		{"myocardial infarction", "myocardial infarct", false},
		{"chemical palsy", "chemical paralysis", true},
		{"renal failure", "renal insufficiency", true},
		{"chronic renal insufficiency", "chronic renal failure", true},
		{"kidney failure", "renal failure", false},
		{"long QT syndrome", "QT prolongation", true},
		{"cardiac failure", "heart failure", false},
	} {
		names, _ := avoidLists()
		got := names[AvoidKey(tt.name)] || avoidedPair(tt.name, tt.mention)
		if got != tt.want {
			t.Errorf("avoided(%q for %q) = %v, want %v", tt.name, tt.mention, got, tt.want)
		}
	}
}
