package umls

import (
	"testing"
	"unicode/utf8"
)

var normalizeCases = []struct{ in, want string }{
	{"Parkinson ' s disease", "parkinsons disease"},
	{"Parkinson's disease", "parkinsons disease"},
	{"Parkinsons disease", "parkinsons disease"},
	{"Parkinson’s Disease", "parkinsons disease"},
	{"5 - FU", "5-fu"},
	{"5-FU", "5-fu"},
	{"5–FU", "5-fu"},
	{"  Myocardial\tInfarction  ", "myocardial infarction"},
	{"MYOCARDIAL INFARCTION", "myocardial infarction"},
	{"Infarction, Myocardial", "infarction,myocardial"},
	{"Infarction , Myocardial", "infarction,myocardial"},
	{"( 131 ) I-MAA", "(131)i-maa"},
	{"(131)I-MAA", "(131)i-maa"},
	{"patients' care", "patients care"},
	{"patients ' care", "patients care"},
	{"5'-nucleotidase", "5-nucleotidase"},
	{"ﬁbrosis", "fibrosis"},          // NFKC ligature
	{"Straße", "strasse"},            // full case folding
	{"Ｈｅｐａｒｉｎ", "heparin"},           // full-width
	{"α-tocopherol", "α-tocopherol"}, // Greek is kept
	{"Alzheimer\u00a0disease", "alzheimer disease"},
	{"soft\u00adhyphen", "softhyphen"},
	{"", ""},
	{"   ", ""},
	{"'", ""},
	{"s", "s"},
	{"' s", "s"},
}

func TestNormalize(t *testing.T) {
	for _, c := range normalizeCases {
		if got := Normalize(c.in); got != c.want {
			t.Errorf("Normalize(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// checkNormalizeInvariants: Normalize is idempotent, produces valid UTF-8
// without upper-case ASCII, double or edge spaces, and ignores extra
// spaces around punctuation.
func checkNormalizeInvariants(t *testing.T, in string) {
	t.Helper()
	n := Normalize(in)
	if !utf8.ValidString(n) {
		t.Fatalf("Normalize(%q) = %q: invalid UTF-8", in, n)
	}
	if n2 := Normalize(n); n2 != n {
		t.Fatalf("not idempotent: %q -> %q -> %q", in, n, n2)
	}
	for i := 0; i < len(n); i++ {
		if 'A' <= n[i] && n[i] <= 'Z' {
			t.Fatalf("Normalize(%q) = %q: upper case", in, n)
		}
		if n[i] == ' ' && (i == 0 || i == len(n)-1 || n[i+1] == ' ') {
			t.Fatalf("Normalize(%q) = %q: stray space", in, n)
		}
	}
	if got := Normalize(" " + in + "  "); got != n {
		t.Fatalf("surrounding spaces change %q: %q vs %q", in, got, n)
	}
}

func TestNormalizeInvariants(t *testing.T) {
	for _, c := range normalizeCases {
		checkNormalizeInvariants(t, c.in)
	}
}

func FuzzNormalize(f *testing.F) {
	for _, c := range normalizeCases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkFold(t, in)
		if !utf8.ValidString(in) {
			return
		}
		checkNormalizeInvariants(t, in)
	})
}

func BenchmarkNormalize(b *testing.B) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		Normalize(normalizeCases[i%len(normalizeCases)].in)
	}
}
