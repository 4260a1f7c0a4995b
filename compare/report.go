package compare

import "github.com/stress-ner/stress/conll/score"

// Report is the outcome of a comparison. It marshals to the JSON that
// "stress compare --format json" prints.
type Report struct {
	// Provenance names the inputs, systems, kinds, seed and tool the
	// figures come from; nil when the caller did not give it.
	Provenance *Provenance `json:"provenance,omitempty"`
	Mode       string      `json:"mode"`       // "conlleval", "strict" or "semeval"
	Samples    int         `json:"samples"`    // bootstrap samples and shuffles
	Seed       uint64      `json:"seed"`       // seed of the resampling
	Confidence float64     `json:"confidence"` // level of the intervals
	Reference  string      `json:"reference"`  // set drops are measured against
	Test       string      `json:"test"`       // significance test used
	Sets       []SetInfo   `json:"sets"`
	Types      []string    `json:"types"`
	Systems    []System    `json:"systems"`
	// Comparisons holds the paired test between every two systems on
	// every set both were run on.
	Comparisons []Comparison `json:"comparisons,omitempty"`
	// Examples are, per stress set, a few seeded sentences where a
	// system failed on the perturbed text.
	Examples []Example `json:"examples,omitempty"`
}

// SetInfo describes a gold set.
type SetInfo struct {
	Name      string `json:"name"`
	File      string `json:"file"`
	Sentences int    `json:"sentences"`
	// Tokens are the reference's (the original's), ChangedTokens those of
	// them a change of the change log covers, as stress build counts them
	// (perturb.Stats.TokensModified): the share it prints as "% tokens
	// mod.".
	Tokens           int  `json:"tokens"`
	ChangeLog        bool `json:"change_log"`
	ChangedSentences int  `json:"changed_sentences,omitempty"`
	ChangedTokens    int  `json:"changed_tokens,omitempty"`
	// Kind is the kind that made the set ("" for the reference and for
	// sets not described, see Comparer.Describe).
	Kind string `json:"kind,omitempty"`
	// Mentions are the set's gold mentions, ChangedMentions those that
	// cover a changed token; Types gives both per entity type.
	Mentions        int          `json:"mentions"`
	ChangedMentions int          `json:"changed_mentions,omitempty"`
	Types           []TypeChange `json:"types,omitempty"`
	// Target is what the set's kind changes, "mentions" or "tokens"
	// (empty without a change log); ChangedShare is the percentage of
	// them it changed (0 as well without a change log, as for the
	// reference).
	Target       string  `json:"target,omitempty"`
	ChangedShare float64 `json:"changed_share"`
	// NotMeasured is set when the set changed under minChangedShare of
	// its targets, or when its entity-level kind replaced under 1% of
	// the gold mentions (stressset.Set.NotMeasured): it is a near copy
	// of the reference and its F1 and drop measure nothing. Reports
	// print "not measured" for it.
	NotMeasured bool `json:"not_measured,omitempty"`
	// MentionsReplaced are the gold mentions an entity-level kind
	// replaced, as its perturbation counted them: absent for other
	// kinds, and there, 0 included, for an entity-level kind's set, so
	// that a set that replaced nothing says so.
	MentionsReplaced *int `json:"mentions_replaced,omitempty"`
}

// TypeChange counts one entity type's gold mentions in a set and those
// covering a changed token.
type TypeChange struct {
	Type     string `json:"type"`
	Mentions int    `json:"mentions"`
	Changed  int    `json:"changed"`
	// NotMeasured is set when the set changed under minChangedShare of
	// the type's mentions: the type's drop would measure nothing, and no
	// report gives one (TypeScore.NotMeasured).
	NotMeasured bool `json:"not_measured,omitempty"`
}

// System holds one system's results, one per set in set order.
type System struct {
	Name    string   `json:"name"`
	Results []Result `json:"results"`
}

// Result is a system's score on one set.
type Result struct {
	Set      string      `json:"set"`
	File     string      `json:"file"`
	Accuracy float64     `json:"accuracy"` // token accuracy, percent
	Overall  Score       `json:"overall"`
	Types    []TypeScore `json:"types"`
	// Drop is the relative drop of overall F1 from the reference set;
	// nil for the reference itself, when the reference F1 is zero, and
	// for a set not measured (SetInfo.NotMeasured), whose drop would
	// measure nothing.
	Drop *Drop `json:"drop,omitempty"`
	// Perturbed scores the entities (gold or predicted) that cover a
	// changed token, Untouched the others; nil without a change log.
	Perturbed *Score `json:"perturbed,omitempty"`
	Untouched *Score `json:"untouched,omitempty"`
	// RefPerturbed and RefUntouched score the same split of entities on
	// the reference set (the original, before the perturbation), so that
	// "perturbed entities are harder" can be told from "these entities
	// were harder anyway"; nil for the reference and without a change log.
	RefPerturbed *Score `json:"reference_perturbed,omitempty"`
	RefUntouched *Score `json:"reference_untouched,omitempty"`
	// ChangedDiff is Perturbed's F1 minus RefPerturbed's, in points, with
	// its paired bootstrap interval: what the system lost on the
	// entities the set changed, against the same entities before the
	// change. nil when either is missing or has no entities.
	ChangedDiff *Drop `json:"changed_difference,omitempty"`
	// Errors sorts the gold and predicted entities by the kind of error.
	Errors    *score.ErrorCounts `json:"errors,omitempty"`
	Confusion Confusion          `json:"confusion"`
	// TypeConfusion counts gold entities by the type the system gave
	// them (see TypePair); with one entity type it only tells missed
	// from found.
	TypeConfusion []TypePair `json:"type_confusion,omitempty"`
}

// TypePair counts the gold entities of type Gold that the system
// predicted as type Pred: the type of the prediction with the same
// boundaries, or else of the prediction overlapping it most; Pred is
// noEntity for a gold entity no prediction overlaps, and Gold is
// noEntity for a prediction overlapping no gold entity.
type TypePair struct {
	Gold string `json:"gold"`
	Pred string `json:"pred"`
	N    int    `json:"n"`
}

// noEntity stands for "no entity" in a TypePair.
const noEntity = "(none)"

// Score holds entity counts and the derived measures in percent.
type Score struct {
	Gold      int     `json:"gold"`
	Pred      int     `json:"pred"`
	Correct   int     `json:"correct"`
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	F1        float64 `json:"f1"`
	// F1CI is the bootstrap interval of F1; nil without resampling.
	F1CI *Interval `json:"f1_ci,omitempty"`
}

// TypeScore is the Score of one entity type.
type TypeScore struct {
	Type string `json:"type"`
	Score
	// Drop is the relative drop of the type's F1 from the reference
	// set; nil for the reference, when the type's reference F1 is 0, and
	// when the type is not measured.
	Drop *Drop `json:"drop,omitempty"`
	// NotMeasured is set when the set changed under minChangedShare of
	// the type's gold mentions (a synonym set on a gene type the
	// lexicons do not cover): its scores are those of a near copy of the
	// reference, and reports say "not measured" rather than a drop of 0.
	NotMeasured bool `json:"not_measured,omitempty"`
}

// Drop is a relative drop in percent of the reference F1.
type Drop struct {
	Value float64   `json:"value"`
	CI    *Interval `json:"ci,omitempty"`
}

// Interval is a percentile bootstrap confidence interval.
type Interval struct {
	Low  float64 `json:"low"`
	High float64 `json:"high"`
	// Entities is the number of gold entities the interval rests on;
	// Note says in words when they are too few (under minEntities) for
	// the interval to mean much.
	Entities int    `json:"entities"`
	Note     string `json:"note,omitempty"`
}

// Comparison is the paired test of two systems on one set.
type Comparison struct {
	Set string  `json:"set"`
	A   string  `json:"a"`
	B   string  `json:"b"`
	F1A float64 `json:"f1_a"`
	F1B float64 `json:"f1_b"`
	// Diff is F1A - F1B with its paired bootstrap interval.
	Diff Drop `json:"diff"`
	// P is the two-sided p-value of the approximate randomization test;
	// -1 when no shuffles were run.
	P float64 `json:"p"`
	// PFloor is set when no shuffle reached the observed difference: P
	// is then the smallest value the test can give, 1/(shuffles+1), and
	// the true p-value is below it.
	PFloor bool `json:"p_at_floor,omitempty"`
}

// Example is one sentence of a stress set on which a system failed,
// shown beside its original: the tokens of both, the gold mentions of
// both, and each system's predictions on both.
type Example struct {
	Set       string   `json:"set"`
	Sentence  int      `json:"sentence"` // 1-based, the same in every set
	File      string   `json:"file"`
	Line      int      `json:"line,omitempty"` // of the sentence in File
	Original  []string `json:"original"`
	Perturbed []string `json:"perturbed"`
	// Changed marks the perturbed tokens the kind changed.
	Changed      []bool          `json:"changed"`
	OriginalGold []Mention       `json:"original_gold"`
	Gold         []Mention       `json:"gold"`
	Systems      []ExampleSystem `json:"systems"`
}

// ExampleSystem is one system's predictions on an Example.
type ExampleSystem struct {
	System     string    `json:"system"`
	OnOriginal []Mention `json:"on_original"`
	Predicted  []Mention `json:"predicted"`
	// Failed is set when the predictions on the perturbed sentence
	// differ from its gold mentions, FailedOriginal on the original.
	Failed         bool `json:"failed"`
	FailedOriginal bool `json:"failed_original"`
}

// Mention is an entity: tokens [Start, End) of its sentence and type.
type Mention struct {
	Start int    `json:"start"`
	End   int    `json:"end"`
	Type  string `json:"type"`
}

// result returns the result of system on set, or nil.
func (r *Report) result(system, set string) *Result {
	for i := range r.Systems {
		if r.Systems[i].Name != system {
			continue
		}
		for j := range r.Systems[i].Results {
			if r.Systems[i].Results[j].Set == set {
				return &r.Systems[i].Results[j]
			}
		}
	}
	return nil
}
