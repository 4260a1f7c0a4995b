// Package pos marks content words (nouns, verbs, adjectives, adverbs)
// with the part-of-speech tagger of prose (github.com/jdkato/prose/v2),
// ported with its model (prose.go, model.txt.gz; see NOTICE), for the
// word selection "pos" (perturb.SelectPOS): Load returns the tagger that
// perturb.NewSelectorTagger takes. It lives apart so that a program that
// only makes keyboard typos does not hold the model.
package pos

import (
	"strings"
	"sync"
	"unicode"

	"github.com/stress-ner/stress/perturb"
)

var _ perturb.ContentTagger = (*Tagger)(nil)

// Tagger tags pre-tokenized text as prose's perceptron tagger does. It
// is safe for concurrent use.
type Tagger struct {
	model *model
}

// loadModel decodes the embedded model once per process.
var loadModel = sync.OnceValues(func() (*model, error) { return parseModel(modelGz) })

// Load returns the tagger, decoding the embedded model on first use.
func Load() (*Tagger, error) {
	m, err := loadModel()
	if err != nil {
		return nil, err
	}
	return &Tagger{model: m}, nil
}

// ContentWords tags tokens (joined by spaces, which the tokenizer splits
// on, so no tagged token spans two corpus tokens) and reports for each corpus
// token whether one of its parts is a noun, verb, adjective or adverb.
func (t *Tagger) ContentWords(tokens []string) []bool {
	out := make([]bool, len(tokens))
	clean := make([]string, len(tokens))
	for i, tok := range tokens {
		clean[i] = sanitizer.Replace(tok)
		if strings.IndexFunc(clean[i], unicode.IsSpace) >= 0 {
			// A token with inner space would split unpredictably; treat
			// it as opaque rather than misalign the rest.
			clean[i] = strings.Map(func(r rune) rune {
				if unicode.IsSpace(r) {
					return '_'
				}
				return r
			}, clean[i])
		}
	}
	toks := tokenize(strings.Join(clean, " "))
	t.model.tag(toks)
	j, off := 0, 0 // corpus token and byte offset in it
	for _, pt := range toks {
		for j < len(clean) && off >= len(clean[j]) {
			j, off = j+1, 0
		}
		if j == len(clean) {
			break
		}
		if !strings.HasPrefix(clean[j][off:], pt.text) {
			// The tokenizer rewrote the text in a way we do not mirror;
			// stop rather than attach tags to the wrong tokens.
			break
		}
		off += len(pt.text)
		if isContentTag(pt.tag) && strings.IndexFunc(pt.text, unicode.IsLetter) >= 0 {
			out[j] = true
		}
	}
	return out
}

func isContentTag(tag string) bool {
	return strings.HasPrefix(tag, "NN") || strings.HasPrefix(tag, "VB") ||
		strings.HasPrefix(tag, "JJ") || strings.HasPrefix(tag, "RB") || tag == "FW"
}
