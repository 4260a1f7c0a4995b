package english

import (
	_ "embed"
	"slices"
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

// vocabulary is the decompressed file as one string and, for its "w"
// and "a" lines, which the generator writes sorted, the offsets of their
// words: a lookup is a binary search, and decoding the file costs no
// map of 170k words (issue 34). A file whose words are not sorted
// (or repeat) is read into maps instead.
type vocabulary struct {
	text          string
	wordAt        []int32           // start of each "w" line's word, in word order
	attestedAt    []int32           // start of each "a" line's name, in name order
	words         map[string]uint8  // when the "w" lines are not sorted
	attestedNames map[string]bool   // when the "a" lines are not sorted
	longs         map[string]string // type + "\x00" + Compact short form -> standard long form
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
	v := &vocabulary{longs: map[string]string{}}
	// A bad file leaves the vocabulary empty or short, which rejects
	// nothing by attestation; the generator's test catches one. The
	// text is its lines, each ended by "\n": the decoded file itself
	// when it has no "\r" and ends with a newline, as generated.
	text, err := textutil.GzipText(gz)
	if err != nil || strings.Contains(text, "\r") || text != "" && text[len(text)-1] != '\n' {
		var b strings.Builder
		_ = textutil.GzipLines(gz, func(line string) {
			b.WriteString(line)
			b.WriteByte('\n')
		})
		text = b.String()
	}
	v.text = text
	// Room for every line's offset at once: growing the slices a line at
	// a time was a third of the decoding (issue 34).
	lines := strings.Count(text, "\n")
	v.wordAt = make([]int32, 0, lines)
	wordsSorted, attestedSorted := true, true
	for at := 0; at < len(v.text); {
		end := at + strings.IndexByte(v.text[at:], '\n')
		line := v.text[at:end]
		kind, rest, _ := strings.Cut(line, "\t")
		switch n := strings.Count(rest, "\t"); {
		case kind == "w" && n == 1:
			if k := len(v.wordAt); k > 0 && v.wordField(v.wordAt[k-1]) >= rest[:strings.IndexByte(rest, '\t')] {
				wordsSorted = false
			}
			v.wordAt = append(v.wordAt, int32(at+2))
		case kind == "a" && n == 0:
			if k := len(v.attestedAt); k > 0 && v.wordField(v.attestedAt[k-1]) >= rest {
				attestedSorted = false
			}
			v.attestedAt = append(v.attestedAt, int32(at+2))
		case kind == "d" && n == 2:
			f := strings.Split(rest, "\t")
			v.longs[f[0]+"\x00"+f[1]] = f[2]
		}
		at = end + 1
	}
	if !wordsSorted {
		v.words = map[string]uint8{}
		for _, at := range v.wordAt {
			w := v.wordField(at)
			v.words[w] = v.flagsAt(at)
		}
		v.wordAt = nil
	}
	if !attestedSorted {
		v.attestedNames = map[string]bool{}
		for _, at := range v.attestedAt {
			v.attestedNames[v.wordField(at)] = true
		}
		v.attestedAt = nil
	}
	return v
}

// wordField is the field that starts at offset at: up to a tab or the
// end of the line. (A loop, not strings.IndexAny: every vocabulary
// lookup reads about 17 fields, and the synonym kind looks up every
// word of every name of its mentions' concepts.)
func (v *vocabulary) wordField(at int32) string {
	rest := v.text[at:]
	for i := 0; i < len(rest); i++ {
		if rest[i] == '\t' || rest[i] == '\n' {
			return rest[:i]
		}
	}
	return rest
}

// compareField is strings.Compare(v.wordField(at), w), read byte by
// byte up to the first difference: most comparisons of a binary search
// differ in their first letters, and finding the field's end first was
// most of a lookup (issue 34).
func (v *vocabulary) compareField(at int32, w string) int {
	rest := v.text[at:]
	for i := 0; ; i++ {
		end := i == len(rest) || rest[i] == '\t' || rest[i] == '\n'
		switch {
		case end && i == len(w):
			return 0
		case end:
			return -1
		case i == len(w):
			return 1
		case rest[i] < w[i]:
			return -1
		case rest[i] > w[i]:
			return 1
		}
	}
}

// flagsAt reads the flags of the "w" line whose word starts at at.
func (v *vocabulary) flagsAt(at int32) uint8 {
	rest := v.text[at:]
	rest = rest[strings.IndexByte(rest, '\t')+1:]
	var flags uint8
	for _, c := range rest[:strings.IndexByte(rest, '\n')] {
		switch c {
		case 'e':
			flags |= wordEnglish
		case 'p':
			flags |= wordProper
		case 'l':
			flags |= wordLabel
		}
	}
	return flags
}

// flags returns the flags of word w (lower case), 0 when unknown.
func (v *vocabulary) flags(w string) uint8 {
	if v.words != nil {
		return v.words[w]
	}
	i, ok := slices.BinarySearchFunc(v.wordAt, w, v.compareField)
	if !ok {
		return 0
	}
	return v.flagsAt(v.wordAt[i])
}

// attested reports whether key is an "a" line's name.
func (v *vocabulary) attested(key string) bool {
	if v.attestedNames != nil {
		return v.attestedNames[key]
	}
	_, ok := slices.BinarySearchFunc(v.attestedAt, key, v.compareField)
	return ok
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
func Attested(name string) bool { return theVocabulary().attested(AttestKey(name)) }

// knownWord reports whether w (lower case) is an English word or a word of
// a lexicon's preferred name.
func (v *vocabulary) knownWord(w string) bool { return v.flags(w)&(wordEnglish|wordLabel) != 0 }

// properNoun reports whether w (lower case) is a proper noun in SCOWL.
func (v *vocabulary) properNoun(w string) bool { return v.flags(w)&wordProper != 0 }

// english reports whether w (lower case) is in the SCOWL English lists.
func (v *vocabulary) english(w string) bool { return v.flags(w)&wordEnglish != 0 }

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
