package perturb

import (
	"bytes"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/limits"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/report"
)

// Stats are the corpus figures of the paper's Table 2 for one file and,
// when it was compared with its original, how much of it was modified.
type Stats struct {
	Sentences    int            `json:"sentences"`
	Annotated    int            `json:"annotated_sentences"` // sentences with at least one entity
	Tokens       int            `json:"tokens"`
	EntityTokens int            `json:"entity_tokens"`
	Entities     map[string]int `json:"entities"` // mentions per type
	TypeTokens   map[string]int `json:"entity_tokens_by_type"`

	Compared             bool           `json:"compared"` // the modification counts below are meaningful
	TokensModified       int            `json:"tokens_modified"`
	EntityTokensModified int            `json:"entity_tokens_modified"`
	TypeTokensModified   map[string]int `json:"entity_tokens_modified_by_type"`
	MentionsReplaced     int            `json:"mentions_replaced"` // gold mentions whose text changed
	Changes              int            `json:"changes"`
	// OutputTokens counts the tokens of the perturbed copy, which differs
	// from Tokens (the original's) when replacements change token counts.
	OutputTokens int `json:"output_tokens,omitempty"`

	// MentionOutcomes counts, for a perturbation that reports them (see
	// MentionReporter), what became of the gold mentions: entity type ->
	// outcome (OutcomeReplaced or the reason a mention was left) ->
	// mentions. It is nil for other perturbations.
	MentionOutcomes map[string]map[string]int `json:"mention_outcomes,omitempty"`

	// Audit holds the counts a perturbation reports of its own output
	// (see Auditor): section -> item -> count. For synonyms: the
	// replacements by kind and by quality proxy, and the names rejected
	// as replacements by reason.
	Audit map[string]map[string]int `json:"audit,omitempty"`

	// NotMeasured is set for a perturbation that reports its mentions'
	// outcomes (an entity-level kind: synonym, abbreviation) when it
	// changed fewer than MinMeasured of them: such a set is a near copy
	// of its input (a gene corpus the concept store cannot serve) and
	// measures nothing, and reports say "not measured" instead of a drop.
	// The share per type is in MentionOutcomes (MentionShare).
	NotMeasured bool `json:"not_measured,omitempty"`
}

// MinMeasured is the least share of its target mentions an entity-level
// kind must change for its set to measure something (see
// Stats.NotMeasured).
const MinMeasured = 0.01

// MentionShare returns, from MentionOutcomes, the gold mentions of type
// typ ("" for every type) that were replaced and all of them.
func (st *Stats) MentionShare(typ string) (replaced, total int) {
	for t, outs := range st.MentionOutcomes {
		if typ != "" && t != typ {
			continue
		}
		for o, n := range outs {
			total += n
			if o == OutcomeReplaced {
				replaced += n
			}
		}
	}
	return replaced, total
}

// markMeasured sets NotMeasured from MentionOutcomes (see there).
func (st *Stats) markMeasured() {
	if st.MentionOutcomes == nil {
		return
	}
	replaced, total := st.MentionShare("")
	st.NotMeasured = float64(replaced) < MinMeasured*float64(total)
}

// AddAudit adds n to item of section in st.Audit.
func (st *Stats) AddAudit(section, item string, n int) {
	if st.Audit == nil {
		st.Audit = map[string]map[string]int{}
	}
	m := st.Audit[section]
	if m == nil {
		m = map[string]int{}
		st.Audit[section] = m
	}
	m[item] += n
}

// OutcomeReplaced is the mention outcome of a replaced mention; a
// MentionReporter names the other outcomes, which say why a mention was
// left alone.
const OutcomeReplaced = "replaced"

// AddOutcome counts one mention of entity type typ with the given outcome.
func (st *Stats) AddOutcome(typ, outcome string) { st.addOutcomes(typ, outcome, 1) }

func (st *Stats) addOutcomes(typ, outcome string, n int) {
	if st.MentionOutcomes == nil {
		st.MentionOutcomes = map[string]map[string]int{}
	}
	m := st.MentionOutcomes[typ]
	if m == nil {
		m = map[string]int{}
		st.MentionOutcomes[typ] = m
	}
	m[outcome] += n
}

// Add counts one sentence. With pert (a perturbed copy of orig) it also
// counts modifications; pass pert == orig's zero value and nil changes
// to count a corpus alone (see AddOriginal).
func (st *Stats) Add(orig, pert conll.Sentence, changes []Change) {
	var buf [32]iob.Span
	spans := iob.AppendSpans(buf[:0], orig.Tags)
	st.addOriginal(orig, spans)
	st.addModified(orig, pert, changes, spans)
}

// countChanged counts the tokens of orig that changes cover, once each:
// all of them, those inside a gold entity, and those per entity type.
func (st *Stats) countChanged(orig conll.Sentence, changes []Change) {
	covered := make([]bool, len(orig.Tokens))
	for _, c := range changes {
		for i := max(0, c.Token); i < min(len(covered), max(c.End, c.Token+1)); i++ {
			covered[i] = true
		}
	}
	for i, on := range covered {
		if !on {
			continue
		}
		st.TokensModified++
		if i < len(orig.Tags) && isEntityTag(orig.Tags[i]) {
			st.EntityTokensModified++
			st.TypeTokensModified[tagType(orig.Tags[i])]++
		}
	}
}

// countReplaced counts the gold mentions of orig whose text pert
// changed: mention by mention when the copy keeps the tokens' positions,
// else the k-th mention of the copy against the k-th of the original.
func (st *Stats) countReplaced(orig, pert conll.Sentence, spans []iob.Span) {
	if len(pert.Tokens) == len(orig.Tokens) && sameTags(orig.Tags, pert.Tags) {
		for _, sp := range spans {
			for i := sp.Start; i < sp.End; i++ {
				if pert.Tokens[i] != orig.Tokens[i] {
					st.MentionsReplaced++
					break
				}
			}
		}
		return
	}
	pspans := iob.Spans(pert.Tags)
	if len(pspans) != len(spans) {
		return
	}
	for k, sp := range spans {
		q := pspans[k]
		if strings.Join(orig.Tokens[sp.Start:sp.End], " ") != strings.Join(pert.Tokens[q.Start:q.End], " ") {
			st.MentionsReplaced++
		}
	}
}

// addModified counts what Add counts beyond AddOriginal, so that the
// pipeline counts an original once however many steps it has.
func (st *Stats) addModified(orig, pert conll.Sentence, changes []Change, spans []iob.Span) {
	st.Compared = true
	st.Changes += len(changes)
	st.OutputTokens += len(pert.Tokens)
	if st.TypeTokensModified == nil {
		st.TypeTokensModified = map[string]int{}
	}
	if len(changes) > 0 {
		// The change log says which tokens of the original changed: every
		// token a change covers (a synonym's whole replaced span, even
		// where the new name keeps one of its words), the definition the
		// reports share (compare counts the same from the log).
		st.countChanged(orig, changes)
		st.countReplaced(orig, pert, spans)
		return
	}
	if len(pert.Tokens) == len(orig.Tokens) && sameTags(orig.Tags, pert.Tags) {
		if len(orig.Tokens) == 0 || &pert.Tokens[0] == &orig.Tokens[0] {
			// The original's own tokens (a sentence a mention-level kind
			// left whole, as most are): nothing modified.
			return
		}
		run, n := "", 0 // a run of modified tokens of one type: one map update
		for i, tok := range orig.Tokens {
			if pert.Tokens[i] == tok {
				continue
			}
			st.TokensModified++
			if i < len(orig.Tags) && isEntityTag(orig.Tags[i]) {
				st.EntityTokensModified++
				if ty := tagType(orig.Tags[i]); ty != run {
					if n > 0 {
						st.TypeTokensModified[run] += n
					}
					run, n = ty, 0
				}
				n++
			}
		}
		if n > 0 {
			st.TypeTokensModified[run] += n
		}
		for _, sp := range spans {
			for i := sp.Start; i < sp.End; i++ {
				if pert.Tokens[i] != orig.Tokens[i] {
					st.MentionsReplaced++
					break
				}
			}
		}
		return
	}
	// Token counts or labels differ (span replacements; one mention can
	// grow while another shrinks, leaving the count alone but the tokens
	// between them shifted): compare mention by mention and count every
	// token of a replaced mention as modified.
	pspans := iob.Spans(pert.Tags)
	if len(pspans) != len(spans) {
		st.TokensModified += len(orig.Tokens)
		return
	}
	for k, sp := range spans {
		q := pspans[k]
		if strings.Join(orig.Tokens[sp.Start:sp.End], " ") == strings.Join(pert.Tokens[q.Start:q.End], " ") {
			continue
		}
		st.MentionsReplaced++
		n := sp.End - sp.Start
		st.TokensModified += n
		st.EntityTokensModified += n
		st.TypeTokensModified[sp.Type] += n
	}
}

// sameTags reports whether a and b are equal; perturbations that keep
// every token in place share the original's tags, which is checked first.
func sameTags(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 || &a[0] == &b[0] {
		return true
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Original returns the counts st holds about the original corpus alone,
// without the modification counts of a comparison.
func (st Stats) Original() Stats {
	return Stats{
		Sentences:    st.Sentences,
		Annotated:    st.Annotated,
		Tokens:       st.Tokens,
		EntityTokens: st.EntityTokens,
		Entities:     st.Entities,
		TypeTokens:   st.TypeTokens,
	}
}

// Merge adds the counts of o to st.
func (st *Stats) Merge(o Stats) {
	st.Sentences += o.Sentences
	st.Annotated += o.Annotated
	st.Tokens += o.Tokens
	st.EntityTokens += o.EntityTokens
	st.Compared = st.Compared || o.Compared
	st.TokensModified += o.TokensModified
	st.EntityTokensModified += o.EntityTokensModified
	st.MentionsReplaced += o.MentionsReplaced
	st.Changes += o.Changes
	st.OutputTokens += o.OutputTokens
	for _, m := range []struct {
		dst *map[string]int
		src map[string]int
	}{
		{&st.Entities, o.Entities}, {&st.TypeTokens, o.TypeTokens}, {&st.TypeTokensModified, o.TypeTokensModified},
	} {
		if m.src == nil {
			continue
		}
		if *m.dst == nil {
			*m.dst = map[string]int{}
		}
		for k, v := range m.src {
			(*m.dst)[k] += v
		}
	}
	for typ, outcomes := range o.MentionOutcomes {
		for outcome, n := range outcomes {
			st.addOutcomes(typ, outcome, n)
		}
	}
	for section, items := range o.Audit {
		for item, n := range items {
			st.AddAudit(section, item, n)
		}
	}
	st.markMeasured()
}

// WriteAudit prints the audit sections of every row that has them: one
// line per section and item, with the count and its share of the
// section's "total" item when there is one.
func WriteAudit(w io.Writer, rows []NamedStats) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	any := false
	for _, r := range rows {
		var sections []string
		for s := range r.Stats.Audit {
			sections = append(sections, s)
		}
		sort.Strings(sections)
		for _, sec := range sections {
			items := r.Stats.Audit[sec]
			var keys []string
			for k := range items {
				if k != "total" {
					keys = append(keys, k)
				}
			}
			sort.Strings(keys)
			total, hasTotal := items["total"]
			if hasTotal {
				keys = append([]string{"total"}, keys...)
			}
			for _, k := range keys {
				share := ""
				if hasTotal && k != "total" {
					share = pct(items[k], total)
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\n", r.Name, sec, k, items[k], share)
				any = true
			}
		}
	}
	if !any {
		return nil
	}
	return tw.Flush()
}

// AddOriginal counts one sentence of a corpus without comparison.
func (st *Stats) AddOriginal(s conll.Sentence) {
	var buf [32]iob.Span
	st.addOriginal(s, iob.AppendSpans(buf[:0], s.Tags))
}

// addOriginal is AddOriginal with the sentence's spans already found.
func (st *Stats) addOriginal(s conll.Sentence, spans []iob.Span) {
	if st.Entities == nil {
		st.Entities = map[string]int{}
		st.TypeTokens = map[string]int{}
	}
	st.Sentences++
	st.Tokens += len(s.Tokens)
	if len(spans) > 0 {
		st.Annotated++
	}
	for _, sp := range spans {
		st.Entities[sp.Type]++
	}
	// Entity tokens come in runs of one type: count a run, then update
	// the map once.
	run, n := "", 0
	for _, t := range s.Tags {
		if !isEntityTag(t) {
			continue
		}
		st.EntityTokens++
		if ty := tagType(t); ty != run {
			if n > 0 {
				st.TypeTokens[run] += n
			}
			run, n = ty, 0
		}
		n++
	}
	if n > 0 {
		st.TypeTokens[run] += n
	}
}

func tagType(tag string) string {
	if _, ty, ok := strings.Cut(tag, "-"); ok {
		return ty
	}
	return tag
}

// Types returns the entity types seen, sorted.
func (st *Stats) Types() []string {
	var ts []string
	for t := range st.Entities {
		ts = append(ts, t)
	}
	sort.Strings(ts)
	return ts
}

func pct(n, d int) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(d))
}

// NamedStats is a row of a stats table.
type NamedStats struct {
	Name  string
	Stats Stats
}

// WriteTable prints rows as the paper's Table 2: sentences (annotated),
// tokens, mentions per entity type and, for compared rows, the share of
// tokens and of entity tokens (per type) modified and mentions replaced.
func WriteTable(w io.Writer, rows []NamedStats) error {
	typeSet := map[string]bool{}
	for _, r := range rows {
		for _, t := range r.Stats.Types() {
			typeSet[t] = true
		}
	}
	var types []string
	for t := range typeSet {
		types = append(types, t)
	}
	sort.Strings(types)
	// With many entity types (BioNLP13CG has 18) a column per type would
	// make the table wider than a terminal: the types get a table of
	// their own, a row per file and type.
	inline := len(types) <= maxTypeColumns
	head := []string{"file", "sentences (annot.)", "tokens"}
	if inline {
		head = append(head, types...)
	} else {
		head = append(head, "mentions")
	}
	head = append(head, "% tokens mod.", "% entity tok. mod.")
	if inline {
		for _, t := range types {
			head = append(head, "% "+t+" tok. mod.")
		}
	}
	head = append(head, "mentions repl.")
	main := &report.Table{Header: head}
	for i := range head {
		main.Right = append(main.Right, i > 0)
	}
	perType := &report.Table{Header: []string{"file", "type", "mentions", "% tok. mod."}, Right: []bool{false, false, true, true}, Group: 1}
	for _, r := range rows {
		s := r.Stats
		tokens := s.Tokens
		if s.Compared && s.OutputTokens > 0 {
			tokens = s.OutputTokens // the paper's Table 2 gives each set's own size
		}
		cells := []string{r.Name, fmt.Sprintf("%d (%d)", s.Sentences, s.Annotated), fmt.Sprint(tokens)}
		if inline {
			for _, t := range types {
				cells = append(cells, fmt.Sprint(s.Entities[t]))
			}
		} else {
			n := 0
			for _, t := range types {
				n += s.Entities[t]
			}
			cells = append(cells, fmt.Sprint(n))
		}
		if s.Compared {
			cells = append(cells, pct(s.TokensModified, s.Tokens), pct(s.EntityTokensModified, s.EntityTokens))
			if inline {
				for _, t := range types {
					cells = append(cells, pct(s.TypeTokensModified[t], s.TypeTokens[t]))
				}
			}
			cells = append(cells, fmt.Sprint(s.MentionsReplaced))
		} else {
			for range len(head) - len(cells) {
				cells = append(cells, "-")
			}
		}
		main.Rows = append(main.Rows, cells)
		if !inline {
			for _, t := range types {
				mod := "-"
				if s.Compared {
					mod = pct(s.TypeTokensModified[t], s.TypeTokens[t])
				}
				perType.Rows = append(perType.Rows, []string{r.Name, t, fmt.Sprint(s.Entities[t]), mod})
			}
		}
	}
	d := &report.Document{Sections: []report.Section{main}}
	if !inline {
		d.Sections = append(d.Sections, perType)
	}
	return report.Render(w, report.Text, d)
}

// maxTypeColumns is the most entity types WriteTable gives a column each.
const maxTypeColumns = 2

// Outcomes returns the mention outcomes of st, OutcomeReplaced first and
// the others in alphabetical order.
func (st *Stats) Outcomes() []string { return outcomeOrder([]Stats{*st}) }

func outcomeOrder(sts []Stats) []string {
	set := map[string]bool{}
	for _, st := range sts {
		for _, m := range st.MentionOutcomes {
			for o := range m {
				set[o] = true
			}
		}
	}
	var out []string
	for o := range set {
		if o != OutcomeReplaced {
			out = append(out, o)
		}
	}
	sort.Strings(out)
	if set[OutcomeReplaced] {
		out = append([]string{OutcomeReplaced}, out...)
	}
	return out
}

// WriteOutcomes prints, for every row with mention outcomes and every
// entity type, how many gold mentions were replaced and how many were
// left for each reason, with their share of the type's mentions. Rows
// without outcomes are skipped; with none at all nothing is written.
func WriteOutcomes(w io.Writer, rows []NamedStats) error {
	var sts []Stats
	for _, r := range rows {
		if r.Stats.MentionOutcomes != nil {
			sts = append(sts, r.Stats)
		}
	}
	if len(sts) == 0 {
		return nil
	}
	outcomes := outcomeOrder(sts)
	t := &report.Table{Header: append([]string{"file", "type", "mentions"}, outcomes...), Group: 1}
	for i := range t.Header {
		t.Right = append(t.Right, i > 1)
	}
	for _, r := range rows {
		mo := r.Stats.MentionOutcomes
		if mo == nil {
			continue
		}
		var types []string
		for t := range mo {
			types = append(types, t)
		}
		sort.Strings(types)
		for _, typ := range types {
			total := 0
			for _, n := range mo[typ] {
				total += n
			}
			cells := []string{r.Name, typ, fmt.Sprint(total)}
			for _, o := range outcomes {
				n := mo[typ][o]
				cells = append(cells, fmt.Sprintf("%d (%s)", n, pct(n, total)))
			}
			t.Rows = append(t.Rows, cells)
		}
	}
	return report.Render(w, report.Text, &report.Document{Sections: []report.Section{t}})
}

// maxStdinKept bounds the standard input FilesStats keeps to read it
// several times.
const maxStdinKept = 128 << 20

var errStdinKept = fmt.Errorf("standard input named more than once is kept in memory, up to %d MiB: save it to a file", maxStdinKept>>20)

// FilesStats returns the rows of WriteTable for files in scheme: each
// file's counts, compared sentence by sentence with orig when orig is
// not "", after a row of orig's own counts named "ORIG (original)".
// Both files are checked in scheme and converted to the IOB2 the counts
// assume (conll.File.SetScheme), so that an IOB1 or IOBES file is
// counted right and an invalid tag stops the count at its line; files
// that do not align are an error naming the line. With repair set,
// invalid transitions are repaired and reported instead
// (conll.File.SetSchemeRepair). Files are opened by op; its standard
// input ("-") may be named more than once, as orig and a file: when it is read more than once (orig is
// read for its row and beside every file), it is read once and kept (up
// to maxStdinKept bytes); a file read once is read as it comes.
func FilesStats(op conll.Opener, files []string, orig string, scheme iob.Scheme, repair func(conll.Repair)) ([]NamedStats, error) {
	open := op.Open
	reads := 0 // of standard input
	for _, name := range files {
		if name == "-" {
			reads++
		}
	}
	if orig == "-" {
		reads += 1 + len(files)
	}
	if reads > 1 {
		in, err := op.OpenInput("-")
		if err != nil {
			return nil, err
		}
		data, err := io.ReadAll(limits.Reader(in, maxStdinKept, errStdinKept))
		if err != nil {
			return nil, fmt.Errorf("read -: %w", err)
		}
		open = func(name string) (*conll.File, error) {
			if name == "-" {
				return op.OpenReader(bytes.NewReader(data), name)
			}
			return op.Open(name)
		}
	}
	setup := func(f *conll.File) error { return f.SetSchemeRepair(scheme, repair) }
	var rows []NamedStats
	if orig != "" {
		st, err := fileStats(open, orig, "", setup)
		if err != nil {
			return nil, err
		}
		rows = append(rows, NamedStats{Name: orig + " (original)", Stats: st})
	}
	for _, name := range files {
		st, err := fileStats(open, name, orig, setup)
		if err != nil {
			return nil, err
		}
		rows = append(rows, NamedStats{Name: name, Stats: st})
	}
	return rows, nil
}

// fileStats counts the corpus at path, opened by open and set up by
// setup, and, with orig, compares it sentence by sentence with orig.
func fileStats(open func(string) (*conll.File, error), path, orig string, setup func(*conll.File) error) (Stats, error) {
	var st Stats
	f, err := open(path)
	if err != nil {
		return st, err
	}
	defer f.Close()
	if setup != nil {
		if err := setup(f); err != nil {
			return st, err
		}
	}
	var o *conll.File
	if orig != "" {
		if o, err = open(orig); err != nil {
			return st, err
		}
		defer o.Close()
		if setup != nil {
			if err := setup(o); err != nil {
				return st, err
			}
		}
		// A perturbed copy of documents is read in the original's
		// sentences and tokens.
		if err := f.ReadLike(o.Layout().Template); err != nil {
			return st, err
		}
	}
	for o == nil {
		s, err := f.Read()
		if err == io.EOF {
			return st, nil
		}
		if err != nil {
			return st, err
		}
		st.AddOriginal(s)
	}
	pr := conll.NewPairReader(f, path, o, orig)
	for n := 1; ; n++ {
		s, os, err := pr.Read()
		if err == io.EOF {
			return st, nil
		}
		if err != nil {
			return st, err
		}
		if len(s.Tokens) == len(os.Tokens) && !sameMentionTypes(s.Tags, os.Tags) {
			// Same length, different mentions: a label was changed.
			for i := range s.Tags {
				if s.Tags[i] != os.Tags[i] {
					return st, &conll.ParseError{File: path, Line: s.Line + i,
						Err: fmt.Errorf("%w: label %q, %s:%d has %q", conll.ErrMismatch, s.Tags[i], orig, os.Line+i, os.Tags[i])}
				}
			}
		} else if !sameMentionTypes(s.Tags, os.Tags) {
			return st, &conll.ParseError{File: path, Line: s.Line,
				Err: fmt.Errorf("%w: sentence %d has %d tokens and different mentions, %s:%d has %d tokens",
					conll.ErrMismatch, n, len(s.Tokens), orig, os.Line, len(os.Tokens))}
		}
		st.Add(os, s, nil)
	}
}

// sameMentionTypes reports whether two tag sequences have the same
// mentions in number, order and type, wherever they are: a synonym set
// can move mentions (one grows, another shrinks) without changing the
// sentence's length.
func sameMentionTypes(a, b []string) bool {
	sa, sb := iob.Spans(a), iob.Spans(b)
	if len(sa) != len(sb) {
		return false
	}
	for i := range sa {
		if sa[i].Type != sb[i].Type {
			return false
		}
	}
	return true
}
