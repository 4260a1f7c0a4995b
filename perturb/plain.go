package perturb

import (
	"context"
	"fmt"
	"io"

	"github.com/stress-ner/stress/conll"

	"github.com/stress-ner/stress/internal/textutil"
)

// The plain path: a run of one worker, one step and one WordEditor that
// writes a tab-separated corpus back as it reads it (what "stress
// perturb --kind keyboard" does) perturbs each sentence read from plain
// lines (conll.Reader.ReadAppendText) and writes it as those lines, the
// edited tokens spliced in, without building its output sentence,
// formatting it token by token or handing it from batch to batch. It
// selects, seeds and edits with the functions the batches use and
// checks every change with the perturbation's Check; whatever it does
// not do itself (any other sentence, and a sentence whose change fails
// a check, could not be written as is, or panics) goes through the
// batches' code as a batch of one, which reports the error the
// pipeline reports. TestPlainPathMatchesBatches compares the two on
// real corpora.
//
// When the perturbation is also a ByteEditor, the source hands out
// sentences as bytes (conll.Reader.ReadPlainText) and each token's
// selection is its own (Selector.bytewise), a sentence makes no strings
// at all: its lines are copied to the output and the selected words
// edited and checked there (perturbBytes). A sentence it cannot take so
// (a word EditBytes cannot edit in place, a change CheckBytes refuses)
// is made a Sentence (PlainSentence) and goes the way above, from its
// seed again.

// textSource is a source that hands out the lines of the plain
// sentences it reads, as conll.Reader's ReadAppendText does.
type textSource interface {
	ReadAppendText(strs []string) (conll.Sentence, string, []string, error)
}

// bytesSource is a textSource that also hands out plain sentences as
// bytes, as conll.Reader's ReadPlainText does.
type bytesSource interface {
	textSource
	ReadPlainText(hashFrom uint64, p *conll.PlainText) (bool, error)
	PlainSentence(strs []string) (conll.Sentence, string, []string)
}

// plainSink is a formattedSink that says whether it writes a plain
// sentence as its lines (conll.Layout.PlainLines).
type plainSink interface {
	formattedSink
	PlainLines() bool
}

// plainOutBuffer is how many formatted bytes the plain path gathers
// before it writes them: enough to make the writes few, little enough
// for the pages of its buffer to be few too (the writer buffers them
// again). From 64 KiB to 16 KiB took away about 22 of the 550 page
// faults of a run on the 780k-token file, at some 30 us each here.
const plainOutBuffer = 16 << 10

// plainStep returns the step of part pt and what the plain path needs
// of it, or ok == false when the part must go through the batches.
func (p *Pipeline) plainStep(pt Part) (st Step, we WordEditor, src textSource, out plainSink, ok bool) {
	if len(pt.Steps) != 1 || p.Changes != nil || p.ChangeLog != nil || !p.NoStats {
		return st, nil, nil, nil, false
	}
	st = pt.Steps[0]
	switch st.Perturbation.(type) {
	case DocumentPerturbation, SentenceChecker, MentionReporter, Auditor, composite:
		return st, nil, nil, nil, false
	}
	we, ok1 := st.Perturbation.(WordEditor)
	src, ok2 := pt.Source.(textSource)
	out, ok3 := st.Out.(plainSink)
	return st, we, src, out, ok1 && ok2 && ok3
}

// plainRun is the state of the plain path through one part.
type plainRun struct {
	p    *Pipeline
	part int
	pt   Part
	st   Step
	we   WordEditor
	be   ByteEditor // we, when it edits bytes and the run can (see runPlain)
	out  plainSink
	w    *worker
	n    int // sentences written in all parts
	// prefix is the step's seed hash before any sentence
	// (seedPrefix): sentenceSeedLines goes on from it.
	prefix uint64
	text   []byte // formatted sentences not yet written
	count  int    // how many
}

// runPlain reads, perturbs and writes part part through the plain path
// (plainStep said it can), n sentences having been written before, and
// returns the new count and the first error.
func (p *Pipeline) runPlain(ctx context.Context, part int, pt Part, w *worker, n int) (int, error) {
	st, we, src, out, _ := p.plainStep(pt)
	r := &plainRun{p: p, part: part, pt: pt, st: st, we: we, out: out, w: w, n: n, prefix: seedPrefix(p.Seed, st.Name),
		text: make([]byte, 0, 2*plainOutBuffer)}
	bsrc, _ := src.(bytesSource)
	if be, ok := we.(ByteEditor); ok && bsrc != nil && p.Selector.bytewise() {
		r.be = be
	}
	var strs []string
	var plain conll.PlainText // the sentence read as bytes, its storage reused
	lines := false            // whether the sink writes plain sentences as their lines, known at the first one
	for index := 0; ; index++ {
		if index%batchSize == 0 {
			if err := ctx.Err(); err != nil {
				return r.n, err
			}
		}
		var s conll.Sentence
		var text string
		var err error
		read := false // s, text and err hold the sentence
		if r.be != nil && lines {
			ok, berr := bsrc.ReadPlainText(r.prefix, &plain)
			switch {
			case berr != nil:
				err, read = berr, true
			case ok && r.perturbBytes(&plain):
				p.plainSentences++
				if err := r.flushFull(); err != nil {
					return r.n, err
				}
				continue
			case ok:
				s, text, strs = bsrc.PlainSentence(strs[:0])
				read = true
			}
		}
		if !read {
			s, text, strs, err = src.ReadAppendText(strs[:0])
		}
		if err != nil {
			if ferr := r.flush(); ferr != nil {
				return r.n, ferr
			}
			if err == io.EOF {
				err = nil
				if pt.Done != nil {
					err = pt.Done()
				}
			}
			return r.n, err
		}
		if text != "" && index > 0 && !lines {
			lines = out.PlainLines()
		}
		if text != "" && lines && r.sentence(s, text, index) {
			p.plainSentences++
		} else if err := r.batchOfOne(s, index); err != nil {
			return r.n, err
		}
		if err := r.flushFull(); err != nil {
			return r.n, err
		}
	}
}

// flushFull writes the formatted sentences gathered once they fill the
// output buffer.
func (r *plainRun) flushFull() error {
	if len(r.text) < plainOutBuffer {
		return nil
	}
	return r.flush()
}

// flush writes the formatted sentences gathered.
func (r *plainRun) flush() error {
	if r.count == 0 {
		return nil
	}
	if err := r.out.WriteFormatted(r.text, r.count); err != nil {
		return fmt.Errorf("write %s: %w", r.st.File, err)
	}
	for range r.count {
		r.n++
		if r.p.Progress != nil {
			r.p.Progress(r.n)
		}
	}
	r.text, r.count = r.text[:0], 0
	return nil
}

// batchOfOne perturbs and writes sentence s, the index-th of the part,
// through the batches' code, after the sentences gathered.
func (r *plainRun) batchOfOne(s conll.Sentence, index int) error {
	if err := r.flush(); err != nil {
		return err
	}
	b := batchPool.Get().(*batch)
	b.reset(r.part, index)
	b.reuse = true // s is not kept: the next read reuses its strings
	b.origs = append(b.origs, s)
	r.p.process(b, r.pt.Steps, r.pt.Input, r.w)
	var err error
	r.n, err = r.p.emit(b, r.pt.Steps, r.pt.Input, r.n)
	if err == nil {
		batchPool.Put(b)
	}
	return err
}

// sentence perturbs s, the index-th sentence of the part, read from the
// plain lines text, and appends it as the sink formats it to r.text. It
// reports false, having appended nothing, when a change fails a check
// or the step panics, or an edited token could not be written as is:
// the batches' code then perturbs the sentence again, with the same
// random draws, and says what is wrong.
func (r *plainRun) sentence(s conll.Sentence, text string, index int) (ok bool) {
	mark := len(r.text)
	defer func() {
		if recover() != nil {
			r.text, ok = r.text[:mark], false
		}
	}()
	w := r.w
	w.selected = r.p.Selector.selectInto(w.selected, s)
	r.text = append(r.text, "\n\n"...) // the separator (conll.Layout.AppendSentence)
	words, ends, idx := w.words[:0], w.ends[:0], w.idx[:0]
	for i, sel := range w.selected {
		if !sel {
			continue
		}
		if len(idx) == 0 {
			w.pcg.Seed(sentenceSeedLines(r.prefix, r.p.Seed, text))
		}
		var edited bool
		if words, edited = r.we.AppendWord(words, s.Tokens[i], w.rng); edited {
			ends, idx = append(ends, len(words)), append(idx, i)
		}
	}
	w.words, w.ends, w.idx = words, ends, idx
	if len(idx) == 0 {
		r.text = append(r.text, text[:len(text)-1]...)
		r.count++
		return true
	}
	afters := string(words)
	// Copy the lines up to each edited token, then the edit.
	done, off, line, start := 0, 0, 0, 0
	for j, i := range idx {
		after := afters[start:ends[j]]
		start = ends[j]
		c := Change{File: r.st.File, Sentence: index, Token: i, End: i + 1, Kind: r.st.Name, Before: s.Tokens[i], After: after}
		if after == c.Before || !writable(after) || r.st.Perturbation.Check(c) != nil {
			r.text = r.text[:mark]
			return false
		}
		for ; line < i; line++ {
			off += len(s.Tokens[line]) + len(s.Tags[line]) + 2 // token, tab, tag, line break
		}
		r.text = append(r.text, text[done:off]...)
		r.text = append(r.text, after...)
		done = off + len(s.Tokens[i])
	}
	r.text = append(r.text, text[done:len(text)-1]...)
	r.count++
	return true
}

// perturbBytes is sentence for a sentence read as bytes, its hash
// continued from r.prefix (so sentenceSeedLines's first word, which
// TestSentenceSeedLines checks): its lines are appended to r.text as the sink formats them, and
// the words selected edited there in place by r.be. It reports false,
// having appended nothing, when a word cannot be edited in place, a
// change fails CheckBytes or the step panics: the sentence then goes the
// way of sentence, from its seed again.
func (r *plainRun) perturbBytes(pt *conll.PlainText) (ok bool) {
	mark := len(r.text)
	defer func() {
		if recover() != nil {
			r.text, ok = r.text[:mark], false
		}
	}()
	text, lines := pt.Text, pt.Lines
	r.text = append(r.text, "\n\n"...) // the separator (conll.Layout.AppendSentence)
	base := len(r.text)
	r.text = append(r.text, text[:len(text)-1]...)
	out := r.text[base:]
	opts := &r.p.Selector.opts
	short := 0 // eligible's shortcut, here without a call: a shorter word is no entity's is refused
	if opts.Method == SelectLexical {
		short = opts.MinLength
	}
	// Seeded whether or not a word is selected: a sentence without
	// one draws nothing, and every sentence is seeded afresh.
	r.w.pcg.Seed(pt.Hash, textutil.Mix64(pt.Hash^r.p.Seed+textutil.Golden))
	draws := NewDraws(r.w.pcg) // as r.w.rng draws, without its calls through an interface
	// Each word selected is edited as the selection meets it: the
	// draws go in the order of the words, as the batches' code makes
	// them.
	for _, l := range lines {
		// isEntityTag of the tag, which is not empty (ReadPlainText's
		// lines): anything but O.
		entity := l.End-l.Tab != 2 || text[l.Tab+1] != 'O'
		if !(entity || l.Tab-l.Start >= short) || !eligibleToken(opts, text[l.Start:l.Tab], entity, false) {
			continue
		}
		before, word := text[l.Start:l.Tab], out[l.Start:l.Tab]
		edited, ok := r.be.EditBytes(word, draws)
		// No writable(word) here: the word read has no byte up to '\r'
		// (ReadPlainText's lines) and CheckBytes accepts no change that
		// puts one in (ByteEditor), so what it accepts is written as is.
		if !ok || edited && !r.be.CheckBytes(before, word) {
			r.text = r.text[:mark]
			return false
		}
	}
	r.count++
	return true
}

// writable reports whether a token is written as it is by a layout that
// writes plain lines: not empty and without a byte up to '\r' (any
// other is refused, or written in another way, by conll.Writer). It
// reads eight bytes at a time, the last eight overlapping the words
// before (a token of 4 to 7 bytes: its first and last four), as
// isLexical does; writableBytewise is the byte loop it stands for.
func writable[T ~string | ~[]byte](tok T) bool {
	switch n := len(tok); {
	case n >= 8:
		for i := 0; ; i += 8 {
			i = min(i, n-8)
			if controlBytes(load64(tok, i)) != 0 {
				return false
			}
			if i == n-8 {
				return true
			}
		}
	case n >= 4:
		return controlBytes(uint64(load32(tok, 0))|uint64(load32(tok, n-4))<<32) == 0
	}
	return writableBytewise(tok)
}

// writableBytewise is writable byte by byte.
func writableBytewise[T ~string | ~[]byte](tok T) bool {
	for i := 0; i < len(tok); i++ {
		if tok[i] <= '\r' {
			return false
		}
	}
	return len(tok) > 0
}

// controlBytes marks, in the top bit of each byte, the bytes of x up to
// '\r' (below 0x0E), as conll's scan of plain lines does: adding 0x72 to
// a byte's low seven bits sets its top bit from 0x0E on, without a carry
// into the next byte, and a byte past ASCII has its own.
func controlBytes(x uint64) uint64 {
	const low7, add, top = 0x7f7f7f7f7f7f7f7f, 0x7272727272727272, 0x8080808080808080
	return ^((x&low7 + add) | x) & top
}
