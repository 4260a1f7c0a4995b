package synonym

import (
	_ "embed"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/stress-ner/stress/internal/textutil"
	"github.com/stress-ner/stress/perturb/internal/english"
)

// Organs. Writers name an organ's condition with the organ's adjective
// or noun alike: renal failure and kidney failure, hepatic injury and
// liver injury, cardiac toxicity and cardiotoxicity. OrganVariants
// writes a name with another form of its organ; a variant replaces a
// mention only when the training and development text uses it (the
// embedded organ.txt: "brain edema" is written, "lung cancer" never
// becomes "pulmonary cancer", which no one writes) and it names nothing
// the mention does not (the round trip), so that a rule makes only
// names writers make.

//go:generate go run ./internal/mkorgan -shared ../../../shared -out organ.txt

// organText holds the token sequences (lower case, as BC5CDR is
// tokenized) of two to four words of the training and development text
// of BC5CDR and NCBI-disease that hold an organ's word (OrganWord): the
// attested organ variants, one a line, sorted. It is embedded as text
// and searched where the executable maps it (textutil.SearchLines):
// decoding it from gzip was 1% of a synonym run (issue 34).
// TestOrganText checks that it is sorted.
//
//go:embed organ.txt
var organText string

// OrganAttested reports whether name (as english.AttestKey keys it) is
// a token sequence of the organ text.
func OrganAttested(name string) bool {
	return textutil.HasLine(organText, 0, english.AttestKey(name))
}

// organAdjectives maps an organ's adjective to its noun, as writers
// alternate them before a condition's name.
var organAdjectives = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"renal": "kidney", "hepatic": "liver", "cardiac": "heart", "pulmonary": "lung", "cerebral": "brain",
		"gastric": "stomach", "cutaneous": "skin", "ocular": "eye", "splenic": "spleen", "vesical": "bladder",
	}
})

// organPrefixes maps the combining forms of organs to the adjectives and
// nouns that write them as a word of their own ("nephrotoxicity", "renal
// toxicity", "kidney toxicity"; "myelosuppression", "bone marrow
// suppression").
var organPrefixes = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"nephro": {"renal", "kidney"}, "hepato": {"hepatic", "liver"}, "cardio": {"cardiac", "heart"},
		"pneumo": {"pulmonary", "lung"}, "myelo": {"bone marrow", "marrow"},
	}
})

// organNouns maps an organ's noun to its adjective: organAdjectives
// turned around, asked of every word of a name (OrganVariants), where
// going through organAdjectives cost ~1,000 instructions a word (issue
// 34). Each noun has one adjective.
var organNouns = sync.OnceValue(func() map[string]string {
	nouns := map[string]string{}
	for a, n := range organAdjectives() {
		nouns[n] = a
	}
	return nouns
})

// organPrefixList is the combining forms of organPrefixes, sorted: no
// form is a prefix of another, so the order finds nothing else; a slice
// costs less to go through than the map, for every word of a name.
var organPrefixList = sync.OnceValue(func() []string {
	return slices.Sorted(maps.Keys(organPrefixes()))
})

// organSuffixes are the words a combining form may be written before as
// a word of their own: other endings ("-pathy", "-megaly", "-itis") are
// no words, and their paraphrases ("kidney disease" for nephropathy) are
// broader names (see genericName).
var organSuffixes = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"toxicity": true, "toxicities": true, "suppression": true}
})

// OrganWord reports whether the lower-case word w names an organ in one
// of the forms OrganVariants alternates.
func OrganWord(w string) bool {
	if _, ok := organAdjectives()[w]; ok {
		return true
	}
	for _, n := range organAdjectives() {
		if n == w {
			return true
		}
	}
	for p, forms := range organPrefixes() {
		if strings.HasPrefix(w, p) && len(w) > len(p)+4 {
			return true
		}
		for _, f := range forms {
			if f == w || strings.HasSuffix(f, " "+w) {
				return true
			}
		}
	}
	return false
}

// OrganVariants returns the names that write name's organ another way:
// one organ adjective for its noun or back ("acute renal failure" ->
// "acute kidney failure"), a combining form for its word and back
// ("nephrotoxicity" <-> "renal toxicity", "kidney toxicity"). name is
// in corpus tokens; so are the variants. Only the first organ word of
// the name is rewritten, and none of an eponym's or a chemical's name is
// made: the caller checks them against the text (OrganAttested).
func OrganVariants(name string) []string {
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
		if a, ok := organNouns()[lt]; ok {
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
		if i+2 < len(toks) && lt == "bone" && strings.ToLower(toks[i+1]) == "marrow" && organSuffixes()[strings.ToLower(toks[i+2])] && i+3 == len(toks) {
			add(join(toks[:i], matchCaseOf("myelo"+strings.ToLower(toks[i+2]), t), nil))
			return out
		}
		for _, p := range organPrefixList() {
			if rest := strings.TrimPrefix(lt, p); rest != lt && organSuffixes()[rest] {
				for _, f := range organPrefixes()[p] {
					add(join(toks[:i], matchCaseOf(f, t)+" "+rest, toks[i+1:]))
				}
				return out
			}
		}
	}
	return out
}

// join joins before, word and after with spaces.
func join(before []string, word string, after []string) string {
	parts := append(append(append([]string(nil), before...), word), after...)
	return strings.Join(parts, " ")
}

// matchCaseOf gives lower-case w the capital initial of model, if any
// (a mention starting its sentence).
func matchCaseOf(w, model string) string {
	if english.TitleWord(model) {
		return strings.ToUpper(w[:1]) + w[1:]
	}
	return w
}

func contains2(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
