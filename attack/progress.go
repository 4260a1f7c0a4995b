package attack

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/stress-ner/stress/internal/progress"
	"github.com/stress-ner/stress/stressset"
)

// ShowProgress shows the sentences j attacks as one stage on w, its
// total counted beside the attack: a bar on a terminal, a line every
// heartbeat of package progress and one at the end elsewhere. Call done
// with the sentences attacked once the attack is over.
func (j *Job) ShowProgress(w io.Writer) (done func(sentences int)) {
	st := progress.StartCounted(w, "attacking "+filepath.Base(j.Input), "sentences", func() (int, bool) {
		return stressset.CountSentences(j.Opener, j.Input, j.Model.Scheme, j.Repair != nil)
	})
	last := 0
	j.Options.Progress = func(done int) { st.Add(done - last); last = done }
	return func(n int) { st.Done(fmt.Sprintf("%d sentences", n)) }
}
