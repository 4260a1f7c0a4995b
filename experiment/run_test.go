package experiment

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/internal/overwrite"
	"github.com/stress-ner/stress/perturb"
	perturbkinds "github.com/stress-ner/stress/perturb/kinds"
	"github.com/stress-ner/stress/report"
	"github.com/stress-ner/stress/stressset"
)

func TestClearDir(t *testing.T) {
	write := func(t *testing.T, path, data string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name     string
		files    []string // made in the directory first
		manifest string   // manifest.json's text, when files has it (default: a run's)
		clear    bool
		input    string // an input, relative to the directory
		err      error
		msg      string
		remain   int // entries left in the directory
	}{
		{name: "missing"},
		{name: "empty", files: nil, remain: 0},
		{name: "not empty", files: []string{"notes.txt"}, err: ErrDirNotEmpty, msg: "r: directory not empty", remain: 1},
		{name: "not a build", files: []string{"notes.txt"}, clear: true, err: ErrNotBuild,
			msg: "r: directory not empty and not an earlier run (no manifest.json); not clearing it", remain: 1},
		{name: "holds an input", files: []string{stressset.ManifestName, "data/test.tsv"}, clear: true, input: "data/test.tsv",
			err: overwrite.ErrInput, msg: "r holds the input r/data/test.tsv; not clearing it", remain: 2},
		{name: "earlier build", files: []string{stressset.ManifestName, "changes.tsv", "pred/cmd/test.tsv"}, clear: true, remain: 0},
		{name: "an older run's manifest", files: []string{stressset.ManifestName, "changes.tsv"}, clear: true,
			manifest: `{"tool": "stress", "version": "0.0.1", "from": "an older version"}`, remain: 0},
		{name: "another program's manifest", files: []string{stressset.ManifestName, "index.html"}, clear: true,
			manifest: `{"name": "my web app", "start_url": "/"}`, err: ErrNotBuild,
			msg: "r: directory not empty and not an earlier run (its manifest.json is not stress's); not clearing it", remain: 2},
		{name: "a manifest that is not JSON", files: []string{stressset.ManifestName}, clear: true,
			manifest: "tool: stress", err: ErrNotBuild,
			msg: "r: directory not empty and not an earlier run (its manifest.json is not stress's); not clearing it", remain: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base := t.TempDir()
			t.Chdir(base)
			if tc.name != "missing" {
				if err := os.Mkdir("r", 0o755); err != nil {
					t.Fatal(err)
				}
			}
			for _, f := range tc.files {
				data := "x"
				if f == stressset.ManifestName {
					data = cmp.Or(tc.manifest, `{"tool": "stress"}`)
				}
				write(t, filepath.Join("r", f), data)
			}
			var inputs []string
			if tc.input != "" {
				inputs = []string{filepath.Join("r", tc.input)}
			}
			err := ClearDir("r", tc.clear, inputs)
			if !errors.Is(err, tc.err) || err != nil && err.Error() != tc.msg {
				t.Fatalf("ClearDir: %v, want %q", err, tc.msg)
			}
			ents, _ := os.ReadDir("r")
			if len(ents) != tc.remain {
				t.Errorf("%d entries left, want %d", len(ents), tc.remain)
			}
		})
	}
}

// TestEvaluationRun runs what "stress run" does on the embedded sample
// with one external tagger that tags every token O.
func TestEvaluationRun(t *testing.T) {
	ks, err := perturbkinds.Resolve([]string{"keyboard", "swap"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "run")
	inputs, err := stressset.Inputs(nil)
	if err != nil {
		t.Fatal(err)
	}
	var tagged []string
	var logged []string
	ev := &Evaluation{
		Plan: stressset.Plan{Seed: 1, Selection: perturb.DefaultSelection(), Kinds: ks, Inputs: inputs, Dir: dir, Workers: 2,
			Version: "test"},
		Systems: Systems{Commands: []string{`awk 'NF { print "O"; next } { print "" }'`}, Names: []string{"zero"}},
		Tagging: func(systems []System, sets []stressset.Set) {
			for _, s := range sets {
				tagged = append(tagged, s.File)
			}
		},
		Logf: func(format string, a ...any) { logged = append(logged, format) },
	}
	res, err := ev.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"test.tsv", "test_key.tsv", "test_swap.tsv"}; !slices.Equal(tagged, want) {
		t.Errorf("sets %q, want %q", tagged, want)
	}
	if len(res.Report.Sets) != 3 || len(res.Report.Systems) != 1 || res.Report.Systems[0].Name != "zero" {
		t.Errorf("report: %d sets, systems %+v", len(res.Report.Sets), res.Report.Systems)
	}
	if res.HTML != filepath.Join(dir, "report.html") || len(logged) != 2 {
		t.Errorf("html %s, log %q", res.HTML, logged)
	}
	for _, f := range []string{stressset.ManifestName, stressset.ChangesName, "test_key.tsv", "summary.md", "report.html",
		"pred/zero/test.tsv", "pred/zero/test_key.tsv", "pred/zero/test_swap.tsv"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("not written: %v", err)
		}
	}
	// Files knew, before the run, every file it wrote.
	_, outputs := ev.Files()
	var written []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			written = append(written, path)
		}
		return nil
	})
	slices.Sort(outputs)
	slices.Sort(written)
	if !slices.Equal(outputs, written) {
		t.Errorf("Files() outputs\n%q\nwritten\n%q", outputs, written)
	}
	if md, _ := os.ReadFile(res.Summary); !strings.Contains(string(md), "zero") {
		t.Errorf("summary does not name the system:\n%s", md)
	}

	var text, js bytes.Buffer
	if err := res.Write(&text, report.Text); err != nil {
		t.Fatal(err)
	}
	if err := res.Write(&js, report.JSON); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "zero") || !strings.HasPrefix(js.String(), "{") {
		t.Errorf("text report:\n%s\njson report starts %.20q", text.String(), js.String())
	}
	// The report's first table, then the paper's table, then the rest.
	out := text.String()
	first := strings.Index(out, "What each set cost each system where it changed something")
	paper := strings.Index(out, "F1 on original (O) and stress sets")
	rest := strings.Index(out, "How this report was made")
	if first < 0 || paper < first || rest < paper {
		t.Errorf("the text output is not the headline, the paper's table, then the rest (at %d, %d, %d):\n%s", first, paper, rest, out)
	}

	// The directory holds a run now: a second one refuses it unless
	// told to clear it.
	if err := ClearDir(dir, false, nil); !errors.Is(err, ErrDirNotEmpty) {
		t.Errorf("ClearDir of a run: %v", err)
	}
	ev.Systems.Names = []string{"a/b"}
	ev.Plan.Dir = filepath.Join(t.TempDir(), "run2")
	if _, err := ev.Run(context.Background()); !errors.Is(err, ErrOption) {
		t.Errorf("bad system name: %v, want ErrOption", err)
	}
}

// On a brat corpus (NAME.ann beside NAME.txt) Files knows the text
// files of the sets and predictions too.
func TestEvaluationFilesBrat(t *testing.T) {
	ks, err := perturbkinds.Resolve([]string{"keyboard"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	inputs, err := stressset.Inputs([]string{"in/doc.ann"})
	if err != nil {
		t.Fatal(err)
	}
	ev := &Evaluation{
		Plan:    stressset.Plan{Seed: 1, Selection: perturb.DefaultSelection(), Kinds: ks, Inputs: inputs, Dir: "r", Workers: 1, Version: "test"},
		Systems: Systems{Commands: []string{"cat"}},
	}
	ins, outs := ev.Files()
	if want := []string{"in/doc.ann", "in/doc.txt"}; !slices.Equal(ins, want) {
		t.Errorf("inputs %q, want %q", ins, want)
	}
	want := []string{"r/doc_key.ann", "r/doc_key.txt", "r/changes.tsv", "r/manifest.json",
		"r/pred/cmd/doc.ann", "r/pred/cmd/doc.txt", "r/pred/cmd/doc_key.ann", "r/pred/cmd/doc_key.txt",
		"r/summary.md", "r/report.html"}
	if !slices.Equal(outs, want) {
		t.Errorf("outputs\n%q\nwant\n%q", outs, want)
	}
}

// TestEvaluationWorkers checks that a run with two systems writes the
// same bytes (sets, predictions, summary, page, report) with one worker
// and with two, the second tagging both systems at once.
func TestEvaluationWorkers(t *testing.T) {
	ks, err := perturbkinds.Resolve([]string{"keyboard", "swap"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	inputs, err := stressset.Inputs(nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "run") // the report names it: the same for both
	run := func(workers int) (files map[string]string, text string) {
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		ev := &Evaluation{
			Plan: stressset.Plan{Seed: 1, Selection: perturb.DefaultSelection(), Kinds: ks, Inputs: inputs, Dir: dir,
				Workers: workers, Version: "test"},
			Systems: Systems{Commands: []string{`awk 'NF { print "O"; next } { print "" }'`,
				`awk 'NF { print (length($1) > 8 ? "B-Chemical" : "O"); next } { print "" }'`}, Names: []string{"zero", "long"}},
			Samples: 50,
		}
		res, err := ev.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		files = map[string]string{}
		filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				b, _ := os.ReadFile(path)
				files[strings.TrimPrefix(path, dir)] = string(b)
			}
			return nil
		})
		var out bytes.Buffer
		if err := res.Write(&out, report.Text); err != nil {
			t.Fatal(err)
		}
		return files, out.String()
	}
	files1, text1 := run(1)
	files2, text2 := run(2)
	if len(files1) != 12 || len(files2) != len(files1) {
		t.Fatalf("%d files with one worker, %d with two", len(files1), len(files2))
	}
	for name, b := range files1 {
		if files2[name] != b {
			t.Errorf("%s differs between one worker and two", name)
		}
	}
	if text1 != text2 {
		t.Errorf("the report differs between one worker and two:\n%s\n---\n%s", text1, text2)
	}
}
