package main

import (
	"context"
	_ "embed"
	"fmt"
	"math"
	"strings"

	"github.com/stress-ner/stress/attack"
	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/cli"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/kinds"
	"github.com/stress-ner/stress/tagger"
)

// attackOptions are the flags of "stress attack".
type attackOptions struct {
	kinds.Flags
	tagger.ModelFlags
	kinds                    []perturb.ManifestKind
	maxWords, queries, cands int
	out, log, random, format string
	force, quiet             bool
	repair                   conll.RepairFlag
}

// attackHelp is the usage of "stress attack": help/attack.txt.
//
//go:embed help/attack.txt
var attackHelp string

func init() {
	register(&command{
		Name:    "attack",
		Summary: "adversarial stress set for one model: per sentence, the fewest edits that make it lose an entity",
		Usage:   help(attackHelp),
		Bind: bind(func(f *flags, o *attackOptions) {
			o.ModelFlags.Bind(f)
			o.BindKinds(f, &o.kinds, "kinds", "keyboard", "perturbation kinds the edits come from: "+strings.Join(kinds.Names(), ", "))
			f.IntIn(&o.maxWords, "max-words", attack.DefaultMaxWords, 1, math.MaxInt, "most words changed per sentence")
			f.IntIn(&o.queries, "queries", attack.DefaultQueries, 1, math.MaxInt, "query budget per sentence: sentences sent to the model, the original included")
			f.IntIn(&o.cands, "candidates", attack.DefaultCandidates, 1, attack.MaxCandidates, "edits tried per word and kind when choosing a word's best edit")
			f.String(&o.out, "output", "o", "", "write the adversarial set to `OUT` (required)")
			f.String(&o.log, "log", "", "", "write the change log to `FILE`")
			f.String(&o.random, "random", "", "", "write the random set (same number of changed words per sentence) to `FILE`")
			f.Output("output", false)
			f.Output("log", false)
			f.Output("random", false)
			f.Enum(&o.format, "format", "f", "text", []string{"text", "json"}, "summary format on stdout: text or json")
			f.Bool(&o.force, "force", "", false, "replace output files that exist")
			f.Bool(&o.quiet, "quiet", "q", false, cli.QuietUsage)
			o.Flags.Bind(f)
			bindScheme(f, &o.Spec.Scheme, "tag scheme of the input, checked before the attack: iob2, or iob1 or iobes (converted to IOB2 on the way in and back on the way out; an external model's tags are read in it)")
			o.repair.Bind(f, conll.RepairUsage)
		}, runAttack),
	})
}

func runAttack(ctx context.Context, e *env, o *attackOptions, args []string) error {
	e = e.Synced()
	if err := o.ModelFlags.Check("attack"); err != nil {
		return err
	}
	if len(args) != 1 {
		return usageErrorf("attack takes one input file (got %d)", len(args))
	}
	if o.out == "" {
		return usageErrorf("attack: -o OUT is required")
	}
	in := args[0]
	job := &attack.Job{Input: in, Model: o.Spec, Kinds: o.kinds, Version: version, Opener: corpora(e),
		Options: attack.Options{Selection: &o.Selection, MaxWords: o.maxWords, Queries: o.queries, Candidates: o.cands, Seed: o.Seed},
		Outputs: attack.Outputs{Set: o.out, Log: o.log, Random: o.random, Force: o.force}}
	// With its change log beside it, an attack is a stress set that
	// compare --build reads: OUT.manifest.json records it.
	if o.log != "" {
		job.Manifest = o.out + ".manifest.json"
		if err := job.CheckManifest(); err != nil {
			fmt.Fprintf(e.Stderr, "stress: attack: no manifest written: %v\n", err)
			job.Manifest = ""
		}
	}
	if err := checkOutputs(append([]string{in, o.Spec.File}, kinds.InputFiles(o.kinds)...), []string{o.out, o.log, o.random, job.Manifest}, o.force); err != nil {
		return err
	}

	job.Model.Name, job.Model.Stderr = "model", e.Stderr
	job.Repair = o.repair.Log(e.Stderr)
	defer o.repair.Done()
	done := func(int) {}
	if !o.quiet {
		done = job.ShowProgress(e.Stderr)
	}
	rep, warnings, err := job.Run(ctx)
	if err == nil {
		done(rep.Sentences)
	}
	tagger.WriteWarnings(e.Stderr, warnings)
	if err != nil {
		return kinds.SetupError(err)
	}
	return attack.WriteReport(e.Stdout, *rep, o.format)
}
