package tagger

import (
	"context"
	"slices"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
)

// inScheme converts an IOBES tagger's tags to IOB2 and leaves unknown
// tags for Checked, which then sees only the tags that are wrong.
func TestInScheme(t *testing.T) {
	sents := []conll.Sentence{{Tokens: []string{"a", "b", "c", "d", "e"}, Tags: []string{"B-Chemical", "O", "B-Disease", "I-Disease", "O"}}}
	c := &Checked{Tagger: &inScheme{Tagger: fixedTagger{{"S-Chemical", "O", "B-Disease", "E-Disease", "BANANA"}}, Scheme: iob.IOBES}, Types: Types(sents)}
	tags, err := c.TagSentences(context.Background(), sents)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"B-Chemical", "O", "B-Disease", "I-Disease", "BANANA"}; !slices.Equal(tags[0], want) {
		t.Errorf("tags %q, want %q", tags[0], want)
	}
	if u := c.Unknown(); len(u) != 1 || u[0].Tag != "BANANA" {
		t.Errorf("unknown %v, want BANANA alone", u)
	}
	// IOB2 passes the tags through.
	tags, _ = (&inScheme{Tagger: fixedTagger{{"I-X", "E-X"}}}).TagSentences(context.Background(), nil)
	if want := []string{"I-X", "E-X"}; !slices.Equal(tags[0], want) {
		t.Errorf("IOB2: tags %q, want %q", tags[0], want)
	}
}
