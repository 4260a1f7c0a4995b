package compare

import "github.com/stress-ner/stress/conll/score"

// Report is the outcome of a comparison. It marshals to the JSON that
// "stress compare --format json" prints.
type Report struct {
	Mode       string    `json:"mode"`       // "conlleval", "strict" or "semeval"
	Samples    int       `json:"samples"`    // bootstrap samples and shuffles
	Seed       uint64    `json:"seed"`       // seed of the resampling
	Confidence float64   `json:"confidence"` // level of the intervals
	Reference  string    `json:"reference"`  // set drops are measured against
	Test       string    `json:"test"`       // significance test used
	Sets       []SetInfo `json:"sets"`
	Types      []string  `json:"types"`
	Systems    []System  `json:"systems"`
	// Comparisons holds the paired test between every two systems on
	// every set both were run on.
	Comparisons []Comparison `json:"comparisons,omitempty"`
}

// SetInfo describes a gold set.
type SetInfo struct {
	Name             string `json:"name"`
	File             string `json:"file"`
	Sentences        int    `json:"sentences"`
	Tokens           int    `json:"tokens"`
	ChangeLog        bool   `json:"change_log"`
	ChangedSentences int    `json:"changed_sentences,omitempty"`
	ChangedTokens    int    `json:"changed_tokens,omitempty"`
	// NotMeasured marks an entity-level kind's set that changed fewer
	// than 1% of its gold mentions (stressset.Set.NotMeasured): its
	// scores are a near copy of the original's, and its drop is no
	// measurement. Reports print "not measured" for it.
	NotMeasured bool `json:"not_measured,omitempty"`
	// MentionsReplaced and Mentions are the gold mentions an
	// entity-level kind replaced, and all of them (absent for other
	// kinds).
	MentionsReplaced int `json:"mentions_replaced,omitempty"`
	Mentions         int `json:"mentions,omitempty"`
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
	// nil for the reference itself, or when the reference F1 is zero.
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
	// Errors sorts the gold and predicted entities by the kind of error.
	Errors    *score.ErrorCounts `json:"errors,omitempty"`
	Confusion Confusion          `json:"confusion"`
}

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
