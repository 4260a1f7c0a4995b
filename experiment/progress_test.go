package experiment

import (
	"bytes"
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/progress"
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

// TestShowTagging checks that the wrapped taggers pass the tags through
// and, off a terminal, write one line per set and system tagged and one
// when the stage ends.
func TestShowTagging(t *testing.T) {
	var out bytes.Buffer
	p := progress.NewStages(&out, nil)
	sets := []stressset.Set{{Name: "O"}, {Name: "keyboard"}}
	systems := []System{{Name: "words", Tagger: allOTagger{}}, {Name: "chars", Tagger: allOTagger{}}}
	showTagging(p, systems, sets)
	sents := []conll.Sentence{{Tokens: []string{"a", "b"}}}
	for _, sys := range systems {
		for range sets {
			tags, err := sys.Tagger.TagSentences(context.Background(), sents)
			if err != nil || !slices.Equal(tags[0], []string{"O", "O"}) {
				t.Fatalf("tags %q, %v", tags, err)
			}
		}
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []string{
		`^tagging O with words: 1 sentences in \d+\.\d s$`,
		`^tagging keyboard with words: 1 sentences in \d+\.\d s$`,
		`^tagging O with chars: 1 sentences in \d+\.\d s$`,
		`^tagging keyboard with chars: 1 sentences in \d+\.\d s$`,
		`^tagging: 2 sets × 2 systems, 4 sentences in \d+\.\d s$`,
	}
	if len(lines) != len(want) {
		t.Fatalf("lines:\n%s\nwant %d", out.String(), len(want))
	}
	for i, re := range want {
		if !regexp.MustCompile(re).MatchString(lines[i]) {
			t.Errorf("line %d = %q, want %s", i+1, lines[i], re)
		}
	}
}
