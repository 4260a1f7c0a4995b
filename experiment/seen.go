package experiment

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/entityswap"
	"github.com/stress-ner/stress/stressset"
)

// Seen names. A synonym the model saw as a gold mention of its training
// corpus tests its memory of that name, not whether it finds an entity
// under a name it did not learn: with a BiLSTM-CRF trained on BC5CDR
// train (test F1 81.3), 61% of S's names were such mentions, and F1 on
// the changed mentions dropped 2.1 points, 6.8 when S preferred names
// never seen in train (issue 32). So "stress run", which knows the
// training corpus, makes the kinds that draw names (synonym,
// entity-swap) prefer names never seen there (UnseenInTrain), records
// it in the manifest and the report's provenance as the kinds' unseen-in
// option, and says how many replacements are seen names all the same
// (SeenNames): those whose concept has no other name.

// unseenOption is the option of the kinds that draw names.
const unseenOption = "unseen-in"

// UnseenInTrain returns ks with the option unseen-in set to the
// training corpora train for every kind that has the option, so that
// they prefer names never seen as a gold mention there. Corpora that
// cannot be read twice (standard input) give no default: ks is
// returned as it is, as when train is empty.
func UnseenInTrain(ks []perturb.ManifestKind, train []string) []perturb.ManifestKind {
	if len(train) == 0 {
		return ks
	}
	for _, p := range train {
		if stressset.IsSample(p) || !CanReread(p) {
			return ks
		}
	}
	out := make([]perturb.ManifestKind, len(ks))
	for i, k := range ks {
		out[i] = k
		if _, ok := k.Options[unseenOption]; !ok {
			continue
		}
		opts := make(map[string]string, len(k.Options))
		for n, v := range k.Options {
			opts[n] = v
		}
		opts[unseenOption] = strings.Join(train, ",")
		out[i].Options = opts
	}
	return out
}

// SeenNames says, for every set of build m (in dir) whose kind draws
// names, how many of its replacements are gold mentions of the training
// corpora train (compared as entityswap.Key compares names), and what
// its unseen-in option did about it.
func SeenNames(dir string, m *stressset.Manifest, train []string) ([]string, error) {
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
		if !stressset.IsSample(p) && !CanReread(p) {
			return nil, nil // read once, by the training
		}
	}
	seen, err := entityswap.MentionsOf(train...)
	if err != nil {
		return nil, err
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
			msg += "; --unseen-in " + strings.Join(train, ",") + " prefers names the model never saw"
		case c.seen > 0:
			msg += " (names never seen there came first, --unseen-in " + strings.Join(train, ",") + "; these had none; --unseen-only leaves them)"
		}
		out = append(out, msg)
	}
	return out, nil
}
