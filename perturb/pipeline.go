package perturb

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"

	"github.com/stress-ner/stress/conll"
)

// Source yields sentences; conll.Reader and conll.File satisfy it. Read
// returns io.EOF after the last sentence.
type Source interface {
	Read() (conll.Sentence, error)
}

// Sink receives sentences; conll.Writer satisfies it.
type Sink interface {
	Write(conll.Sentence) error
}

// SentenceChecker is implemented by perturbations whose output cannot be
// checked token by token (for example replacements of multi-token spans
// by terms of another length). The pipeline then uses CheckSentence
// instead of its own token-level check.
type SentenceChecker interface {
	CheckSentence(orig, out conll.Sentence, changes []Change) error
}

// Step is one perturbation of a run and where its output goes.
type Step struct {
	Name         string // perturbation name: seeds its random stream and fills Change.Kind
	File         string // output name recorded in Change.File
	Perturbation Perturbation
	Out          Sink // receives the perturbed sentences in input order
}

// Pipeline reads sentences, selects words once per sentence, applies
// every step, checks each result against its original and writes the
// results in input order. Work is spread over Workers goroutines with
// bounded queues, so memory stays flat whatever the corpus size.
type Pipeline struct {
	Seed     uint64
	Selector *Selector
	Steps    []Step
	// Workers is the number of perturbing goroutines; 0 means
	// runtime.NumCPU().
	Workers int
	// Changes, when not nil, receives every change in input order.
	Changes func(Change) error
	// Progress, when not nil, is called after each sentence is written,
	// with the number of sentences done so far.
	Progress func(sentences int)
}

type job struct {
	index   int
	orig    conll.Sentence
	outs    []conll.Sentence
	changes [][]Change
	err     error
	done    chan struct{}
}

// Run processes src to the end and returns one Stats per step.
func (p *Pipeline) Run(ctx context.Context, src Source) ([]Stats, error) {
	if p.Selector == nil {
		return nil, fmt.Errorf("%w: pipeline without selector", ErrOption)
	}
	workers := p.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	todo := make(chan *job, 4*workers)
	order := make(chan *job, 16*workers)
	readErr := make(chan error, 1)
	go func() {
		defer close(todo)
		defer close(order)
		for i := 0; ; i++ {
			s, err := src.Read()
			if err == io.EOF {
				readErr <- nil
				return
			}
			if err != nil {
				readErr <- err
				return
			}
			j := &job{index: i, orig: s, done: make(chan struct{})}
			select {
			case order <- j:
			case <-ctx.Done():
				readErr <- nil
				return
			}
			select {
			case todo <- j:
			case <-ctx.Done():
				readErr <- nil
				return
			}
		}
	}()
	// Statistics are sums, so each worker keeps its own and they are
	// merged at the end: the serial writer stays as light as possible.
	workerStats := make([][]Stats, workers)
	var wg sync.WaitGroup
	for w := range workers {
		workerStats[w] = make([]Stats, len(p.Steps))
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range todo {
				p.process(j, workerStats[w])
				close(j.done)
			}
		}()
	}

	var firstErr error
	n := 0
	for j := range order {
		if firstErr != nil {
			continue // drain so the reader can stop
		}
		select {
		case <-j.done:
		case <-ctx.Done():
			firstErr = ctx.Err()
			cancel()
			continue
		}
		if err := p.emit(j); err != nil {
			firstErr = err
			cancel()
			continue
		}
		n++
		if p.Progress != nil {
			p.Progress(n)
		}
	}
	if err := <-readErr; err != nil && firstErr == nil {
		firstErr = err
	}
	wg.Wait()
	stats := make([]Stats, len(p.Steps))
	for _, ws := range workerStats {
		for k := range stats {
			stats[k].Merge(ws[k])
		}
	}
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	return stats, firstErr
}

func (p *Pipeline) process(j *job, stats []Stats) {
	file := ""
	defer func() {
		// A perturbation bug must not take the process down with a
		// half-written output: report it as a failed check instead.
		if r := recover(); r != nil {
			j.err = fmt.Errorf("%s: sentence %d (line %d): %w: perturbation panicked: %v", file, j.index+1, j.orig.Line, ErrCheck, r)
		}
	}()
	selected := p.Selector.Select(j.orig)
	j.outs = make([]conll.Sentence, len(p.Steps))
	j.changes = make([][]Change, len(p.Steps))
	for k, st := range p.Steps {
		file = st.File
		r := SentenceRand(p.Seed, st.Name, j.orig)
		out, cs := st.Perturbation.Perturb(j.orig, selected, r)
		for i := range cs {
			cs[i].File = st.File
			cs[i].Sentence = j.index
			cs[i].Kind = st.Name
		}
		if err := CheckSentence(st.Perturbation, j.orig, out, cs); err != nil {
			j.err = fmt.Errorf("%s: sentence %d (line %d): %w", st.File, j.index+1, j.orig.Line, err)
			return
		}
		j.outs[k] = out
		j.changes[k] = cs
	}
	for k := range p.Steps {
		stats[k].Add(j.orig, j.outs[k], j.changes[k])
	}
}

func (p *Pipeline) emit(j *job) error {
	if j.err != nil {
		return j.err
	}
	for k, st := range p.Steps {
		if err := st.Out.Write(j.outs[k]); err != nil {
			return fmt.Errorf("write %s: %w", st.File, err)
		}
	}
	if p.Changes != nil {
		for k := range p.Steps {
			for _, c := range j.changes[k] {
				if err := p.Changes(c); err != nil {
					return fmt.Errorf("write change log: %w", err)
				}
			}
		}
	}
	return nil
}

// CheckSentence verifies a perturbed sentence against its original: no
// token or label lost or altered, every modified token covered by
// exactly one logged change whose before and after texts match, and
// every change valid for p and not a no-op. A perturbation implementing
// SentenceChecker checks itself. Errors wrap ErrCheck or ErrInvalidChange.
func CheckSentence(p Perturbation, orig, out conll.Sentence, changes []Change) error {
	for _, c := range changes {
		if c.Before == c.After {
			return fmt.Errorf("%w: token %d: no-op change %q", ErrInvalidChange, c.Token+1, c.Before)
		}
		if err := p.Check(c); err != nil {
			return fmt.Errorf("token %d: %w", c.Token+1, err)
		}
	}
	if sc, ok := p.(SentenceChecker); ok {
		return sc.CheckSentence(orig, out, changes)
	}
	if len(out.Tokens) != len(orig.Tokens) || len(out.Tags) != len(orig.Tags) {
		return fmt.Errorf("%w: %d tokens and %d labels became %d and %d",
			ErrCheck, len(orig.Tokens), len(orig.Tags), len(out.Tokens), len(out.Tags))
	}
	for i := range orig.Tags {
		if out.Tags[i] != orig.Tags[i] {
			return fmt.Errorf("%w: token %d: label %q became %q", ErrCheck, i+1, orig.Tags[i], out.Tags[i])
		}
	}
	var buf [128]int
	covered := buf[:0] // 1 + index of the change covering a token
	if len(orig.Tokens) > len(buf) {
		covered = make([]int, len(orig.Tokens))
	} else {
		covered = buf[:len(orig.Tokens)]
	}
	for k, c := range changes {
		if c.Token < 0 || c.End > len(orig.Tokens) || c.Token >= c.End {
			return fmt.Errorf("%w: change of tokens [%d, %d) outside the sentence", ErrCheck, c.Token+1, c.End+1)
		}
		for t := c.Token; t < c.End; t++ {
			if covered[t] != 0 {
				return fmt.Errorf("%w: token %d changed twice", ErrCheck, t+1)
			}
			covered[t] = k + 1
		}
		if !joinedEqual(orig.Tokens[c.Token:c.End], c.Before) || !joinedEqual(out.Tokens[c.Token:c.End], c.After) {
			before := strings.Join(orig.Tokens[c.Token:c.End], " ")
			after := strings.Join(out.Tokens[c.Token:c.End], " ")
			return fmt.Errorf("%w: token %d: logged %q -> %q but text is %q -> %q",
				ErrCheck, c.Token+1, c.Before, c.After, before, after)
		}
	}
	for i := range orig.Tokens {
		if covered[i] == 0 && out.Tokens[i] != orig.Tokens[i] {
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
