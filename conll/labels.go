package conll

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
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
	var labels []string
	data, err := os.ReadFile(spec)
	switch {
	case err == nil && strings.EqualFold(filepath.Ext(spec), ".json"):
		if labels, err = datasetInfoLabels(data); err != nil {
			return nil, fmt.Errorf("%s: %w", spec, err)
		}
	case err == nil:
		for _, line := range strings.Split(string(data), "\n") {
			if l := strings.TrimSpace(line); l != "" {
				labels = append(labels, l)
			}
		}
	case strings.Contains(spec, ","):
		for _, l := range strings.Split(spec, ",") {
			labels = append(labels, strings.TrimSpace(l))
		}
	default:
		return nil, err // a file that cannot be read, not a list
	}
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
