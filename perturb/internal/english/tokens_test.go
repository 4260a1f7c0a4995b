package english

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stress-ner/stress/umls"
)

func TestTokenize(t *testing.T) {
	tests := []struct{ in, style, want string }{
		{"Parkinson's disease", TokenizePunct, "Parkinson|'|s|disease"},
		{"5-FU", TokenizePunct, "5|-|FU"},
		{"N(G)-nitro-L-arginine", TokenizePunct, "N|(|G|)|-|nitro|-|L|-|arginine"},
		{"  heart  attack ", TokenizePunct, "heart|attack"},
		{"Ca2+", TokenizePunct, "Ca2|+"},
		{"5-FU", tokenizeSpace, "5-FU"},
		{"Parkinson's  disease", tokenizeSpace, "Parkinson's|disease"},
		{"β-carotene", TokenizePunct, "β|-|carotene"},
	}
	for _, tt := range tests {
		if got := strings.Join(Tokenize(tt.in, tt.style), "|"); got != tt.want {
			t.Errorf("Tokenize(%q, %s) = %s, want %s", tt.in, tt.style, got, tt.want)
		}
	}
}

func TestInferStyle(t *testing.T) {
	if s := InferStyle(strings.Fields("Parkinson ' s disease after 5 - FU .")); s != TokenizePunct {
		t.Errorf("split corpus: %s", s)
	}
	if s := InferStyle(strings.Fields("Parkinson's disease after 5-FU .")); s != tokenizeSpace {
		t.Errorf("unsplit corpus: %s", s)
	}
}

func TestLookupForm(t *testing.T) {
	for in, want := range map[string]string{"Parkinson ' s disease": "Parkinson's disease", "5 ' - AMP": "5' - AMP",
		"Graves ' disease": "Graves' disease", "Parkinson ' s": "Parkinson's", "Crohn ' s ' s": "Crohn's's", "no quote": "no quote"} {
		if got := LookupForm(in); got != want {
			t.Errorf("LookupForm(%q) = %q, want %q", in, got, want)
		}
	}
	// What the store sees is the same as before the possessive rule.
	if a, b := umls.Normalize(LookupForm("5 ' - AMP")), umls.Normalize("5'-AMP"); a != b {
		t.Errorf("Normalize: %q vs %q", a, b)
	}
}

func TestAlnum(t *testing.T) {
	for s, want := range map[string]int{"5 - FU": 3, "DOX": 3, "": 0, "α-tocopherol": 11, "( )": 0} {
		if got := Alnum(s); got != want {
			t.Errorf("Alnum(%q) = %d, want %d", s, got, want)
		}
	}
}

// TestASCIIWords checks asciiWords against strings.FieldsFunc on every
// word rune, on random ASCII text (controls, punctuation, spaces, both
// cases) and on text past ASCII, which it leaves to FieldsFunc.
func TestASCIIWords(t *testing.T) {
	fields := func(s string) []string { return strings.FieldsFunc(s, func(r rune) bool { return !IsWordRune(r) }) }
	for _, s := range []string{"", " ", "a", "5-fu", "parkinsons disease", "  ab  cd ", "x\x00y", "A1b2,C3", "---"} {
		if got, want := asciiWords(s), fields(s); !slices.Equal(got, want) || got == nil {
			t.Errorf("asciiWords(%q) = %q, want %q", s, got, want)
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 50000 {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = byte(rng.IntN(0x80))
		}
		if got, want := asciiWords(string(b)), fields(string(b)); !slices.Equal(got, want) || got == nil {
			t.Fatalf("asciiWords(%q) = %q, want %q", b, got, want)
		}
	}
	if got := asciiWords("β-carotene"); got != nil {
		t.Errorf("asciiWords of non-ASCII text = %q, want nil", got)
	}
}

// TestKeyWordsPaths holds KeyWords, whichever way it splits (one pass
// over a short ASCII name, or normalizing then splitting), to its
// definition: the plural-stripped words of umls.Normalize, on random
// names short and long, ASCII and not.
func TestKeyWordsPaths(t *testing.T) {
	def := func(s string) []string {
		words := strings.FieldsFunc(umls.Normalize(s), func(r rune) bool { return !IsWordRune(r) })
		for i, w := range words {
			words[i] = StripPlural(w)
		}
		return words
	}
	const steering = " 's`sSaeiouyXZ09-,.()\x00"
	rng := rand.New(rand.NewPCG(7, 8))
	for k := range 30000 {
		s := steered(rng, rng.IntN([]int{12, 40, 300}[k%3]), steering, 0)
		if k%10 == 0 {
			s += "é"
		}
		if got, want := KeyWords(s), def(s); !slices.Equal(got, want) {
			t.Fatalf("KeyWords(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestCompactASCII holds Compact's pass over ASCII bytes to splitting
// and joining (the rune path), on names and random strings.
func TestCompactASCII(t *testing.T) {
	byFields := func(s string) string {
		toks := strings.Fields(s)
		var b strings.Builder
		for i, tok := range toks {
			if i > 0 {
				r1, _ := utf8.DecodeLastRuneInString(toks[i-1])
				r2, _ := utf8.DecodeRuneInString(tok)
				if IsWordRune(r1) && IsWordRune(r2) {
					b.WriteByte(' ')
				}
			}
			b.WriteString(tok)
		}
		return b.String()
	}
	for _, s := range []string{"", " ", "5 - FU", "5-FU", "Parkinson ' s disease", " a  b ", "\ta\v-\fb\r\nc", "x\x00 y", "β - carotene"} {
		if got, want := Compact(s), byFields(s); got != want {
			t.Errorf("Compact(%q) = %q, want %q", s, got, want)
		}
	}
	const steering = " \t\v\r\n-'(),aZ09\x00\x1f\x7f"
	rng := rand.New(rand.NewPCG(11, 12))
	for k := range 50000 {
		s := steered(rng, rng.IntN([]int{8, 30, 200}[k%3]), steering, 5)
		if k%7 == 0 {
			s += " é"
		}
		if got, want := Compact(s), byFields(s); got != want {
			t.Fatalf("Compact(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestASCIIWord checks the table of ASCII word bytes against IsWordRune.
func TestASCIIWord(t *testing.T) {
	for c := range rune(0x80) {
		if asciiWord[c] != IsWordRune(c) {
			t.Errorf("asciiWord[%q] = %v, IsWordRune = %v", c, asciiWord[c], IsWordRune(c))
		}
	}
}

// TestInferStyleBytes checks InferStyle's reading of bytes against the
// rune-by-rune reading it replaced, on random tokens of ASCII, other
// runes and invalid UTF-8.
func TestInferStyleBytes(t *testing.T) {
	byRunes := func(tokens []string) string {
		for _, tok := range tokens {
			word, punct := false, false
			for _, r := range tok {
				if IsWordRune(r) {
					word = true
				} else {
					punct = true
				}
			}
			if word && punct {
				return tokenizeSpace
			}
		}
		return TokenizePunct
	}
	parts := []string{"a", "Z", "5", "-", "'", " ", "β", "é", "\u0301", "\xff", "\xe2\x80", "。", "_"}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 20000 {
		toks := make([]string, rng.IntN(3))
		for i := range toks {
			for range rng.IntN(4) {
				toks[i] += parts[rng.IntN(len(parts))]
			}
		}
		if got, want := InferStyle(toks), byRunes(toks); got != want {
			t.Fatalf("InferStyle(%q) = %s, want %s", toks, got, want)
		}
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
