// Package pos marks content words (nouns, verbs, adjectives, adverbs)
// with prose's part-of-speech tagger, for the word selection "pos"
// (perturb.SelectPOS): Load returns the tagger that
// perturb.NewSelectorTagger takes. It lives apart so that a program that
// only makes keyboard typos does not link prose and its model.
package pos

import (
	"fmt"
	"strings"
	"sync"
	"unicode"

	"github.com/jdkato/prose/v2"

	"github.com/stress-ner/stress/perturb"
)

var _ perturb.ContentTagger = (*Tagger)(nil)

// Tagger adapts prose's perceptron tagger to pre-tokenized text. It is
// safe for concurrent use.
type Tagger struct {
	model *prose.Model
}

var (
	posOnce  sync.Once
	posModel *prose.Model
	posErr   error
)

// Load returns the tagger, decoding prose's model once per process: left to itself,
// prose decodes its weights again for every document.
func Load() (t *Tagger, err error) {
	posOnce.Do(func() {
		defer func() {
			// prose panics on a corrupt embedded model; report it instead.
			if r := recover(); r != nil {
				posErr = fmt.Errorf("load prose model: %v", r)
			}
		}()
		posModel = prose.ModelFromData("stress")
	})
	if posErr != nil {
		return nil, posErr
	}
	return &Tagger{model: posModel}, nil
}

// proseSanitizer mirrors the replacements prose's tokenizer makes before
// splitting, so that token texts can be aligned with its output.
var proseSanitizer = strings.NewReplacer(
	"\u201c", `"`, "\u201d", `"`, "\u2018", "'", "\u2019", "'", "&rsquo;", "'")

// ContentWords tags tokens (joined by spaces, which prose splits on, so
// no prose token spans two corpus tokens) and reports for each corpus
// token whether one of its parts is a noun, verb, adjective or adverb.
func (t *Tagger) ContentWords(tokens []string) []bool {
	out := make([]bool, len(tokens))
	clean := make([]string, len(tokens))
	for i, tok := range tokens {
		clean[i] = proseSanitizer.Replace(tok)
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
	doc, err := prose.NewDocument(strings.Join(clean, " "),
		prose.UsingModel(t.model), prose.WithSegmentation(false), prose.WithExtraction(false))
	if err != nil {
		return out
	}
	j, off := 0, 0 // corpus token and byte offset in it
	for _, pt := range doc.Tokens() {
		for j < len(clean) && off >= len(clean[j]) {
			j, off = j+1, 0
		}
		if j == len(clean) {
			break
		}
		if !strings.HasPrefix(clean[j][off:], pt.Text) {
			// Prose rewrote the text in a way we do not mirror; stop
			// rather than attach tags to the wrong tokens.
			break
		}
		off += len(pt.Text)
		if isContentTag(pt.Tag) && strings.IndexFunc(pt.Text, unicode.IsLetter) >= 0 {
			out[j] = true
		}
	}
	return out
}

func isContentTag(tag string) bool {
	return strings.HasPrefix(tag, "NN") || strings.HasPrefix(tag, "VB") ||
		strings.HasPrefix(tag, "JJ") || strings.HasPrefix(tag, "RB") || tag == "FW"
}
