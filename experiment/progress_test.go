package experiment

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/progress"
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

// handshake is a tagger whose first call waits until other's first
// call: the pair begun first ends last.
type handshake struct {
	wait, other chan struct{}
	once        sync.Once
}

func (h *handshake) TagSentences(ctx context.Context, sents []conll.Sentence) ([][]string, error) {
	h.once.Do(func() {
		if h.wait != nil {
			<-h.wait
		}
		if h.other != nil {
			close(h.other)
		}
	})
	return fakeTagger{}.TagSentences(ctx, sents)
}

// TestTagSteps checks that, off a terminal, the stage writes one line
// per set and system tagged and one when it ends, in Evaluate's order
// (system by system) when the pairs end in another: words on O, begun
// first, waits for chars on O to be tagged.
func TestTagSteps(t *testing.T) {
	var out bytes.Buffer
	p := progress.NewStages(&out, nil)
	sets := evalSets(t)
	chars := make(chan struct{})
	systems := []System{{Name: "words", Tagger: &handshake{wait: chars}}, {Name: "chars", Tagger: &handshake{other: chars}}}
	c := compare.New()
	c.Samples, c.Workers = 0, 2
	if _, err := evaluate(context.Background(), p, c, sets, systems, nil); err != nil {
		t.Fatal(err)
	}
	n := len(sets[0].Gold)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []string{
		fmt.Sprintf(`^tagging O with words: %d sentences in \d+\.\d s$`, n),
		fmt.Sprintf(`^tagging keyboard with words: %d sentences in \d+\.\d s$`, n),
		fmt.Sprintf(`^tagging O with chars: %d sentences in \d+\.\d s$`, n),
		fmt.Sprintf(`^tagging keyboard with chars: %d sentences in \d+\.\d s$`, n),
		fmt.Sprintf(`^tagging: 2 sets × 2 systems, %d sentences in \d+\.\d s$`, 4*n),
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
