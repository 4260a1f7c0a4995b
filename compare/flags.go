package compare

// The command-line options of "stress compare", declared once here,
// where the Comparer they set is.

import (
	"errors"
	"fmt"
	"strings"

	"github.com/stress-ner/stress/conll/score"
	"github.com/stress-ner/stress/internal/cli"
	"github.com/stress-ner/stress/report"
)

// Flags are the options of "stress compare": the sets and predictions
// to compare (a build with --pred, or --gold with --pred-file), the
// Comparer's settings and the report.
type Flags struct {
	Comparer                    *Comparer
	Build, Input, Changes, HTML string
	Preds                       []Predictions
	Golds                       []GoldFile
	PredFiles                   []PredictionFile
	Format                      report.Format
	Force                       bool
	Levels                      []string
	// Set reports whether a flag was given.
	Set func(name string) bool
}

// Bind binds the flags of "stress compare".
func (o *Flags) Bind(f *cli.Flags) {
	o.Comparer = New()
	c := o.Comparer
	f.String(&o.Build, "build", "", "", "build directory with manifest.json, or a manifest file (an attack's OUT.manifest.json)")
	f.String(&o.Input, "input", "", "", "input of the build to compare on, by name (needed when the build has several)")
	cli.ParsedList(f, &o.Preds, "pred", parsePredictions, "system predictions as `NAME=DIR` (repeatable)")
	cli.ParsedList(f, &o.Golds, "gold", parseGoldFile, "gold set as `[SET=]FILE` (repeatable; without SET=, the original set, named O)")
	f.Check("gold", func() error { return distinctSets(o.Golds) })
	f.Input("gold", func(v string) []string {
		g, err := parseGoldFile(v)
		if err != nil {
			return nil
		}
		return []string{g.Path}
	})
	cli.ParsedList(f, &o.PredFiles, "pred-file", parsePredictionFile, "prediction file as `NAME[:SET]=FILE` (repeatable)")
	f.Input("pred-file", func(v string) []string {
		if _, file, ok := strings.Cut(v, "="); ok {
			return []string{file}
		}
		return nil
	})
	f.String(&o.Changes, "changes", "", "", "change log (changes.tsv) for --gold sets, matched by file name")
	f.Input("changes", nil)
	f.String(&c.Reference, "reference", "", "", "set drops are measured against (default: the original, or the first --gold)")
	cli.Parsed(f, &c.Eval.Mode, "mode", "", "conlleval", score.ParseMode, "span semantics: conlleval, strict (seqeval's strict mode under --scheme) or semeval (nervaluate's entities, exact matches)")
	cli.Parsed(f, &c.Eval.Scheme, "scheme", "", "iob2", score.ParseStrictScheme, "tag scheme of --mode strict: iob1, iob2, ioe1, ioe2, iobes or bilou")
	f.Check("scheme", func() error {
		if f.Changed("scheme") && c.Eval.Mode != score.ModeStrict {
			return errors.New("applies to --mode strict only")
		}
		return nil
	})
	f.IntIn(&c.Samples, "samples", 1000, 0, MaxSamples, "bootstrap samples and randomization shuffles (0: none)")
	f.Uint64(&c.Seed, "seed", 1, "seed of the resampling")
	f.Float64(&c.Confidence, "confidence", 0.95, "confidence level of the intervals")
	f.Check("confidence", func() error {
		if c.Confidence <= 0 || c.Confidence >= 1 {
			return fmt.Errorf("%v: must be between 0 and 1", c.Confidence)
		}
		return nil
	})
	cli.Parsed(f, &o.Format, "format", "f", "text", report.Parse, "output format: "+report.Choices())
	f.String(&o.HTML, "html", "", "", "also write a self-contained HTML report to `FILE`")
	f.Output("html", false)
	f.Bool(&o.Force, "force", "", false, "replace the --html file if it exists")
	f.List(&o.Levels, "level", "", "score PubTator or BioC predictions at the BioCreative V CDR levels instead: mention, id, relation (comma-separated; with --build and --pred; see docs/normalisation.md)")
	o.Set = f.Changed
}

// distinctSets refuses two gold files of one set name, saying which:
// every file given without SET= is the original set, O, so a second
// one is most likely a stress set its user forgot to name.
func distinctSets(golds []GoldFile) error {
	seen := make(map[string]string, len(golds))
	for _, g := range golds {
		if first, ok := seen[g.Set]; ok {
			hint := ""
			if g.Set == "O" {
				hint = " (a file without SET= is the original set, O: name the others SET=FILE)"
			}
			return fmt.Errorf("set %s %w: %s and %s%s", g.Set, ErrDuplicate, first, g.Path, hint)
		}
		seen[g.Set] = g.Path
	}
	return nil
}
