package stressset

import (
	"fmt"
	"io"

	"github.com/stress-ner/stress/internal/progress"
)

// ShowProgress shows the sentences p perturbs as a stage with its total
// (counted beside the build) when w is a terminal; call the function it
// returns when done. Off a terminal the build says nothing: its callers
// print what they made.
func (p *Plan) ShowProgress(w io.Writer) (finish func()) {
	if _, ok := progress.Terminal(w); !ok {
		return func() {}
	}
	st := progress.StartCounted(w, "perturbing", "sentences", p.Sentences)
	n := 0
	p.Progress = func(done int) { n = done; st.Add(1) }
	return func() { st.Done(fmt.Sprintf("%d sentences", n)) }
}
