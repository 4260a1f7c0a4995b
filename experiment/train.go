package experiment

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/stress-ner/stress/internal/progress"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/tagger"
)

// trainJob is one model to train.
type trainJob struct {
	Name      string // for error messages, e.g. "chars on O+K"
	Sentences []conll.Sentence
	Options   tagger.Options
}

// trainAll trains the jobs, at most workers at a time (0: GOMAXPROCS),
// and returns the models in job order, calling done, when not nil, as
// each job ends well, with the time it took. Training one model is
// sequential, so running several side by side is what uses the cores;
// each model is still deterministic, whatever the number of workers.
func trainAll(ctx context.Context, jobs []trainJob, workers int, done func(trainJob, time.Duration)) ([]*tagger.Model, error) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	models := make([]*tagger.Model, len(jobs))
	errs := make([]error, len(jobs))
	sem := make(chan struct{}, workers)
	var wg sync.WaitGroup
	for i, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			select {
			case sem <- struct{}{}:
			case <-ctx.Done():
				errs[i] = ctx.Err()
				return
			}
			defer func() { <-sem }()
			start := time.Now()
			m, err := tagger.TrainContext(ctx, j.Sentences, j.Options)
			if err != nil {
				errs[i] = fmt.Errorf("train %s: %w", j.Name, err)
				cancel()
				return
			}
			models[i] = m
			if done != nil {
				done(j, time.Since(start))
			}
		}()
	}
	wg.Wait()
	// Report the first job, in job order, that failed by itself rather
	// than by the cancellation that failure caused, so the error does not
	// depend on scheduling.
	var first error
	for _, err := range errs {
		if err != nil && !errors.Is(err, context.Canceled) {
			return nil, err
		}
		if first == nil {
			first = err
		}
	}
	if first != nil {
		return nil, first
	}
	return models, nil
}

// Baselines are built-in taggers to train side by side: one per feature
// set on the original training data and, for each augmenting kind, one
// per feature set on the original plus one perturbed copy (the paper's
// O + K), named FEATURES+LABEL ("chars+K").
type Baselines struct {
	Train     []conll.Sentence
	Features  []tagger.Features
	Augment   []*perturb.BuiltKind
	Seed      uint64 // training order and perturbation seed
	Selection perturb.Selection
	Epochs    int
	Workers   int
	// Progress, when not nil, shows the training as a stage, a line
	// per model trained.
	Progress *progress.Stages
}

// TrainBaselines trains the baselines of b, all models at once, and
// returns them as systems labelled with their training set.
func TrainBaselines(ctx context.Context, b Baselines) ([]System, error) {
	type trainSet struct {
		label, suffix string
		sents         []conll.Sentence
	}
	tsets := []trainSet{{label: "O", sents: b.Train}}
	for _, k := range b.Augment {
		a := &Augmenter{Seed: b.Seed, Selection: b.Selection, Copies: 1, Workers: b.Workers, Kinds: []*perturb.BuiltKind{k}}
		var buf collector
		if _, err := a.Run(ctx, b.Train, &buf); err != nil {
			return nil, fmt.Errorf("augment with %s: %w", k.Kind.Name, err)
		}
		l := SetLabel(k.Kind.Name)
		tsets = append(tsets, trainSet{label: "O+" + l, suffix: "+" + l, sents: buf.sents})
	}
	var jobs []trainJob
	var systems []System
	for _, ts := range tsets {
		for _, f := range b.Features {
			name := f.String() + ts.suffix
			jobs = append(jobs, trainJob{Name: name, Sentences: ts.sents,
				Options: tagger.Options{Features: f, Epochs: b.Epochs, Seed: b.Seed}})
			systems = append(systems, System{Name: name, Model: f.String(), Train: ts.label})
		}
	}
	var done func(trainJob, time.Duration)
	if b.Progress != nil {
		st := b.Progress.Start(fmt.Sprintf("training %d models on %d sentences (%s)", len(jobs), len(b.Train), epochs(b.Epochs)), len(jobs), "models")
		defer st.Done(fmt.Sprintf("%d models", len(jobs)))
		done = func(j trainJob, d time.Duration) {
			st.Line("trained %s on %d sentences in %s", j.Name, len(j.Sentences), progress.Seconds(d))
			st.Add(1)
		}
	}
	models, err := trainAll(ctx, jobs, b.Workers, done)
	if err != nil {
		return nil, err
	}
	for i, m := range models {
		systems[i].Tagger = m
	}
	return systems, nil
}
