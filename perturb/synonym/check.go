package synonym

import (
	"fmt"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/internal/english"
	"github.com/stress-ner/stress/perturb/internal/mention"
	"github.com/stress-ner/stress/umls"
)

// Check reports whether c is a valid synonym change: its replacement is
// a name of the concept it was looked up in.
func (r *Replacer) Check(c perturb.Change) error {
	switch c.Source {
	case sourceOrgan, sourceCurated, sourceElements, sourceNotation:
		if !checkExtra(c) {
			return fmt.Errorf("%w: %q -> %q is no %s %s", perturb.ErrInvalidChange, c.Before, c.After, c.Source, c.TermType)
		}
		return nil
	}
	if c.ConceptID == "" {
		return fmt.Errorf("%w: replacement %q without a concept", perturb.ErrInvalidChange, c.After)
	}
	terms, err := r.store.Terms(c.ConceptID)
	if err != nil {
		return fmt.Errorf("%w: terms of %s: %v", perturb.ErrInvalidChange, c.ConceptID, err)
	}
	// Replacements are respelled (english.CorpusSpelling), re-cased and put in
	// the mention's number: compare modulo those.
	after := english.TrivialKey(english.LookupForm(c.After))
	for _, t := range terms {
		if english.TrivialKey(english.LookupForm(english.CorpusSpelling(t.String, c.After))) == after {
			return nil
		}
	}
	return fmt.Errorf("%w: %q is not a name of %s", perturb.ErrInvalidChange, c.After, c.ConceptID)
}

// CheckSentence verifies out against orig: the same entities (count and
// types, in order), context tokens unchanged, valid IOB2, and every
// changed mention covered by one logged change whose texts match.
func (r *Replacer) CheckSentence(orig, out conll.Sentence, changes []perturb.Change) error {
	var buf [16]iob.Span // most sentences have fewer mentions: no slice to make
	return r.CheckSentenceSpans(orig, out, changes, iob.AppendSpans(buf[:0], orig.Tags))
}

// CheckSentenceSpans is CheckSentence of orig whose gold mentions are
// spans (iob.Spans of its tags; perturb.SpanChecker).
func (r *Replacer) CheckSentenceSpans(orig, out conll.Sentence, changes []perturb.Change, spans []iob.Span) error {
	// Failed lookups would silently lower the figures: report them.
	for _, sp := range spans {
		if a := r.analysisOf(sp.Type, orig.Tokens[sp.Start:sp.End]); a.Err != nil {
			return fmt.Errorf("%w: %v", perturb.ErrCheck, a.Err)
		}
	}
	return mention.Check(orig, out, changes)
}

// MentionOutcomes returns, for each gold mention of s in order, its type
// and outcome (an Outcome* constant), without context.
func (r *Replacer) MentionOutcomes(s conll.Sentence) []perturb.MentionOutcome {
	return r.MentionOutcomesInDocument(nil, s)
}

// MentionOutcomesInDocument returns, for each gold mention of s in order,
// its type and outcome (an Outcome* constant) as PerturbInDocument decides
// it (perturb.DocumentPerturbation).
func (r *Replacer) MentionOutcomesInDocument(doc perturb.DocState, s conll.Sentence) []perturb.MentionOutcome {
	sc, _ := doc.(*sentenceContext)
	_, outcomes, spans := r.plans.plan(r, sc, s, true)
	return mention.OutcomesOf(spans, outcomes, outcomeFiltered) // not valid IOB2: left whole
}

// isAbbreviation reports whether s looks like an abbreviation or symbol
// (see umls.IsAbbreviation, where the concept store's builder can use it
// too).
func isAbbreviation(s string) bool { return umls.IsAbbreviation(s) }
