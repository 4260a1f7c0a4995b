package english

import (
	"github.com/stress-ner/stress/umls"
	"strings"
	"testing"
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
