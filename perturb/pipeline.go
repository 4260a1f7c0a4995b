package perturb

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
)

// Sink receives sentences; conll.Writer satisfies it. A Sink that is
// also a conll.ConceptWriter (the writer of a document format) gets
// every sentence through WriteConcepts instead, with the concepts an
// entity swap gave its mentions, so that their ids follow.
type Sink interface {
	Write(conll.Sentence) error
}

// ChangeLog is a change log written by a Pipeline (stressset.ChangeWriter
// is the one stress writes). The log is larger than the corpus and the
// writing goroutine is the pipeline's narrowest stage, so the workers
// format the rows and the writing goroutine only copies them.
type ChangeLog interface {
	// RowAppender returns a function that appends one change as a row
	// (line break included) to dst. Each worker gets its own, called
	// from one goroutine, for the changes of one step.
	RowAppender() func(dst []byte, c Change) []byte
	// WriteRows writes rows made by RowAppender functions, in input
	// order, from the pipeline's writing goroutine.
	WriteRows(rows []byte) error
}

// Step is one perturbation of a run and where its output goes.
type Step struct {
	Name         string // perturbation name: seeds its random stream and fills Change.Kind
	File         string // output name recorded in Change.File
	Perturbation Perturbation
	Out          Sink // receives the perturbed sentences in input order
}

// formattedSink is implemented by sinks that let the pipeline's workers
// format sentences, so that the writing goroutine, which every sentence
// goes through, only copies bytes. conll.Layout's AppendSentence and
// conll.Writer's WriteFormatted are the model.
type formattedSink interface {
	Sink
	// AppendSentence appends s as the sink writes it to dst, preceded by
	// the separator from the sentence before when sep is set. It is
	// called from several goroutines at once.
	//
	// When every sink of a part is a formattedSink and Pipeline.Changes
	// is nil, no sentence leaves the pipeline, which then keeps the
	// strings of sentences (read from an appendSource, edited by a
	// WordEditor) in memory it reuses from batch to batch: sinks,
	// perturbations and mention reporters must not keep the sentences
	// they are given, or slices of them, after they return.
	AppendSentence(dst []byte, s conll.Sentence, sep bool) ([]byte, error)
	// WriteFormatted writes n consecutive sentences formatted by
	// AppendSentence, each with its separator, the first too.
	WriteFormatted(p []byte, n int) error
}

// appendSource is implemented by sources that can put the Tokens and
// Tags of the sentences they read into a slice the caller reuses, as
// conll.Reader's ReadAppend does.
type appendSource interface {
	conll.SentenceReader
	ReadAppend(strs []string) (conll.Sentence, []string, error)
}

// Part is one input of a run of several (Pipeline.RunParts): its
// sentences and its steps, which are the pipeline's steps with the
// part's own files and sinks.
type Part struct {
	Source conll.SentenceReader
	// Input names Source in errors about a sentence an output refuses
	// (file:line); "" leaves them without a file.
	Input string
	Steps []Step
	// Done, when not nil, is called from the writing goroutine once the
	// part's last sentence has been written (and before the next part's
	// first), so that its outputs can be finished while others are
	// still being perturbed.
	Done func() error
}

// Pipeline reads sentences, selects words once per sentence, applies
// every step, checks each result against its original and writes the
// results in input order. Sentences go to Workers goroutines in batches
// of consecutive sentences through bounded queues, so memory stays flat
// whatever the corpus size; a batch's buffers are reused once it is
// written. Sinks and Changes are called from one goroutine, in order.
type Pipeline struct {
	Seed     uint64
	Selector *Selector
	Steps    []Step
	// Workers is the number of perturbing goroutines, at most
	// MaxWorkers; 0 means runtime.NumCPU().
	Workers int
	// Changes, when not nil, receives every change in input order.
	Changes func(Change) error
	// ChangeLog, when not nil, receives every change in input order, as
	// rows made by the workers (see ChangeLog): the
	// change log is larger than the corpus, and the serial writer is the
	// pipeline's narrowest stage.
	ChangeLog ChangeLog
	// Progress, when not nil, is called after each sentence is written,
	// with the number of sentences done so far (in all parts).
	Progress func(sentences int)
	// NoStats skips the statistics (Run returns zero Stats), a tenth of
	// the work for callers that do not use them.
	NoStats bool
	// AuditSections, when not nil, are the sections of Stats.Audit the
	// caller reads: the others are not counted (a SectionAuditor is asked
	// for these only, and other Auditors' counts of other sections are
	// dropped).
	AuditSections []string
	// Input names the source of Run in errors (see Part.Input).
	Input string

	plainSentences int // perturbed by the plain path (runPlain), for the tests
}

// RunParts processes several inputs one after the other, as many Runs
// would, but through one set of workers: the next part is read and
// perturbed while the previous one is written, and Changes and
// ChangeLog receive the changes of all parts in order, so one log can
// be written straight through. Sentence numbers start again at every
// part. It returns one Stats per step for every part; Pipeline.Steps is
// not used.
func (p *Pipeline) RunParts(ctx context.Context, parts []Part) ([][]Stats, error) {
	return p.run(ctx, parts)
}

// MaxWorkers bounds Pipeline.Workers: each worker holds batches of
// sentences in flight, so the count bounds memory (and no machine runs
// more perturbing goroutines usefully).
const MaxWorkers = 1024

// batchSize is the number of consecutive sentences handed to a worker
// at once: enough to make queueing and signalling negligible next to
// perturbing, few enough to keep memory flat and workers balanced. The
// batches in flight, with their buffers, are most of a run's heap: at
// 64 sentences and two batches per worker queued, a build of BC5CDR
// (3 MB) allocates about as much as the collector's first goal and
// runs it once, where 128 and three per worker had it start within the
// first input and hold a core (2 CPUs: 136 -> 116 ms wall).
const batchSize = 64

// batch is a run of consecutive sentences and, once a worker has
// processed it, their perturbed copies and changes. Batches are reused
// once written: nothing handed to a Sink or to Changes points into them,
// except, when reuse is set, what formattedSinks are given to format
// and do not keep.
type batch struct {
	part    int              // the index of the part the sentences come from
	last    bool             // the part's last batch (possibly empty)
	first   int              // index of origs[0] in the input
	origs   []conll.Sentence // the sentences
	outs    []conll.Sentence // outs[i*len(Steps)+k]: sentence i after step k
	docs    []DocState       // indexed like outs: what the DocumentReaders saw before each sentence
	changes [][]Change       // indexed like outs
	arena   []Change         // backing store of changes, for WordEditors
	// outcomes, indexed like outs, are the outcomes MentionPerturbations
	// gave with their outputs, slices of outcomeArena; spans[i] the gold
	// mentions of origs[i] (iob.Spans), slices of spanArena, read once
	// for every step and the statistics.
	outcomes     [][]MentionOutcome
	outcomeArena []MentionOutcome
	spans        [][]iob.Span
	spanArena    []iob.Span
	rows         []byte // change-log rows, for ChangeLog
	rowEnds      []int  // end of each sentence's rows in rows
	// text[k] is step k's sentences formatted by its formattedSink, and
	// textEnds[k] where each sentence ends in it.
	text     [][]byte
	textEnds [][]int
	// reuse is set when no sentence leaves the pipeline (see
	// formattedSink): the Tokens and Tags of origs are then slices of
	// strs, and the Tokens of outs made by WordEditors slices of toks.
	reuse bool
	strs  []string
	toks  []string
	// ok is the number of sentences processed without error; when it is
	// less than len(origs), err is the error of sentence ok.
	ok   int
	err  error
	done chan struct{}
}

// batchPool keeps written batches, with their buffers, for the next
// batches of this run and of later runs.
var batchPool = sync.Pool{New: func() any { return &batch{origs: make([]conll.Sentence, 0, batchSize)} }}

// reset prepares a used batch (or a new one) for the sentences from first.
func (b *batch) reset(part, first int) {
	clear(b.origs) // let the previous sentences be collected
	clear(b.outs)
	clear(b.changes)
	clear(b.outcomes)
	clear(b.spans)
	clear(b.docs)
	b.outcomeArena, b.spanArena, b.spans = b.outcomeArena[:0], b.spanArena[:0], b.spans[:0]
	b.docs = b.docs[:0]
	b.part, b.last = part, false
	b.first, b.origs, b.ok, b.err = first, b.origs[:0], 0, nil
	b.arena, b.rows, b.rowEnds = b.arena[:0], b.rows[:0], b.rowEnds[:0]
	clear(b.strs)
	clear(b.toks)
	b.strs, b.toks, b.reuse = b.strs[:0], b.toks[:0], false
	for k := range b.text {
		b.text[k], b.textEnds[k] = b.text[k][:0], b.textEnds[k][:0]
	}
	b.done = make(chan struct{})
}

// worker is the state one perturbing goroutine reuses from sentence to
// sentence.
type worker struct {
	orig      []Stats             // per part, the originals, counted once for every step
	stats     [][]Stats           // per part and step, the modifications only
	reporters [][]MentionReporter // per part and step, nil when the step reports no outcomes
	// mentions[part][step] is the step's MentionPerturbation, nil when it
	// is not one; selects[part] whether a step of the part is not one,
	// and so needs the words selected.
	mentions [][]MentionPerturbation
	selects  []bool
	// readSpans[part] is set when a step of the part reads the gold
	// mentions of every sentence (a MentionPerturbation or a
	// SpanChecker), which are then read with statistics or without.
	readSpans []bool
	pcg       *rand.PCG
	rng       *rand.Rand                          // draws from pcg, reseeded for every sentence and step
	rows      []func(dst []byte, c Change) []byte // per step, for ChangeLog
	selected  []bool
	// The edited words of a sentence back to back, where each ends and
	// the tokens they replace, for the plain path (runPlain).
	words     []byte
	ends, idx []int
	audit     []AuditCount
	auditors  []Auditor // per step of the batch at hand, nil when it is none
}

// Run processes src to the end and returns one Stats per step.
func (p *Pipeline) Run(ctx context.Context, src conll.SentenceReader) ([]Stats, error) {
	stats, err := p.run(ctx, []Part{{Source: src, Input: p.Input, Steps: p.Steps}})
	if stats == nil {
		return nil, err
	}
	return stats[0], err
}

func (p *Pipeline) run(ctx context.Context, parts []Part) ([][]Stats, error) {
	if p.Selector == nil {
		return nil, fmt.Errorf("%w: pipeline without selector", ErrOption)
	}
	workers := p.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	if workers > MaxWorkers {
		return nil, fmt.Errorf("%w: %d workers, at most %d", ErrOption, workers, MaxWorkers)
	}
	if workers == 1 {
		return p.runInline(ctx, parts)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	// Every batch in flight is in order, so its capacity bounds memory.
	todo := make(chan *batch, workers)
	order := make(chan *batch, 2*workers)
	readErr := make(chan error, 1)
	go func() { readErr <- p.read(ctx, parts, todo, order) }()
	ws, wait := p.startWorkers(parts, workers, todo)
	firstErr := p.write(ctx, cancel, parts, order)
	if err := <-readErr; err != nil && firstErr == nil {
		firstErr = err
	}
	wait()
	stats := mergeStats(parts, ws)
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	return stats, firstErr
}

// runInline is run with one worker: the batches are read, perturbed
// and written in turn by the calling goroutine, with the same code as
// the goroutines of a run with more workers, and so the same bytes,
// without handing every batch from goroutine to goroutine.
func (p *Pipeline) runInline(ctx context.Context, parts []Part) ([][]Stats, error) {
	w := newWorker(parts)
	br := batchReader{p: p, parts: parts}
	n := 0
	var err error
	for err == nil {
		if err = ctx.Err(); err != nil {
			break
		}
		if br.part < len(parts) && !br.open {
			if _, _, _, _, ok := p.plainStep(parts[br.part]); ok {
				n, err = p.runPlain(ctx, br.part, parts[br.part], w, n)
				br.part++
				continue
			}
		}
		b, readErr := br.next()
		if b == nil {
			break
		}
		if len(b.origs) > 0 {
			p.process(b, parts[b.part].Steps, parts[b.part].Input, w)
		}
		n, err = p.emit(b, parts[b.part].Steps, parts[b.part].Input, n)
		if err == nil && b.last && parts[b.part].Done != nil {
			err = parts[b.part].Done()
		}
		if err == nil {
			batchPool.Put(b)
			err = readErr
		}
	}
	return mergeStats(parts, []*worker{w}), err
}

// read reads the sentences of every part in order into batches, each
// sent to the writer (order) and, when not empty, to the workers
// (todo), whose channels it closes when done. The DocumentReaders of
// the steps see every sentence here, in input order. It returns the
// first read error, or nil when cancelled.
func (p *Pipeline) read(ctx context.Context, parts []Part, todo, order chan<- *batch) error {
	defer close(todo)
	defer close(order)
	br := batchReader{p: p, parts: parts}
	for {
		b, err := br.next()
		if b == nil {
			return nil
		}
		// Sentences read before an error are still written, as they
		// would be one at a time. A part's last batch goes through even
		// when empty, to mark the part's end.
		select {
		case order <- b:
		case <-ctx.Done():
			return nil
		}
		if len(b.origs) == 0 {
			close(b.done)
		} else {
			select {
			case todo <- b:
			case <-ctx.Done():
				return nil
			}
		}
		if err != nil {
			return err
		}
	}
}

// batchReader cuts the sentences of a run's parts into batches, in
// input order; the DocumentReaders of the steps see every sentence
// there.
type batchReader struct {
	p     *Pipeline
	parts []Part
	part  int  // the part being read
	open  bool // the part's readers are set up
	i     int  // sentences of the part read so far
	// The part's setup: whether sentence memory is reused (see
	// formattedSink), its source's ReadAppend, its steps' document
	// readers, and the feed of a reader that reads whole documents.
	reuse     bool
	as        appendSource
	readers   []DocumentReader
	anyReader bool
	feed      *documentFeed
}

// startPart sets up the reading of part br.part.
func (br *batchReader) startPart() {
	pt := br.parts[br.part]
	// Sentence memory is reused from batch to batch when no sentence
	// leaves the pipeline (see formattedSink).
	br.reuse = br.p.Changes == nil
	for _, st := range pt.Steps {
		if _, ok := st.Out.(formattedSink); !ok {
			br.reuse = false
		}
	}
	br.as, _ = pt.Source.(appendSource)
	br.readers = make([]DocumentReader, len(pt.Steps))
	br.anyReader, br.feed = false, nil
	for k, st := range pt.Steps {
		if dp, ok := st.Perturbation.(DocumentPerturbation); ok {
			br.readers[k], br.anyReader = dp.NewDocumentReader(RunInfo{Seed: br.p.Seed, Selection: br.p.Selector.Options()}), true
			if _, ok := br.readers[k].(DocumentLookahead); ok {
				br.feed = &documentFeed{src: pt.Source, readers: br.readers}
				br.reuse = false // a document's sentences outlive their batch
			}
		}
	}
	br.i, br.open = 0, true
}

// next returns the next batch, or nil after the last part's last
// batch, and the error that ended the batch's input, if not its end
// (the sentences read before it are in the batch). A part's last batch
// (possibly empty) has last set.
func (br *batchReader) next() (*batch, error) {
	if br.part >= len(br.parts) {
		return nil, nil
	}
	if !br.open {
		br.startPart()
	}
	src := br.parts[br.part].Source
	b := batchPool.Get().(*batch)
	b.reset(br.part, br.i)
	b.reuse = br.reuse
	var err error
	for len(b.origs) < batchSize {
		var s conll.Sentence
		if br.feed != nil {
			var docs []DocState
			if s, docs, err = br.feed.read(); err != nil {
				break
			}
			b.origs = append(b.origs, s)
			b.docs = append(b.docs, docs...)
			continue
		}
		if b.reuse && br.as != nil {
			s, b.strs, err = br.as.ReadAppend(b.strs)
		} else {
			s, err = src.Read()
		}
		if err != nil {
			break
		}
		b.origs = append(b.origs, s)
		if br.anyReader {
			for _, dr := range br.readers {
				var doc DocState
				if dr != nil {
					doc = dr.Observe(s)
				}
				b.docs = append(b.docs, doc)
			}
		}
	}
	br.i += len(b.origs)
	if err == io.EOF {
		b.last, err = true, nil
		br.part++
		br.open = false
	}
	return b, err
}

// newWorker returns the state of one perturbing goroutine for parts.
func newWorker(parts []Part) *worker {
	reporters := make([][]MentionReporter, len(parts))
	mentions := make([][]MentionPerturbation, len(parts))
	selects := make([]bool, len(parts))
	readSpans := make([]bool, len(parts))
	for i, pt := range parts {
		reporters[i] = make([]MentionReporter, len(pt.Steps))
		mentions[i] = make([]MentionPerturbation, len(pt.Steps))
		for k, st := range pt.Steps {
			reporters[i][k], _ = st.Perturbation.(MentionReporter)
			if mentions[i][k], _ = st.Perturbation.(MentionPerturbation); mentions[i][k] == nil {
				selects[i] = true
			} else {
				readSpans[i] = true
			}
			if _, ok := st.Perturbation.(SpanChecker); ok {
				readSpans[i] = true
			}
		}
	}
	pcg := rand.NewPCG(0, 0)
	w := &worker{orig: make([]Stats, len(parts)), stats: make([][]Stats, len(parts)),
		pcg: pcg, rng: rand.New(pcg), reporters: reporters, mentions: mentions, selects: selects, readSpans: readSpans}
	for i, pt := range parts {
		w.stats[i] = make([]Stats, len(pt.Steps))
	}
	return w
}

// startWorkers starts the goroutines that perturb the batches of todo,
// and returns them and the function that waits for them. Statistics are
// sums, so each worker keeps its own and they are merged at the end: the
// serial writer stays as light as possible.
func (p *Pipeline) startWorkers(parts []Part, workers int, todo <-chan *batch) ([]*worker, func()) {
	ws := make([]*worker, workers)
	var wg sync.WaitGroup
	for w := range workers {
		ws[w] = newWorker(parts)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range todo {
				p.process(b, parts[b.part].Steps, parts[b.part].Input, ws[w])
				close(b.done)
			}
		}()
	}
	return ws, wg.Wait
}

// write writes the batches of order as the workers finish them, in
// input order, and finishes each part after its last batch. It returns
// the first error, after which it cancels the run and drains order so
// that the reader can stop.
func (p *Pipeline) write(ctx context.Context, cancel func(), parts []Part, order <-chan *batch) error {
	var firstErr error
	n := 0
	for b := range order {
		if firstErr != nil {
			continue // drain so the reader can stop
		}
		select {
		case <-b.done:
		case <-ctx.Done():
			firstErr = ctx.Err()
			cancel()
			continue
		}
		var err error
		n, err = p.emit(b, parts[b.part].Steps, parts[b.part].Input, n)
		if err == nil && b.last && parts[b.part].Done != nil {
			err = parts[b.part].Done()
		}
		if err != nil {
			firstErr = err
			cancel()
			continue
		}
		batchPool.Put(b)
	}
	return firstErr
}

// mergeStats sums the workers' statistics per part and step; every step
// of a part counts the part's originals.
func mergeStats(parts []Part, ws []*worker) [][]Stats {
	stats := make([][]Stats, len(parts))
	for i, pt := range parts {
		stats[i] = make([]Stats, len(pt.Steps))
	}
	for _, w := range ws {
		for i := range parts {
			for k := range stats[i] {
				stats[i][k].Merge(w.orig[i])
				stats[i][k].Merge(w.stats[i][k])
			}
		}
	}
	return stats // Merge marked the sets not measured (Stats.NotMeasured)
}

// process perturbs the sentences of b in order and stops at the first
// that fails.
func (p *Pipeline) process(b *batch, steps []Step, input string, w *worker) {
	n := len(b.origs) * len(steps)
	if cap(b.outs) < n {
		b.outs = make([]conll.Sentence, n)
		b.changes = make([][]Change, n)
		b.outcomes = make([][]MentionOutcome, n)
	}
	b.outs, b.changes, b.outcomes = b.outs[:n], b.changes[:n], b.outcomes[:n]
	for len(b.text) < len(steps) {
		b.text, b.textEnds = append(b.text, nil), append(b.textEnds, nil)
	}
	for i := range b.origs {
		if err := p.processSentence(b, steps, i, w); err != nil {
			b.err = err
			return
		}
		// Formatting is part of writing: its errors are write errors.
		for k, st := range steps {
			fs, ok := st.Out.(formattedSink)
			if !ok {
				continue
			}
			var err error
			if b.text[k], err = fs.AppendSentence(b.text[k], b.outs[i*len(steps)+k], true); err != nil {
				b.err = conll.WriteError(input, b.origs[i], fmt.Errorf("write %s: %w", st.File, err))
				return
			}
			b.textEnds[k] = append(b.textEnds[k], len(b.text[k]))
		}
		b.ok = i + 1
	}
	if p.NoStats {
		return
	}
	orig, stats := &w.orig[b.part], w.stats[b.part]
	// The Auditor of each step, of the sections read only (once per
	// batch: a SectionAuditor may make one).
	auditors := w.auditors[:0]
	for _, st := range steps {
		au, _ := st.Perturbation.(Auditor)
		if sa, ok := au.(SectionAuditor); ok && p.AuditSections != nil {
			au = sa.AuditOnly(p.AuditSections)
		}
		auditors = append(auditors, au)
	}
	w.auditors = auditors
	for i, s := range b.origs {
		spans := b.spans[i] // read once for all steps
		orig.addOriginal(s, spans)
		for k, st := range steps {
			j := i*len(steps) + k
			stats[k].addModified(s, b.outs[j], b.changes[j], spans)
			var doc DocState
			if j < len(b.docs) {
				doc = b.docs[j]
			}
			if w.mentions[b.part][k] != nil {
				for _, o := range b.outcomes[j] {
					stats[k].AddOutcome(o.Type, o.Outcome)
				}
			} else if dp, ok := st.Perturbation.(DocumentPerturbation); ok {
				for _, o := range dp.MentionOutcomesInDocument(doc, s) {
					stats[k].AddOutcome(o.Type, o.Outcome)
				}
			} else if rep := w.reporters[b.part][k]; rep != nil {
				for _, o := range rep.MentionOutcomes(s) {
					stats[k].AddOutcome(o.Type, o.Outcome)
				}
			}
			switch au := auditors[k].(type) {
			case nil:
				continue
			case SpanAuditor:
				w.audit = au.AuditSpans(w.audit[:0], doc, s, b.outs[j], b.changes[j], spans)
			default:
				w.audit = au.Audit(w.audit[:0], doc, s, b.outs[j], b.changes[j])
			}
			for _, a := range w.audit {
				if p.AuditSections == nil || slices.Contains(p.AuditSections, a.Section) {
					stats[k].AddAudit(a.Section, a.Item, a.N)
				}
			}
		}
	}
}

func (p *Pipeline) processSentence(b *batch, steps []Step, i int, w *worker) (err error) {
	orig := b.origs[i]
	index := b.first + i
	file := ""
	defer func() {
		// A perturbation bug must not take the process down with a
		// half-written output: report it as a failed check instead.
		if r := recover(); r != nil {
			err = fmt.Errorf("%s: sentence %d (line %d): %w: perturbation panicked: %v", file, index+1, orig.Line, ErrCheck, r)
		}
	}()
	mentions := w.mentions[b.part]
	if w.selects[b.part] {
		w.selected = p.Selector.selectInto(w.selected, orig)
	}
	var spans []iob.Span // nil: not read
	if !p.NoStats || w.readSpans[b.part] {
		// The gold mentions, once for every step and the statistics.
		n := len(b.spanArena)
		b.spanArena = iob.AppendSpans(b.spanArena, orig.Tags)
		spans = b.spanArena[n:len(b.spanArena):len(b.spanArena)]
		b.spans = append(b.spans, spans)
	}
	var next [2]uint64 // the seed of step k when k is odd and paired
	paired := false    // next holds the seed of step k+1 (k even) or k (odd)
	for k, st := range steps {
		file = st.File
		// A step seeds the generator unless it is a MentionPerturbation,
		// which draws nothing; two steps that do are seeded in one pass.
		switch {
		case mentions[k] != nil:
		case k%2 == 1 && paired:
			w.pcg.Seed(next[0], next[1])
		case k%2 == 0 && k+1 < len(steps) && mentions[k+1] == nil:
			var s1, s2 uint64
			s1, s2, next[0], next[1] = sentenceSeed2(p.Seed, st.Name, steps[k+1].Name, orig)
			paired = true
			w.pcg.Seed(s1, s2)
		default:
			w.pcg.Seed(sentenceSeed(p.Seed, st.Name, orig))
		}
		if k%2 == 1 {
			paired = false
		}
		var out conll.Sentence
		var cs []Change
		_, keepKind := st.Perturbation.(composite) // its changes name their component
		if we, ok := st.Perturbation.(WordEditor); ok {
			n := len(b.arena)
			if b.reuse {
				b.arena = appendEdits(b.arena, orig, w.selected, w.rng, st.Name, we)
				out = orig
			} else {
				out, b.arena = EditWords(b.arena, orig, w.selected, w.rng, st.Name, we)
			}
			cs = b.arena[n:len(b.arena):len(b.arena)]
			if len(cs) == 0 {
				cs = nil
			} else if b.reuse {
				start := len(b.toks)
				b.toks = applyEdits(b.toks, orig.Tokens, cs)
				out.Tokens = b.toks[start:len(b.toks):len(b.toks)]
			}
		} else if mp := mentions[k]; mp != nil {
			var doc DocState
			if j := i*len(steps) + k; j < len(b.docs) {
				doc = b.docs[j]
			}
			n := len(b.outcomeArena)
			out, cs, b.outcomeArena = mp.PerturbMentions(doc, orig, spans, b.outcomeArena)
			b.outcomes[i*len(steps)+k] = b.outcomeArena[n:len(b.outcomeArena):len(b.outcomeArena)]
		} else if dp, ok := st.Perturbation.(DocumentPerturbation); ok {
			var doc DocState
			if j := i*len(steps) + k; j < len(b.docs) {
				doc = b.docs[j]
			}
			out, cs = dp.PerturbInDocument(doc, orig, w.selected, w.rng)
		} else {
			out, cs = st.Perturbation.Perturb(orig, w.selected, w.rng)
		}
		for c := range cs {
			cs[c].File = st.File
			cs[c].Sentence = index
			if !keepKind {
				cs[c].Kind = st.Name
			}
		}
		if err := checkSentence(st.Perturbation, orig, out, cs, spans); err != nil {
			return fmt.Errorf("%s: sentence %d (line %d): %w", st.File, index+1, orig.Line, err)
		}
		b.outs[i*len(steps)+k] = out
		b.changes[i*len(steps)+k] = cs
	}
	if p.ChangeLog != nil {
		if len(w.rows) < len(steps) {
			w.rows = make([]func(dst []byte, c Change) []byte, len(steps))
			for k := range w.rows {
				w.rows[k] = p.ChangeLog.RowAppender()
			}
		}
		for k, cs := range b.changes[i*len(steps) : (i+1)*len(steps)] {
			for _, c := range cs {
				b.rows = w.rows[k](b.rows, c)
			}
		}
		b.rowEnds = append(b.rowEnds, len(b.rows))
	}
	return nil
}

// emit writes the processed sentences of b, n having been written
// before, and returns the new count.
func (p *Pipeline) emit(b *batch, steps []Step, input string, n int) (int, error) {
	if b.ok > 0 {
		for k, st := range steps {
			if fs, ok := st.Out.(formattedSink); ok {
				if err := fs.WriteFormatted(b.text[k][:b.textEnds[k][b.ok-1]], b.ok); err != nil {
					return n, fmt.Errorf("write %s: %w", st.File, err)
				}
			}
		}
	}
	for i := 0; i < b.ok; i++ {
		for k, st := range steps {
			if _, ok := st.Out.(formattedSink); ok {
				continue
			}
			var err error
			if cw, ok := st.Out.(conll.ConceptWriter); ok {
				// A document writer: mentions swapped for another
				// concept take its id.
				err = cw.WriteConcepts(b.outs[i*len(steps)+k], swappedConcepts(b.changes[i*len(steps)+k]))
			} else {
				err = st.Out.Write(b.outs[i*len(steps)+k])
			}
			if err != nil {
				return n, conll.WriteError(input, b.origs[i], fmt.Errorf("write %s: %w", st.File, err))
			}
		}
		if p.Changes != nil {
			for _, cs := range b.changes[i*len(steps) : (i+1)*len(steps)] {
				for _, c := range cs {
					if err := p.Changes(c); err != nil {
						return n, fmt.Errorf("write change log: %w", err)
					}
				}
			}
		}
		n++
		if p.Progress != nil {
			p.Progress(n)
		}
	}
	if p.ChangeLog != nil && b.ok > 0 && b.rowEnds[b.ok-1] > 0 {
		if err := p.ChangeLog.WriteRows(b.rows[:b.rowEnds[b.ok-1]]); err != nil {
			return n, fmt.Errorf("write change log: %w", err)
		}
	}
	return n, b.err
}

// changesKept reports whether c edits a token of s that is kept (see
// conll.Sentence.Keep), or inserts one between two kept ones.
func changesKept(s conll.Sentence, c Change) bool {
	if c.End == c.Token {
		return c.Token > 0 && s.Kept(c.Token-1) && s.Kept(c.Token)
	}
	for i := c.Token; i < c.End; i++ {
		if s.Kept(i) {
			return true
		}
	}
	return false
}

// CheckSentence verifies a perturbed sentence against its original: no
// token or label lost or altered, every modified token covered by
// exactly one logged change whose before and after texts match, and
// every change valid for p and not a no-op, and the other columns of
// the input (conll.Sentence's Fields and Record) kept along the tokens
// (see conll.Realign). A perturbation implementing SentenceChecker
// checks its tokens and tags itself. A change of a token the input
// keeps (conll.Sentence.Keep) is an error too. Errors wrap ErrCheck or
// ErrInvalidChange.
func CheckSentence(p Perturbation, orig, out conll.Sentence, changes []Change) error {
	return checkSentence(p, orig, out, changes, nil)
}

// checkSentence is CheckSentence; spans, when not nil, are the gold
// mentions of orig (iob.Spans of its tags), which a SpanChecker is
// given.
func checkSentence(p Perturbation, orig, out conll.Sentence, changes []Change, spans []iob.Span) error {
	for _, c := range changes {
		if c.Before == c.After {
			return fmt.Errorf("%w: token %d: no-op change %q", ErrInvalidChange, c.Token+1, c.Before)
		}
		if err := p.Check(c); err != nil {
			return fmt.Errorf("token %d: %w", c.Token+1, err)
		}
		if orig.Keep != nil && changesKept(orig, c) {
			return fmt.Errorf("%w: token %d: %q is kept untouched (an annotation its document format cannot carry an edit back into), but became %q", ErrCheck, c.Token+1, c.Before, c.After)
		}
	}
	if orig.Fields != nil && out.Fields == nil || orig.Record != nil && out.Record == nil {
		return fmt.Errorf("%w: the other columns of the input were dropped", ErrCheck)
	}
	if err := out.CheckColumns(); err != nil {
		return fmt.Errorf("%w: the other columns of the input do not follow the tokens: %v", ErrCheck, err)
	}
	if sc, ok := p.(SpanChecker); ok && spans != nil {
		return sc.CheckSentenceSpans(orig, out, changes, spans)
	}
	if sc, ok := p.(SentenceChecker); ok {
		return sc.CheckSentence(orig, out, changes)
	}
	if len(out.Tokens) != len(orig.Tokens) || len(out.Tags) != len(orig.Tags) {
		return fmt.Errorf("%w: %d tokens and %d labels became %d and %d",
			ErrCheck, len(orig.Tokens), len(orig.Tags), len(out.Tokens), len(out.Tags))
	}
	if !sameTags(orig.Tags, out.Tags) {
		for i := range orig.Tags {
			if out.Tags[i] != orig.Tags[i] {
				return fmt.Errorf("%w: token %d: label %q became %q", ErrCheck, i+1, orig.Tags[i], out.Tags[i])
			}
		}
	}
	var buf [128]bool
	covered := buf[:0] // whether a change covers a token
	if len(orig.Tokens) > len(buf) {
		covered = make([]bool, len(orig.Tokens))
	} else {
		covered = buf[:len(orig.Tokens)]
	}
	for _, c := range changes {
		if c.Token < 0 || c.End > len(orig.Tokens) || c.Token >= c.End {
			return fmt.Errorf("%w: change of tokens [%d, %d) outside the sentence", ErrCheck, c.Token+1, c.End+1)
		}
		for t := c.Token; t < c.End; t++ {
			if covered[t] {
				return fmt.Errorf("%w: token %d changed twice", ErrCheck, t+1)
			}
			covered[t] = true
		}
		if !joinedEqual(orig.Tokens[c.Token:c.End], c.Before) || !joinedEqual(out.Tokens[c.Token:c.End], c.After) {
			before := strings.Join(orig.Tokens[c.Token:c.End], " ")
			after := strings.Join(out.Tokens[c.Token:c.End], " ")
			return fmt.Errorf("%w: token %d: logged %q -> %q but text is %q -> %q",
				ErrCheck, c.Token+1, c.Before, c.After, before, after)
		}
	}
	for i := range orig.Tokens {
		if !covered[i] && out.Tokens[i] != orig.Tokens[i] {
			return fmt.Errorf("%w: token %d: %q became %q without a logged change",
				ErrCheck, i+1, orig.Tokens[i], out.Tokens[i])
		}
		if out.Tokens[i] == "" {
			return fmt.Errorf("%w: token %d: became empty", ErrCheck, i+1)
		}
	}
	return nil
}

// joinedEqual reports whether strings.Join(toks, " ") == s without
// building the joined string.
func joinedEqual(toks []string, s string) bool {
	for i, t := range toks {
		if i > 0 {
			if s == "" || s[0] != ' ' {
				return false
			}
			s = s[1:]
		}
		if !strings.HasPrefix(s, t) {
			return false
		}
		s = s[len(t):]
	}
	return s == ""
}

// swappedConcepts returns, by first token, the concepts of mentions
// that changes replaced by a name of another concept (concept id
// "OLD->NEW", as entity swaps log them), or nil.
func swappedConcepts(changes []Change) map[int]conll.ConceptSwap {
	var m map[int]conll.ConceptSwap
	for _, c := range changes {
		if old, neu, ok := strings.Cut(c.ConceptID, "->"); ok {
			if m == nil {
				m = map[int]conll.ConceptSwap{}
			}
			m[c.Token] = conll.ConceptSwap{From: old, To: neu}
		}
	}
	return m
}

// documentFeed reads a part's sentences a document ahead, for steps of
// which one reader is a DocumentLookahead: a document (a sentence that
// marks a document's start and the sentences up to the next such mark;
// a sentence before any mark alone) is read whole, every reader
// observes it, and then its sentences are handed out one by one with
// their DocStates (one per step, nil for steps without a reader).
type documentFeed struct {
	src     conll.SentenceReader
	readers []DocumentReader
	queue   []conll.Sentence // the rest of the document read
	states  []DocState       // queue[i]'s of step k at i*len(readers)+k
	next    *conll.Sentence  // the first sentence of the next document, read
	err     error            // the error that ended the input, returned once the queue is empty
}

// read returns the next sentence and its DocStates. Sentences read
// before an error come first, then the error.
func (f *documentFeed) read() (conll.Sentence, []DocState, error) {
	if len(f.queue) == 0 {
		if f.err != nil {
			return conll.Sentence{}, nil, f.err
		}
		f.fill()
		if len(f.queue) == 0 {
			return conll.Sentence{}, nil, f.err
		}
	}
	s, states := f.queue[0], f.states[:len(f.readers):len(f.readers)]
	f.queue, f.states = f.queue[1:], f.states[len(f.readers):]
	return s, states, nil
}

// fill reads the next document into the queue and has every reader
// observe it.
func (f *documentFeed) fill() {
	var doc []conll.Sentence
	if f.next != nil {
		doc, f.next = append(doc, *f.next), nil
	} else if s, err := f.src.Read(); err != nil {
		f.err = err
		return
	} else {
		doc = append(doc, s)
	}
	for marked := doc[0].DocStart; marked; {
		s, err := f.src.Read()
		if err != nil {
			f.err = err
			break
		}
		if s.DocStart {
			f.next = &s
			break
		}
		doc = append(doc, s)
	}
	n := len(f.readers)
	states := make([]DocState, len(doc)*n)
	for k, dr := range f.readers {
		switch r := dr.(type) {
		case nil:
		case DocumentLookahead:
			for i, st := range r.ObserveDocument(doc) {
				if i < len(doc) {
					states[i*n+k] = st
				}
			}
		default:
			for i, s := range doc {
				states[i*n+k] = r.Observe(s)
			}
		}
	}
	f.queue, f.states = doc, states
}
