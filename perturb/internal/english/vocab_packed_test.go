package english

import (
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
)

// TestVocabularyLookups checks the binary searches over the embedded
// vocabulary against maps built from its lines, and that a file whose
// words are not sorted is read into maps with the same answers.
func TestVocabularyLookups(t *testing.T) {
	words, attested := map[string]uint8{}, map[string]bool{}
	for _, line := range strings.Split(strings.TrimSuffix(vocabText, "\n"), "\n") {
		f := strings.Split(line, "\t")
		switch {
		case len(f) == 3 && f[0] == "w":
			var flags uint8
			for _, c := range f[2] {
				flags |= map[rune]uint8{'e': wordEnglish, 'p': wordProper, 'l': wordLabel}[c]
			}
			words[f[1]] = flags
		case len(f) == 2 && f[0] == "a":
			attested[f[1]] = true
		}
	}
	if v := parseVocabulary(vocabText); v.wordMap != nil || v.attestedNames != nil {
		t.Fatal("the embedded vocabulary is not sorted: it was read into maps")
	}
	v := theVocabulary()
	for w, want := range words {
		if got := v.flags(w); got != want {
			t.Fatalf("flags(%q) = %b, want %b", w, got, want)
		}
	}
	for a := range attested {
		if !v.attested(a) {
			t.Fatalf("attested(%q) = false", a)
		}
	}
	// Every word and name of the file is found, and neighbours of them
	// (prefixes, extensions) answer as the maps do.
	n := 0
	for w := range words {
		if n++; n%97 != 0 {
			continue
		}
		for _, x := range []string{w[:len(w)/2], w + "a", w + "\t", w + " x"} {
			if v.flags(x) != words[x] {
				t.Fatalf("flags(%q) = %b, want %b", x, v.flags(x), words[x])
			}
			if v.attested(x) != attested[x] {
				t.Fatalf("attested(%q) = %v", x, v.attested(x))
			}
		}
	}
	for _, w := range []string{"", "zzzzzzzz", "a b"} {
		if v.flags(w) != words[w] || v.attested(w) != attested[w] {
			t.Errorf("%q: flags %b attested %v", w, v.flags(w), v.attested(w))
		}
	}
	u := parseVocabulary("w\tzebra\te\nw\tapple\tl\nw\tapple\tp\na\tb c\na\ta b\nd\tChemical\tX\tx y\n")
	if u.flags("zebra") != wordEnglish || u.flags("apple") != wordProper || !u.attested("a b") || !u.attested("b c") || u.attested("c") ||
		u.longs["Chemical\x00X"] != "x y" {
		t.Errorf("unsorted file: zebra %b apple %b, attested %v %v %v, long %q",
			u.flags("zebra"), u.flags("apple"), u.attested("a b"), u.attested("b c"), u.attested("c"), u.longs["Chemical\x00X"])
	}
}

// TestVocabularyRuns holds runStart, the binary search theVocabulary
// finds the embedded vocabulary's runs with, to lineStart's scan on the
// embedded text and on small texts grouped as the generator writes them,
// with "a" lines.
func TestVocabularyRuns(t *testing.T) {
	// (Without "a" lines the two differ: runStart's "a" run is empty
	// where the "d" lines start, lineStart's at the end.)
	texts := []string{vocabText, "", "w\tx\te\n", "a\tx\n", "w\tx\te\na\tx y\n",
		"a\tx\nd\tA\tB\tc\n", "w\ta\te\nw\tb\tp\na\tb c\na\tc d\nd\tChemical\tX\tx y\n"}
	for _, text := range texts {
		for _, kind := range []byte("ad") {
			if got, want := runStart(text, kind), lineStart(text, string(kind)+"\t"); got != want {
				t.Errorf("runStart(%.40q, %q) = %d, lineStart %d", text, kind, got, want)
			}
		}
	}
	if runStart(vocabText, 'a') == len(vocabText) || runStart(vocabText, 'd') == len(vocabText) {
		t.Error("the embedded vocabulary has no \"a\" or no \"d\" lines")
	}
}

// searchLinesCut is searchLines as it was written first, cutting each
// probed line and comparing strings: the reference TestSearchLines
// holds the byte-at-a-time search to.
func searchLinesCut(lines, key string) (rest string, ok bool) {
	lo, hi := 0, len(lines)
	for lo < hi {
		mid := lo + (hi-lo)/2
		start := lo
		if i := strings.LastIndexByte(lines[lo:mid], '\n'); i >= 0 {
			start = lo + i + 1
		}
		end := start + strings.IndexByte(lines[start:], '\n')
		field, rest, _ := strings.Cut(lines[start+2:end], "\t")
		switch c := strings.Compare(field, key); {
		case c == 0:
			return rest, true
		case c < 0:
			lo = end + 1
		default:
			hi = start
		}
	}
	return "", false
}

// TestSearchLines compares searchLines with searchLinesCut on the
// embedded vocabulary's runs (every word and attested name, and keys
// next to them) and on small runs, lines without a rest among them.
func TestSearchLines(t *testing.T) {
	v := theVocabulary()
	runs := []string{v.words, v.attestedLines, "", "w\tb\n", "w\ta\te\nw\tab\nw\tb\tx\ty\n", "a\t\na\tx\n"}
	for _, run := range runs {
		var keys []string
		for line := range strings.Lines(run) {
			field, _, _ := strings.Cut(strings.TrimSuffix(line, "\n")[2:], "\t")
			keys = append(keys, field, field+"a", field+"\t", field+"\n", field+" x", "a"+field)
			if field != "" {
				keys = append(keys, field[:len(field)-1], field[:len(field)-1]+"\x7f", field[1:])
			}
		}
		keys = append(keys, "", "\t", "\n", "zzzzzzzz", "a b", "\xff")
		for _, k := range keys {
			rest, ok := searchLines(run, k)
			wantRest, wantOK := searchLinesCut(run, k)
			if rest != wantRest || ok != wantOK {
				t.Fatalf("searchLines(%.30q, %q) = %q, %v; cutting and comparing: %q, %v", run, k, rest, ok, wantRest, wantOK)
			}
		}
	}
}

// TestFlagsMemo checks that flags answers from its memo what the search
// answers (words of the vocabulary and others, each asked twice, from
// several goroutines), and that the memo stays within its bound.
func TestFlagsMemo(t *testing.T) {
	v := sortedVocabulary(vocabText, runStart(vocabText, 'a'), runStart(vocabText, 'd'))
	var words []string
	n := 0
	for line := range strings.Lines(v.words) {
		if n++; n%13 != 0 {
			continue
		}
		w, _, _ := strings.Cut(line[2:], "\t")
		words = append(words, w, w+"s", w[:len(w)/2])
	}
	words = append(words, "", "zzzzzzzz", "a b")
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := 0; round < 2; round++ {
				for _, w := range words {
					if got, want := v.flags(w), v.searchFlags(w); got != want {
						t.Errorf("flags(%q) = %b, the search %b", w, got, want)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	if len(v.memo) > maxFlagsMemo {
		t.Errorf("memo holds %d words (bound %d)", len(v.memo), maxFlagsMemo)
	}
	if v.flags("disease") == 0 || v.flags("disease") != v.memo["disease"] {
		t.Errorf("flags(disease) = %b, memo %b", v.flags("disease"), v.memo["disease"])
	}
}

// TestAttestKey holds AttestKey to its definition, tokenizing as BC5CDR
// does, joining with spaces and lowering, on names and random strings
// (ASCII, long, and not ASCII, which it keys that way).
func TestAttestKey(t *testing.T) {
	def := func(name string) string { return strings.ToLower(strings.Join(Tokenize(name, TokenizePunct), " ")) }
	for _, name := range []string{"", " ", "5-FU", "Parkinson's disease", "Parkinson ' s disease", "  a\tb\n", "x\x00y",
		"Na(+)/K(+)-ATPase", "β-carotene", "L-DOPA", strings.Repeat("Ab-", 100)} {
		if got, want := AttestKey(name), def(name); got != want {
			t.Errorf("AttestKey(%q) = %q, want %q", name, got, want)
		}
	}
	const steering = " \t\v\r's-(),.aZz09\x00\x1f\x7f"
	rng := rand.New(rand.NewPCG(9, 10))
	for k := range 50000 {
		name := steered(rng, rng.IntN([]int{8, 30, 200}[k%3]), steering, 5)
		if k%7 == 0 {
			name += "é"
		}
		if got, want := AttestKey(name), def(name); got != want {
			t.Fatalf("AttestKey(%q) = %q, want %q", name, got, want)
		}
	}
}
