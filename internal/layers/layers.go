// Package layers states the order of the module's packages: data flows
// one way (read → select → perturb → realign → check → write, then tag →
// compare → report), and so do imports. A package may import packages of
// its own layer or of a lower one, never of a higher one; the test of
// this package reads "go list -deps" and fails on an upward import, and
// on a package missing from the table, so that a new package is placed
// on purpose.
package layers

// Layer numbers, lowest first.
const (
	Base     = iota // tags and plumbing that know no corpus
	Corpora         // corpora, their formats and scoring, concept store
	Perturb         // the kind contract, the pipeline, the kinds
	Sets            // stress sets on disk: plan, make, manifest, change log, read back
	Analysis        // comparing systems on sets; running taggers
	Runs            // experiments, attacks, reviews: models over sets
	Command         // the command line
)

// Of gives the layer of every package of the module, by import path
// relative to the module root.
var Of = map[string]int{
	"iob":                 Base,
	"internal/atomicfile": Base,
	"internal/cli":        Base,
	"internal/htmlpage":   Base,
	"internal/jsonenc":    Base,
	"internal/layers":     Base,
	"internal/limits":     Base,
	"internal/overwrite":  Base,
	"internal/progress":   Base,
	"internal/readme":     Base, // the test that runs README.md's command blocks
	"internal/termfile":   Base,
	"internal/textutil":   Base,

	"conll":                   Corpora,
	"conll/bioc":              Corpora,
	"conll/brat":              Corpora,
	"conll/formats":           Corpora,
	"conll/pubtator":          Corpora,
	"conll/score":             Corpora,
	"conll/standoff":          Corpora,
	"internal/layout":         Corpora, // the layout of CoNLL files as perturbed sentences pass
	"sample":                  Corpora,
	"umls":                    Corpora,
	"umls/internal/mkdefault": Corpora,

	"perturb":                                   Perturb,
	"perturb/abbreviation":                      Perturb,
	"perturb/casing":                            Perturb,
	"perturb/delete":                            Perturb,
	"perturb/entityswap":                        Perturb,
	"perturb/insert":                            Perturb,
	"perturb/internal/abbrev":                   Perturb,
	"perturb/internal/concepts":                 Perturb,
	"perturb/internal/english":                  Perturb,
	"perturb/internal/english/internal/mkvocab": Perturb,
	"perturb/internal/mention":                  Perturb,
	"perturb/keyboard":                          Perturb,
	"perturb/kinds":                             Perturb,
	"perturb/ocr":                               Perturb,
	"perturb/pos":                               Perturb,
	"perturb/spelling":                          Perturb,
	"perturb/swap":                              Perturb,
	"perturb/synonym":                           Perturb,
	"perturb/synonym/internal/mkorgan":          Perturb,

	"stressset": Sets,

	"compare": Analysis,
	"tagger":  Analysis,

	"attack":     Runs,
	"experiment": Runs,

	"cmd/stress": Command,
}
