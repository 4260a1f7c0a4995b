// Package experiment runs the experiments of Araujo et al. (BioNLP 2021)
// end to end: it builds augmented training sets (the paper's "O + K",
// "O + W" and "O + S"), trains and runs taggers over an original test set
// and its stress copies, and condenses a compare.Report into the paper's
// Table 3 (F1 per set and relative drop) and Table 4 (F1 of models trained
// on perturbed data).
//
// Perturbation itself is not done here: Augmenter drives perturb.Pipeline,
// so augmented sets get the same per-sentence seeding and the same output
// checks as "stress build".
package experiment

import "errors"

// Sentinel errors. Errors returned by this package wrap one of them.
var (
	// ErrOption means an augmentation or run option is invalid.
	ErrOption = errors.New("invalid option")
	// ErrNoData means there are no sentences to work on.
	ErrNoData = errors.New("no sentences")

	// Errors of ClearDir, wrapped in a *DirError: a directory that is
	// not empty (and may not be cleared), or that holds no build to
	// replace. One that holds an input wraps overwrite.ErrInput.
	ErrDirNotEmpty = errors.New("directory not empty")
	ErrNotBuild    = errors.New("directory not empty and not an earlier run")
)
