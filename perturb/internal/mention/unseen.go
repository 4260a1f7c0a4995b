package mention

import (
	"fmt"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/umls"
)

// MentionsOf returns the gold mentions of the corpora at paths, as Keys:
// the names a model trained on them has seen (the option unseen-in of
// entity swap and synonym replacement).
func MentionsOf(paths ...string) (map[string]bool, error) {
	out := map[string]bool{}
	for _, p := range paths {
		sents, err := conll.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("unseen-in: %w", err)
		}
		AddMentions(out, sents)
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
