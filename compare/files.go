package compare

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/stress-ner/stress/stressset"
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

// parseGoldFile parses a gold set given as SET=FILE, or as FILE alone
// for the original, set "O".
func parseGoldFile(s string) (GoldFile, error) {
	if !strings.Contains(s, "=") {
		return GoldFile{Set: "O", Path: s}, nil
	}
	set, path, _ := strings.Cut(s, "=")
	if set == "" || path == "" {
		return GoldFile{}, errors.New("want [SET=]FILE")
	}
	if err := CheckName("set", set); err != nil {
		return GoldFile{}, err
	}
	return GoldFile{Set: set, Path: path}, nil
}

// parsePredictionFile parses a system's predictions given as
// SYSTEM:SET=FILE, or SYSTEM=FILE where there is one gold set.
func parsePredictionFile(s string) (PredictionFile, error) {
	name, path, ok := strings.Cut(s, "=")
	if !ok || name == "" || path == "" {
		return PredictionFile{}, errors.New("want NAME=VALUE")
	}
	system, set, _ := strings.Cut(name, ":")
	if err := CheckName("system", system); err != nil {
		return PredictionFile{}, err
	}
	if err := CheckName("set", set); err != nil {
		return PredictionFile{}, err
	}
	return PredictionFile{System: system, Set: set, Path: path}, nil
}

// Paths returns the files of golds and preds, in order: for an output
// policy (a report must not replace one of them) and for checks on
// standard input ("-" may be one of them only).
func Paths(golds []GoldFile, preds []PredictionFile) []string {
	var paths []string
	for _, g := range golds {
		paths = append(paths, g.Path)
	}
	for _, p := range preds {
		paths = append(paths, p.Path)
	}
	return paths
}

// AddFiles adds gold sets and predictions read from files, with the
// changed tokens of each gold set from the change log at changeLog (if
// not ""), matched by file name.
func (c *Comparer) AddFiles(golds []GoldFile, preds []PredictionFile, changeLog string) error {
	var logs map[string][]stressset.Span
	if changeLog != "" {
		var err error
		if logs, err = stressset.ReadChangedFile(changeLog); err != nil {
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
