// Package progress shows how far a long command has got, on a terminal
// only: in a pipe, a log file or a test the output would be noise, so
// nothing is shown there.
package progress

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/experiment"
	"github.com/stress-ner/stress/tagger"
)

// Terminal returns w as a file when it is a terminal.
func Terminal(w io.Writer) (*os.File, bool) {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil, false
	}
	return f, true
}

// Sentences returns a progress bar counting sentences, described as
// what, when w is a terminal, and nil otherwise.
func Sentences(w io.Writer, what string) *progressbar.ProgressBar {
	f, ok := Terminal(w)
	if !ok {
		return nil
	}
	return progressbar.NewOptions(-1,
		progressbar.OptionSetWriter(f),
		progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(),
		progressbar.OptionSetItsString("sentences"),
		progressbar.OptionShowIts(),
		progressbar.OptionThrottle(100*1e6),
	)
}

// Tagging makes every system report, on a terminal, which set it
// is tagging, with the time it has taken so far: a slow model may work
// for minutes on one set. experiment.Evaluate tags the sets in order,
// system by system, so the n-th call of a system is on the n-th set.
func Tagging(w io.Writer, systems []experiment.System, sets []compare.Set) {
	f, ok := Terminal(w)
	if !ok {
		return
	}
	bar := progressbar.NewOptions(len(systems)*len(sets),
		progressbar.OptionSetWriter(f),
		progressbar.OptionShowCount(),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionThrottle(200*time.Millisecond),
	)
	for i := range systems {
		systems[i].Tagger = &progressTagger{Tagger: systems[i].Tagger, name: systems[i].Name, sets: sets, bar: bar}
	}
}

// progressTagger shows the system and set being tagged on a bar.
type progressTagger struct {
	tagger.Tagger
	name  string
	sets  []compare.Set
	calls int
	bar   *progressbar.ProgressBar
}

func (p *progressTagger) TagSentences(ctx context.Context, sents []conll.Sentence) ([][]string, error) {
	set := "?"
	if p.calls < len(p.sets) {
		set = p.sets[p.calls].Name
	}
	p.calls++
	p.bar.Describe(fmt.Sprintf("tagging %s (%d sentences) with %s", set, len(sents), p.name))
	done := make(chan struct{})
	go func() { // keep the elapsed time moving while the model works
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				p.bar.Add(0)
			case <-done:
				return
			}
		}
	}()
	tags, err := p.Tagger.TagSentences(ctx, sents)
	close(done)
	p.bar.Add(1)
	return tags, err
}
