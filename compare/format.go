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

// Document returns r as the report formats see it: the title and
// provenance, the provenance tables, the headline, the charts (HTML),
// the other tables, the examples, the glossary (HTML) and last the
// token confusion (heat maps in HTML); r itself as JSON, and the rows
// of csvHeader.
func (r *Report) Document() *report.Document {
	d := &report.Document{Title: r.title(), Lines: r.provenanceLines(), JSON: r, EscapeHTML: true, CSV: r.csvRows()}
	for _, t := range r.provenanceTables() {
		d.Sections = append(d.Sections, t)
	}
	tables, confusion := r.tables()
	headline := tables[0]
	headline.NotMeasured = r.notMeasuredRows()
	d.Sections = append(d.Sections, headline, r.charts())
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
			return "(1 entity: too few)"
		}
		return "(" + strconv.Itoa(iv.Entities) + " entities: too few)"
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

// provenanceLines are the sentences that open a report: the tool, the
// date and the command that made it.
func (r *Report) provenanceLines() []string {
	p := r.Provenance
	if p == nil {
		return []string{r.summary() + "."}
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
	lines = append(lines, fmt.Sprintf("Seed %d%s; %s.", p.Seed, sel, r.summary()))
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

func mentionsByType(n int, types map[string]int) string {
	s := strconv.Itoa(n)
	if len(types) < 2 {
		return s
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

// headline is the report's main table: per set and system, how much of
// the set changed, F1 with its interval, the relative drop with its
// interval and, for kinds that change mentions, F1 on the changed
// mentions beside the same mentions on the reference.
func (r *Report) headline() *report.Table {
	t := &report.Table{ID: "headline", Title: "Headline: F1 and relative drop per set and system",
		Note: fmt.Sprintf("Changed: share of the set's sentences, tokens and gold mentions the kind changed. Drop: loss of F1 in %% of the F1 on %s. "+
			"Changed mentions: F1 on the gold and predicted entities covering a changed token, and on the same entities in %s. "+
			"A set that changed under %g%% of what its kind changes is not measured. No interval is shown over fewer than %d entities.", r.Reference, r.Reference, 100*minChangedShare, minEntities),
		Header: []string{"set", "changed sentences", "changed tokens", "changed mentions", "system", "F1 [CI]", "drop % [CI]", "F1 on changed mentions", "same mentions on " + r.Reference},
		Right:  []bool{false, true, true, true, false, true, true, true, true}, Group: 4}
	for _, s := range r.Sets {
		for _, sys := range r.Systems {
			res := r.result(sys.Name, s.Name)
			if res == nil {
				continue
			}
			row := append([]string{s.Name}, changedCells(s)...)
			drop := ""
			switch {
			case s.NotMeasured:
				drop = notMeasured(s)
			case res.Drop != nil:
				drop = withCI(res.Drop.Value, res.Drop.CI)
			case s.Name != r.Reference:
				drop = "n/a"
			}
			pf, rf := "", ""
			if s.Target == "mentions" && res.Perturbed != nil && res.Perturbed.Gold == 0 {
				pf = "no changed mentions"
			} else if s.Target == "mentions" && res.Perturbed != nil {
				pf = withCI(res.Perturbed.F1, res.Perturbed.F1CI) + " (" + strconv.Itoa(res.Perturbed.Gold) + " gold)"
				if res.RefPerturbed != nil {
					rf = f2(res.RefPerturbed.F1)
				}
			}
			row = append(row, sys.Name, withCI(res.Overall.F1, res.Overall.F1CI), drop, pf, rf)
			t.Rows = append(t.Rows, row)
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
		Title:  "Entity-type confusion (gold type → type predicted with the same boundaries, else overlapping most; " + noEntity + " = missed, or spurious in the " + noEntity + " row)",
		Header: append(append([]string{"system", "set", "gold"}, prefixed("→ ", r.Types)...), "→ "+noEntity),
		Right:  append(append([]bool{false, false, false}, trues(len(r.Types))...), true)}
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
				types.Rows = append(types.Rows, []string{sys.Name, res.Set, t.Type, strconv.Itoa(t.Gold), strconv.Itoa(t.Pred), strconv.Itoa(t.Correct), f2(t.Precision), f2(t.Recall), f2(t.F1), ci(t.F1CI)})
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
// per perturbed set and system.
func (r *Report) typeDropTable() *report.Table {
	tdrop := &report.Table{ID: "type-drops", Title: "Relative drop per entity type",
		Note:   "Loss of each type's F1 in % of its F1 on " + r.Reference + ", with its interval.",
		Header: append([]string{"set", "system"}, r.Types...),
		Right:  append([]bool{false, false}, trues(len(r.Types))...), Group: 1}
	for _, set := range r.Sets {
		if set.Name == r.Reference {
			continue
		}
		for _, sys := range r.Systems {
			res := r.result(sys.Name, set.Name)
			if res == nil {
				continue
			}
			row := []string{set.Name, sys.Name}
			for _, typ := range r.Types {
				cell := ""
				for _, t := range res.Types {
					if t.Type != typ {
						continue
					}
					switch {
					case set.NotMeasured:
						cell = "not measured"
					case t.Drop != nil:
						cell = withCI(t.Drop.Value, t.Drop.CI)
					default:
						cell = "n/a"
					}
				}
				row = append(row, cell)
			}
			tdrop.Rows = append(tdrop.Rows, row)
		}
	}
	return tdrop
}

// typeConfusionRows returns the rows of the entity-type confusion table
// for system sys's result res: a row per gold type (and noEntity) that
// has any count.
func (r *Report) typeConfusionRows(sys string, res *Result) [][]string {
	var rows [][]string
	for _, g := range append(slices.Clone(r.Types), noEntity) {
		row := []string{sys, res.Set, g}
		any := false
		for _, p := range append(slices.Clone(r.Types), noEntity) {
			n := 0
			for _, tp := range res.TypeConfusion {
				if tp.Gold == g && tp.Pred == p {
					n = tp.N
				}
			}
			any = any || n > 0
			row = append(row, strconv.Itoa(n))
		}
		if any {
			rows = append(rows, row)
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

func prefixed(p string, xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = p + x
	}
	return out
}

func trues(n int) []bool {
	out := make([]bool, n)
	for i := range out {
		out[i] = true
	}
	return out
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
// sets, the error columns (entities by kind of error) on overall rows.
// Rows without figures come first and say where the figures come from
// and what each set changed, in the note column: scope "provenance"
// (tool, version, revision, date, seed, command), "input:ROLE" (file,
// sha256, sizes), "system:KIND" (command or model file), "kind:NAME"
// (the set's file and options) and "set" (changed_share of its targets,
// not_measured, and the changed sentences, tokens and mentions). Notes
// on overall rows say when an interval rests on too few entities.
var csvHeader = []string{"system", "set", "scope", "gold", "pred", "correct", "precision", "recall", "f1", "f1_low", "f1_high", "drop", "drop_low", "drop_high",
	"missed", "spurious", "type_error", "boundary_error", "boundary_type_error", "changed_share", "not_measured", "note"}

// csvRows are the rows of the CSV format, csvHeader first.
func (r *Report) csvRows() [][]string {
	rows := [][]string{csvHeader}
	num := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	var errsOf *score.ErrorCounts
	info := func(sys, set, scope, note string) {
		rec := make([]string, len(csvHeader))
		rec[0], rec[1], rec[2], rec[len(rec)-1] = sys, set, scope, note
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
		rec := make([]string, len(csvHeader))
		rec[1], rec[2] = set.Name, "set"
		rec[len(rec)-3], rec[len(rec)-2] = num(set.ChangedShare), strconv.FormatBool(set.NotMeasured)
		rec[len(rec)-1] = fmt.Sprintf("%s of %s changed; sentences %s, tokens %s, mentions %s", share(set.ChangedShare)+"%", set.Target, c[0], c[1], c[2])
		rows = append(rows, rec)
	}
	row := func(sys, set, scope string, s Score, d *Drop) {
		rec := []string{sys, set, scope, strconv.Itoa(s.Gold), strconv.Itoa(s.Pred), strconv.Itoa(s.Correct), num(s.Precision), num(s.Recall), num(s.F1), "", "", "", "", "", "", "", "", "", "", "", "", ""}
		if s.F1CI != nil && s.F1CI.Note != "" {
			rec[len(rec)-1] = s.F1CI.Note
		}
		if s.F1CI != nil {
			rec[9], rec[10] = num(s.F1CI.Low), num(s.F1CI.High)
		}
		if d != nil {
			rec[11] = num(d.Value)
			if d.CI != nil {
				rec[12], rec[13] = num(d.CI.Low), num(d.CI.High)
			}
		}
		if e := errsOf; scope == "overall" && e != nil {
			d := strconv.Itoa
			rec[14], rec[15], rec[16], rec[17], rec[18] = d(e.Missed), d(e.Spurious), d(e.Type), d(e.Boundary), d(e.BoundaryType)
		}
		rows = append(rows, rec)
	}
	for _, sys := range r.Systems {
		for _, res := range sys.Results {
			errsOf = res.Errors
			row(sys.Name, res.Set, "overall", res.Overall, res.Drop)
			for _, t := range res.Types {
				row(sys.Name, res.Set, "type:"+t.Type, t.Score, t.Drop)
			}
			if res.Perturbed != nil {
				row(sys.Name, res.Set, "perturbed", *res.Perturbed, nil)
				row(sys.Name, res.Set, "untouched", *res.Untouched, nil)
			}
			if res.RefPerturbed != nil {
				row(sys.Name, res.Set, "reference_perturbed", *res.RefPerturbed, nil)
				row(sys.Name, res.Set, "reference_untouched", *res.RefUntouched, nil)
			}
		}
	}
	return rows
}
