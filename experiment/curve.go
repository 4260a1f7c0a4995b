package experiment

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"html"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/internal/htmlpage"
	"github.com/stress-ner/stress/internal/jsonenc"
	"github.com/stress-ner/stress/internal/textutil"
	"github.com/stress-ner/stress/perturb"
	perturbkinds "github.com/stress-ner/stress/perturb/kinds"
	"github.com/stress-ner/stress/report"
	"github.com/stress-ner/stress/stressset"
)

// Curve describes a robustness curve: each kind applied to the test set
// at each rate (the share of eligible words changed, Selection.Rate), so
// that a report shows how F1 falls as the noise grows rather than one
// number at one strength.
type Curve struct {
	Kinds     []perturb.ManifestKind
	Rates     []float64 // in (0, 1], in the order reported
	Seed      uint64
	Selection perturb.Selection // its Rate is replaced by each rate in turn
	Workers   int
}

// ParseRates parses a comma-separated list of distinct rates in (0, 1],
// such as "0.1,0.25,0.5,1".
func ParseRates(s string) ([]float64, error) {
	var out []float64
	seen := map[float64]bool{}
	for _, item := range textutil.SplitList(s) {
		r, err := strconv.ParseFloat(item, 64)
		if err != nil || !(r > 0 && r <= 1) {
			return nil, fmt.Errorf("rate %q: want a share in (0, 1]", item)
		}
		if seen[r] {
			return nil, fmt.Errorf("rate %s given twice", item)
		}
		seen[r] = true
		out = append(out, r)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no rates")
	}
	return out, nil
}

// CurvePoint names the set of one kind at one rate.
type CurvePoint struct {
	Kind string  `json:"kind"`
	Rate float64 `json:"rate"`
	Set  string  `json:"set"`
}

// originalSet is the name of the unperturbed set, rate 0 of every curve.
const originalSet = "O"

// Validate reports a bad rate or an empty curve.
func (c *Curve) Validate() error {
	if len(c.Kinds) == 0 || len(c.Rates) == 0 {
		return fmt.Errorf("%w: a curve needs kinds and rates", ErrNoData)
	}
	seen := map[float64]bool{}
	for _, r := range c.Rates {
		if !(r > 0 && r <= 1) || seen[r] {
			return &perturb.OptionError{Option: "rates", Value: strconv.FormatFloat(r, 'g', -1, 64), Want: "distinct shares in (0, 1]"}
		}
		seen[r] = true
	}
	return nil
}

// setName is the name of the set of kind at rate: "keyboard@0.25".
func setName(kind string, rate float64) string {
	return kind + "@" + strconv.FormatFloat(rate, 'g', -1, 64)
}

// Sets builds the sets of the curve from test, each through the
// pipeline with its checks and change log: the original first, then
// every kind at every rate. The perturbed sets carry their changes, so
// reports can score perturbed and untouched entities apart.
func (c *Curve) Sets(ctx context.Context, test []conll.Sentence) ([]stressset.Set, []CurvePoint, error) {
	if err := c.Validate(); err != nil {
		return nil, nil, err
	}
	sets := []stressset.Set{{Name: originalSet, File: originalSet, Gold: test}}
	var points []CurvePoint
	for _, mk := range c.Kinds {
		bk, err := perturbkinds.New(mk) // checks the suffix, as a build does
		if err != nil {
			return nil, nil, err
		}
		for _, rate := range c.Rates {
			name := setName(mk.Name, rate)
			set, err := c.perturbAt(ctx, test, mk.Name, bk.Perturbation, rate, name)
			if err != nil {
				bk.Close()
				return nil, nil, fmt.Errorf("%s: %w", name, err)
			}
			sets = append(sets, set)
			points = append(points, CurvePoint{Kind: mk.Name, Rate: rate, Set: name})
		}
		bk.Close()
	}
	return sets, points, nil
}

func (c *Curve) perturbAt(ctx context.Context, test []conll.Sentence, kind string, p perturb.Perturbation, rate float64, name string) (stressset.Set, error) {
	sel := c.Selection
	sel.Rate = rate
	selector, err := perturbkinds.NewSelector(sel, c.Seed)
	if err != nil {
		return stressset.Set{}, err
	}
	if err := perturb.CheckSelectionOf(sel, []perturb.ManifestKind{{Name: kind}}); err != nil {
		return stressset.Set{}, err
	}
	var out collector
	var changes []perturb.Change
	pl := &perturb.Pipeline{Seed: c.Seed, Selector: selector, Workers: c.Workers,
		Changes: func(ch perturb.Change) error { changes = append(changes, ch); return nil },
		Steps:   []perturb.Step{{Name: kind, File: name, Perturbation: p, Out: &out}}}
	if _, err := pl.Run(ctx, &sliceSource{sents: test}); err != nil {
		return stressset.Set{}, err
	}
	// Mapped onto the perturbed sentences exactly as for a build on disk.
	ch := stressset.ChangedSpans(changes)[name]
	if ch == nil {
		ch = []stressset.Span{}
	}
	return stressset.Set{Name: name, File: name, Gold: out.sents, Changed: ch}, nil
}

// CurveReport is F1 against rate, per system and kind.
type CurveReport struct {
	Seed       uint64       `json:"seed"`
	Samples    int          `json:"samples"`
	Confidence float64      `json:"confidence"`
	Kinds      []string     `json:"kinds"`
	Rates      []float64    `json:"rates"` // without the original's 0
	Systems    []string     `json:"systems"`
	Points     []CurveF1    `json:"points"` // per system, kind, then rate (0 first)
	Sets       []CurvePoint `json:"sets"`
}

// CurveF1 is one point of a curve.
type CurveF1 struct {
	System string            `json:"system"`
	Kind   string            `json:"kind"`
	Rate   float64           `json:"rate"`
	Set    string            `json:"set"`
	F1     float64           `json:"f1"`
	F1CI   *compare.Interval `json:"f1_ci,omitempty"`
}

// newCurveReport reads the points of the curve off a comparison report
// of its sets (see Curve.Sets and Evaluate).
func newCurveReport(c *Curve, rep *compare.Report, points []CurvePoint) (*CurveReport, error) {
	cr := &CurveReport{Seed: rep.Seed, Samples: rep.Samples, Confidence: rep.Confidence, Rates: c.Rates, Sets: points}
	for _, k := range c.Kinds {
		cr.Kinds = append(cr.Kinds, k.Name)
	}
	for _, sys := range rep.Systems {
		cr.Systems = append(cr.Systems, sys.Name)
		bySet := map[string]compare.Result{}
		for _, r := range sys.Results {
			bySet[r.Set] = r
		}
		orig, ok := bySet[originalSet]
		if !ok {
			return nil, fmt.Errorf("%w: %s has no result on the original set", ErrNoData, sys.Name)
		}
		for _, kind := range cr.Kinds {
			cr.Points = append(cr.Points, CurveF1{System: sys.Name, Kind: kind, Rate: 0, Set: originalSet,
				F1: orig.Overall.F1, F1CI: orig.Overall.F1CI})
			for _, p := range points {
				if p.Kind != kind {
					continue
				}
				r, ok := bySet[p.Set]
				if !ok {
					return nil, fmt.Errorf("%w: %s has no result on %s", ErrNoData, sys.Name, p.Set)
				}
				cr.Points = append(cr.Points, CurveF1{System: sys.Name, Kind: kind, Rate: p.Rate, Set: p.Set,
					F1: r.Overall.F1, F1CI: r.Overall.F1CI})
			}
		}
	}
	return cr, nil
}

// series returns the points of one system and kind, rate 0 first.
func (cr *CurveReport) series(system, kind string) []CurveF1 {
	var out []CurveF1
	for _, p := range cr.Points {
		if p.System == system && p.Kind == kind {
			out = append(out, p)
		}
	}
	return out
}

func rateLabel(r float64) string { return strconv.FormatFloat(r, 'g', -1, 64) }

func f1Cell(p CurveF1) string {
	if p.F1CI == nil {
		return fmt.Sprintf("%.2f", p.F1)
	}
	return fmt.Sprintf("%.2f [%.2f, %.2f]", p.F1, p.F1CI.Low, p.F1CI.High)
}

// Write writes the report: per kind, a table of F1 (with its interval)
// by system and rate in text or Markdown; every point as JSON or as CSV
// rows (system, kind, rate, set, f1, f1_low, f1_high); the page of
// WriteHTML. Another format is an error wrapping report.ErrUnknownFormat.
func (cr *CurveReport) Write(w io.Writer, f report.Format) error {
	switch f {
	case report.JSON:
		b, err := jsonenc.Marshal(cr)
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	case report.CSV:
		cw := csv.NewWriter(w)
		cw.Write([]string{"system", "kind", "rate", "set", "f1", "f1_low", "f1_high"})
		for _, p := range cr.Points {
			lo, hi := "", ""
			if p.F1CI != nil {
				lo, hi = fmt.Sprintf("%.4f", p.F1CI.Low), fmt.Sprintf("%.4f", p.F1CI.High)
			}
			cw.Write([]string{p.System, p.Kind, rateLabel(p.Rate), p.Set, fmt.Sprintf("%.4f", p.F1), lo, hi})
		}
		cw.Flush()
		return cw.Error()
	case report.HTML:
		return cr.WriteHTML(w)
	case report.Text, report.Markdown:
	default:
		return fmt.Errorf("%w %v", report.ErrUnknownFormat, f)
	}
	md := f == report.Markdown
	header := []string{"system"}
	header = append(header, "0 (O)")
	for _, r := range cr.Rates {
		header = append(header, rateLabel(r))
	}
	for i, kind := range cr.Kinds {
		if i > 0 {
			fmt.Fprintln(w)
		}
		ci := ""
		if cr.Samples > 0 {
			ci = fmt.Sprintf(", %.0f%% bootstrap intervals", 100*cr.Confidence)
		}
		if md {
			fmt.Fprintf(w, "**%s**: F1 by rate (share of eligible words changed)%s\n\n", textutil.MarkdownText(kind), textutil.MarkdownText(ci))
			fmt.Fprintf(w, "%s|%s\n", textutil.MarkdownRow(header), strings.Repeat("---|", len(header)))
		} else {
			fmt.Fprintf(w, "%s: F1 by rate (share of eligible words changed)%s\n", kind, ci)
		}
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		if !md {
			fmt.Fprintf(tw, "%s\t\n", strings.Join(header, "\t"))
		}
		for _, sys := range cr.Systems {
			row := []string{sys}
			for _, p := range cr.series(sys, kind) {
				row = append(row, f1Cell(p))
			}
			if md {
				io.WriteString(w, textutil.MarkdownRow(row))
			} else {
				fmt.Fprintf(tw, "%s\t\n", strings.Join(row, "\t"))
			}
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}

// curvePalette colours the systems of the chart (Okabe-Ito, readable
// by colour-blind readers).
var curvePalette = []string{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"}

// WriteHTML writes a standalone page: per kind, a line chart of F1
// against rate, one line per system with its bootstrap intervals as
// error bars, and the table of Write.
func (cr *CurveReport) WriteHTML(w io.Writer) error {
	var b strings.Builder
	htmlpage.Head(&b, "Stress robustness curves", `body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:1100px}
svg text{font-size:12px;fill:#222}
.legend span{display:inline-block;margin-right:1.5em}
.legend i{display:inline-block;width:12px;height:3px;margin-right:4px;vertical-align:middle}
pre{background:#f6f6f6;padding:0.5em}
`)
	b.WriteString("<h1>Robustness curves</h1>\n")
	fmt.Fprintf(&b, "<p>F1 against the share of eligible words changed (rate 0: the original set); seed %d", cr.Seed)
	if cr.Samples > 0 {
		fmt.Fprintf(&b, ", %.0f%% bootstrap intervals from %d samples", 100*cr.Confidence, cr.Samples)
	}
	b.WriteString(".</p>\n<div class=\"legend\">")
	for i, s := range cr.Systems {
		fmt.Fprintf(&b, `<span><i style="background:%s"></i>%s</span>`, curvePalette[i%len(curvePalette)], html.EscapeString(s))
	}
	b.WriteString("</div>\n")
	for _, kind := range cr.Kinds {
		fmt.Fprintf(&b, "<h2>%s</h2>\n", html.EscapeString(kind))
		cr.chart(&b, kind)
	}
	var table strings.Builder
	if err := cr.Write(&table, report.Text); err != nil {
		return err
	}
	fmt.Fprintf(&b, "<h2>Table</h2>\n<pre>%s</pre>\n</body>\n</html>\n", html.EscapeString(table.String()))
	_, err := io.WriteString(w, b.String())
	return err
}

// chart draws the line chart of one kind as inline SVG.
func (cr *CurveReport) chart(b *strings.Builder, kind string) {
	const width, height, left, right, top, bottom = 560.0, 300.0, 50.0, 20.0, 15.0, 40.0
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range cr.Points {
		if p.Kind != kind {
			continue
		}
		l, h := p.F1, p.F1
		if p.F1CI != nil {
			l, h = min(l, p.F1CI.Low), max(h, p.F1CI.High)
		}
		lo, hi = min(lo, l), max(hi, h)
	}
	if math.IsInf(lo, 0) {
		return
	}
	// A y axis from a round value below the lowest point to one above
	// the highest, so that the fall is visible and not flattened at 0.
	lo = math.Max(0, math.Floor(lo/10)*10)
	hi = math.Min(100, math.Ceil(hi/10)*10)
	if hi <= lo {
		hi = lo + 10
	}
	x := func(r float64) float64 { return left + r*(width-left-right) }
	y := func(f float64) float64 { return top + (hi-f)/(hi-lo)*(height-top-bottom) }
	fmt.Fprintf(b, `<svg width="%.0f" height="%.0f" role="img" aria-label="F1 against rate for %s">`+"\n", width, height, html.EscapeString(kind))
	fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#888"/>`, left, y(lo), width-right, y(lo))
	fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#888"/>`+"\n", left, top, left, y(lo))
	for v := lo; v <= hi+1e-9; v += 10 {
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="end">%.0f</text><line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#eee"/>`+"\n",
			left-6, y(v)+4, v, left, y(v), width-right, y(v))
	}
	for _, r := range append([]float64{0}, cr.Rates...) {
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`+"\n", x(r), y(lo)+16, rateLabel(r))
	}
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle">rate</text>`+"\n", (left+width-right)/2, height-4)
	fmt.Fprintf(b, `<text x="12" y="%.1f" transform="rotate(-90 12 %.1f)" text-anchor="middle">F1 (%%)</text>`+"\n", (top+y(lo))/2, (top+y(lo))/2)
	for i, sys := range cr.Systems {
		col := curvePalette[i%len(curvePalette)]
		var pts []string
		for _, p := range cr.series(sys, kind) {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(p.Rate), y(p.F1)))
			if p.F1CI != nil {
				fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s"/>`, x(p.Rate), y(p.F1CI.Low), x(p.Rate), y(p.F1CI.High), col)
			}
			fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"><title>%s %s: %s</title></circle>`+"\n",
				x(p.Rate), y(p.F1), col, html.EscapeString(sys), html.EscapeString(p.Set), f1Cell(p))
		}
		fmt.Fprintf(b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2"/>`+"\n", strings.Join(pts, " "), col)
	}
	b.WriteString("</svg>\n")
}

// Run builds the sets of the curve from test, tags the original and
// every set with the systems of sys (loaded here, their tags checked
// against the entity types of test) and compares them with samples
// bootstrap samples. It also returns the systems' warnings about
// unknown tags (see Loaded.Warnings).
func (c *Curve) Run(ctx context.Context, test []conll.Sentence, sys *Systems, samples int) (*CurveReport, []string, error) {
	logf := sys.Logf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	var kinds, rates []string
	for _, k := range c.Kinds {
		kinds = append(kinds, k.Name)
	}
	for _, r := range c.Rates {
		rates = append(rates, rateLabel(r))
	}
	if err := sys.ReadTrain(); err != nil { // an empty training file fails before the build
		return nil, nil, err
	}
	logf("building %s at rates %s from %d sentences", strings.Join(kinds, ", "), strings.Join(rates, ", "), len(test))
	st := sys.Progress.Start(fmt.Sprintf("building %s at %d rates", strings.Join(kinds, ", "), len(rates)), -1, "")
	sets, points, err := c.Sets(ctx, test)
	if err != nil {
		return nil, nil, err
	}
	st.Done(fmt.Sprintf("%d sets of %d sentences", len(sets)-1, len(test)))
	loaded, err := sys.Load(ctx, test)
	if err != nil {
		return nil, nil, err
	}
	defer loaded.Close()
	cmp := compare.New()
	cmp.Samples, cmp.Seed, cmp.Workers = samples, c.Seed, c.Workers
	tagging, bootstrap := workersUsed(cmp, loaded.Systems)
	logf("tagging %d sets with %d systems, %d at once (%d bootstrap samples on %d workers)",
		len(sets), len(loaded.Systems), tagging, samples, bootstrap)
	rep, err := evaluate(ctx, sys.Progress, cmp, sets, loaded.Systems, nil)
	if err != nil {
		return nil, nil, err
	}
	cr, err := newCurveReport(c, rep, points)
	return cr, loaded.Warnings(), err
}

// WriteHTMLFile writes the page of WriteHTML to path, atomically. Unless
// replace is set (--force), a file at path, there already or appearing
// meanwhile, is not replaced (atomicfile.ErrExists).
func (cr *CurveReport) WriteHTMLFile(path string, replace bool) error {
	var page bytes.Buffer
	if err := cr.WriteHTML(&page); err != nil {
		return err
	}
	if err := atomicfile.WriteFile(path, page.Bytes(), !replace); err != nil {
		return fmt.Errorf("write html report: %w", err)
	}
	return nil
}
