package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/perturb"
)

func init() {
	register(&command{
		Name:    "compare",
		Summary: "compare systems on original and stress sets: F1, drops, intervals, tests, confusion",
		Usage: `--build DIR --pred NAME=PREDDIR... [flags]
       stress compare --gold [SET=]FILE... --pred-file NAME[:SET]=FILE... [flags]

With --build, the gold files are the original input and the outputs of a
"stress build" (read from DIR/manifest.json); each PREDDIR holds one
system's predictions named like them (the original's base name and the
build's output names). Predictions must align token by token with their
gold file; the predicted tag is the last column. The change log of the
build gives F1 on entities covering a changed token vs the others.

With --gold, each SET=FILE is a gold set (a bare FILE is set "O"); the
first is the reference for drops. --pred-file NAME:SET=FILE gives a
system's predictions on a set (NAME=FILE when there is one set).

Relative drop = (F1 on reference - F1 on set) / F1 on reference * 100.
Intervals are percentile intervals of a paired bootstrap over sentences;
systems are compared on each set with an approximate randomization test.`,
		Bind: bind(func(f *flags, o *compareOptions) {
			o.c = compare.New()
			f.String(&o.build, "build", "", "", "build directory with manifest.json")
			f.String(&o.input, "input", "", "", "input of the build to compare on, by name (needed when the build has several)")
			f.Strings(&o.preds, "pred", "system predictions as `NAME=DIR` (repeatable)")
			f.Strings(&o.golds, "gold", "gold set as `[SET=]FILE` (repeatable)")
			f.Strings(&o.predFiles, "pred-file", "prediction file as `NAME[:SET]=FILE` (repeatable)")
			f.String(&o.changes, "changes", "", "", "change log (changes.tsv) for --gold sets, matched by file name")
			f.String(&o.c.Reference, "reference", "", "", "set drops are measured against (default: the original, or the first --gold)")
			Parsed(f, &o.c.Eval.Mode, "mode", "", "conlleval", conll.ParseMode, "span semantics: conlleval or strict")
			f.IntIn(&o.c.Samples, "samples", 1000, 0, math.MaxInt, "bootstrap samples and randomization shuffles (0: none)")
			f.Uint64(&o.c.Seed, "seed", 1, "seed of the resampling")
			f.Float64(&o.c.Confidence, "confidence", 0.95, "confidence level of the intervals")
			f.Check("confidence", func() error {
				if o.c.Confidence <= 0 || o.c.Confidence >= 1 {
					return fmt.Errorf("%v: must be between 0 and 1", o.c.Confidence)
				}
				return nil
			})
			Parsed(f, &o.format, "format", "f", "text", compare.ParseFormat, "output format: text, markdown, json or csv")
			f.String(&o.html, "html", "", "", "also write a self-contained HTML report to `FILE`")
		}, runCompare),
	})
}

// compareOptions are the flags of "stress compare".
type compareOptions struct {
	c                           *compare.Comparer
	build, input, changes, html string
	preds, golds, predFiles     []string
	format                      compare.Format
}

func runCompare(ctx context.Context, e *env, o *compareOptions, args []string) error {
	if len(args) > 0 {
		return usageErrorf("compare takes no arguments (got %q)", args[0])
	}
	c, build, input, preds, golds, predFiles, changes := o.c, o.build, o.input, o.preds, o.golds, o.predFiles, o.changes
	var err error
	switch {
	case build != "" && (len(golds) > 0 || len(predFiles) > 0 || changes != ""):
		return usageErrorf("--build cannot be combined with --gold, --pred-file or --changes")
	case build != "":
		if len(preds) == 0 {
			return usageErrorf("--build needs at least one --pred NAME=DIR")
		}
		err = addBuild(c, build, input, preds)
	case len(golds) > 0:
		if len(preds) > 0 {
			return usageErrorf("--pred needs --build; use --pred-file with --gold")
		}
		if len(predFiles) == 0 {
			return usageErrorf("--gold needs at least one --pred-file NAME[:SET]=FILE")
		}
		err = addExplicit(c, golds, predFiles, changes)
	default:
		return usageErrorf("give --build DIR with --pred, or --gold with --pred-file")
	}
	if err != nil {
		return err
	}
	rep, err := c.Report(ctx)
	if err != nil {
		return err
	}
	if htmlOut := o.html; htmlOut != "" {
		var buf bytes.Buffer
		if err := rep.WriteHTML(&buf); err != nil {
			return err
		}
		if err := atomicfile.WriteFile(htmlOut, buf.Bytes()); err != nil {
			return fmt.Errorf("write html report: %w", err)
		}
	}
	return rep.Write(e.Stdout, o.format)
}

// splitPair splits "KEY=VALUE" for flag flag.
func splitPair(flag, s string) (string, string, error) {
	k, v, ok := strings.Cut(s, "=")
	if !ok || k == "" || v == "" {
		return "", "", usageErrorf("--%s %q: want NAME=VALUE", flag, s)
	}
	return k, v, nil
}

func addBuild(c *compare.Comparer, dir, inputName string, preds []string) error {
	mpath := filepath.Join(dir, "manifest.json")
	mf, err := os.Open(mpath)
	if err != nil {
		return fmt.Errorf("open build manifest: %w", err)
	}
	m, err := perturb.ReadManifest(mf)
	mf.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", mpath, err)
	}
	var in *perturb.Input
	var names []string
	for i := range m.Inputs {
		names = append(names, m.Inputs[i].Name)
		if m.Inputs[i].Name == inputName || inputName == "" && len(m.Inputs) == 1 {
			in = &m.Inputs[i]
		}
	}
	if in == nil {
		if inputName == "" {
			return usageErrorf("build %s has several inputs (%s): choose one with --input", dir, strings.Join(names, ", "))
		}
		return usageErrorf("build %s has no input %q (it has %s)", dir, inputName, strings.Join(names, ", "))
	}
	var logs map[string][]compare.Change
	if m.Changes != "" {
		path := filepath.Join(dir, m.Changes)
		f, err := os.Open(path)
		if err != nil {
			return fmt.Errorf("open change log: %w", err)
		}
		logs, err = compare.ReadChangeLog(f, path)
		f.Close()
		if err != nil {
			return err
		}
	}

	origPath, err := findOriginal(dir, in)
	if err != nil {
		return err
	}
	type setFile struct{ set, gold, predName string }
	files := []setFile{{"O", origPath, filepath.Base(origPath)}}
	if err := addGold(c, "O", origPath, nil, in.SHA256); err != nil {
		return err
	}
	for _, o := range in.Outputs {
		path := filepath.Join(dir, o.File)
		ch := logs[o.File]
		if logs != nil && ch == nil {
			ch = []compare.Change{} // a log without entries: nothing changed
		}
		if err := addGold(c, o.Kind, path, ch, o.SHA256); err != nil {
			return err
		}
		files = append(files, setFile{o.Kind, path, o.File})
	}
	for _, p := range preds {
		name, pdir, err := splitPair("pred", p)
		if err != nil {
			return err
		}
		for _, f := range files {
			if err := addPred(c, name, f.set, filepath.Join(pdir, f.predName)); err != nil {
				return err
			}
		}
	}
	return nil
}

// findOriginal locates the build's original input: its path as recorded
// (relative to the current directory, as the build was run), else the
// same name next to the manifest.
func findOriginal(dir string, in *perturb.Input) (string, error) {
	if strings.HasPrefix(in.Path, "sample:") {
		return "", fmt.Errorf("build %s used the embedded sample %q: give its gold file with --gold", dir, in.Path)
	}
	candidates := []string{in.Path}
	if !filepath.IsAbs(in.Path) {
		candidates = append(candidates, filepath.Join(dir, in.Path), filepath.Join(dir, filepath.Base(in.Path)))
	}
	for _, p := range candidates {
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("original input %q of build %s not found (tried %s)", in.Path, dir, strings.Join(candidates, ", "))
}

func addGold(c *compare.Comparer, set, path string, changes []compare.Change, sha string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("read gold: %w", err)
	}
	if sha != "" {
		sum := sha256.Sum256(data)
		if hex.EncodeToString(sum[:]) != sha {
			return fmt.Errorf("%s: contents differ from the build manifest (sha256 mismatch): %w", path, conll.ErrMismatch)
		}
	}
	gold, err := readCorpus(path, data)
	if err != nil {
		return err
	}
	return c.AddSet(compare.Set{Name: set, File: path, Gold: gold, Changes: changes})
}

// readCorpus decodes a corpus file already read (and hashed) whole, as
// conll.Open would decode it.
func readCorpus(path string, data []byte) ([]conll.Sentence, error) {
	f, err := conll.OpenReader(bytes.NewReader(data), path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []conll.Sentence
	for {
		s, err := f.Read()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
}

func addPred(c *compare.Comparer, system, set, path string) error {
	pred, err := conll.ReadFile(path)
	if err != nil {
		return fmt.Errorf("system %s: %w", system, err)
	}
	return c.AddPrediction(system, set, path, pred)
}

func addExplicit(c *compare.Comparer, golds, predFiles []string, changesPath string) error {
	var logs map[string][]compare.Change
	if changesPath != "" {
		f, err := os.Open(changesPath)
		if err != nil {
			return fmt.Errorf("open change log: %w", err)
		}
		logs, err = compare.ReadChangeLog(f, changesPath)
		f.Close()
		if err != nil {
			return err
		}
	}
	var sets []string
	for _, g := range golds {
		set, path := "O", g
		if k, v, ok := strings.Cut(g, "="); ok {
			if k == "" || v == "" {
				return usageErrorf("--gold %q: want [SET=]FILE", g)
			}
			set, path = k, v
		}
		var ch []compare.Change
		if logs != nil {
			ch = logs[filepath.Base(path)]
		}
		if err := addGold(c, set, path, ch, ""); err != nil {
			return err
		}
		sets = append(sets, set)
	}
	for _, p := range predFiles {
		key, path, err := splitPair("pred-file", p)
		if err != nil {
			return err
		}
		name, set, ok := strings.Cut(key, ":")
		if !ok {
			if len(sets) != 1 {
				return usageErrorf("--pred-file %q: name the set (NAME:SET=FILE) when there are several gold sets", p)
			}
			set = sets[0]
		}
		if err := addPred(c, name, set, path); err != nil {
			return err
		}
	}
	return nil
}
