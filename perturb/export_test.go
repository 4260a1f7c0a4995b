package perturb

// The pipeline's fast path for WordEditors, for the external tests that
// compare it with the kinds' Perturb (they need the kind packages, which
// import this one).
var (
	AppendEdits = appendEdits
	ApplyEdits  = applyEdits
)
