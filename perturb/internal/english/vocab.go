package english

import (
	_ "embed"
	"strings"
	"sync"
	"unicode"

	"github.com/stress-ner/stress/internal/textutil"
)

//go:generate go run ./internal/mkvocab -shared ../../../../shared -out vocab.txt.gz

// vocabGz is the generated vocabulary (see internal/mkvocab): English
// words from SCOWL, the words of the open lexicons' preferred names, and
// the lexicon names attested in the text of the training and development
// corpora.
//
//go:embed vocab.txt.gz
var vocabGz []byte

// Word flags of the vocabulary.
const (
	wordEnglish = 1 << iota // in the SCOWL English word lists
	wordProper              // SCOWL spells it only with a capital initial
	wordLabel               // a word of a lexicon's preferred name
)

type vocabulary struct {
	words    map[string]uint8
	attested map[string]bool
	longs    map[string]string // type + "\x00" + Compact short form -> standard long form
}

var (
	vocabOnce sync.Once
	vocab     *vocabulary
)

// theVocabulary returns the embedded vocabulary, decoded on first use.
func theVocabulary() *vocabulary {
	vocabOnce.Do(func() { vocab = parseVocabulary(vocabGz) })
	return vocab
}

func parseVocabulary(gz []byte) *vocabulary {
	v := &vocabulary{words: map[string]uint8{}, attested: map[string]bool{}, longs: map[string]string{}}
	// A bad file leaves the vocabulary empty or short, which rejects
	// nothing by attestation; the generator's test catches one.
	_ = textutil.GzipLines(gz, func(line string) {
		f := strings.Split(line, "\t")
		switch {
		case len(f) == 3 && f[0] == "w":
			var flags uint8
			for _, c := range f[2] {
				switch c {
				case 'e':
					flags |= wordEnglish
				case 'p':
					flags |= wordProper
				case 'l':
					flags |= wordLabel
				}
			}
			v.words[f[1]] = flags
		case len(f) == 2 && f[0] == "a":
			v.attested[f[1]] = true
		case len(f) == 4 && f[0] == "d":
			v.longs[f[1]+"\x00"+f[2]] = f[3]
		}
	})
	return v
}

// Words returns the lower-case letter runs of s, the units the
// vocabulary is kept in: "Louis-Bar syndrome" gives louis, bar, syndrome.
func Words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsMark(r) })
}

// AttestKey is the form in which names are looked up among the attested
// ones: lower case, tokenized as BC5CDR is ("5 - fu", "parkinson ' s
// disease").
func AttestKey(name string) string {
	return strings.ToLower(strings.Join(Tokenize(name, TokenizePunct), " "))
}

// Attested reports whether name occurs as a token sequence in the text of
// the BC5CDR or NCBI-disease training and development splits.
func Attested(name string) bool { return theVocabulary().attested[AttestKey(name)] }

// knownWord reports whether w (lower case) is an English word or a word of
// a lexicon's preferred name.
func (v *vocabulary) knownWord(w string) bool { return v.words[w]&(wordEnglish|wordLabel) != 0 }

// properNoun reports whether w (lower case) is a proper noun in SCOWL.
func (v *vocabulary) properNoun(w string) bool { return v.words[w]&wordProper != 0 }

// english reports whether w (lower case) is in the SCOWL English lists.
func (v *vocabulary) english(w string) bool { return v.words[w]&wordEnglish != 0 }

// StandardLongForm returns the long form that every definition of the
// abbreviation short (Compact: "5-FU") of entity type typ in the
// training and development corpora gives, or "" when they do not agree,
// define it fewer than twice, or give a long form that is not natural
// (see internal/mkvocab). Such abbreviations mean the same in every
// abstract ("GABA", "NMDA", "ESRD"), so a mention whose abstract does not
// define it may still be written out.
func StandardLongForm(typ, short string) string {
	return theVocabulary().longs[typ+"\x00"+short]
}
