package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stress-ner/stress/internal/figures"
)

// TestFiguresUpToDate measures again what is cheap to measure — the
// sources that need the repository alone, and with ../shared beside it
// (not with -short) the two builds that give most of the synonym kind's
// figures; the heavy sources with STRESS_FIGURES=1 — and fails when a figure
// differs from docs/figures.jsonl, the file the documents are checked
// against (package figures' TestDocuments): the code now measures
// something the documents do not say. scripts/figures.sh rewrites both.
// Slow sources (the paper's experiment, timings) are checked against the
// file only.
func TestFiguresUpToDate(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	kept, err := figures.ReadFile(filepath.Join(root, figures.File))
	if err != nil {
		t.Fatal(err)
	}
	want := figures.Values(kept)
	used, err := usedNames(root)
	if err != nil {
		t.Fatal(err)
	}
	r, err := newRunner(root, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	defer r.close()
	for _, s := range sources {
		t.Run(s.name, func(t *testing.T) {
			switch {
			case s.need == slow:
				t.Skipf("slow: scripts/figures.sh -sources %s", s.name)
			case s.need == shared && !r.haveShared:
				t.Skipf("needs the corpora in %s", r.sharedDir)
			case s.need == shared && testing.Short():
				t.Skip("-short: reads the corpora")
			case s.need == heavy && !r.haveShared:
				t.Skipf("needs the corpora in %s", r.sharedDir)
			case s.need == heavy && os.Getenv("STRESS_FIGURES") == "":
				t.Skipf("heavy: STRESS_FIGURES=1 go test, or scripts/figures.sh -sources %s", s.name)
			}
			got, err := s.run(context.Background(), r)
			if err != nil {
				t.Fatal(err)
			}
			if got, err = s.shown(got, used); err != nil {
				t.Fatal(err)
			}
			measured := map[string]bool{}
			for _, f := range got {
				measured[f.Name] = true
				if v, ok := want[f.Name]; !ok {
					t.Errorf("%s is measured but not in %s: run scripts/figures.sh -sources %s", f.Name, figures.File, s.name)
				} else if v != f.Value {
					t.Errorf("%s: %s holds %q, measured now %q: run scripts/figures.sh -sources %s and check the documents' text", f.Name, figures.File, v, f.Value, s.name)
				}
			}
			for _, f := range kept {
				if f.Source == s.name && !measured[f.Name] {
					t.Errorf("%s is in %s but no longer measured: run scripts/figures.sh -sources %s", f.Name, figures.File, s.name)
				}
			}
		})
	}
}

func TestFormats(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{count(1079), "1,079"}, {count(124750), "124,750"}, {count(-1234567), "-1,234,567"}, {count(12), "12"},
		{pct(585, 5385), "10.9%"}, {pct(1, 0), "-"}, {pct0(844, 1065), "79%"},
		{wilson(172, 200), "86.0%, 80.5–90.1"}, {interval(0, 200), "0.0–1.9%"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
