package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

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

// buildOptions are the flags of "stress build".
type buildOptions struct {
	perturbFlags
	Out   string
	From  string
	Kinds []perturb.ManifestKind
	set   func(name string) bool // whether a flag was given
}

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
		Bind: bind(func(f *flags, o *buildOptions) {
			f.String(&o.Out, "out", "", "", "output `DIR` (created if missing)")
			bindKinds(f, &o.Kinds, &o.perturbFlags, "kinds", "keyboard,swap,synonym", "comma-separated perturbations: "+strings.Join(kindNames(), ", "))
			f.String(&o.From, "from", "", "", "regenerate the build described by `MANIFEST` (into its directory unless --out is given)")
			bindPerturb(f, &o.perturbFlags)
			o.set = f.Changed
		}, runBuild),
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

func runBuild(ctx context.Context, e *env, o *buildOptions, args []string) error {
	workers, from, outDir := o.Workers, o.From, o.Out
	var plan buildPlan
	if from != "" {
		for _, name := range []string{"seed", "select", "rate", "targets", "min-length", "kinds"} {
			if o.set(name) {
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
		plan.selection, plan.seed, plan.outDir, plan.kinds = o.Selection, o.Seed, outDir, o.Kinds
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
// reported them (synonyms), what became of the gold mentions per type
// and the perturbation's audit of its output.
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
			if err := perturb.WriteOutcomes(w, rows); err != nil {
				return err
			}
			break
		}
	}
	for _, r := range rows {
		if r.Stats.Audit != nil {
			fmt.Fprintf(w, "\nAudit: replacements by kind and quality proxy, names rejected as replacements by reason:\n")
			return perturb.WriteAudit(w, rows)
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

// chunkSize is the size of the writes of outputs and change log: large
// enough that a build makes few system calls and hashes long blocks,
// small enough that the few chunks in use stay in the processor's cache
// and the heap does not grow with fresh pages the kernel must fault in.
const chunkSize = 256 << 10

// chunkPool keeps the chunks of finished outputs for the next ones.
var chunkPool = sync.Pool{New: func() any { b := make([]byte, 0, chunkSize); return &b }}

// asyncWriter collects writes into chunks and writes and hashes each
// chunk in a goroutine of its own, so that the pipeline's writing
// goroutine, which every sentence goes through, only copies bytes. At
// most three chunks are in use: one being filled, one queued, one being
// written.
type asyncWriter struct {
	buf    *[]byte        // the chunk being filled, nil until the first Write
	full   chan *[]byte   // chunks to write; nil asks for an acknowledgement
	ack    chan struct{}  // a nil chunk was reached
	free   chan *[]byte   // a written chunk, ready to be filled again
	err    atomic.Value   // the first write error (an error)
	out    io.Writer      // the file
	file   *os.File       // out, when writeback can be started early
	hash   hash.Hash      // sees every byte written to out, in order
	quit   sync.WaitGroup // the goroutine
	closed bool
}

func newAsyncWriter(out io.Writer, h hash.Hash) *asyncWriter {
	var file *os.File
	if f, ok := out.(*atomicfile.File); ok {
		file = f.File
	}
	// A writer has at most three chunks (one filled, one queued, one
	// written), so the goroutine never waits to give one back.
	w := &asyncWriter{full: make(chan *[]byte, 1), ack: make(chan struct{}), free: make(chan *[]byte, 3), out: out, file: file, hash: h}
	w.quit.Go(func() {
		failed := false
		var off int64
		for b := range w.full {
			if b == nil {
				w.ack <- struct{}{}
				continue
			}
			if !failed {
				if _, err := w.out.Write(*b); err != nil {
					w.err.Store(err)
					failed = true
				} else {
					if w.file != nil {
						startWriteback(w.file, off, int64(len(*b)))
					}
					off += int64(len(*b))
					if w.hash != nil {
						w.hash.Write(*b)
					}
				}
			}
			*b = (*b)[:0]
			w.free <- b
		}
	})
	return w
}

func (w *asyncWriter) error() error {
	if err, ok := w.err.Load().(error); ok {
		return err
	}
	return nil
}

// Write copies p into chunks, handing each full one to the goroutine.
func (w *asyncWriter) Write(p []byte) (int, error) {
	if err := w.error(); err != nil {
		return 0, err
	}
	n := len(p)
	for len(p) > 0 {
		if w.buf == nil {
			select {
			case w.buf = <-w.free:
			default:
				w.buf = chunkPool.Get().(*[]byte)
			}
		}
		c := copy((*w.buf)[len(*w.buf):chunkSize], p)
		*w.buf, p = (*w.buf)[:len(*w.buf)+c], p[c:]
		if len(*w.buf) == chunkSize {
			w.full <- w.buf
			w.buf = nil
		}
	}
	return n, nil
}

// Flush writes what was written so far and waits until it is in the file.
func (w *asyncWriter) Flush() error {
	if w.buf != nil && len(*w.buf) > 0 {
		w.full <- w.buf
		w.buf = nil
	}
	w.full <- nil
	<-w.ack
	return w.error()
}

// Close flushes and stops the goroutine. Later calls do nothing.
func (w *asyncWriter) Close() error {
	if w.closed {
		return w.error()
	}
	w.closed = true
	err := w.Flush()
	close(w.full)
	w.quit.Wait()
	close(w.free)
	for b := range w.free {
		chunkPool.Put(b)
	}
	return err
}

// buildSource reads a build input, hashing the bytes as stored as they
// are read, and publishes the CoNLL layout read so far to the sinks of
// the input's outputs, which format sentences in other goroutines.
type buildSource struct {
	file   *conll.File
	conll  *conll.Reader // nil for JSON Lines
	raw    io.Reader     // the stored bytes, to hash what the reader left
	hash   hash.Hash
	osFile *os.File                     // nil for the embedded sample
	layout atomic.Pointer[conll.Layout] // nil until the first Read
	last   conll.Layout                 // the reading goroutine's copy
}

// openSource opens a build input: a file (CoNLL or JSON Lines, maybe
// gzipped) or the embedded sample. The bytes go through a hash on their
// way to conll.OpenReader, which decodes them as conll.Open would.
func openSource(path string) (*buildSource, error) {
	src := &buildSource{hash: sha256.New()}
	if path == sample.TestName {
		src.raw = sample.TestReader()
	} else if strings.HasPrefix(path, "sample:") {
		return nil, fmt.Errorf("unknown embedded corpus %q (known: %s)", path, sample.TestName)
	} else {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		src.raw, src.osFile = f, f
	}
	cf, err := conll.OpenReader(io.TeeReader(src.raw, src.hash), path)
	if err != nil {
		src.Close()
		return nil, err
	}
	src.file, src.conll = cf, cf.CoNLL()
	return src, nil
}

// Read reads the next sentence and publishes the layout when it changed
// (on the first line and at the end of the input, not in between).
func (src *buildSource) Read() (conll.Sentence, error) {
	s, err := src.file.Read()
	src.publish()
	return s, err
}

// ReadAppend is Read keeping the sentence's strings in strs (see
// perturb.AppendSource).
func (src *buildSource) ReadAppend(strs []string) (conll.Sentence, []string, error) {
	if src.conll == nil {
		s, err := src.Read()
		return s, strs, err
	}
	s, strs, err := src.conll.ReadAppend(strs)
	src.publish()
	return s, strs, err
}

func (src *buildSource) publish() {
	var l conll.Layout
	if src.conll != nil {
		l = src.conll.Layout()
	}
	if src.layout.Load() == nil || l != src.last {
		src.last = l
		src.layout.Store(&l)
	}
}

// Layout returns the layout read so far.
func (src *buildSource) Layout() conll.Layout {
	if l := src.layout.Load(); l != nil {
		return *l
	}
	return conll.Layout{}
}

// Sum returns the SHA-256 of the input as stored, once the source has
// been read to the end.
func (src *buildSource) Sum() (string, error) {
	if _, err := io.Copy(src.hash, src.raw); err != nil {
		return "", err
	}
	return hex.EncodeToString(src.hash.Sum(nil)), nil
}

// Close closes the input. Later calls do nothing.
func (src *buildSource) Close() {
	if src.file != nil {
		src.file.Close()
		src.file = nil
	}
	if src.osFile != nil {
		src.osFile.Close()
		src.osFile = nil
	}
}

// buildSink writes one output in the layout of its input, hashing it as
// it goes. The CoNLL kind, formattedSink, lets the pipeline's workers
// format the sentences.
type buildSink struct {
	w    conll.SentenceWriter
	cw   *conll.Writer // w, when the output is CoNLL
	src  *buildSource
	out  *asyncWriter
	file *atomicfile.File
	hash hash.Hash
	name string
	kind string
}

func (s *buildSink) sync() {
	if s.cw != nil {
		s.cw.Layout = s.src.Layout()
	}
}

func (s *buildSink) Write(sent conll.Sentence) error {
	s.sync()
	return s.w.Write(sent)
}

// Close writes out everything written (it does not close the file).
func (s *buildSink) Close() error {
	s.sync()
	s.w.Flush()
	err := s.out.Close()
	if s.w.Error() != nil {
		return s.w.Error()
	}
	return err
}

// formattedSink is a buildSink of a CoNLL output.
type formattedSink struct{ *buildSink }

func (s formattedSink) AppendSentence(dst []byte, sent conll.Sentence, sep bool) ([]byte, error) {
	return conll.AppendSentence(dst, sent, s.src.Layout(), sep)
}

func (s formattedSink) WriteFormatted(p []byte, n int) error {
	s.sync()
	return s.cw.WriteFormatted(p, n)
}

// createSink creates the output name of src in dir.
func createSink(dir, name, kind string, src *buildSource) (*buildSink, error) {
	f, err := atomicfile.Create(filepath.Join(dir, name), false)
	if err != nil {
		return nil, err
	}
	s := &buildSink{file: f, hash: sha256.New(), name: name, kind: kind, src: src}
	s.out = newAsyncWriter(f, s.hash)
	if conll.FormatOf(name) == conll.FormatJSONL {
		s.w = conll.NewJSONWriter(s.out)
	} else {
		s.cw = conll.NewWriter(s.out)
		s.w = s.cw
	}
	return s, nil
}

// pipelineSink is the sink the pipeline writes s through.
func (s *buildSink) pipelineSink() perturb.Sink {
	if s.cw != nil {
		return formattedSink{s}
	}
	return s
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
	changesOut := newAsyncWriter(changes, nil)
	defer changesOut.Close()
	cw := perturb.NewChangeWriter(changesOut)
	cw.WriteHeader()

	// Finished outputs, and the change log so far, are flushed to disk
	// in the background while later inputs are perturbed, so that the
	// fsyncs of Commit, which would otherwise come all at the end, find
	// little left to write. Their errors are kept and checked before
	// anything is committed: Linux reports a writeback error once per
	// open file, so the background fsync may be the only one to see it.
	var syncs syncGroup

	// All inputs go through one pipeline, one after the other: the next
	// input is read and perturbed while the previous one is written, so
	// both cores stay busy to the end, and the change log is written
	// straight through in input order.
	srcs := make([]*buildSource, len(plan.inputs))
	sinks := make([][]*buildSink, len(plan.inputs))
	parts := make([]perturb.Part, len(plan.inputs))
	for i, in := range plan.inputs {
		src, err := openSource(in.Path)
		if err != nil {
			return nil, err
		}
		srcs[i] = src
		defer src.Close()
		part := perturb.Part{Source: src}
		for k, mk := range plan.kinds {
			name := in.Name + "_" + mk.Suffix + outputExt(in.Path)
			s, err := createSink(plan.outDir, name, mk.Name, src)
			if err != nil {
				return nil, err
			}
			defer s.file.Abort()
			defer s.out.Close() // on errors, before the file is aborted
			sinks[i] = append(sinks[i], s)
			part.Steps = append(part.Steps, perturb.Step{Name: mk.Name, File: name, Perturbation: perts[k], Out: s.pipelineSink()})
		}
		last := i == len(plan.inputs)-1
		part.Done = func() error {
			for _, s := range sinks[i] {
				if err := s.Close(); err != nil {
					return fmt.Errorf("write %s: %w", s.name, err)
				}
				syncs.Go(s.file.Sync)
			}
			if !last {
				if cw.Flush(); cw.Error() != nil {
					return fmt.Errorf("write %s: %w", changesName, cw.Error())
				}
				if err := changesOut.Flush(); err != nil {
					return fmt.Errorf("write %s: %w", changesName, err)
				}
				syncs.Go(changes.Sync)
			}
			return nil
		}
		parts[i] = part
	}
	defer syncs.Wait() // before the files are aborted; the error is reported on success only
	pl := &perturb.Pipeline{Seed: plan.seed, Selector: plan.selector, Workers: plan.workers, ChangeLog: cw}
	if b := newProgress(e, "perturbing"); b != nil {
		pl.Progress = func(int) { b.Add(1) }
		defer func() { b.Finish(); fmt.Fprintln(e.Stderr) }()
	}
	stats, err := pl.RunParts(ctx, parts)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if cw.Flush(); cw.Error() != nil {
		return nil, fmt.Errorf("write %s: %w", changesName, cw.Error())
	}
	if err := changesOut.Close(); err != nil {
		return nil, fmt.Errorf("write %s: %w", changesName, err)
	}
	syncs.Go(changes.Sync) // while the manifest is made
	for i, src := range srcs {
		in := plan.inputs[i]
		sum, err := src.Sum()
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", in.Path, err)
		}
		src.Close()
		in.SHA256 = sum
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
		for k, s := range sinks[i] {
			st := stats[i][k]
			if k == 0 {
				orig = st.Original()
			}
			in.Outputs = append(in.Outputs, perturb.Output{Kind: s.kind, File: s.name,
				SHA256: hex.EncodeToString(s.hash.Sum(nil)), Stats: st})
		}
		in.Stats = orig
		m.Inputs = append(m.Inputs, in)
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
	if err := syncs.Wait(); err != nil {
		return nil, err
	}
	for _, ss := range sinks {
		for _, s := range ss {
			if err := s.file.Commit(); err != nil {
				return nil, err
			}
		}
	}
	if err := changes.Commit(); err != nil {
		return nil, err
	}
	if err := atomicfile.WriteFile(filepath.Join(plan.outDir, manifestName), data); err != nil {
		return nil, err
	}
	return m, nil
}

// syncGroup runs fsyncs in the background and keeps the first error.
type syncGroup struct {
	wg  sync.WaitGroup
	mu  sync.Mutex
	err error
}

// Go runs sync in a new goroutine.
func (g *syncGroup) Go(sync func() error) {
	g.wg.Go(func() {
		if err := syncFile(sync); err != nil {
			g.mu.Lock()
			if g.err == nil {
				g.err = err
			}
			g.mu.Unlock()
		}
	})
}

// Wait waits for every sync started so far and returns the first error.
func (g *syncGroup) Wait() error {
	g.wg.Wait()
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.err
}

// syncFile runs one background sync; tests replace it to inject the
// writeback errors a real disk rarely gives.
var syncFile = func(sync func() error) error { return sync() }
