package experiment

import (
	"context"
	"fmt"
	"time"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/stressset"
	"github.com/stress-ner/stress/tagger"
)

// StepDisplay shows the steps of a long job, one at a time: a terminal
// progress bar (internal/progress.Steps) satisfies it.
type StepDisplay interface {
	// Describe says what the current step is.
	Describe(string)
	// Add counts n steps as done; Add(0) refreshes the display.
	Add(n int) error
}

// ShowTagging makes every system report on d which set it is tagging,
// with the time it has taken so far: a slow model may work for minutes
// on one set. Evaluate tags the sets in order, system by system, so the
// n-th call of a system is on the n-th set. d counts
// len(systems)*len(sets) steps.
func ShowTagging(d StepDisplay, systems []System, sets []stressset.Set) {
	for i := range systems {
		systems[i].Tagger = &progressTagger{Tagger: systems[i].Tagger, name: systems[i].Name, sets: sets, display: d}
	}
}

// progressTagger shows the system and set being tagged on a display.
type progressTagger struct {
	tagger.Tagger
	name    string
	sets    []stressset.Set
	calls   int
	display StepDisplay
}

func (p *progressTagger) TagSentences(ctx context.Context, sents []conll.Sentence) ([][]string, error) {
	set := "?"
	if p.calls < len(p.sets) {
		set = p.sets[p.calls].Name
	}
	p.calls++
	p.display.Describe(fmt.Sprintf("tagging %s (%d sentences) with %s", set, len(sents), p.name))
	done := make(chan struct{})
	go func() { // keep the elapsed time moving while the model works
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				p.display.Add(0)
			case <-done:
				return
			}
		}
	}()
	tags, err := p.Tagger.TagSentences(ctx, sents)
	close(done)
	p.display.Add(1)
	return tags, err
}
