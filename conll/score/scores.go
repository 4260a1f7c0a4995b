package score

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/stress-ner/stress/internal/jsonenc"
	"github.com/stress-ner/stress/internal/textutil"
)

// scoreFormats are the formats of writeScores besides conlleval's text
// report (WriteReport).
var scoreFormats = []string{"json", "markdown", "csv"}

// writeScores writes counts as a table in format "json", "markdown" or
// "csv": per type and overall precision, recall, F1 and counts. opt
// records the mode in the JSON report.
func writeScores(w io.Writer, c Counts, format string, opt EvalOptions) error {
	switch format {
	case "json":
		return writeScoreJSON(w, c, opt)
	case "markdown":
		return writeScoreMarkdown(w, c)
	case "csv":
		return writeScoreCSV(w, c)
	}
	return fmt.Errorf("unknown score format %q (want %s)", format, strings.Join(scoreFormats, ", "))
}

// WriteResult writes the result of a scoring in opt.Mode as "stress
// score" prints it, in format "text", "json", "markdown" or "csv".
//
// In ModeSemEval it writes sem: for each of nervaluate's modes, overall
// and per type, the counts correct, incorrect, partial, missed,
// spurious, possible and actual, and precision, recall and F1 as
// fractions. The JSON report has, under "overall" and under each type's
// name in "types", one object per mode name ("strict", "exact",
// "partial", "ent_type") with nervaluate's field names.
//
// In the other modes it writes c: for format "text", conlleval's report
// (its LaTeX table with latex; WriteReport); else a table of per type
// and overall precision, recall, F1 and counts, whose JSON form records
// opt's mode.
func WriteResult(w io.Writer, c Counts, sem *SemEval, opt EvalOptions, format string, latex bool) error {
	switch {
	case opt.Mode == ModeSemEval:
		return writeSemEval(w, sem, format)
	case format != "text":
		return writeScores(w, c, format, opt)
	case latex:
		return writeReport(w, c, true)
	}
	return WriteReport(w, c)
}

// scoreRow is one line of the non-text reports.
type scoreRow struct {
	Type      string  `json:"type,omitempty"`
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	F1        float64 `json:"f1"`
	TP        int     `json:"tp"`
	FP        int     `json:"fp"`
	FN        int     `json:"fn"`
	Gold      int     `json:"gold"`
	Pred      int     `json:"predicted"`
}

func newScoreRow(typ string, t TypeCounts) scoreRow {
	return scoreRow{Type: typ, Precision: t.Precision(), Recall: t.Recall(), F1: t.F1(),
		TP: t.TP(), FP: t.FP(), FN: t.FN(), Gold: t.Gold, Pred: t.Pred}
}

type issuesJSON struct {
	IStarts     int `json:"i_starts"`
	TypeChanges int `json:"type_changes"`
}

func writeScoreJSON(w io.Writer, c Counts, opt EvalOptions) error {
	report := struct {
		Mode        string     `json:"mode"`
		Tokens      int        `json:"tokens"`
		CorrectTags int        `json:"correct_tags"`
		Accuracy    float64    `json:"accuracy"`
		Overall     scoreRow   `json:"overall"`
		Types       []scoreRow `json:"types"`
		GoldIssues  issuesJSON `json:"gold_issues"`
		PredIssues  issuesJSON `json:"pred_issues"`
	}{
		Mode: opt.Mode.String(), Tokens: c.Tokens, CorrectTags: c.CorrectTags, Accuracy: c.Accuracy(),
		Overall:    newScoreRow("", c.Overall()),
		Types:      []scoreRow{},
		GoldIssues: issuesJSON{c.GoldIssues.IStarts, c.GoldIssues.TypeChanges},
		PredIssues: issuesJSON{c.PredIssues.IStarts, c.PredIssues.TypeChanges},
	}
	for _, typ := range c.SortedTypes() {
		report.Types = append(report.Types, newScoreRow(typ, c.Types[typ]))
	}
	return jsonenc.Encode(w, report)
}

func writeScoreMarkdown(w io.Writer, c Counts) error {
	var b strings.Builder
	b.WriteString("| type | precision | recall | F1 | TP | FP | FN | gold | predicted |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	row := func(name string, r scoreRow) {
		fmt.Fprintf(&b, "| %s | %.2f | %.2f | %.2f | %d | %d | %d | %d | %d |\n",
			name, r.Precision, r.Recall, r.F1, r.TP, r.FP, r.FN, r.Gold, r.Pred)
	}
	for _, typ := range c.SortedTypes() {
		row(markdownCell(typ), newScoreRow(typ, c.Types[typ]))
	}
	row("**overall**", newScoreRow("", c.Overall()))
	fmt.Fprintf(&b, "\nToken accuracy: %.2f%% (%d of %d tokens)\n", c.Accuracy(), c.CorrectTags, c.Tokens)
	_, err := io.WriteString(w, b.String())
	return err
}

func markdownCell(s string) string {
	if s == "" {
		return "(none)"
	}
	return textutil.MarkdownText(s)
}

func writeScoreCSV(w io.Writer, c Counts) error {
	cw := csv.NewWriter(w)
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 4, 64) }
	d := strconv.Itoa
	cw.Write([]string{"scope", "type", "precision", "recall", "f1", "tp", "fp", "fn", "gold", "predicted", "tokens", "correct_tags", "accuracy"})
	o := newScoreRow("", c.Overall())
	cw.Write([]string{"overall", "", f(o.Precision), f(o.Recall), f(o.F1), d(o.TP), d(o.FP), d(o.FN), d(o.Gold), d(o.Pred),
		d(c.Tokens), d(c.CorrectTags), f(c.Accuracy())})
	for _, typ := range c.SortedTypes() {
		r := newScoreRow(typ, c.Types[typ])
		cw.Write([]string{"type", typ, f(r.Precision), f(r.Recall), f(r.F1), d(r.TP), d(r.FP), d(r.FN), d(r.Gold), d(r.Pred), "", "", ""})
	}
	cw.Flush()
	return cw.Error()
}
