package abbrev

import (
	"os"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb/internal/english"
)

func TestLongFormMatches(t *testing.T) {
	for _, tt := range []struct {
		short, long string
		want        bool
	}{
		{"FAP", "familial adenomatous polyposis", true},
		{"DOX", "doxorubicin", true},
		{"5-FU", "5 - fluorouracil", true},
		{"STZ", "streptozotocin", true},
		{"PD", "Parkinson ' s disease", true},
		{"HIT", "thrombocytopenia", false},           // the gold long form lacks "heparin - induced"
		{"AGC", "gastric cancer", false},             // and "advanced"
		{"PAN", "puromycin", false},                  // letters missing
		{"DOX", "oxorubicin d", false},               // the first letter must start a word
		{"LNNA", "NG - nitro - L - arginine", false}, // letters out of order
		{"DOX", "DOX", false},
		{"-", "anything", false},
	} {
		if got := LongFormMatches(tt.short, tt.long); got != tt.want {
			t.Errorf("LongFormMatches(%q, %q) = %v, want %v", tt.short, tt.long, got, tt.want)
		}
	}
}

func TestMatch(t *testing.T) {
	same := func(typ, short, long string) bool { return short == "BCNU" && long == "carmustine" }
	for _, tt := range []struct{ short, long, want string }{
		{"DOX", "doxorubicin", MatchLetters},
		{"Iso", "isoproterenol", MatchLetters}, // mixed case, but a prefix of a much longer name
		{"monoHER", "monohydroxyethylrutoside", MatchLetters},
		{"cGMP", "guanosine 3 ' , 5 ' - cyclic monophosphate", MatchUnordered},
		{"LNNA", "NG - nitro - L - arginine", MatchUnordered},
		{"BCNU", "carmustine", MatchConcept},
		{"BCNU", "lomustine", ""},
		{"Taxol", "paclitaxel", ""},                      // a brand name given in parentheses
		{"paracetamol", "acetaminophen", ""},             // a synonym given in parentheses
		{"Pilocarpine", "pilocarpine hydrochloride", ""}, // not short enough
		{"DOX", "", ""},
	} {
		if got := Match(tt.short, tt.long, "Chemical", same); got != tt.want {
			t.Errorf("Match(%q, %q) = %q, want %q", tt.short, tt.long, got, tt.want)
		}
	}
}

func TestFindAndPairs(t *testing.T) {
	s := conll.Sentence{Tokens: strings.Fields("acetaminophen ( paracetamol ) , doxorubicin ( DOX ) , HIT ( heparin ) ( x )"),
		Tags: strings.Fields("B-Chemical O B-Chemical O O B-Chemical O B-Chemical O O B-Disease O B-Chemical O O O O")}
	pairs := Pairs(s)
	if len(pairs) != 2 {
		t.Fatalf("pairs %v", pairs)
	}
	defs := Find(s, nil)
	if len(defs) != 1 || defs[0].Short != "DOX" || defs[0].LongText() != "doxorubicin" || !slices.Equal(defs[0].ShortToks, []string{"DOX"}) {
		t.Errorf("definitions %+v", defs)
	}
	if !Defines(pairs, pairs[0][0]) || !Defines(pairs, pairs[1][1]) || Defines(pairs, defs[0].LongSpan) != true {
		t.Error("Defines")
	}
	bad := s
	bad.Tags = bad.Tags[:3]
	if Pairs(bad) != nil || Find(bad, nil) != nil {
		t.Error("pairs of a sentence whose tags do not match its tokens")
	}
}

// FuzzLongFormMatches checks that a matching long form holds the short
// form's letters and digits in order.
func FuzzLongFormMatches(f *testing.F) {
	for _, tt := range [][2]string{{"FAP", "familial adenomatous polyposis"}, {"5-FU", "5 - fluorouracil"}, {"", "x"}, {"é", "éé"}} {
		f.Add(tt[0], tt[1])
	}
	f.Fuzz(func(t *testing.T, short, long string) {
		if !LongFormMatches(short, long) {
			return
		}
		l := []rune(strings.ToLower(long))
		j := 0
		for _, c := range strings.ToLower(short) {
			if !unicode.IsLetter(c) && !unicode.IsDigit(c) {
				continue
			}
			for j < len(l) && l[j] != c {
				j++
			}
			if j == len(l) {
				t.Fatalf("LongFormMatches(%q, %q): %q not found in order", short, long, c)
			}
			j++
		}
	})
}

// TestInLongForm: sentences of BC5CDR test whose mention (in brackets)
// lies, or does not lie, inside the long form of the abbreviation the
// sentence defines after it.
func TestInLongForm(t *testing.T) {
	for _, tt := range []struct {
		text string
		want bool
	}{
		{"concentrations of selective [serotonin] reuptake inhibitors ( SSRIs ) and", true},
		{"serial sampling of [creatine] kinase ( CK ) , CK - MB", true},
		{"Human [corticotropin] - releasing hormone ( hCRH ) and", true},
		{"30 occasional [cocaine] users ( OC )", true}, // the letters need not cover every word
		{"30 occasional [cocaine] ( OC ) , and", true},
		{"mammalian target of [rapamycin] inhibitors ( mTOR - i ) .", true},
		{"resolution of primary [dysmenorrhea] in comparison with diclofenac ( DCF ) .", false}, // the shortest long form is diclofenac
		{"the patient felt [palpitation] and electrocardiography ( ECG ) recording", false},
		{"against [seizures] induced by maximal electroshock ( MES ) in", false},
		{"given [aspirin] ( 100 mg ) daily", false},
		{"given [aspirin] , then warfarin ( W )", false}, // punctuation ends the phrase
		{"[doxorubicin] ( DOX )", true},                  // the whole long form
	} {
		toks := strings.Fields(tt.text)
		var sp iob.Span
		for i, w := range toks {
			if strings.HasPrefix(w, "[") {
				sp.Start = i
			}
			if strings.HasSuffix(w, "]") {
				sp.End = i + 1
			}
			toks[i] = strings.Trim(w, "[]")
		}
		s := conll.Sentence{Tokens: toks, Tags: make([]string, len(toks))}
		if got := InLongForm(s, sp); got != tt.want {
			t.Errorf("InLongForm(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

// TestAlign: where the long forms of definitions from BC5CDR, NCBI-disease
// and BioNLP13PC start (the short form's letters, Schwartz and Hearst),
// and a synthetic one of the shape a blind reading of issue 32 flagged
// ("Long - term anti - cytomegalovirus ( CMV )" written out for CMV).
func TestAlign(t *testing.T) {
	for _, tt := range []struct {
		short, long string
		want        string // the long form; "" for no definition
		outside     int
	}{
		// Aligned: the gold long form.
		{"MM", "multiple myeloma", "multiple myeloma", 0}, // not "myeloma", the shortest match
		{"COCs", "combined oral contraceptives", "combined oral contraceptives", 0},
		{"MPA", "3 - mercaptopropionic acid", "3 - mercaptopropionic acid", 0}, // a locant stays
		{"cis-RA", "13 - cis - retinoic acid", "13 - cis - retinoic acid", 0},
		{"THC", "delta 9 - tetrahydrocannabinol", "delta 9 - tetrahydrocannabinol", 0},
		{"IdoA", "L - iduronic acid", "L - iduronic acid", 0},
		{"JNK", "c - Jun NH2 - terminal kinase", "c - Jun NH2 - terminal kinase", 0},
		{"DCE", "extract of Daucus carota seeds", "extract of Daucus carota seeds", 0}, // E out of order
		{"MESNA", "sodium 2 - mercaptoethane sulphonate", "sodium 2 - mercaptoethane sulphonate", 0},
		{"SAH", "aneurysmal subarachnoid hemorrhage", "aneurysmal subarachnoid hemorrhage", 0},
		// A lead the letters leave out, the rest spelling the short form.
		{"PD", "idiopathic Parkinson ' s disease", "Parkinson ' s disease", 0},
		{"DVT", "upper - extremity deep venous thrombosis", "deep venous thrombosis", 0},
		{"EDMD", "X - linked Emery - Dreifuss muscular dystrophy", "Emery - Dreifuss muscular dystrophy", 0},
		{"XLT", "congenital X - linked thrombocytopenia", "X - linked thrombocytopenia", 0},
		{"T-PLL", "sporadic T - cell prolymphocytic leukaemia", "T - cell prolymphocytic leukaemia", 0},
		{"DM", "congenital myotonic dystrophy", "myotonic dystrophy", 0}, // letters in another order
		{"DVT", "upper-extremity deep venous thrombosis", "deep venous thrombosis", 0},
		// A head giving every letter: whole, its lead outside.
		{"AL", "primary systemic amyloidosis", "primary systemic amyloidosis", 2},
		{"MB", "Cerebral microbleeds", "Cerebral microbleeds", 1},
		{"PKU", "maternal phenylketonuria", "maternal phenylketonuria", 1},
		{"SPG", "X - linked spastic paraplegia", "X - linked spastic paraplegia", 3},
		// No definition: a compound by a hyphen, or a rest that does not
		// start with the first letter.
		{"CMV", "Long - term anti - cytomegalovirus", "", 0},
		{"CMV", "Long-term anti-cytomegalovirus", "", 0},
		{"AMNS", "puromycin - aminonucleoside", "", 0},
		{"vWD", "Type I von Willebrand disease", "", 0},
		{"PKA", "cAMP - dependent protein kinase", "", 0},
		{"sAD", "Alzheimer ' s disease", "", 0}, // "sporadic Alzheimer's disease (sAD)": the first letter is outside the mention
		{"sAD", "Alzheimer's disease", "", 0},
		// By concept: whole.
		{"BCNU", "carmustine", "carmustine", 0},
	} {
		same := func(typ, short, long string) bool { return short == "BCNU" }
		match := Match(tt.short, tt.long, "Disease", same)
		if match == "" {
			t.Fatalf("Match(%q, %q) found none", tt.short, tt.long)
		}
		long, outside, how := Align(tt.short, strings.Fields(tt.long), match)
		if got := strings.Join(long, " "); got != tt.want || outside != tt.outside || (long == nil) != (how == "") {
			t.Errorf("Align(%q, %q) = %q, %d, %q; want %q, %d", tt.short, tt.long, got, outside, how, tt.want, tt.outside)
		}
	}
}

// TestFindAligns: Find gives the aligned long form, and no definition
// where there is none.
func TestFindAligns(t *testing.T) {
	s := conll.Sentence{Tokens: strings.Fields("Long - term anti - cytomegalovirus ( CMV ) and upper - extremity deep venous thrombosis ( DVT ) .")}
	s.Tags = strings.Fields("B-Chemical I-Chemical I-Chemical I-Chemical I-Chemical I-Chemical O B-Chemical O O B-Disease I-Disease I-Disease I-Disease I-Disease I-Disease O B-Disease O O")
	defs := Find(s, nil)
	if len(defs) != 1 || defs[0].Short != "DVT" || defs[0].LongText() != "deep venous thrombosis" || defs[0].LongSpan != (iob.Span{Type: "Disease", Start: 10, End: 16}) || defs[0].AtStart {
		t.Errorf("definitions %+v", defs)
	}
	if len(Pairs(s)) != 2 {
		t.Error("both pairs stay pairs")
	}
}

// FuzzAlign checks that an aligned long form is a tail of the gold long
// form, token for token but perhaps the first, and that what is outside
// it stays inside the tokens.
func FuzzAlign(f *testing.F) {
	for _, tt := range [][2]string{{"CMV", "Long-term anti-cytomegalovirus"}, {"DVT", "upper - extremity deep venous thrombosis"},
		{"AL", "primary systemic amyloidosis"}, {"cGMP", "guanosine 3 ' , 5 ' - cyclic monophosphate"}, {"X", "a--b - -"}} {
		f.Add(tt[0], tt[1])
	}
	f.Fuzz(func(t *testing.T, short, long string) {
		toks := strings.Fields(long)
		for _, match := range []string{MatchLetters, MatchUnordered, MatchConcept} {
			got, outside, how := Align(short, toks, match)
			if got == nil {
				if how != "" || outside != 0 {
					t.Fatalf("Align(%q, %q, %s): no long form, but %d, %q", short, long, match, outside, how)
				}
				continue
			}
			if len(got) == 0 || len(got) > len(toks) || outside < 0 || outside >= len(toks) || outside > 0 && len(got) != len(toks) {
				t.Fatalf("Align(%q, %q, %s) = %q, %d", short, long, match, got, outside)
			}
			k := len(toks) - len(got)
			if !strings.HasSuffix(toks[k], got[0]) || !slices.Equal(got[1:], toks[k+1:]) {
				t.Fatalf("Align(%q, %q, %s) = %q: not a tail", short, long, match, got)
			}
		}
	})
}

// TestAlignCorpora counts, on BC5CDR and NCBI-disease train and test
// (when ../shared is present), the definitions whose long form Align
// cuts to the abbreviation's words, those it keeps whole with a lead
// outside the letters, and those it finds none in, among the pairs
// whose letters match: the figures of docs/kinds.md.
func TestAlignCorpora(t *testing.T) {
	for _, tt := range []struct {
		path                      string
		pairs, cut, outside, none int
	}{
		{"BC5CDR-IOB/train.tsv", 172, 0, 0, 1},
		{"BC5CDR-IOB/test.tsv", 238, 2, 2, 1},
		{"NCBI-disease-IOB/train.tsv", 348, 11, 3, 1},
		{"NCBI-disease-IOB/test.tsv", 67, 3, 0, 0},
	} {
		path := "../../../../shared/corpora/" + tt.path
		if _, err := os.Stat(path); err != nil {
			t.Skip("shared data not present")
		}
		ss, err := conll.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		pairs, cut, outside, none := 0, 0, 0, 0
		for _, s := range ss {
			defs := Find(s, nil)
			for _, p := range Pairs(s) {
				short := english.Compact(strings.Join(s.Tokens[p[1].Start:p[1].End], " "))
				if Match(short, strings.Join(s.Tokens[p[0].Start:p[0].End], " "), p[0].Type, nil) == "" {
					continue
				}
				pairs++
				k := slices.IndexFunc(defs, func(d Definition) bool { return d.LongSpan == p[0] })
				switch {
				case k < 0:
					none++
				case len(defs[k].Long) < p[0].End-p[0].Start || defs[k].Long[0] != s.Tokens[p[0].Start]:
					cut++
				case defs[k].Outside > 0:
					outside++
				}
			}
		}
		t.Logf("%s: %d definitions by their letters, %d cut, %d whole with a lead outside, %d none", tt.path, pairs, cut, outside, none)
		if pairs != tt.pairs || cut != tt.cut || outside != tt.outside || none != tt.none {
			t.Errorf("%s: %d definitions, %d cut, %d outside, %d none; want %d, %d, %d, %d", tt.path, pairs, cut, outside, none,
				tt.pairs, tt.cut, tt.outside, tt.none)
		}
	}
}

func TestFindWritten(t *testing.T) {
	for _, tt := range []struct {
		text string
		want []string // short: the last three tokens before it
	}{
		{"Colorectal adenocarcinoma ( CRC ) is a common cancer", []string{"CRC: Colorectal adenocarcinoma"}},
		{"Long - term anti - cytomegalovirus ( CMV ) therapy", []string{"CMV: anti - cytomegalovirus"}},
		{"injection of puromycin aminonucleoside , ( PAN , 7 . 5 mg / kg )", []string{"PAN: of puromycin aminonucleoside"}},
		{"with 5 - fluorouracil ( 5 - FU ; 10 mg ) and leucovorin ( LV )", []string{"5-FU: 5 - fluorouracil", "LV: ) and leucovorin"}},
		{"selective serotonin reuptake inhibitors ( SSRIs ) and SSRIs ( n = 4 )", []string{"SSRIs: serotonin reuptake inhibitors"}},
		// No word before, no abbreviation inside, or no close in reach.
		{"( CRC ) is", nil},
		{"in 12 ( CRC ) cases", nil},
		{"patients ( n = 405 ) and controls ( P < 0 . 05 )", nil},
		{"was 9 . 6 - fold ( 95 % CI 4 . 4 - 21 . 0 ) higher", nil},
		{"the tumour ( which was large ) grew", nil},
	} {
		s := conll.Sentence{Tokens: strings.Fields(tt.text)}
		var got []string
		for _, w := range FindWritten(s) {
			b := w.Before[max(0, len(w.Before)-3):]
			got = append(got, w.Short+": "+strings.Join(b, " "))
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("FindWritten(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
	w := FindWritten(conll.Sentence{Tokens: strings.Fields("patients with chronic heart failure ( CHF ) , but")})[0]
	for _, tt := range []struct {
		long string
		want bool
	}{{"chronic heart failure", true}, {"Chronic Heart Failure", true}, {"heart failure", true}, {"congestive heart failure", false}, {"", false},
		{"a b c d e f g h i j", false}} {
		if got := w.LongFormIs(strings.Fields(tt.long)); got != tt.want {
			t.Errorf("LongFormIs(%q) = %v, want %v", tt.long, got, tt.want)
		}
	}
}
