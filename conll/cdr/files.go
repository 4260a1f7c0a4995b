package cdr

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/stress-ner/stress/internal/cli"
	"github.com/stress-ner/stress/internal/jsonenc"
)

// FileScorer scores a gold file and a prediction file as the kit does.
type FileScorer struct {
	// Open opens a file by name (conll.Opener.OpenText: "-" and gzip).
	Open func(name string) (io.ReadCloser, error)
	// Format is the format of both files; 0 tells it from the gold's
	// content (sniff), as the kit takes one format for both.
	Format Format
}

// Report is the result of one scoring, with what it scored.
type Report struct {
	Level    Level
	Types    []string
	Format   Format
	Result   Result
	Warnings []string // where the kit silently stopped reading a file
}

// Score reads gold and pred at o's level and scores them.
func (s FileScorer) Score(gold, pred string, o Options) (*Report, error) {
	if o.Types == nil {
		o.Types = DefaultTypes(o.Level)
	}
	rep := &Report{Level: o.Level, Types: o.Types, Format: s.Format}
	g, err := s.read(gold, &rep.Format, o)
	if err != nil {
		return nil, err
	}
	p, err := s.read(pred, &rep.Format, o)
	if err != nil {
		return nil, err
	}
	rep.Result = Score(g, p)
	for _, w := range append(g.Warnings, p.Warnings...) {
		rep.Warnings = append(rep.Warnings, w)
	}
	return rep, nil
}

// read reads one file in *f, telling *f from its content when 0.
func (s FileScorer) read(name string, f *Format, o Options) (*Keys, error) {
	rc, err := s.Open(name)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	br := bufio.NewReaderSize(rc, 64<<10)
	if *f == 0 {
		head, _ := br.Peek(512)
		*f = sniff(head)
	}
	return Read(br, name, *f, o)
}

// reportFormats are the formats WriteReport writes.
var reportFormats = []string{"text", "json", "markdown", "csv"}

// WriteReport writes rep in format "text" (the kit's six lines, byte for
// byte), "json" (level, types, format, tp, fp, fn, precision, recall,
// f1: null where the kit prints NaN), "markdown" or "csv".
func WriteReport(w io.Writer, rep *Report, format string) error {
	r := rep.Result
	switch format {
	case "text":
		_, err := io.WriteString(w, r.String())
		return err
	case "json":
		return jsonenc.Encode(w, struct {
			Level     string   `json:"level"`
			Types     []string `json:"types"`
			Format    string   `json:"format"`
			TP        int      `json:"tp"`
			FP        int      `json:"fp"`
			FN        int      `json:"fn"`
			Precision *float64 `json:"precision"`
			Recall    *float64 `json:"recall"`
			F1        *float64 `json:"f1"`
		}{rep.Level.String(), rep.Types, rep.Format.String(), r.TP, r.FP, r.FN, orNull(r.Precision()), orNull(r.Recall()), orNull(r.FScore())})
	case "markdown":
		_, err := fmt.Fprintf(w, "| level | types | TP | FP | FN | precision | recall | F-score |\n|---|---|---:|---:|---:|---:|---:|---:|\n| %s | %s | %d | %d | %d | %s | %s | %s |\n",
			rep.Level, strings.Join(rep.Types, "\\|"), r.TP, r.FP, r.FN, javaDouble(r.Precision()), javaDouble(r.Recall()), javaDouble(r.FScore()))
		return err
	case "csv":
		cw := csv.NewWriter(w)
		cw.Write([]string{"level", "types", "tp", "fp", "fn", "precision", "recall", "f_score"})
		cw.Write([]string{rep.Level.String(), strings.Join(rep.Types, "|"), fmt.Sprint(r.TP), fmt.Sprint(r.FP), fmt.Sprint(r.FN),
			javaDouble(r.Precision()), javaDouble(r.Recall()), javaDouble(r.FScore())})
		cw.Flush()
		return cw.Error()
	}
	return fmt.Errorf("unknown report format %q (want %s)", format, strings.Join(reportFormats, ", "))
}

func orNull(f float64) *float64 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil
	}
	return &f
}

// Flags are the options of "stress score" that score at the kit's
// levels: --level into Options.Level, --type (split by SplitTypes, as
// the kit splits it, once the command knows --level) and --in-format.
type Flags struct {
	Options         Options
	Types, InFormat string
}

// Bind binds the options of scoring at the kit's levels; no --level
// leaves Options.Level 0.
func (o *Flags) Bind(f *cli.Flags) {
	cli.Parsed(f, &o.Options.Level, "level", "", "", parseLevelFlag, "score PubTator or BioC --gold and --pred as the BioCreative V CDR kit does: mention, id (concept ids per document) or relation (chemical-disease pairs per document)")
	f.String(&o.Types, "type", "", "", "with --level: the mention types (default Disease) or relation types (default CID) scored, several as A|B, as the kit's scripts pass them")
	f.Enum(&o.InFormat, "in-format", "", "", []string{"pubtator", "bioc"}, "with --level: the format of both files (default: from the gold's content)")
}

// parseLevelFlag is ParseLevel of --level, whose default is no level.
func parseLevelFlag(s string) (Level, error) {
	if s == "" {
		return 0, nil
	}
	return ParseLevel(s)
}
