package experiment

// The command-line options of the commands that evaluate systems (stress
// run, curve), declared once here, where Systems is.

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/cli"
	"github.com/stress-ner/stress/internal/progress"
	"github.com/stress-ner/stress/iob"
	perturbkinds "github.com/stress-ner/stress/perturb/kinds"
	"github.com/stress-ner/stress/report"
	"github.com/stress-ner/stress/tagger"
)

// SystemFlags are the options of the commands that evaluate systems:
// the systems, bound into Systems (external taggers, baselines and their
// training), and the report.
type SystemFlags struct {
	Systems Systems
	Samples int
	Format  report.Format
	Quiet   bool
	Repair  conll.RepairFlag

	given func(name string) bool // whether an option is on the command line
}

// Bind binds the options of the systems and the report.
func (o *SystemFlags) Bind(f *cli.Flags) {
	f.Strings(&o.Systems.Commands, "model-cmd", "external tagger `CMD` (sh -c; CoNLL on stdin, CoNLL or tags on stdout); repeatable")
	f.Strings(&o.Systems.Servers, "model-server", "external tagger `CMD` started once (sh -c) answering JSON lines {\"tokens\": [...]} -> {\"tags\": [...]} (see docs/models.md); repeatable")
	f.List(&o.Systems.Names, "model-name", "", "names of the --model-cmd, then --model-server, systems in reports, comma-separated or repeated: a,b names two (default cmd, cmd2, ..., server, ...)")
	f.Duration(&o.Systems.Timeout, "timeout", tagger.DefaultTimeout, tagger.TimeoutUsage)
	f.Bool(&o.Systems.Strict, "strict-tags", "", false, tagger.StrictUsage)
	f.IntIn(&o.Systems.Epochs, "epochs", 10, 1, math.MaxInt, "training passes of the baselines")
	f.IntIn(&o.Samples, "samples", 1000, 0, compare.MaxSamples, "bootstrap samples and randomization shuffles (0: no intervals)")
	cli.Parsed(f, &o.Format, "format", "f", "text", report.Parse, "report format on stdout: "+report.Choices())
	f.Bool(&o.Quiet, "quiet", "q", false, cli.QuietUsage)
	cli.Parsed(f, &o.Systems.Scheme, "scheme", "", "iob2", iob.ParseScheme, "tag scheme of --train, --test and the tags of --model-cmd and --model-server: iob2, or iob1 or iobes (checked, converted to IOB2 to be perturbed, trained on and scored; files written back in it)")
	o.Repair.Bind(f, "repair invalid tag transitions of --train and --test instead of refusing them, reading them as conlleval does (an I- after O or after another type starts an entity); each is reported with file and line")
	o.given = f.Changed
}

// A systemRule is a combination of the options of the systems that a
// command refuses: refuses tells whether a choice makes it; says is the
// refusal, naming the options.
type systemRule struct {
	name    string
	refuses func(c choice) bool
	says    string
}

// choice is what a command line chose: the systems, the test corpus
// ("": the embedded sample) and whether an option was given.
type choice struct {
	*Systems
	test  string
	given func(name string) bool
}

// The rules of run and curve: the systems they may compare, and what
// goes with the embedded sample.
var (
	trainNeedsTest = systemRule{"train needs test", func(c choice) bool {
		return len(c.Train) > 0 && c.test == ""
	}, "--train needs --test (the stress sets are built from the test set)"}
	schemeNeedsTest = systemRule{"scheme needs test", func(c choice) bool {
		return c.Scheme != iob.IOB2 && c.test == ""
	}, "--scheme needs --test (the embedded sample is IOB2)"}
	namesOfExternals = systemRule{"a name for each external tagger", func(c choice) bool {
		return len(c.Names) > c.externals()
	}, "more --model-name than --model-cmd and --model-server"}
	timeoutOfExternals = systemRule{"timeout of external taggers", func(c choice) bool {
		return c.given("timeout") && c.externals() == 0
	}, "--timeout needs --model-cmd or --model-server"}
	runSystems = systemRule{"run has systems", func(c choice) bool {
		return len(c.Baselines) == 0 && c.externals() == 0
	}, "no systems (--baselines none and no --model-cmd or --model-server)"}
	augmentTrainsBaselines = systemRule{"augment trains baselines", func(c choice) bool {
		return len(c.Baselines) == 0 && len(c.Augment) > 0
	}, "--augment trains the baselines; it cannot go with --baselines none"}
	runBaselinesNeedTrain = systemRule{"run's baselines need train", func(c choice) bool {
		return len(c.Baselines) > 0 && len(c.Train) == 0 && c.test != ""
	}, "the baselines need --train (or use --baselines none)"}
	curveSystems = systemRule{"curve has systems", func(c choice) bool {
		return len(c.Baselines) == 0 && len(c.Models) == 0 && c.externals() == 0
	}, "no systems (give --model, --baselines, --model-cmd or --model-server)"}
	trainOfBaselines = systemRule{"train is for baselines", func(c choice) bool {
		return len(c.Train) > 0 && len(c.Baselines) == 0
	}, "--train is for --baselines"}
	curveBaselinesNeedTrain = systemRule{"curve's baselines need train", func(c choice) bool {
		return len(c.Baselines) > 0 && len(c.Train) == 0 && c.test != ""
	}, "--baselines needs --train with --test"}
)

// systemRules are the rules of each command that takes SystemFlags, the
// first refusal the one said.
var systemRules = map[string][]systemRule{
	"run":   {trainNeedsTest, schemeNeedsTest, namesOfExternals, timeoutOfExternals, runSystems, augmentTrainsBaselines, runBaselinesNeedTrain},
	"curve": {namesOfExternals, curveSystems, trainOfBaselines, curveBaselinesNeedTrain, schemeNeedsTest},
}

// Check refuses, as a usage error of command cmd ("run" or "curve"),
// a combination of options its rules refuse (systemRules) with test
// corpus test ("": the embedded sample), and system names that name no
// directory or are given twice (Systems.Check).
func (o *SystemFlags) Check(cmd, test string) error {
	given := o.given
	if given == nil { // not bound to a command line
		given = func(string) bool { return false }
	}
	for _, r := range systemRules[cmd] {
		if r.refuses(choice{&o.Systems, test, given}) {
			return cli.UsageErrorf("%s: %s", cmd, r.says)
		}
	}
	return UsageError(cmd, o.Systems.Check())
}

// BindBaselines binds --baselines, a list of feature sets ("none": no
// baselines), parsed when the command line is.
func BindBaselines(f *cli.Flags, p *[]tagger.Features, value, usage string) {
	var names []string
	f.List(&names, "baselines", value, usage)
	f.Check("baselines", func() error {
		if len(names) == 1 && names[0] == "none" {
			return nil
		}
		for _, name := range names {
			b, err := tagger.ParseFeatures(name)
			if err != nil {
				return err
			}
			*p = append(*p, b)
		}
		return nil
	})
}

// ParseModel parses a saved model given as NAME=FILE.
func ParseModel(s string) (Model, error) {
	name, file, ok := strings.Cut(s, "=")
	if !ok || name == "" || file == "" {
		return Model{}, errors.New("want NAME=FILE")
	}
	return Model{Name: name, File: file}, nil
}

// For returns the systems of o, seeded, selected and run in parallel as
// p says, their corpora opened by op, their standard error on stderr and
// their progress on st and logf.
func (o *SystemFlags) For(p *perturbkinds.Flags, op conll.Opener, stderr io.Writer, st *progress.Stages, logf func(string, ...any)) *Systems {
	s := o.Systems
	s.Seed, s.Selection, s.Workers, s.Stderr, s.Logf, s.Progress = p.Seed, p.Selection, p.Workers, stderr, logf, st
	s.Opener = op
	return &s
}

// UsageError makes a bad system name a usage error of command cmd.
func UsageError(cmd string, err error) error {
	if errors.Is(err, ErrOption) {
		return cli.UsageErrorf("%s: %v", cmd, err)
	}
	return err
}

// Progress returns the display of the stages of an evaluation (bars on
// a terminal, a line per stage elsewhere, every line with the seconds
// since the start) and its log; nil and a log that writes nothing with
// --quiet.
func (o *SystemFlags) Progress(stderr io.Writer) (*progress.Stages, func(string, ...any)) {
	if o.Quiet {
		return nil, func(string, ...any) {}
	}
	start := time.Now()
	st := progress.NewStages(stderr, func() string { return fmt.Sprintf("[%5.1fs] ", time.Since(start).Seconds()) })
	return st, st.Logf
}

// CreditSample prints the attribution of the embedded sample on stderr
// after an evaluation of it, unless --quiet: then standard error has
// errors and warnings only (README and sample/NOTICE carry the
// attribution).
func (o *SystemFlags) CreditSample(stderr io.Writer) {
	if !o.Quiet {
		fmt.Fprintln(stderr, "Data: BC5CDR excerpt (CC BY 4.0), see sample/NOTICE.")
	}
}

// WarnOverlap warns on w when the training corpora and the test corpus
// overlap (trainTestOverlap): the same file, or test sentences the
// baselines were trained on. A file that cannot be read is left to the
// evaluation, which reports it.
func WarnOverlap(w io.Writer, op conll.Opener, train []string, test string) {
	if len(train) == 0 || test == "" {
		return
	}
	if o, err := trainTestOverlap(op, train, test); err == nil && o.Any() {
		fmt.Fprintf(w, "warning: --train and --test overlap: %v\n", o)
	}
}
