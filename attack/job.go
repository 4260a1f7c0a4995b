package attack

import (
	"context"
	"path/filepath"
	"time"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/tagger"
)

// Job is an attack from file to files, what "stress attack" does: read
// the corpus Input (in Model.Scheme, checked, converted to IOB2), build
// the Kinds, open the Model, search, and write the sets and change log
// named in Outputs in the input's format and scheme.
type Job struct {
	Input string
	Model tagger.Spec
	Kinds []perturb.ManifestKind
	// Options of the search; Kinds, File, RandomFile and Input are set
	// by Run from the fields above.
	Options Options
	// Outputs are the files to write; Format, Layout and Scheme are set
	// by Run from the input.
	Outputs Outputs
	// Repair, when not nil, repairs invalid tag transitions of Input
	// instead of refusing them (conll.File.SetSchemeRepair).
	Repair func(conll.Repair)
}

// Run runs the job and returns its report and the model's warnings
// about tags unknown to the gold data (see tagger.Checked).
func (j *Job) Run(ctx context.Context) (*Report, []string, error) {
	corpus, err := conll.ReadCorpus(j.Input, conll.ReadOptions{Scheme: j.Model.Scheme, Repair: j.Repair})
	if err != nil {
		return nil, nil, err
	}
	ks, release, err := NewKinds(j.Kinds)
	defer release()
	if err != nil {
		return nil, nil, err
	}
	model, stop, err := j.Model.Open(corpus.Sentences)
	if err != nil {
		return nil, nil, err
	}
	defer stop()

	opts := j.Options
	opts.Kinds, opts.File, opts.Input = ks, filepath.Base(j.Outputs.Set), j.Input
	if j.Outputs.Random != "" {
		opts.RandomFile = filepath.Base(j.Outputs.Random)
	}
	start := time.Now()
	res, err := Run(ctx, model, corpus.Sentences, opts)
	if err != nil {
		return nil, nil, err
	}
	elapsed := time.Since(start)
	if err := stop(); err != nil {
		return nil, nil, err
	}
	var warnings []string
	if msg := model.Warning(); msg != "" {
		warnings = append(warnings, j.Model.Name+": "+msg)
	}
	out := j.Outputs
	out.Format, out.Layout, out.Scheme = corpus.Format, corpus.Layout, j.Model.Scheme
	if err := res.Write(out); err != nil {
		return nil, warnings, err
	}
	r := NewReport(res.Summary, opts, elapsed)
	return &r, warnings, nil
}
