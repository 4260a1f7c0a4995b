package synonym

import (
	"github.com/stress-ner/stress/perturb/internal/english"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/umls"
)

func TestIsVariant(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		// Spelling variants and misspellings: no stress beyond a typo.
		{"indomethacin", "indometacin", true},
		{"hyperprolactinemia", "hyperprolactinaemia", true},
		{"cephalosporins", "cephalosphorin", true},
		{"etomidate", "Ethomidate", true},
		{"sulfasalazine", "sulphasalazine", true},
		{"triglyceride", "Triglyzerid", true},
		{"creatinine", "Kreatinin", true},
		{"urea", "uree", true},
		{"Flecainide", "Flécaïnide", true},
		// Foreign INN forms of an English name.
		{"lithium", "litio", true},
		{"potassium", "potasio", true},
		{"methylprednisolone", "Metilprednisolona", true},
		{"methylprednisolone", "Methylprednisolonum", true},
		{"melatonin", "Melatonina", true},
		{"amphotericin B", "Amphotericinum B", true},
		{"oxacillin", "Oxazocilline", true},
		{"vigabatrin", "Vigabatrine", true},
		{"acetaminophen", "acetaminophene", true},
		{"amiodarone", "Amiodarona", true},
		{"levodopa", "Levodopum", true},
		// Real synonyms, however close.
		{"lidocaine", "lignocaine", false},
		{"furosemide", "frusemide", false},
		{"L-dopa", "levodopa", false},
		{"5-fluorouracil", "fluorouracil", false},
		{"type 1 diabetes", "type 2 diabetes", false},
		{"paracetamol", "acetaminophen", false},
		{"ALA", "ALS", false},
	} {
		if got := isVariant(variantKey(tt.a), variantKey(tt.b)); got != tt.want {
			t.Errorf("isVariant(%q, %q) = %v (keys %q, %q), want %v", tt.a, tt.b, got, variantKey(tt.a), variantKey(tt.b), tt.want)
		}
		if got := isVariant(variantKey(tt.b), variantKey(tt.a)); got != tt.want {
			t.Errorf("isVariant(%q, %q) is not symmetric", tt.b, tt.a)
		}
	}
}

func TestPermutation(t *testing.T) {
	if !permutation(english.KeyWords("hemolytic anemia"), english.KeyWords("ANEMIA HEMOLYTIC")) ||
		!permutation(english.KeyWords("Congestive Cardiac Failure"), english.KeyWords("Cardiac Failure Congestive")) ||
		permutation(english.KeyWords("heart failure"), english.KeyWords("heart failure")) || permutation(english.KeyWords("a b"), english.KeyWords("a c")) {
		t.Error("permutation")
	}
}

func TestDropVariants(t *testing.T) {
	attested := map[string]int{"amiodarone": 3, "amiodarona": 1, "amiodaronum": 1, "cordarone": 1}
	lookup := func(s string) ([]umls.Concept, error) {
		var out []umls.Concept
		for i := range attested[umls.Normalize(s)] {
			out = append(out, umls.Concept{ID: string(rune('a' + i)), Source: string(rune('A' + i))})
		}
		return out, nil
	}
	var cands []Candidate
	var anchors []anchor
	for _, n := range []string{"Amiodarona", "Amiodarone", "Amiodaronum", "Cordarone"} {
		cands = append(cands, Candidate{Term: n})
		anchors = append(anchors, anchor{name: n, vkey: variantKey(n), words: english.KeyWords(n), label: n == "Amiodarone"})
	}
	got, err := dropVariants(cands, anchors, lookup)
	var names []string
	for _, c := range got {
		names = append(names, c.Term)
	}
	if err != nil || !slices.Equal(names, []string{"Amiodarone", "Cordarone"}) {
		t.Errorf("dropVariants = %v, %v; want [Amiodarone Cordarone]", names, err)
	}
}

func BenchmarkVariantKey(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		isVariant(variantKey("Metilprednisolona"), variantKey("methylprednisolone"))
	}
}

// TestVariantKeyASCII holds the byte loop of ASCII names equal to the
// rune loop on names and on random strings of the bytes its rules read:
// the letters of the alternations (ph, th, ae, oe, y, k, z), doubled
// letters, the endings stripped, digits, capitals and separators.
func TestVariantKeyASCII(t *testing.T) {
	names := []string{"", " ", "-", "doxorubicin", "Parkinson ' s disease", "5-fluorouracil", "1,2-dimethylhydrazine",
		"haemolytic anaemia", "oestrogen", "sulphasalazine", "Levodopum", "Amiodarona", "Vigabatrine", "Litio",
		"phenylephrine", "thiazide", "kkzz", "aaee", "ooee", "phph", "thth", "aeae", "abcdeum", "abcdus", "abcde", "abcda",
		"ab cdeum", "x--y", "Y K Z PH TH", "estrogen 2", "type 1 diabetes", "Acidum acetylsalicylicum"}
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "phtaeoyzkzsuim PHTAEOYKZ19 -,'()\t"
	for range 200000 {
		b := make([]byte, rng.IntN(16))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		names = append(names, string(b))
	}
	for _, name := range names {
		f := english.Fold(name)
		if got, want := variantKeyASCII(f), variantKeyRunes(f); got != want {
			t.Fatalf("variantKeyASCII(%q) = %q, variantKeyRunes %q", f, got, want)
		}
		if got, want := variantKeyASCII(name), variantKeyRunes(name); got != want {
			t.Fatalf("variantKeyASCII(%q) = %q, variantKeyRunes %q (not folded)", name, got, want)
		}
		if got, want := variantKey(name), variantKeyRunes(f); got != want {
			t.Fatalf("variantKey(%q) = %q, variantKeyRunes of its fold %q", name, got, want)
		}
	}
	for _, name := range []string{"Amiodarona", "ácido valproico", "Sjögren syndrome", "β-carotene", "naïve", strings.Repeat("Ab ", 90)} {
		if got, want := variantKey(name), variantKeyRunes(english.Fold(name)); got != want {
			t.Errorf("variantKey(%q) = %q, variantKeyRunes of its fold %q", name, got, want)
		}
	}
}

// isVariantDigitsFirst is isVariant as it was first written, comparing
// digits and runes before lengths: the reference TestIsVariantOrder
// holds the reordered one to.
func isVariantDigitsFirst(a, b string) bool {
	if a == b {
		return true
	}
	if english.Digits(a) != english.Digits(b) {
		return false
	}
	ra, rb := []rune(a), []rune(b)
	n := max(len(ra), len(rb))
	limit := 1
	switch {
	case n < 4:
		return false
	case n >= 10:
		limit = 2
	}
	if abs(len(ra)-len(rb)) > limit {
		return false
	}
	return levenshtein(ra, rb, limit) <= limit
}

// TestIsVariantOrder compares isVariant with isVariantDigitsFirst on
// random keys of 0 to 13 characters (digits, letters, a rune past
// ASCII), many of them one or two edits apart.
func TestIsVariantOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const alphabet = "abce12 é"
	word := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(string([]rune(alphabet)[rng.IntN(len([]rune(alphabet)))]))
		}
		return b.String()
	}
	for range 100000 {
		a := word(rng.IntN(14))
		b := a
		for range rng.IntN(4) {
			rs := []rune(b)
			switch i := rng.IntN(len(rs) + 1); {
			case rng.IntN(2) == 0 || i == len(rs):
				b = string(rs[:i]) + word(1) + string(rs[i:])
			default:
				b = string(rs[:i]) + string(rs[i+1:])
			}
		}
		if rng.IntN(10) == 0 {
			b = word(rng.IntN(14))
		}
		if got, want := isVariant(a, b), isVariantDigitsFirst(a, b); got != want {
			t.Fatalf("isVariant(%q, %q) = %v, want %v", a, b, got, want)
		}
	}
}
