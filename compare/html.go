package compare

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"math"
	"strings"

	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/internal/htmlpage"
)

// The HTML report is written as plain strings with inline SVG rather than
// with a plotting library: the charts are two simple kinds (points with
// whiskers, 3×3 heat maps), the output must open offline with no scripts
// or external resources, and direct generation keeps the bytes
// deterministic (golden-testable) without a new dependency.

// palette holds distinguishable colours for systems (Okabe–Ito, safe for
// colour-blind readers).
var palette = []string{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000"}

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

// WriteHTML writes r as one self-contained HTML page: the tables, F1 per
// set with confidence whiskers, relative drops, and the confusion heat
// maps as inline SVG.
func (r *Report) WriteHTML(w io.Writer) error {
	var b strings.Builder
	htmlpage.Head(&b, "Stress comparison", `body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:1100px}
table{border-collapse:collapse;margin:0.5em 0 1.5em}
th,td{border:1px solid #ccc;padding:2px 8px}
td.num{text-align:right;font-variant-numeric:tabular-nums}
th{background:#f0f0f0}
svg{display:block;margin:0.5em 0}
svg text{font-size:12px;fill:#222}
.legend span{display:inline-block;margin-right:1.5em}
.legend i{display:inline-block;width:12px;height:12px;margin-right:4px;vertical-align:middle}
.maps{display:flex;flex-wrap:wrap;gap:1em}
`)
	b.WriteString("<h1>Stress comparison</h1>\n")
	fmt.Fprintf(&b, "<p>%s.</p>\n", html.EscapeString(r.summary()))
	b.WriteString(`<div class="legend">`)
	for i, s := range r.Systems {
		fmt.Fprintf(&b, `<span><i style="background:%s"></i>%s</span>`, palette[i%len(palette)], html.EscapeString(s.Name))
	}
	b.WriteString("</div>\n<h2>F1 per set</h2>\n")
	r.pointChart(&b, "f1-chart", "F1 (%)", func(res *Result) (float64, *Interval, bool) {
		return res.Overall.F1, res.Overall.F1CI, true
	})
	var sets []string
	for _, s := range r.Sets {
		if s.Name != r.Reference {
			sets = append(sets, s.Name)
		}
	}
	if len(sets) > 0 {
		fmt.Fprintf(&b, "<h2>Relative drop from %s</h2>\n", html.EscapeString(r.Reference))
		r.pointChart(&b, "drop-chart", "drop (% of F1)", func(res *Result) (float64, *Interval, bool) {
			if res.Drop == nil {
				return 0, nil, false
			}
			return res.Drop.Value, res.Drop.CI, true
		})
	}
	b.WriteString("<h2>Token label confusion (row-normalized, gold rows → predicted columns)</h2>\n")
	for _, sys := range r.Systems {
		fmt.Fprintf(&b, "<h3>%s</h3>\n<div class=\"maps\">\n", html.EscapeString(sys.Name))
		for _, res := range sys.Results {
			heatMap(&b, res.Set+" · all types", res.Confusion.Overall)
			for _, t := range res.Confusion.Types {
				heatMap(&b, res.Set+" · "+t.Type, t.Matrix)
			}
		}
		b.WriteString("</div>\n")
	}
	for _, t := range r.tables() {
		fmt.Fprintf(&b, "<h2>%s</h2>\n<table>\n<tr>", html.EscapeString(t.Title))
		for _, h := range t.Header {
			fmt.Fprintf(&b, "<th>%s</th>", html.EscapeString(h))
		}
		b.WriteString("</tr>\n")
		for _, row := range t.Rows {
			b.WriteString("<tr>")
			for i, c := range row {
				if t.Right[i] {
					fmt.Fprintf(&b, `<td class="num">%s</td>`, html.EscapeString(c))
				} else {
					fmt.Fprintf(&b, "<td>%s</td>", html.EscapeString(c))
				}
			}
			b.WriteString("</tr>\n")
		}
		b.WriteString("</table>\n")
	}
	b.WriteString("</body>\n</html>\n")
	_, err := io.WriteString(w, b.String())
	return err
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

// pointChart draws one value per system and set as a dot with its
// confidence interval as a whisker, sets along the x axis.
func (r *Report) pointChart(b *strings.Builder, class, yLabel string, value func(*Result) (float64, *Interval, bool)) {
	type pt struct {
		set, sys int
		v        float64
		iv       *Interval
	}
	var pts []pt
	lo, hi := math.Inf(1), math.Inf(-1)
	var sets []string
	for si, s := range r.Sets {
		any := false
		for yi := range r.Systems {
			res := r.result(r.Systems[yi].Name, s.Name)
			if res == nil {
				continue
			}
			v, iv, ok := value(res)
			if !ok {
				continue
			}
			any = true
			pts = append(pts, pt{si, yi, v, iv})
			lo, hi = min(lo, v), max(hi, v)
			if iv != nil {
				lo, hi = min(lo, iv.Low), max(hi, iv.High)
			}
		}
		if any {
			sets = append(sets, s.Name)
		} else {
			sets = append(sets, "")
		}
	}
	if len(pts) == 0 {
		b.WriteString("<p>No values.</p>\n")
		return
	}
	ymin, ymax, step := niceRange(lo, hi)
	const left, top, plotH, groupW = 60, 10, 260, 140
	width := left + groupW*len(r.Sets) + 20
	height := top + plotH + 40
	y := func(v float64) float64 { return top + plotH - (v-ymin)/(ymax-ymin)*plotH }
	fmt.Fprintf(b, `<svg class="%s" xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="%s">`+"\n",
		class, width, height, width, height, html.EscapeString(yLabel))
	for t := ymin; t <= ymax+step/2; t += step {
		fmt.Fprintf(b, `<line class="grid" x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>`, left, width-20, y(t), y(t))
		fmt.Fprintf(b, `<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", left-6, y(t)+4, trimZeros(t))
	}
	fmt.Fprintf(b, `<text transform="translate(14,%d) rotate(-90)" text-anchor="middle">%s</text>`+"\n", top+plotH/2, html.EscapeString(yLabel))
	fmt.Fprintf(b, `<line class="axis" x1="%d" x2="%d" y1="%d" y2="%d" stroke="#444"/>`+"\n", left, width-20, top+plotH, top+plotH)
	for si, name := range sets {
		fmt.Fprintf(b, `<text class="set-label" x="%d" y="%d" text-anchor="middle">%s</text>`+"\n", left+groupW*si+groupW/2, top+plotH+20, html.EscapeString(name))
	}
	n := len(r.Systems)
	for _, p := range pts {
		x := float64(left+groupW*p.set) + float64(groupW)*(float64(p.sys)+1)/float64(n+1)
		col := palette[p.sys%len(palette)]
		title := fmt.Sprintf("%s on %s: %s", r.Systems[p.sys].Name, r.Sets[p.set].Name, f2(p.v))
		if p.iv != nil {
			title += " " + ci(p.iv)
			fmt.Fprintf(b, `<line class="whisker" x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="%s" stroke-width="2"/>`, x, x, y(p.iv.Low), y(p.iv.High), col)
			for _, v := range []float64{p.iv.Low, p.iv.High} {
				fmt.Fprintf(b, `<line class="whisker-cap" x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="%s" stroke-width="2"/>`, x-6, x+6, y(v), y(v), col)
			}
		}
		fmt.Fprintf(b, `<circle class="point" cx="%.1f" cy="%.1f" r="5" fill="%s"><title>%s</title></circle>`+"\n", x, y(p.v), col, html.EscapeString(title))
	}
	b.WriteString("</svg>\n")
}

func trimZeros(x float64) string {
	s := fmt.Sprintf("%.2f", x)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		s = "0"
	}
	return s
}

// heatMap draws a row-normalized 3×3 confusion matrix: white for 0, dark
// blue for 1, with the share and the count in each cell.
func heatMap(b *strings.Builder, title string, m Matrix) {
	const cell, left, top = 56, 34, 40
	size := left + 3*cell + 10
	n := m.Normalized()
	fmt.Fprintf(b, `<svg class="heatmap" xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="%s">`+"\n",
		size, top+3*cell+10, size, top+3*cell+10, html.EscapeString(title))
	fmt.Fprintf(b, `<text x="%d" y="14" text-anchor="middle" font-weight="bold">%s</text>`+"\n", left+3*cell/2, html.EscapeString(title))
	for i, l := range Labels {
		fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="middle">%s</text>`, left+cell*i+cell/2, top-6, l)
		fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="end">%s</text>`+"\n", left-6, top+cell*i+cell/2+4, l)
	}
	for g := range 3 {
		for p := range 3 {
			v := n[g][p]
			// Interpolate from white to #08519c.
			rc := int(255 - v*(255-8))
			gc := int(255 - v*(255-81))
			bc := int(255 - v*(255-156))
			fg := "#222"
			if v > 0.5 {
				fg = "#fff"
			}
			fmt.Fprintf(b, `<rect class="cell" x="%d" y="%d" width="%d" height="%d" fill="#%02x%02x%02x" stroke="#fff"><title>gold %s → %s: %d tokens (%.3f)</title></rect>`,
				left+cell*p, top+cell*g, cell, cell, rc, gc, bc, Labels[g], Labels[p], m[g][p], v)
			fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="middle" style="fill:%s">%s</text>`+"\n", left+cell*p+cell/2, top+cell*g+cell/2+4, fg, f2(v))
		}
	}
	b.WriteString("</svg>\n")
}
