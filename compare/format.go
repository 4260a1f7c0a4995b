package compare

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/stress-ner/stress/conll/score"
	"github.com/stress-ner/stress/internal/textutil"
)

// Format is an output format of a Report.
type Format int

// Formats of WriteTo.
const (
	Text     Format = iota // aligned terminal tables
	Markdown               // GitHub-flavoured Markdown tables
	JSON                   // the Report as indented JSON
	CSV                    // one row per system, set and scope
)

// ParseFormat returns the Format named s ("text", "markdown", "json",
// "csv").
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(s) {
	case "text", "txt", "table":
		return Text, nil
	case "markdown", "md":
		return Markdown, nil
	case "json":
		return JSON, nil
	case "csv":
		return CSV, nil
	}
	return 0, fmt.Errorf("unknown format %q (want text, markdown, json or csv)", s)
}

// Write writes r to w in format f.
func (r *Report) Write(w io.Writer, f Format) error {
	switch f {
	case Markdown:
		return r.writeTables(w, true)
	case JSON:
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	case CSV:
		return r.writeCSV(w)
	}
	return r.writeTables(w, false)
}

// table is a titled grid of cells shared by the text, Markdown and HTML
// renderers, so that all show the same figures.
type table struct {
	Title  string
	Header []string
	Rows   [][]string
	// Right marks numeric columns (right-aligned).
	Right []bool
}

func f2(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }

func ci(iv *Interval) string {
	if iv == nil {
		return ""
	}
	return "[" + f2(iv.Low) + ", " + f2(iv.High) + "]"
}

func pval(p float64) string {
	if p < 0 {
		return ""
	}
	return strconv.FormatFloat(p, 'f', 4, 64)
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
			replaced := 0
			if set.MentionsReplaced != nil {
				replaced = *set.MentionsReplaced
			}
			s += fmt.Sprintf("; %s not measured: it changed %d of %d gold mentions, under 1%%, so it has no drop", set.Name, replaced, set.Mentions)
		}
	}
	return s
}

// notMeasured reports whether the set named name is not measured
// (SetInfo.NotMeasured).
func (r *Report) notMeasured(name string) bool {
	for _, s := range r.Sets {
		if s.Name == name {
			return s.NotMeasured
		}
	}
	return false
}

// tables returns the report's tables: scores and drops, per-type
// scores, perturbed vs untouched, system comparisons and confusion.
func (r *Report) tables() []table {
	var out []table
	main := table{
		Title:  "F1 per system and set",
		Header: []string{"system", "set", "P", "R", "F1", "F1 CI", "drop %", "drop CI"},
		Right:  []bool{false, false, true, true, true, true, true, true},
	}
	types := table{
		Title:  "F1 per entity type",
		Header: []string{"system", "set", "type", "gold", "pred", "correct", "P", "R", "F1", "F1 CI"},
		Right:  []bool{false, false, false, true, true, true, true, true, true, true},
	}
	part := table{
		Title: "Entities covering a changed token vs entities left alone (the same entities scored on " + r.Reference + " beside each set)",
		Header: []string{"system", "set", "perturbed gold", "perturbed F1", "perturbed CI", "untouched gold", "untouched F1", "untouched CI",
			"perturbed F1 on " + r.Reference, "untouched F1 on " + r.Reference},
		Right: []bool{false, false, true, true, true, true, true, true, true, true},
	}
	errs := table{
		Title:  "Errors per system and set (entities: missed = gold never overlapped, spurious = prediction overlapping no gold, type = same boundaries, boundary = overlapping with the same type)",
		Header: []string{"system", "set", "gold", "pred", "correct", "missed", "spurious", "type", "boundary", "boundary+type"},
		Right:  []bool{false, false, true, true, true, true, true, true, true, true},
	}
	conf := table{
		Title:  "Token label confusion, row-normalized (gold → predicted)",
		Header: []string{"system", "set", "gold", "→B", "→I", "→O", "tokens"},
		Right:  []bool{false, false, false, true, true, true, true},
	}
	for _, sys := range r.Systems {
		for _, res := range sys.Results {
			drop, dropCI := "", ""
			if res.Drop != nil {
				drop, dropCI = f2(res.Drop.Value), ci(res.Drop.CI)
			} else if r.notMeasured(res.Set) {
				drop = "not measured"
			} else if res.Set != r.Reference {
				drop = "n/a"
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
			n := res.Confusion.Overall.Normalized()
			for g, lab := range Labels {
				total := 0
				for _, v := range res.Confusion.Overall[g] {
					total += v
				}
				conf.Rows = append(conf.Rows, []string{sys.Name, res.Set, lab, f2(n[g][0]), f2(n[g][1]), f2(n[g][2]), strconv.Itoa(total)})
			}
		}
	}
	out = append(out, main, types)
	if len(errs.Rows) > 0 {
		out = append(out, errs)
	}
	if len(part.Rows) > 0 {
		out = append(out, part)
	}
	if len(r.Comparisons) > 0 {
		cmp := table{
			Title:  "Paired comparison of systems (" + r.Test + ")",
			Header: []string{"set", "A", "B", "F1 A", "F1 B", "A−B", "A−B CI", "p"},
			Right:  []bool{false, false, false, true, true, true, true, true},
		}
		for _, c := range r.Comparisons {
			cmp.Rows = append(cmp.Rows, []string{c.Set, c.A, c.B, f2(c.F1A), f2(c.F1B), f2(c.Diff.Value), ci(c.Diff.CI), pval(c.P)})
		}
		out = append(out, cmp)
	}
	return append(out, conf)
}

func (r *Report) writeTables(w io.Writer, markdown bool) error {
	var b strings.Builder
	if markdown {
		fmt.Fprintf(&b, "# Stress comparison\n\n%s.\n", r.summary())
	} else {
		fmt.Fprintf(&b, "%s\n", r.summary())
	}
	for _, t := range r.tables() {
		if markdown {
			fmt.Fprintf(&b, "\n## %s\n\n", t.Title)
			b.WriteString(textutil.MarkdownRow(t.Header) + "|")
			for i := range t.Header {
				if t.Right[i] {
					b.WriteString("---:|")
				} else {
					b.WriteString("---|")
				}
			}
			b.WriteString("\n")
			for _, row := range t.Rows {
				b.WriteString(textutil.MarkdownRow(row))
			}
			continue
		}
		fmt.Fprintf(&b, "\n%s\n", t.Title)
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
		// tabwriter aligns all columns one way; pad text columns by
		// hand so names stay left-aligned.
		widths := make([]int, len(t.Header))
		for _, row := range append([][]string{t.Header}, t.Rows...) {
			for i, c := range row {
				widths[i] = max(widths[i], len([]rune(c)))
			}
		}
		for _, row := range append([][]string{t.Header}, t.Rows...) {
			for i, c := range row {
				if !t.Right[i] {
					c += strings.Repeat(" ", widths[i]-len([]rune(c)))
				}
				fmt.Fprintf(tw, "%s\t", c)
			}
			fmt.Fprintln(tw)
		}
		tw.Flush()
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// CSVHeader is the header row of the CSV format. Scope is "overall",
// "type:T", "perturbed", "untouched", or "reference_perturbed" and
// "reference_untouched" (the same entities scored on the reference set);
// the drop columns are filled on overall rows of non-reference sets, the
// error columns (entities by kind of error) on overall rows.
var CSVHeader = []string{"system", "set", "scope", "gold", "pred", "correct", "precision", "recall", "f1", "f1_low", "f1_high", "drop", "drop_low", "drop_high",
	"missed", "spurious", "type_error", "boundary_error", "boundary_type_error"}

func (r *Report) writeCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write(CSVHeader)
	num := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	var errsOf *score.ErrorCounts
	row := func(sys, set, scope string, s Score, d *Drop) {
		rec := []string{sys, set, scope, strconv.Itoa(s.Gold), strconv.Itoa(s.Pred), strconv.Itoa(s.Correct), num(s.Precision), num(s.Recall), num(s.F1), "", "", "", "", "", "", "", "", "", ""}
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
		cw.Write(rec)
	}
	for _, sys := range r.Systems {
		for _, res := range sys.Results {
			errsOf = res.Errors
			row(sys.Name, res.Set, "overall", res.Overall, res.Drop)
			for _, t := range res.Types {
				row(sys.Name, res.Set, "type:"+t.Type, t.Score, nil)
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
	cw.Flush()
	return cw.Error()
}
