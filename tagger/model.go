package tagger

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
)

// Options configure training. The zero value of every field except
// Features selects a sensible default.
type Options struct {
	// Features selects the feature set: Words or Chars.
	Features Features
	// Epochs is the number of passes over the training data (default 10).
	Epochs int
	// Seed drives the order in which sentences are visited in each
	// epoch. The same data, options and seed give the same model, byte
	// for byte.
	Seed uint64
	// HashBits is log2 of the number of feature buckets (default 20,
	// range 10 to 24). Fewer bits make smaller models with more
	// collisions.
	HashBits int
	// Progress, when not nil, is called after each epoch with the epoch
	// number (1-based) and the number of training sentences the model
	// still got wrong in it.
	Progress func(epoch, mistakes int)
}

const (
	defaultEpochs   = 10
	defaultHashBits = 20
	minHashBits     = 10
	maxHashBits     = 24
)

// Limits of a model, checked by Train before any work so that it never
// writes a model Load refuses, nor runs out of memory half-way.
const (
	// maxTypes is the most entity types a model holds: its file stores
	// O, and B- and I- for each type, at most maxLabels labels in all.
	maxTypes = (maxLabels - 1) / 2
	// maxTypeLen is the longest entity type in bytes: a label (B- or I-
	// and the type) is at most maxLabelLen bytes in a model file.
	maxTypeLen = maxLabelLen - len("B-")
	// maxTrainBytes bounds the tables training allocates per feature
	// bucket and label (int32 weight, int64 sum, float32 average): 16
	// bytes × 2^HashBits × labels. 4 GiB holds 127 types at the default
	// 20 hash bits and 10 types at 24.
	maxTrainBytes = 4 << 30
	trainBytesPer = 16
)

// Model is a trained tagger. It is immutable and safe for concurrent use.
type Model struct {
	features Features
	bits     uint8
	labels   *labelSet
	// rows maps a feature bucket to its row in weights, or -1 when the
	// feature never received weight: most buckets are empty, and the
	// indirection keeps models small on disk and in memory.
	rows    []int32
	weights []float32 // len(rows-in-use) * labels
	// trans[(p+1)*L+y] is the weight of label y after label p, with p=-1
	// the start of the sentence.
	trans []float32

	// Provenance, stored in the model file.
	epochs    int
	seed      uint64
	sentences int
	tokens    int

	pool sync.Pool // *scratch
}

// Features returns the model's feature set.
func (m *Model) Features() Features { return m.features }

// Labels returns the tags the model can predict, "O" first.
func (m *Model) Labels() []string { return slices.Clone(m.labels.names) }

// String summarises the model for logs.
func (m *Model) String() string {
	return fmt.Sprintf("%s model: %d labels, %d of %d feature buckets used, trained on %d sentences (%d tokens), %d epochs, seed %d",
		m.features, m.labels.len(), len(m.weights)/m.labels.len(), len(m.rows), m.sentences, m.tokens, m.epochs, m.seed)
}

// scratch is per-call working memory for tagging.
type scratch struct {
	view   sentenceView
	feats  []uint32
	starts []int
	emit   []float32
	score  []float32
	back   []int32
	out    []int
}

// Tag returns the predicted tags for tokens: a valid IOB2 sequence of the
// same length.
func (m *Model) Tag(tokens []string) []string {
	if len(tokens) == 0 {
		return []string{}
	}
	sc, _ := m.pool.Get().(*scratch)
	if sc == nil {
		sc = new(scratch)
	}
	defer m.pool.Put(sc)
	L := m.labels.len()
	n := len(tokens)
	mask := uint64(len(m.rows) - 1)
	sc.view.reset(tokens, m.features == Chars)
	sc.emit = resize(sc.emit, n*L)
	for i := range n {
		sc.feats = appendFeatures(sc.feats[:0], m.features, mask, tokens, &sc.view, i)
		e := sc.emit[i*L : (i+1)*L]
		clear(e)
		for _, f := range sc.feats {
			r := m.rows[f]
			if r < 0 {
				continue
			}
			w := m.weights[int(r)*L : int(r)*L+L]
			for y := range e {
				e[y] += w[y]
			}
		}
	}
	sc.score = resize(sc.score, n*L)
	sc.back = resize(sc.back, n*L)
	sc.out = resize(sc.out, n)
	viterbi(m.labels, sc.emit, m.trans, n, sc.score, sc.back, sc.out)
	tags := make([]string, n)
	for i, y := range sc.out {
		tags[i] = m.labels.names[y]
	}
	return tags
}

// TagSentences tags every sentence, spreading the work over GOMAXPROCS
// goroutines; the result does not depend on the parallelism. It returns
// ctx.Err() if ctx is cancelled before it finishes.
func (m *Model) TagSentences(ctx context.Context, sents []conll.Sentence) ([][]string, error) {
	out := make([][]string, len(sents))
	workers := min(runtime.GOMAXPROCS(0), max(1, len(sents)/64))
	const chunk = 64
	var (
		wg   sync.WaitGroup
		next = make(chan int)
	)
	for range workers {
		wg.Go(func() {
			for lo := range next {
				for i := lo; i < min(lo+chunk, len(sents)); i++ {
					out[i] = m.Tag(sents[i].Tokens)
				}
			}
		})
	}
	var err error
feed:
	for lo := 0; lo < len(sents); lo += chunk {
		select {
		case next <- lo:
		case <-ctx.Done():
			err = ctx.Err()
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err != nil {
		return nil, err
	}
	return out, nil
}

// number is the score type: int64 while training (exact, so training is
// deterministic and independent of summation order) and float32 for the
// averaged weights of a trained model.
type number interface{ ~int64 | ~float32 }

// viterbi finds the best label sequence for emission scores emit (n×L)
// and transition scores trans ((L+1)×L, first row for the sentence start),
// considering only IOB2-valid transitions. It writes the labels to out.
// Ties go to the lower label index, so decoding is deterministic.
func viterbi[T number](ls *labelSet, emit, trans []T, n int, score []T, back []int32, out []int) {
	L := ls.len()
	for y := range L {
		back[y] = -1
		if ls.allowed(-1, y) {
			score[y] = emit[y] + trans[y]
		} else {
			back[y] = -2 // unreachable
		}
	}
	for i := 1; i < n; i++ {
		prev := score[(i-1)*L : i*L]
		pb := back[(i-1)*L : i*L]
		for y := range L {
			best, arg := T(0), int32(-2)
			for p := range L {
				if pb[p] == -2 || !ls.allowed(p, y) {
					continue
				}
				s := prev[p] + trans[(p+1)*L+y]
				if arg == -2 || s > best {
					best, arg = s, int32(p)
				}
			}
			if arg != -2 {
				best += emit[i*L+y]
			}
			score[i*L+y] = best
			back[i*L+y] = arg
		}
	}
	last := score[(n-1)*L : n*L]
	lb := back[(n-1)*L : n*L]
	best, arg := T(0), -1
	for y := range L {
		if lb[y] == -2 {
			continue
		}
		if arg < 0 || last[y] > best {
			best, arg = last[y], y
		}
	}
	for i := n - 1; i >= 0; i-- {
		out[i] = arg
		arg = int(back[i*L+arg])
	}
}

func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// example is one training sentence with its features extracted once.
type example struct {
	feats  []uint32 // all tokens' features, concatenated
	starts []int32  // token i's features are feats[starts[i]:starts[i+1]]
	gold   []int
}

// Train trains a model on sents. Tags must be O, B-T or I-T; an I-T that
// does not continue a T entity is read as B-T. Training is sequential and
// deterministic: the same sentences, options and seed give the same model.
func Train(sents []conll.Sentence, opts Options) (*Model, error) {
	return TrainContext(context.Background(), sents, opts)
}

// TrainContext is Train with cancellation, checked between sentences.
// It has three phases: check the options and tags (collectTypes), extract
// every sentence's features once (extract), then the epochs of an
// averaged perceptron (perceptron.train), whose average becomes the
// model (perceptron.model).
func TrainContext(ctx context.Context, sents []conll.Sentence, opts Options) (*Model, error) {
	opts, err := opts.resolve()
	if err != nil {
		return nil, err
	}
	types, tokens, err := collectTypes(sents)
	if err != nil {
		return nil, err
	}
	if err := checkSize(types, opts.HashBits); err != nil {
		return nil, err
	}
	ls := newLabelSet(types)
	examples, maxLen := extract(sents, opts, ls)
	p := newPerceptron(ls.len(), opts.HashBits)
	if err := p.train(ctx, examples, maxLen, opts, ls); err != nil {
		return nil, err
	}
	m := p.model(ls, opts)
	m.sentences, m.tokens = len(examples), tokens
	return m, nil
}

// resolve returns opts with the defaults filled in, or why they cannot
// train.
func (opts Options) resolve() (Options, error) {
	if opts.Features != Words && opts.Features != Chars {
		return opts, fmt.Errorf("train: unknown feature set %v", opts.Features)
	}
	if opts.Epochs == 0 {
		opts.Epochs = defaultEpochs
	}
	if opts.Epochs < 0 {
		return opts, fmt.Errorf("train: epochs must be positive, got %d", opts.Epochs)
	}
	if opts.HashBits == 0 {
		opts.HashBits = defaultHashBits
	}
	if opts.HashBits < minHashBits || opts.HashBits > maxHashBits {
		return opts, fmt.Errorf("train: hash bits must be in [%d, %d], got %d", minHashBits, maxHashBits, opts.HashBits)
	}
	return opts, nil
}

// collectTypes checks the tags of sents and returns their entity types
// in order of first use, and the number of tokens (ErrNoData for none).
func collectTypes(sents []conll.Sentence) ([]string, int, error) {
	var types []string
	seen := map[string]bool{}
	tokens := 0
	for si, s := range sents {
		if len(s.Tags) != len(s.Tokens) {
			return nil, 0, fmt.Errorf("train: sentence %d%s: %d tokens but %d tags", si+1, lineSuffix(s.Line, 0), len(s.Tokens), len(s.Tags))
		}
		for i, tag := range s.Tags {
			_, t, ok := splitTag(tag)
			if !ok {
				return nil, 0, fmt.Errorf("train: sentence %d%s: %w: %q", si+1, lineSuffix(s.Line, i), ErrBadTag, tag)
			}
			if t != "" && !seen[t] {
				seen[t] = true
				types = append(types, t)
			}
		}
		tokens += len(s.Tokens)
	}
	if tokens == 0 {
		return nil, 0, fmt.Errorf("train: %w", ErrNoData)
	}
	return types, tokens, nil
}

// extract extracts the features of every token once, so that each epoch
// only does arithmetic, and returns the examples and the longest
// sentence's length. Empty sentences are left out.
func extract(sents []conll.Sentence, opts Options, ls *labelSet) ([]example, int) {
	mask := uint64(1)<<opts.HashBits - 1
	var view sentenceView
	examples := make([]example, 0, len(sents))
	maxLen := 0
	for _, s := range sents {
		if len(s.Tokens) == 0 {
			continue
		}
		maxLen = max(maxLen, len(s.Tokens))
		view.reset(s.Tokens, opts.Features == Chars)
		ex := example{starts: make([]int32, 0, len(s.Tokens)+1), gold: make([]int, len(s.Tokens))}
		for i := range s.Tokens {
			ex.starts = append(ex.starts, int32(len(ex.feats)))
			ex.feats = appendFeatures(ex.feats, opts.Features, mask, s.Tokens, &view, i)
		}
		ex.starts = append(ex.starts, int32(len(ex.feats)))
		repaired, _ := iob.Repair(s.Tags) // I-T after O or another type is read as B-T
		for i, tag := range repaired {
			ex.gold[i] = ls.index[tag]
		}
		examples = append(examples, ex)
	}
	return examples, maxLen
}

// perceptron is an averaged perceptron with the lazy-averaging trick: w
// holds the current weights, u the sum of c*update, and the average over
// all steps is w - u/c. Integer weights keep training exact. tw and tu
// are the same for transitions (row 0: from the start).
type perceptron struct {
	L, buckets int
	w          []int32
	u          []int64
	tw, tu     []int64
	c          int64
}

func newPerceptron(labels, hashBits int) *perceptron {
	buckets := 1 << hashBits
	return &perceptron{L: labels, buckets: buckets,
		w: make([]int32, buckets*labels), u: make([]int64, buckets*labels),
		tw: make([]int64, (labels+1)*labels), tu: make([]int64, (labels+1)*labels), c: 1}
}

// train runs opts.Epochs epochs over examples, each in an order shuffled
// from the seed and the epoch, reporting mistakes to opts.Progress.
func (p *perceptron) train(ctx context.Context, examples []example, maxLen int, opts Options, ls *labelSet) error {
	L := p.L
	emit := make([]int64, maxLen*L)
	score := make([]int64, maxLen*L)
	back := make([]int32, maxLen*L)
	pred := make([]int, maxLen)
	order := make([]int, len(examples))
	for i := range order {
		order[i] = i
	}
	for epoch := 1; epoch <= opts.Epochs; epoch++ {
		rng := rand.New(rand.NewPCG(opts.Seed, uint64(epoch)))
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		mistakes := 0
		for k, idx := range order {
			if k%256 == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			ex := &examples[idx]
			n := len(ex.gold)
			e := emit[:n*L]
			clear(e)
			for i := range n {
				row := e[i*L : (i+1)*L]
				for _, f := range ex.feats[ex.starts[i]:ex.starts[i+1]] {
					ws := p.w[int(f)*L : int(f)*L+L]
					for y := range row {
						row[y] += int64(ws[y])
					}
				}
			}
			viterbi(ls, e, p.tw, n, score, back, pred)
			if p.update(ex, pred[:n]) {
				mistakes++
			}
			p.c++
		}
		if opts.Progress != nil {
			opts.Progress(epoch, mistakes)
		}
	}
	return nil
}

// update moves the weights from the predicted tags towards the gold
// ones, and reports whether any tag was wrong.
func (p *perceptron) update(ex *example, pred []int) bool {
	L, c := p.L, p.c
	wrong := false
	for i := range pred {
		g, pr := ex.gold[i], pred[i]
		if g != pr {
			wrong = true
			for _, f := range ex.feats[ex.starts[i]:ex.starts[i+1]] {
				p.w[int(f)*L+g]++
				p.u[int(f)*L+g] += c
				p.w[int(f)*L+pr]--
				p.u[int(f)*L+pr] -= c
			}
		}
		gp, pp := -1, -1
		if i > 0 {
			gp, pp = ex.gold[i-1], pred[i-1]
		}
		if gp != pp || g != pr {
			p.tw[(gp+1)*L+g]++
			p.tu[(gp+1)*L+g] += c
			p.tw[(pp+1)*L+pr]--
			p.tu[(pp+1)*L+pr] -= c
		}
	}
	return wrong
}

// model returns the averaged weights as a model, with the buckets whose
// weights are all zero left out.
func (p *perceptron) model(ls *labelSet, opts Options) *Model {
	L := p.L
	m := &Model{
		features: opts.Features,
		bits:     uint8(opts.HashBits),
		labels:   ls,
		rows:     make([]int32, p.buckets),
		trans:    make([]float32, len(p.tw)),
		epochs:   opts.Epochs,
		seed:     opts.Seed,
	}
	cf := float64(p.c)
	avg := func(w, u int64) float32 { return float32(float64(w) - float64(u)/cf) }
	for i := range p.tw {
		m.trans[i] = avg(p.tw[i], p.tu[i])
	}
	row := make([]float32, L)
	for b := range p.buckets {
		m.rows[b] = -1
		nonzero := false
		for y := range L {
			row[y] = avg(int64(p.w[b*L+y]), p.u[b*L+y])
			nonzero = nonzero || row[y] != 0
		}
		if nonzero {
			m.rows[b] = int32(len(m.weights) / L)
			m.weights = append(m.weights, row...)
		}
	}
	return m
}

// checkSize refuses entity types a model file cannot hold, or that would
// need more than maxTrainBytes to train with 2^bits feature buckets.
func checkSize(types []string, bits int) error {
	if len(types) > maxTypes {
		return fmt.Errorf("train: %w: %d entity types, more than the %d a model holds", ErrTooLarge, len(types), maxTypes)
	}
	for _, t := range types {
		if len(t) > maxTypeLen {
			return fmt.Errorf("train: %w: entity type %.20q... is %d bytes long, more than the %d a model holds", ErrTooLarge, t, len(t), maxTypeLen)
		}
	}
	labels := uint64(1 + 2*len(types))
	need := func(bits int) uint64 { return trainBytesPer << bits * labels }
	if need(bits) <= maxTrainBytes {
		return nil
	}
	fit := bits
	for fit > minHashBits && need(fit) > maxTrainBytes {
		fit--
	}
	return fmt.Errorf("train: %w: %d entity types at %d hash bits need %.1f GiB to train, more than the %d GiB allowed (use --hash-bits %d or fewer)",
		ErrTooLarge, len(types), bits, float64(need(bits))/(1<<30), maxTrainBytes>>30, fit)
}

func lineSuffix(line, token int) string {
	if line <= 0 {
		return ""
	}
	return fmt.Sprintf(" (line %d)", line+token)
}
