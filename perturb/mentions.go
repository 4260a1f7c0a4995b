package perturb

import (
	"fmt"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
)

// mentionStream names the random stream of mention selection: like word
// selection it is no perturbation's name, so every kind that selects
// mentions (synonym, abbreviation) changes the same mentions at a rate.
const mentionStream = "\x00mentions"

// SelectMentions returns, for each span of spans (the gold mentions of
// s, in order), whether a kind that selects whole mentions changes it at
// the given rate: a share rate of them, drawn from a generator seeded by
// seed and the sentence's content. Mentions with the same text (case
// folded) are drawn together, so a sentence never has one of two equal
// mentions changed and not the other. Every mention draws its number
// whatever the rate, and is selected when the number is below it, so
// what a rate selects is a subset of what any higher rate selects: a
// robustness curve's points are nested. Rate 1 selects every mention
// but those with a token s keeps (conll.Sentence.Keep).
func SelectMentions(seed uint64, rate float64, s conll.Sentence, spans []iob.Span) []bool {
	out := make([]bool, len(spans))
	if rate >= 1 {
		for i := range out {
			out[i] = true
		}
		return unkept(out, s, spans)
	}
	r := SentenceRand(seed, mentionStream, s)
	drawn := map[string]float64{}
	for i, sp := range spans {
		if sp.Start < 0 || sp.End > len(s.Tokens) || sp.Start >= sp.End {
			continue
		}
		key := strings.ToLower(strings.Join(s.Tokens[sp.Start:sp.End], " "))
		u, ok := drawn[key]
		if !ok {
			u = r.Float64()
			drawn[key] = u
		}
		out[i] = u < rate
	}
	return unkept(out, s, spans)
}

// unkept unselects the mentions of spans that have a token s keeps
// (conll.Sentence.Keep): its document format could not carry their
// replacement back into its annotations. The draws above ignore Keep,
// so the other mentions are selected as without it.
func unkept(selected []bool, s conll.Sentence, spans []iob.Span) []bool {
	if s.Keep == nil {
		return selected
	}
	for i, sp := range spans {
		for k := max(sp.Start, 0); k < sp.End; k++ {
			if s.Kept(k) {
				selected[i] = false
				break
			}
		}
	}
	return selected
}

// SelectionError is a selection option a kind cannot honour: the
// option (its JSON name, as OptionError has it), the value, the kind and
// why.
type SelectionError struct {
	Option, Value, Kind, Why string
}

func (e *SelectionError) Error() string {
	return fmt.Sprintf("%s %q: %s", e.Option, e.Value, e.Reason())
}

// Reason is the error without the option and value.
func (e *SelectionError) Reason() string { return e.Kind + " " + e.Why }

func (e *SelectionError) Unwrap() error { return ErrOption }

// CheckSelection reports a selection option that one of kinds would
// ignore, as a *SelectionError naming the option and the kind: every
// option a run is given is honoured or refused, never silently ignored.
// Kinds that change words honour them all. A kind that changes gold
// mentions only (Kind.Mentions) refuses Targets "context"; one that also
// chooses its own mentions (no UsesSelection) honours Rate (see
// SelectMentions) and Targets "all" or "entities" (the same for it), and
// refuses another Method or MinLength than the default; in a
// composition, where it gets every mention, it refuses a Rate below 1.
func CheckSelection(sel Selection, kinds ...*Kind) error {
	d := DefaultSelection()
	for _, k := range kinds {
		for _, part := range k.parts() {
			if !part.Mentions {
				continue
			}
			if sel.Targets == TargetsContext {
				return &SelectionError{"targets", sel.Targets, part.Name, "changes gold mentions only"}
			}
			if part.UsesSelection {
				continue
			}
			why := "replaces whole gold mentions, not selected words (--rate chooses how many)"
			switch {
			case sel.Method != d.Method:
				return &SelectionError{"select", sel.Method, part.Name, why}
			case sel.MinLength != d.MinLength:
				return &SelectionError{"min_length", fmt.Sprint(sel.MinLength), part.Name, why}
			case sel.Rate < 1 && len(k.components) > 0:
				return &SelectionError{"rate", fmt.Sprint(sel.Rate), k.Name, "changes every mention it can in a composition (" + part.Name + " selects its mentions only alone)"}
			}
		}
	}
	return nil
}

// parts returns the kinds k is made of: its components, or k itself.
func (k *Kind) parts() []*Kind {
	if len(k.components) > 0 {
		return k.components
	}
	return []*Kind{k}
}

// CheckSelectionOf is CheckSelection for resolved kinds (a plan's or a
// manifest's), looked up by name. A kind the registry does not know (a
// program's own perturbation) is not checked: nothing says what it does
// with a selection.
func CheckSelectionOf(sel Selection, mks []ManifestKind) error {
	for _, mk := range mks {
		k, err := Lookup(mk.Name)
		if err != nil {
			continue
		}
		if err := CheckSelection(sel, k); err != nil {
			return err
		}
	}
	return nil
}
