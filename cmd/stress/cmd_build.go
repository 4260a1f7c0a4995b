package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/spf13/pflag"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/sample"
)

const (
	sampleOutDir = "stress-sample" // output of "stress build" with no arguments
	manifestName = "manifest.json"
	changesName  = "changes.tsv"
)

func init() {
	register(&command{
		Name:    "build",
		Summary: "build keyboard, swap and synonym stress sets with change log and manifest",
		Usage: "--out DIR [--seed N] [--kinds keyboard,swap,synonym] [FILE...]\n" +
			"       stress build --from DIR/manifest.json\n\n" +
			"Writes NAME_SUFFIX.EXT per input and kind, changes.tsv and manifest.json\n" +
			"into DIR, then prints the stats table. With no FILE, builds the embedded\n" +
			"BC5CDR sample (CC BY 4.0) into " + sampleOutDir + "/ unless --out is given.\n" +
			"--from regenerates a build byte for byte.",
		Flags: func(fs *pflag.FlagSet) {
			fs.String("out", "", "output `DIR` (created if missing)")
			fs.String("kinds", "keyboard,swap,synonym", "comma-separated perturbations: "+strings.Join(kindNames(), ", "))
			fs.String("from", "", "regenerate the build described by `MANIFEST` (into its directory unless --out is given)")
			addPerturbFlags(fs)
		},
		Run: runBuild,
	})
}

// buildPlan is everything a build needs; it is filled from flags or
// from a manifest.
type buildPlan struct {
	seed      uint64
	selection perturb.Selection
	kinds     []perturb.ManifestKind
	inputs    []perturb.Input // Path (as the user gave it) and Name
	outDir    string
	workers   int
	expect    *perturb.Manifest // when regenerating: the outputs must match
	selector  *perturb.Selector // set by build
}

func runBuild(ctx context.Context, e *env, fs *pflag.FlagSet, args []string) error {
	workers, _ := fs.GetInt("workers")
	from, _ := fs.GetString("from")
	outDir, _ := fs.GetString("out")
	var plan buildPlan
	if from != "" {
		for _, name := range []string{"seed", "select", "rate", "targets", "min-length", "kinds"} {
			if fs.Changed(name) {
				return usageErrorf("build: --%s cannot be combined with --from (the manifest sets it)", name)
			}
		}
		if len(args) > 0 {
			return usageErrorf("build: input files cannot be combined with --from")
		}
		p, err := planFromManifest(from)
		if err != nil {
			return err
		}
		plan = *p
		if outDir != "" {
			plan.outDir = outDir
		}
	} else {
		if outDir == "" && len(args) == 0 {
			outDir = sampleOutDir // "stress build" alone: the README's first command
		}
		if outDir == "" {
			return usageErrorf("build: --out DIR is required")
		}
		var err error
		if plan.selection, err = selectionFlags(fs); err != nil {
			return err
		}
		plan.seed, _ = fs.GetUint64("seed")
		plan.outDir = outDir
		kinds, _ := fs.GetString("kinds")
		names := splitList(kinds)
		if len(names) == 0 {
			return usageErrorf("build: --kinds is empty")
		}
		seen := map[string]bool{}
		for _, n := range names {
			k, err := perturb.Lookup(n)
			if err != nil {
				return usageErrorf("%v", err)
			}
			if seen[n] {
				return usageErrorf("build: kind %q given twice", n)
			}
			seen[n] = true
			opts, err := kindOptions(fs, k)
			if err != nil {
				return usageErrorf("%v", err)
			}
			plan.kinds = append(plan.kinds, perturb.ManifestKind{Name: k.Name, Suffix: k.Suffix, Options: opts})
		}
		if len(args) == 0 {
			plan.inputs = []perturb.Input{{Path: sample.TestName, Name: "test"}}
		}
		names2 := map[string]string{}
		for _, a := range args {
			name := baseName(a)
			if prev, dup := names2[name]; dup {
				return usageErrorf("build: inputs %s and %s would both write %s_*", prev, a, name)
			}
			names2[name] = a
			plan.inputs = append(plan.inputs, perturb.Input{Path: a, Name: name})
		}
	}
	plan.workers = workers
	defer tuneGC()()
	m, err := build(ctx, e, &plan)
	if err != nil {
		return err
	}
	if err := writeManifestStats(e.Stdout, m); err != nil {
		return err
	}
	if plan.expect != nil {
		fmt.Fprintf(e.Stdout, "\nregenerated %s: every output matches its recorded SHA-256\n", filepath.Join(plan.outDir, manifestName))
	} else {
		fmt.Fprintf(e.Stdout, "\nwrote %s\n", filepath.Join(plan.outDir, manifestName))
	}
	if len(args) == 0 && from == "" {
		fmt.Fprintf(e.Stdout, "\nData: BC5CDR excerpt (Li et al. 2016, via Crichton et al. 2017), CC BY 4.0; see sample/NOTICE.\n")
	}
	return nil
}

// writeManifestStats prints the statistics a manifest records: the
// paper's Table 2 for every input and output and, when a perturbation
// reported them (synonyms), what became of the gold mentions per type.
func writeManifestStats(w io.Writer, m *perturb.Manifest) error {
	var rows []perturb.NamedStats
	for _, in := range m.Inputs {
		rows = append(rows, perturb.NamedStats{Name: in.Name + " (original)", Stats: in.Stats})
		for _, o := range in.Outputs {
			rows = append(rows, perturb.NamedStats{Name: o.File, Stats: o.Stats})
		}
	}
	if err := perturb.WriteTable(w, rows); err != nil {
		return err
	}
	for _, r := range rows {
		if r.Stats.MentionOutcomes != nil {
			fmt.Fprintf(w, "\nGold mentions per type: replaced, or why they were left:\n")
			return perturb.WriteOutcomes(w, rows)
		}
	}
	return nil
}

// baseName is the input file name without directory and corpus
// extensions: "data/test.tsv.gz" -> "test".
func baseName(path string) string {
	b := filepath.Base(path)
	b = strings.TrimSuffix(b, ".gz")
	return strings.TrimSuffix(b, filepath.Ext(b))
}

// outputExt is the extension outputs of an input get: the input's own
// (without .gz, as outputs are written uncompressed), ".tsv" by default.
func outputExt(path string) string {
	if path == sample.TestName {
		return ".tsv"
	}
	ext := filepath.Ext(strings.TrimSuffix(filepath.Base(path), ".gz"))
	if ext == "" {
		return ".tsv"
	}
	return ext
}

// recordedPath is how a manifest in dir names the input at path:
// relative to dir when possible, so that the build directory and its
// inputs can move together and --from works from any directory.
func recordedPath(path, dir string) string {
	if strings.HasPrefix(path, "sample:") {
		return path
	}
	absPath, err1 := filepath.Abs(path)
	absDir, err2 := filepath.Abs(dir)
	if err1 != nil || err2 != nil {
		return path
	}
	if rel, err := filepath.Rel(absDir, absPath); err == nil {
		return filepath.ToSlash(rel)
	}
	return absPath
}

func planFromManifest(path string) (*buildPlan, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m, err := perturb.ReadManifest(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	p := &buildPlan{seed: m.Seed, selection: m.Selection, kinds: m.Kinds, outDir: filepath.Dir(path), expect: m}
	for _, in := range m.Inputs {
		path := in.Path
		if !strings.HasPrefix(path, "sample:") && !filepath.IsAbs(path) {
			path = filepath.Join(p.outDir, path) // recorded relative to the manifest
		}
		p.inputs = append(p.inputs, perturb.Input{Path: path, Name: in.Name})
	}
	return p, nil
}

// pendingOutput is an output file being written, hashed as it goes.
type pendingOutput struct {
	file *atomicfile.File
	hash hash.Hash
	sink *layoutSink
	name string
	kind string
}

// openSource opens a build input and returns it with a function giving
// the SHA-256 of all bytes read, valid once the source is at EOF.
func openSource(path string) (layoutSource, func() string, func(), error) {
	h := sha256.New()
	if path == sample.TestName {
		r := conll.NewReader(io.TeeReader(sample.TestReader(), h))
		r.File = path
		return r, func() string { return hex.EncodeToString(h.Sum(nil)) }, func() {}, nil
	}
	if strings.HasPrefix(path, "sample:") {
		return nil, nil, nil, fmt.Errorf("unknown embedded corpus %q (known: %s)", path, sample.TestName)
	}
	// Hash the file as stored (compressed or not) in a first pass: it
	// is cheap next to perturbing, and conll.Open reads on its own.
	raw, err := os.Open(path)
	if err != nil {
		return nil, nil, nil, err
	}
	_, err = io.Copy(h, raw)
	raw.Close()
	if err != nil {
		return nil, nil, nil, fmt.Errorf("read %s: %w", path, err)
	}
	sum := hex.EncodeToString(h.Sum(nil))
	f, err := conll.Open(path)
	if err != nil {
		return nil, nil, nil, err
	}
	return f, func() string { return sum }, func() { f.Close() }, nil
}

// inputRun is one input of a build being perturbed.
type inputRun struct {
	in       perturb.Input
	src      *layoutTracker
	sum      func() string // SHA-256 of the input, once read
	closeSrc func()
	outs     []*pendingOutput
	steps    []perturb.Step
	cw       *perturb.ChangeWriter
	logName  string   // where cw writes, for errors
	part     *os.File // the change-log part of an input after the first
	stats    []perturb.Stats
	err      error
}

// prepareInput opens an input and creates its outputs. The returned run,
// when not nil, must be cleaned up (its outputs are also pending).
func prepareInput(plan *buildPlan, in perturb.Input, perts []perturb.Perturbation, selector *perturb.Selector) (*inputRun, error) {
	opened, sum, closeSrc, err := openSource(in.Path)
	if err != nil {
		return nil, err
	}
	r := &inputRun{in: in, src: newLayoutTracker(opened), sum: sum, closeSrc: closeSrc}
	for i, mk := range plan.kinds {
		name := in.Name + "_" + mk.Suffix + outputExt(in.Path)
		f, err := atomicfile.Create(filepath.Join(plan.outDir, name), false)
		if err != nil {
			return r, err
		}
		o := &pendingOutput{file: f, hash: sha256.New(), name: name, kind: mk.Name}
		o.sink = newLayoutSink(io.MultiWriter(f, o.hash), conll.FormatOf(name), r.src)
		r.outs = append(r.outs, o)
		r.steps = append(r.steps, perturb.Step{Name: mk.Name, File: name, Perturbation: perts[i], Out: o.sink})
	}
	return r, nil
}

// openLogPart sends the input's change log to a temporary part file.
func (r *inputRun) openLogPart(dir string) error {
	f, err := os.CreateTemp(dir, "."+changesName+".part-*")
	if err != nil {
		return err
	}
	r.part, r.logName = f, f.Name()
	r.cw = perturb.NewChangeWriter(f)
	return nil
}

// run perturbs the input to its outputs and change log, setting r.stats
// or r.err.
func (r *inputRun) run(ctx context.Context, plan *buildPlan, progress func(int)) {
	pl := &perturb.Pipeline{Seed: plan.seed, Selector: plan.selector, Steps: r.steps, Workers: plan.workers,
		ChangeLog: r.cw, Progress: progress}
	r.stats, r.err = pl.Run(ctx, r.src)
	r.closeSrc()
	r.closeSrc = func() {}
	if r.err != nil {
		return
	}
	for _, o := range r.outs {
		if err := o.sink.Close(); err != nil {
			r.err = fmt.Errorf("write %s: %w", o.name, err)
			return
		}
	}
	if r.part != nil {
		if r.cw.Flush(); r.cw.Error() != nil {
			r.err = fmt.Errorf("write %s: %w", r.logName, r.cw.Error())
		}
	}
}

// appendLogPart appends the part's rows, without its header, to w.
func (r *inputRun) appendLogPart(w io.Writer) error {
	if _, err := r.part.Seek(0, io.SeekStart); err != nil {
		return err
	}
	br := bufio.NewReaderSize(r.part, 64<<10)
	if _, err := br.ReadSlice('\n'); err != nil && err != io.EOF {
		return err // the header
	}
	_, err := br.WriteTo(w)
	return err
}

// cleanup closes the input and removes the change-log part.
func (r *inputRun) cleanup() {
	r.closeSrc()
	if r.part != nil {
		r.part.Close()
		os.Remove(r.part.Name())
	}
}

// build runs the plan: every output goes to a temporary file and is
// renamed into place only when every input has been processed and
// checked, and the manifest last.
func build(ctx context.Context, e *env, plan *buildPlan) (*perturb.Manifest, error) {
	if err := os.MkdirAll(plan.outDir, 0o755); err != nil {
		return nil, err
	}
	selector, err := perturb.NewSelector(plan.selection, plan.seed)
	if err != nil {
		return nil, err
	}
	plan.selector = selector
	var perts []perturb.Perturbation
	for _, mk := range plan.kinds {
		k, err := perturb.Lookup(mk.Name)
		if err != nil {
			return nil, err
		}
		if k.Suffix != mk.Suffix {
			return nil, fmt.Errorf("%w: kind %s has suffix %q, manifest says %q", perturb.ErrManifest, k.Name, k.Suffix, mk.Suffix)
		}
		p, err := newPerturbation(k, mk.Options)
		if err != nil {
			return nil, err
		}
		defer closeIfCloser(p)
		perts = append(perts, p)
	}
	m := &perturb.Manifest{Tool: "stress", Version: version, Seed: plan.seed, Selection: plan.selection,
		Kinds: plan.kinds, Changes: changesName}

	changes, err := atomicfile.Create(filepath.Join(plan.outDir, changesName), false)
	if err != nil {
		return nil, err
	}
	defer changes.Abort()
	cw := perturb.NewChangeWriter(changes)
	cw.WriteHeader()

	var pending []*pendingOutput
	defer func() {
		for _, o := range pending {
			o.file.Abort()
		}
	}()
	// Finished outputs are flushed to disk in the background while other
	// inputs are perturbed, so that the fsyncs of Commit, which would
	// otherwise come all at the end, find little left to write. Their
	// errors come back from Commit's own fsync.
	var syncs sync.WaitGroup
	defer syncs.Wait() // before the files are aborted

	// Inputs are perturbed concurrently: each pipeline has a serial
	// reader and writer, and one input alone leaves cores idle while it
	// starts and drains. The change log must list inputs in order, so
	// every input after the first logs to a part file that is appended
	// to changes.tsv at the end.
	runs := make([]*inputRun, len(plan.inputs))
	for i, in := range plan.inputs {
		r, err := prepareInput(plan, in, perts, selector)
		if r != nil {
			runs[i] = r
			pending = append(pending, r.outs...)
			defer r.cleanup()
		}
		if err != nil {
			return nil, err
		}
		if i == 0 {
			r.cw, r.logName = cw, changesName
		} else if err := r.openLogPart(plan.outDir); err != nil {
			return nil, err
		}
	}
	var bar func(int)
	if b := newProgress(e, "perturbing"); b != nil {
		bar = func(int) { b.Add(1) }
		defer func() { b.Finish(); fmt.Fprintln(e.Stderr) }()
	}
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	sem := make(chan struct{}, max(2, runtime.NumCPU()))
	var wg sync.WaitGroup
	for _, r := range runs {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			r.run(runCtx, plan, bar)
			if r.err != nil {
				cancel() // the others stop too
				return
			}
			for _, o := range r.outs {
				syncs.Go(func() { o.file.Sync() })
			}
		})
	}
	wg.Wait()
	// The first input's own error, not the cancellation it caused.
	for _, r := range runs {
		if r.err != nil && !errors.Is(r.err, context.Canceled) {
			return nil, r.err
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for _, r := range runs {
		if r.err != nil {
			return nil, r.err
		}
		in := r.in
		in.SHA256 = r.sum()
		in.Path = recordedPath(in.Path, plan.outDir)
		if plan.expect != nil {
			for _, old := range plan.expect.Inputs {
				if old.Name == in.Name && old.SHA256 != in.SHA256 {
					return nil, fmt.Errorf("%w: %s has changed since the build (sha256 %s, manifest says %s)",
						perturb.ErrManifest, in.Path, in.SHA256, old.SHA256)
				}
			}
		}
		in.Outputs = nil
		var orig perturb.Stats
		for i, o := range r.outs {
			st := r.stats[i]
			if i == 0 {
				orig = st.Original()
			}
			in.Outputs = append(in.Outputs, perturb.Output{Kind: o.kind, File: o.name,
				SHA256: hex.EncodeToString(o.hash.Sum(nil)), Stats: st})
		}
		in.Stats = orig
		m.Inputs = append(m.Inputs, in)
		if r.part != nil {
			cw.Flush()
			if err := r.appendLogPart(changes); err != nil {
				return nil, fmt.Errorf("write %s: %w", changesName, err)
			}
		}
	}
	if cw.Flush(); cw.Error() != nil {
		return nil, fmt.Errorf("write %s: %w", changesName, cw.Error())
	}
	data, err := m.Encode()
	if err != nil {
		return nil, err
	}
	if plan.expect != nil {
		// Input paths are recorded relative to the output directory,
		// which --out may change; everything else must be identical.
		got, want := *m, *plan.expect
		got.Inputs = append([]perturb.Input(nil), m.Inputs...)
		want.Inputs = append([]perturb.Input(nil), plan.expect.Inputs...)
		for i := range got.Inputs {
			got.Inputs[i].Path = ""
		}
		for i := range want.Inputs {
			want.Inputs[i].Path = ""
		}
		a, _ := got.Encode()
		b, _ := want.Encode()
		if !bytes.Equal(a, b) {
			return nil, fmt.Errorf("%w: regenerated build differs from %s (different tool version or options?)",
				perturb.ErrManifest, manifestName)
		}
	}
	syncs.Wait()
	for _, o := range pending {
		if err := o.file.Commit(); err != nil {
			return nil, err
		}
	}
	pending = nil
	if err := changes.Commit(); err != nil {
		return nil, err
	}
	if err := atomicfile.WriteFile(filepath.Join(plan.outDir, manifestName), data); err != nil {
		return nil, err
	}
	return m, nil
}
