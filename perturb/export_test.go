package perturb

import (
	"context"

	"github.com/stress-ner/stress/conll"
)

// The pipeline's fast path for WordEditors, for the external tests that
// compare it with the kinds' Perturb (they need the kind packages, which
// import this one).
var (
	AppendEdits = appendEdits
	ApplyEdits  = applyEdits
)

// ApplyPlain is ApplySentences that returns how many sentences the
// plain path perturbed.
func ApplyPlain(ctx context.Context, k *Kind, opts ApplyOptions, src conll.SentenceReader, dst conll.SentenceWriter) (int, error) {
	_, n, err := applySentences(ctx, k, opts, src, dst)
	return n, err
}
