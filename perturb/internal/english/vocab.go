package english

import (
	_ "embed"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

//go:generate go run ./internal/mkvocab -shared ../../../../shared -out vocab.txt

// vocabText is the generated vocabulary (see internal/mkvocab): English
// words from SCOWL, the words of the open lexicons' preferred names, and
// the lexicon names attested in the text of the training and development
// corpora. It is embedded as text, not gzip: decompressing its 2.6 MB
// was most of what the synonym kind's first lookup cost, on every run
// (issue 34); as text it is searched where the executable maps it.
//
//go:embed vocab.txt
var vocabText string

// Word flags of the vocabulary.
const (
	wordEnglish = 1 << iota // in the SCOWL English word lists
	wordProper              // SCOWL spells it only with a capital initial
	wordLabel               // a word of a lexicon's preferred name
)

// vocabulary is the file's "w" lines (words with their flags) and "a"
// lines (attested names), each a run of lines sorted by their second
// field, as the generator writes them: a lookup is a binary search over
// the lines where they lie, and reading the file costs neither a map of
// 170k words nor a pass over its lines (issue 34). A text whose words
// are not sorted (or repeat) is read into maps instead (parseVocabulary);
// the embedded one is sorted (TestVocabularyLookups), and is not scanned
// again at every start.
type vocabulary struct {
	words         string            // the "w" lines, sorted
	attestedLines string            // the "a" lines, sorted
	wordMap       map[string]uint8  // when the "w" lines are not sorted
	attestedNames map[string]bool   // when the "a" lines are not sorted
	longs         map[string]string // type + "\x00" + Compact short form -> standard long form

	// memo holds the flags of the words looked up in words: the names
	// of a run spell a few thousand words, each asked for again and
	// again (9,690 lookups of 2,229 words on BC5CDR test, ~3,000
	// instructions each; issue 34). Bounded by maxFlagsMemo.
	memoMu sync.Mutex
	memo   map[string]uint8
}

// maxFlagsMemo bounds the memo of word flags, in words: a few megabytes.
const maxFlagsMemo = 1 << 16

var (
	vocabOnce sync.Once
	vocab     *vocabulary
)

// theVocabulary returns the embedded vocabulary, read on first use.
func theVocabulary() *vocabulary {
	vocabOnce.Do(func() { vocab = sortedVocabulary(vocabText, runStart(vocabText, 'a'), runStart(vocabText, 'd')) })
	return vocab
}

// sortedVocabulary reads text, whose "w" lines, then "a" lines, then "d"
// lines come in runs, each sorted by its second field, as the generator
// writes them, the "a" run starting at offset a and the "d" run at d: it
// reads the few "d" lines.
func sortedVocabulary(text string, a, d int) *vocabulary {
	v := &vocabulary{longs: map[string]string{}}
	if d < a {
		d = len(text) // "d" lines before the "a" lines: not as generated
	}
	v.words, v.attestedLines = text[:a], text[a:d]
	for _, line := range strings.Split(strings.TrimSuffix(text[d:], "\n"), "\n") {
		v.addLine(line)
	}
	return v
}

// runStart returns the offset of the first line of text whose kind (the
// field before its first tab) is kind or one the generator writes after
// it ("w" lines, then "a", then "d"), or len(text), by binary search
// over the bytes: it reads a few lines where lineStart's scan for
// "\na\t" read all 2.6 MB of the embedded vocabulary and touched each of
// its pages, on every synonym run (31M instructions; issue 34). In a text
// not grouped that way it may find another line than lineStart: only
// the embedded vocabulary, whose runs TestVocabularyRuns checks, is read
// with it.
func runStart(text string, kind byte) int {
	const order = "wad"
	want := strings.IndexByte(order, kind)
	return sort.Search(len(text), func(i int) bool {
		start := strings.LastIndexByte(text[:i], '\n') + 1 // of the line byte i is in
		return strings.IndexByte(order, text[start]) >= want
	})
}

// lineStart returns the offset of the first line of text that starts
// with prefix, or len(text).
func lineStart(text, prefix string) int {
	if strings.HasPrefix(text, prefix) {
		return 0
	}
	if i := strings.Index(text, "\n"+prefix); i >= 0 {
		return i + 1
	}
	return len(text)
}

// addLine reads a "d" line (a standard long form) into v.longs; other
// lines are ignored.
func (v *vocabulary) addLine(line string) {
	kind, rest, _ := strings.Cut(line, "\t")
	if kind == "d" && strings.Count(rest, "\t") == 2 {
		f := strings.Split(rest, "\t")
		v.longs[f[0]+"\x00"+f[1]] = f[2]
	}
}

// parseVocabulary reads a vocabulary text of any order: its "w" and "a"
// lines into maps when they do not come as sorted runs (sortedVocabulary).
// A bad line is ignored: a short vocabulary rejects nothing by
// attestation, and the generator's test catches one.
func parseVocabulary(text string) *vocabulary {
	text = strings.ReplaceAll(text, "\r", "")
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	v := sortedVocabulary(text, lineStart(text, "a\t"), lineStart(text, "d\t"))
	v.longs = map[string]string{}
	var words, attested []string // lines
	prevWord := ""
	wordsSorted, attestedSorted := true, true
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		kind, rest, _ := strings.Cut(line, "\t")
		v.addLine(line)
		switch n := strings.Count(rest, "\t"); {
		case kind == "w" && n == 1:
			w := rest[:strings.IndexByte(rest, '\t')]
			if len(words) > 0 && prevWord >= w {
				wordsSorted = false
			}
			words, prevWord = append(words, line), w
		case kind == "a" && n == 0:
			if k := len(attested); k > 0 && attested[k-1][2:] >= rest {
				attestedSorted = false
			}
			attested = append(attested, line)
		}
	}
	if !wordsSorted || len(words) > 0 && v.words != strings.Join(words, "\n")+"\n" {
		v.words, v.wordMap = "", map[string]uint8{}
		for _, line := range words {
			w, flags, _ := strings.Cut(line[2:], "\t")
			v.wordMap[w] = flagsOf(flags)
		}
	}
	if !attestedSorted || len(attested) > 0 && v.attestedLines != strings.Join(attested, "\n")+"\n" {
		v.attestedLines, v.attestedNames = "", map[string]bool{}
		for _, line := range attested {
			v.attestedNames[line[2:]] = true
		}
	}
	return v
}

// flagsOf reads the flags field of a "w" line.
func flagsOf(field string) uint8 {
	var flags uint8
	for _, c := range field {
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

// searchLines looks up key in lines, a run of "k<TAB>field[<TAB>rest]"
// lines sorted by field, each ended by a newline: it returns the line's
// rest ("" when it has none) and whether a line has key as its field.
// The binary search is over bytes: each probe backs up to the start of
// the line it falls in and compares its field with key a byte at a
// time, where cutting the line and comparing strings cost ~4,700
// instructions a lookup, a twentieth of a synonym run (issue 34);
// TestSearchLines holds it to the cut and compare.
func searchLines(lines, key string) (rest string, ok bool) {
	lo, hi := 0, len(lines) // lo is always a line's start
	for lo < hi {
		mid := lo + (hi-lo)/2
		start := mid
		for start > lo && lines[start-1] != '\n' {
			start--
		}
		// The field starts after the kind and its tab, and ends at a tab
		// or the line's end; c is strings.Compare(field, key).
		i, c := start+2, 0
		for j := 0; ; i, j = i+1, j+1 {
			if b := lines[i]; b == '\t' || b == '\n' {
				if j < len(key) {
					c = -1 // the field is a prefix of key
				}
				break
			} else if j == len(key) || b != key[j] {
				if c = 1; j < len(key) && b < key[j] {
					c = -1
				}
				break
			}
		}
		switch {
		case c == 0:
			if lines[i] == '\n' {
				return "", true
			}
			end := i + strings.IndexByte(lines[i:], '\n')
			return lines[i+1 : end], true
		case c < 0:
			lo = i + strings.IndexByte(lines[i:], '\n') + 1
		default:
			hi = start
		}
	}
	return "", false
}

// flags returns the flags of word w (lower case), 0 when unknown.
func (v *vocabulary) flags(w string) uint8 {
	if v.wordMap != nil {
		return v.wordMap[w]
	}
	v.memoMu.Lock()
	flags, ok := v.memo[w]
	v.memoMu.Unlock()
	if ok {
		return flags
	}
	flags = v.searchFlags(w)
	v.memoMu.Lock()
	if v.memo == nil || len(v.memo) >= maxFlagsMemo {
		v.memo = map[string]uint8{}
	}
	v.memo[w] = flags
	v.memoMu.Unlock()
	return flags
}

// searchFlags returns the flags of word w in the sorted "w" lines, 0
// when unknown: flags without the memo.
func (v *vocabulary) searchFlags(w string) uint8 {
	rest, ok := searchLines(v.words, w)
	if !ok {
		return 0
	}
	return flagsOf(rest)
}

// attested reports whether key is an "a" line's name.
func (v *vocabulary) attested(key string) bool {
	if v.attestedNames != nil {
		return v.attestedNames[key]
	}
	_, ok := searchLines(v.attestedLines, key)
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
	if key, ok := asciiAttestKey(name); ok {
		return key
	}
	return strings.ToLower(strings.Join(Tokenize(name, TokenizePunct), " "))
}

// asciiAttestKey is AttestKey of an ASCII name, in one pass over its
// bytes and with one string at most (none when the name is its own
// key), and false for another name: every gold name and mention form is
// keyed, ~6,500 times a synonym run, and tokenizing, joining and
// lowering cost ~2,800 instructions each (issue 34). TestAttestKey
// compares.
func asciiAttestKey(name string) (string, bool) {
	var buf [128]byte
	b := buf[:0]
	inWord := false // the last byte written is a letter or digit
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= utf8.RuneSelf:
			return "", false
		case asciiWord[c]:
			if !inWord && len(b) > 0 {
				b = append(b, ' ')
			}
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			b, inWord = append(b, c), true
		case c == ' ' || '\t' <= c && c <= '\r': // unicode.IsSpace
			inWord = false
		default: // a token of its own
			if len(b) > 0 {
				b = append(b, ' ')
			}
			b, inWord = append(b, c), false
		}
	}
	if string(b) == name {
		return name, true
	}
	return string(b), true
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
