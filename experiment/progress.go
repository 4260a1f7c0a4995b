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
)

// The stages of an evaluation, as a user sees them on standard error:
// building the sets, training the baselines, tagging each set with each
// system, comparing. Each is a progress.Stage (a bar on a terminal, one
// line when it ends elsewhere); a nil *progress.Stages shows nothing.

// tagSteps are Evaluate's steps shown on p: one stage counting the
// len(systems)*len(sets) pairs, the elapsed time kept moving while a
// slow model works, and a line per pair tagged ("tagging keyboard with
// chars: 4797 sentences in 31.2 s"), in Evaluate's order (system by
// system, set by set) whatever the order the pairs were tagged in.
func tagSteps(p *progress.Stages, systems []System, sets []stressset.Set) pairSteps {
	if p == nil {
		return pairSteps{}
	}
	t := &tagStage{p: p, steps: len(systems) * len(sets), sets: len(sets), systems: len(systems)}
	return pairSteps{
		tag: func(ctx context.Context, sys System, set stressset.Set) ([][]string, error) {
			st := t.begin(fmt.Sprintf("tagging %s with %s (%d sentences)", set.Name, sys.Name, len(set.Gold)))
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
			defer close(done)
			return sys.Tagger.TagSentences(ctx, set.Gold)
		},
		tagged: func(sys System, set stressset.Set, took time.Duration) {
			t.end(fmt.Sprintf("tagging %s with %s: %d sentences in %s", set.Name, sys.Name, len(set.Gold), progress.Seconds(took)), len(set.Gold))
		},
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

// evaluate is Evaluate with its stages shown on p: tagging (see
// tagSteps) and comparing (the bootstrap samples).
func evaluate(ctx context.Context, p *progress.Stages, c *compare.Comparer, sets []stressset.Set, systems []System,
	save func(system string, set stressset.Set, pred []conll.Sentence) error) (*compare.Report, error) {
	if p != nil {
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
	return evaluatePairs(ctx, c, sets, systems, save, tagSteps(p, systems, sets))
}
