// Package spelling implements the spelling-variant perturbation: selected
// words spelled the American way are respelled the British way
// ("anemia" -> "anaemia", "tumor" -> "tumour", "characterized" ->
// "characterised"), or the reverse.
//
// Biomedical text is written in both spellings, so every output is a
// sentence a journal would print: the test asks whether a model trained
// on one convention reads the other. The variant pairs come from VarCon
// (Kevin Atkinson's Variant Conversion Info, part of SCOWL and packaged
// by Debian as part of scowl), reduced by ReadVarCon to the words whose
// respelling is unambiguous, and embedded (varcon.tsv, regenerated with
// go generate). Case is kept ("Anemia" -> "Anaemia", "EDEMA" ->
// "OEDEMA") and labels are never touched.
package spelling

import (
	"bufio"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/limits"
	"github.com/stress-ner/stress/perturb"
)

//go:generate go run gen_table.go -in ../../../shared/lexicon/varcon/varcon.txt -out varcon.tsv

// name and suffix identify the perturbation in the registry and in
// output file names (NAME_spell.tsv).
const (
	name   = "spelling"
	suffix = "spell"
)

// Directions of respelling.
const (
	ToUK = "uk"   // American -> British
	ToUS = "us"   // British -> American
	flip = "flip" // each word to the other convention
)

// defaultDirection is American -> British: the corpora stress is built
// for (BC5CDR, NCBI-disease: PubMed abstracts) are overwhelmingly in
// American spelling, so this is the direction that changes text.
const defaultDirection = ToUK

// ErrTable means a variant table is malformed.
var ErrTable = errors.New("bad variant table")

var toOption = perturb.Option{Name: "to", Default: defaultDirection, Help: "spelling to write: uk, us or flip"}

// Kind describes the perturbation for the registry.
var Kind = &perturb.Kind{
	Name:               name,
	Suffix:             suffix,
	Help:               "respell selected words British/American (\"anemia\" -> \"anaemia\"), from VarCon",
	UsesSelection:      true,
	MeasuredOnMentions: true,
	Options:            []perturb.Option{toOption},
	New: func(opts map[string]string) (perturb.Perturbation, error) {
		return New(Default(), toOption.Value(opts))
	},
}

func init() { perturb.Register(Kind) }

//go:embed varcon.tsv
var tableText string

// Default returns the embedded VarCon table.
var Default = sync.OnceValue(func() *Table {
	t, err := readTable(strings.NewReader(tableText), "varcon.tsv")
	if err != nil {
		panic("spelling: embedded table: " + err.Error()) // checked by the tests
	}
	return t
})

// Table holds American <-> British pairs of lower-case words.
type Table struct {
	toUK map[string]string
	toUS map[string]string
}

// Len returns the number of pairs.
func (t *Table) Len() int { return len(t.toUK) }

// Lookup returns the respelling of a lower-case word in direction dir,
// or ok == false when the word has none.
func (t *Table) Lookup(word, dir string) (string, bool) {
	switch dir {
	case ToUK:
		v, ok := t.toUK[word]
		return v, ok
	case ToUS:
		v, ok := t.toUS[word]
		return v, ok
	}
	if v, ok := t.toUK[word]; ok {
		return v, true
	}
	v, ok := t.toUS[word]
	return v, ok
}

// WriteTo writes t as readTable reads it: "american<TAB>british" lines,
// sorted by the American word.
func (t *Table) WriteTo(w io.Writer) (int64, error) {
	us := make([]string, 0, len(t.toUK))
	for k := range t.toUK {
		us = append(us, k)
	}
	sort.Strings(us)
	bw := bufio.NewWriter(w)
	var n int64
	for _, k := range us {
		m, _ := fmt.Fprintf(bw, "%s\t%s\n", k, t.toUK[k])
		n += int64(m)
	}
	return n, bw.Flush()
}

// readTable reads "american<TAB>british" lines. Both words must be
// lower case, different, and in no other pair.
func readTable(r io.Reader, file string) (*Table, error) {
	t := &Table{toUK: map[string]string{}, toUS: map[string]string{}}
	sc := limits.Scanner(r)
	line := 0
	for sc.Scan() {
		line++
		us, uk, ok := strings.Cut(sc.Text(), "\t")
		switch {
		case !ok || strings.Contains(uk, "\t"):
			return nil, fmt.Errorf("%s:%d: %w: want two tab-separated words", file, line, ErrTable)
		case us == "" || uk == "" || us == uk:
			return nil, fmt.Errorf("%s:%d: %w: empty or identical words", file, line, ErrTable)
		case us != strings.ToLower(us) || uk != strings.ToLower(uk):
			return nil, fmt.Errorf("%s:%d: %w: words must be lower case", file, line, ErrTable)
		}
		if err := t.add(us, uk); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", file, line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", file, line+1, limits.Err(err))
	}
	return t, nil
}

func (t *Table) add(us, uk string) error {
	if _, dup := t.toUK[us]; dup {
		return fmt.Errorf("%w: %q paired twice", ErrTable, us)
	}
	if _, dup := t.toUS[uk]; dup {
		return fmt.Errorf("%w: %q paired twice", ErrTable, uk)
	}
	if _, both := t.toUS[us]; both {
		return fmt.Errorf("%w: %q is both American and British", ErrTable, us)
	}
	if _, both := t.toUK[uk]; both {
		return fmt.Errorf("%w: %q is both American and British", ErrTable, uk)
	}
	t.toUK[us], t.toUS[uk] = uk, us
	return nil
}

// Respell is the spelling perturbation in one direction.
type Respell struct {
	Table     *Table
	Direction string // ToUK, ToUS or flip
}

// New returns the perturbation respelling with t in direction dir.
func New(t *Table, dir string) (*Respell, error) {
	switch dir {
	case ToUK, ToUS, flip:
	default:
		return nil, &perturb.OptionError{Option: "spelling.to", Value: dir, Want: "uk, us or flip"}
	}
	return &Respell{Table: t, Direction: dir}, nil
}

// Word returns word respelled, or ok == false when no letter run of it
// has a variant in the direction (or its case is mixed, "mRNA").
func (p *Respell) Word(word string) (string, bool) {
	var b strings.Builder
	changed := false
	for i := 0; i < len(word); {
		// Letter runs are respelled one by one, so "tumor-bearing" and
		// "anemia/edema" change too.
		j := i
		for j < len(word) {
			r, n := utf8.DecodeRuneInString(word[j:])
			if !unicode.IsLetter(r) {
				break
			}
			j += n
		}
		if j > i {
			run := word[i:j]
			if v, ok := p.respellRun(run); ok {
				if !changed {
					b.Grow(len(word) + 2)
					b.WriteString(word[:i])
					changed = true
				}
				b.WriteString(v)
			} else if changed {
				b.WriteString(run)
			}
			i = j
			continue
		}
		_, n := utf8.DecodeRuneInString(word[i:])
		if changed {
			b.WriteString(word[i : i+n])
		}
		i += n
	}
	if !changed {
		return word, false
	}
	return b.String(), true
}

// respellRun respells one run of letters, keeping its case pattern.
func (p *Respell) respellRun(run string) (string, bool) {
	lower := strings.ToLower(run)
	v, ok := p.Table.Lookup(lower, p.Direction)
	if !ok {
		return "", false
	}
	switch {
	case run == lower:
		return v, true
	case run == strings.ToUpper(run):
		return strings.ToUpper(v), true
	case run == titleCase(lower):
		return titleCase(v), true
	}
	return "", false // mixed case: a name or an acronym, not a word to respell
}

// titleCase upper-cases the first letter of a lower-case word.
func titleCase(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// AppendWord implements perturb.WordEditor; it draws nothing from r, as
// a word has one respelling.
func (p *Respell) AppendWord(dst []byte, word string, _ *rand.Rand) ([]byte, bool) {
	v, ok := p.Word(word)
	if !ok {
		return dst, false
	}
	return append(dst, v...), true
}

// Perturb respells every selected word that has a variant.
func (p *Respell) Perturb(s conll.Sentence, selected []bool, r *rand.Rand) (conll.Sentence, []perturb.Change) {
	return perturb.EditWords(nil, s, selected, r, name, p)
}

// Check reports whether c is the respelling of one token.
func (p *Respell) Check(c perturb.Change) error {
	if err := perturb.OneToken(name, c); err != nil {
		return err
	}
	if v, ok := p.Word(c.Before); !ok || v != c.After {
		return fmt.Errorf("%w: %q -> %q is not its %s respelling", perturb.ErrInvalidChange, c.Before, c.After, p.Direction)
	}
	return nil
}
