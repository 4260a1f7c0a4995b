package score

import "github.com/stress-ner/stress/internal/cli"

// Flags are the options of "stress score" as span scoring has them:
// conlleval's (-d, -o, -r, -l), the corpus files scored instead of
// conlleval input, the report format, the mode and the tag scheme.
type Flags struct {
	Delimiter  string // -d: the field separator of conlleval input, a Perl-style pattern
	Gold, Pred string // corpus files, scored by format
	Format     string // text, json, markdown or csv
	Scheme     string // --scheme, parsed by Eval.ParseScheme once the mode is known
	Eval       EvalOptions
	Latex      bool
}

// Bind binds the options of span scoring.
func (o *Flags) Bind(f *cli.Flags) {
	f.String(&o.Delimiter, "delimiter", "d", " ", "field separator of conlleval input (a Perl-style pattern, as conlleval -d)")
	f.String(&o.Eval.Outside, "outside", "o", "O", "outside tag for -r (as conlleval -o) and for --mode strict")
	f.Bool(&o.Eval.Raw, "raw", "r", false, "tags have no B-/I- prefixes: every non-outside tag is a one-token entity (conlleval -r)")
	f.Bool(&o.Latex, "latex", "l", false, "print conlleval's LaTeX table (text format only)")
	f.String(&o.Gold, "gold", "", "", "gold corpus file (with --pred)")
	f.Input("gold", nil)
	f.String(&o.Pred, "pred", "", "", "predicted corpus file (with --gold)")
	f.Input("pred", nil)
	f.Enum(&o.Format, "format", "", "text", []string{"text", "json", "markdown", "csv"}, "output format: text, json, markdown or csv")
	cli.Parsed(f, &o.Eval.Mode, "mode", "", "conlleval", ParseMode, "scoring: conlleval, strict (seqeval's strict mode under --scheme, iob2 by default) or semeval (nervaluate's four SemEval-2013 modes)")
	f.String(&o.Scheme, "scheme", "", "", "conlleval and semeval modes: convert tags from iob1, iob2 or iobes to IOB2 first; strict mode: read tags as seqeval does in iob1, iob2, ioe1, ioe2, iobes or bilou (never converted or repaired)")
}
