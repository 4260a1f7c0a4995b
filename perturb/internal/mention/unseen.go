package mention

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/umls"
)

// MentionsOf returns the gold mentions of the corpora at paths, as Keys:
// the names a model trained on them has seen (the option unseen-in of
// entity swap and synonym replacement). Each corpus passes the checks of
// any corpus: it holds a sentence, and its tags are valid IOB2, or
// valid IOBES (a training corpus of a run with --scheme iobes), read as
// such; an unknown tag or an I- after O is an error at its line, not a
// mention its annotators did not mean.
func MentionsOf(paths ...string) (map[string]bool, error) {
	return mentionsOf(paths, nil)
}

// MentionsOfRepaired is MentionsOf with invalid tag transitions read as
// conlleval reads them (an I- after O starts an entity), as a run with
// --repair reads its training corpora.
func MentionsOfRepaired(paths ...string) (map[string]bool, error) {
	return mentionsOf(paths, func(conll.Repair) {})
}

func mentionsOf(paths []string, repair func(conll.Repair)) (map[string]bool, error) {
	out := map[string]bool{}
	for _, p := range paths {
		c, err := conll.ReadCorpus(p, conll.ReadOptions{Scheme: iob.IOB2, Repair: repair})
		var se *iob.SchemeError
		if errors.As(err, &se) {
			if fit, ferr := conll.FitSchemes(p); ferr == nil && slices.Contains(fit.Valid, iob.IOBES) {
				c, err = conll.ReadCorpus(p, conll.ReadOptions{Scheme: iob.IOBES})
			}
		}
		if err != nil {
			return nil, fmt.Errorf("unseen-in: %w", err)
		}
		AddMentions(out, c.Sentences)
	}
	return out, nil
}

// AddMentions adds the gold mentions of sents to keys, as Keys.
func AddMentions(keys map[string]bool, sents []conll.Sentence) {
	for _, s := range sents {
		for _, sp := range iob.Spans(s.Tags) {
			if sp.End <= len(s.Tokens) {
				keys[Key(strings.Join(s.Tokens[sp.Start:sp.End], " "))] = true
			}
		}
	}
}

// Key is the form in which names are compared: umls.Normalize (case
// folded, dashes and apostrophes unified) without spaces, so that no
// tokenization ("peau d ' orange", "5 - FU") hides a name.
func Key(name string) string { return strings.ReplaceAll(umls.Normalize(name), " ", "") }
