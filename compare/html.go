package compare

import (
	"strconv"
	"strings"

	"github.com/stress-ner/stress/report"
)

// The HTML page reads top down in order of importance: what was
// measured (provenance), the headline table, drops per type, then the
// charts, the errors and confusions, examples, the glossary, and behind
// a disclosure the token confusion heat maps (see Document). It is
// drawn by report's HTML renderer; what is built here is what only the
// comparison knows: the bars of its charts, its maps and its terms.

func confidence(r *Report) string {
	if r.Samples == 0 {
		return "none, no resampling"
	}
	return strconv.FormatFloat(r.Confidence*100, 'g', -1, 64) + "% bootstrap intervals"
}

// charts are F1 per set and, with more than one set, the relative drop
// per set, a bar per system.
func (r *Report) charts() *report.Charts {
	c := &report.Charts{ID: "charts", Title: "Charts"}
	for _, s := range r.Systems {
		c.Series = append(c.Series, s.Name)
	}
	c.Bars = append(c.Bars, r.barChart("f1-chart", "F1 per set (whiskers: "+confidence(r)+")", "F1 (%)", func(res *Result) (float64, *Interval, bool) {
		return res.Overall.F1, res.Overall.F1CI, true
	}))
	if len(r.Sets) > 1 {
		c.Bars = append(c.Bars, r.barChart("drop-chart", "Relative drop from "+r.Reference+" in % of its F1 (whiskers: "+confidence(r)+")", "drop (% of F1)", func(res *Result) (float64, *Interval, bool) {
			if res.Drop == nil || r.setInfo(res.Set).NotMeasured {
				return 0, nil, false
			}
			return res.Drop.Value, res.Drop.CI, true
		}))
	}
	return c
}

// barChart is one bar per system and set of value, sets along the x
// axis; a set without a value (the reference in a drop chart, a set not
// measured) is labelled instead.
func (r *Report) barChart(class, caption, yLabel string, value func(*Result) (float64, *Interval, bool)) report.BarChart {
	c := report.BarChart{Class: class, Caption: caption, YLabel: yLabel}
	for si, s := range r.Sets {
		why := "reference"
		if s.NotMeasured {
			why = "not measured"
		} else if s.Name != r.Reference {
			why = "no value"
		}
		c.Groups = append(c.Groups, report.BarGroup{Name: s.Name, Note: why})
		for yi := range r.Systems {
			res := r.result(r.Systems[yi].Name, s.Name)
			if res == nil {
				continue
			}
			v, iv, ok := value(res)
			if !ok {
				continue
			}
			bar := report.Bar{Group: si, Series: yi, Value: v,
				Title: r.Systems[yi].Name + " on " + s.Name + ": " + f2(v)}
			if iv != nil {
				bar.Title += " " + ci(iv)
				if iv.Note == "" {
					bar.Whisker, bar.Low, bar.High = true, iv.Low, iv.High
				}
			}
			c.Bars = append(c.Bars, bar)
		}
	}
	return c
}

// heatMaps are the overall B/I/O confusion of every system on every set
// (systems in rows, sets in columns); table is the same in figures.
func (r *Report) heatMaps(table *report.Table) *report.HeatMaps {
	h := &report.HeatMaps{Table: *table, Labels: labels[:],
		Summary: "Token label confusion (B/I/O, row-normalized): one small map per system and set",
		Note:    "Rows: gold label; columns (below each map): predicted label. Hover a cell for its token count."}
	for _, s := range r.Sets {
		h.Cols = append(h.Cols, s.Name)
	}
	for _, sys := range r.Systems {
		h.Rows = append(h.Rows, sys.Name)
		maps := make([]*report.HeatMap, len(r.Sets))
		for si, s := range r.Sets {
			res := r.result(sys.Name, s.Name)
			if res == nil {
				continue
			}
			m, n := res.Confusion.Overall, res.Confusion.Overall.Normalized()
			hm := &report.HeatMap{}
			for g := range m {
				hm.Counts = append(hm.Counts, m[g][:])
				hm.Shares = append(hm.Shares, n[g][:])
			}
			maps[si] = hm
		}
		h.Maps = append(h.Maps, maps)
	}
	return h
}

// glossary explains the kinds of the report and its measures.
func (r *Report) glossary() *report.Glossary {
	g := &report.Glossary{ID: "glossary", Title: "Glossary"}
	if p := r.Provenance; p != nil {
		for _, k := range p.Kinds {
			help := k.Help
			if help == "" {
				help = "a kind of stress set"
			}
			g.Terms = append(g.Terms, [2]string{k.Name + " (set " + k.Set + ")", help})
		}
	}
	g.Terms = append(g.Terms,
		[2]string{"F1", "conlleval span F1 in percent: an entity counts when its boundaries and type equal a gold entity's."},
		[2]string{"relative drop", "the loss of F1 on a stress set as a percentage of the F1 on " + r.Reference + " (Araujo et al. 2021); negative when the set scores higher."},
		[2]string{"CI", "a paired percentile bootstrap interval over sentences (" + confidence(r) + "); not shown over fewer than " + strconv.Itoa(minEntities) + " entities."},
		[2]string{"changed mentions", "gold and predicted entities covering a token the kind changed, scored alone; beside them the same entities on " + r.Reference + "."},
		[2]string{"not measured", "a set that changed under " + trimZeros(100*minChangedShare) + "% of its targets (mentions for kinds that change mentions, tokens otherwise): its figures are those of a near copy of " + r.Reference + "."},
		[2]string{"p", "two-sided approximate randomization test between two systems on one set; \"< x\" when no shuffle reached the observed difference."})
	return g
}

// trimZeros prints x with at most two decimals and no trailing zeros.
func trimZeros(x float64) string {
	s := strconv.FormatFloat(x, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		s = "0"
	}
	return s
}
