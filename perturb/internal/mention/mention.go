// Package mention holds what the perturbations that replace whole gold
// mentions by other text (synonym, entity-swap) share: the replacement
// with realigned tags, and the check of its output.
package mention

import (
	"fmt"
	"slices"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
)

// Replace returns s with n mentions replaced, the k-th (spans
// sorted by start, not overlapping) being edit(k): its span of s and the
// tokens that take its place, tagged by iob.Replace (B-TYPE on the first
// new token, I-TYPE on the others), with the other columns of s (CoNLL
// columns, JSON Lines per-token lists) carried over by conll.Realign.
// It returns s and false when a span is not one iob.Replace can
// realign, which never happens for the spans of valid IOB2. s is not
// modified.
func Replace(s conll.Sentence, n int, edit func(k int) (iob.Span, []string)) (conll.Sentence, bool) {
	if out, ok := replaceWhole(s, n, edit); ok {
		return out, true
	}
	out := s
	out.Tokens = slices.Clone(s.Tokens)
	out.Tags = slices.Clone(s.Tags)
	edits := make([]conll.Edit, n)
	// Right to left, so that the spans still to do keep their offsets.
	for k := n - 1; k >= 0; k-- {
		sp, toks := edit(k)
		tags, err := iob.Replace(out.Tags, sp.Start, sp.End, len(toks))
		if err != nil {
			return s, false
		}
		out.Tags = tags
		out.Tokens = slices.Replace(out.Tokens, sp.Start, sp.End, toks...)
		edits[k] = conll.Edit{Start: sp.Start, End: sp.End, N: len(toks)}
	}
	out, err := conll.Realign(s, out, edits)
	if err != nil {
		return s, false
	}
	return out, true
}

// replaceWhole is Replace in one pass, for when every span is a whole
// entity of s (as iob.Decode reads IOB2) replaced by one token or more,
// as synonym's and entity-swap's are: the tags iob.Replace gives then are
// B-TYPE and I-TYPE on the new tokens, and nothing else changes (the tag
// after an entity cannot continue it). Replacing span after span with
// iob.Replace costs the sentence's length per mention, minutes for a
// sentence of 100,000 tokens. Other columns are carried over as Replace
// carries them. It returns false for anything else.
func replaceWhole(s conll.Sentence, n int, edit func(k int) (iob.Span, []string)) (conll.Sentence, bool) {
	spans, err := iob.Decode(s.Tags, iob.IOB2)
	if err != nil {
		return s, false
	}
	out := s
	out.Tokens = make([]string, 0, len(s.Tokens)+n)
	out.Tags = make([]string, 0, len(s.Tags)+n)
	edits := make([]conll.Edit, n)
	prev, j := 0, 0 // next token of s, next span of spans
	for k := range n {
		sp, toks := edit(k)
		for j < len(spans) && spans[j].Start < sp.Start {
			j++
		}
		if j == len(spans) || spans[j].Start != sp.Start || spans[j].End != sp.End || sp.Start < prev || len(toks) == 0 {
			return s, false
		}
		typ := spans[j].Type
		out.Tokens = append(append(out.Tokens, s.Tokens[prev:sp.Start]...), toks...)
		out.Tags = append(append(out.Tags, s.Tags[prev:sp.Start]...), "B-"+typ)
		for range len(toks) - 1 {
			out.Tags = append(out.Tags, "I-"+typ)
		}
		edits[k] = conll.Edit{Start: sp.Start, End: sp.End, N: len(toks)}
		prev = sp.End
	}
	out.Tokens = append(out.Tokens, s.Tokens[prev:]...)
	out.Tags = append(out.Tags, s.Tags[prev:]...)
	out, err = conll.Realign(s, out, edits)
	return out, err == nil
}

// Check is the check of perturbations that replace whole gold mentions
// by other text (synonyms, entity swaps), for their
// perturb.SentenceChecker: out must be valid IOB2 with the same
// entities as orig (count and types, in order), context tokens
// unchanged and never empty, and every changed mention covered by one
// logged change whose texts match. Errors wrap perturb.ErrCheck.
func Check(orig, out conll.Sentence, changes []perturb.Change) error {
	if len(changes) == 0 && len(out.Tokens) == len(out.Tags) && sameStrings(orig.Tokens, out.Tokens) && sameStrings(orig.Tags, out.Tags) && !slices.Contains(out.Tokens, "") {
		// A sentence left whole, as most are: the same entities, the
		// same context, no empty token, nothing logged; checkChanged
		// would find nothing, at the cost of its spans, a map and the
		// texts of its mentions (issue 34). TestCheckWhole compares.
		return nil
	}
	return checkChanged(orig, out, changes)
}

// sameStrings is slices.Equal(a, b), true at once when b is a (a
// sentence left whole is its original, slices and all).
func sameStrings(a, b []string) bool {
	if len(a) == len(b) && len(a) > 0 && &a[0] == &b[0] {
		return true
	}
	return slices.Equal(a, b)
}

// checkChanged is Check of a sentence that may have changed.
func checkChanged(orig, out conll.Sentence, changes []perturb.Change) error {
	if len(out.Tokens) != len(out.Tags) {
		return fmt.Errorf("%w: %d tokens but %d labels", perturb.ErrCheck, len(out.Tokens), len(out.Tags))
	}
	if len(changes) > 0 {
		if v := iob.Validate(out.Tags, iob.IOB2); len(v) > 0 {
			return fmt.Errorf("%w: output is not valid IOB2: %v", perturb.ErrCheck, v[0])
		}
	}
	os, ps := iob.Spans(orig.Tags), iob.Spans(out.Tags)
	if len(os) != len(ps) {
		return fmt.Errorf("%w: %d entities became %d", perturb.ErrCheck, len(os), len(ps))
	}
	byStart := map[int]perturb.Change{}
	for _, c := range changes {
		byStart[c.Token] = c
	}
	used := 0
	oi, pi := 0, 0 // next token of orig and out
	for k := range os {
		o, p := os[k], ps[k]
		if o.Type != p.Type {
			return fmt.Errorf("%w: entity %d: type %s became %s", perturb.ErrCheck, k+1, o.Type, p.Type)
		}
		if err := sameContext(orig.Tokens[oi:o.Start], out.Tokens[pi:p.Start], oi); err != nil {
			return err
		}
		before := strings.Join(orig.Tokens[o.Start:o.End], " ")
		after := strings.Join(out.Tokens[p.Start:p.End], " ")
		c, logged := byStart[o.Start]
		switch {
		case logged:
			used++
			if c.End != o.End || c.Before != before || c.After != after {
				return fmt.Errorf("%w: token %d: logged %q -> %q but text is %q -> %q",
					perturb.ErrCheck, o.Start+1, c.Before, c.After, before, after)
			}
		case before != after:
			return fmt.Errorf("%w: token %d: %q became %q without a logged change", perturb.ErrCheck, o.Start+1, before, after)
		}
		if after == "" {
			return fmt.Errorf("%w: entity %d became empty", perturb.ErrCheck, k+1)
		}
		oi, pi = o.End, p.End
	}
	if used != len(changes) {
		return fmt.Errorf("%w: %d changes do not match an entity", perturb.ErrCheck, len(changes)-used)
	}
	return sameContext(orig.Tokens[oi:], out.Tokens[pi:], oi)
}

// sameContext checks that the context tokens a (original) and b
// (output) are the same; offset is the index of a[0] in the sentence.
func sameContext(a, b []string, offset int) error {
	if len(a) != len(b) {
		return fmt.Errorf("%w: context before token %d: %d tokens became %d", perturb.ErrCheck, offset+len(a)+1, len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			return fmt.Errorf("%w: context token %d: %q became %q", perturb.ErrCheck, offset+i+1, a[i], b[i])
		}
		if b[i] == "" {
			return fmt.Errorf("%w: token %d became empty", perturb.ErrCheck, offset+i+1)
		}
	}
	return nil
}

// Apply is Replace for a kind's planned edits: the k-th edit(k) gives
// its span of s, the tokens that take its place and the change to log,
// whose Token, End, Before and After Apply fills in. It returns s and no
// changes when n is 0 or Replace cannot realign (never for valid IOB2,
// and then the sentence is left whole rather than written broken).
func Apply(s conll.Sentence, n int, edit func(k int) (iob.Span, []string, perturb.Change)) (conll.Sentence, []perturb.Change) {
	if n == 0 {
		return s, nil
	}
	changes := make([]perturb.Change, n)
	out, ok := Replace(s, n, func(k int) (iob.Span, []string) {
		sp, toks, c := edit(k)
		c.Token, c.End = sp.Start, sp.End
		c.Before, c.After = strings.Join(s.Tokens[sp.Start:sp.End], " "), strings.Join(toks, " ")
		changes[k] = c
		return sp, toks
	})
	if !ok {
		return s, nil
	}
	return out, changes
}

// Outcomes pairs each gold mention of s, in order, with its type and the
// outcome a kind's plan gave it (outcomes[k] for the k-th mention);
// mentions past the end of outcomes (s is not valid IOB2 and the plan
// left it whole) get unplanned.
func Outcomes(s conll.Sentence, outcomes []string, unplanned string) []perturb.MentionOutcome {
	return OutcomesOf(iob.Spans(s.Tags), outcomes, unplanned)
}

// OutcomesOf is Outcomes of a sentence whose gold mentions are spans
// (iob.Spans of its tags), which a kind's plan has made already.
func OutcomesOf(spans []iob.Span, outcomes []string, unplanned string) []perturb.MentionOutcome {
	return AppendOutcomes(make([]perturb.MentionOutcome, 0, len(spans)), spans, outcomes, unplanned)
}

// AppendOutcomes is OutcomesOf appending to dst.
func AppendOutcomes(dst []perturb.MentionOutcome, spans []iob.Span, outcomes []string, unplanned string) []perturb.MentionOutcome {
	for k, sp := range spans {
		o := unplanned
		if k < len(outcomes) {
			o = outcomes[k]
		}
		dst = append(dst, perturb.MentionOutcome{Type: sp.Type, Outcome: o})
	}
	return dst
}
