package conll

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/stress-ner/stress/internal/limits"
)

// LabelList is the label list integer tags of JSON Lines index
// (Layout.Labels).
type LabelList struct {
	Names []string
}

// ReadLabels reads the names of a dataset's integer tags from spec: a
// Hugging Face dataset_info.json (the names of its ner_tags ClassLabel,
// wherever the features sit in it), a file with one label per line, or
// a comma-separated list ("O,B-Chemical,I-Chemical"). A list must have
// no empty and no repeated label.
func ReadLabels(spec string) ([]string, error) {
	f, err := os.Open(spec)
	if err != nil && strings.Contains(spec, ",") { // a list, not a file
		var labels []string
		for _, l := range strings.Split(spec, ",") {
			labels = append(labels, strings.TrimSpace(l))
		}
		return checkLabels(labels, spec)
	}
	if err != nil {
		return nil, err // a file that cannot be read, not a list
	}
	defer f.Close()
	labels, err := readLabelFile(f, spec)
	if err != nil {
		return nil, err
	}
	return checkLabels(labels, spec)
}

// readLabelFile reads the labels of the file f named name, within the
// bounds of every reader: a dataset_info.json of at most
// limits.MaxDocument bytes, lines of at most limits.MaxLine.
func readLabelFile(f io.Reader, name string) ([]string, error) {
	if strings.EqualFold(filepath.Ext(name), ".json") {
		data, err := io.ReadAll(limits.Reader(f, limits.MaxDocument, limits.ErrLargeDocument))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		labels, err := datasetInfoLabels(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return labels, nil
	}
	var labels []string
	in := limits.NewLines(f)
	for in.Scan() {
		if l := strings.TrimSpace(in.Text()); l != "" {
			labels = append(labels, l)
		}
	}
	if err := in.Err(); errors.Is(err, limits.ErrLongLine) {
		return nil, &ParseError{File: name, Line: in.Line(), Err: err}
	} else if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	return labels, nil
}

// checkLabels checks a label list read from spec: no empty and no
// repeated label, and at least one.
func checkLabels(labels []string, spec string) ([]string, error) {
	seen := map[string]bool{}
	for i, l := range labels {
		if l == "" {
			return nil, fmt.Errorf("%w: label %d is empty", ErrLabels, i)
		}
		if seen[l] {
			return nil, fmt.Errorf("%w: label %q given twice", ErrLabels, l)
		}
		seen[l] = true
	}
	if len(labels) == 0 {
		return nil, fmt.Errorf("%w: no labels in %s", ErrLabels, spec)
	}
	return labels, nil
}

// datasetInfoLabels finds the ner_tags ClassLabel names in a
// dataset_info.json: {"features": {"ner_tags": {"feature": {"names":
// [...]}}}}, possibly under a configuration name.
func datasetInfoLabels(data []byte) ([]string, error) {
	var doc any
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrLabels, err)
	}
	var find func(v any, depth int) []string
	find = func(v any, depth int) []string {
		m, ok := v.(map[string]any)
		if !ok || depth > 8 {
			return nil
		}
		if f, ok := m["features"].(map[string]any); ok {
			if tags, ok := f["ner_tags"].(map[string]any); ok {
				if feat, ok := tags["feature"].(map[string]any); ok {
					if names, ok := feat["names"].([]any); ok {
						var out []string
						for _, n := range names {
							s, ok := n.(string)
							if !ok {
								return nil
							}
							out = append(out, s)
						}
						return out
					}
				}
			}
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys) // the first configuration by name, every time
		for _, k := range keys {
			if out := find(m[k], depth+1); out != nil {
				return out
			}
		}
		return nil
	}
	if out := find(doc, 0); out != nil {
		return out, nil
	}
	return nil, fmt.Errorf("%w: no features.ner_tags.feature.names", ErrLabels)
}
