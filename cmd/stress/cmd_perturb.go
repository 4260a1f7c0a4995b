package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/pflag"
	"golang.org/x/term"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/perturb"
	_ "github.com/stress-ner/stress/perturb/keyboard" // registers "keyboard"
	_ "github.com/stress-ner/stress/perturb/swap"     // registers "swap"
	_ "github.com/stress-ner/stress/perturb/synonym"  // registers "synonym"
)

func init() {
	register(&command{
		Name:    "perturb",
		Summary: "write a perturbed (stress) copy of a corpus",
		Usage:   "--kind KIND [--seed N] [--log FILE] [-o OUT] [IN]",
		Flags: func(fs *pflag.FlagSet) {
			fs.String("kind", "", "perturbation: "+kindHelp())
			fs.StringP("output", "o", "", "write the perturbed corpus to `OUT` (default: standard output)")
			fs.String("log", "", "write the change log (TSV with header) to `FILE`")
			addPerturbFlags(fs)
		},
		Run: runPerturb,
	})
}

// kindHelp lists the registered perturbations with their help lines.
func kindHelp() string {
	var parts []string
	for _, k := range perturb.All() {
		parts = append(parts, fmt.Sprintf("%s (%s)", k.Name, k.Help))
	}
	return strings.Join(parts, "; ")
}

// addPerturbFlags defines the flags shared by perturb and build: seed,
// word selection, workers and every option of every registered kind.
func addPerturbFlags(fs *pflag.FlagSet) {
	d := perturb.DefaultSelection()
	fs.Uint64("seed", 1, "random seed; the same seed gives the same output")
	fs.String("select", d.Method, "word selection: lexical (letters, long enough, not a stopword), pos (content words by POS tag), entities or all")
	fs.Float64("rate", d.Rate, "share of eligible words to change, 0 to 1")
	fs.String("targets", d.Targets, "change words in: all, entities (gold mentions only) or context (outside mentions)")
	fs.Int("min-length", d.MinLength, "minimum length of a selected word, in letters")
	fs.Int("workers", runtime.NumCPU(), "parallel workers (output does not depend on it)")
	defined := map[string]bool{}
	for _, k := range perturb.All() {
		for _, o := range k.Options {
			if defined[o.Name] {
				continue
			}
			defined[o.Name] = true
			help := o.Help + " (" + k.Name + ")"
			if o.Bool {
				b, _ := strconv.ParseBool(o.Default)
				fs.Bool(o.Name, b, help)
			} else {
				fs.String(o.Name, o.Default, help)
			}
		}
	}
}

// selectionFlags reads the selection options from fs.
func selectionFlags(fs *pflag.FlagSet) (perturb.Selection, error) {
	var o perturb.Selection
	o.Method, _ = fs.GetString("select")
	o.Rate, _ = fs.GetFloat64("rate")
	o.Targets, _ = fs.GetString("targets")
	o.MinLength, _ = fs.GetInt("min-length")
	if err := o.Validate(); err != nil {
		return o, usageErrorf("%v", err)
	}
	return o, nil
}

// kindOptions returns the resolved options of kind k from fs.
func kindOptions(fs *pflag.FlagSet, k *perturb.Kind) (map[string]string, error) {
	opts := map[string]string{}
	for _, o := range k.Options {
		if f := fs.Lookup(o.Name); f != nil {
			opts[o.Name] = f.Value.String()
		}
	}
	return k.Resolve(opts)
}

// newPerturbation builds kind k with opts; setup errors caused by bad
// option values are usage errors.
func newPerturbation(k *perturb.Kind, opts map[string]string) (perturb.Perturbation, error) {
	p, err := k.New(opts)
	if err != nil {
		return nil, usageErrorf("%s: %v", k.Name, err)
	}
	fitGC()
	return p, nil
}

func closeIfCloser(p perturb.Perturbation) {
	if c, ok := p.(io.Closer); ok {
		c.Close()
	}
}

func runPerturb(ctx context.Context, e *env, fs *pflag.FlagSet, args []string) error {
	if len(args) > 1 {
		return usageErrorf("perturb takes at most one input file")
	}
	kindName, _ := fs.GetString("kind")
	if kindName == "" {
		return usageErrorf("perturb: --kind is required (%s)", strings.Join(kindNames(), ", "))
	}
	kind, err := perturb.Lookup(kindName)
	if err != nil {
		return usageErrorf("%v", err)
	}
	sel, err := selectionFlags(fs)
	if err != nil {
		return err
	}
	opts, err := kindOptions(fs, kind)
	if err != nil {
		return usageErrorf("%v", err)
	}
	defer tuneGC()()
	seed, _ := fs.GetUint64("seed")
	workers, _ := fs.GetInt("workers")
	outPath, _ := fs.GetString("output")
	logPath, _ := fs.GetString("log")

	selector, err := perturb.NewSelector(sel, seed)
	if err != nil {
		return err
	}
	p, err := newPerturbation(kind, opts)
	if err != nil {
		return err
	}
	defer closeIfCloser(p)

	in, closeSrc, inName, err := openInput(e, args)
	if err != nil {
		return err
	}
	defer closeSrc()
	src := newLayoutTracker(in)

	var w *layoutSink
	outName := "-"
	var outFile *conll.Output
	if outPath != "" {
		if outFile, err = conll.Create(outPath, conll.OutputOptions{}); err != nil {
			return err
		}
		defer outFile.Abort()
		outName = outPath
		w = &layoutSink{w: outFile.SentenceWriter, src: src}
	} else {
		format := conll.FormatCoNLL
		if inName != "-" {
			format = conll.FormatOf(inName)
		}
		w = newLayoutSink(e.Stdout, format, src)
	}

	var logFile *atomicfile.File
	var cw *perturb.ChangeWriter
	if logPath != "" {
		if logFile, err = atomicfile.Create(logPath, false); err != nil {
			return err
		}
		defer logFile.Abort()
		cw = perturb.NewChangeWriter(logFile)
		cw.WriteHeader()
	}
	pl := &perturb.Pipeline{
		Seed: seed, Selector: selector, Workers: workers,
		Steps: []perturb.Step{{Name: kind.Name, File: outName, Perturbation: p, Out: w}},
	}
	if cw != nil {
		pl.ChangeLog = cw
	}
	bar := newProgress(e, "perturbing")
	if bar != nil {
		pl.Progress = func(int) { bar.Add(1) }
	}
	_, err = pl.Run(ctx, src)
	if bar != nil {
		bar.Finish()
		fmt.Fprintln(e.Stderr)
	}
	if err != nil {
		return err
	}
	// Everything is written and checked before anything is committed,
	// and the output goes first: a log without its output would describe
	// a file that does not exist.
	if err := w.Close(); err != nil {
		return fmt.Errorf("write %s: %w", outName, err)
	}
	if outFile != nil {
		if err := outFile.Close(); err != nil {
			return err
		}
	}
	if cw != nil {
		if cw.Flush(); cw.Error() != nil {
			return fmt.Errorf("write %s: %w", logPath, cw.Error())
		}
	}
	if outFile != nil {
		if err := outFile.Commit(); err != nil {
			return err
		}
	}
	if logFile != nil {
		return logFile.Commit()
	}
	return nil
}

// gcPercent is the collector setting of perturbing commands. A run
// keeps little memory (a few bounded queues of sentences) but allocates
// about ten times its input in short-lived token slices, so with Go's
// default of 100 the collector runs every few megabytes and took a
// quarter of the CPU of "stress build"; at 400 it runs a quarter as
// often for a peak heap of tens of megabytes.
const gcPercent = 400

// tuneGC applies gcPercent unless the user set GOGC, and returns the
// function that restores the previous setting.
func tuneGC() (restore func()) {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	old := debug.SetGCPercent(gcPercent)
	gcTuned.Store(true)
	return func() { gcTuned.Store(false); debug.SetGCPercent(old) }
}

// gcHeadroom is how far past its live heap fitGC lets a run's heap grow.
// Measured on the three BC5CDR splits x16 (50 MB) with the embedded
// store: peak RSS 508 MB at gcPercent, 287 MB at 128 MB, 224 MB at 64 MB
// for 4% more CPU.
const gcHeadroom = 64 << 20

var gcTuned atomic.Bool

// fitGC lowers gcPercent, once a perturbation is set up, so that the heap
// grows about gcHeadroom (at least 50%) past what it then holds.
// gcPercent is right for K and W, whose live heap is a few megabytes; S
// holds the embedded concept store (about 110 MB), and at 400% its heap
// grew to 5 times that, over half a gigabyte of garbage on a 50 MB
// input. A percent rather than a memory limit: caches that grow during
// the run keep the collector proportional instead of making it run
// nonstop at the limit.
func fitGC() {
	if !gcTuned.Load() {
		return
	}
	runtime.GC() // the setup's garbage is no measure of what stays
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	if live := ms.HeapAlloc; live > 0 {
		debug.SetGCPercent(max(50, min(gcPercent, int(gcHeadroom*100/live))))
	}
}

func kindNames() []string {
	var ns []string
	for _, k := range perturb.All() {
		ns = append(ns, k.Name)
	}
	return ns
}

// layoutSource is a sentence source that may know its CoNLL layout.
type layoutSource interface {
	perturb.Source
	Layout() conll.Layout
}

// openInput opens the one input file in args, or standard input.
func openInput(e *env, args []string) (layoutSource, func(), string, error) {
	if len(args) == 0 || args[0] == "-" {
		r := conll.NewReader(e.Stdin)
		r.File = "-"
		return r, func() {}, "-", nil
	}
	f, err := conll.Open(args[0])
	if err != nil {
		return nil, nil, "", err
	}
	return f, func() { f.Close() }, args[0], nil
}

// layoutTracker reads from src and keeps a copy of its layout, taken in
// the reading goroutine after every Read, that writers in another
// goroutine may ask for: the layout is detected from the first line and
// completed at the end of the input.
type layoutTracker struct {
	src    layoutSource
	mu     sync.Mutex
	layout conll.Layout
}

func newLayoutTracker(src layoutSource) *layoutTracker { return &layoutTracker{src: src} }

func (t *layoutTracker) Read() (conll.Sentence, error) {
	s, err := t.src.Read()
	l := t.src.Layout()
	t.mu.Lock()
	t.layout = l
	t.mu.Unlock()
	return s, err
}

func (t *layoutTracker) Layout() conll.Layout {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.layout
}

// layoutSink writes sentences in the layout of the source they came
// from (tab or space columns, CRLF, final blank line), which is known
// only as the source is read, so it is refreshed before every write and
// before the final flush.
type layoutSink struct {
	w   conll.SentenceWriter
	src *layoutTracker
}

func newLayoutSink(out io.Writer, format conll.Format, src *layoutTracker) *layoutSink {
	return &layoutSink{w: conll.NewFormatWriter(out, format, conll.Layout{}), src: src}
}

func (s *layoutSink) sync() {
	if cw, ok := s.w.(*conll.Writer); ok && s.src != nil {
		cw.Layout = s.src.Layout()
	}
}

func (s *layoutSink) Write(sent conll.Sentence) error {
	s.sync()
	return s.w.Write(sent)
}

// Close flushes the writer (it does not close the underlying file).
func (s *layoutSink) Close() error {
	s.sync()
	s.w.Flush()
	return s.w.Error()
}

// newProgress returns a progress bar counting sentences when stderr is a
// terminal, and nil otherwise (pipes, files, tests).
func newProgress(e *env, what string) *progressbar.ProgressBar {
	f, ok := e.Stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return progressbar.NewOptions(-1,
		progressbar.OptionSetWriter(f),
		progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(),
		progressbar.OptionSetItsString("sentences"),
		progressbar.OptionShowIts(),
		progressbar.OptionThrottle(100*1e6),
	)
}
