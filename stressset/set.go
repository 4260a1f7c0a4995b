package stressset

import "github.com/stress-ner/stress/conll"

// Set is one gold corpus of a build: the original or a stress copy of
// it, with the tokens its perturbation changed.
type Set struct {
	// Name identifies the set in reports, e.g. "O", "keyboard".
	Name string
	// File is the gold file name, for error messages and reports.
	File string
	// Gold holds the gold sentences.
	Gold []conll.Sentence
	// Changed lists the tokens a perturbation changed in this set; nil
	// when unknown (e.g. the original set). It enables the perturbed vs
	// untouched scores.
	Changed []Span
	// NotMeasured is set for an entity-level kind's set that changed
	// fewer than perturb.MinMeasured of its gold mentions (see
	// perturb.Stats.NotMeasured): reports say "not measured" instead of
	// a drop. Replaced and Mentions are its gold mentions replaced and
	// all of them (0 for kinds that do not report mentions).
	NotMeasured        bool
	Replaced, Mentions int
}

// Span marks the tokens [Start, End) of sentence Sentence (0-based
// index in the set) as changed by a perturbation. Token positions are
// those of the perturbed sentence: a replacement by more or fewer
// tokens shifts the tokens after it (see ChangedSpans).
type Span struct {
	Sentence   int
	Start, End int
}
