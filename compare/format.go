package compare

import (
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/stress-ner/stress/conll/score"
	"github.com/stress-ner/stress/report"
)

// Write writes r to w in format f (report.Text, report.Markdown,
// report.JSON, report.CSV or report.HTML).
func (r *Report) Write(w io.Writer, f report.Format) error {
	return report.Render(w, f, r.Document())
}

// WriteHTMLFile writes the HTML report to path atomically (a temporary
// file put in place when complete). Unless replace is set (--force), a
// file at path, there already or appearing meanwhile, is not replaced:
// the error wraps atomicfile.ErrExists.
func (r *Report) WriteHTMLFile(path string, replace bool) error {
	return report.WriteFile(path, report.HTML, r.Document(), replace)
}

// Document returns r as the report formats see it: the title and the
// lines that say how it was made, the headline (what each set cost each
// system where it changed something), then after sections the caller
// adds there (the paper's tables of a run), the inputs, systems and kinds
// behind a disclosure, the charts (HTML), what each set changed, the
// other tables, the examples, the glossary (HTML) and last the token
// confusion (heat maps in HTML); r itself as JSON, and the rows of
// csvHeader.
func (r *Report) Document(after ...report.Section) *report.Document {
	d := &report.Document{Title: r.title(), Lines: []string{r.summary() + "."}, JSON: r, EscapeHTML: true, CSV: r.csvRows()}
	tables, confusion := r.tables()
	d.Sections = append(d.Sections, tables[0])
	d.Sections = append(d.Sections, after...)
	if prov := r.provenanceTables(); len(prov) > 0 || r.Provenance != nil {
		det := &report.Details{ID: "provenance", Title: "How this report was made",
			Summary: "How this report was made: tool, command, inputs, systems and kinds (files with their SHA-256, options)",
			Lines:   r.provenanceLines()}
		for _, t := range prov {
			det.Sections = append(det.Sections, t)
		}
		d.Sections = append(d.Sections, det)
	}
	d.Sections = append(d.Sections, r.charts())
	for _, t := range tables[1:] {
		d.Sections = append(d.Sections, t)
	}
	if len(r.Examples) > 0 {
		d.Sections = append(d.Sections, r.examples())
	}
	d.Sections = append(d.Sections, r.glossary(), confusion)
	return d
}

func f2(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }

func f1s(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }

func ci(iv *Interval) string {
	if iv == nil {
		return ""
	}
	if iv.Note != "" {
		// The JSON keeps the interval and the note in full; a cell says
		// why it is not shown.
		switch iv.Entities {
		case 0:
			return "(no entities)"
		case 1:
			return "(1 entity)"
		}
		return "(" + strconv.Itoa(iv.Entities) + " entities)"
	}
	return "[" + f2(iv.Low) + ", " + f2(iv.High) + "]"
}

// withCI is a value followed by its interval, or by the words saying
// why there is none worth printing.
func withCI(v float64, iv *Interval) string {
	if iv == nil {
		return f2(v)
	}
	return f2(v) + " " + ci(iv)
}

// pval prints a p-value; at the floor of the test (no shuffle reached
// the observed difference) it is "< 1/shuffles", never the floor itself
// as if it were measured. Other p-values have the decimals the shuffles
// allow (pDigits).
func pval(c Comparison, samples int) string {
	if c.P < 0 {
		return ""
	}
	if c.PFloor && samples > 0 {
		return "< " + strconv.FormatFloat(1/float64(samples), 'g', 2, 64)
	}
	return strconv.FormatFloat(c.P, 'f', pDigits(samples), 64)
}

// pDigits is the number of decimals a p-value estimated from n shuffles
// is worth: its Monte Carlo standard error is at most 0.5/√n, and the
// last decimal printed is of that order (1 for 100 shuffles, 2 for
// 1,000 and 10,000, 3 for 100,000).
func pDigits(n int) int {
	if n <= 0 {
		return 1
	}
	return max(1, int(math.Round(math.Log10(2*math.Sqrt(float64(n))))))
}

func (r *Report) summary() string {
	s := fmt.Sprintf("mode %s; reference set %s", r.Mode, r.Reference)
	if r.Samples > 0 {
		s += fmt.Sprintf("; %d bootstrap samples, seed %d, %g%% intervals", r.Samples, r.Seed, r.Confidence*100)
	}
	for _, set := range r.Sets {
		if set.NotMeasured {
			// Said once here, so every format carries it beside the
			// tables' "not measured".
			if set.MentionsReplaced != nil {
				s += fmt.Sprintf("; %s not measured: it changed %d of %d gold mentions, under 1%%, so it has no drop", set.Name, *set.MentionsReplaced, set.Mentions)
			} else {
				s += fmt.Sprintf("; %s %s, so it has no drop", set.Name, notMeasured(set))
			}
		}
	}
	return s
}

// title names the report: the test corpus when the provenance knows it.
func (r *Report) title() string {
	if p := r.Provenance; p != nil {
		for _, in := range p.Inputs {
			if in.Role == "test" {
				return "Stress report: " + in.Path
			}
		}
	}
	return "Stress comparison"
}

// provenanceLines say how the report was made: the tool, the date, the
// command, the seed and the word selection.
func (r *Report) provenanceLines() []string {
	p := r.Provenance
	if p == nil {
		return nil
	}
	rev := p.Revision
	if p.Modified {
		rev += " (with uncommitted changes)"
	}
	lines := []string{
		fmt.Sprintf("Made by %s %s, revision %s, on %s.", p.Tool, p.Version, rev, p.Date),
	}
	if p.Command != "" {
		lines = append(lines, "Command: "+p.Command)
	}
	sel := ""
	if p.Selection != "" {
		sel = "; word selection " + p.Selection
	}
	lines = append(lines, fmt.Sprintf("Seed %d%s. Paths are relative to the directory the command ran in.", p.Seed, sel))
	return lines
}

// provenanceTables are the inputs, systems and kinds of the report.
func (r *Report) provenanceTables() []*report.Table {
	p := r.Provenance
	if p == nil {
		return nil
	}
	in := &report.Table{ID: "inputs", Title: "Inputs",
		Header: []string{"role", "file", "sha256", "sentences", "tokens", "mentions"},
		Right:  []bool{false, false, false, true, true, false}}
	for _, i := range p.Inputs {
		in.Rows = append(in.Rows, []string{i.Role, i.Path, i.SHA256, strconv.Itoa(i.Sentences), strconv.Itoa(i.Tokens), mentionsByType(i.Mentions, i.Types)})
	}
	sys := &report.Table{ID: "systems", Title: "Systems", Header: []string{"system", "kind", "source", "sha256"}, Right: []bool{false, false, false, false}}
	for _, s := range p.Systems {
		sys.Rows = append(sys.Rows, []string{s.Name, s.Kind, s.Source, s.SHA256})
	}
	kinds := &report.Table{ID: "kinds", Title: "Kinds of stress set", Header: []string{"set", "kind", "file", "sha256", "options"}, Right: []bool{false, false, false, false, false}}
	for _, k := range p.Kinds {
		kinds.Rows = append(kinds.Rows, []string{k.Set, k.Name, k.File, k.SHA256, options(k.Options)})
	}
	out := []*report.Table{in, sys}
	if len(kinds.Rows) > 0 {
		out = append(out, kinds)
	}
	return out
}

// maxTypesInline is the most entity types a cell lists by name; with
// more, the per-type counts are in the table of changes per type.
const maxTypesInline = 3

func mentionsByType(n int, types map[string]int) string {
	s := strconv.Itoa(n)
	if len(types) < 2 {
		return s
	}
	if len(types) > maxTypesInline {
		return s + " (" + strconv.Itoa(len(types)) + " types)"
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(types)) {
		parts = append(parts, fmt.Sprintf("%s %d", k, types[k]))
	}
	return s + " (" + strings.Join(parts, ", ") + ")"
}

func options(m map[string]string) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		parts = append(parts, k+"="+m[k])
	}
	return strings.Join(parts, " ")
}

func pct(n, d int) string {
	if d == 0 {
		return "-"
	}
	return f1s(100*float64(n)/float64(d)) + "%"
}

// changedCells are a set's shares of sentences, tokens and mentions
// changed, mentions per type when there are several.
func changedCells(s SetInfo) []string {
	if !s.ChangeLog {
		return []string{"-", "-", "-"}
	}
	m := pct(s.ChangedMentions, s.Mentions)
	if len(s.Types) > 1 {
		var parts []string
		for _, t := range s.Types {
			parts = append(parts, t.Type+" "+pct(t.Changed, t.Mentions))
		}
		m += " (" + strings.Join(parts, ", ") + ")"
	}
	return []string{pct(s.ChangedSentences, s.Sentences), pct(s.ChangedTokens, s.Tokens), m}
}

// notMeasured says why a set's drop is not reported.
func notMeasured(s SetInfo) string {
	return fmt.Sprintf("not measured: %s%% of %s changed (under %g%%)", share(s.ChangedShare), s.Target, 100*minChangedShare)
}

// share prints a percentage with enough digits to tell a small share
// from none.
func share(x float64) string {
	if x > 0 && x < 0.1 {
		return strconv.FormatFloat(x, 'f', 3, 64)
	}
	return f1s(x)
}

func (r *Report) setInfo(name string) SetInfo {
	for _, s := range r.Sets {
		if s.Name == name {
			return s
		}
	}
	return SetInfo{Name: name}
}

// headline is the report's first table: for every set a kind made and
// every system, the share of gold mentions the set changed, F1 on the
// reference and on the set with the relative drop, and F1 on the entities
// the set changed beside the same entities on the reference, with the
// paired interval of their difference: what each kind cost each system
// where it changed something. The reference's own rows are there only
// when there is no other set.
func (r *Report) headline() *report.Table {
	ref := r.Reference
	t := &report.Table{ID: "headline", Title: "What each set cost each system where it changed something",
		Note: fmt.Sprintf("Mentions changed: share (number) of the set's gold mentions covering a changed token. Drop: loss of F1 in %% of the F1 on %s. "+
			"Changed mentions: F1 on the gold and predicted entities covering a changed token; beside it the same entities on %s, and the difference in points with its paired interval. "+
			"A set that changed under %g%% of what its kind changes is not measured. No interval is shown over fewer than %d entities: \"(n entities)\" instead.", ref, ref, 100*minChangedShare, minEntities),
		Header: []string{"set", "mentions changed", "system", "F1 on " + ref, "F1 [CI]", "drop % [CI]", "changed mentions: F1 [CI]", "same on " + ref, "difference [CI]"},
		Right:  []bool{false, true, false, true, true, true, true, true, true}, Group: 2, Keys: 3}
	others, unlogged := false, false
	for _, s := range r.Sets {
		others = others || s.Name != ref
		unlogged = unlogged || (s.Name != ref && !s.ChangeLog)
	}
	if unlogged {
		// Without a log the row reads as a set that changed nothing
		// costing nothing, unless the report says why it is blank.
		t.Note += " \"-\" under mentions changed: no change log for the set (--changes, or a build's), so what it changed, and F1 on its changed mentions, are unknown."
	}
	for _, s := range r.Sets {
		if s.Name == ref && others {
			continue
		}
		for _, sys := range r.Systems {
			res := r.result(sys.Name, s.Name)
			if res == nil {
				continue
			}
			onRef := "-"
			if o := r.result(sys.Name, ref); o != nil {
				onRef = scoreF1(o.Overall)
			}
			drop := "-"
			switch {
			case s.NotMeasured:
				drop = "not measured"
			case res.Drop != nil:
				drop = withCI(res.Drop.Value, res.Drop.CI)
			case s.Name != ref:
				drop = "n/a"
			}
			pf, rf, diff := "-", "-", "-"
			if p := res.Perturbed; p != nil && p.Gold+p.Pred > 0 {
				pf = withCI(p.F1, p.F1CI)
			}
			if rp := res.RefPerturbed; rp != nil && rp.Gold+rp.Pred > 0 {
				rf = f2(rp.F1)
			}
			if d := res.ChangedDiff; d != nil {
				diff = withCI(d.Value, d.CI)
			}
			if s.NotMeasured {
				if t.NotMeasured == nil {
					t.NotMeasured = map[int]bool{}
				}
				t.NotMeasured[len(t.Rows)] = true
			}
			t.Rows = append(t.Rows, []string{s.Name, changedMentions(s), sys.Name, onRef, withCI(res.Overall.F1, res.Overall.F1CI), drop, pf, rf, diff})
		}
	}
	return t
}

// changedMentions is a set's share of gold mentions changed and their
// number: "11.0% (1,079)"; "-" without a change log.
func changedMentions(s SetInfo) string {
	if !s.ChangeLog {
		return "-"
	}
	return pct(s.ChangedMentions, s.Mentions) + " (" + strconv.Itoa(s.ChangedMentions) + ")"
}

// scoreF1 is a score's F1, or "-" over no entity (neither gold nor
// predicted), where F1 is not defined and conlleval's 0 would mislead.
func scoreF1(s Score) string {
	if s.Gold+s.Pred == 0 {
		return "-"
	}
	return f2(s.F1)
}

// scoreCI is scoreF1 with its interval.
func scoreCI(s Score) string {
	if s.Gold+s.Pred == 0 {
		return "-"
	}
	return ci(s.F1CI)
}

// changesTable says what each set changed: its sentences, tokens and
// gold mentions, and the share of its kind's targets, a row per set.
func (r *Report) changesTable() *report.Table {
	t := &report.Table{ID: "changes", Title: "What each set changed",
		Note:   fmt.Sprintf("Share of the set's sentences, tokens and gold mentions its kind changed (a mention counts when it covers a changed token). Target: what the kind changes; a set that changed under %g%% of it is not measured.", 100*minChangedShare),
		Header: []string{"set", "kind", "sentences", "tokens", "mentions", "target", "measured"},
		Right:  []bool{false, false, true, true, true, false, false}}
	for _, s := range r.Sets {
		if !s.ChangeLog {
			continue
		}
		c := changedCells(s)
		measured := "yes"
		if s.NotMeasured {
			measured = notMeasured(s)
		}
		t.Rows = append(t.Rows, []string{s.Name, s.Kind, c[0], c[1], pct(s.ChangedMentions, s.Mentions), s.Target, measured})
	}
	return t
}

// typeChangesTable gives, per set and entity type, the type's gold
// mentions and those the set changed: a row per type, however many
// types a corpus has.
func (r *Report) typeChangesTable() *report.Table {
	t := &report.Table{ID: "type-changes", Title: "Mentions changed per entity type",
		Note:   fmt.Sprintf("A type of which a set changed under %g%% of the mentions is not measured on that set: its drop would measure nothing.", 100*minChangedShare),
		Header: []string{"set", "type", "mentions", "changed", "share", "measured"},
		Right:  []bool{false, false, true, true, true, false}, Group: 1}
	for _, s := range r.Sets {
		for _, tc := range s.Types {
			measured := "yes"
			if tc.NotMeasured {
				measured = "not measured"
			}
			t.Rows = append(t.Rows, []string{s.Name, tc.Type, strconv.Itoa(tc.Mentions), strconv.Itoa(tc.Changed), pct(tc.Changed, tc.Mentions), measured})
		}
	}
	return t
}

// tables returns the report's tables after the provenance: the
// headline, drops per type, scores, errors and confusions, perturbed vs
// untouched entities and system comparisons; and the token confusion.
func (r *Report) tables() ([]*report.Table, *report.HeatMaps) {
	var out []*report.Table
	out = append(out, r.headline())
	main := &report.Table{ID: "scores",
		Title:  "F1 per system and set",
		Header: []string{"system", "set", "P", "R", "F1", "F1 CI", "drop %", "drop CI"},
		Right:  []bool{false, false, true, true, true, true, true, true},
	}
	types := &report.Table{ID: "types",
		Title:  "F1 per entity type",
		Header: []string{"system", "set", "type", "gold", "pred", "correct", "P", "R", "F1", "F1 CI"},
		Right:  []bool{false, false, false, true, true, true, true, true, true, true},
	}
	part := &report.Table{ID: "changed",
		Title: "Entities covering a changed token vs entities left alone (the same entities scored on " + r.Reference + " beside each set)",
		Header: []string{"system", "set", "perturbed gold", "perturbed F1", "perturbed CI", "untouched gold", "untouched F1", "untouched CI",
			"perturbed F1 on " + r.Reference, "untouched F1 on " + r.Reference},
		Right: []bool{false, false, true, true, true, true, true, true, true, true},
	}
	errs := &report.Table{ID: "errors",
		Title:  "Errors per system and set (entities: missed = gold never overlapped, spurious = prediction overlapping no gold, type = same boundaries, boundary = overlapping with the same type)",
		Header: []string{"system", "set", "gold", "pred", "correct", "missed", "spurious", "type", "boundary", "boundary+type"},
		Right:  []bool{false, false, true, true, true, true, true, true, true, true},
	}
	tconf := &report.Table{ID: "type-confusion",
		Title:  "Entity-type confusion (gold type → type predicted with the same boundaries, else overlapping most; " + noEntity + " = missed, or spurious as gold " + noEntity + ")",
		Header: []string{"system", "set", "gold", "predicted", "entities"},
		Right:  []bool{false, false, false, false, true}, Group: 2}
	conf := &report.Table{ID: "token-confusion",
		Title:  "Token label confusion, row-normalized (gold → predicted)",
		Header: []string{"system", "set", "gold", "→B", "→I", "→O", "tokens"},
		Right:  []bool{false, false, false, true, true, true, true},
	}
	for _, sys := range r.Systems {
		for _, res := range sys.Results {
			drop, dropCI := "", ""
			if res.Drop != nil {
				drop, dropCI = f2(res.Drop.Value), ci(res.Drop.CI)
			} else if res.Set != r.Reference {
				drop = "n/a"
			}
			if s := r.setInfo(res.Set); s.NotMeasured {
				drop, dropCI = "not measured", ""
			}
			o := res.Overall
			main.Rows = append(main.Rows, []string{sys.Name, res.Set, f2(o.Precision), f2(o.Recall), f2(o.F1), ci(o.F1CI), drop, dropCI})
			for _, t := range res.Types {
				p, rec := f2(t.Precision), f2(t.Recall)
				if t.Pred == 0 {
					p = "-"
				}
				if t.Gold == 0 {
					rec = "-"
				}
				types.Rows = append(types.Rows, []string{sys.Name, res.Set, t.Type, strconv.Itoa(t.Gold), strconv.Itoa(t.Pred), strconv.Itoa(t.Correct), p, rec, scoreF1(t.Score), scoreCI(t.Score)})
			}
			if res.Perturbed != nil {
				p, u := res.Perturbed, res.Untouched
				rp, ru := "", ""
				if res.RefPerturbed != nil {
					rp, ru = f2(res.RefPerturbed.F1), f2(res.RefUntouched.F1)
				}
				part.Rows = append(part.Rows, []string{sys.Name, res.Set, strconv.Itoa(p.Gold), f2(p.F1), ci(p.F1CI), strconv.Itoa(u.Gold), f2(u.F1), ci(u.F1CI), rp, ru})
			}
			if e := res.Errors; e != nil {
				d := strconv.Itoa
				errs.Rows = append(errs.Rows, []string{sys.Name, res.Set, d(e.Gold()), d(e.Pred()), d(e.Correct), d(e.Missed), d(e.Spurious), d(e.Type), d(e.Boundary), d(e.BoundaryType)})
			}
			if len(r.Types) > 1 {
				tconf.Rows = append(tconf.Rows, r.typeConfusionRows(sys.Name, &res)...,
				)
			}
			n := res.Confusion.Overall.Normalized()
			for g, lab := range labels {
				total := 0
				for _, v := range res.Confusion.Overall[g] {
					total += v
				}
				conf.Rows = append(conf.Rows, []string{sys.Name, res.Set, lab, f2(n[g][0]), f2(n[g][1]), f2(n[g][2]), strconv.Itoa(total)})
			}
		}
	}
	if changes := r.changesTable(); len(changes.Rows) > 0 {
		out = append(out, changes)
	}
	if tch := r.typeChangesTable(); len(tch.Rows) > 0 && len(r.Types) > 1 {
		out = append(out, tch)
	}
	tdrop := r.typeDropTable()
	if len(tdrop.Rows) > 0 && len(r.Types) > 1 {
		out = append(out, tdrop)
	}
	out = append(out, main, types)
	if len(errs.Rows) > 0 {
		out = append(out, errs)
	}
	if len(tconf.Rows) > 0 {
		out = append(out, tconf)
	}
	if len(part.Rows) > 0 {
		out = append(out, part)
	}
	if len(r.Comparisons) > 0 {
		out = append(out, r.comparisonTable())
	}
	return out, r.heatMaps(conf)
}

// typeDropTable is the table of relative drops per entity type, a row
// per perturbed set, system and type (as many rows as types, never as
// many columns): F1 on the reference and on the set, and the drop, or
// "not measured" for a type the set hardly changed.
func (r *Report) typeDropTable() *report.Table {
	tdrop := &report.Table{ID: "type-drops", Title: "Relative drop per entity type",
		Note:   "Loss of each type's F1 in % of its F1 on " + r.Reference + ", with its interval; \"-\" where there is no entity to score.",
		Header: []string{"set", "system", "type", "F1 on " + r.Reference, "F1", "drop % [CI]"},
		Right:  []bool{false, false, false, true, true, true}, Group: 2}
	for _, set := range r.Sets {
		if set.Name == r.Reference {
			continue
		}
		for _, sys := range r.Systems {
			res := r.result(sys.Name, set.Name)
			if res == nil {
				continue
			}
			onRef := map[string]Score{}
			if o := r.result(sys.Name, r.Reference); o != nil {
				for _, t := range o.Types {
					onRef[t.Type] = t.Score
				}
			}
			for _, t := range res.Types {
				cell := "n/a"
				switch {
				case set.NotMeasured || t.NotMeasured:
					cell = "not measured"
				case t.Drop != nil:
					cell = withCI(t.Drop.Value, t.Drop.CI)
				case t.Gold+t.Pred == 0:
					cell = "-"
				}
				tdrop.Rows = append(tdrop.Rows, []string{set.Name, sys.Name, t.Type, scoreF1(onRef[t.Type]), scoreF1(t.Score), cell})
			}
		}
	}
	return tdrop
}

// typeConfusionRows returns the rows of the entity-type confusion table
// for system sys's result res: a row per gold type and predicted type
// that has any entity, gold types in order.
func (r *Report) typeConfusionRows(sys string, res *Result) [][]string {
	var rows [][]string
	types := append(slices.Clone(r.Types), noEntity)
	for _, g := range types {
		for _, p := range types {
			for _, tp := range res.TypeConfusion {
				if tp.Gold == g && tp.Pred == p && tp.N > 0 {
					rows = append(rows, []string{sys, res.Set, g, p, strconv.Itoa(tp.N)})
				}
			}
		}
	}
	return rows
}

// comparisonTable is the table of paired comparisons of systems.
func (r *Report) comparisonTable() *report.Table {
	cmp := &report.Table{ID: "comparisons",
		Title:  "Paired comparison of systems (" + r.Test + ")",
		Header: []string{"set", "A", "B", "F1 A", "F1 B", "A−B", "A−B CI", "p"},
		Right:  []bool{false, false, false, true, true, true, true, true},
	}
	for _, c := range r.Comparisons {
		cmp.Rows = append(cmp.Rows, []string{c.Set, c.A, c.B, f2(c.F1A), f2(c.F1B), f2(c.Diff.Value), ci(c.Diff.CI), pval(c, r.Samples)})
	}
	return cmp
}

// examples are the report's examples: per sentence, where it is, the
// original and perturbed sentences with their gold mentions, and each
// system's predictions on the perturbed one (and on the original when it
// failed only on the perturbed one).
func (r *Report) examples() *report.Examples {
	e := &report.Examples{ID: "examples", Title: "Examples",
		Note: "Sentences where a system failed on the perturbed text, chosen with the seed (first those a system got right on the original)."}
	for _, ex := range r.Examples {
		item := report.Example{Where: ex.where(), Rows: []report.ExampleRow{
			{Label: "gold on " + r.Reference, Tokens: ex.Original, Mentions: reportMentions(ex.OriginalGold)},
			{Label: "gold on " + ex.Set, Tokens: ex.Perturbed, Mentions: reportMentions(ex.Gold), Changed: ex.Changed}}}
		for _, s := range ex.Systems {
			item.Rows = append(item.Rows, report.ExampleRow{Label: fmt.Sprintf("%s (%s; %s on %s)", s.System, rightOrWrong(s.Failed), rightOrWrong(s.FailedOriginal), r.Reference),
				Tokens: ex.Perturbed, Mentions: reportMentions(s.Predicted), Changed: ex.Changed, Predicted: true})
			if s.Failed && !s.FailedOriginal {
				item.Rows = append(item.Rows, report.ExampleRow{Label: s.System + " on " + r.Reference,
					Tokens: ex.Original, Mentions: reportMentions(s.OnOriginal), Predicted: true, Detail: true})
			}
		}
		e.Items = append(e.Items, item)
	}
	return e
}

func reportMentions(ms []Mention) []report.Mention {
	out := make([]report.Mention, len(ms))
	for i, m := range ms {
		out[i] = report.Mention{Start: m.Start, End: m.End, Type: m.Type}
	}
	return out
}

// where names the example's sentence for a reader: set and number, and
// file and line when known.
func (ex Example) where() string {
	w := fmt.Sprintf("%s, sentence %d", ex.Set, ex.Sentence)
	if ex.Line > 0 {
		w += fmt.Sprintf(" (%s:%d)", ex.File, ex.Line)
	}
	return w
}

// rightOrWrong is a system's verdict on a sentence as examples print it.
func rightOrWrong(failed bool) string {
	if failed {
		return "wrong"
	}
	return "right"
}

// csvHeader is the header row of the CSV format. Scope is "overall",
// "type:T", "perturbed", "untouched", or "reference_perturbed" and
// "reference_untouched" (the same entities scored on the reference set);
// the drop columns are filled on overall and type rows of non-reference
// sets that are measured (not_measured is true on those that are not,
// a set's or a type's), the error columns (entities by kind of error) on
// overall rows, the changed_difference columns on perturbed rows (F1 on
// the changed entities minus F1 on the same entities on the reference,
// in points, with its interval). precision, recall and f1 are empty
// where there is no entity to score. Rows without figures come first
// and say where the figures come from and what each set changed, in the
// note column: scope "provenance" (tool, version, revision, date, seed,
// command), "input:ROLE" (file, sha256, sizes), "system:KIND" (command or
// model file), "kind:NAME" (the set's file and options), "set"
// (changed_share of its targets, not_measured, and the changed
// sentences, tokens and mentions) and "set_type:T" (the type's mentions
// in gold and changed in correct, not_measured). Notes on overall rows
// say when an interval rests on too few entities.
var csvHeader = []string{"system", "set", "scope", "gold", "pred", "correct", "precision", "recall", "f1", "f1_low", "f1_high", "drop", "drop_low", "drop_high",
	"missed", "spurious", "type_error", "boundary_error", "boundary_type_error", "changed_share", "not_measured",
	"changed_difference", "changed_difference_low", "changed_difference_high", "note"}

// csvRows are the rows of the CSV format, csvHeader first.
func (r *Report) csvRows() [][]string {
	rows := [][]string{csvHeader}
	col := map[string]int{}
	for i, h := range csvHeader {
		col[h] = i
	}
	num := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	record := func(sys, set, scope string) []string {
		rec := make([]string, len(csvHeader))
		rec[col["system"]], rec[col["set"]], rec[col["scope"]] = sys, set, scope
		return rec
	}
	info := func(sys, set, scope, note string) {
		rec := record(sys, set, scope)
		rec[col["note"]] = note
		rows = append(rows, rec)
	}
	if p := r.Provenance; p != nil {
		info("", "", "provenance", fmt.Sprintf("%s %s; revision %s; date %s; seed %d; command: %s", p.Tool, p.Version, p.Revision, p.Date, p.Seed, p.Command))
		for _, in := range p.Inputs {
			info("", "", "input:"+in.Role, fmt.Sprintf("%s; sha256 %s; %d sentences, %d tokens, %s mentions", in.Path, in.SHA256, in.Sentences, in.Tokens, mentionsByType(in.Mentions, in.Types)))
		}
		for _, sy := range p.Systems {
			info(sy.Name, "", "system:"+sy.Kind, strings.TrimSpace(sy.Source+" "+sy.SHA256))
		}
		for _, k := range p.Kinds {
			info("", k.Set, "kind:"+k.Name, strings.TrimSpace(k.File+" "+k.SHA256+" "+options(k.Options)))
		}
	}
	for _, set := range r.Sets {
		if !set.ChangeLog {
			continue
		}
		c := changedCells(set)
		rec := record("", set.Name, "set")
		rec[col["changed_share"]], rec[col["not_measured"]] = num(set.ChangedShare), strconv.FormatBool(set.NotMeasured)
		rec[col["note"]] = fmt.Sprintf("%s of %s changed; sentences %s, tokens %s, mentions %s", share(set.ChangedShare)+"%", set.Target, c[0], c[1], c[2])
		rows = append(rows, rec)
		for _, tc := range set.Types {
			rec := record("", set.Name, "set_type:"+tc.Type)
			rec[col["gold"]], rec[col["correct"]] = strconv.Itoa(tc.Mentions), strconv.Itoa(tc.Changed)
			rec[col["not_measured"]] = strconv.FormatBool(tc.NotMeasured)
			rec[col["note"]] = "gold: the type's mentions; correct: those changed"
			rows = append(rows, rec)
		}
	}
	row := func(sys, set, scope string, s Score, d *Drop, notMeasured bool, errs *score.ErrorCounts, diff *Drop) {
		rec := record(sys, set, scope)
		rec[col["gold"]], rec[col["pred"]], rec[col["correct"]] = strconv.Itoa(s.Gold), strconv.Itoa(s.Pred), strconv.Itoa(s.Correct)
		if s.Pred > 0 {
			rec[col["precision"]] = num(s.Precision)
		}
		if s.Gold > 0 {
			rec[col["recall"]] = num(s.Recall)
		}
		if s.Gold+s.Pred > 0 {
			rec[col["f1"]] = num(s.F1)
		}
		if s.F1CI != nil && s.F1CI.Note != "" {
			rec[col["note"]] = s.F1CI.Note
		}
		if s.F1CI != nil {
			rec[col["f1_low"]], rec[col["f1_high"]] = num(s.F1CI.Low), num(s.F1CI.High)
		}
		if d != nil {
			rec[col["drop"]] = num(d.Value)
			if d.CI != nil {
				rec[col["drop_low"]], rec[col["drop_high"]] = num(d.CI.Low), num(d.CI.High)
			}
		}
		if notMeasured {
			rec[col["not_measured"]] = "true"
		}
		if e := errs; e != nil {
			d := strconv.Itoa
			rec[col["missed"]], rec[col["spurious"]], rec[col["type_error"]], rec[col["boundary_error"]], rec[col["boundary_type_error"]] = d(e.Missed), d(e.Spurious), d(e.Type), d(e.Boundary), d(e.BoundaryType)
		}
		if diff != nil {
			rec[col["changed_difference"]] = num(diff.Value)
			if diff.CI != nil {
				rec[col["changed_difference_low"]], rec[col["changed_difference_high"]] = num(diff.CI.Low), num(diff.CI.High)
			}
		}
		rows = append(rows, rec)
	}
	for _, sys := range r.Systems {
		for _, res := range sys.Results {
			setNM := r.setInfo(res.Set).NotMeasured
			row(sys.Name, res.Set, "overall", res.Overall, res.Drop, setNM, res.Errors, nil)
			for _, t := range res.Types {
				row(sys.Name, res.Set, "type:"+t.Type, t.Score, t.Drop, setNM || t.NotMeasured, nil, nil)
			}
			if res.Perturbed != nil {
				row(sys.Name, res.Set, "perturbed", *res.Perturbed, nil, false, nil, res.ChangedDiff)
				row(sys.Name, res.Set, "untouched", *res.Untouched, nil, false, nil, nil)
			}
			if res.RefPerturbed != nil {
				row(sys.Name, res.Set, "reference_perturbed", *res.RefPerturbed, nil, false, nil, nil)
				row(sys.Name, res.Set, "reference_untouched", *res.RefUntouched, nil, false, nil, nil)
			}
		}
	}
	return rows
}
