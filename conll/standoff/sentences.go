package standoff

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/iob"
)

// Decoder reads documents, returning io.EOF after the last one. The
// format packages implement it.
type Decoder interface {
	Read() (*Document, error)
}

// Encoder writes documents, as csv.Writer writes records.
type Encoder interface {
	Write(*Document) error
	Flush()
	Error() error
}

// Corpus is the documents a Reader has read so far, with their
// segmentation into sentences. Writers take it as their template: the
// n-th sentence written is the perturbed copy of the n-th sentence read.
// It is safe for one reading and several writing goroutines.
type Corpus struct {
	mu     sync.Mutex
	docs   []*segDoc
	nsents int
	src    *Reader // the reader that fills it, for readers split like it
}

type segDoc struct {
	doc   *Document
	first int // index of its first sentence in the corpus
	sents []segSent
	runes [][]rune // the passages' texts, made when first needed
}

type segSent struct {
	passage int
	toks    []Token
	tags    []string
	keep    []bool // tokens no perturbation may change (conll.Sentence.Keep), nil when none
}

// Documents returns the number of documents read so far.
func (c *Corpus) Documents() int {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.docs)
}

// DocumentTemplate marks Corpus as a conll.Template.
func (c *Corpus) DocumentTemplate() {}

func (c *Corpus) add(d *segDoc) {
	c.mu.Lock()
	defer c.mu.Unlock()
	d.first = c.nsents
	c.nsents += len(d.sents)
	c.docs = append(c.docs, d)
}

// sentences returns the number of sentences of the documents read.
func (c *Corpus) sentences() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.nsents
}

func (c *Corpus) doc(i int) *segDoc {
	c.mu.Lock()
	defer c.mu.Unlock()
	if i < len(c.docs) {
		return c.docs[i]
	}
	return nil
}

// Reader reads the sentences of the documents a Decoder yields.
type Reader struct {
	// File names the input in errors.
	File string

	dec    Decoder
	corpus *Corpus
	like   *Corpus // when not nil, documents are split like these
	cur    *segDoc
	next   int       // next sentence of cur
	queue  []*segDoc // documents read ahead for a reader split like these
	err    error

	kept  []string // the first maxKeptNotes of keptAnnotations
	nkept int      // all of them
}

// maxKeptNotes bounds the notes on kept annotations a Reader keeps.
const maxKeptNotes = 20

// Kept returns the first notes of keptAnnotations for the documents
// read so far, and their number (conll.KeptReporter).
func (r *Reader) Kept() (notes []string, n int) { return r.kept, r.nkept }

// NewReader returns a Reader of the documents dec reads.
func NewReader(dec Decoder, file string) *Reader {
	r := &Reader{File: file, dec: dec, corpus: &Corpus{}}
	r.corpus.src = r
	return r
}

// Corpus returns the documents read so far, the template of Writers.
func (r *Reader) Corpus() *Corpus { return r.corpus }

// Template returns Corpus, for conll.File.Layout.
func (r *Reader) Template() conll.Template { return r.corpus }

// ReadLike makes r split the n-th document it reads into the sentences
// of the n-th document of t (a *Corpus; see conll.File.ReadLike). It
// must be called before the first Read.
func (r *Reader) ReadLike(t conll.Template) error {
	c, ok := t.(*Corpus)
	if !ok {
		return fmt.Errorf("%w: not a document template", ErrAlign)
	}
	r.like = c
	return nil
}

// Read returns the next sentence, or io.EOF after the last one. The
// first sentence of each document has DocStart set.
func (r *Reader) Read() (conll.Sentence, error) {
	if r.err != nil {
		return conll.Sentence{}, r.err
	}
	for r.cur == nil || r.next == len(r.cur.sents) {
		if len(r.queue) > 0 {
			r.cur, r.next = r.queue[0], 0
			r.queue = r.queue[1:]
			continue
		}
		sd, err := r.readDoc()
		if err != nil {
			return conll.Sentence{}, err
		}
		r.cur, r.next = sd, 0
	}
	s := r.cur.sentence(r.next)
	r.next++
	return s, nil
}

// readDoc reads, splits and records the next document.
func (r *Reader) readDoc() (*segDoc, error) {
	if r.err != nil {
		return nil, r.err
	}
	d, err := r.dec.Read()
	if err != nil {
		r.err = err
		return nil, err
	}
	var sd *segDoc
	if r.like != nil {
		var t *segDoc
		if t, err = r.like.fetch(r.corpus.Documents()); err == nil {
			sd, err = segmentLike(d, t)
		}
	} else if sd, err = segmentDoc(d); err == nil {
		notes := keptAnnotations(d)
		r.nkept += len(notes)
		r.kept = append(r.kept, notes[:min(len(notes), maxKeptNotes-len(r.kept))]...)
	}
	if err != nil {
		if _, ok := err.(*conll.ParseError); !ok {
			err = &conll.ParseError{File: r.File, Err: err}
		}
		r.err = err
		return nil, err
	}
	r.corpus.add(sd)
	return sd, nil
}

// fetch returns document i of c, reading ahead with c's Reader when it
// has not come yet (two files read side by side, the copy first), or
// nil when there is none. The Reader must not be read from another
// goroutine meanwhile.
func (c *Corpus) fetch(i int) (*segDoc, error) {
	for {
		if d := c.doc(i); d != nil || c.src == nil {
			return d, nil
		}
		sd, err := c.src.readDoc()
		if err == io.EOF {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		c.src.queue = append(c.src.queue, sd)
	}
}

// sentence returns sentence i of d as conll reads it.
func (d *segDoc) sentence(i int) conll.Sentence {
	ss := &d.sents[i]
	p := &d.doc.Passages[ss.passage]
	toks := make([]string, len(ss.toks))
	if len(p.Text) == len(d.passageRunes(ss.passage)) {
		// ASCII: code points are bytes.
		for k, t := range ss.toks {
			toks[k] = p.Text[t.Start-p.Offset : t.End-p.Offset]
		}
	} else {
		rs := d.passageRunes(ss.passage)
		for k, t := range ss.toks {
			toks[k] = string(rs[t.Start-p.Offset : t.End-p.Offset])
		}
	}
	return conll.Sentence{Tokens: toks, Tags: slices.Clone(ss.tags), Keep: slices.Clone(ss.keep), DocStart: i == 0}
}

// passageRunes returns the code points of passage pi's text.
func (d *segDoc) passageRunes(pi int) []rune { return d.runes[pi] }

// newSegDoc returns the segDoc of d with its passages' code points,
// made before the reader hands it to writers in other goroutines.
func newSegDoc(d *Document) *segDoc {
	sd := &segDoc{doc: d, runes: make([][]rune, len(d.Passages))}
	for i := range d.Passages {
		sd.runes[i] = []rune(d.Passages[i].Text)
	}
	return sd
}

// segmentDoc checks d's offsets, splits its passages into sentences and
// tags their tokens with the annotations.
func segmentDoc(d *Document) (*segDoc, error) {
	if err := CheckOffsets(d); err != nil {
		return nil, err
	}
	sd := newSegDoc(d)
	for pi := range d.Passages {
		p := &d.Passages[pi]
		spans, types, cuts := passageEntities(p)
		tagged := pickEntities(spans)
		kept := keptSpans(p)
		for _, toks := range Segment(p.Text, p.Offset, sortedUnique(cuts), spans) {
			tags := tagTokens(toks, spans, types, tagged)
			sd.sents = append(sd.sents, segSent{passage: pi, toks: toks, tags: tags, keep: keepTokens(toks, tags, kept)})
		}
	}
	return sd, nil
}

// keptAnnotations returns, for the annotations of d that IOB tags cannot
// hold, why a Reader keeps their text untouched: a discontinuous mention
// (several spans) is tagged O, and of mentions that overlap (one nested
// in another, or the same span twice) only one is tagged; an edit of
// their tokens, or a replacement of the mention around them, could not
// be carried back into every annotation. Each entry names the document
// and the annotation.
func keptAnnotations(d *Document) []string {
	var out []string
	for pi := range d.Passages {
		p := &d.Passages[pi]
		over := overlapping(p)
		for j := range p.Annotations {
			a := &p.Annotations[j]
			why := ""
			switch {
			case len(a.Locations) > 1:
				why = "is discontinuous"
			case over[j]:
				why = "overlaps another annotation"
			default:
				continue
			}
			out = append(out, fmt.Sprintf("document %s: annotation %s at %s %s: its text is kept untouched", d.ID, annName(a), spansText(a.Locations), why))
		}
	}
	return out
}

// spansText writes spans as brat does: "0-7;15-23".
func spansText(spans []Span) string {
	parts := make([]string, len(spans))
	for i, s := range spans {
		parts[i] = fmt.Sprintf("%d-%d", s.Start, s.End)
	}
	return strings.Join(parts, ";")
}

// overlapping returns which annotations of p have a span that overlaps
// a span of another annotation of p (nested, crossing or the same
// span).
func overlapping(p *Passage) []bool {
	type loc struct {
		Span
		ann int
	}
	var locs []loc
	for j, a := range p.Annotations {
		for _, l := range a.Locations {
			if l.End > l.Start {
				locs = append(locs, loc{l, j})
			}
		}
	}
	slices.SortStableFunc(locs, func(a, b loc) int { return a.Start - b.Start })
	over := make([]bool, len(p.Annotations))
	maxEnd := -1
	for i, l := range locs {
		// Sorted by start: l overlaps an earlier span when it starts
		// before the furthest end so far, and a later one when the next
		// span (the earliest start after it) starts before its end.
		if l.Start < maxEnd || i+1 < len(locs) && locs[i+1].Start < l.End {
			over[l.ann] = true
		}
		maxEnd = max(maxEnd, l.End)
	}
	return over
}

// keptSpans returns the spans of p's annotations that IOB tags cannot
// hold (see keptAnnotations).
func keptSpans(p *Passage) []Span {
	var kept []Span
	over := overlapping(p)
	for j, a := range p.Annotations {
		if len(a.Locations) > 1 || over[j] {
			kept = append(kept, a.Locations...)
		}
	}
	return kept
}

// keepTokens returns which of toks (tagged tags) no perturbation may
// change: those in a kept span, and every token of a gold mention
// (an IOB entity) that has one, since mention kinds replace mentions
// whole. It returns nil when there is none.
func keepTokens(toks []Token, tags []string, kept []Span) []bool {
	var keep []bool
	for _, sp := range kept {
		for k, t := range toks {
			if t.Start < sp.End && t.End > sp.Start {
				if keep == nil {
					keep = make([]bool, len(toks))
				}
				keep[k] = true
			}
		}
	}
	if keep == nil {
		return nil
	}
	for _, e := range iob.Spans(tags) {
		if slices.Contains(keep[e.Start:e.End], true) {
			for k := e.Start; k < e.End; k++ {
				keep[k] = true
			}
		}
	}
	return keep
}

// passageEntities returns the spans and tag types of p's one-span
// annotations, and every boundary of its annotations.
func passageEntities(p *Passage) (spans []Span, types []string, cuts []int) {
	for _, a := range p.Annotations {
		for _, l := range a.Locations {
			cuts = append(cuts, l.Start, l.End)
		}
		if len(a.Locations) == 1 {
			spans = append(spans, a.Locations[0])
			types = append(types, tagType(a.Type))
		}
	}
	return spans, types, cuts
}

// tagTokens returns the IOB2 tags of toks for the entities tagged (indices
// of spans): a token is in an entity when it overlaps its span.
func tagTokens(toks []Token, spans []Span, types []string, tagged []int) []string {
	tags := make([]string, len(toks))
	for k := range tags {
		tags[k] = iob.Outside
	}
	for _, e := range tagged {
		first := true
		for k, t := range toks {
			if t.Start < spans[e].End && t.End > spans[e].Start && tags[k] == iob.Outside {
				if first {
					tags[k] = "B-" + types[e]
					first = false
				} else {
					tags[k] = "I-" + types[e]
				}
			}
		}
	}
	return tags
}

// tagType makes an annotation type usable in an IOB tag: white space
// would split the CoNLL column.
func tagType(t string) string {
	if t == "" {
		return "Entity"
	}
	return strings.Join(strings.Fields(t), "_")
}

// pickEntities returns the indices of the spans that become IOB
// entities: IOB cannot nest, so of overlapping mentions the one that
// starts first, and of those the longest, wins.
func pickEntities(spans []Span) []int {
	idx := make([]int, len(spans))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		if spans[a].Start != spans[b].Start {
			return spans[a].Start - spans[b].Start
		}
		return spans[b].End - spans[a].End
	})
	var out []int
	end := -1
	for _, i := range idx {
		if spans[i].Start >= end && spans[i].End > spans[i].Start {
			out = append(out, i)
			end = spans[i].End
		}
	}
	return out
}

// Writer rebuilds documents from sentences and writes them with an
// Encoder. With a template Corpus (the Reader of the input), the n-th
// sentence written replaces the n-th sentence read: each document is
// rebuilt (Rebuild), checked (Check) and encoded as soon as its last
// sentence arrives. Without a template (the input was CoNLL or JSON
// Lines), documents are made from the sentences (fromSentences), a new
// one at every DocStart, or one per sentence when the input marks no
// documents.
type Writer struct {
	enc      Encoder
	corpus   *Corpus
	annotate bool // write the sentences' entities as the annotations (conll.Predictions)

	n    int              // sentences written
	doc  int              // index of the template document being collected
	outs []conll.Sentence // its sentences so far
	// concepts holds the swapped concepts of outs (WriteConcepts).
	concepts []map[int]conll.ConceptSwap

	pend  []conll.Sentence // without template: the document being collected
	docs  int              // without template: documents written
	marks bool             // without template: the input marks documents
	err   error
}

// NewWriter returns a Writer encoding with enc. tmpl is the Corpus of
// the input's Reader, or nil (or any other conll.Template) to make
// documents from the sentences.
//
// A template wrapped by conll.Predictions makes a writer of a tagger's
// output: each document keeps its text, and its annotations are the
// entities of the written sentences' tags (see annotate).
func NewWriter(enc Encoder, tmpl conll.Template) *Writer {
	inner, annotate := conll.PredictionTemplate(tmpl)
	c, _ := inner.(*Corpus)
	return &Writer{enc: enc, corpus: c, annotate: annotate && c != nil}
}

// FormatSpec is a document format as its package describes it: its
// names (see conll.Codec), its Decoder and Encoder, and how to recognise
// its content.
type FormatSpec struct {
	Name     string
	Exts     []string // the first is the one outputs get
	SideExts []string // files an output keeps beside it (brat's .txt)
	// NewDecoder and NewEncoder make the format's Decoder of r (named
	// name) and Encoder to w (side creates the files beside w).
	NewDecoder func(r io.Reader, name string) (Decoder, error)
	NewEncoder func(w io.Writer, side conll.SideFiles) (Encoder, error)
	// Sniff, when not nil, tells the format from the start of a file
	// whose name leaves it open (see conll.Codec).
	Sniff func(head []byte) bool
}

// Register registers a document format with conll.RegisterFormat, its
// Decoder and Encoder wrapped in a Reader and a Writer, and returns its
// conll.Format. A format's package calls it once, as the initializer of
// its Format variable: adding a format is its package and one import
// in conll/formats.
func Register(spec FormatSpec) conll.Format {
	specsMu.Lock()
	specs[spec.Name] = spec
	specsMu.Unlock()
	newDec, newEnc := spec.NewDecoder, spec.NewEncoder
	return conll.RegisterFormat(&conll.Codec{
		Name: spec.Name, Exts: spec.Exts, SideExts: spec.SideExts,
		NewReader: func(r io.Reader, name string) (conll.SentenceReader, error) {
			dec, err := newDec(r, name)
			if err != nil {
				return nil, err
			}
			return NewReader(dec, name), nil
		},
		NewWriter: func(w io.Writer, side conll.SideFiles, tmpl conll.Template) (conll.SentenceWriter, error) {
			enc, err := newEnc(w, side)
			if err != nil {
				return nil, err
			}
			return NewWriter(enc, tmpl), nil
		},
		Sniff: spec.Sniff,
	})
}

var (
	specsMu sync.Mutex
	specs   = map[string]FormatSpec{}
)

// Lookup returns the registered document format named name
// (conll.Format.String), for programs that read and write whole
// documents rather than sentences.
func Lookup(name string) (FormatSpec, bool) {
	specsMu.Lock()
	defer specsMu.Unlock()
	s, ok := specs[name]
	return s, ok
}

// WriteConcepts adds the next sentence, as Write does, and gives the
// mentions of its original sentence that start at the token indices of
// concepts a new concept: concepts[i] = {old, new} ids, as an entity
// swap logs them ("DOID:4080", "MESH:D013747"; old is the concept the
// swap found for the old name, not necessarily the corpus's). The
// mention's concept ids take new in their own namespace and form
// (D013747 where the corpus writes D003042, MESH:D013747 where it
// writes MESH:D003042), or NoID ("-1") when new is of another
// namespace: the old id is never kept on the new name. The perturb
// pipeline calls it for every sentence of a document output.
func (w *Writer) WriteConcepts(s conll.Sentence, concepts map[int]conll.ConceptSwap) error {
	return w.write(s, concepts)
}

// Write adds the next sentence.
func (w *Writer) Write(s conll.Sentence) error { return w.write(s, nil) }

func (w *Writer) write(s conll.Sentence, concepts map[int]conll.ConceptSwap) error {
	if w.err != nil {
		return w.err
	}
	if w.corpus == nil {
		if err := checkTokens(s); err != nil {
			return err // the sentence is refused whole, as conll.Writer refuses it
		}
		if len(w.pend) > 0 && (s.DocStart || !w.marks) {
			w.setErr(w.flushPending())
		}
		w.marks = w.marks || s.DocStart
		w.pend = append(w.pend, s.Clone())
		return w.err
	}
	for {
		d := w.corpus.doc(w.doc)
		if d == nil && w.doc > 0 && w.n == w.corpus.sentences() {
			// Every document has been written: the sentences start
			// again (an augmented set, the original then a perturbed
			// copy), and so do the documents.
			w.doc, w.n = 0, 0
			d = w.corpus.doc(0)
		}
		if d == nil {
			w.setErr(fmt.Errorf("%w: sentence %d is beyond the documents read", ErrAlign, w.n+1))
			return w.err
		}
		if len(w.outs) < len(d.sents) {
			break
		}
		if err := w.finish(d); err != nil {
			return err
		}
	}
	w.outs = append(w.outs, s.Clone())
	w.concepts = append(w.concepts, concepts)
	w.n++
	if d := w.corpus.doc(w.doc); len(w.outs) == len(d.sents) {
		return w.finish(d)
	}
	return nil
}

// checkTokens refuses a sentence fromSentences cannot make text of.
func checkTokens(s conll.Sentence) error {
	for i, t := range s.Tokens {
		if t == "" || strings.ContainsAny(t, "\t\n\r") {
			return fmt.Errorf("token %d %q: %w (it is empty or holds a tab or a line break)", i+1, t, ErrToken)
		}
	}
	return nil
}

func (w *Writer) setErr(err error) {
	if w.err == nil && err != nil {
		w.err = err
	}
}

// finish rebuilds, checks and encodes template document d from w.outs.
func (w *Writer) finish(d *segDoc) error {
	var nd *Document
	var err error
	if w.annotate {
		nd, err = annotate(d, w.outs)
	} else {
		var r rebuilt
		if r, err = rebuild(d, w.outs, w.concepts); err == nil {
			nd = r.doc
			err = check(d.doc, nd, r.swapped, len(r.relations) > 0)
		}
	}
	if err == nil {
		err = w.enc.Write(nd)
	}
	w.setErr(err)
	w.doc++
	w.outs, w.concepts = w.outs[:0], w.concepts[:0]
	return w.err
}

func (w *Writer) flushPending() error {
	w.docs++
	d := fromSentences(fmt.Sprint(w.docs), w.pend)
	w.pend = w.pend[:0]
	return w.enc.Write(d)
}

// Flush writes the documents completed so far, including documents
// without sentences (no text) that follow the last sentence written,
// and flushes the Encoder. A document whose sentences have not all been
// written is an error.
func (w *Writer) Flush() {
	if w.err == nil {
		if w.corpus == nil {
			if len(w.pend) > 0 {
				w.setErr(w.flushPending())
			}
		} else {
			for d := w.corpus.doc(w.doc); d != nil && w.err == nil; d = w.corpus.doc(w.doc) {
				if len(w.outs) < len(d.sents) {
					w.setErr(fmt.Errorf("%w: document %s: %d of its %d sentences written", ErrAlign, d.doc.ID, len(w.outs), len(d.sents)))
					break
				}
				w.finish(d)
			}
		}
	}
	w.enc.Flush()
	w.setErr(w.enc.Error())
}

// Error returns the first error of Write or Flush.
func (w *Writer) Error() error { return w.err }

// fromSentences makes a document of sentences that come without one
// (CoNLL, JSON Lines): tokens joined by spaces, the first sentence the
// first passage (a PubTator title), the others the second, and one
// annotation per IOB entity.
func fromSentences(id string, sents []conll.Sentence) *Document {
	d := &Document{ID: id}
	off := 0
	for i, s := range sents {
		if i <= 1 {
			if i == 1 {
				off++ // the space PubTator puts between title and abstract
			}
			d.Passages = append(d.Passages, Passage{Offset: off})
		}
		p := &d.Passages[len(d.Passages)-1]
		var b strings.Builder
		b.WriteString(p.Text)
		if i > 1 {
			b.WriteByte(' ')
			off++
		}
		starts := make([]int, len(s.Tokens))
		for k, t := range s.Tokens {
			if k > 0 {
				b.WriteByte(' ')
				off++
			}
			starts[k] = off
			b.WriteString(t)
			off += utf8.RuneCountInString(t)
		}
		p.Text = b.String()
		for _, sp := range iob.Spans(s.Tags) {
			if sp.End <= sp.Start {
				continue
			}
			loc := Span{starts[sp.Start], starts[sp.End-1] + utf8.RuneCountInString(s.Tokens[sp.End-1])}
			p.Annotations = append(p.Annotations, Annotation{
				ID:        fmt.Sprintf("T%d", countAnn(d)+1),
				Type:      sp.Type,
				Locations: []Span{loc},
				Text:      strings.Join(s.Tokens[sp.Start:sp.End], " "),
			})
		}
	}
	return d
}

func countAnn(d *Document) int {
	n, _ := d.Counts()
	return n
}

// annotate returns d's document with the entities of outs, which must
// have d's tokens, as its only annotations.
func annotate(d *segDoc, outs []conll.Sentence) (*Document, error) {
	if len(outs) != len(d.sents) {
		return nil, fmt.Errorf("%w: document %s has %d sentences, got %d", ErrAlign, d.doc.ID, len(d.sents), len(outs))
	}
	nd := *d.doc
	nd.Extra = nil
	nd.Relations = nil
	nd.Passages = slices.Clone(d.doc.Passages)
	for pi := range nd.Passages {
		nd.Passages[pi].Annotations = nil
		nd.Passages[pi].Relations = nil
	}
	n := 0
	for i, s := range outs {
		ss := &d.sents[i]
		if len(s.Tokens) != len(ss.toks) {
			return nil, fmt.Errorf("%w: document %s: sentence %d has %d tokens, not %d", ErrAlign, d.doc.ID, i+1, len(s.Tokens), len(ss.toks))
		}
		p := &nd.Passages[ss.passage]
		for _, sp := range iob.Spans(s.Tags) {
			if sp.End <= sp.Start {
				continue
			}
			loc := Span{ss.toks[sp.Start].Start, ss.toks[sp.End-1].End}
			text, _ := nd.TextAt(loc)
			n++
			p.Annotations = append(p.Annotations, Annotation{ID: fmt.Sprintf("T%d", n), Type: sp.Type, Locations: []Span{loc}, Text: text})
		}
	}
	return &nd, CheckOffsets(&nd)
}
