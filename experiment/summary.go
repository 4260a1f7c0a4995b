package experiment

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/internal/textutil"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/report"
)

// Row picks one system of a report for a summary table.
type Row struct {
	Model  string // model, e.g. "chars"
	Train  string // training set, e.g. "O" or "O+K"
	System string // system name in the report
}

// kindLetter returns the paper's letter for a set named after a kind (its
// perturb.Kind.Letter: K for keyboard, W for swap, S for synonym); other
// names (including "O") are returned as they are.
func kindLetter(name string) string {
	if k, err := perturb.Lookup(name); err == nil && k.Letter != "" {
		return k.Letter
	}
	return name
}

// TableOptions select what a summary table shows.
type TableOptions struct {
	// Markdown writes a GitHub-flavoured Markdown table instead of
	// aligned text.
	Markdown bool
	// Drops adds each set's relative drop from the reference set, in
	// percent of the reference F1 (the paper's Table 3).
	Drops bool
	// Train adds the training set column (the paper's Table 4).
	Train bool
}

// WriteTable writes one line per row with the system's overall F1 on
// every set of the report, in set order. Figures are the report's own,
// rounded to two decimals like conlleval.
func WriteTable(w io.Writer, rep *compare.Report, rows []Row, opts TableOptions) error {
	lines, err := tableLines(rep, rows, opts)
	if err != nil {
		return err
	}
	if opts.Markdown {
		return writeMarkdown(w, lines)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	for _, l := range lines {
		fmt.Fprintf(tw, "%s\t\n", strings.Join(l, "\t"))
	}
	return tw.Flush()
}

// tableLines are the header and rows of WriteTable's table.
func tableLines(rep *compare.Report, rows []Row, opts TableOptions) ([][]string, error) {
	systems := map[string]*compare.System{}
	for i := range rep.Systems {
		systems[rep.Systems[i].Name] = &rep.Systems[i]
	}
	header := []string{"model"}
	if opts.Train {
		header = append(header, "train")
	}
	for _, s := range rep.Sets {
		l := kindLetter(s.Name)
		header = append(header, l+" F1")
		if opts.Drops && s.Name != rep.Reference {
			header = append(header, l+" drop %")
		}
	}
	lines := [][]string{header}
	for _, r := range rows {
		sys, ok := systems[r.System]
		if !ok {
			return nil, fmt.Errorf("%w: system %q is not in the report", ErrOption, r.System)
		}
		byset := map[string]*compare.Result{}
		for i := range sys.Results {
			byset[sys.Results[i].Set] = &sys.Results[i]
		}
		line := []string{r.Model}
		if opts.Train {
			line = append(line, r.Train)
		}
		for _, s := range rep.Sets {
			res := byset[s.Name]
			if res == nil {
				line = append(line, "")
			} else {
				line = append(line, fmt.Sprintf("%.2f", res.Overall.F1))
			}
			if opts.Drops && s.Name != rep.Reference {
				switch {
				case s.NotMeasured:
					// A set that changed under 1% of its mentions
					// measures nothing: no drop is shown.
					line = append(line, "not measured")
				case res == nil || res.Drop == nil:
					line = append(line, "")
				default:
					line = append(line, fmt.Sprintf("%.2f", res.Drop.Value))
				}
			}
		}
		lines = append(lines, line)
	}
	return lines, nil
}

func writeMarkdown(w io.Writer, lines [][]string) error {
	var b strings.Builder
	for i, l := range lines {
		b.WriteString(textutil.MarkdownRow(l))
		if i == 0 {
			b.WriteString("|")
			for j := range l {
				if j == 0 || (j == 1 && l[1] == "train") {
					b.WriteString("---|")
				} else {
					b.WriteString("---:|")
				}
			}
			b.WriteString("\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// summaryTables are the paper's Table 3 (systems trained on the
// original data: F1 per set and relative drop) and, when there are
// augmented systems, Table 4 (F1 per training set), as report tables: a
// run puts them after the comparison's headline.
func summaryTables(rep *compare.Report, systems []System) ([]report.Section, error) {
	var t3, t4 []Row
	augmented := false
	for _, s := range systems {
		if s.Train == "O" || s.Train == "" {
			t3 = append(t3, s.Row())
		}
		if s.Train != "" {
			t4 = append(t4, s.Row())
			augmented = augmented || s.Train != "O"
		}
	}
	// Table 4 groups the rows by model, in the order models first appear.
	rank := map[string]int{}
	for _, r := range t4 {
		if _, ok := rank[r.Model]; !ok {
			rank[r.Model] = len(rank)
		}
	}
	sort.SliceStable(t4, func(i, j int) bool { return rank[t4[i].Model] < rank[t4[j].Model] })
	table3, err := summaryTable(rep, t3, TableOptions{Drops: true})
	if err != nil {
		return nil, err
	}
	table3.ID, table3.Title = "paper-table-3", "F1 on original (O) and stress sets (K keyboard, W swap, S synonym), relative drop in % of O"
	out := []report.Section{table3}
	if augmented {
		table4, err := summaryTable(rep, t4, TableOptions{Train: true})
		if err != nil {
			return nil, err
		}
		table4.ID, table4.Title = "paper-table-4", "F1 of baselines trained on original (O) and original + perturbed (O+K, O+W, O+S) data"
		out = append(out, table4)
	}
	return out, nil
}

// summaryTable is WriteTable's table as a report table.
func summaryTable(rep *compare.Report, rows []Row, opts TableOptions) (*report.Table, error) {
	lines, err := tableLines(rep, rows, opts)
	if err != nil {
		return nil, err
	}
	t := &report.Table{Header: lines[0], Rows: lines[1:]}
	for i := range t.Header {
		t.Right = append(t.Right, i > 0 && !(i == 1 && opts.Train))
	}
	return t, nil
}
