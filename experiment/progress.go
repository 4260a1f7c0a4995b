package experiment

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/progress"
	"github.com/stress-ner/stress/stressset"
	"github.com/stress-ner/stress/tagger"
)

// The stages of an evaluation, as a user sees them on standard error:
// building the sets, training the baselines, tagging each set with each
// system, comparing. Each is a progress.Stage (a bar on a terminal, one
// line when it ends elsewhere); a nil *progress.Stages shows nothing.

// showTagging makes every system report on p which set it is tagging:
// one stage counting the len(systems)*len(sets) steps, a line per step
// done ("tagging keyboard with chars: 4797 sentences in 31.2 s"), and the
// elapsed time kept moving while a slow model works. Evaluate tags the
// sets in order, system by system, so the n-th call of a system is on
// the n-th set.
func showTagging(p *progress.Stages, systems []System, sets []stressset.Set) {
	if p == nil {
		return
	}
	t := &tagStage{p: p, steps: len(systems) * len(sets), sets: len(sets), systems: len(systems)}
	for i := range systems {
		systems[i].Tagger = &progressTagger{Tagger: systems[i].Tagger, name: systems[i].Name, sets: sets, stage: t}
	}
}

// tagStage is the one stage of all the taggers: started by the first
// step, ended by the last.
type tagStage struct {
	p             *progress.Stages
	mu            sync.Mutex
	stage         *progress.Stage
	steps, done   int
	sets, systems int
	sentences     int
	start         time.Time
}

func (t *tagStage) begin(what string) *progress.Stage {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.stage == nil {
		t.stage = t.p.Start("tagging", t.steps, "sets")
	}
	t.stage.Describe(what)
	return t.stage
}

func (t *tagStage) end(line string, sentences int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.stage.Line("%s", line)
	t.stage.Add(1)
	t.done++
	t.sentences += sentences
	if t.done == t.steps {
		t.stage.Done(fmt.Sprintf("%d sets × %d systems, %d sentences", t.sets, t.systems, t.sentences))
	}
}

// progressTagger shows the system and set being tagged.
type progressTagger struct {
	tagger.Tagger
	name  string
	sets  []stressset.Set
	calls int
	stage *tagStage
}

func (p *progressTagger) TagSentences(ctx context.Context, sents []conll.Sentence) ([][]string, error) {
	set := "?"
	if p.calls < len(p.sets) {
		set = p.sets[p.calls].Name
	}
	p.calls++
	st := p.stage.begin(fmt.Sprintf("tagging %s with %s (%d sentences)", set, p.name, len(sents)))
	start := time.Now()
	done := make(chan struct{})
	go func() { // keep the elapsed time moving while the model works
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				st.Add(0)
			case <-done:
				return
			}
		}
	}()
	tags, err := p.Tagger.TagSentences(ctx, sents)
	close(done)
	if err == nil {
		p.stage.end(fmt.Sprintf("tagging %s with %s: %d sentences in %s", set, p.name, len(sents), progress.Seconds(time.Since(start))), len(sents))
	}
	return tags, err
}

// evaluate is Evaluate with its stages shown on p: tagging (see
// showTagging) and comparing (the bootstrap samples).
func evaluate(ctx context.Context, p *progress.Stages, c *compare.Comparer, sets []stressset.Set, systems []System,
	save func(system string, set stressset.Set, pred []conll.Sentence) error) (*compare.Report, error) {
	if p != nil {
		systems = append([]System(nil), systems...)
		showTagging(p, systems, sets)
		var once sync.Once
		var st *progress.Stage
		c.Progress = func() {
			once.Do(func() {
				st = p.Start(fmt.Sprintf("comparing %d sets × %d systems", len(sets), len(systems)), c.Samples, "samples")
			})
			st.Add(1)
		}
		defer func() {
			if st != nil {
				st.Done(fmt.Sprintf("%d bootstrap samples", c.Samples))
			}
		}()
	}
	return Evaluate(ctx, c, sets, systems, save)
}
