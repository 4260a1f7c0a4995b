package experiment

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/tagger"
)

// TrainJob is one model to train.
type TrainJob struct {
	Name      string // for error messages, e.g. "chars on O+K"
	Sentences []conll.Sentence
	Options   tagger.Options
}

// TrainAll trains the jobs, at most workers at a time (0: GOMAXPROCS),
// and returns the models in job order. Training one model is sequential,
// so running several side by side is what uses the cores; each model is
// still deterministic, whatever the number of workers.
func TrainAll(ctx context.Context, jobs []TrainJob, workers int) ([]*tagger.Model, error) {
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
			m, err := tagger.TrainContext(ctx, j.Sentences, j.Options)
			if err != nil {
				errs[i] = fmt.Errorf("train %s: %w", j.Name, err)
				cancel()
				return
			}
			models[i] = m
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
