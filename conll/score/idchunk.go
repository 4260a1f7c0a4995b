package score

import "github.com/stress-ner/stress/iob"

// idChunker is chunker on numbered tags, the fast path of Evaluate in
// conlleval mode: a tag is read once into a number for its (prefix,
// type) pair, and each step between two pairs looks up what
// iob.ChunkEnd, iob.ChunkStart and countIssue say of them in a table
// filled from those functions on first use. It keeps chunker's state
// and order of tests, with numbers for strings (the same pair is the
// same number, the same type the same type number), so that it counts
// exactly what chunker counts; TestIDChunkerMatchesChunker checks it on
// every pair of tags.
type idChunker struct {
	pairs  []tagParts // by pair number; 0 is ("O", "")
	typeOf []int32    // type number of each pair
	types  []string   // by type number; 0 is ""
	counts []TypeCounts

	// trans holds, for pairs (prev, cur), at prev<<shift|cur, the
	// transition's flags; 0 is not yet computed.
	trans []uint8
	shift uint

	raw      []rawTag // tags read so far
	lastTag  string   // the last tag found in raw, and its pair
	lastPair int32
	rawOpt   bool
	outside  string

	lastC, lastG int32
	inCorrect    bool
	tokens       int
	correctTags  int
	goldIssues   iob.Issues
	predIssues   iob.Issues
}

type rawTag struct {
	tag  string
	pair int32
}

const (
	transKnown = 1 << iota
	transEnd
	transStart
	transIStart
	transTypeChange
)

func newIDChunker(raw bool, outside string) *idChunker {
	ch := &idChunker{rawOpt: raw, outside: outside, shift: 3, lastTag: "O"}
	ch.pairs = []tagParts{{prefix: "O"}}
	ch.typeOf = []int32{0}
	ch.types = []string{""}
	ch.counts = make([]TypeCounts, 1)
	ch.trans = make([]uint8, 1<<(2*ch.shift))
	return ch
}

// pair returns the number of tag's (prefix, type) pair.
func (ch *idChunker) pair(tag []byte) int32 {
	if string(tag) == "O" { // most tokens; "O" is outside with or without -r
		return 0
	}
	if string(tag) == ch.lastTag {
		return ch.lastPair
	}
	return ch.find(tag)
}

// find is pair for a tag other than "O" and the last one found.
func (ch *idChunker) find(tag []byte) int32 {
	for i := range ch.raw {
		if string(tag) == ch.raw[i].tag {
			ch.lastTag, ch.lastPair = ch.raw[i].tag, ch.raw[i].pair
			return ch.raw[i].pair
		}
	}
	prefix, typ := splitTag(string(tag), ch.rawOpt, ch.outside)
	p := ch.addPair(tagParts{prefix, typ})
	ch.raw = append(ch.raw, rawTag{string(tag), p})
	ch.lastTag, ch.lastPair = ch.raw[len(ch.raw)-1].tag, p
	return p
}

func (ch *idChunker) addPair(parts tagParts) int32 {
	for i, q := range ch.pairs {
		if q == parts {
			return int32(i)
		}
	}
	t := int32(-1)
	for i, typ := range ch.types {
		if typ == parts.typ {
			t = int32(i)
			break
		}
	}
	if t < 0 {
		t = int32(len(ch.types))
		ch.types = append(ch.types, parts.typ)
		ch.counts = append(ch.counts, TypeCounts{})
	}
	ch.pairs = append(ch.pairs, parts)
	ch.typeOf = append(ch.typeOf, t)
	if len(ch.pairs) > 1<<ch.shift {
		ch.shift++
		ch.trans = make([]uint8, 1<<(2*ch.shift)) // refilled on use
	}
	return int32(len(ch.pairs) - 1)
}

// fill computes the transition from pair prev to pair cur, on its first
// use.
func (ch *idChunker) fill(prev, cur int32) uint8 {
	i := int(prev)<<ch.shift | int(cur)
	p, c := ch.pairs[prev], ch.pairs[cur]
	f := uint8(transKnown)
	if iob.ChunkEnd(p.prefix, c.prefix, p.typ, c.typ) {
		f |= transEnd
	}
	if iob.ChunkStart(p.prefix, c.prefix, p.typ, c.typ) {
		f |= transStart
	}
	var is iob.Issues
	countIssue(&is, p.prefix, c.prefix, p.typ, c.typ)
	if is.IStarts > 0 {
		f |= transIStart
	}
	if is.TypeChanges > 0 {
		f |= transTypeChange
	}
	ch.trans[i] = f
	return f
}

// step is chunker.step for a token (boundary false) or a sentence
// boundary (g and p both 0, boundary true).
func (ch *idChunker) step(g, p int32, boundary bool) {
	if g|p|ch.lastC|ch.lastG == 0 && !boundary {
		// O after O in both columns, most tokens: no chunk ends or
		// starts, no issue, and an open correct chunk stays open.
		ch.tokens++
		ch.correctTags++
		return
	}
	// flags, inline: most steps are between two tags seen before
	fc, fg := ch.trans[int(ch.lastC)<<ch.shift|int(g)], ch.trans[int(ch.lastG)<<ch.shift|int(p)]
	if fc == 0 {
		fc = ch.fill(ch.lastC, g)
	}
	if fg == 0 {
		fg = ch.fill(ch.lastG, p)
	}
	endC, endG := fc&transEnd != 0, fg&transEnd != 0
	tc, tg := ch.typeOf[g], ch.typeOf[p]
	if ch.inCorrect {
		if endC && endG && ch.typeOf[ch.lastG] == ch.typeOf[ch.lastC] {
			ch.inCorrect = false
			ch.counts[ch.typeOf[ch.lastC]].Correct++
		} else if endC != endG || tg != tc {
			ch.inCorrect = false
		}
	}
	startC, startG := fc&transStart != 0, fg&transStart != 0
	if startC && startG && tg == tc {
		ch.inCorrect = true
	}
	if startC {
		ch.counts[tc].Gold++
	}
	if startG {
		ch.counts[tg].Pred++
	}
	if !boundary {
		if g == p {
			ch.correctTags++
		}
		ch.tokens++
		if fc&transIStart != 0 {
			ch.goldIssues.IStarts++
		} else if fc&transTypeChange != 0 {
			ch.goldIssues.TypeChanges++
		}
		if fg&transIStart != 0 {
			ch.predIssues.IStarts++
		} else if fg&transTypeChange != 0 {
			ch.predIssues.TypeChanges++
		}
	}
	ch.lastC, ch.lastG = g, p
}

// finish is chunker.finish, then the counts as chunker keeps them: a
// type is in Types once it was counted.
func (ch *idChunker) finish() Counts {
	if ch.inCorrect {
		ch.counts[ch.typeOf[ch.lastC]].Correct++
		ch.inCorrect = false
	}
	c := Counts{Tokens: ch.tokens, CorrectTags: ch.correctTags, GoldIssues: ch.goldIssues, PredIssues: ch.predIssues}
	for t, tc := range ch.counts {
		if tc != (TypeCounts{}) {
			if c.Types == nil {
				c.Types = make(map[string]TypeCounts, len(ch.counts))
			}
			c.Types[ch.types[t]] = tc
		}
	}
	return c
}
