package score

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/stress-ner/stress/internal/jsonenc"
)

// semevalFields is one mode's counts as nervaluate reports them, with
// precision, recall and F1 as fractions.
type semevalFields struct {
	Correct   int     `json:"correct"`
	Incorrect int     `json:"incorrect"`
	Partial   int     `json:"partial"`
	Missed    int     `json:"missed"`
	Spurious  int     `json:"spurious"`
	Possible  int     `json:"possible"`
	Actual    int     `json:"actual"`
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	F1        float64 `json:"f1"`
}

func newSemevalFields(c SemEvalCounts) semevalFields {
	return semevalFields{c.Correct, c.Incorrect, c.Partial, c.Missed, c.Spurious, c.Possible(), c.Actual(),
		c.Precision(), c.Recall(), c.F1()}
}

// semevalModes is the four modes by name, in nervaluate's key names.
type semevalModes struct {
	Strict  semevalFields `json:"strict"`
	Exact   semevalFields `json:"exact"`
	Partial semevalFields `json:"partial"`
	EntType semevalFields `json:"ent_type"`
}

func newSemevalModes(m SemEvalModeCounts) semevalModes {
	return semevalModes{newSemevalFields(m[semStrict]), newSemevalFields(m[semExact]),
		newSemevalFields(m[semPartial]), newSemevalFields(m[semType])}
}

// writeSemEval writes s in format "text", "json", "markdown" or "csv":
// for each of nervaluate's modes, overall and per type, the counts
// correct, incorrect, partial, missed, spurious, possible and actual, and
// precision, recall and F1 as fractions. The JSON report has, under
// "overall" and under each type's name in "types", one object per mode
// name ("strict", "exact", "partial", "ent_type") with nervaluate's
// field names.
func writeSemEval(w io.Writer, s *SemEval, format string) error {
	switch format {
	case "text":
		return writeSemEvalText(w, s)
	case "json":
		return writeSemEvalJSON(w, s)
	case "markdown":
		return writeSemEvalMarkdown(w, s)
	case "csv":
		return writeSemEvalCSV(w, s)
	}
	return fmt.Errorf("unknown score format %q (want text, %s)", format, strings.Join(scoreFormats, ", "))
}

func writeSemEvalJSON(w io.Writer, s *SemEval) error {
	report := struct {
		Mode    string                  `json:"mode"`
		Tokens  int                     `json:"tokens"`
		Overall semevalModes            `json:"overall"`
		Types   map[string]semevalModes `json:"types"`
	}{Mode: "semeval", Tokens: s.Tokens, Overall: newSemevalModes(s.Overall), Types: map[string]semevalModes{}}
	for t, m := range s.Types {
		report.Types[t] = newSemevalModes(*m)
	}
	return jsonenc.Encode(w, report)
}

// semevalRows calls row for the overall counts of each mode, then for
// each type's.
func semevalRows(s *SemEval, row func(scope, typ string, m SemEvalMode, c SemEvalCounts)) {
	for _, m := range SemEvalModes {
		row("overall", "", m, s.Overall[m])
	}
	for _, t := range s.SortedTypes() {
		for _, m := range SemEvalModes {
			row("type", t, m, s.Types[t][m])
		}
	}
}

func writeSemEvalText(w io.Writer, s *SemEval) error {
	var b strings.Builder
	fmt.Fprintf(&b, "SemEval-2013 (nervaluate) scores over %d tokens\n", s.Tokens)
	header := func(title string) {
		fmt.Fprintf(&b, "\n%s\n%-17s %8s %9s %7s %6s %8s %8s %6s %9s %6s %6s\n", title,
			"", "correct", "incorrect", "partial", "missed", "spurious", "possible", "actual", "precision", "recall", "f1")
	}
	last := "-"
	semevalRows(s, func(scope, typ string, m SemEvalMode, c SemEvalCounts) {
		if typ != last {
			if scope == "overall" {
				header("overall")
			} else {
				header("type " + typ)
			}
			last = typ
		}
		fmt.Fprintf(&b, "%17s %8d %9d %7d %6d %8d %8d %6d %9.4f %6.4f %6.4f\n", m, c.Correct, c.Incorrect, c.Partial,
			c.Missed, c.Spurious, c.Possible(), c.Actual(), c.Precision(), c.Recall(), c.F1())
	})
	_, err := io.WriteString(w, b.String())
	return err
}

func writeSemEvalMarkdown(w io.Writer, s *SemEval) error {
	var b strings.Builder
	b.WriteString("| type | mode | correct | incorrect | partial | missed | spurious | possible | actual | precision | recall | F1 |\n")
	b.WriteString("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	semevalRows(s, func(scope, typ string, m SemEvalMode, c SemEvalCounts) {
		name := "**overall**"
		if scope == "type" {
			name = markdownCell(typ)
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %d | %d | %d | %d | %d | %.4f | %.4f | %.4f |\n", name, m, c.Correct, c.Incorrect,
			c.Partial, c.Missed, c.Spurious, c.Possible(), c.Actual(), c.Precision(), c.Recall(), c.F1())
	})
	fmt.Fprintf(&b, "\n%d tokens; precision and recall as SemEval-2013: partial mode gives half credit to partial matches.\n", s.Tokens)
	_, err := io.WriteString(w, b.String())
	return err
}

func writeSemEvalCSV(w io.Writer, s *SemEval) error {
	cw := csv.NewWriter(w)
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 4, 64) }
	d := strconv.Itoa
	cw.Write([]string{"scope", "type", "mode", "correct", "incorrect", "partial", "missed", "spurious", "possible", "actual", "precision", "recall", "f1"})
	semevalRows(s, func(scope, typ string, m SemEvalMode, c SemEvalCounts) {
		cw.Write([]string{scope, typ, m.String(), d(c.Correct), d(c.Incorrect), d(c.Partial), d(c.Missed), d(c.Spurious),
			d(c.Possible()), d(c.Actual()), f(c.Precision()), f(c.Recall()), f(c.F1())})
	})
	cw.Flush()
	return cw.Error()
}
