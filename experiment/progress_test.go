package experiment

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/schollz/progressbar/v3"
	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/stressset"
)

type allOTagger struct{}

func (allOTagger) TagSentences(_ context.Context, sents []conll.Sentence) ([][]string, error) {
	out := make([][]string, len(sents))
	for i, s := range sents {
		out[i] = make([]string, len(s.Tokens))
		for j := range out[i] {
			out[i][j] = "O"
		}
	}
	return out, nil
}

// TestProgressTagger checks that the wrapper passes the tags through and
// names the set being tagged, set after set.
func TestProgressTagger(t *testing.T) {
	var out bytes.Buffer
	bar := progressbar.NewOptions(2, progressbar.OptionSetWriter(&out), progressbar.OptionThrottle(0))
	sets := []stressset.Set{{Name: "O"}, {Name: "K"}}
	p := &progressTagger{Tagger: allOTagger{}, name: "words", sets: sets, display: bar}
	sents := []conll.Sentence{{Tokens: []string{"a", "b"}}}
	for range sets {
		tags, err := p.TagSentences(context.Background(), sents)
		if err != nil || !slices.Equal(tags[0], []string{"O", "O"}) {
			t.Fatalf("tags %q, %v", tags, err)
		}
	}
	if s := out.String(); !strings.Contains(s, "tagging O (1 sentences) with words") || !strings.Contains(s, "tagging K") {
		t.Errorf("bar output %q", s)
	}
}
