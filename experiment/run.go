package experiment

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/stress-ner/stress/conll/score"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/limits"
	"github.com/stress-ner/stress/internal/overwrite"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/report"
	"github.com/stress-ner/stress/stressset"
)

// Evaluation is what "stress run" does: build the stress sets of one
// test corpus (Plan, whose one input is the test corpus), tag the
// original and every set with every system, compare them, and write the
// predictions (Dir/pred/SYSTEM/FILE, in the input's format) and the
// reports (Dir/summary.md and the HTML page) beside the build.
type Evaluation struct {
	Plan    stressset.Plan
	Systems Systems
	// Samples are the bootstrap samples and randomization shuffles of
	// the comparison (0: no intervals); it is seeded with Plan.Seed.
	Samples int
	// HTML is the report page; "" writes Dir/report.html.
	HTML string
	// Tagging, when not nil, is called with the systems and the sets
	// before they are tagged: a display may wrap the systems' taggers to
	// show progress. The systems are tagged at once (see Evaluate), each
	// its sets in order.
	Tagging func(systems []System, sets []stressset.Set)
	// Logf, when not nil, receives progress messages. Stages are shown
	// on Systems.Progress.
	Logf func(format string, args ...any)
	// Provenance is what the caller knows of the report's origin (tool,
	// version, revision, date, command); Run adds the inputs, systems
	// and kinds.
	Provenance compare.Provenance
	// Force lets Run replace an HTML page that exists (--force). Dir is
	// new or cleared (ClearDir): nothing else is ever replaced, so that
	// a file that appears while Run works (another run's) fails it.
	Force bool
	// Eval selects the scoring semantics of the comparison (conlleval
	// by default); the sets and predictions it reads are IOB2.
	Eval score.EvalOptions
}

// Evaluated is the outcome of an Evaluation.
type Evaluated struct {
	Report  *compare.Report
	Systems []System
	// Warnings are the systems' unknown tags (see Loaded).
	Warnings []string
	// Files written: the summary, the HTML page and the directory of
	// the predictions.
	Summary, HTML, Predictions string
}

// Files returns every file the evaluation reads and every file it
// writes, known before any work: those of the build (Plan.Files), the
// systems' training corpora and saved models (Systems.Inputs), the
// predictions of every system on every set (Dir/pred/SYSTEM/SET), the
// summary and the HTML page. A caller applies the one output policy to
// them (overwrite.Check) before Run.
func (ev *Evaluation) Files() (inputs, outputs []string) {
	plan := &ev.Plan
	inputs, outputs = plan.Files()
	inputs = append(inputs, ev.Systems.Inputs()...)
	// Predictions are named as the sets are: the original as its input
	// (the embedded sample as NAME.tsv, an input read once as the
	// build's copy of it), each stress set as in the build.
	var sets []string
	notSets := map[string]bool{ // the build's files that are not stress sets
		filepath.Join(plan.Dir, stressset.ChangesName): true, filepath.Join(plan.Dir, stressset.ManifestName): true}
	for _, in := range plan.Inputs {
		name := filepath.Base(in.Path)
		switch kept := stressset.KeptCopy(in); {
		case conll.IsEmbedded(in.Path):
			name = in.Name + ".tsv"
		case kept != "":
			name = kept // the build keeps it, and reads it back, there
			notSets[filepath.Join(plan.Dir, kept)] = true
		}
		sets = append(sets, name)
		sets = append(sets, conll.FormatOf(name).SideFiles(name)...) // brat's text beside
	}
	for _, out := range outputs {
		if !notSets[out] {
			sets = append(sets, filepath.Base(out))
		}
	}
	for _, system := range ev.Systems.SystemNames() {
		for _, set := range sets {
			outputs = append(outputs, filepath.Join(plan.Dir, "pred", system, set))
		}
	}
	return inputs, append(outputs, filepath.Join(plan.Dir, "summary.md"), ev.htmlPath())
}

// htmlPath is where the HTML page goes.
func (ev *Evaluation) htmlPath() string {
	if ev.HTML == "" {
		return filepath.Join(ev.Plan.Dir, "report.html")
	}
	return ev.HTML
}

// Run builds, tags, compares and writes the reports. The caller has
// prepared Plan.Dir (see ClearDir) and checked the files (Files).
//
// A run that fails or is cancelled leaves nothing: the files it has put
// in place (the build, predictions) are removed again, with the
// directories it made, so that the directory is as it was, and a rerun
// needs no --force.
func (ev *Evaluation) Run(ctx context.Context) (_ *Evaluated, err error) {
	logf := ev.Logf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	plan := &ev.Plan
	if len(plan.Inputs) != 1 {
		return nil, fmt.Errorf("%w: an evaluation has one test corpus, not %d", stressset.ErrInput, len(plan.Inputs))
	}
	done := &written{}
	if _, statErr := os.Stat(plan.Dir); statErr != nil {
		done.dirs = append(done.dirs, plan.Dir) // made by the build
	}
	defer func() {
		if err != nil {
			done.undo()
		}
	}()
	// The training corpora are read first: an empty one fails now, not
	// after the build.
	if err := ev.Systems.ReadTrain(); err != nil {
		return nil, err
	}
	logf("building %s from %s into %s", kindList(plan), plan.Inputs[0].Path, plan.Dir)
	m, err := ev.build(ctx)
	if err != nil {
		return nil, err
	}
	_, built := plan.Files()
	done.add(built...)
	logShares(logf, m)
	seen, err := seenNames(plan.Dir, m, ev.Systems.Opener, ev.Systems.Train, ev.Systems.train)
	if err != nil {
		return nil, err
	}
	for _, msg := range seen {
		logf("%s", msg)
	}
	bld := &stressset.Build{Dir: plan.Dir, Manifest: m, Opener: plan.Opener}
	sets, err := bld.Sets(&m.Inputs[0])
	if err != nil {
		return nil, err
	}
	// Predictions on documents are written as those documents, under
	// the sets' base names.
	templates := map[string]conll.Template{}
	for i := range sets {
		templates[filepath.Base(sets[i].File)] = bld.Template(sets[i].File)
		sets[i].File = filepath.Base(sets[i].File)
	}

	loaded, err := ev.Systems.Load(ctx, sets[0].Gold)
	if err != nil {
		return nil, err
	}
	defer loaded.Close()
	systems := loaded.Systems
	if ev.Tagging != nil {
		ev.Tagging(systems, sets)
	}
	c := compare.New()
	c.Samples, c.Seed, c.Workers, c.Eval = ev.Samples, plan.Seed, plan.Workers, ev.Eval
	tagging, bootstrap := workersUsed(c, systems)
	logf("tagging %d sets with %d systems, %d at once, and comparing (%d bootstrap samples on %d workers)",
		len(sets), len(systems), tagging, ev.Samples, bootstrap)
	c.Describe = DescribeSet
	prov, err := ev.provenance(ev.Provenance, m)
	if err != nil {
		return nil, err
	}
	out := &Evaluated{Systems: systems, HTML: ev.htmlPath(),
		Predictions: filepath.Join(plan.Dir, "pred"), Summary: filepath.Join(plan.Dir, "summary.md")}
	saveLike := savePredictionsLike(out.Predictions, func(s stressset.Set) conll.Template { return templates[s.File] }, plan.Scheme)
	done.dirs = append(done.dirs, out.Predictions)
	save := func(system string, set stressset.Set, pred []conll.Sentence) error {
		if err := saveLike(system, set, pred); err != nil {
			return err
		}
		name := filepath.Join(out.Predictions, system, set.File)
		done.add(append([]string{name}, conll.FormatOf(name).SideFiles(name)...)...)
		return nil
	}
	for _, s := range systems {
		done.dirs = append(done.dirs, filepath.Join(out.Predictions, s.Name))
	}
	if out.Report, err = evaluate(ctx, ev.Systems.Progress, c, sets, systems, save); err != nil {
		return nil, err
	}
	out.Report.Provenance = prov
	out.Warnings = loaded.Warnings()
	if err := writeReports(out.Summary, out.HTML, out.Report, systems, ev.Force); err != nil {
		return nil, err
	}
	return out, nil
}

// written records the files a run has put in place, so that a failed
// run removes them (undo).
type written struct {
	mu    sync.Mutex
	files []string
	infos []os.FileInfo
	dirs  []string // directories the run may have made, outermost first
}

// add records files just put in place.
func (w *written) add(files ...string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, f := range files {
		if info, err := os.Lstat(f); err == nil {
			w.files, w.infos = append(w.files, f), append(w.infos, info)
		}
	}
}

// undo removes the files recorded, the last first (a build's manifest
// goes before its sets), each only while it is still the file recorded
// (a file that replaced it is someone else's), then the directories
// that are left empty, innermost first.
func (w *written) undo() {
	w.mu.Lock()
	defer w.mu.Unlock()
	for i := len(w.files) - 1; i >= 0; i-- {
		if info, err := os.Lstat(w.files[i]); err == nil && os.SameFile(info, w.infos[i]) {
			os.Remove(w.files[i])
		}
	}
	for i := len(w.dirs) - 1; i >= 0; i-- {
		os.Remove(w.dirs[i]) // only if empty
	}
}

// Write writes the outcome in format f: the report, with the paper's
// tables (F1 per set and relative drop per system) after its headline in
// text, Markdown and HTML.
func (r *Evaluated) Write(w io.Writer, f report.Format) error {
	d, err := r.Document()
	if err != nil {
		return err
	}
	return report.Render(w, f, d)
}

// Document is the outcome as a report: the comparison's, the paper's
// tables after its headline.
func (r *Evaluated) Document() (*report.Document, error) {
	return runDocument(r.Report, r.Systems)
}

// runDocument is the document of a run's report rep of systems: the
// comparison's first table (what each set cost each system where it
// changed something), then the paper's tables, then the rest.
func runDocument(rep *compare.Report, systems []System) (*report.Document, error) {
	tables, err := summaryTables(rep, systems)
	if err != nil {
		return nil, err
	}
	return rep.Document(tables...), nil
}

// build makes the stress sets, as a stage of Systems.Progress counting
// the test corpus's sentences (counted beside the build, so that the
// bar has a total).
func (ev *Evaluation) build(ctx context.Context) (*stressset.Manifest, error) {
	p := ev.Systems.Progress
	if p == nil {
		return stressset.Run(ctx, &ev.Plan)
	}
	plan := ev.Plan // the caller's Progress is kept
	st := p.Start(fmt.Sprintf("building %s from %s", kindList(&plan), filepath.Base(plan.Inputs[0].Path)), -1, "sentences")
	go func() {
		if n, ok := plan.Sentences(); ok {
			st.SetTotal(n)
		}
	}()
	n := 0
	prev := plan.Progress
	plan.Progress = func(done int) {
		n = done
		st.Add(1)
		if prev != nil {
			prev(done)
		}
	}
	m, err := stressset.Run(ctx, &plan)
	if err == nil {
		st.Done(fmt.Sprintf("%d sentences", n))
	}
	return m, err
}

// logShares logs, for every entity-level kind's set (one that reports
// what became of the gold mentions), the share of the mentions of each
// type it changed, and "not measured" for one that changed under 1% of
// them (perturb.Stats.NotMeasured); then the types a kind's type map
// left unmapped or maps badly (stressset.Manifest.TypeNotes).
func logShares(logf func(string, ...any), m *stressset.Manifest) {
	for _, in := range m.Inputs {
		for _, o := range in.Outputs {
			if o.Stats.MentionOutcomes == nil {
				continue
			}
			types := make([]string, 0, len(o.Stats.MentionOutcomes))
			for t := range o.Stats.MentionOutcomes {
				types = append(types, t)
			}
			sort.Strings(types)
			var parts []string
			for _, t := range types {
				n, d := o.Stats.MentionShare(t)
				parts = append(parts, fmt.Sprintf("%d of %d %s (%.1f%%)", n, d, t, 100*float64(n)/float64(max(d, 1))))
			}
			msg := fmt.Sprintf("%s changed %s mentions", o.Kind, strings.Join(parts, ", "))
			if o.Stats.NotMeasured {
				msg += fmt.Sprintf("; not measured (under %.0f%% of its mentions): its drop is no measurement", 100*perturb.MinMeasured)
			}
			logLong(logf, msg)
		}
	}
	notes, _ := m.TypeNotes() // the build refused a misfit of the options
	for _, n := range notes {
		logLong(logf, n)
	}
}

// logLong logs a message that may be long (a share per entity type of
// an 18-type corpus) as lines that fit a terminal.
func logLong(logf func(string, ...any), msg string) {
	for _, l := range report.Wrap(msg, report.TextWidth-12, "  ") { // the log's time stamp takes 12
		logf("%s", l)
	}
}

func kindList(plan *stressset.Plan) string {
	var names []string
	for _, k := range plan.Kinds {
		names = append(names, k.Name)
	}
	return strings.Join(names, ", ")
}

// DirError is why ClearDir refused a directory.
type DirError struct {
	Dir   string
	Input string // the input inside Dir, for overwrite.ErrInput
	Err   error
	// Why says, for ErrNotBuild, what is not a run's: "no manifest.json",
	// "its manifest.json is not stress's".
	Why string
}

func (e *DirError) Error() string {
	switch e.Err {
	case ErrNotBuild:
		return fmt.Sprintf("%s: %v (%s); not clearing it", e.Dir, e.Err, e.Why)
	case overwrite.ErrInput:
		return fmt.Sprintf("%s holds the input %s; not clearing it", e.Dir, e.Input)
	}
	return e.Dir + ": " + e.Err.Error()
}

func (e *DirError) Unwrap() error { return e.Err }

// ClearDir prepares the output directory of an evaluation: an empty or
// missing directory is used as it is; a non-empty one is cleared only
// when clear is set, and then only when it holds the manifest of an
// earlier build and none of inputs (a mistyped directory must not wipe
// unrelated files; see CheckDir). Stale files of systems no longer run
// would otherwise sit beside the new report.
func ClearDir(dir string, clear bool, inputs []string) error {
	if err := CheckDir(dir, clear, inputs); err != nil {
		return err
	}
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, e := range ents {
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

// notRun says why dir holds no earlier run of stress, or returns "":
// a run has a manifest.json that stress wrote ("tool": "stress"). The
// name alone is not enough: a web application's directory has one too.
// Only the tool is read, so that a run of an older version, or one
// whose manifest no longer validates, is still cleared.
func notRun(dir string) string {
	name := stressset.ManifestName
	data, err := readSmall(filepath.Join(dir, name))
	if errors.Is(err, fs.ErrNotExist) {
		return "no " + name
	}
	if err != nil {
		return name + ": " + err.Error()
	}
	var m struct {
		Tool string `json:"tool"`
	}
	if json.Unmarshal(data, &m) != nil || m.Tool != "stress" {
		return "its " + name + " is not stress's"
	}
	return ""
}

// CheckDir is ClearDir's refusal, without clearing anything: a *DirError
// for a non-empty directory that clear does not allow clearing, that
// holds no earlier build, or that holds one of inputs (overwrite.Within:
// symbolic links and mounts followed).
func CheckDir(dir string, clear bool, inputs []string) error {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if len(ents) == 0 {
		return nil
	}
	if !clear {
		return &DirError{Dir: dir, Err: ErrDirNotEmpty}
	}
	if why := notRun(dir); why != "" {
		return &DirError{Dir: dir, Err: ErrNotBuild, Why: why}
	}
	// Inputs reached through a link or a mount count: clearing would
	// remove them all the same.
	if in := overwrite.Within(dir, inputs); in != "" {
		return &DirError{Dir: dir, Input: in, Err: overwrite.ErrInput}
	}
	return nil
}

// readSmall reads a file that is small when it is what it should be (a
// manifest), to limits.MaxDocument at most: a link to /dev/zero named
// manifest.json is an error, not a process filling memory.
func readSmall(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(limits.Reader(f, limits.MaxDocument, limits.ErrLargeDocument))
}
