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
	base     = iota // tags and plumbing that know no corpus
	corpora         // corpora, their formats and scoring, concept store
	perturb         // the kind contract, the pipeline, the kinds
	sets            // stress sets on disk: plan, make, manifest, change log, read back
	analysis        // comparing systems on sets; running taggers; judging sets (review)
	runs            // experiments and attacks: models over sets
	command         // the command line
)

// trees gives the layer of every package of the module by the tree it
// is in (import path relative to the module root): the package named or
// any below it, the longest match deciding. A new kind under perturb/ or
// a new format under conll/ is placed without a line here; a new tree
// is not placed until it has one.
var trees = map[string]int{
	"iob":      base,
	"internal": base,
	"report":   base, // the report formats: know no corpus

	"conll":           corpora,
	"internal/layout": corpora, // the layout of CoNLL files as perturbed sentences pass
	"sample":          corpora,
	"umls":            corpora,

	"perturb": perturb,
	// The generator of the synonym policy's evidence reads readings
	// through review.
	"perturb/synonym/internal/mkevidence": analysis,

	"stressset": sets,

	"compare": analysis,
	"review":  analysis, // reads sets and their change logs, runs no model
	"tagger":  analysis,

	"attack":     runs,
	"experiment": runs,

	"cmd":                  command,
	"internal/figures/gen": command, // measures the documents' figures by running stress
}

// layerOf returns the layer of the package at path (relative to the
// module root), and whether a tree of trees holds it.
func layerOf(path string) (int, bool) {
	best, n, ok := 0, -1, false
	for tree, layer := range trees {
		if (path == tree || len(path) > len(tree) && path[:len(tree)] == tree && path[len(tree)] == '/') && len(tree) > n {
			best, n, ok = layer, len(tree), true
		}
	}
	return best, ok
}
