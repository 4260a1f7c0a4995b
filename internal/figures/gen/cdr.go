package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// measureCDRKit counts the CDR kit's vectors (conll/cdr/testdata/kit):
// the small cases, the formats they are in, the measures of all cases
// (every one of which TestKitVectors and TestKitVectorsFull check
// against the kit's output).
func measureCDRKit(_ context.Context, r *runner) ([]fig, error) {
	dir := filepath.Join(r.root, "conll", "cdr", "testdata", "kit")
	manifest, err := os.ReadFile(filepath.Join(dir, "MANIFEST.tsv"))
	if err != nil {
		return nil, err
	}
	small, full := map[string]bool{}, map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(string(manifest)), "\n")[1:] {
		f := strings.Split(l, "\t")
		if strings.HasPrefix(f[2], "full/") {
			full[f[0]] = true
		} else {
			small[f[0]] = true
		}
	}
	outs, err := filepath.Glob(filepath.Join(dir, "*.out"))
	if err != nil {
		return nil, err
	}
	measures := 0
	for _, p := range outs {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		measures += strings.Count(string(b), "\n== ")
		if strings.HasPrefix(string(b), "== ") {
			measures++
		}
	}
	return []fig{{"cases", count(len(small))}, {"full-cases", count(len(full))}, {"measures", count(measures)}}, nil
}

// measureCDRLevels runs the blocks of docs/normalisation.md: stress run
// --level on the CDR development set with the training set and the two
// baselines, then with typos in the context only.
func measureCDRLevels(ctx context.Context, r *runner) ([]fig, error) {
	dir, err := r.dir("cdr")
	if err != nil {
		return nil, err
	}
	train, dev := r.corpus("pubtator/CDR_TrainingSet.PubTator.txt"), r.corpus("pubtator/CDR_DevelopmentSet.PubTator.txt")
	run, err := r.stress(ctx, dir, "run", "--level", "id,relation", "--train", train, "--test", dev,
		"--kinds", "keyboard,swap,synonym,entity-swap", "--out", "cdr-levels", "--format", "markdown", "-q")
	if err != nil {
		return nil, err
	}
	var figs []fig
	for _, t := range []struct{ name, title string }{
		{"f1", "## F1 per set"},
		{"drops", "## Drop from O"},
		{"changed", "## Concept ids of the changed mentions"},
		{"gold", "## Gold keys per set"},
		{"touched", "## What the sets changed in the gold"},
	} {
		tab, err := tableAfter(run.stdout, t.title)
		if err != nil {
			return nil, err
		}
		figs = append(figs, fig{t.name, tab})
	}
	// The ids of the mentions S changed, for dict-gold (the normaliser).
	js, err := r.stress(ctx, dir, "run", "--level", "id", "--train", train, "--test", dev,
		"--kinds", "synonym", "--level-baselines", "dict-gold", "--samples", "0", "--out", "cdr-s", "--format", "json", "-q")
	if err != nil {
		return nil, err
	}
	var rep struct {
		Systems []struct {
			Changed []struct {
				Mentions int `json:"mentions"`
				RightO   int `json:"right_on_original"`
				Right    int `json:"right"`
			} `json:"changed_mentions"`
		} `json:"systems"`
	}
	if err := json.Unmarshal([]byte(js.stdout), &rep); err != nil {
		return nil, err
	}
	if len(rep.Systems) != 1 || len(rep.Systems[0].Changed) != 1 {
		return nil, fmt.Errorf("cdr: no changed mentions of S in the report")
	}
	c := rep.Systems[0].Changed[0]
	figs = append(figs, fig{"s-mentions", count(c.Mentions)}, fig{"s-right-o", pct(c.RightO, c.Mentions)}, fig{"s-right", pct(c.Right, c.Mentions)})

	ctxRun, err := r.stress(ctx, dir, "run", "--level", "id,relation", "--train", train, "--test", dev,
		"--kinds", "keyboard,swap", "--targets", "context", "--samples", "0", "--out", "cdr-context", "--format", "markdown", "-q")
	if err != nil {
		return nil, err
	}
	tab, err := tableAfter(ctxRun.stdout, "## F1 per set")
	if err != nil {
		return nil, err
	}
	return append(figs, fig{"context-f1", tab}), nil
}
