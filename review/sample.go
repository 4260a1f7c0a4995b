package review

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/stress-ner/stress/perturb"
)

// Options say how to draw a sample.
type Options struct {
	// N is the number of items: every change when there are fewer.
	N int
	// Seed seeds every random choice: the same seed, options and
	// changes give the same sample, byte for byte.
	Seed uint64
	// Kinds keeps the changes of these kinds only; empty keeps all.
	Kinds []string
	// By lists the columns (byKind, ByType, bySource, byStratum) whose
	// values make the strata; empty draws from all changes as one.
	By []string
	// PerStratum, when positive, draws that many items from every
	// stratum (all of a smaller one) instead of N in proportion to their
	// sizes: every stratum measured alike, as a policy by strata needs.
	PerStratum int
	// Labels are the labels offered per kind.
	Labels Labels
	// Exclude leaves out the changes an earlier sample showed: the
	// original sentences with the changed span marked, as its items
	// show them (readShown). A change at a place already read is not
	// drawn again, whatever it writes there now.
	Exclude []string
}

// DefaultN is the sample size of Options when none is given by a caller
// that wants a default.
const DefaultN = 100

// Sample is a blind sample of changes, ready to be written.
type Sample struct {
	// ID names the sample: a hash of its origin, options and the rows
	// drawn. Item ids start with it, so that judgements of two samples
	// never mix, and the judging page keeps its judgements under it.
	ID    string
	Seed  uint64
	N     int // as asked
	Kinds []string
	By    []string
	// PerStratum is Options.PerStratum (0: N in proportion).
	PerStratum int
	Labels     Labels
	Origin     Origin
	Strata     []Stratum
	Items      []Item // in the order shown to judges
	Changes    int    // changes drawn from (after Kinds and Exclude)
	Excluded   int    // changes left out by Options.Exclude
}

// ErrTooFewItems means a sample cannot represent every stratum: N is
// smaller than the number of non-empty strata.
var ErrTooFewItems = errors.New("sample smaller than its number of strata")

// Allocate splits n draws among strata of the given sizes in proportion
// to their size, by largest remainders, with at least one draw for
// every non-empty stratum: each stratum first gets the whole part of its
// quota n*size/total (at least one), then strata get or give one draw
// at a time, those furthest below their quota first when draws are
// left, those furthest above it (with more than one) first when the
// minimum of one took too many; ties go to the earlier stratum. When n
// is at least the total, every item of every stratum is drawn. It
// returns ErrTooFewItems when n is positive but below the number of
// non-empty strata.
func Allocate(sizes []int, n int) ([]int, error) {
	total, nonEmpty := 0, 0
	for _, s := range sizes {
		if s < 0 {
			return nil, fmt.Errorf("%w: negative stratum size %d", ErrOption, s)
		}
		total += s
		if s > 0 {
			nonEmpty++
		}
	}
	alloc := make([]int, len(sizes))
	if n <= 0 || total == 0 {
		return alloc, nil
	}
	if n >= total {
		copy(alloc, sizes)
		return alloc, nil
	}
	if n < nonEmpty {
		return nil, fmt.Errorf("%w: %d items for %d strata", ErrTooFewItems, n, nonEmpty)
	}
	sum := 0
	for i, s := range sizes {
		if s > 0 {
			alloc[i] = max(1, n*s/total)
		}
		sum += alloc[i]
	}
	// gap is how far stratum i is below its quota, times total.
	gap := func(i int) int { return n*sizes[i] - alloc[i]*total }
	for sum < n {
		best := -1
		for i := range sizes {
			if alloc[i] < sizes[i] && (best < 0 || gap(i) > gap(best)) {
				best = i
			}
		}
		alloc[best]++
		sum++
	}
	for sum > n {
		best := -1
		for i := range sizes {
			if alloc[i] > 1 && (best < 0 || gap(i) < gap(best)) {
				best = i
			}
		}
		alloc[best]--
		sum--
	}
	return alloc, nil
}

// stratumKey returns the stratum of c under by.
func stratumKey(c *change, by []string) Stratum {
	var s Stratum
	for _, col := range by {
		switch col {
		case byKind:
			s.Kind = c.row.Kind
		case ByType:
			s.Type = c.typ
		case bySource:
			s.Source = c.row.Source
		case byStratum:
			s.Stratum = perturb.StratumOf(c.row.Change)
		}
	}
	return s
}

// checkBy checks the stratification columns and returns them in their
// canonical order.
func checkBy(by []string) ([]string, error) {
	var out []string
	for _, col := range columns() {
		n := 0
		for _, b := range by {
			if b == col {
				n++
			}
		}
		if n > 1 {
			return nil, fmt.Errorf("%w: stratification column %q twice", ErrOption, col)
		}
		if n == 1 {
			out = append(out, col)
		}
	}
	for _, b := range by {
		if !slices.Contains(columns(), b) {
			return nil, fmt.Errorf("%w: unknown stratification column %q (want kind, type, source or stratum)", ErrOption, b)
		}
	}
	return out, nil
}

// Draw draws a blind sample from c: the changes of o.Kinds, split into
// strata by o.By, o.N items allocated among the strata by Allocate,
// drawn at random within each stratum and shown in an order shuffled
// across strata.
func Draw(c *Changes, o Options) (*Sample, error) {
	if o.N < 1 {
		return nil, fmt.Errorf("%w: sample size %d, want at least 1", ErrOption, o.N)
	}
	by, err := checkBy(o.By)
	if err != nil {
		return nil, err
	}
	present := c.Kinds()
	for _, k := range o.Kinds {
		if !slices.Contains(present, k) {
			return nil, fmt.Errorf("%w: no changes of kind %q (the changes are of %s)", ErrOption, k, strings.Join(present, ", "))
		}
	}
	for _, k := range o.Labels.kinds() {
		if !slices.Contains(present, k) || len(o.Kinds) > 0 && !slices.Contains(o.Kinds, k) {
			return nil, fmt.Errorf("%w: labels for kind %q, which the sample has no changes of", ErrOption, k)
		}
	}
	var pool []*change
	shown := map[string]bool{}
	for _, t := range o.Exclude {
		shown[t] = true
	}
	excluded := 0
	for i := range c.list {
		ch := &c.list[i]
		if len(o.Kinds) > 0 && !slices.Contains(o.Kinds, ch.row.Kind) {
			continue
		}
		if len(shown) > 0 && shown[ch.original().Text(markOpen, markClose)] {
			excluded++
			continue
		}
		pool = append(pool, ch)
	}
	if len(pool) == 0 {
		return nil, fmt.Errorf("%w: no changes to sample", ErrOption)
	}
	// Strata in the order of their values, each with its changes in
	// the order of the change log.
	index := map[Stratum]int{}
	var strata []Stratum
	var members [][]*change
	for _, ch := range pool {
		k := stratumKey(ch, by)
		i, ok := index[k]
		if !ok {
			i = len(strata)
			index[k] = i
			strata = append(strata, k)
			members = append(members, nil)
		}
		members[i] = append(members[i], ch)
	}
	order := make([]int, len(strata))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		x, y := strata[a], strata[b]
		return strings.Compare(x.Kind+"\x00"+x.Type+"\x00"+x.Source+"\x00"+x.Stratum, y.Kind+"\x00"+y.Type+"\x00"+y.Source+"\x00"+y.Stratum)
	})
	sizes := make([]int, len(order))
	for k, i := range order {
		sizes[k] = len(members[i])
	}
	alloc, err := Allocate(sizes, o.N)
	if o.PerStratum > 0 {
		alloc, err = make([]int, len(sizes)), nil
		for k, n := range sizes {
			alloc[k] = min(n, o.PerStratum)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%w (stratified by %s): ask for more items or stratify by fewer columns", err, strings.Join(by, ","))
	}
	r := rand.New(rand.NewPCG(o.Seed, 0x72657669657721)) // "review!"
	s := &Sample{Seed: o.Seed, N: o.N, Kinds: slices.Clone(o.Kinds), By: by, PerStratum: o.PerStratum, Labels: o.Labels, Origin: c.Origin, Changes: len(pool), Excluded: excluded}
	var drawn []*change
	for k, i := range order {
		m := slices.Clone(members[i])
		// A partial Fisher-Yates shuffle draws alloc[k] without
		// replacement.
		for j := 0; j < alloc[k]; j++ {
			x := j + r.IntN(len(m)-j)
			m[j], m[x] = m[x], m[j]
		}
		drawn = append(drawn, m[:alloc[k]]...)
		st := strata[i]
		st.Changes, st.Drawn = len(members[i]), alloc[k]
		s.Strata = append(s.Strata, st)
	}
	r.Shuffle(len(drawn), func(i, j int) { drawn[i], drawn[j] = drawn[j], drawn[i] })
	s.ID = sampleID(s, drawn)
	width := len(strconv.Itoa(len(drawn)))
	for k, ch := range drawn {
		id := fmt.Sprintf("%s-%0*d", s.ID, width, k+1)
		labels := o.Labels.For(ch.row.Kind)
		s.Items = append(s.Items, Item{
			ID:        id,
			Original:  ch.original(),
			Perturbed: Marked{Tokens: ch.pert, Start: ch.ps, End: ch.pe},
			Labels:    labels,
			Key:       KeyRow{Item: id, Change: ch.row.Change, Line: ch.row.Line, Type: ch.typ, Labels: labels},
		})
	}
	return s, nil
}

// sampleID hashes what makes a sample: its origin's bytes, its options
// and the rows drawn, in order.
func sampleID(s *Sample, drawn []*change) string {
	h := sha256.New()
	fmt.Fprintf(h, "stress review\x00%d\x00%d\x00%q\x00%q\x00%s\x00%s\n", s.Seed, s.N, s.Kinds, s.By, s.Origin.Manifest, s.Origin.ChangeLogSHA256)
	if s.PerStratum > 0 {
		fmt.Fprintf(h, "per stratum %d\n", s.PerStratum)
	}
	for _, f := range s.Origin.Files {
		fmt.Fprintf(h, "%s\n", f.SHA256)
	}
	for _, ch := range drawn {
		fmt.Fprintf(h, "%s:%d:%q\n", ch.row.File, ch.row.Line, s.Labels.For(ch.row.Kind))
	}
	return hex.EncodeToString(h.Sum(nil))[:8]
}

// original returns the original sentence of ch with the changed span
// marked, as an item shows it.
func (ch *change) original() Marked {
	return Marked{Tokens: ch.orig, Start: ch.origStart, End: ch.origStart + ch.row.End - ch.row.Token}
}
