package compare

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/internal/htmlpage"
)

// The HTML report is written as plain strings with inline SVG rather than
// with a plotting library: the charts are simple (bars with whiskers and
// value labels, small 3×3 heat maps), the output must open offline with
// no scripts or external resources, and direct generation keeps the
// bytes deterministic (golden-testable) without a new dependency.
//
// The page reads top down in order of importance: what was measured
// (provenance), the headline table, drops per type, then the charts, the
// errors and confusions, examples, the glossary, and behind a disclosure
// the token confusion heat maps. Charts scale to the width of the window
// (viewBox, width 100%), so the page has no horizontal scroll bar from
// 800 px up; y axes start at 0.

// palette holds distinguishable colours for systems (Okabe–Ito, safe for
// colour-blind readers).
var palette = []string{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000"}

const pageCSS = `body{font-family:system-ui,sans-serif;margin:1.5em auto;padding:0 1em;color:#222;max-width:1200px;line-height:1.4}
h1{font-size:1.5em;overflow-wrap:anywhere}
h2{font-size:1.2em;margin-top:1.6em}
p.note{color:#555;font-size:0.9em;margin:0.2em 0 0.5em}
table{border-collapse:collapse;margin:0.5em 0 1.2em;font-size:13px;max-width:100%}
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
dt{font-weight:600}
dd{margin:0 0 0.5em 1.5em}
@media (max-width:1000px){table{font-size:11px}th,td{padding:1px 3px}body{padding:0 0.5em}}
`

// WriteHTMLFile writes the HTML report to path atomically (a temporary
// file put in place when complete). Unless replace is set (--force), a
// file at path, there already or appearing meanwhile, is not replaced:
// the error wraps atomicfile.ErrExists.
func (r *Report) WriteHTMLFile(path string, replace bool) error {
	var buf bytes.Buffer
	if err := r.WriteHTML(&buf); err != nil {
		return err
	}
	if err := atomicfile.WriteFile(path, buf.Bytes(), !replace); err != nil {
		return fmt.Errorf("write html report: %w", err)
	}
	return nil
}

// WriteHTML writes r as one self-contained HTML page (see the order
// above).
func (r *Report) WriteHTML(w io.Writer) error {
	var b strings.Builder
	htmlpage.Head(&b, r.title(), pageCSS)
	fmt.Fprintf(&b, "<h1>%s</h1>\n", html.EscapeString(r.title()))
	for _, l := range r.provenanceLines() {
		fmt.Fprintf(&b, "<p>%s</p>\n", html.EscapeString(l))
	}
	for _, t := range r.provenanceTables() {
		htmlTable(&b, t, nil)
	}
	tables := r.tables()
	htmlTable(&b, tables[0], r.notMeasuredRows())
	rest := tables[1:]
	b.WriteString(`<h2 id="charts">Charts</h2>` + "\n" + `<div class="legend">`)
	for i, s := range r.Systems {
		fmt.Fprintf(&b, `<span><i style="background:%s"></i>%s</span>`, palette[i%len(palette)], html.EscapeString(s.Name))
	}
	b.WriteString("</div>\n")
	r.barChart(&b, "f1-chart", "F1 per set (whiskers: "+confidence(r)+")", "F1 (%)", func(res *Result) (float64, *Interval, bool) {
		return res.Overall.F1, res.Overall.F1CI, true
	})
	if len(r.Sets) > 1 {
		r.barChart(&b, "drop-chart", "Relative drop from "+r.Reference+" in % of its F1 (whiskers: "+confidence(r)+")", "drop (% of F1)", func(res *Result) (float64, *Interval, bool) {
			if res.Drop == nil || r.setInfo(res.Set).NotMeasured {
				return 0, nil, false
			}
			return res.Drop.Value, res.Drop.CI, true
		})
	}
	var confusion table
	for _, t := range rest {
		if t.Figure {
			confusion = t
			continue
		}
		htmlTable(&b, t, nil)
	}
	r.htmlExamples(&b)
	r.glossary(&b)
	if len(confusion.Rows) > 0 {
		b.WriteString("<details>\n<summary>Token label confusion (B/I/O, row-normalized): one small map per system and set</summary>\n")
		r.heatMaps(&b)
		b.WriteString("</details>\n")
	}
	b.WriteString("</body>\n</html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func confidence(r *Report) string {
	if r.Samples == 0 {
		return "none, no resampling"
	}
	return strconv.FormatFloat(r.Confidence*100, 'g', -1, 64) + "% bootstrap intervals"
}

// notMeasuredRows marks the headline rows of sets not measured.
func (r *Report) notMeasuredRows() map[int]bool {
	rows := map[int]bool{}
	i := 0
	for _, s := range r.Sets {
		for _, sys := range r.Systems {
			if r.result(sys.Name, s.Name) == nil {
				continue
			}
			if s.NotMeasured {
				rows[i] = true
			}
			i++
		}
	}
	return rows
}

func htmlTable(b *strings.Builder, t table, grey map[int]bool) {
	id := ""
	if t.ID != "" {
		id = ` id="` + t.ID + `"`
	}
	fmt.Fprintf(b, "<h2%s>%s</h2>\n", id, html.EscapeString(t.Title))
	if t.Note != "" {
		fmt.Fprintf(b, "<p class=\"note\">%s</p>\n", html.EscapeString(t.Note))
	}
	fmt.Fprintf(b, "<table class=\"%s\">\n<tr>", t.ID)
	for _, h := range t.Header {
		fmt.Fprintf(b, "<th>%s</th>", html.EscapeString(h))
	}
	b.WriteString("</tr>\n")
	for ri, row := range t.Rows {
		if grey[ri] {
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
	b.WriteString("</table>\n")
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

// barChart draws one bar per system and set, sets along the x axis, with
// its value written on it and its interval as a whisker. The y axis
// always includes 0, so bar lengths compare; a set without a value (the
// reference in a drop chart, a set not measured) is labelled instead.
func (r *Report) barChart(b *strings.Builder, class, caption, yLabel string, value func(*Result) (float64, *Interval, bool)) {
	type bar struct {
		set, sys int
		v        float64
		iv       *Interval
	}
	var bars []bar
	lo, hi := 0.0, 0.0
	for si, s := range r.Sets {
		for yi := range r.Systems {
			res := r.result(r.Systems[yi].Name, s.Name)
			if res == nil {
				continue
			}
			v, iv, ok := value(res)
			if !ok {
				continue
			}
			bars = append(bars, bar{si, yi, v, iv})
			lo, hi = min(lo, v), max(hi, v)
			if iv != nil && iv.Note == "" {
				lo, hi = min(lo, iv.Low), max(hi, iv.High)
			}
		}
	}
	fmt.Fprintf(b, "<figure>\n<figcaption>%s</figcaption>\n", html.EscapeString(caption))
	if len(bars) == 0 {
		b.WriteString("<p>No values.</p>\n</figure>\n")
		return
	}
	ymin, ymax, step := niceRange(lo, hi)
	nSys := len(r.Systems)
	const left, top, plotH, barW, gap = 56, 22, 240, 34, 26
	groupW := nSys*barW + gap
	width := left + groupW*len(r.Sets) + 10
	height := top + plotH + 48
	y := func(v float64) float64 { return top + plotH - (v-ymin)/(ymax-ymin)*plotH }
	fmt.Fprintf(b, `<svg class="chart %s" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" style="max-width:%dpx" role="img" aria-label="%s">`+"\n",
		class, width, height, width, html.EscapeString(caption))
	for t := ymin; t <= ymax+step/2; t += step {
		fmt.Fprintf(b, `<line class="grid" x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#e4e4e4"/>`, left, width-10, y(t), y(t))
		fmt.Fprintf(b, `<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", left-6, y(t)+4, trimZeros(t))
	}
	fmt.Fprintf(b, `<text transform="translate(14,%d) rotate(-90)" text-anchor="middle">%s</text>`+"\n", top+plotH/2, html.EscapeString(yLabel))
	fmt.Fprintf(b, `<line class="axis" x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#444"/>`+"\n", left, width-10, y(0), y(0))
	has := map[int]bool{}
	for _, p := range bars {
		has[p.set] = true
	}
	for si, s := range r.Sets {
		cx := left + groupW*si + groupW/2
		fmt.Fprintf(b, `<text class="set-label" x="%d" y="%d" text-anchor="middle">%s</text>`+"\n", cx, top+plotH+20, html.EscapeString(s.Name))
		if !has[si] {
			why := "reference"
			if s.NotMeasured {
				why = "not measured"
			} else if s.Name != r.Reference {
				why = "no value"
			}
			fmt.Fprintf(b, `<text class="set-note" x="%d" y="%d" text-anchor="middle" style="fill:#777">%s</text>`+"\n", cx, top+plotH+36, why)
		}
	}
	for _, p := range bars {
		x := float64(left+groupW*p.set+gap/2) + float64(barW*p.sys)
		col := palette[p.sys%len(palette)]
		y0, y1 := y(0), y(p.v)
		title := fmt.Sprintf("%s on %s: %s", r.Systems[p.sys].Name, r.Sets[p.set].Name, f2(p.v))
		if p.iv != nil {
			title += " " + ci(p.iv)
		}
		fmt.Fprintf(b, `<rect class="bar" x="%.1f" y="%.1f" width="%d" height="%.1f" fill="%s"><title>%s</title></rect>`+"\n",
			x+2, min(y0, y1), barW-4, math.Abs(y1-y0), col, html.EscapeString(title))
		cx := x + barW/2
		labelY := min(y0, y1) - 4
		if p.iv != nil && p.iv.Note == "" {
			fmt.Fprintf(b, `<line class="whisker" x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="#222" stroke-width="1.2"/>`+"\n", cx, cx, y(p.iv.Low), y(p.iv.High))
			labelY = min(labelY, y(p.iv.High)-4)
		}
		if p.v < 0 {
			labelY = max(y0, y1) + 12
			if p.iv != nil && p.iv.Note == "" {
				labelY = max(labelY, y(p.iv.Low)+12)
			}
		}
		fmt.Fprintf(b, `<text class="value" x="%.1f" y="%.1f" text-anchor="middle">%s</text>`+"\n", cx, labelY, f1s(p.v))
	}
	b.WriteString("</svg>\n</figure>\n")
}

func trimZeros(x float64) string {
	s := fmt.Sprintf("%.2f", x)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		s = "0"
	}
	return s
}

// heatMaps draws the overall B/I/O confusion of every system on every
// set as one figure of small maps, systems in rows and sets in columns,
// each cell with its share (white 0, dark blue 1).
func (r *Report) heatMaps(b *strings.Builder) {
	const cell, gapX, gapY, left, top = 24, 34, 40, 90, 30
	mapW := 3 * cell
	width := left + len(r.Sets)*(mapW+gapX)
	height := top + len(r.Systems)*(3*cell+gapY)
	fmt.Fprintf(b, `<svg class="chart heatmaps" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" style="max-width:%dpx" role="img" aria-label="token label confusion">`+"\n",
		width, height, width)
	for si, s := range r.Sets {
		fmt.Fprintf(b, `<text x="%d" y="14" text-anchor="middle" font-weight="bold">%s</text>`+"\n", left+si*(mapW+gapX)+mapW/2, html.EscapeString(s.Name))
	}
	for yi, sys := range r.Systems {
		y0 := top + yi*(3*cell+gapY)
		fmt.Fprintf(b, `<text x="4" y="%d" font-weight="bold">%s</text>`+"\n", y0+3*cell/2+4, html.EscapeString(sys.Name))
		for si, s := range r.Sets {
			res := r.result(sys.Name, s.Name)
			if res == nil {
				continue
			}
			x0 := left + si*(mapW+gapX)
			m := res.Confusion.Overall
			n := m.Normalized()
			for g := range 3 {
				fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="end" style="font-size:9px">%s</text>`, x0-3, y0+cell*g+cell/2+3, Labels[g])
				for p := range 3 {
					v := n[g][p]
					rc := int(255 - v*(255-8))
					gc := int(255 - v*(255-81))
					bc := int(255 - v*(255-156))
					fg := "#222"
					if v > 0.5 {
						fg = "#fff"
					}
					fmt.Fprintf(b, `<rect class="cell" x="%d" y="%d" width="%d" height="%d" fill="#%02x%02x%02x" stroke="#fff"><title>%s on %s: gold %s → %s: %d tokens (%.3f)</title></rect>`,
						x0+cell*p, y0+cell*g, cell, cell, rc, gc, bc, html.EscapeString(sys.Name), html.EscapeString(s.Name), Labels[g], Labels[p], m[g][p], v)
					fmt.Fprintf(b, `<text class="value" x="%d" y="%d" text-anchor="middle" style="fill:%s;font-size:8px">%s</text>`+"\n", x0+cell*p+cell/2, y0+cell*g+cell/2+3, fg, shortShare(v))
				}
			}
			for p := range 3 {
				fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="middle" style="font-size:9px">%s</text>`, x0+cell*p+cell/2, y0+3*cell+11, Labels[p])
			}
		}
	}
	b.WriteString("</svg>\n<p class=\"note\">Rows: gold label; columns (below each map): predicted label. Hover a cell for its token count.</p>\n")
}

// shortShare prints a share in [0, 1] in three characters: ".75", "1", "0".
func shortShare(v float64) string {
	switch {
	case v >= 0.995:
		return "1"
	case v < 0.005:
		return "0"
	}
	return strings.TrimPrefix(f2(v), "0")
}

// htmlExamples shows the examples with mentions highlighted.
func (r *Report) htmlExamples(b *strings.Builder) {
	if len(r.Examples) == 0 {
		return
	}
	fmt.Fprintf(b, "<h2 id=\"examples\">Examples</h2>\n<p class=\"note\">%s</p>\n",
		html.EscapeString("Sentences where a system failed on the perturbed text, chosen with the seed (first those a system got right on the original). Highlighted: mentions, with their type; wavy underline: changed tokens."))
	for _, ex := range r.Examples {
		fmt.Fprintf(b, "<div class=\"example\"><div><i>%s</i></div>\n", html.EscapeString(ex.where()))
		fmt.Fprintf(b, "<div><b>gold on %s</b> %s</div>\n", html.EscapeString(r.Reference), markedHTML(ex.Original, ex.OriginalGold, nil))
		fmt.Fprintf(b, "<div><b>gold on %s</b> %s</div>\n", html.EscapeString(ex.Set), markedHTML(ex.Perturbed, ex.Gold, ex.Changed))
		for _, s := range ex.Systems {
			fmt.Fprintf(b, "<div><b>%s (%s; %s on %s)</b> %s</div>\n", html.EscapeString(s.System), rightOrWrong(s.Failed), rightOrWrong(s.FailedOriginal), html.EscapeString(r.Reference), markedHTML(ex.Perturbed, s.Predicted, ex.Changed))
		}
		b.WriteString("</div>\n")
	}
}

// htmlMarking writes mentions in <mark> followed by their type, and
// changed tokens underlined.
var htmlMarking = marking{escape: html.EscapeString, open: "<mark>",
	close:       func(typ string) string { return "<sub>" + html.EscapeString(typ) + "</sub></mark>" },
	changedOpen: `<span class="changed">`, changedClose: "</span>"}

// markedHTML writes tokens as HTML (htmlMarking).
func markedHTML(tokens []string, ms []Mention, changed []bool) string {
	return markTokens(tokens, ms, changed, htmlMarking)
}

// glossary explains the kinds of the report and its measures.
func (r *Report) glossary(b *strings.Builder) {
	b.WriteString("<h2 id=\"glossary\">Glossary</h2>\n<dl>\n")
	if p := r.Provenance; p != nil {
		for _, k := range p.Kinds {
			help := k.Help
			if help == "" {
				help = "a kind of stress set"
			}
			fmt.Fprintf(b, "<dt>%s (set %s)</dt><dd>%s</dd>\n", html.EscapeString(k.Name), html.EscapeString(k.Set), html.EscapeString(help))
		}
	}
	for _, g := range [][2]string{
		{"F1", "conlleval span F1 in percent: an entity counts when its boundaries and type equal a gold entity's."},
		{"relative drop", "the loss of F1 on a stress set as a percentage of the F1 on " + r.Reference + " (Araujo et al. 2021); negative when the set scores higher."},
		{"CI", "a paired percentile bootstrap interval over sentences (" + confidence(r) + "); not shown over fewer than " + strconv.Itoa(MinEntities) + " entities."},
		{"changed mentions", "gold and predicted entities covering a token the kind changed, scored alone; beside them the same entities on " + r.Reference + "."},
		{"not measured", "a set that changed under " + trimZeros(100*MinChangedShare) + "% of its targets (mentions for kinds that change mentions, tokens otherwise): its figures are those of a near copy of " + r.Reference + "."},
		{"p", "two-sided approximate randomization test between two systems on one set; \"< x\" when no shuffle reached the observed difference."},
	} {
		fmt.Fprintf(b, "<dt>%s</dt><dd>%s</dd>\n", html.EscapeString(g[0]), html.EscapeString(g[1]))
	}
	b.WriteString("</dl>\n")
}
