// Command gen measures the figures that README.md and docs/*.md show,
// writes them to docs/figures.jsonl and rewrites the marked values of
// every document (see package figures for the markers):
//
//	go run ./internal/figures/gen [-sources NAME,...] [-list]
//
// Run from the repository root (scripts/figures.sh does). Without
// -sources it runs every source whose inputs are there: the embedded
// sample always, ../shared when it is beside the repository; the slow
// sources (the paper's experiment, timings) only when named.
// Figures of the sources not run are kept as they are. It prints every
// figure whose value changed.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"

	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/internal/figures"
	"github.com/stress-ner/stress/internal/readme"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "figures:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("figures", flag.ContinueOnError)
	fs.SetOutput(stderr)
	names := fs.String("sources", "", "comma-separated `NAMES` of the sources to run (default: every source but the slow ones whose inputs are there); all: every source")
	list := fs.Bool("list", false, "list the sources and exit")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *list {
		for _, s := range sources {
			fmt.Fprintf(stdout, "%-12s %-7s %s\n", s.name, s.need, s.about)
		}
		return nil
	}
	root, err := os.Getwd()
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		return fmt.Errorf("run from the repository root: %w", err)
	}
	r, err := newRunner(root, stderr)
	if err != nil {
		return err
	}
	defer r.close()
	chosen, err := choose(*names, r.haveShared)
	if err != nil {
		return err
	}
	used, err := usedNames(root)
	if err != nil {
		return err
	}
	var fresh []figures.Figure
	ran := map[string]bool{}
	for _, s := range chosen {
		fmt.Fprintf(stderr, "figures: %s (%s): %s\n", s.name, s.need, s.about)
		figs, err := s.run(ctx, r)
		if err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		figs, err = s.shown(figs, used)
		if err != nil {
			return err
		}
		fresh = append(fresh, figs...)
		ran[s.name] = true
	}
	// Read the file only now: the slow sources take minutes, and another
	// run may have written other sources' figures meanwhile.
	path := filepath.Join(root, figures.File)
	old, err := figures.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	merged := slices.DeleteFunc(slices.Clone(old), func(f figures.Figure) bool { return ran[f.Source] })
	merged = append(merged, fresh...)
	before := figures.Values(old)
	for _, f := range fresh {
		if v, ok := before[f.Name]; !ok || v != f.Value {
			fmt.Fprintf(stdout, "%s: %q -> %q\n", f.Name, v, f.Value)
		}
	}
	var buf bytes.Buffer
	if err := figures.Write(&buf, merged); err != nil {
		return err
	}
	if err := atomicfile.WriteFile(path, buf.Bytes(), false); err != nil {
		return err
	}
	return rewriteDocs(root, figures.Values(merged), stderr)
}

// choose returns the sources named (all of them for "all"), or by default
// every source that is not slow and whose inputs are there.
func choose(names string, haveShared bool) ([]*source, error) {
	if names == "" {
		var out []*source
		for _, s := range sources {
			if s.need == sample || (s.need == shared || s.need == heavy) && haveShared {
				out = append(out, s)
			}
		}
		return out, nil
	}
	if names == "all" {
		return sources, nil
	}
	var out []*source
	for _, n := range strings.Split(names, ",") {
		i := slices.IndexFunc(sources, func(s *source) bool { return s.name == n })
		if i < 0 {
			return nil, fmt.Errorf("-sources: no source %q (-list lists them)", n)
		}
		out = append(out, sources[i])
	}
	return out, nil
}

// usedNames returns the figures the documents show, with where each is
// first shown.
func usedNames(root string) (map[string]string, error) {
	docs, err := readme.Documents(root)
	if err != nil {
		return nil, err
	}
	used := map[string]string{}
	for _, doc := range docs {
		data, err := os.ReadFile(filepath.Join(root, doc))
		if err != nil {
			return nil, err
		}
		uses, err := figures.Uses(doc, string(data))
		if err != nil {
			return nil, err
		}
		for _, u := range uses {
			if _, ok := used[u.Name]; !ok {
				used[u.Name] = fmt.Sprintf("%s:%d", u.File, u.Line)
			}
		}
	}
	return used, nil
}

// rewriteDocs writes the values into every document that shows them.
func rewriteDocs(root string, values map[string]string, stderr io.Writer) error {
	docs, err := readme.Documents(root)
	if err != nil {
		return err
	}
	for _, doc := range docs {
		path := filepath.Join(root, doc)
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		uses, err := figures.Uses(doc, string(data))
		if err != nil {
			return err
		}
		// A figure no source has measured yet (a slow one, say) keeps
		// the document's value; TestDocuments reports it.
		have := maps.Clone(values)
		for _, u := range uses {
			if _, ok := have[u.Name]; !ok {
				fmt.Fprintf(stderr, "figures: %s:%d: %s not measured yet (scripts/figures.sh -sources %s)\n", u.File, u.Line, u.Name, strings.SplitN(u.Name, ".", 2)[0])
				have[u.Name] = u.Value
			}
		}
		out, err := figures.Replace(doc, string(data), have)
		if err != nil {
			return err
		}
		if out != string(data) {
			if err := atomicfile.WriteFile(path, []byte(out), false); err != nil {
				return err
			}
		}
	}
	return nil
}
