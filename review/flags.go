package review

// The command-line options of "stress review sample" and "stress review
// score", declared once here with the reading and writing they ask for.

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/internal/cli"
	"github.com/stress-ner/stress/internal/overwrite"
	"github.com/stress-ner/stress/report"
	"github.com/stress-ner/stress/stressset"
)

// SampleFlags are the options of "stress review sample": what to draw
// (Options) from which set, and where to write it.
type SampleFlags struct {
	Out, Changes, Original string
	Options                Options
	Force                  bool
	labels, exclude        []string
}

// Bind binds the flags of "stress review sample".
func (o *SampleFlags) Bind(f *cli.Flags) {
	f.String(&o.Out, "out", "", "", "directory to write the sample into (created if missing; required)")
	f.Output("out", false)
	f.IntIn(&o.Options.N, "n", DefaultN, 1, math.MaxInt32, "items in the sample (every change when there are fewer)")
	f.Uint64(&o.Options.Seed, "seed", 1, "random seed; the same seed gives the same files")
	f.List(&o.Options.Kinds, "kinds", "", "kinds of change to sample, comma-separated (default: all)")
	f.List(&o.Options.By, "by", "kind,type,source", "columns whose values make the strata: kind, type (entity type), source (lexicon or rule), stratum (the kind's: the synonym kind's policy strata); \"\" for none")
	f.IntIn(&o.Options.PerStratum, "per-stratum", 0, 0, math.MaxInt32, "draw this many items from every stratum (all of a smaller one) instead of --n in proportion to their sizes (0: --n)")
	f.Strings(&o.labels, "labels", "labels offered: KIND=label,label,... (* for every kind), or a file of such lines; the first label is the valid one (repeatable)")
	f.Input("labels", func(v string) []string {
		if strings.Contains(v, "=") {
			return nil // a list, not a file
		}
		return []string{v}
	})
	f.String(&o.Changes, "changes", "", "", "change log of a set given instead of a build directory")
	f.Input("changes", nil)
	f.String(&o.Original, "original", "", "", "original corpus of the set (with --changes; default: undo the logged changes)")
	f.Input("original", nil)
	f.Strings(&o.exclude, "exclude", "leave out the changes an earlier sample showed: its items.tsv (a change at a sentence and span shown there, of any kind; repeatable)")
	f.Input("exclude", nil)
	f.Bool(&o.Force, "force", "", false, "replace the sample's files if they exist")
}

// Check refuses, as usage errors, a command line of "stress review
// sample" with args (its arguments) that cannot draw a sample: one
// BUILD_DIR (or SET), --out, --original only with --changes; and it
// reads --labels into Options.Labels.
func (o *SampleFlags) Check(args []string) error {
	if len(args) != 1 {
		return cli.UsageErrorf("review sample: want one BUILD_DIR (or one SET with --changes), got %d arguments", len(args))
	}
	if o.Out == "" {
		return cli.UsageErrorf("review sample: --out is required")
	}
	if o.Original != "" && o.Changes == "" {
		return cli.UsageErrorf("review sample: --original needs --changes (a build directory names its originals)")
	}
	if err := o.readLabels(); err != nil {
		return cli.UsageErrorf("review sample: --labels: %v", err)
	}
	return nil
}

// readLabels reads the --labels given into Options.Labels: each a list
// (KIND=label,...) or a file of such lines.
func (o *SampleFlags) readLabels() error {
	for _, spec := range o.labels {
		var err error
		if strings.Contains(spec, "=") {
			err = o.Options.Labels.Parse(spec)
		} else {
			err = o.Options.Labels.ReadFile(spec)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Inputs returns the files a sample of src reads, the earlier samples
// of --exclude included: a build directory's files, or with --changes
// the set, its change log and original, and the files of a build
// directory either is in (a build's items.tsv became the judges'). A
// src that is not what --changes asks for is a usage error.
func (o *SampleFlags) Inputs(src string) ([]string, error) {
	var inputs []string
	if o.Changes != "" {
		if info, err := os.Stat(src); err == nil && info.IsDir() {
			return nil, cli.UsageErrorf("review sample: with --changes, %s must be the set, not a directory", src)
		}
		inputs = []string{src, o.Changes, o.Original}
		for _, dir := range []string{filepath.Dir(src), filepath.Dir(o.Changes)} {
			if _, err := os.Stat(filepath.Join(dir, stressset.ManifestName)); err == nil {
				inputs = append(inputs, stressset.DirFiles(dir)...)
			}
		}
	} else {
		if info, err := os.Stat(src); err != nil || !info.IsDir() {
			return nil, cli.UsageErrorf("review sample: %s is not a build directory (give a set's change log with --changes)", src)
		}
		inputs = stressset.DirFiles(src)
	}
	return append(inputs, o.exclude...), nil
}

// Draw reads the changes of src (a build directory, or a set with
// --changes) through op and the earlier samples of --exclude, and draws
// the sample.
func (o *SampleFlags) Draw(op conll.Opener, src string) (*Sample, error) {
	var c *Changes
	var err error
	if o.Changes != "" {
		c, err = ReadSet(op, src, o.Changes, o.Original)
	} else {
		c, err = ReadBuild(op, src)
	}
	if err != nil {
		return nil, err
	}
	opts := o.Options
	for _, p := range o.exclude {
		s, err := readShownFile(p)
		if err != nil {
			return nil, err
		}
		opts.Exclude = append(opts.Exclude, s...)
	}
	return Draw(c, opts)
}

// WriteSummary says on w what sample s drawn into dir holds and which
// of its files go to the judges.
func (s *Sample) WriteSummary(w io.Writer, dir string) error {
	by := strings.Join(s.By, ", ")
	if by == "" {
		by = "none: one stratum"
	}
	fmt.Fprintf(w, "sample %s: %d items of %d changes, %d strata (by %s):\n", s.ID, len(s.Items), s.Changes, len(s.Strata), by)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "  stratum\tchanges\tdrawn\t\n")
	for _, st := range s.Strata {
		fmt.Fprintf(tw, "  %s\t%d\t%d\t\n", st.Name(s.By), st.Changes, st.Drawn)
	}
	tw.Flush()
	files := Files(dir)
	_, err := fmt.Fprintf(w, "for the judges: %s (judge in a browser), %s and %s\nkeep from them: %s; the sample's manifest: %s\n",
		files[0], files[1], files[2], files[3], files[4])
	return err
}

// ScoreFlags are the options of "stress review score".
type ScoreFlags struct {
	Key, Avoid string
	Format     report.Format
	Force      bool
}

// Bind binds the flags of "stress review score".
func (o *ScoreFlags) Bind(f *cli.Flags) {
	f.String(&o.Key, "key", "", "", "the sample's key.tsv (required)")
	f.Input("key", nil)
	cli.Parsed(f, &o.Format, "format", "f", "text", report.Parse, "report format on stdout: "+report.Choices())
	f.String(&o.Avoid, "avoid", "", "", "also write the flagged synonym (and abbreviation) pairs to `FILE`, in the avoid-list format of --avoid")
	f.Output("avoid", false)
	f.Bool(&o.Force, "force", "", false, "replace the --avoid file if it exists")
}

// Check refuses, as usage errors, a command line of "stress review
// score" with judgement files args that cannot be scored: no --key, no
// judgement file, or one file named twice (./j1.tsv, a link), which
// would count as two judges in full agreement.
func (o *ScoreFlags) Check(args []string) error {
	if o.Key == "" {
		return cli.UsageErrorf("review score: --key is required")
	}
	if len(args) == 0 {
		return cli.UsageErrorf("review score: no judgement files given")
	}
	if a, prev := overwrite.Twice(args); a != "" {
		return cli.UsageErrorf("review score: judgement file %s given twice (%s)", a, prev)
	}
	return nil
}

// ScoreFiles reads the key and the judgement files and scores them.
func ScoreFiles(keyFile string, judgementFiles []string) (*Report, error) {
	key, err := ReadKeyFile(keyFile)
	if err != nil {
		return nil, err
	}
	var judges []*Judgements
	for _, a := range judgementFiles {
		js, err := ReadJudgementsFile(a, key)
		if err != nil {
			return nil, err
		}
		judges = append(judges, js)
	}
	return Score(key, judges)
}

// WriteAvoidFile writes the flagged pairs (WriteAvoid) to file path,
// whole or not at all; an existing file is replaced only with force. It
// returns the number of pairs.
func (r *Report) WriteAvoidFile(path string, force bool) (int, error) {
	f, err := atomicfile.Create(path, !force)
	if err != nil {
		return 0, err
	}
	defer f.Abort()
	n, err := r.WriteAvoid(f)
	if err != nil {
		return 0, err
	}
	return n, f.Commit()
}
