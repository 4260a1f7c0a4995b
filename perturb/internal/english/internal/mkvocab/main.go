// Command mkvocab builds the embedded vocabulary of package english
// (perturb/internal/english/vocab.txt), which tells a name a writer would use
// from a foreign, systematic or made-up one, and which names the training
// corpora attest.
//
// Run it from perturb/internal/english with "go generate" (see vocab.go):
//
//	go run ./internal/mkvocab -shared ../../../../shared -out vocab.txt
//
// Inputs, all under -shared:
//   - the SCOWL word lists lexicon/english/{american,british}-english-large.txt:
//     general English words; a word the lists spell only with a capital
//     initial is a proper noun ("Parkinson", "Louis");
//   - the labels (preferred names) of the open lexicons' term files: the
//     biomedical vocabulary SCOWL lacks ("cardiomyopathy", "doxorubicin");
//   - the training and development splits of BC5CDR-IOB and
//     NCBI-disease-IOB (never a test split): a lexicon name found there as
//     a token sequence is attested, a name writers of abstracts use.
//
// Output: text (embedded as it is: see vocab.go) of sorted lines "w<TAB>word<TAB>flags" (flags: e English,
// p proper noun only, l label word) followed by "a<TAB>key" lines, keys
// of attested names (english.AttestKey), and "d<TAB>type<TAB>short<TAB>long"
// lines, the standard long forms of abbreviations (english.StandardLongForm). The same inputs give the same
// bytes.
package main

import (
	"bufio"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/termfile"
	"github.com/stress-ner/stress/perturb/internal/abbrev"
	"github.com/stress-ner/stress/perturb/internal/english"
)

var wordLists = []string{"lexicon/english/american-english-large.txt", "lexicon/english/british-english-large.txt"}

// maxAttested is the longest name, in tokens, looked for in the corpora.
const maxAttested = 12

func main() {
	if err := termfile.Generate("mkvocab", os.Args[1:], "../../../../shared", "vocab.txt", build, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

type word struct{ english, lowerSeen, label bool }

func build(shared, out string, log io.Writer) error {
	words := map[string]*word{}
	get := func(w string) *word {
		x := words[w]
		if x == nil {
			x = &word{}
			words[w] = x
		}
		return x
	}
	for _, name := range wordLists {
		if err := termfile.Lines(filepath.Join(shared, name), func(_ int, line string) error {
			if line == "" || strings.ContainsAny(line, "' \t") {
				return nil // possessives and contractions add nothing
			}
			w := get(strings.ToLower(line))
			w.english = true
			if r := []rune(line)[0]; !unicode.IsUpper(r) {
				w.lowerSeen = true
			}
			return nil
		}); err != nil {
			return err
		}
	}
	names := map[string]bool{} // attest keys of all lexicon names
	for _, name := range termfile.Lexicons {
		if err := termfile.Rows(filepath.Join(shared, "lexicon", name), func(f []string) error {
			term := strings.TrimSpace(f[2])
			if term == "" {
				return nil
			}
			if f[3] == "label" {
				for _, w := range english.Words(term) {
					get(w).label = true
				}
			}
			if k := english.AttestKey(term); strings.Count(k, " ") < maxAttested {
				names[k] = true
			}
			return nil
		}); err != nil {
			return err
		}
	}
	attested := map[string]bool{}
	defs := map[string]map[string]int{} // type \x00 short -> long form -> definitions
	if err := termfile.Sentences(shared, conll.ReadFile, func(s conll.Sentence) {
		for _, d := range abbrev.Find(s, nil) {
			k := d.Type + "\x00" + d.Short
			if defs[k] == nil {
				defs[k] = map[string]int{}
			}
			defs[k][d.LongText()]++
		}
		toks := make([]string, len(s.Tokens))
		for i, t := range s.Tokens {
			toks[i] = english.AttestKey(t)
		}
		for i := range toks {
			for j := i + 1; j <= len(toks) && j-i <= maxAttested; j++ {
				if k := strings.Join(toks[i:j], " "); names[k] {
					attested[k] = true
				}
			}
		}
	}); err != nil {
		return err
	}
	keys := slices.Sorted(maps.Keys(words))
	var b strings.Builder
	for _, k := range keys {
		w := words[k]
		flags := ""
		if w.english {
			flags += "e"
			if !w.lowerSeen {
				flags += "p"
			}
		}
		if w.label {
			flags += "l"
		}
		fmt.Fprintf(&b, "w\t%s\t%s\n", k, flags)
	}
	as := slices.Sorted(maps.Keys(attested))
	for _, k := range as {
		fmt.Fprintf(&b, "a\t%s\n", k)
	}
	longs := standardLongForms(defs)
	for _, l := range longs {
		fmt.Fprintf(&b, "d\t%s\n", l)
	}
	fmt.Fprintf(log, "words %d, attested names %d of %d, standard long forms %d of %d abbreviations\n",
		len(keys), len(as), len(names), len(longs), len(defs))
	return termfile.WriteText(out, func(w *bufio.Writer) error {
		_, err := w.WriteString(b.String())
		return err
	})
}

// minDefinitions is how often the training corpora must define an
// abbreviation, always with the same long form (up to case), for that
// long form to be its standard one: one abstract's definition may be its
// own ("PAN" is puromycin aminonucleoside in some abstracts,
// polyacrylonitrile in others).
const minDefinitions = 2

// standardLongForms returns "TYPE<TAB>SHORT<TAB>LONG" lines, sorted, for
// the abbreviations whose definitions (type \x00 short -> long -> count)
// agree: at least minDefinitions, all with one long form up to case. The
// long form is written as most definitions write it (ties: the lower
// case one, then the first in order).
func standardLongForms(defs map[string]map[string]int) []string {
	var out []string
	for k, longs := range defs {
		byKey := map[string]int{}
		n := 0
		for l, c := range longs {
			byKey[strings.ToLower(l)] += c
			n += c
		}
		if len(byKey) != 1 || n < minDefinitions {
			continue
		}
		var best string
		for l, c := range longs {
			if b := longs[best]; best == "" || c > b || c == b && l > best {
				best = l
			}
		}
		typ, short, _ := strings.Cut(k, "\x00")
		out = append(out, typ+"\t"+short+"\t"+best)
	}
	slices.Sort(out)
	return out
}
