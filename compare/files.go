package compare

import (
	"fmt"
	"path/filepath"
)

// GoldFile is a gold set read from a file.
type GoldFile struct {
	Set, Path string
}

// PredictionFile is a system's predictions on one set, read from a file;
// Set may be empty when there is one gold set.
type PredictionFile struct {
	System, Set, Path string
}

// AddFiles adds gold sets and predictions read from files, with the
// changed tokens of each gold set from the change log at changeLog (if
// not ""), matched by file name.
func (c *Comparer) AddFiles(golds []GoldFile, preds []PredictionFile, changeLog string) error {
	var logs map[string][]Change
	if changeLog != "" {
		var err error
		if logs, err = ReadChangeLogFile(changeLog); err != nil {
			return err
		}
	}
	for _, g := range golds {
		if err := c.AddGoldFile(g.Set, g.Path, logs[filepath.Base(g.Path)]); err != nil {
			return err
		}
	}
	for _, p := range preds {
		set := p.Set
		if set == "" {
			if len(golds) != 1 {
				return fmt.Errorf("%s (system %s): %w", p.Path, p.System, ErrWhichSet)
			}
			set = golds[0].Set
		}
		if err := c.AddPredictionFile(p.System, set, p.Path); err != nil {
			return err
		}
	}
	return nil
}
