package report

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/stress-ner/stress/internal/htmlpage"
)

// The HTML page is written as plain strings with inline SVG rather than
// with a plotting library: the charts are simple (bars with whiskers and
// value labels, small 3×3 heat maps), the page must open offline with
// no scripts or external resources, and direct generation keeps the
// bytes deterministic (golden-testable) without a new dependency.
// Charts scale to the width of the window (viewBox, width 100%), so the
// page has no horizontal scroll bar from 800 px up; y axes start at 0.

// chartWidth is the width of a bar chart's coordinates: it is drawn at
// the width of the page (width 100%), so its fonts scale with it.
const chartWidth = 960

// palette holds distinguishable colours for series (Okabe–Ito, safe for
// colour-blind readers).
var palette = []string{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000"}

// pageCSS is the style of a page whose Document names none.
const pageCSS = `body{font-family:system-ui,sans-serif;margin:1.5em auto;padding:0 1em;color:#222;max-width:1200px;line-height:1.4}
h1{font-size:1.5em;overflow-wrap:anywhere}
h2{font-size:1.2em;margin-top:1.6em}
p.note{color:#555;font-size:0.9em;margin:0.2em 0 0.5em}
p.long{overflow-wrap:anywhere}
div.scroll{overflow-x:auto;max-width:100%;margin:0.5em 0 1.2em}
table{border-collapse:collapse;font-size:13px}
small{color:#555}
th,td{border:1px solid #ccc;padding:2px 6px;vertical-align:top;overflow-wrap:break-word}
td.long{overflow-wrap:anywhere;min-width:6em}
td.num{text-align:right;font-variant-numeric:tabular-nums}
td.hash{font-family:monospace;font-size:11px;word-break:break-all;min-width:8em}
tr.not-measured td{color:#777;background:#fafafa}
th{background:#f0f0f0}
figure{margin:0.5em 0 1.5em}
figcaption{font-size:0.9em;color:#555}
svg.chart{display:block;width:100%;height:auto}
svg text{font-size:12px;fill:#222}
svg text.value{font-size:10px}
.legend span{display:inline-block;margin-right:1.5em}
.legend i{display:inline-block;width:12px;height:12px;margin-right:4px;vertical-align:middle}
.example{border-left:3px solid #ccc;padding-left:0.8em;margin:0.8em 0;font-size:14px}
.example div{margin:0.15em 0}
.example b{display:inline-block;min-width:11em;font-weight:600}
mark{background:#e0ecff;padding:0 2px;border-radius:2px}
mark.changed,span.changed{text-decoration:underline wavy #D55E00}
sub{font-size:0.7em;color:#555}
details{margin:1em 0}
summary{cursor:pointer;font-weight:600}
details.section>summary h2{display:inline;font-size:1.2em}
dt{font-weight:600}
dd{margin:0 0 0.5em 1.5em}
@media (max-width:1000px){table{font-size:11px}th,td{padding:1px 3px}body{padding:0 0.5em}}
`

// htmlRenderer writes one self-contained page.
type htmlRenderer struct {
	b strings.Builder
}

func renderHTML(buf *bytes.Buffer, d *Document) error {
	r := &htmlRenderer{}
	css := d.Style
	if css == "" {
		css = pageCSS
	}
	htmlpage.Head(&r.b, d.Title, css)
	fmt.Fprintf(&r.b, "<h1>%s</h1>\n", html.EscapeString(d.Title))
	for _, l := range d.Lines {
		fmt.Fprintf(&r.b, "<p>%s</p>\n", html.EscapeString(l))
	}
	for _, s := range d.Sections {
		s.renderTo(r)
	}
	r.b.WriteString("</body>\n</html>\n")
	buf.WriteString(r.b.String())
	return nil
}

func (r *htmlRenderer) table(t *Table) {
	b := &r.b
	id := ""
	if t.ID != "" {
		id = ` id="` + t.ID + `"`
	}
	fmt.Fprintf(b, "<h2%s>%s</h2>\n", id, html.EscapeString(t.Title))
	if t.Note != "" {
		fmt.Fprintf(b, "<p class=\"note\">%s</p>\n", html.EscapeString(t.Note))
	}
	// A table wider than the page scrolls in its own box: the page
	// itself never does, whatever the number of types or systems.
	fmt.Fprintf(b, "<div class=\"scroll\"><table class=\"%s\">\n<tr>", t.ID)
	for _, h := range t.Header {
		fmt.Fprintf(b, "<th>%s</th>", html.EscapeString(h))
	}
	b.WriteString("</tr>\n")
	for ri, row := range t.Rows {
		if t.NotMeasured[ri] {
			b.WriteString(`<tr class="not-measured">`)
		} else {
			b.WriteString("<tr>")
		}
		for i, c := range row {
			if i < t.Group {
				// A group's cells span its rows, written on its first.
				if ri > 0 && slices.Equal(row[:t.Group], t.Rows[ri-1][:t.Group]) {
					continue
				}
				span := 1
				for ri+span < len(t.Rows) && slices.Equal(row[:t.Group], t.Rows[ri+span][:t.Group]) {
					span++
				}
				if span > 1 {
					fmt.Fprintf(b, `<td rowspan="%d"`, span)
				} else {
					b.WriteString("<td")
				}
				if t.Right[i] {
					b.WriteString(` class="num"`)
				}
				fmt.Fprintf(b, ">%s</td>", html.EscapeString(c))
				continue
			}
			switch {
			case t.Header[i] == "sha256":
				fmt.Fprintf(b, `<td class="hash">%s</td>`, html.EscapeString(c))
			case longColumn[t.Header[i]]:
				fmt.Fprintf(b, `<td class="long">%s</td>`, html.EscapeString(c))
			case t.Right[i]:
				fmt.Fprintf(b, `<td class="num">%s</td>`, cellHTML(c))
			default:
				fmt.Fprintf(b, "<td>%s</td>", html.EscapeString(c))
			}
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</table></div>\n")
}

// longColumn names the columns of long unbroken text (paths, command
// lines), which may break anywhere rather than widen the page.
var longColumn = map[string]bool{"file": true, "source": true, "options": true}

// cellHTML writes a number followed by its interval or a remark
// ("85.3 [84.1, 86.2]") as the number with the rest in small print
// under it, so that numeric columns stay narrow.
func cellHTML(c string) string {
	v, rest, ok := strings.Cut(c, " ")
	if !ok || !(strings.HasPrefix(rest, "[") || strings.HasPrefix(rest, "(")) {
		return html.EscapeString(c)
	}
	return html.EscapeString(v) + "<br><small>" + html.EscapeString(rest) + "</small>"
}

// htmlMarking writes mentions in <mark> followed by their type, and
// changed tokens underlined.
var htmlMarking = marking{escape: html.EscapeString, open: "<mark>",
	close:       func(typ string) string { return "<sub>" + html.EscapeString(typ) + "</sub></mark>" },
	changedOpen: `<span class="changed">`, changedClose: "</span>"}

// htmlMarkingNote says how the page marks examples.
const htmlMarkingNote = "Highlighted: mentions, with their type; wavy underline: changed tokens."

// examples shows the examples with mentions highlighted and changed
// tokens underlined, predictions included; detail rows are left out.
func (r *htmlRenderer) examples(e *Examples) {
	b := &r.b
	fmt.Fprintf(b, "<h2 id=\"%s\">%s</h2>\n<p class=\"note\">%s</p>\n", e.ID, html.EscapeString(e.Title), html.EscapeString(e.Note+" "+htmlMarkingNote))
	for _, ex := range e.Items {
		fmt.Fprintf(b, "<div class=\"example\"><div><i>%s</i></div>\n", html.EscapeString(ex.Where))
		for _, row := range ex.Rows {
			if row.Detail {
				continue
			}
			fmt.Fprintf(b, "<div><b>%s</b> %s</div>\n", html.EscapeString(row.Label), markTokens(row.Tokens, row.Mentions, row.Changed, htmlMarking))
		}
		b.WriteString("</div>\n")
	}
}

// charts writes the heading, the legend of the series and each chart.
func (r *htmlRenderer) charts(c *Charts) {
	fmt.Fprintf(&r.b, `<h2 id="%s">%s</h2>`+"\n"+`<div class="legend">`, c.ID, html.EscapeString(c.Title))
	for i, s := range c.Series {
		fmt.Fprintf(&r.b, `<span><i style="background:%s"></i>%s</span>`, palette[i%len(palette)], html.EscapeString(s))
	}
	r.b.WriteString("</div>\n")
	for i := range c.Bars {
		r.barChart(&c.Bars[i], len(c.Series))
	}
}

// niceRange returns axis bounds and a tick step covering [lo, hi].
func niceRange(lo, hi float64) (float64, float64, float64) {
	if hi-lo < 1e-9 {
		lo, hi = lo-1, hi+1
	}
	span := hi - lo
	step := math.Pow(10, math.Floor(math.Log10(span/4)))
	for _, m := range []float64{1, 2, 5, 10} {
		if span/(step*m) <= 6 {
			step *= m
			break
		}
	}
	return math.Floor(lo/step) * step, math.Ceil(hi/step) * step, step
}

// barChart draws one bar per series and group, groups along the x
// axis, with its value written on it and its interval as a whisker. The
// y axis always includes 0, so bar lengths compare; a group without a
// bar is labelled with its note instead.
func (r *htmlRenderer) barChart(c *BarChart, nSeries int) {
	b := &r.b
	lo, hi := 0.0, 0.0
	for _, p := range c.Bars {
		lo, hi = min(lo, p.Value), max(hi, p.Value)
		if p.Whisker {
			lo, hi = min(lo, p.Low), max(hi, p.High)
		}
	}
	fmt.Fprintf(b, "<figure>\n<figcaption>%s</figcaption>\n", html.EscapeString(c.Caption))
	if len(c.Bars) == 0 {
		b.WriteString("<p>No values.</p>\n</figure>\n")
		return
	}
	ymin, ymax, step := niceRange(lo, hi)
	const left, top, plotH, gap = 56, 22, 240, 26
	// The chart takes the width of the page: bars widen until the plot
	// is chartWidth wide, and then narrow as groups are added.
	nGroups, nBars := max(1, len(c.Groups)), max(1, nSeries)
	groupW := max(nBars*12+gap, (chartWidth-left-10)/nGroups)
	barW := min(80, (groupW-gap)/nBars)
	width := max(chartWidth, left+groupW*nGroups+10)
	height := top + plotH + 48
	y := func(v float64) float64 { return top + plotH - (v-ymin)/(ymax-ymin)*plotH }
	fmt.Fprintf(b, `<svg class="chart %s" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" role="img" aria-label="%s">`+"\n",
		c.Class, width, height, html.EscapeString(c.Caption))
	for t := ymin; t <= ymax+step/2; t += step {
		fmt.Fprintf(b, `<line class="grid" x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#e4e4e4"/>`, left, width-10, y(t), y(t))
		fmt.Fprintf(b, `<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", left-6, y(t)+4, trimZeros(t))
	}
	fmt.Fprintf(b, `<text transform="translate(14,%d) rotate(-90)" text-anchor="middle">%s</text>`+"\n", top+plotH/2, html.EscapeString(c.YLabel))
	fmt.Fprintf(b, `<line class="axis" x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#444"/>`+"\n", left, width-10, y(0), y(0))
	has := map[int]bool{}
	for _, p := range c.Bars {
		has[p.Group] = true
	}
	for gi, g := range c.Groups {
		cx := left + groupW*gi + groupW/2
		fmt.Fprintf(b, `<text class="set-label" x="%d" y="%d" text-anchor="middle">%s</text>`+"\n", cx, top+plotH+20, html.EscapeString(g.Name))
		if !has[gi] {
			fmt.Fprintf(b, `<text class="set-note" x="%d" y="%d" text-anchor="middle" style="fill:#777">%s</text>`+"\n", cx, top+plotH+36, html.EscapeString(g.Note))
		}
	}
	for _, p := range c.Bars {
		// The group's bars are centred in its share of the width.
		x := float64(left+groupW*p.Group) + float64(groupW-barW*nBars)/2 + float64(barW*p.Series)
		col := palette[p.Series%len(palette)]
		y0, y1 := y(0), y(p.Value)
		fmt.Fprintf(b, `<rect class="bar" x="%.1f" y="%.1f" width="%d" height="%.1f" fill="%s"><title>%s</title></rect>`+"\n",
			x+2, min(y0, y1), barW-4, math.Abs(y1-y0), col, html.EscapeString(p.Title))
		cx := x + float64(barW)/2
		labelY := min(y0, y1) - 4
		if p.Whisker {
			fmt.Fprintf(b, `<line class="whisker" x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="#222" stroke-width="1.2"/>`+"\n", cx, cx, y(p.Low), y(p.High))
			labelY = min(labelY, y(p.High)-4)
		}
		if p.Value < 0 {
			labelY = max(y0, y1) + 12
			if p.Whisker {
				labelY = max(labelY, y(p.Low)+12)
			}
		}
		fmt.Fprintf(b, `<text class="value" x="%.1f" y="%.1f" text-anchor="middle">%s</text>`+"\n", cx, labelY, strconv.FormatFloat(p.Value, 'f', 1, 64))
	}
	b.WriteString("</svg>\n</figure>\n")
}

// trimZeros prints x with at most two decimals and no trailing zeros.
func trimZeros(x float64) string {
	s := fmt.Sprintf("%.2f", x)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		s = "0"
	}
	return s
}

// heatMaps draws every map as one figure of small maps, rows in rows
// and columns in columns, each cell with its share (white 0, dark blue
// 1), behind a disclosure; nothing when the table has no rows.
func (r *htmlRenderer) heatMaps(h *HeatMaps) {
	if len(h.Table.Rows) == 0 {
		return
	}
	b := &r.b
	fmt.Fprintf(b, "<details>\n<summary>%s</summary>\n", html.EscapeString(h.Summary))
	const cell, gapX, gapY, left, top = 24, 34, 40, 90, 30
	n := len(h.Labels)
	mapW := n * cell
	width := left + len(h.Cols)*(mapW+gapX)
	height := top + len(h.Rows)*(n*cell+gapY)
	fmt.Fprintf(b, `<svg class="chart heatmaps" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" style="max-width:%dpx" role="img" aria-label="token label confusion">`+"\n",
		width, height, width)
	for ci, c := range h.Cols {
		fmt.Fprintf(b, `<text x="%d" y="14" text-anchor="middle" font-weight="bold">%s</text>`+"\n", left+ci*(mapW+gapX)+mapW/2, html.EscapeString(c))
	}
	for ri, row := range h.Rows {
		y0 := top + ri*(n*cell+gapY)
		fmt.Fprintf(b, `<text x="4" y="%d" font-weight="bold">%s</text>`+"\n", y0+n*cell/2+4, html.EscapeString(row))
		for ci, col := range h.Cols {
			m := h.Maps[ri][ci]
			if m == nil {
				continue
			}
			x0 := left + ci*(mapW+gapX)
			for g := range n {
				fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="end" style="font-size:9px">%s</text>`, x0-3, y0+cell*g+cell/2+3, h.Labels[g])
				for p := range n {
					v := m.Shares[g][p]
					rc := int(255 - v*(255-8))
					gc := int(255 - v*(255-81))
					bc := int(255 - v*(255-156))
					fg := "#222"
					if v > 0.5 {
						fg = "#fff"
					}
					fmt.Fprintf(b, `<rect class="cell" x="%d" y="%d" width="%d" height="%d" fill="#%02x%02x%02x" stroke="#fff"><title>%s on %s: gold %s → %s: %d tokens (%.3f)</title></rect>`,
						x0+cell*p, y0+cell*g, cell, cell, rc, gc, bc, html.EscapeString(row), html.EscapeString(col), h.Labels[g], h.Labels[p], m.Counts[g][p], v)
					fmt.Fprintf(b, `<text class="value" x="%d" y="%d" text-anchor="middle" style="fill:%s;font-size:8px">%s</text>`+"\n", x0+cell*p+cell/2, y0+cell*g+cell/2+3, fg, shortShare(v))
				}
			}
			for p := range n {
				fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="middle" style="font-size:9px">%s</text>`, x0+cell*p+cell/2, y0+n*cell+11, h.Labels[p])
			}
		}
	}
	fmt.Fprintf(b, "</svg>\n<p class=\"note\">%s</p>\n", html.EscapeString(h.Note))
	b.WriteString("</details>\n")
}

// shortShare prints a share in [0, 1] in three characters: ".75", "1", "0".
func shortShare(v float64) string {
	switch {
	case v >= 0.995:
		return "1"
	case v < 0.005:
		return "0"
	}
	return strings.TrimPrefix(strconv.FormatFloat(v, 'f', 2, 64), "0")
}

// details are a disclosure, closed, whose summary is the title.
func (r *htmlRenderer) details(d *Details) {
	summary := d.Summary
	if summary == "" {
		summary = d.Title
	}
	id := ""
	if d.ID != "" {
		id = ` id="` + d.ID + `"`
	}
	fmt.Fprintf(&r.b, "<details class=\"section\"%s>\n<summary><h2>%s</h2></summary>\n", id, html.EscapeString(summary))
	if d.Note != "" {
		fmt.Fprintf(&r.b, "<p class=\"note\">%s</p>\n", html.EscapeString(d.Note))
	}
	for _, l := range d.Lines {
		fmt.Fprintf(&r.b, "<p class=\"long\">%s</p>\n", html.EscapeString(l))
	}
	for _, s := range d.Sections {
		s.renderTo(r)
	}
	r.b.WriteString("</details>\n")
}

// glossary is a definition list.
func (r *htmlRenderer) glossary(g *Glossary) {
	fmt.Fprintf(&r.b, "<h2 id=\"%s\">%s</h2>\n<dl>\n", g.ID, html.EscapeString(g.Title))
	for _, t := range g.Terms {
		fmt.Fprintf(&r.b, "<dt>%s</dt><dd>%s</dd>\n", html.EscapeString(t[0]), html.EscapeString(t[1]))
	}
	r.b.WriteString("</dl>\n")
}
