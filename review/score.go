package review

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/stress-ner/stress/internal/jsonenc"
	"github.com/stress-ner/stress/internal/textutil"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/report"
)

// Rate is the share of valid items among the items judged, with its
// Wilson 95% interval.
type Rate struct {
	Items int     `json:"items"`
	Valid int     `json:"valid"`
	Rate  float64 `json:"rate"`
	Low   float64 `json:"ci_low"`
	High  float64 `json:"ci_high"`
}

func newRate(valid, items int) Rate {
	r := Rate{Items: items, Valid: valid}
	if items > 0 {
		r.Rate = float64(valid) / float64(items)
		r.Low, r.High = Wilson(valid, items, Z95)
	}
	return r
}

// GroupRate is the rate of the items sharing one value of a key column
// (the items of one kind, entity type or source).
type GroupRate struct {
	By    string `json:"by"`
	Value string `json:"value"`
	Rate
}

// JudgeSummary is one judge's own figures: items judged, how many with
// the valid label, with unsure and with a flaw, and their rate of valid
// items.
type JudgeSummary struct {
	Judge  string `json:"judge"`
	Unsure int    `json:"unsure"`
	Flawed int    `json:"flawed"`
	Rate
}

// Agreement is the agreement of the judges on the items all of them
// judged: Cohen's kappa for two judges, Fleiss' for more, over the
// labels as chosen and over valid or not. A kappa is nil when it is
// undefined (every judgement the same label).
type Agreement struct {
	Method     string   `json:"method"` // "cohen" or "fleiss"
	Judges     int      `json:"judges"`
	Items      int      `json:"items"`
	Observed   float64  `json:"observed"` // share of agreeing judge pairs
	Kappa      *float64 `json:"kappa"`
	KappaValid *float64 `json:"kappa_valid"`
}

// LabelCount is how often a label was chosen over all judgements.
type LabelCount struct {
	Label string `json:"label"`
	Role  string `json:"role"`
	Count int    `json:"count"`
}

// ItemJudgement is one judge's judgement of a flagged item.
type ItemJudgement struct {
	Judge string `json:"judge"`
	Label string `json:"label"`
	Note  string `json:"note,omitempty"`
}

// Flagged is an item that at least one judge gave a flaw label, with
// its key row and every judgement of it.
type Flagged struct {
	Item       string          `json:"item"`
	Kind       string          `json:"kind"`
	Type       string          `json:"type"`
	Source     string          `json:"source"`
	File       string          `json:"file"`
	Line       int             `json:"line"`
	Before     string          `json:"before"`
	After      string          `json:"after"`
	Concept    string          `json:"concept_id,omitempty"`
	Judgements []ItemJudgement `json:"judgements"`
}

// Report is what Score finds.
type Report struct {
	Key     string         `json:"key"`
	Items   int            `json:"items"`  // in the key
	Judged  int            `json:"judged"` // by at least one judge
	Valid   string         `json:"valid"`  // the valid label, or "valid" when kinds differ
	Rule    string         `json:"rule"`
	Overall Rate           `json:"overall"`
	Groups  []GroupRate    `json:"groups"`
	Judges  []JudgeSummary `json:"judges"`
	Labels  []LabelCount   `json:"labels"`
	// Agreement is nil with one judge, or when no item was judged by
	// every judge.
	Agreement *Agreement `json:"agreement"`
	Flagged   []Flagged  `json:"flagged"`
}

// rule says when an item counts as valid (Report.Rule).
const rule = "an item counts as valid when more than half of the judges who judged it chose its first label"

// validItem applies rule to the roles of one item's judgements.
func validItem(roles []Role) bool {
	valid := 0
	for _, r := range roles {
		if r == Valid {
			valid++
		}
	}
	return 2*valid > len(roles)
}

// ErrNoJudgements means Score was given no judgement at all.
var ErrNoJudgements = errors.New("no judgements")

// Score scores the judgements of the items of key, one Judgements per
// judge (see Report and rule).
func Score(key *Key, judges []*Judgements) (*Report, error) {
	rep := &Report{Key: key.File, Items: len(key.Rows), Rule: rule}
	per := make([]judged, len(key.Rows))
	for i := range per {
		per[i] = judged{labels: make([]string, len(judges)), notes: make([]string, len(judges))}
	}
	summarizeJudges(rep, key, judges, per)

	groups := map[[2]string]*tally{}
	validAll := 0
	var allRated, allBinary [][]string // items judged by every judge: labels (and valid or not) by judge
	for i, row := range key.Rows {
		var rs []Role
		for _, l := range per[i].labels {
			if l != "" {
				rs = append(rs, RoleOf(row.Labels, l))
			}
		}
		if len(rs) == 0 {
			continue
		}
		rep.Judged++
		v := validItem(rs)
		if v {
			validAll++
		}
		gs := [][2]string{{byKind, row.Change.Kind}, {ByType, row.Type}, {bySource, row.Change.Source}}
		if st := perturb.StratumOf(row.Change); st != "" {
			gs = append(gs, [2]string{byStratum, st})
		}
		for _, g := range gs {
			t := groups[g]
			if t == nil {
				t = &tally{}
				groups[g] = t
			}
			t.items++
			if v {
				t.valid++
			}
		}
		if len(rs) == len(judges) {
			allRated = append(allRated, per[i].labels)
			b := make([]string, len(rs))
			for j, r := range rs {
				b[j] = "not valid"
				if r == Valid {
					b[j] = "valid"
				}
			}
			allBinary = append(allBinary, b)
		}
		if slices.Contains(rs, flaw) {
			f := Flagged{Item: row.Item, Kind: row.Change.Kind, Type: row.Type, Source: row.Change.Source,
				File: row.Change.File, Line: row.Line, Before: row.Change.Before, After: row.Change.After, Concept: row.Change.ConceptID}
			for j, l := range per[i].labels {
				if l != "" {
					f.Judgements = append(f.Judgements, ItemJudgement{Judge: judges[j].Judge, Label: l, Note: per[i].notes[j]})
				}
			}
			rep.Flagged = append(rep.Flagged, f)
		}
	}
	if rep.Judged == 0 {
		return nil, fmt.Errorf("%w: none of the %d judgement files judges an item of %s", ErrNoJudgements, len(judges), key.File)
	}
	rep.Overall = newRate(validAll, rep.Judged)
	rep.Groups = groupRates(groups)
	if len(judges) >= 2 && len(allRated) > 0 {
		rep.Agreement = agreement(allRated, allBinary, len(judges))
	}
	return rep, nil
}

// judged holds one item's labels and notes by judge ("" when a judge
// did not judge it).
type judged struct {
	labels []string
	notes  []string
}

// tally counts the items of a group and the valid ones.
type tally struct{ valid, items int }

// summarizeJudges fills in rep's per-judge rates, its label counts (in
// the order the key offers labels) and the name of a valid item, and
// per, each item's judgements.
func summarizeJudges(rep *Report, key *Key, judges []*Judgements, per []judged) {
	counts := map[string]int{}
	roles := map[string]Role{} // of each label, among the labels of the first item offering it
	var labelOrder []string
	for _, row := range key.Rows {
		for _, l := range row.Labels {
			if !hasKey(roles, l) {
				roles[l] = RoleOf(row.Labels, l)
				labelOrder = append(labelOrder, l)
			}
		}
	}
	for j, js := range judges {
		s := JudgeSummary{Judge: js.Judge}
		valid := 0
		for _, jd := range js.List {
			i := key.index[jd.Item]
			per[i].labels[j], per[i].notes[j] = jd.Label, jd.Note
			counts[jd.Label]++
			switch RoleOf(key.Rows[i].Labels, jd.Label) {
			case Valid:
				valid++
			case abstain:
				s.Unsure++
			default:
				s.Flawed++
			}
		}
		s.Rate = newRate(valid, len(js.List))
		rep.Judges = append(rep.Judges, s)
	}
	for _, l := range labelOrder {
		rep.Labels = append(rep.Labels, LabelCount{Label: l, Role: roles[l].String(), Count: counts[l]})
	}
	firsts := map[string]bool{}
	for _, row := range key.Rows {
		firsts[row.Labels[0]] = true
	}
	rep.Valid = "valid"
	if len(firsts) == 1 {
		rep.Valid = key.Rows[0].Labels[0]
	}
}

// groupRates returns the rates of groups by kind, then type, then
// source, values in order.
func groupRates(groups map[[2]string]*tally) []GroupRate {
	keys := make([][2]string, 0, len(groups))
	for g := range groups {
		keys = append(keys, g)
	}
	colOrder := map[string]int{byKind: 0, ByType: 1, bySource: 2, byStratum: 3}
	sort.Slice(keys, func(a, b int) bool {
		if keys[a][0] != keys[b][0] {
			return colOrder[keys[a][0]] < colOrder[keys[b][0]]
		}
		return keys[a][1] < keys[b][1]
	})
	var out []GroupRate
	for _, g := range keys {
		t := groups[g]
		out = append(out, GroupRate{By: g[0], Value: g[1], Rate: newRate(t.valid, t.items)})
	}
	return out
}

func hasKey[K comparable, V any](m map[K]V, k K) bool {
	_, ok := m[k]
	return ok
}

// agreement computes the kappas of items judged by every judge: rated
// holds each item's labels by judge, binary whether each is valid.
func agreement(rated, binary [][]string, judges int) *Agreement {
	a := &Agreement{Judges: judges, Items: len(rated)}
	set := func(p **float64, k float64, ok bool) {
		if ok {
			*p = &k
		}
	}
	if judges == 2 {
		a.Method = "cohen"
		col := func(rs [][]string, j int) []string {
			out := make([]string, len(rs))
			for i := range rs {
				out[i] = rs[i][j]
			}
			return out
		}
		k, ok := CohenKappa(col(rated, 0), col(rated, 1))
		set(&a.Kappa, k, ok)
		k, ok = CohenKappa(col(binary, 0), col(binary, 1))
		set(&a.KappaValid, k, ok)
		agree := 0
		for _, r := range rated {
			if r[0] == r[1] {
				agree++
			}
		}
		a.Observed = float64(agree) / float64(len(rated))
		return a
	}
	a.Method = "fleiss"
	k, obs, ok := FleissKappa(rated)
	set(&a.Kappa, k, ok)
	a.Observed = obs
	k, _, ok = FleissKappa(binary)
	set(&a.KappaValid, k, ok)
	return a
}

// pct formats a share as a percentage with one decimal.
func pct(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) }

// ci formats an interval as "a–b" percentages.
func ciText(r Rate) string {
	if r.Items == 0 {
		return ""
	}
	return pct(r.Low) + "–" + pct(r.High)
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func kappaText(k *float64) string {
	if k == nil {
		return "undefined"
	}
	return strconv.FormatFloat(*k, 'f', 2, 64)
}

// Sentence is the report's result in one sentence, as a paper would
// write it: "In a blind sample of 100 changes, 85.0% were judged natural
// (95% CI 76.7–90.7); 2 annotators, Cohen's κ = 0.71."
func (r *Report) Sentence() string {
	s := fmt.Sprintf("In a blind sample of %d changes, %s%% were judged %s (95%% CI %s)", r.Judged, pct(r.Overall.Rate), r.Valid, ciText(r.Overall))
	switch n := len(r.Judges); {
	case n == 1:
		s += "; one annotator"
	case r.Agreement != nil:
		name := "Cohen's"
		if r.Agreement.Method == "fleiss" {
			name = "Fleiss'"
		}
		s += fmt.Sprintf("; %d annotators, %s κ = %s", n, name, kappaText(r.Agreement.Kappa))
	default:
		s += fmt.Sprintf("; %d annotators", n)
	}
	return s + "."
}

// Write writes the report in format f: aligned text or Markdown tables,
// the Report as JSON, or CSV (one row per rate: overall, each group and
// each judge, with the agreement on the overall row).
func (r *Report) Write(w io.Writer, f report.Format) error {
	switch f {
	case report.JSON:
		return jsonenc.Encode(w, r)
	case report.CSV:
		return r.writeCSV(w)
	case report.Markdown:
		return r.writeTables(w, true)
	}
	return r.writeTables(w, false)
}

// csvHeader is the header row of the CSV report.
var csvHeader = []string{"scope", "value", "items", "valid", "rate", "ci_low", "ci_high", "agreement", "agreement_items", "observed", "kappa", "kappa_valid"}

func (r *Report) writeCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	num := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	row := func(scope, value string, rt Rate) []string {
		return []string{scope, value, strconv.Itoa(rt.Items), strconv.Itoa(rt.Valid), num(rt.Rate), num(rt.Low), num(rt.High), "", "", "", "", ""}
	}
	cw.Write(csvHeader)
	all := row("overall", "", r.Overall)
	if a := r.Agreement; a != nil {
		all[7], all[8], all[9] = a.Method, strconv.Itoa(a.Items), num(a.Observed)
		if a.Kappa != nil {
			all[10] = num(*a.Kappa)
		}
		if a.KappaValid != nil {
			all[11] = num(*a.KappaValid)
		}
	}
	cw.Write(all)
	for _, g := range r.Groups {
		cw.Write(row(g.By, g.Value, g.Rate))
	}
	for _, j := range r.Judges {
		cw.Write(row("judge", j.Judge, j.Rate))
	}
	cw.Flush()
	return cw.Error()
}

// grid is a table for the text and Markdown reports.
type grid struct {
	title  string
	header []string
	rows   [][]string
}

func (g grid) write(w io.Writer, md bool) error {
	if md {
		fmt.Fprintf(w, "\n### %s\n\n", textutil.MarkdownText(g.title))
		io.WriteString(w, textutil.MarkdownRow(g.header))
		sep := make([]string, len(g.header))
		for i := range sep {
			sep[i] = "---"
		}
		io.WriteString(w, "|"+strings.Join(sep, "|")+"|\n")
		for _, row := range g.rows {
			io.WriteString(w, textutil.MarkdownRow(row))
		}
		return nil
	}
	fmt.Fprintf(w, "\n%s\n", g.title)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	io.WriteString(tw, strings.Join(g.header, "\t")+"\n")
	for _, row := range g.rows {
		io.WriteString(tw, strings.Join(row, "\t")+"\n")
	}
	return tw.Flush()
}

func (r *Report) writeTables(w io.Writer, md bool) error {
	if md {
		fmt.Fprintf(w, "## Validity of the changes (%s)\n\n%s\n\n*%s.*\n", textutil.MarkdownText(r.Key), textutil.MarkdownText(r.Sentence()), textutil.MarkdownText(capitalize(r.Rule)))
	} else {
		fmt.Fprintf(w, "Validity of the changes (%s)\n%s\n%s.\n", r.Key, r.Sentence(), capitalize(r.Rule))
	}
	if md {
		io.WriteString(w, "\n")
	}
	fmt.Fprintf(w, "Judged: %d of the %d items of the key.\n", r.Judged, r.Items)
	rateRow := func(scope, value string, rt Rate) []string {
		return []string{scope, value, strconv.Itoa(rt.Items), strconv.Itoa(rt.Valid), pct(rt.Rate) + "%", ciText(rt)}
	}
	rates := grid{title: "Share of items judged " + r.Valid + " (Wilson 95% intervals)",
		header: []string{"scope", "value", "items", r.Valid, "rate", "95% CI"}}
	rates.rows = append(rates.rows, rateRow("all", "", r.Overall))
	for _, g := range r.Groups {
		rates.rows = append(rates.rows, rateRow(g.By, orDash(g.Value), g.Rate))
	}
	judges := grid{title: "Judges", header: []string{"judge", "items", r.Valid, unsure, "flaw", "rate", "95% CI"}}
	for _, j := range r.Judges {
		judges.rows = append(judges.rows, []string{j.Judge, strconv.Itoa(j.Items), strconv.Itoa(j.Valid), strconv.Itoa(j.Unsure),
			strconv.Itoa(j.Flawed), pct(j.Rate.Rate) + "%", ciText(j.Rate)})
	}
	labels := grid{title: "Labels chosen", header: []string{"label", "role", "judgements"}}
	for _, l := range r.Labels {
		labels.rows = append(labels.rows, []string{l.Label, l.Role, strconv.Itoa(l.Count)})
	}
	for _, g := range []grid{rates, judges, labels} {
		if err := g.write(w, md); err != nil {
			return err
		}
	}
	if a := r.Agreement; a != nil {
		name := map[string]string{"cohen": "Cohen's kappa", "fleiss": "Fleiss' kappa"}[a.Method]
		g := grid{title: fmt.Sprintf("Agreement of the %d judges on the %d items all of them judged", a.Judges, a.Items),
			header: []string{"measure", "value"}, rows: [][]string{
				{"observed agreement", pct(a.Observed) + "%"},
				{name + ", labels", kappaText(a.Kappa)},
				{name + ", " + r.Valid + " or not", kappaText(a.KappaValid)},
			}}
		if err := g.write(w, md); err != nil {
			return err
		}
	} else if len(r.Judges) > 1 {
		fmt.Fprintf(w, "\nNo item was judged by all %d judges: no agreement to measure.\n", len(r.Judges))
	}
	fl := grid{title: fmt.Sprintf("Flagged items: %d (a flaw label from at least one judge)", len(r.Flagged)),
		header: []string{"item", "kind", "type", "source", "change", "judgements"}}
	for _, f := range r.Flagged {
		var js []string
		for _, j := range f.Judgements {
			s := j.Label
			if j.Note != "" {
				s += " (" + j.Note + ")"
			}
			js = append(js, s)
		}
		fl.rows = append(fl.rows, []string{f.Item, f.Kind, f.Type, orDash(f.Source), cellSpace.Replace(f.Before + " -> " + f.After), cellSpace.Replace(strings.Join(js, "; "))})
	}
	return fl.write(w, md)
}
