package main

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/jsonenc"
	"github.com/stress-ner/stress/iob"
)

func init() {
	register(&command{
		Name:    "score",
		Summary: "score predicted tags against gold tags with conlleval's span F1",
		Usage: "[-d DELIM] [-o OUTSIDE] [-r] [-l] [FILE]\n" +
			"       stress score --gold GOLD --pred PRED [flags]\n\n" +
			"FILE (default: standard input) is conlleval input: one token per line,\n" +
			"the gold tag in the last but one column, the predicted tag in the last,\n" +
			"a blank line or a -X- line between sentences. The text report is\n" +
			"byte-identical to the conlleval script's, and so is the exit status\n" +
			"where conlleval refuses the input. With --gold and --pred, two corpus\n" +
			"files (CoNLL columns or JSON Lines) are aligned token by token.",
		Bind: bind(func(f *flags, o *scoreOptions) {
			f.String(&o.delim, "delimiter", "d", " ", "field separator of conlleval input (a Perl-style pattern, as conlleval -d)")
			f.String(&o.eval.Outside, "outside", "o", "O", "outside tag for -r (as conlleval -o) and for --mode strict")
			f.Bool(&o.eval.Raw, "raw", "r", false, "tags have no B-/I- prefixes: every non-outside tag is a one-token entity (conlleval -r)")
			f.Bool(&o.latex, "latex", "l", false, "print conlleval's LaTeX table (text format only)")
			f.String(&o.gold, "gold", "", "", "gold corpus file (with --pred)")
			f.String(&o.pred, "pred", "", "", "predicted corpus file (with --gold)")
			f.Enum(&o.format, "format", "", "text", []string{"text", "json", "markdown", "csv"}, "output format: text, json, markdown or csv")
			Parsed(f, &o.eval.Mode, "mode", "", "conlleval", conll.ParseMode, "entity reading: conlleval, or strict (seqeval strict IOB2: entities start with B-)")
			Parsed(f, &o.scheme, "scheme", "", "", iob.ParseScheme, "convert tags from iob1, iob2 or iobes to IOB2 before scoring (default: score tags as they are)")
			o.set = f.Changed
		}, runScore),
	})
}

// scoreOptions are the flags of "stress score".
type scoreOptions struct {
	delim, gold, pred, format string
	eval                      conll.EvalOptions
	latex                     bool
	scheme                    iob.Scheme
	set                       func(string) bool
}

func runScore(_ context.Context, e *env, o *scoreOptions, args []string) error {
	delim, latex, goldPath, predPath, format, opt, scheme := o.delim, o.latex, o.gold, o.pred, o.format, o.eval, o.scheme
	convert := o.set("scheme")
	var err error
	if latex && format != "text" {
		return usageErrorf("-l needs --format text")
	}
	if delim == "" {
		return usageErrorf("-d needs a non-empty delimiter")
	}

	var counts conll.Counts
	switch {
	case goldPath != "" || predPath != "":
		if goldPath == "" || predPath == "" {
			return usageErrorf("--gold and --pred go together")
		}
		if len(args) > 0 {
			return usageErrorf("FILE cannot be combined with --gold and --pred")
		}
		if o.set("delimiter") {
			return usageErrorf("-d applies to conlleval input; corpus files are read by format")
		}
		counts, err = scoreCorpora(goldPath, predPath, opt, convert, scheme)
		if err != nil {
			return err
		}
	default:
		if len(args) > 1 {
			return usageErrorf("at most one FILE")
		}
		name, in := "-", e.Stdin
		if len(args) == 1 && args[0] != "-" {
			name = args[0]
			f, err := conll.OpenText(name)
			if err != nil {
				return err
			}
			defer f.Close()
			in = f
		}
		ev := conll.NewEvaluator(in)
		ev.File = name
		ev.Delimiter = delim
		ev.Options = opt
		ev.Convert, ev.Scheme = convert, scheme
		counts, err = ev.Evaluate()
		if err != nil {
			// Refuse as conlleval does: nothing on stdout, its exit status.
			return &exitError{Code: conll.ConllevalStatus(err), Err: err}
		}
	}

	warnIssues(e.Stderr, counts)
	switch format {
	case "json":
		return writeScoreJSON(e.Stdout, counts, opt)
	case "markdown":
		return writeScoreMarkdown(e.Stdout, counts)
	case "csv":
		return writeScoreCSV(e.Stdout, counts)
	}
	if latex {
		return conll.WriteReport(e.Stdout, counts, conll.ReportLaTeX)
	}
	return conll.WriteReport(e.Stdout, counts)
}

// scoreCorpora aligns two corpus files sentence by sentence and token by
// token and scores them.
func scoreCorpora(goldPath, predPath string, opt conll.EvalOptions, convert bool, scheme iob.Scheme) (conll.Counts, error) {
	gf, err := conll.Open(goldPath)
	if err != nil {
		return conll.Counts{}, err
	}
	defer gf.Close()
	pf, err := conll.Open(predPath)
	if err != nil {
		return conll.Counts{}, err
	}
	defer pf.Close()
	sc := conll.NewScorer(opt)
	for n := 1; ; n++ {
		gs, gerr := gf.Read()
		ps, perr := pf.Read()
		if gerr != nil && gerr != io.EOF {
			return conll.Counts{}, gerr
		}
		if perr != nil && perr != io.EOF {
			return conll.Counts{}, perr
		}
		if gerr == io.EOF && perr == io.EOF {
			return sc.Counts(), nil
		}
		if gerr == io.EOF || perr == io.EOF {
			long, lname, short := gs, goldPath, predPath
			if gerr == io.EOF {
				long, lname, short = ps, predPath, goldPath
			}
			return conll.Counts{}, fmt.Errorf("%s:%d: %w: sentence %d has no counterpart in %s, which has only %d sentences",
				lname, long.Line, conll.ErrMismatch, n, short, n-1)
		}
		if len(gs.Tokens) != len(ps.Tokens) {
			return conll.Counts{}, fmt.Errorf("%s:%d and %s:%d: %w: sentence %d has %d tokens in %s and %d in %s",
				goldPath, gs.Line, predPath, ps.Line, conll.ErrMismatch, n, len(gs.Tokens), goldPath, len(ps.Tokens), predPath)
		}
		for i := range gs.Tokens {
			if gs.Tokens[i] != ps.Tokens[i] {
				return conll.Counts{}, fmt.Errorf("%s:%d and %s:%d: %w: token %q in %s, %q in %s",
					goldPath, gs.Line+i, predPath, ps.Line+i, conll.ErrMismatch, gs.Tokens[i], goldPath, ps.Tokens[i], predPath)
			}
		}
		gt, pt := gs.Tags, ps.Tags
		if convert && !opt.Raw {
			if gt, err = convertTags(gt, scheme, goldPath, gs.Line); err != nil {
				return conll.Counts{}, err
			}
			if pt, err = convertTags(pt, scheme, predPath, ps.Line); err != nil {
				return conll.Counts{}, err
			}
		}
		sc.Add(gt, pt)
	}
}

func convertTags(tags []string, scheme iob.Scheme, file string, line int) ([]string, error) {
	out, err := iob.Convert(tags, scheme, iob.IOB2)
	var te *iob.TagError
	if errors.As(err, &te) {
		return nil, fmt.Errorf("%s:%d: %w %q for scheme %v", file, line+te.Pos, iob.ErrInvalidTag, te.Tag, scheme)
	}
	return out, err
}

// warnIssues says on stderr how many tags conlleval reads as entity
// starts although valid IOB2 forbids them.
func warnIssues(w io.Writer, c conll.Counts) {
	describe := func(is iob.Issues) string {
		return fmt.Sprintf("%d I- tag(s) starting an entity and %d type change(s) inside an entity", is.IStarts, is.TypeChanges)
	}
	if c.GoldIssues.Any() {
		fmt.Fprintf(w, "stress score: warning: gold has %s (conlleval counts them as entity starts; see --mode strict)\n", describe(c.GoldIssues))
	}
	if c.PredIssues.Any() {
		fmt.Fprintf(w, "stress score: warning: prediction has %s (conlleval counts them as entity starts; see --mode strict)\n", describe(c.PredIssues))
	}
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

func newScoreRow(typ string, t conll.TypeCounts) scoreRow {
	return scoreRow{Type: typ, Precision: t.Precision(), Recall: t.Recall(), F1: t.F1(),
		TP: t.TP(), FP: t.FP(), FN: t.FN(), Gold: t.Gold, Pred: t.Pred}
}

type issuesJSON struct {
	IStarts     int `json:"i_starts"`
	TypeChanges int `json:"type_changes"`
}

func writeScoreJSON(w io.Writer, c conll.Counts, opt conll.EvalOptions) error {
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

func writeScoreMarkdown(w io.Writer, c conll.Counts) error {
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
	return strings.ReplaceAll(s, "|", `\|`)
}

func writeScoreCSV(w io.Writer, c conll.Counts) error {
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
