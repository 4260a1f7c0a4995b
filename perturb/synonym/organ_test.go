package synonym

import (
	"slices"
	"strings"
	"testing"
)

// organVariantsByMaps is OrganVariants as it was first written, going
// through organAdjectives and organPrefixes for every word: the
// reference TestOrganVariantsLookups holds the faster lookups to.
func organVariantsByMaps(name string) []string {
	toks := strings.Fields(name)
	var out []string
	add := func(v string) {
		if v != name && !contains2(out, v) {
			out = append(out, v)
		}
	}
	for i, t := range toks {
		lt := strings.ToLower(t)
		if n, ok := organAdjectives()[lt]; ok {
			add(join(toks[:i], matchCaseOf(n, t), toks[i+1:]))
			if i+1 < len(toks) && organSuffixes()[strings.ToLower(toks[i+1])] && i+2 == len(toks) {
				for p, forms := range organPrefixes() {
					if forms[0] == lt {
						add(join(toks[:i], matchCaseOf(p+strings.ToLower(toks[i+1]), t), nil))
					}
				}
			}
			return out
		}
		for a, n := range organAdjectives() {
			if n == lt {
				add(join(toks[:i], matchCaseOf(a, t), toks[i+1:]))
				if i+1 < len(toks) && organSuffixes()[strings.ToLower(toks[i+1])] && i+2 == len(toks) {
					for p, forms := range organPrefixes() {
						if len(forms) > 1 && forms[1] == lt {
							add(join(toks[:i], matchCaseOf(p+strings.ToLower(toks[i+1]), t), nil))
						}
					}
				}
				return out
			}
		}
		if i+2 < len(toks) && lt == "bone" && strings.ToLower(toks[i+1]) == "marrow" && organSuffixes()[strings.ToLower(toks[i+2])] && i+3 == len(toks) {
			add(join(toks[:i], matchCaseOf("myelo"+strings.ToLower(toks[i+2]), t), nil))
			return out
		}
		for p, forms := range organPrefixes() {
			if rest := strings.TrimPrefix(lt, p); rest != lt && organSuffixes()[rest] {
				for _, f := range forms {
					add(join(toks[:i], matchCaseOf(f, t)+" "+rest, toks[i+1:]))
				}
				return out
			}
		}
	}
	return out
}

// TestOrganVariantsLookups compares OrganVariants with
// organVariantsByMaps on names made of every organ word, combining form
// and suffix, in lower case and with a capital, before and after other
// words.
func TestOrganVariantsLookups(t *testing.T) {
	words := []string{"acute", "failure", "Toxicity", "bone", "marrow", "x", "renals"}
	for a, n := range organAdjectives() {
		words = append(words, a, n)
	}
	for p, forms := range organPrefixes() {
		words = append(words, forms...)
		for s := range organSuffixes() {
			words = append(words, p+s, p+"pathy", s)
		}
	}
	for _, w := range slices.Clone(words) {
		words = append(words, strings.ToUpper(w[:1])+w[1:])
	}
	n := 0
	for _, a := range words {
		for _, b := range words {
			for _, name := range []string{a, a + " " + b, "chronic " + a + " " + b, a + " " + b + " x"} {
				got, want := OrganVariants(name), organVariantsByMaps(name)
				if !slices.Equal(got, want) {
					t.Fatalf("OrganVariants(%q) = %q, want %q", name, got, want)
				}
				if len(got) > 0 {
					n++
				}
			}
		}
	}
	if n < 1000 {
		t.Errorf("only %d names have organ variants", n)
	}
}
