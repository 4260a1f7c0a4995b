package progress

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/schollz/progressbar/v3"

	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/experiment"
)

type allO struct{}

func (allO) TagSentences(_ context.Context, sents []conll.Sentence) ([][]string, error) {
	out := make([][]string, len(sents))
	for i, s := range sents {
		out[i] = make([]string, len(s.Tokens))
		for j := range out[i] {
			out[i][j] = "O"
		}
	}
	return out, nil
}

func TestNotATerminal(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "log"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, w := range []io.Writer{&bytes.Buffer{}, f} {
		if _, ok := Terminal(w); ok {
			t.Errorf("%T is a terminal", w)
		}
		if b := Sentences(w, "perturbing"); b != nil {
			t.Errorf("%T: a progress bar", w)
		}
		systems := []experiment.System{{Name: "a", Tagger: allO{}}}
		Tagging(w, systems, []compare.Set{{Name: "O"}})
		if _, ok := systems[0].Tagger.(allO); !ok {
			t.Errorf("%T: tagger wrapped in %T", w, systems[0].Tagger)
		}
	}
}

// TestProgressTagger checks that the wrapper passes the tags through and
// names the set being tagged, set after set.
func TestProgressTagger(t *testing.T) {
	var out bytes.Buffer
	bar := progressbar.NewOptions(2, progressbar.OptionSetWriter(&out), progressbar.OptionThrottle(0))
	sets := []compare.Set{{Name: "O"}, {Name: "K"}}
	p := &progressTagger{Tagger: allO{}, name: "words", sets: sets, bar: bar}
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
