package main

import (
	"context"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/conll/cdr"
	"github.com/stress-ner/stress/experiment"
	"github.com/stress-ner/stress/report"
	"github.com/stress-ner/stress/stressset"
)

// levelFlags are the flags of "stress run --level".
type levelFlags struct {
	levels, levelBaselines, docCmds, docServers []string
}

func bindRunLevels(f *flags, o *levelFlags) {
	f.List(&o.levels, "level", "", "score at the BioCreative V CDR levels instead of span F1: mention, id, relation (comma-separated; see docs/normalisation.md); --test is PubTator or BioC XML")
	f.List(&o.levelBaselines, "level-baselines", "dict,dict-gold", "with --level: built-in baselines learnt from --train: dict (dictionary mentions and ids, sentence co-occurrence pairs), dict-gold (the same on the gold mentions), or none")
	f.Strings(&o.docServers, "doc-server", "with --level: a document system `CMD` started once (sh -c): one JSON line a set {\"format\": ..., \"input\": the set's documents, text only} on stdin, one line {\"output\": the same documents annotated} on stdout; repeatable")
	f.Strings(&o.docCmds, "doc-cmd", "with --level: a document system `CMD` (sh -c): each set's documents, text only, on stdin (PubTator or BioC); the same documents with its annotations, ids and relations on stdout; repeatable")
}

// spanOnly are the flags of run that a level run has no use for.
var spanOnly = []string{"augment", "baselines", "model-cmd", "model-server", "strict-tags", "epochs", "scheme", "repair", "mode"}

// runLevels is run --level: experiment.LevelEvaluation.
func runLevels(ctx context.Context, e *env, o *runOptions) error {
	for _, name := range spanOnly {
		if o.set(name) {
			return usageErrorf("run: --%s goes with span runs, not with --level (see --level-baselines and --doc-cmd)", name)
		}
	}
	if o.test == "" {
		return usageErrorf("run: --level needs --test (a PubTator or BioC XML corpus)")
	}
	levels, err := cdr.ParseLevels(o.levels)
	if err != nil {
		return usageErrorf("--level: %v", err)
	}
	baselines := o.levelBaselines
	if len(baselines) == 1 && baselines[0] == "none" {
		baselines = nil
	}
	if o.outDir == "" {
		return usageErrorf("run: --out must not be empty")
	}
	// Entity swaps are per document, unless --per-document says.
	if !o.set("per-document") {
		o.kinds = experiment.PerDocumentSwaps(o.kinds)
	}
	inputs, err := stressset.Inputs([]string{o.test})
	if err != nil {
		return err
	}
	_, logf := o.Progress(e.Stderr)
	ev := &experiment.LevelEvaluation{
		Plan: stressset.Plan{Seed: o.Seed, Selection: o.Selection, Kinds: o.kinds, Inputs: inputs, Dir: o.outDir,
			Workers: o.Workers, Version: version, Scheme: o.Systems.Scheme, Opener: corpora(e)},
		Train: o.Systems.Train, Baselines: baselines, Commands: o.docCmds, Servers: o.docServers, Names: o.Systems.Names, Timeout: o.Systems.Timeout,
		Stderr: e.Stderr, Levels: levels, Samples: o.Samples, HTML: o.htmlPath, Logf: logf, Force: o.force}
	if err := ev.Check(); err != nil {
		return usageErrorf("run: %v", err)
	}
	read, written := ev.Files()
	if err := conll.CheckReadable(read); err != nil {
		return err
	}
	if err := experiment.CheckDir(o.outDir, o.force, read); err != nil {
		return outDirError(err)
	}
	if err := checkOutputsMaking(o.outDir, read, written, o.force); err != nil {
		return err
	}
	if err := experiment.ClearDir(o.outDir, o.force, read); err != nil {
		return outDirError(err)
	}
	res, err := ev.Run(ctx)
	if err != nil {
		return err
	}
	if err := report.Render(e.Stdout, o.Format, res.Document); err != nil {
		return err
	}
	logf("wrote %s, %s and predictions under %s", res.HTML, res.Summary, res.Predictions)
	return nil
}
