package score

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"regexp"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/limits"
	"github.com/stress-ner/stress/iob"
)

// Evaluator scores conlleval input: one token per line, fields separated
// by Delimiter, the gold tag in the last but one field and the predicted
// tag in the last; a blank line or a line whose first field is -X- ends a
// sentence. It reproduces the conlleval script (version 2004-01-26)
// exactly, including what it accepts: any bytes (no UTF-8 check), a
// -DOCSTART- line as an ordinary token, a missing final newline, a CR
// before the newline as part of the last field. Where conlleval refuses
// the input, Evaluate returns a *conll.ParseError wrapping ErrFeatureCount or
// ErrTooFewFeatures.
//
// The input is streamed: memory does not grow with its length.
type Evaluator struct {
	// File names the input in errors.
	File string
	// Delimiter separates fields, as conlleval's -d: a Perl regular
	// expression, usually a literal. "" means a single space.
	Delimiter string
	// Options select the scoring mode, -r and -o.
	Options EvalOptions
	// Convert, when set, converts each sentence's tags from Scheme to
	// IOB2 before scoring (conlleval mis-reads IOBES, so convert it).
	// It is ignored with Options.Raw, whose tags have no prefixes.
	Convert bool
	Scheme  iob.Scheme
	// Opener opens the file EvaluateFile names ("-": its Stdin).
	Opener conll.Opener

	r   io.Reader
	sem SemEval
}

// SemEval returns the SemEval-2013 counts of the input after Evaluate in
// ModeSemEval.
func (e *Evaluator) SemEval() *SemEval { return &e.sem }

// NewEvaluator returns an Evaluator reading from r.
func NewEvaluator(r io.Reader) *Evaluator {
	return &Evaluator{r: r}
}

// tagParts is a tag cut into conlleval's prefix and type.
type tagParts struct{ prefix, typ string }

// Evaluate reads the whole input and returns its counts.
func (e *Evaluator) Evaluate() (Counts, error) { return e.evaluate(true) }

// evaluate is Evaluate, scanning blocks of lines (evaluateBlocks) where
// it can when blocks is set; tests check both loops count alike.
func (e *Evaluator) evaluate(blocks bool) (Counts, error) {
	var c Counts
	sp, err := newSplitter(e.Delimiter)
	if err != nil {
		return c, err
	}
	ch := chunker{counts: &c}
	out := e.Options.outside()
	// Strict mode and scheme conversion work on whole sentences;
	// conlleval's reading of tags goes token by token, on numbered tags.
	buffered := e.Options.Mode != ModeConlleval || (e.Convert && !e.Options.Raw)
	var fast *idChunker
	if !buffered {
		fast = newIDChunker(e.Options.Raw, out)
		if blocks && len(sp.lit) == 1 {
			return e.evaluateBlocks(sp, fast)
		}
	}
	var gold, pred []string
	var lines []int
	tags := map[string]string{} // distinct tags, so that buffering does not allocate per token

	flush := func() error {
		if len(gold) == 0 {
			return nil
		}
		defer func() { gold, pred, lines = gold[:0], pred[:0], lines[:0] }()
		g, p := gold, pred
		if e.Convert && !e.Options.Raw {
			var err error
			if g, err = e.convert(gold, lines); err != nil {
				return err
			}
			if p, err = e.convert(pred, lines); err != nil {
				return err
			}
		}
		if e.Options.Mode == ModeSemEval {
			if e.Options.Raw {
				g, p = rawTags(g, out), rawTags(p, out)
			}
			for i := range g {
				c.Tokens++
				if g[i] == p[i] {
					c.CorrectTags++
				}
			}
			if err := e.sem.AddSentence(g, p, out); err != nil {
				var te *iob.TagError
				if errors.As(err, &te) {
					return &conll.ParseError{File: e.File, Line: lines[te.Pos], Err: err}
				}
				return err
			}
			return nil
		}
		if e.Options.Mode == ModeStrict {
			if err := evalStrict(g, p, e.Options, &c, nil); err != nil {
				var te *iob.TagError
				if errors.As(err, &te) {
					return &conll.ParseError{File: e.File, Line: lines[te.Pos], Err: fmt.Errorf("%w (scheme %v)", err, e.Options.Scheme)}
				}
				return err
			}
			return nil
		}
		for i := range g {
			gp, gt := splitTag(g[i], e.Options.Raw, out)
			pp, pt := splitTag(p[i], e.Options.Raw, out)
			ch.step(gp, gt, pp, pt, false)
		}
		return nil
	}

	br := bufio.NewReaderSize(e.r, 1<<16)
	var long []byte
	fields := make([][]byte, 3, 8)
	nbr := -1 // conlleval's $nbrOfFeatures: index of the last field
	lineNo := 0
	for {
		line, buf, rerr := limits.ReadLine(br, long)
		long = buf
		if rerr == limits.ErrLongLine {
			return c, &conll.ParseError{File: e.File, Line: lineNo + 1, Err: rerr}
		}
		if rerr != nil && rerr != io.EOF {
			return c, &conll.ParseError{File: e.File, Line: lineNo + 1, Err: fmt.Errorf("read: %w", rerr)}
		}
		if len(line) == 0 && rerr == io.EOF {
			break
		}
		lineNo++
		if line[len(line)-1] == '\n' { // Perl's chomp: the newline only
			line = line[:len(line)-1]
		}
		var n int
		if len(sp.lit) == 1 {
			// The common case, without building the field list.
			n = sp.splitByte(line, fields[:3])
			fields = fields[:min(n, 3)]
		} else {
			fields = sp.split(fields[:0], line)
			n = len(fields)
		}
		if nbr < 0 {
			nbr = n - 1
		} else if nbr != n-1 && n != 0 {
			return c, &conll.ParseError{File: e.File, Line: lineNo,
				Err: fmt.Errorf("%w: %d (%d)", ErrFeatureCount, n, nbr+1)}
		}
		if n == 0 || string(fields[0]) == "-X-" {
			if buffered {
				if err := flush(); err != nil {
					return c, err
				}
			}
			if fast != nil {
				fast.step(0, 0, true)
			} else if e.Options.Mode == ModeConlleval {
				ch.step("O", "", "O", "", true)
			}
		} else {
			if n < 2 {
				return c, &conll.ParseError{File: e.File, Line: lineNo,
					Err: fmt.Errorf("%w in line %q: need a gold and a predicted tag (fields are split on %q)", ErrTooFewFeatures, line, sp.name)}
			}
			if e.Options.Raw && (fields[len(fields)-2] == nil || fields[len(fields)-1] == nil) {
				return c, &conll.ParseError{File: e.File, Line: lineNo,
					Err: fmt.Errorf("%w %q in line %q: -r cannot rewrite it", ErrUndefinedTag, sp.name, line)}
			}
			if buffered {
				gold = append(gold, intern(tags, fields[len(fields)-2]))
				pred = append(pred, intern(tags, fields[len(fields)-1]))
				lines = append(lines, lineNo)
			} else {
				fast.step(fast.pair(fields[len(fields)-2]), fast.pair(fields[len(fields)-1]), false)
			}
		}
		if rerr == io.EOF {
			break
		}
	}
	if fast != nil {
		return fast.finish(), nil
	}
	if err := flush(); err != nil {
		return c, err
	}
	ch.finish()
	return c, nil
}

// evaluateBlocks is Evaluate's loop for the common case, conlleval's
// reading of tags with a one-byte delimiter, without a call per line:
// it scans large blocks of lines (limits.Blocks) in place, eight bytes
// at a time for line breaks and delimiters at once (blockScan), and the
// idChunker takes numbered tags. It reads, refuses and counts what the
// general loop does (TestBlocksCountAsLines, FuzzSplitByte).
func (e *Evaluator) evaluateBlocks(sp *splitter, ch *idChunker) (Counts, error) {
	blocks := limits.NewBlocks(e.r)
	s := blockScan{e: e, sp: sp, ch: ch, d: sp.lit[0], nbr: -1, fields: make([][]byte, 3)}
	for {
		block, err := blocks.Next()
		switch {
		case err == io.EOF:
			return ch.finish(), nil
		case err == limits.ErrLongLine:
			return Counts{}, &conll.ParseError{File: e.File, Line: s.lineNo + 1, Err: err}
		case err != nil:
			return Counts{}, &conll.ParseError{File: e.File, Line: s.lineNo + 1, Err: fmt.Errorf("read: %w", err)}
		}
		if err := s.scan(block); err != nil {
			return Counts{}, err
		}
	}
}

// blockScan is the state of evaluateBlocks between blocks.
type blockScan struct {
	e      *Evaluator
	sp     *splitter
	ch     *idChunker
	d      byte     // the delimiter
	nbr    int      // conlleval's $nbrOfFeatures: index of the last field
	lineNo int      // lines read
	fields [][]byte // splitByte's, for a line with trailing delimiters
}

// scan reads the lines of block: whole lines, the last one without its
// line break only at the end of the input. Eight bytes at a time, it
// marks the line breaks and the delimiters and goes from one line break
// to the next, counting a line's delimiters by their marks (topBits)
// without visiting them: most lines are a token tagged O in both
// columns after another, "tok O O", which it recognises by their last
// four bytes and counts without a call. The others go to slowLine.
// The loop keeps few values, so that they stay in registers: a call in
// it (a copy, a population count without POPCNT) would spill them.
func (s *blockScan) scan(block []byte) error {
	const ones = 0x0101010101010101
	nlOnes, dOnes := '\n'*uint64(ones), uint64(s.d)*ones
	filler := uint64('x') * ones // pads the last word: neither a line break nor the delimiter
	if s.d == 'x' {
		filler = 'y' * ones
	}
	// The last four bytes of a line "tok O O": the delimiter, O, the
	// delimiter, O (read as one little-endian word).
	oo := uint32(s.d) | 'O'<<8 | uint32(s.d)<<16 | 'O'<<24
	want := s.quickCount()
	quick := 0 // quick lines since the last call, not yet counted in s
	start := 0 // where the line starts
	rel := 0   // the line's delimiters before the current word
	full := len(block) &^ 7
	for i := 0; i < len(block); i += 8 {
		var x uint64
		if i < full {
			x = binary.LittleEndian.Uint64(block[i:])
		} else { // the last bytes, padded
			x = filler
			for k := i; k < len(block); k++ {
				sh := uint(k-i) * 8
				x = x&^(0xff<<sh) | uint64(block[k])<<sh
			}
		}
		nl := zeroBytes(x ^ nlOnes)
		dl := zeroBytes(x^dOnes) &^ nl // a "\n" delimiter never splits a line
		for ; nl != 0; nl &= nl - 1 {
			b := bits.TrailingZeros64(nl) // the top bit of the line break's byte
			d := topBits(dl & (1<<b - 1)) // the line's delimiters in this word
			j := i + b>>3
			if rel+d == want && j-start >= 4 && binary.LittleEndian.Uint32(block[j-4:j]) == oo &&
				(block[start] != '-' || string(block[start:start+3]) != "-X-") {
				// Most lines: a token tagged O in both columns after
				// another, which the idChunker only counts (its step's
				// first case), scored here without a call.
				quick++
			} else {
				if err := s.slowLine(block[start:j], rel+d, quick); err != nil {
					return err
				}
				quick, want = 0, s.quickCount()
			}
			start, rel = j+1, -d
		}
		rel += topBits(dl)
	}
	s.count(quick)
	if start < len(block) { // the last line of the input, without a line break
		return s.slowLine(block[start:], rel, 0)
	}
	return nil
}

// topBits counts the bytes of m whose top bit is set, for m that has no
// other bits set (zeroBytes's marks), without a call or a branch.
func topBits(m uint64) int {
	return int((m >> 7) * 0x0101010101010101 >> 56)
}

// quickCount is the number of delimiters of a quick line: s.nbr when it
// is at least two and no chunk is open (the last token was O in both
// columns, or a sentence ended), else -1 (no line is quick). With O as
// the delimiter no line is quick: a line whose last four bytes read as
// scan's oo ends in delimiters (empty fields, dropped).
func (s *blockScan) quickCount() int {
	if s.nbr < 2 || s.d == 'O' || s.ch.lastC|s.ch.lastG != 0 {
		return -1
	}
	return s.nbr
}

// count counts n quick lines: lines and tokens, all correctly tagged O.
func (s *blockScan) count(n int) {
	s.lineNo += n
	s.ch.tokens += n
	s.ch.correctTags += n
}

// slowLine counts the quick lines before it and scores a line with count
// delimiters (line's): it finds the first and the last two for line,
// forward where there are one or two (most lines: bytes.IndexByte is
// the faster search).
func (s *blockScan) slowLine(line []byte, count, quick int) error {
	s.count(quick)
	if count >= 2 && count == s.nbr && s.d != 'O' && len(line) >= 4 &&
		binary.LittleEndian.Uint32(line[len(line)-4:]) == uint32(s.d)|'O'<<8|uint32(s.d)<<16|'O'<<24 &&
		(line[0] != '-' || string(line[:3]) != "-X-") {
		// A token tagged O in both columns after a chunk: the
		// chunker's step ends it, as line would call it.
		s.lineNo++
		s.ch.step(0, 0, false)
		return nil
	}
	first, prev, last := 0, 0, 0
	switch {
	case count == 0:
	case count <= 2:
		first = bytes.IndexByte(line, s.d)
		prev, last = first, first
		if count == 2 {
			last += 1 + bytes.IndexByte(line[first+1:], s.d)
		}
	default:
		first, last = bytes.IndexByte(line, s.d), bytes.LastIndexByte(line, s.d)
		prev = bytes.LastIndexByte(line[:last], s.d)
	}
	return s.line(line, first, prev, last, count)
}

// zeroBytes marks, in the top bit of each byte, the bytes of x that are
// zero: adding 0x7f to a byte's low seven bits sets its top bit unless
// they are all zero, without a carry into the next byte.
func zeroBytes(x uint64) uint64 {
	const low7 = 0x7f7f7f7f7f7f7f7f
	return ^((x&low7 + low7) | x | low7)
}

// line scores one line (without its line break) with count delimiters,
// the first, the last but one and the last at first, prev and last
// (when there are that many), as the general loop does: split as
// splitByte splits it (which it calls for a line with trailing
// delimiters, empty fields Perl drops), its field count checked, then a
// sentence boundary or a token.
func (s *blockScan) line(line []byte, first, prev, last, count int) error {
	s.lineNo++
	n := 0
	var first0, gold, pred []byte // the first field and the last two
	switch {
	case len(line) == 0:
	case line[len(line)-1] == s.d:
		n = s.sp.splitByte(line, s.fields)
		first0 = s.fields[0]
		if n >= 2 {
			gold, pred = s.fields[min(n, 3)-2], s.fields[min(n, 3)-1]
		}
	case count == 0:
		n, first0 = 1, line
	default:
		n, first0, pred = count+1, line[:first], line[last+1:]
		if count == 1 {
			gold = line[:last]
		} else {
			gold = line[prev+1 : last]
		}
	}
	if s.nbr < 0 {
		s.nbr = n - 1
	} else if s.nbr != n-1 && n != 0 {
		return &conll.ParseError{File: s.e.File, Line: s.lineNo,
			Err: fmt.Errorf("%w: %d (%d)", ErrFeatureCount, n, s.nbr+1)}
	}
	switch {
	case n == 0 || string(first0) == "-X-":
		s.ch.step(0, 0, true)
	case n < 2:
		return &conll.ParseError{File: s.e.File, Line: s.lineNo,
			Err: fmt.Errorf("%w in line %q: need a gold and a predicted tag (fields are split on %q)", ErrTooFewFeatures, line, s.sp.name)}
	default:
		s.ch.step(s.ch.pair(gold), s.ch.pair(pred), false)
	}
	return nil
}

func (e *Evaluator) convert(tags []string, lines []int) ([]string, error) {
	out, err := iob.Convert(tags, e.Scheme, iob.IOB2)
	if err != nil {
		var te *iob.TagError
		if errors.As(err, &te) {
			return nil, &conll.ParseError{File: e.File, Line: lines[te.Pos],
				Err: fmt.Errorf("%w %q for scheme %v", iob.ErrInvalidTag, te.Tag, e.Scheme)}
		}
		return nil, err
	}
	return out, nil
}

// splitByte is split for a one-byte delimiter that only keeps what the
// scorer needs: it returns the number of fields and stores in f[0] the
// first field and in f[1], f[2] the last two (f[0], f[1] for two fields,
// f[0] for one). f must have length 3.
func (s *splitter) splitByte(line []byte, f [][]byte) int {
	d := s.lit[0]
	for len(line) > 0 && line[len(line)-1] == d { // trailing empty fields
		line = line[:len(line)-1]
	}
	if len(line) == 0 {
		return 0
	}
	last := bytes.LastIndexByte(line, d)
	if last < 0 {
		f[0] = line
		return 1
	}
	firstEnd := bytes.IndexByte(line, d)
	if firstEnd == last {
		f[0], f[1] = line[:firstEnd], line[firstEnd+1:]
		return 2
	}
	prev := bytes.LastIndexByte(line[:last], d)
	f[0], f[1], f[2] = line[:firstEnd], line[prev+1:last], line[last+1:]
	if prev == firstEnd {
		return 3
	}
	// Delimiters firstEnd, prev, last and those between: one field more.
	return 4 + bytes.Count(line[firstEnd+1:prev], []byte{d})
}

// intern returns b as a string, the same string for the same bytes.
func intern(m map[string]string, b []byte) string {
	if s, ok := m[string(b)]; ok {
		return s
	}
	s := string(b)
	m[s] = s
	return s
}

// splitter splits a line into fields the way Perl's split(/$delimiter/)
// does: every match separates two fields, what the pattern's groups
// captured are fields too, a leading empty field is kept (unless the
// match there is empty), trailing empty fields are dropped.
type splitter struct {
	name string
	lit  []byte         // literal delimiter, when the pattern is one
	re   *regexp.Regexp // otherwise
}

func newSplitter(delim string) (*splitter, error) {
	if delim == "" {
		delim = " "
	}
	re, err := regexp.Compile(delim)
	if err != nil {
		return nil, fmt.Errorf("%w %q: %v", ErrDelimiter, delim, err)
	}
	// A pattern with groups is never literal: Perl's split returns what
	// each group captured as fields of their own.
	if lit, complete := re.LiteralPrefix(); complete && re.NumSubexp() == 0 {
		return &splitter{name: delim, lit: []byte(lit)}, nil
	}
	return &splitter{name: delim, re: re}, nil
}

func (s *splitter) split(fields [][]byte, line []byte) [][]byte {
	switch {
	case s.re != nil:
		prev := 0
		for _, m := range s.re.FindAllSubmatchIndex(line, -1) {
			if m[1] == m[0] && (m[0] == 0 || m[0] == len(line)) {
				continue
			}
			fields = append(fields, line[prev:m[0]])
			for g := 2; g < len(m); g += 2 { // captured groups; undef (empty) where a group took no part
				if m[g] < 0 {
					fields = append(fields, nil)
					continue
				}
				fields = append(fields, line[m[g]:m[g+1]])
			}
			prev = m[1]
		}
		fields = append(fields, line[prev:])
	case len(s.lit) == 0: // split // splits characters (bytes, here)
		for i := range line {
			fields = append(fields, line[i:i+1])
		}
	case len(s.lit) == 1:
		// A plain loop: fields are a few bytes long, too short for
		// bytes.IndexByte's setup to pay off.
		d, start := s.lit[0], 0
		for i, c := range line {
			if c == d {
				fields = append(fields, line[start:i])
				start = i + 1
			}
		}
		fields = append(fields, line[start:])
	default:
		for {
			i := bytes.Index(line, s.lit)
			if i < 0 {
				break
			}
			fields = append(fields, line[:i])
			line = line[i+len(s.lit):]
		}
		fields = append(fields, line)
	}
	for len(fields) > 0 && len(fields[len(fields)-1]) == 0 {
		fields = fields[:len(fields)-1]
	}
	return fields
}

// ConllevalStatus returns the exit status with which the conlleval script
// refuses the input that made Evaluate return err: 0 for nil, 255 where
// it dies (ErrTooFewFeatures, a bad delimiter, ErrUndefinedTag) and 1
// otherwise.
func ConllevalStatus(err error) int {
	switch {
	case err == nil:
		return 0
	case errors.Is(err, ErrTooFewFeatures), errors.Is(err, ErrDelimiter), errors.Is(err, ErrUndefinedTag):
		return 255
	}
	return 1
}

// EvaluateFile scores the conlleval input in the file name, or in Stdin
// for "-", decompressed when it is gzipped (by its first bytes,
// whatever its name); errors name the file.
func (e *Evaluator) EvaluateFile(name string) (Counts, error) {
	f, err := e.Opener.OpenText(name)
	if err != nil {
		return Counts{}, err
	}
	defer f.Close()
	e.File, e.r = name, f
	return e.Evaluate()
}
