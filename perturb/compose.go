package perturb

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"github.com/stress-ner/stress/conll"
)

// compose returns the composition of ks that Lookup documents.
func compose(ks ...*Kind) (*Kind, error) {
	if len(ks) < 2 {
		return nil, fmt.Errorf("%w: a composition needs two kinds or more", ErrOption)
	}
	var names, suffixes []string
	var opts []Option
	seen := map[string]bool{}
	uses, mentions, measured := false, true, true
	for _, k := range ks {
		if seen[k.Name] {
			return nil, fmt.Errorf("%w: kind %s twice in a composition", ErrOption, k.Name)
		}
		seen[k.Name] = true
		names, suffixes = append(names, k.Name), append(suffixes, k.Suffix)
		for _, o := range k.Options {
			if !slices.ContainsFunc(opts, func(x Option) bool { return x.Name == o.Name }) {
				opts = append(opts, o) // an option two kinds share (see Register) is one
			}
		}
		uses = uses || k.UsesSelection
		mentions = mentions && k.Mentions
		measured = measured && k.MeasuredOnMentions
	}
	help := make([]string, len(ks))
	for i, k := range ks {
		help[i] = k.Name
	}
	return &Kind{
		Name:               strings.Join(names, "+"),
		Suffix:             strings.Join(suffixes, "+"),
		Help:               "apply " + strings.Join(help, ", then ") + " to the same sentences",
		Options:            opts,
		UsesSelection:      uses,
		Mentions:           mentions,
		MeasuredOnMentions: measured,
		components:         ks,
		New: func(m map[string]string) (Perturbation, error) {
			seq := &sequence{Names: names}
			for _, k := range ks {
				sub := map[string]string{}
				for _, o := range k.Options {
					if v, ok := m[o.Name]; ok {
						sub[o.Name] = v
					}
				}
				p, err := k.New(sub)
				if err != nil {
					seq.Close()
					return nil, err
				}
				seq.Steps = append(seq.Steps, p)
			}
			for _, p := range seq.Steps[:len(seq.Steps)-1] {
				if _, spans := p.(SentenceChecker); spans {
					seq.Close()
					return nil, fmt.Errorf("%w: %s may change the number of tokens, so it can only come last in a composition", ErrOption, kindOf(seq, p))
				}
			}
			return seq, nil
		},
	}, nil
}

func kindOf(q *sequence, p Perturbation) string {
	for i, s := range q.Steps {
		if s == p {
			return q.Names[i]
		}
	}
	return "?"
}

// sequence applies perturbations one after the other (see compose).
type sequence struct {
	Names []string // kind names, logged in Change.Kind
	Steps []Perturbation
}

// Components returns the names of the kinds composed, in order
// (composite): the changes of Perturb name them in Change.Kind.
func (q *sequence) Components() []string { return q.Names }

// Perturb applies every step to the output of the one before and
// returns the changes of all, ordered by token, then by step.
func (q *sequence) Perturb(s conll.Sentence, selected []bool, r *rand.Rand) (conll.Sentence, []Change) {
	cur := s
	var all []Change
	for k, p := range q.Steps {
		out, cs := p.Perturb(cur, selected, r)
		for i := range cs {
			cs[i].Kind = q.Names[k]
		}
		all = append(all, cs...)
		cur = out
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].Token < all[j].Token })
	return cur, all
}

func (q *sequence) step(kind string) (Perturbation, error) {
	for i, n := range q.Names {
		if n == kind {
			return q.Steps[i], nil
		}
	}
	return nil, fmt.Errorf("%w: kind %q is not part of %s", ErrInvalidChange, kind, strings.Join(q.Names, "+"))
}

// Check checks c with the step that made it.
func (q *sequence) Check(c Change) error {
	p, err := q.step(c.Kind)
	if err != nil {
		return err
	}
	return p.Check(c)
}

// CheckSentence replays the changes step by step: each step's changes
// must start from the text the steps before left and pass that step's
// own sentence check, and the last must give out.
func (q *sequence) CheckSentence(orig, out conll.Sentence, changes []Change) error {
	for _, c := range changes {
		if _, err := q.step(c.Kind); err != nil {
			return err
		}
	}
	cur := orig
	for k, p := range q.Steps {
		var cs []Change
		for _, c := range changes {
			if c.Kind == q.Names[k] {
				cs = append(cs, c)
			}
		}
		if k == len(q.Steps)-1 {
			if err := CheckSentence(p, cur, out, cs); err != nil {
				return fmt.Errorf("%s: %w", q.Names[k], err)
			}
			return nil
		}
		next := cur
		next.Tokens = append([]string(nil), cur.Tokens...)
		for _, c := range cs {
			if c.Token < 0 || c.End != c.Token+1 || c.End > len(next.Tokens) {
				return fmt.Errorf("%w: %s change of tokens [%d, %d) in a composition", ErrCheck, q.Names[k], c.Token+1, c.End+1)
			}
			next.Tokens[c.Token] = c.After
		}
		if err := CheckSentence(p, cur, next, cs); err != nil {
			return fmt.Errorf("%s: %w", q.Names[k], err)
		}
		cur = next
	}
	return nil
}

// Close closes the steps that are io.Closers.
func (q *sequence) Close() error {
	var errs []error
	for _, p := range q.Steps {
		if c, ok := p.(io.Closer); ok {
			errs = append(errs, c.Close())
		}
	}
	return errors.Join(errs...)
}
