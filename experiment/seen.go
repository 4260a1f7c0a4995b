package experiment

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/entityswap"
	"github.com/stress-ner/stress/stressset"
)

// Seen names. A synonym the model saw as a gold mention of its training
// corpus tests its memory of that name, not whether it finds an entity
// under a name it did not learn: on BC5CDR test with the train split,
// 61.3% of S's names are such mentions, and F1 on the changed mentions
// drops 5.1 points (words baseline) by default, 11.7 when S prefers names
// never seen in train (--unseen-in). That preference is offered, not
// the default: a blind reading of the 124 names it changes on BC5CDR
// devel found 76.6% natural (95% CI 68.4-83.2; "lithic acid" for uric
// acid, "isopropyl noradrenaline" for isoproterenol), under the 90% S's
// names are held to, and an unnatural name would inflate the drop it
// measures. So "stress run" says how many replacements are seen names
// (seenNames) and what --unseen-in would do; with it, the manifest and
// the report's provenance record the option.

// unseenOption is the option of the kinds that draw names.
const unseenOption = "unseen-in"

// seenNames says, for every set of build m (in dir) whose kind draws
// names, how many of its replacements are gold mentions of the training
// corpora train, which op opens (compared as entityswap.Key compares
// names), and what its unseen-in option did about it. The training
// sentences are those the baselines were trained on when read (sents),
// else the files are read for the count.
func seenNames(dir string, m *stressset.Manifest, op conll.Opener, train []string, sents []conll.Sentence) ([]string, error) {
	var kinds []perturb.ManifestKind
	for _, k := range m.Kinds {
		if _, ok := k.Options[unseenOption]; ok {
			kinds = append(kinds, k)
		}
	}
	if len(kinds) == 0 || len(train) == 0 {
		return nil, nil
	}
	for _, p := range train {
		if !op.CanReread(p) {
			return nil, nil // read once, by the training
		}
	}
	seen := map[string]bool{}
	if sents != nil {
		entityswap.AddMentions(seen, sents)
	} else {
		// Counted as the training would read them, --repair or not: a
		// count must not fail a run its training would not fail.
		var err error
		if seen, err = entityswap.MentionsOfRepaired(train...); err != nil {
			return nil, err
		}
	}
	f, err := os.Open(filepath.Join(dir, m.Changes))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	type count struct{ seen, all int }
	by := map[string]*count{}
	cr := stressset.NewChangeReader(f, f.Name())
	for {
		row, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		c := by[row.Kind]
		if c == nil {
			c = &count{}
			by[row.Kind] = c
		}
		c.all++
		if seen[entityswap.Key(row.After)] {
			c.seen++
		}
	}
	var out []string
	for _, k := range kinds {
		c := by[k.Name]
		if c == nil || c.all == 0 {
			continue
		}
		msg := fmt.Sprintf("%s: %d of %d replacements (%.1f%%) are gold mentions of the training corpus", k.Name, c.seen, c.all, 100*float64(c.seen)/float64(c.all))
		switch {
		case k.Options[unseenOption] == "":
			msg += ", names the model saw as entities; --unseen-in " + strings.Join(train, ",") + " prefers the others"
		case c.seen > 0:
			msg += " (names never seen there came first, --unseen-in " + strings.Join(train, ",") + "; these had none; --unseen-only leaves them)"
		}
		out = append(out, msg)
	}
	return out, nil
}
