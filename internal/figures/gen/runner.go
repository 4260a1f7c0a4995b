package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/stress-ner/stress/internal/figures"
	"github.com/stress-ner/stress/stressset"
)

// need says what a source needs, and so who runs it.
type need int

const (
	sample need = iota // the repository alone: recomputed by every go test
	shared             // the corpora in ../shared, seconds: recomputed by go test when they are there
	heavy              // the corpora, a minute or more: scripts/figures.sh, and go test with STRESS_FIGURES=1
	slow               // minutes, or timings of this machine: only when named (scripts/figures.sh -sources)
)

func (n need) String() string { return [...]string{"sample", "shared", "heavy", "slow"}[n] }

// source measures a group of figures; every name it gives is prefixed
// by its own name and a dot.
type source struct {
	name    string
	need    need
	about   string
	measure func(ctx context.Context, r *runner) ([]fig, error)
}

// fig is a figure as a source gives it, before its name is prefixed.
type fig struct{ name, value string }

// shown keeps the figures the documents show (a source may measure a
// family of figures, such as F1 for every system and set, of which the
// documents show some), and fails on a figure a document shows in the
// source's name space that the source does not measure.
func (s *source) shown(figs []figures.Figure, used map[string]string) ([]figures.Figure, error) {
	measured := map[string]bool{}
	var out []figures.Figure
	for _, f := range figs {
		measured[f.Name] = true
		if _, ok := used[f.Name]; ok {
			out = append(out, f)
		}
	}
	for name, at := range used {
		if strings.HasPrefix(name, s.name+".") && !measured[name] {
			return nil, fmt.Errorf("%s: figure %s: source %s measures no such figure", at, name, s.name)
		}
	}
	return out, nil
}

// run measures the source's figures and names them.
func (s *source) run(ctx context.Context, r *runner) ([]figures.Figure, error) {
	figs, err := s.measure(ctx, r)
	if err != nil {
		return nil, err
	}
	out := make([]figures.Figure, 0, len(figs))
	seen := map[string]bool{}
	for _, f := range figs {
		name := s.name + "." + f.name
		if seen[name] {
			return nil, fmt.Errorf("figure %s measured twice", name)
		}
		seen[name] = true
		out = append(out, figures.Figure{Name: name, Value: f.value, Source: s.name})
	}
	return out, nil
}

// runner is what sources share: the repository, a scratch directory, a
// stress binary built from the repository, the corpora.
type runner struct {
	root, tmp  string
	sharedDir  string
	haveShared bool
	log        io.Writer
	bin        string
	cache      map[string]any // results several sources use (a build), by key
}

func newRunner(root string, log io.Writer) (*runner, error) {
	tmp, err := os.MkdirTemp("", "stress-figures-")
	if err != nil {
		return nil, err
	}
	r := &runner{root: root, tmp: tmp, log: log, sharedDir: filepath.Join(root, "..", "shared"), cache: map[string]any{}}
	if fi, err := os.Stat(filepath.Join(r.sharedDir, "corpora")); err == nil && fi.IsDir() {
		r.haveShared = true
	}
	return r, nil
}

func (r *runner) close() { os.RemoveAll(r.tmp) }

// corpus returns the path of a corpus file under ../shared/corpora.
func (r *runner) corpus(rel string) string { return filepath.Join(r.sharedDir, "corpora", rel) }

// dir returns a fresh directory under the scratch directory.
func (r *runner) dir(name string) (string, error) {
	d := filepath.Join(r.tmp, name)
	if err := os.RemoveAll(d); err != nil {
		return "", err
	}
	return d, os.MkdirAll(d, 0o755)
}

// stressBin builds stress from the repository once.
func (r *runner) stressBin(ctx context.Context) (string, error) {
	if r.bin != "" {
		return r.bin, nil
	}
	bin := filepath.Join(r.tmp, "bin", "stress")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/stress")
	cmd.Dir = r.root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	r.bin = bin
	return bin, nil
}

// result is what a command printed and how long it took.
type result struct {
	stdout, stderr string
	wall, cpu      time.Duration
	maxRSS         int64 // bytes, the largest of the process and its waited-for children
}

// stress runs the stress binary in dir with args, as a user would.
func (r *runner) stress(ctx context.Context, dir string, args ...string) (result, error) {
	bin, err := r.stressBin(ctx)
	if err != nil {
		return result{}, err
	}
	return r.command(ctx, dir, nil, bin, args...)
}

// command runs a program in dir and fails with its output when it fails.
func (r *runner) command(ctx context.Context, dir string, env []string, name string, args ...string) (result, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	res := result{stdout: stdout.String(), stderr: stderr.String(), wall: time.Since(start)}
	if cmd.ProcessState != nil {
		res.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		res.maxRSS = maxRSS(cmd.ProcessState)
	}
	if err != nil {
		return res, fmt.Errorf("%s %s: %v\n%s", filepath.Base(name), strings.Join(args, " "), err, lastLines(stderr.String(), 20))
	}
	return res, nil
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// manifest reads the manifest of a build directory.
func manifest(dir string) (*stressset.Manifest, error) {
	f, err := os.Open(filepath.Join(dir, "manifest.json"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return stressset.DecodeManifest(f)
}

// output returns the output of kind in a manifest of one input.
func output(m *stressset.Manifest, kind string) (stressset.Output, error) {
	for _, in := range m.Inputs {
		for _, o := range in.Outputs {
			if o.Kind == kind {
				return o, nil
			}
		}
	}
	return stressset.Output{}, fmt.Errorf("no %s output in the manifest", kind)
}

// Formats of figures, as the documents write them.

// count writes n with thousands separators: 1,079.
func count(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// pct writes part/whole as a percentage with one decimal: 10.9%.
func pct(part, whole int) string {
	if whole == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(part)/float64(whole))
}

// pct0 writes part/whole as a whole percentage: 79%.
func pct0(part, whole int) string {
	if whole == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(part)/float64(whole))
}

// seconds writes a duration in seconds, to two significant figures
// under 10 s and whole seconds above: 1.5 s, 148 s.
func seconds(d time.Duration) string {
	s := d.Seconds()
	if s < 10 {
		return fmt.Sprintf("%.1f s", s)
	}
	return fmt.Sprintf("%.0f s", math.Round(s))
}
