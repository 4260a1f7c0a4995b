package umls

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"
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
		if ascii(in) {
			if got, want := string(appendASCIIWords(nil, in)), string(appendWords(nil, in)); got != want {
				t.Errorf("appendASCIIWords(%q) = %q, appendWords gives %q", in, got, want)
			}
		}
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

// TestASCIIClass checks asciiClass against appendWords's switch: what
// each ASCII byte alone, between two letters and after a letter
// becomes is what its class says.
func TestASCIIClass(t *testing.T) {
	for c := range utf8.RuneSelf {
		r := rune(c)
		var want uint8
		switch {
		case r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f':
			want = asciiSpace
		case isApostrophe(r):
			want = asciiApostrophe
		case 'A' <= r && r <= 'Z':
			want = asciiUpper
		case 'a' <= r && r <= 'z' || '0' <= r && r <= '9':
			want = asciiWord
		case r < 0x20 || r == 0x7f:
			want = asciiInvisible
		default:
			want = asciiOther
		}
		if asciiClass[c] != want {
			t.Errorf("asciiClass[%#x] = %d, want %d", c, asciiClass[c], want)
		}
	}
}

// TestASCIIWords holds appendASCIIWords equal to appendWords on the
// cases and on random ASCII strings drawn mostly from the bytes that
// steer it (spaces, apostrophes, s, letters, punctuation, controls).
func TestASCIIWords(t *testing.T) {
	check := func(s string) {
		t.Helper()
		if got, want := string(appendASCIIWords([]byte("x"), s)), string(appendWords([]byte("x"), s)); got != want {
			t.Errorf("appendASCIIWords(%q) = %q, appendWords gives %q", s, got, want)
		}
	}
	for _, c := range normalizeCases {
		if ascii(c.in) {
			check(c.in)
		}
	}
	const steering = " \t\v's`sSaZ09-_.,()\x00\x1f\x7f"
	rng := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		check(steered(rng, rng.IntN(12), steering, 4))
	}
}

// TestNormalizedWordsASCII holds NormalizedWordsASCII to splitting
// Normalize(s) at what is not a letter, digit or mark, on the cases and
// on random ASCII strings drawn mostly from the bytes that steer it, and
// checks which strings it declines (not ASCII, too long, too many words).
func TestNormalizedWordsASCII(t *testing.T) {
	split := func(s string) []string {
		return strings.FieldsFunc(Normalize(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r) })
	}
	check := func(s string) {
		t.Helper()
		got, ok := NormalizedWordsASCII(s)
		if want := ascii(s) && len(s) <= maxWordsBytes && len(split(s)) <= maxWords; ok != want {
			t.Fatalf("NormalizedWordsASCII(%q) ok = %v, want %v", s, ok, want)
		}
		if ok && (!slices.Equal(got, split(s)) || got == nil) {
			t.Fatalf("NormalizedWordsASCII(%q) = %q, splitting Normalize gives %q", s, got, split(s))
		}
	}
	for _, c := range normalizeCases {
		check(c.in)
	}
	for _, s := range []string{"", " ", "-", "Parkinson's disease", "Parkinson ' s", "rock'n roll", "a\x00b C", "x's's",
		strings.Repeat("ab ", 32), strings.Repeat("ab ", 33), strings.Repeat("a", 256), strings.Repeat("a", 257), "β-carotene"} {
		check(s)
	}
	const steering = " \t\v's`sSaZ09-_.,()\x00\x1f\x7f"
	rng := rand.New(rand.NewPCG(3, 4))
	for range 100000 {
		check(steered(rng, rng.IntN(40), steering, 4))
	}
}

// steered returns n random bytes, drawn from steering (the bytes that
// steer the code under test), or, one time in anyOneIn (never when 0),
// any ASCII byte: the random inputs that hold a fast path to its
// reference.
func steered(rng *rand.Rand, n int, steering string, anyOneIn int) string {
	b := make([]byte, n)
	for i := range b {
		if anyOneIn > 0 && rng.IntN(anyOneIn) == 0 {
			b[i] = byte(rng.IntN(utf8.RuneSelf))
		} else {
			b[i] = steering[rng.IntN(len(steering))]
		}
	}
	return string(b)
}
