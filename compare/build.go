package compare

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stress-ner/stress/stressset"
)

// Predictions names a system's predictions on a build: Dir holds one
// file per set, named like the set's file (the original's base name and
// the build's output names).
type Predictions struct {
	System string
	Dir    string
}

// parsePredictions parses a system's predictions on a build given as
// NAME=DIR.
func parsePredictions(s string) (Predictions, error) {
	name, dir, ok := strings.Cut(s, "=")
	if !ok || name == "" || dir == "" {
		return Predictions{}, errors.New("want NAME=VALUE")
	}
	if err := CheckName("system", name); err != nil {
		return Predictions{}, err
	}
	return Predictions{System: name, Dir: dir}, nil
}

// CheckName refuses a name a report shows (what: "system", "set") that
// holds a control character or bytes that are not UTF-8: a tab or line
// break would shift the columns of a text table or break a Markdown one.
func CheckName(what, name string) error {
	if !utf8.ValidString(name) || strings.ContainsFunc(name, unicode.IsControl) {
		return fmt.Errorf("%s name %q holds a control character (a tab, a line break) or bytes that are not UTF-8", what, name)
	}
	return nil
}

// AddBuildDir adds to c the sets of the input named input of the build in
// dir ("": its only input; an *stressset.InputError if it has no such input), and
// the predictions of each system on every set (see AddBuild).
func (c *Comparer) AddBuildDir(dir, input string, preds []Predictions) error {
	b, err := stressset.Open(dir)
	if err != nil {
		return fmt.Errorf("open build manifest: %w", err)
	}
	b.Opener = c.Opener
	in, err := b.Input(input)
	if err != nil {
		return err
	}
	return c.AddBuild(b, in, preds)
}

// AddBuild adds the sets of input in of build b (see stressset.Build.Sets) to c, and the predictions
// of each system on every set. A prediction file that does not exist
// leaves that system's score on that set out, and is named in
// c.Missing; a system with no prediction file at all is an error
// wrapping ErrNoData.
func (c *Comparer) AddBuild(b *stressset.Build, in *stressset.Input, preds []Predictions) error {
	sets, err := b.Sets(in)
	if err != nil {
		return err
	}
	for _, s := range sets {
		if err := c.AddSet(s); err != nil {
			return err
		}
	}
	for _, p := range preds {
		var missing []MissingPrediction
		for _, s := range sets {
			path := filepath.Join(p.Dir, filepath.Base(s.File))
			if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
				missing = append(missing, MissingPrediction{System: p.System, Set: s.Name, File: path})
				continue
			}
			src, err := b.OpenPredictions(s, path)
			if err != nil {
				return fmt.Errorf("system %s: %w", p.System, err)
			}
			err = c.addPredictions(p.System, s.Name, path, systemErrors{src, p.System})
			src.Close()
			if err != nil {
				return err
			}
		}
		if len(missing) == len(sets) {
			return fmt.Errorf("system %s: %w: none of the prediction files of the build's sets is in %s (%s, ...)", p.System, ErrNoData, p.Dir, filepath.Base(sets[0].File))
		}
		c.Missing = append(c.Missing, missing...)
	}
	return nil
}

// MissingPrediction is a set a system has no prediction file for
// (AddBuild): its score there is left out.
type MissingPrediction struct {
	System, Set, File string
}

func (m MissingPrediction) String() string {
	return fmt.Sprintf("system %s has no predictions for set %s (%s): left out", m.System, m.Set, m.File)
}
