package experiment

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/report"
	"github.com/stress-ner/stress/sample"
	"github.com/stress-ner/stress/stressset"
	"github.com/stress-ner/stress/tagger"
)

// System is a tagger under evaluation.
type System struct {
	Name   string // name in reports, e.g. "chars+K"
	Model  string // model for summary tables, e.g. "chars"
	Train  string // training set for summary tables, e.g. "O+K"; "" when unknown (external models)
	Tagger tagger.Tagger
}

// Row returns the summary-table row of s.
func (s System) Row() Row {
	train := s.Train
	if train == "" {
		train = "-"
	}
	return Row{Model: s.Model, Train: train, System: s.Name}
}

// Evaluate adds sets to c, tags every set with every system and adds the
// predictions, then computes the report. The first set is the reference.
// When save is not nil it receives each system's predictions on each
// set (gold sentences carrying the predicted tags), for writing them out.
//
// Systems are tagged at once, up to TagWorkers(c.Workers, systems) of
// them, each system its sets in order, one at a time (an external model
// never runs twice at once). The predictions are added and saved in one
// order whatever the workers, system by system, set by set, so the
// report, the files and the first error are the same for any number.
func Evaluate(ctx context.Context, c *compare.Comparer, sets []stressset.Set, systems []System,
	save func(system string, set stressset.Set, pred []conll.Sentence) error) (*compare.Report, error) {
	return evaluatePairs(ctx, c, sets, systems, save, pairSteps{})
}

// TagWorkers is how many systems Evaluate tags at once with workers
// (0: GOMAXPROCS, as compare.Comparer.Workers): one per system at most.
func TagWorkers(workers int, systems []System) int {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return max(1, min(workers, len(systems)))
}

// workersUsed is how many workers Evaluate uses with c and systems:
// the systems tagged at once (TagWorkers) and the bootstrap's goroutines
// (none without samples).
func workersUsed(c *compare.Comparer, systems []System) (tagging, bootstrap int) {
	bootstrap = c.Workers
	if bootstrap <= 0 {
		bootstrap = runtime.GOMAXPROCS(0)
	}
	return TagWorkers(c.Workers, systems), min(bootstrap, c.Samples)
}

// pairSteps are what a display adds to Evaluate's steps (see evaluate):
// tag, when not nil, tags a set with a system in place of its tagger
// (in the goroutine of that system); tagged, when not nil, is told of
// every pair tagged, with how long its tagging took, in Evaluate's order.
type pairSteps struct {
	tag    func(ctx context.Context, sys System, set stressset.Set) ([][]string, error)
	tagged func(sys System, set stressset.Set, took time.Duration)
}

// pairResult is the outcome of tagging one set with one system.
type pairResult struct {
	tags [][]string
	took time.Duration
	err  error
	done chan struct{} // closed when the fields are set
}

// evaluatePairs is Evaluate with steps. Each system has a goroutine
// tagging its sets in order; the tagging of the pairs begins in one
// order, set by set and system by system within a set (pair k waits
// for pair k-1 to begin), so that with one worker the calls are in a
// fixed order too. The caller's goroutine adds and saves the results
// system by system; results tagged ahead of it wait in memory.
func evaluatePairs(ctx context.Context, c *compare.Comparer, sets []stressset.Set, systems []System,
	save func(system string, set stressset.Set, pred []conll.Sentence) error, steps pairSteps) (_ *compare.Report, err error) {
	if len(sets) == 0 || len(systems) == 0 {
		return nil, fmt.Errorf("%w: need at least one set and one system", ErrNoData)
	}
	for _, s := range sets {
		if err := c.AddSet(s); err != nil {
			return nil, err
		}
	}
	tag := steps.tag
	if tag == nil {
		tag = func(ctx context.Context, sys System, set stressset.Set) ([][]string, error) {
			return sys.Tagger.TagSentences(ctx, set.Gold)
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer wg.Wait()                                       // no tagging outlives Evaluate
	defer cancel()                                        // first: an error stops the others
	results := make([]pairResult, len(systems)*len(sets)) // system by system
	for i := range results {
		results[i].done = make(chan struct{})
	}
	begin := make([]chan struct{}, len(results)+1) // begin[k] closed: pair k (set by set) may begin
	for k := range begin {
		begin[k] = make(chan struct{})
	}
	close(begin[0])
	slots := make(chan struct{}, TagWorkers(c.Workers, systems))
	for i, sys := range systems {
		wg.Go(func() {
			var failed error // the sets after a failed one are not tagged
			for j, set := range sets {
				r, k := &results[i*len(sets)+j], j*len(systems)+i
				r.err = failed
				select {
				case <-begin[k]:
					if failed != nil {
						close(begin[k+1]) // the others' turns go on
						break
					}
					select {
					case slots <- struct{}{}:
						close(begin[k+1])
						start := time.Now()
						r.tags, r.err = tag(ctx, sys, set)
						r.took = time.Since(start)
						<-slots
					case <-ctx.Done():
						r.err = ctx.Err()
					}
				case <-ctx.Done():
					r.err = ctx.Err()
				}
				if failed == nil {
					failed = r.err
				}
				close(r.done)
			}
		})
	}
	for i, sys := range systems {
		for j, set := range sets {
			r := &results[i*len(sets)+j]
			<-r.done
			if err := r.err; err != nil {
				return nil, fmt.Errorf("%s on %s: %w", sys.Name, set.File, err)
			}
			if steps.tagged != nil {
				steps.tagged(sys, set, r.took)
			}
			pred := withTags(set.Gold, r.tags)
			r.tags = nil // the comparison keeps what it needs
			if err := c.AddPrediction(sys.Name, set.Name, set.File, pred); err != nil {
				return nil, fmt.Errorf("%s on %s: %w", sys.Name, set.File, err)
			}
			if save != nil {
				if err := save(sys.Name, set, pred); err != nil {
					return nil, err
				}
			}
		}
	}
	return c.Report(ctx)
}

// withTags returns copies of sents with their tags replaced by tags
// (one slice per sentence). Tokens, extra columns and document markers
// are shared with sents, which are not modified: writers take the tag
// column from Tags, not from Fields.
func withTags(sents []conll.Sentence, tags [][]string) []conll.Sentence {
	out := make([]conll.Sentence, len(sents))
	for i, s := range sents {
		s.Tags = tags[i]
		out[i] = s
	}
	return out
}

// savePredictions returns a save function for Evaluate that writes each
// system's predictions to dir/SYSTEM/FILE, FILE being the set's file
// name without directory. A file there is never replaced: dir is a new
// (or cleared) directory, and a file that appears in it meanwhile is
// another run's (the error wraps atomicfile.ErrExists).
func savePredictions(dir string) func(system string, set stressset.Set, pred []conll.Sentence) error {
	return savePredictionsLike(dir, nil, iob.IOB2)
}

// savePredictionsLike is savePredictions for sets that may come from a
// document format (PubTator, BioC, brat): templates, when not nil,
// gives a set's documents (stressset.Build.Template), and the predictions
// are written as those documents with the predicted entities as their
// annotations. Predictions (IOB2) on sets of another scheme are written
// in the sets' scheme, as stressset.Build.OpenPredictions reads them.
func savePredictionsLike(dir string, templates func(set stressset.Set) conll.Template, scheme iob.Scheme) func(system string, set stressset.Set, pred []conll.Sentence) error {
	return func(system string, set stressset.Set, pred []conll.Sentence) error {
		if scheme != iob.IOB2 {
			conv := make([][]string, len(pred))
			for i := range pred {
				conv[i] = iob.ConvertKnown(pred[i].Tags, iob.IOB2, scheme)
			}
			pred = withTags(pred, conv) // pred itself is the comparison's
		}
		d := filepath.Join(dir, system)
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
		var like *conll.Layout
		if templates != nil {
			if t := templates(set); t != nil {
				like = &conll.Layout{Template: conll.Predictions(t)}
			}
		}
		name := filepath.Join(d, filepath.Base(set.File))
		opt := conll.OutputOptions{NoClobber: true}
		if like != nil {
			opt.Layout = *like
		}
		out, err := conll.Create(name, opt)
		if err != nil {
			return err
		}
		defer out.Abort()
		for _, s := range pred {
			if err := out.Write(s); err != nil {
				return fmt.Errorf("write %s: %w", name, err)
			}
		}
		return out.Commit()
	}
}

// writeReports writes the summary tables (writeSummary, Markdown)
// followed by the whole report in Markdown to summaryPath, and the HTML
// report to htmlPath, both or neither. Neither replaces a file, except
// the page with replaceHTML (--force): the summary goes into a new (or
// cleared) directory.
func writeReports(summaryPath, htmlPath string, rep *compare.Report, systems []System, replaceHTML bool) error {
	var summary, page bytes.Buffer
	d, err := runDocument(rep, systems)
	if err != nil {
		return err
	}
	if err := report.Render(&summary, report.Markdown, d); err != nil {
		return err
	}
	if err := report.Render(&page, report.HTML, d); err != nil {
		return err
	}
	sf, err := atomicfile.Create(summaryPath, true)
	if err != nil {
		return err
	}
	defer sf.Abort()
	hf, err := atomicfile.Create(htmlPath, !replaceHTML)
	if err != nil {
		return err
	}
	defer hf.Abort()
	if _, err := sf.Write(summary.Bytes()); err != nil {
		return err
	}
	if _, err := hf.Write(page.Bytes()); err != nil {
		return err
	}
	return atomicfile.CommitAll(sf, hf)
}

// checkSystemNames reports, wrapping ErrOption, a system name that is
// not a file name (see checkName) or is repeated: names become directory
// names.
func checkSystemNames(systems []System) error {
	names := make([]string, len(systems))
	for i, s := range systems {
		names[i] = s.Name
	}
	return checkNames(names)
}

func checkNames(names []string) error {
	seen := map[string]bool{}
	for _, name := range names {
		if err := checkName(name); err != nil {
			return err
		}
		if seen[name] {
			return fmt.Errorf("%w: system name %q given twice", ErrOption, name)
		}
		seen[name] = true
	}
	return nil
}

// checkName reports, wrapping ErrOption, a system name that cannot be
// the name of its directory of predictions (DIR/pred/NAME): empty, "."
// or "..", or holding a slash, a backslash or a NUL byte. ".." would
// write the predictions over the stress sets. A name with another
// control character (a tab) is refused too, as every report does
// (compare.CheckName): it would shift the columns of the text tables.
func checkName(name string) error {
	switch {
	case name == "":
		return fmt.Errorf("%w: empty system name", ErrOption)
	case name == "." || name == ".." || strings.ContainsAny(name, "/\\\x00"):
		return fmt.Errorf("%w: system name %q is not a file name (it names the directory of its predictions: no \".\", \"..\", slashes or backslashes)", ErrOption, name)
	}
	if err := compare.CheckName("system", name); err != nil {
		return fmt.Errorf("%w: %v", ErrOption, err)
	}
	return nil
}

// trainingCorpora are the training corpora paths name: the embedded
// sample's training part when there are none.
func trainingCorpora(paths []string) []string {
	if len(paths) == 0 {
		return []string{sample.TrainName}
	}
	return paths
}

// ReadTraining reads training corpora, checking that their tags are
// valid in scheme and converting them to IOB2 (see conll.File.SetScheme
// and tagger.ReadTraining), or, with repair set, repairing invalid
// transitions (conll.File.SetSchemeRepair); no paths means the embedded
// sample's training part, which is IOB2 whatever the scheme. op opens
// the files ("-": its standard input; a corpus it holds, from memory).
func ReadTraining(op conll.Opener, paths []string, scheme iob.Scheme, repair func(conll.Repair)) ([]conll.Sentence, error) {
	if len(paths) == 0 {
		scheme = iob.IOB2
	}
	var out []conll.Sentence
	paths = trainingCorpora(paths)
	for _, p := range paths {
		f, err := op.OpenNonEmpty(p, "") // an empty training file is a mistake
		if err != nil {
			return nil, err
		}
		if err := f.SetSchemeRepair(scheme, repair); err != nil {
			f.Close()
			return nil, err
		}
		ss, err := tagger.ReadTraining(f, p)
		f.Close()
		if err != nil {
			return nil, err
		}
		out = append(out, ss...)
	}
	return out, nil
}

// ReadTest reads the test corpus at path in scheme (checked, converted
// to IOB2; repaired with repair set, see ReadTraining). op opens the
// file (a corpus it holds, from memory).
func ReadTest(op conll.Opener, path string, scheme iob.Scheme, repair func(conll.Repair)) ([]conll.Sentence, error) {
	c, err := op.ReadCorpus(path, conll.ReadOptions{Scheme: scheme, Repair: repair})
	if err != nil {
		return nil, err
	}
	return c.Sentences, nil
}
