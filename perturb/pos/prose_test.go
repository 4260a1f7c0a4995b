package pos

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"unicode"

	"github.com/jdkato/prose/v2"

	"github.com/stress-ner/stress/conll"
)

// The port must tag as prose v2.0.0 does (prose is a test dependency
// only): these tests run both on real sentences and on the tokenizer's
// corner cases and compare every token, every tag and ContentWords.

var proseModel = sync.OnceValue(func() *prose.Model { return prose.ModelFromData("stress") })

// proseTags is what the tagger did before the port: prose's tokens and
// tags of the sentence.
func proseTags(t *testing.T, text string) []prose.Token {
	t.Helper()
	doc, err := prose.NewDocument(text, prose.UsingModel(proseModel()),
		prose.WithSegmentation(false), prose.WithExtraction(false))
	if err != nil {
		t.Fatal(err)
	}
	return doc.Tokens()
}

// proseContentWords is ContentWords as it was before the port, on prose.
func proseContentWords(t *testing.T, tokens []string) []bool {
	out := make([]bool, len(tokens))
	clean := make([]string, len(tokens))
	for i, tok := range tokens {
		clean[i] = sanitizer.Replace(tok)
		if strings.IndexFunc(clean[i], unicode.IsSpace) >= 0 {
			clean[i] = strings.Map(func(r rune) rune {
				if unicode.IsSpace(r) {
					return '_'
				}
				return r
			}, clean[i])
		}
	}
	j, off := 0, 0
	for _, pt := range proseTags(t, strings.Join(clean, " ")) {
		for j < len(clean) && off >= len(clean[j]) {
			j, off = j+1, 0
		}
		if j == len(clean) {
			break
		}
		if !strings.HasPrefix(clean[j][off:], pt.Text) {
			break
		}
		off += len(pt.Text)
		if isContentTag(pt.Tag) && strings.IndexFunc(pt.Text, unicode.IsLetter) >= 0 {
			out[j] = true
		}
	}
	return out
}

// compareWithProse tags the sentence with both and reports the first
// difference, or "" when they agree. A tag that differs is forgiven
// only where the port's scores tie exactly (prose then picks at random).
func compareWithProse(t *testing.T, tg *Tagger, tokens []string) (diff string, ties int) {
	t.Helper()
	text := strings.Join(tokens, " ")
	want := proseTags(t, text)
	got := tokenize(text)
	tg.model.tag(got)
	if len(got) != len(want) {
		return fmt.Sprintf("%d tokens, prose %d", len(got), len(want)), 0
	}
	for i := range got {
		if got[i].text != want[i].Text {
			return fmt.Sprintf("token %d %q, prose %q", i, got[i].text, want[i].Text), 0
		}
		if got[i].tag != want[i].Tag {
			if !tg.model.tied(got, i, want[i].Tag) {
				return fmt.Sprintf("token %d %q tagged %s, prose %s", i, got[i].text, got[i].tag, want[i].Tag), 0
			}
			t.Logf("tie: %q token %d %q: %s, prose %s", text, i, got[i].text, got[i].tag, want[i].Tag)
			ties++
		}
	}
	if ties == 0 {
		cw, pw := tg.ContentWords(tokens), proseContentWords(t, tokens)
		for i := range cw {
			if cw[i] != pw[i] {
				return fmt.Sprintf("ContentWords of token %d %q: %v, prose %v", i, tokens[i], cw[i], pw[i]), 0
			}
		}
	}
	return "", ties
}

// tied reports whether the perceptron scored tag as high as the tag it
// chose for tokens[i] (prose then picks either).
func (m *model) tied(tokens []*proseToken, i int, tag string) bool {
	p1, p2 := "-START-", "-START2-"
	if i > 0 {
		p1 = tokens[i-1].tag
	}
	if i > 1 {
		p2 = tokens[i-2].tag
	}
	ctx := []string{"-START-", "-START2-"}
	for _, t := range tokens {
		ctx = append(ctx, normalize(t.text))
	}
	ctx = append(ctx, "-END-", "-END2-")
	scores := make([]int64, len(m.classes))
	m.score(scores, nil, i, ctx, tokens[i].text, p1, p2)
	best := scores[argmax(scores)]
	for c, name := range m.classes {
		if name == tag {
			return scores[c] == best
		}
	}
	return false
}

// TestMatchesProseCorners covers the tokenizer's and the tagger's
// special cases: prefixes, clitics, suffixes, emoticons, links and
// addresses, Treebank traces, years and digits, hyphens, non-ASCII first
// bytes, curly quotes, and repeated words (prose's shared tokens).
func TestMatchesProseCorners(t *testing.T) {
	tg, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	sentences := []string{
		"The patient 's blood pressure was n't measured ( 120 / 80 mmHg ) .",
		"They'll say it's $100, don't they? I'm sure we're fine.",
		"See http://www.ncbi.nlm.nih.gov/pubmed or write to a.b@example.org :-) (-_-) @user",
		"*-1 * 0 *T*-2 *?* -LRB- -RRB- -NONE- U.S. Mr. Dr. e.g. i.e. 1999 2-3 3rd 10.5mg",
		"Élan über naïve café — “quoted” ‘single’ &rsquo;s ... !!! ?!",
		"the the the drug the drug of the drug",
		"(a) [b] \"c\" d, e; f: g! h? i. j' k) l] m\" $ ( [ \"",
		"- -- --- a-b -a b- - 5-FU 1,2-dichloroethane IL-2 TNF-alpha",
		"(((nested))) ''double'' ``tex`` won't can't ain't Y'all",
		"x",
		"",
		"Naloxone reverses the antihypertensive effect of clonidine .",
	}
	for _, s := range sentences {
		if diff, _ := compareWithProse(t, tg, strings.Split(s, " ")); diff != "" {
			t.Errorf("%q: %s", s, diff)
		}
	}
}

// TestMatchesProse tags the embedded sample and, when ../shared is
// present, the test splits of BC5CDR and NCBI-disease (with -short, the
// sample only).
func TestMatchesProse(t *testing.T) {
	tg, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	files := []string{"../../sample/test.tsv.gz"}
	if !testing.Short() {
		for _, f := range []string{"BC5CDR-IOB/test.tsv", "NCBI-disease-IOB/test.tsv"} {
			p := filepath.Join("../../../shared/corpora", f)
			if _, err := os.Stat(p); err == nil {
				files = append(files, p)
			}
		}
	}
	for _, f := range files {
		sents, err := conll.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		words, ties := 0, 0
		for _, s := range sents {
			diff, n := compareWithProse(t, tg, s.Tokens)
			if diff != "" {
				t.Fatalf("%s: %q: %s", f, strings.Join(s.Tokens, " "), diff)
			}
			words += len(s.Tokens)
			ties += n
		}
		t.Logf("%s: %d sentences, %d words tagged as prose tags them (%d exact ties prose broke otherwise)", f, len(sents), words, ties)
	}
}
