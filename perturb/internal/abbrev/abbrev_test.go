package abbrev

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
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
