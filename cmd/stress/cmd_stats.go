package main

import (
	"context"
	_ "embed"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/stressset"
)

// statsHelp is the usage of "stress stats": help/stats.txt.
//
//go:embed help/stats.txt
var statsHelp string

func init() {
	register(&command{
		Name:    "stats",
		Summary: "print corpus statistics (the paper's Table 2), perturbed vs original",
		Usage:   help(statsHelp),
		Bind: bind(func(f *flags, o *statsOptions) {
			f.String(&o.original, "original", "", "", "compare each FILE with this original `ORIG`: % tokens and entity tokens modified, mentions replaced")
			f.Input("original", nil)
			f.String(&o.manifest, "manifest", "", "", "print the statistics recorded in a build's `MANIFEST`, with synonym outcomes")
			f.Input("manifest", nil)
			Parsed(f, &o.scheme, "scheme", "", "iob2", iob.ParseScheme, "tag scheme of the files: iob2 (checked), or iob1 or iobes (converted, so that mentions are counted right)")
			o.repair.Bind(f, conll.RepairUsage)
		}, runStats),
	})
}

// statsOptions are the flags of "stress stats".
type statsOptions struct {
	original, manifest string
	scheme             iob.Scheme
	repair             conll.RepairFlag
}

func runStats(_ context.Context, e *env, o *statsOptions, args []string) error {
	origPath := o.original
	if manifest := o.manifest; manifest != "" {
		if len(args) > 0 || origPath != "" {
			return usageErrorf("stats: --manifest cannot be combined with files or --original")
		}
		return stressset.WriteManifestStats(e.Stdout, manifest)
	}
	if len(args) == 0 {
		return usageErrorf("stats: no input files")
	}
	// Standard input may be the original and a FILE: it is kept.
	defer o.repair.Done()
	rows, err := perturb.FilesStats(corpora(e), args, origPath, o.scheme, o.repair.Log(e.Stderr))
	if err != nil {
		return err
	}
	return perturb.WriteTable(e.Stdout, rows)
}
