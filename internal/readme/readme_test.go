package readme

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestParse(t *testing.T) {
	doc := "text\n<!-- test: run, shared -->\n```sh\nstress run \\\n    --out x   # comment\n\n# alone\nls\n```\n" +
		"<!-- file: a.py -->\n```python\nprint(1)\n```\n```sh\nunmarked\n```\n<!-- test: skip needs a GPU -->\n```sh\nx\n```\n" +
		"<!-- test: same-as scripts/r.sh -->\n```sh\ny\n```\n<!-- test: bogus -->\n```sh\nz\n```\n<!-- test: shared -->\n```sh\nz\n```\n"
	blocks, err := parse("README.md", strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 7 {
		t.Fatalf("%d blocks: %+v", len(blocks), blocks)
	}
	for _, tc := range []struct {
		i       int
		plan    blockPlan
		wantErr string
	}{
		{0, blockPlan{Run: true, Shared: true}, ""},
		{2, blockPlan{}, "needs a <!-- test"},
		{3, blockPlan{Skip: "needs a GPU"}, ""},
		{4, blockPlan{SameAs: "scripts/r.sh"}, ""},
		{5, blockPlan{}, "unknown marker"},
		{6, blockPlan{}, "runs nothing"},
	} {
		p, err := blocks[tc.i].Plan()
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("block %d: error %v, want %q", tc.i, err, tc.wantErr)
			}
			continue
		}
		if err != nil || p != tc.plan {
			t.Errorf("block %d: plan %+v, %v; want %+v", tc.i, p, err, tc.plan)
		}
	}
	if blocks[1].Marker != "file: a.py" || blocks[1].Lang != "python" || blocks[1].Body != "print(1)\n" {
		t.Errorf("file block %+v", blocks[1])
	}
	if got := commands(blocks[0].Body); !slices.Equal(got, []string{"stress run --out x", "ls"}) {
		t.Errorf("commands %q", got)
	}
	if m := missingOutput("  a   b\n...\nc\n", "x\na b\n"); !slices.Equal(m, []string{"c"}) {
		t.Errorf("missing %q", m)
	}
	if _, err := parse("docs/x.md", strings.NewReader("```sh\nx\n")); err == nil || !strings.Contains(err.Error(), "docs/x.md:1:") {
		t.Errorf("an unclosed fence: %v", err)
	}
}

func TestLinksAndAnchors(t *testing.T) {
	doc := "# Title\n## Your model: a command or a server\n## PubTator, BioC and brat\n## Title\n" +
		"see [a](#title-1), [b](docs/x.md#y), [c](https://x.org/a#b), `[d](no.md)` and [e](z.md)\n```sh\n[f](g.md)\n```\n"
	a := anchors(doc)
	for _, want := range []string{"title", "title-1", "your-model-a-command-or-a-server", "pubtator-bioc-and-brat"} {
		if !a[want] {
			t.Errorf("no anchor %q in %v", want, a)
		}
	}
	got := links(doc)
	want := []link{{5, "", "title-1"}, {5, "docs/x.md", "y"}, {5, "z.md", ""}}
	if !slices.Equal(got, want) {
		t.Errorf("links %+v, want %+v", got, want)
	}
}

// TestDocLinks checks that every relative link of README.md and docs/*.md
// names a file of the repository and, after a #, a heading of it: the
// documentation is split across files, and a moved section must not
// leave a link behind.
func TestDocLinks(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	docs, err := Documents(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, doc := range docs {
		data, err := os.ReadFile(filepath.Join(root, doc))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range links(string(data)) {
			target := doc
			if l.Target != "" {
				target = filepath.ToSlash(filepath.Join(filepath.Dir(doc), l.Target))
			}
			td, err := os.ReadFile(filepath.Join(root, target))
			if err != nil {
				t.Errorf("%s:%d: link to %s: %v", doc, l.Line, l.Target, err)
				continue
			}
			if l.Anchor != "" && strings.HasSuffix(target, ".md") && !anchors(string(td))[l.Anchor] {
				t.Errorf("%s:%d: %s has no heading #%s", doc, l.Line, target, l.Anchor)
			}
		}
	}
}

// TestREADME runs the command blocks of README.md and docs/*.md as their
// markers say (see the package comment), in order, README.md first, in
// one copy of the repository with a freshly built stress on PATH and
// ../shared beside it when the corpora are there. Blocks that need the
// corpora are skipped with a message without them, slow ones without
// STRESS_README_SLOW=1.
func TestREADME(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	docs, err := Documents(root)
	if err != nil {
		t.Fatal(err)
	}
	var blocks []block
	for _, doc := range docs {
		f, err := os.Open(filepath.Join(root, doc))
		if err != nil {
			t.Fatal(err)
		}
		b, err := parse(doc, f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		blocks = append(blocks, b...)
	}
	// Every command block is marked, whatever this run executes.
	for _, b := range blocks {
		if b.IsCommand() {
			if _, err := b.Plan(); err != nil {
				t.Error(err)
			}
		}
	}
	if t.Failed() {
		return
	}
	if testing.Short() {
		t.Skip("-short: the documents' commands are not run")
	}
	tmp := t.TempDir()
	bin, gobin, repo := filepath.Join(tmp, "bin"), filepath.Join(tmp, "gobin"), filepath.Join(tmp, "repo")
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "stress"), "./cmd/stress")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	copyRepo(t, root, repo)
	shared := filepath.Join(root, "..", "shared")
	haveShared := false
	if fi, err := os.Stat(filepath.Join(shared, "corpora")); err == nil && fi.IsDir() {
		haveShared = true
		if err := os.Symlink(shared, filepath.Join(tmp, "shared")); err != nil {
			t.Fatal(err)
		}
	}
	// The README's install block puts stress in GOBIN, first on PATH, so
	// that the blocks after it run the binary it installed, as a reader's
	// would; bin, built here, is there only for a block run alone.
	env := append(os.Environ(), "GOBIN="+gobin, "PATH="+gobin+string(os.PathListSeparator)+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	slow := os.Getenv("STRESS_README_SLOW") != ""

	lastOutput, lastLine, lastFile := "", 0, ""
	for _, b := range blocks {
		at := fmt.Sprintf("%s:%d", b.File, b.Line)
		name := strings.ReplaceAll(strings.TrimSuffix(b.File, ".md"), "/", "-") + fmt.Sprintf("-line%d", b.Line)
		switch {
		case strings.HasPrefix(b.Marker, "file:"):
			file := strings.TrimSpace(strings.TrimPrefix(b.Marker, "file:"))
			if err := os.WriteFile(filepath.Join(repo, file), []byte(b.Body), 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		case b.Marker == "output":
			t.Run(name+"-output", func(t *testing.T) {
				if lastLine == 0 || lastFile != b.File {
					t.Skipf("%s: the command block before it did not run", at)
				}
				if m := missingOutput(b.Body, lastOutput); len(m) > 0 {
					t.Errorf("%s shows lines the block at line %d does not print:\n%s\n--- it printed:\n%s",
						at, lastLine, strings.Join(m, "\n"), lastOutput)
				}
			})
			continue
		case !b.IsCommand():
			continue
		}
		p, _ := b.Plan()
		lastLine, lastFile = 0, b.File
		t.Run(name, func(t *testing.T) {
			switch {
			case p.Skip != "":
				t.Skipf("%s: not run: %s", at, p.Skip)
			case p.SameAs != "":
				data, err := os.ReadFile(filepath.Join(root, p.SameAs))
				if err != nil {
					t.Fatal(err)
				}
				for _, c := range commands(b.Body) {
					if !strings.Contains(strings.Join(commands(string(data)), "\n"), c) {
						t.Errorf("%s: %q is not in %s", at, c, p.SameAs)
					}
				}
				return
			case p.CI:
				data, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
				if err != nil {
					t.Fatal(err)
				}
				for _, c := range commands(b.Body) {
					if !slices.Contains(commands(string(data)), c) {
						t.Errorf("%s: %q is not run by .ci/run", at, c)
					}
				}
				return
			case p.Shared && !haveShared:
				t.Skipf("%s: needs the corpora in %s", at, shared)
			case p.Slow && !slow:
				t.Skipf("%s: slow; run with STRESS_README_SLOW=1", at)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, "bash", "-eo", "pipefail", "-c", b.Body)
			cmd.Dir, cmd.Env = repo, env
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			start := time.Now()
			err := cmd.Run()
			t.Logf("%s ran in %.1f s", at, time.Since(start).Seconds())
			if err != nil {
				t.Fatalf("%s: %v\n%s\n--- output:\n%s", at, err, b.Body, out.String())
			}
			lastOutput, lastLine = out.String(), b.Line
		})
	}
}

// copyRepo copies the files git tracks in root (as they are in the work
// tree) to dst.
func copyRepo(t *testing.T, root, dst string) {
	t.Helper()
	ls := exec.Command("git", "ls-files", "-z")
	ls.Dir = root
	out, err := ls.Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	for _, name := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		src := filepath.Join(root, name)
		fi, err := os.Lstat(src)
		if err != nil {
			continue // deleted in the work tree
		}
		if !fi.Mode().IsRegular() {
			continue
		}
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		target := filepath.Join(dst, name)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(target, data, fi.Mode().Perm()|fs.FileMode(0o200)); err != nil {
			t.Fatal(err)
		}
	}
}
