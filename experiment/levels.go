package experiment

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/stress-ner/stress/compare"
	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/conll/cdr"
	"github.com/stress-ner/stress/conll/standoff"
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/entityswap"
	"github.com/stress-ner/stress/report"
	"github.com/stress-ner/stress/stressset"
	"github.com/stress-ner/stress/tagger"
	"github.com/stress-ner/stress/tagger/dictlink"
)

// ErrLevelInput means a level run was given what it cannot score: a test
// or training corpus that is not PubTator or BioC XML, or no system.
var ErrLevelInput = errors.New("level run input")

// levelBaselines are the built-in systems of a level run: the dictionary
// normaliser and the co-occurrence pairs, on the mentions the
// dictionary finds ("dict") or on the gold mentions ("dict-gold": the
// normaliser and the pairs alone).
var levelBaselines = []string{"dict", "dict-gold"}

// LevelEvaluation is what "stress run --level" does: build the stress
// sets of a PubTator or BioC test corpus, have every document system
// annotate the original and every set (Dir/pred/SYSTEM/FILE, in the
// corpus's format), and score them as the BioCreative V CDR kit does at
// each level: mention and concept id for Chemical and Disease, CID
// relations. Drops from the original come with paired bootstrap
// intervals over documents; for every set whose kind changed mentions,
// the concept ids of the changed mentions are scored on their own.
type LevelEvaluation struct {
	Plan stressset.Plan
	// Train are the corpora the baselines learn their dictionary from;
	// their documents that the test corpus has (by id) are left out.
	Train []string
	// Baselines are names of levelBaselines.
	Baselines []string
	// Commands are document systems (sh -c): the set's documents, text
	// only, on stdin; the same documents with the system's annotations
	// (ids) and relations on stdout, in the same format. Names name
	// them in reports (default doc, doc2, ...).
	Commands, Names []string
	// Servers are document systems started once (sh -c), answering one
	// JSON line a set (tagger.DocumentServer); Names name them after
	// the Commands (default server, server2, ...).
	Servers []string
	Timeout time.Duration
	// Stderr receives the commands' standard error, prefixed.
	Stderr io.Writer
	// Levels are the levels scored (default: all three).
	Levels []cdr.Level
	// Samples are the bootstrap samples of the intervals (0: none),
	// seeded with Plan.Seed.
	Samples int
	// HTML is the report page; "" writes Dir/report.html.
	HTML string
	// Logf, when not nil, receives progress messages.
	Logf func(format string, args ...any)
	// Force lets Run replace an HTML page that exists.
	Force bool
}

// levelFormats are the corpus formats a level run reads: the kit's.
var levelFormats = map[string]cdr.Format{"pubtator": cdr.PubTator, "bioc-xml": cdr.BioC}

// systemNames returns the names of the systems, baselines first.
func (ev *LevelEvaluation) systemNames() []string {
	names := slices.Clone(ev.Baselines)
	for i := range ev.Commands {
		names = append(names, commandName(ev.Names, i))
	}
	for i := range ev.Servers {
		names = append(names, serverName(ev.Names, len(ev.Commands), i))
	}
	return names
}

func serverName(names []string, commands, i int) string {
	if commands+i < len(names) {
		return names[commands+i]
	}
	if i == 0 {
		return "server"
	}
	return fmt.Sprintf("server%d", i+1)
}

func commandName(names []string, i int) string {
	if i < len(names) {
		return names[i]
	}
	if i == 0 {
		return "doc"
	}
	return fmt.Sprintf("doc%d", i+1)
}

// Check refuses what Run cannot do, before any work: a test or training
// corpus of another format than PubTator or BioC XML, an unknown
// baseline, no system, names given twice.
func (ev *LevelEvaluation) Check() error {
	if len(ev.Plan.Inputs) != 1 || conll.IsEmbedded(ev.Plan.Inputs[0].Path) {
		return fmt.Errorf("%w: --level needs --test, a PubTator or BioC XML corpus", ErrLevelInput)
	}
	for _, p := range append([]string{ev.Plan.Inputs[0].Path}, ev.Train...) {
		if name := formatName(p); levelFormats[name] == 0 {
			return fmt.Errorf("%w: %s is %s; the CDR levels read PubTator and BioC XML", ErrLevelInput, p, name)
		}
	}
	for _, b := range ev.Baselines {
		if !slices.Contains(levelBaselines, b) {
			return fmt.Errorf("%w: unknown baseline %q (want %v)", ErrLevelInput, b, levelBaselines)
		}
	}
	if len(ev.Baselines) > 0 && len(ev.Train) == 0 {
		return fmt.Errorf("%w: the baselines learn from --train", ErrLevelInput)
	}
	names := ev.systemNames()
	if len(names) == 0 {
		return fmt.Errorf("%w: no systems", ErrLevelInput)
	}
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] || n == "" || filepath.Base(n) != n {
			return fmt.Errorf("%w: system name %q is empty, given twice or not a file name", ErrLevelInput, n)
		}
		seen[n] = true
	}
	return nil
}

// setNames returns the base names of the sets: the original, then the
// stress sets, as the build names them.
func (ev *LevelEvaluation) setNames() []string {
	plan := &ev.Plan
	in := plan.Inputs[0]
	names := []string{filepath.Base(in.Path)}
	if kept := stressset.KeptCopy(in); kept != "" {
		names[0] = kept
	}
	_, outputs := plan.Files()
	for _, out := range outputs {
		switch filepath.Base(out) {
		case stressset.ChangesName, stressset.ManifestName, names[0]:
			continue
		}
		names = append(names, filepath.Base(out))
	}
	return names
}

// Files returns every file the run reads and writes, known before any
// work (see Evaluation.Files).
func (ev *LevelEvaluation) Files() (inputs, outputs []string) {
	inputs, outputs = ev.Plan.Files()
	inputs = append(inputs, ev.Train...)
	for _, system := range ev.systemNames() {
		for _, set := range ev.setNames() {
			outputs = append(outputs, filepath.Join(ev.Plan.Dir, "pred", system, set))
		}
	}
	return inputs, append(outputs, filepath.Join(ev.Plan.Dir, goldChangesName), filepath.Join(ev.Plan.Dir, "summary.md"), ev.htmlPath())
}

func (ev *LevelEvaluation) htmlPath() string {
	if ev.HTML == "" {
		return filepath.Join(ev.Plan.Dir, "report.html")
	}
	return ev.HTML
}

// levelSet is one set of a level run: its name in reports, its kind
// ("" for the original) and its gold file.
type levelSet struct {
	label, kind, file, base string
	notMeasured             bool
}

// LevelResult is the outcome of a LevelEvaluation.
type LevelResult struct {
	Document *report.Document
	// Files written: the summary, the HTML page and the directory of
	// the predictions.
	Summary, HTML, Predictions string
}

// Run builds, annotates, scores and writes the reports. The caller has
// checked the files (Files) and prepared Plan.Dir, as for Evaluation.
// A run that fails leaves nothing.
func (ev *LevelEvaluation) Run(ctx context.Context) (_ *LevelResult, err error) {
	if err := ev.Check(); err != nil {
		return nil, err
	}
	logf := ev.Logf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	plan := &ev.Plan
	done := &written{}
	if _, statErr := os.Stat(plan.Dir); statErr != nil {
		done.dirs = append(done.dirs, plan.Dir)
	}
	defer func() {
		if err != nil {
			done.undo()
		}
	}()
	logf("building %s from %s into %s", kindList(plan), plan.Inputs[0].Path, plan.Dir)
	m, err := stressset.Run(ctx, plan)
	if err != nil {
		return nil, err
	}
	_, built := plan.Files()
	done.add(built...)
	bld := &stressset.Build{Dir: plan.Dir, Manifest: m, Opener: plan.Opener}
	orig, err := bld.OriginalPath(&m.Inputs[0])
	if err != nil {
		return nil, err
	}
	spec, format, err := levelFormat(orig)
	if err != nil {
		return nil, err
	}
	names := ev.setNames()
	sets := []levelSet{{label: "O", file: orig, base: names[0]}}
	for _, out := range m.Inputs[0].Outputs {
		sets = append(sets, levelSet{label: kindLetter(out.Kind), kind: out.Kind, file: filepath.Join(plan.Dir, out.File), base: filepath.Base(out.File),
			notMeasured: out.Stats.NotMeasured})
	}
	systems, notes, err := ev.systems(orig, spec)
	if err != nil {
		return nil, err
	}
	stop, err := ev.startServers(ctx, systems)
	if err != nil {
		return nil, err
	}
	defer stop()
	res := &LevelResult{HTML: ev.htmlPath(), Summary: filepath.Join(plan.Dir, "summary.md"), Predictions: filepath.Join(plan.Dir, "pred")}
	done.dirs = append(done.dirs, res.Predictions)
	for i := range systems {
		s := &systems[i]
		s.dir = filepath.Join(res.Predictions, s.name)
		done.dirs = append(done.dirs, s.dir)
		for _, set := range sets {
			out := filepath.Join(s.dir, set.base)
			logf("%s annotates %s", s.name, set.label)
			if err := ev.annotate(ctx, *s, spec, set.file, out); err != nil {
				return nil, err
			}
			done.add(out)
		}
	}
	logf("scoring at the CDR levels (%d bootstrap samples)", ev.Samples)
	sc, err := scoreLevels(ev.levels(), spec, format, sets, systems, ev.Samples, plan.Seed)
	if err != nil {
		return nil, err
	}
	res.Document = sc.document(append([]string{fmt.Sprintf("Test corpus %s, seed %d; scored as the CDR kit (BC5CDR_Evaluation-0.0.3) scores mention, id and relation.",
		plan.Inputs[0].Path, plan.Seed)}, notes...))
	if err := sc.writeGoldChanges(filepath.Join(plan.Dir, goldChangesName)); err != nil {
		return nil, err
	}
	done.add(filepath.Join(plan.Dir, goldChangesName))
	if err := report.WriteFile(res.Summary, report.Markdown, res.Document, false); err != nil {
		return nil, err
	}
	done.add(res.Summary)
	if err := report.WriteFile(res.HTML, report.HTML, res.Document, ev.Force); err != nil {
		return nil, err
	}
	done.add(res.HTML)
	return res, nil
}

func (ev *LevelEvaluation) levels() []cdr.Level {
	if len(ev.Levels) == 0 {
		return cdr.Levels
	}
	return ev.Levels
}

// PerDocumentSwaps returns ks with the option per-document on for every
// kind that is or composes an entity swap (entity-swap, a+entity-swap),
// as a level run wants them unless the command line says otherwise:
// relations move with an entity swap's new concepts only when a document
// names one new concept for each old one. ks is left as it is.
func PerDocumentSwaps(ks []perturb.ManifestKind) []perturb.ManifestKind {
	out := slices.Clone(ks)
	for i := range out {
		if slices.Contains(strings.Split(out[i].Name, "+"), entityswap.Name) {
			out[i].Options = maps.Clone(out[i].Options)
			if out[i].Options == nil {
				out[i].Options = map[string]string{}
			}
			out[i].Options["per-document"] = "true"
		}
	}
	return out
}

// levelFormat returns the document format of path and how the kit
// reads it.
func levelFormat(path string) (standoff.FormatSpec, cdr.Format, error) {
	name := formatName(path)
	f, ok := levelFormats[name]
	spec, found := standoff.Lookup(name)
	if !ok || !found {
		return standoff.FormatSpec{}, 0, fmt.Errorf("%w: %s is %s; the CDR levels read PubTator and BioC XML", ErrLevelInput, path, name)
	}
	return spec, f, nil
}

// formatName returns the name of path's format: by its name, or by its
// content where the name leaves it open (.txt: "CDR_DevelopmentSet.PubTator.txt").
func formatName(path string) string {
	name := conll.FormatOf(path).String()
	if _, ok := levelFormats[name]; ok {
		return name
	}
	head := make([]byte, 4096)
	if f, err := os.Open(path); err == nil {
		n, _ := io.ReadFull(f, head)
		head = head[:n]
		f.Close()
	}
	for _, n := range []string{"pubtator", "bioc-xml"} {
		if spec, ok := standoff.Lookup(n); ok && spec.Sniff != nil && spec.Sniff(head) {
			return n
		}
	}
	return name
}

// readDocuments reads every document of path in its format.
func readDocuments(path string) ([]*standoff.Document, error) {
	spec, _, err := levelFormat(path)
	if err != nil {
		return nil, err
	}
	return readDocumentsAs(path, spec)
}

// readDocumentsAs reads every document of path in format spec.
func readDocumentsAs(path string, spec standoff.FormatSpec) ([]*standoff.Document, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	dec, err := spec.NewDecoder(f, path)
	if err != nil {
		return nil, err
	}
	var docs []*standoff.Document
	for {
		d, err := dec.Read()
		if err == io.EOF {
			return docs, nil
		}
		if err != nil {
			return nil, err
		}
		docs = append(docs, d)
	}
}

// levelSystem is one system of a level run.
type levelSystem struct {
	name string
	dir  string // where its predictions are, one file a set, named as the set
	// base, when not nil, is a baseline; otherwise cmd is run.
	base   *dictlink.System
	cmd    string
	server *tagger.DocumentServer
}

// systems makes the baselines (learning the dictionary from ev.Train,
// without the documents of the test corpus orig) and the commands.
// notes say what the dictionary learnt from.
func (ev *LevelEvaluation) systems(orig string, spec standoff.FormatSpec) ([]levelSystem, []string, error) {
	var out []levelSystem
	var notes []string
	if len(ev.Baselines) > 0 {
		test, err := readDocuments(orig)
		if err != nil {
			return nil, nil, err
		}
		inTest := map[string]bool{}
		for _, d := range test {
			inTest[d.ID] = true
		}
		var train []*standoff.Document
		for _, p := range ev.Train {
			docs, err := readDocuments(p)
			if err != nil {
				return nil, nil, err
			}
			train = append(train, docs...)
		}
		skipped := 0
		dict := dictlink.Learn(train, func(id string) bool {
			if inTest[id] {
				skipped++
			}
			return inTest[id]
		})
		var sizes []string
		for _, t := range dict.Types() {
			sizes = append(sizes, fmt.Sprintf("%d %s", dict.Len(t), t))
		}
		notes = append(notes, fmt.Sprintf("The baselines' dictionary holds %s names, learnt from %d training documents (%d training documents the test corpus also has were left out).",
			strings.Join(sizes, " and "), len(train)-skipped, skipped))
		conv := dictlink.PubTator
		if spec.Name == "bioc-xml" {
			conv = dictlink.BioC
		}
		for _, b := range ev.Baselines {
			out = append(out, levelSystem{name: b, base: &dictlink.System{Dict: dict, GoldMentions: b == "dict-gold", Convention: conv}})
		}
	}
	for i, c := range ev.Commands {
		out = append(out, levelSystem{name: commandName(ev.Names, i), cmd: c})
	}
	for i := range ev.Servers {
		out = append(out, levelSystem{name: serverName(ev.Names, len(ev.Commands), i)})
	}
	return out, notes, nil
}

// startServers starts the servers of systems (those without base or
// cmd), in the order of ev.Servers; stop closes them.
func (ev *LevelEvaluation) startServers(ctx context.Context, systems []levelSystem) (stop func(), err error) {
	var started []*tagger.DocumentServer
	stop = func() {
		for _, s := range started {
			s.Close()
		}
	}
	k := 0
	for i := range systems {
		if systems[i].base != nil || systems[i].cmd != "" {
			continue
		}
		s, err := tagger.StartDocumentServer(ctx, systems[i].name, ev.Servers[k], ev.Stderr)
		if err != nil {
			stop()
			return nil, err
		}
		k++
		started = append(started, s)
		systems[i].server = s
	}
	return stop, nil
}

// annotate writes system s's predictions on the documents of in to out.
func (ev *LevelEvaluation) annotate(ctx context.Context, s levelSystem, spec standoff.FormatSpec, in, out string) error {
	docs, err := readDocumentsAs(in, spec)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	f, err := atomicfile.Create(out, true)
	if err != nil {
		return err
	}
	defer f.Abort()
	if s.base != nil {
		if err := encodeDocuments(f, spec, docs, s.base.Annotate); err != nil {
			return fmt.Errorf("%s: %w", out, err)
		}
	} else {
		var text bytes.Buffer
		if err := encodeDocuments(&text, spec, docs, textOnly); err != nil {
			return err
		}
		if s.server != nil {
			out, err := s.server.Annotate(spec.Name, text.String(), ev.Timeout)
			if err != nil {
				return err
			}
			if _, err := io.WriteString(f, out); err != nil {
				return err
			}
		} else if err := tagger.RunDocumentCommand(ctx, s.name, s.cmd, text.Bytes(), f, ev.Stderr, ev.Timeout); err != nil {
			return err
		}
	}
	return f.Commit()
}

// textOnly returns d without its annotations and relations: what a
// system is given.
func textOnly(d *standoff.Document) *standoff.Document {
	nd := *d
	nd.Relations = nil
	nd.Passages = slices.Clone(d.Passages)
	for i := range nd.Passages {
		nd.Passages[i].Annotations, nd.Passages[i].Relations = nil, nil
	}
	return &nd
}

// encodeDocuments writes f(d) of every document in spec's format.
func encodeDocuments(w io.Writer, spec standoff.FormatSpec, docs []*standoff.Document, f func(*standoff.Document) *standoff.Document) error {
	enc, err := spec.NewEncoder(w, nil)
	if err != nil {
		return err
	}
	for _, d := range docs {
		if err := enc.Write(f(d)); err != nil {
			return err
		}
	}
	enc.Flush()
	return enc.Error()
}

// levelMeasure is one of the figures of a level run.
type levelMeasure struct {
	level cdr.Level
	typ   string
}

func (m levelMeasure) String() string { return m.level.String() + " " + m.typ }

// measuresOf returns the measures of levels: mention and id for
// Chemical and Disease, CID relations.
func measuresOf(levels []cdr.Level) []levelMeasure {
	var out []levelMeasure
	for _, l := range levels {
		ms := []levelMeasure{{l, "Chemical"}, {l, "Disease"}}
		if l == cdr.Relation {
			ms = []levelMeasure{{l, "CID"}}
		}
		for _, m := range ms {
			// A level asked for twice is scored once: the scores of a
			// measure are a list by set.
			if !slices.Contains(out, m) {
				out = append(out, m)
			}
		}
	}
	return out
}

// docScores are a system's counts on one set for one measure, by
// document of the original's gold (the bootstrap's units).
type docScores struct {
	total  cdr.Result
	byDoc  map[string]cdr.Result
	golds  int // gold keys
	warned []string
}

// levelScores are every figure of a level run.
type levelScores struct {
	measures []levelMeasure
	sets     []levelSet
	systems  []string
	docs     []string                                // the original's gold documents, sorted
	scores   map[string]map[levelMeasure][]docScores // system -> measure -> by set
	changed  map[string][]changedIDs                 // system -> by set (the original's entry empty)
	gold     []goldChanges                           // by set (the original's entry empty)
	samples  int
	seed     uint64
}

// scoreLevels scores every prediction of every system.
func scoreLevels(levels []cdr.Level, spec standoff.FormatSpec, format cdr.Format, sets []levelSet, systems []levelSystem, samples int, seed uint64) (*levelScores, error) {
	sc := &levelScores{measures: measuresOf(levels), sets: sets, scores: map[string]map[levelMeasure][]docScores{},
		changed: map[string][]changedIDs{}, samples: samples, seed: seed}
	docSet := map[string]bool{}
	read := func(path string, m levelMeasure) (*cdr.Keys, error) {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return cdr.Read(f, path, format, cdr.Options{Level: m.level, Types: []string{m.typ}})
	}
	golds := map[string]map[levelMeasure]*cdr.Keys{}
	for _, set := range sets {
		golds[set.file] = map[levelMeasure]*cdr.Keys{}
		for _, m := range sc.measures {
			k, err := read(set.file, m)
			if err != nil {
				return nil, err
			}
			golds[set.file][m] = k
		}
	}
	goldDocs := make([][]*standoff.Document, len(sets))
	for i, set := range sets {
		docs, err := readDocumentsAs(set.file, spec)
		if err != nil {
			return nil, err
		}
		goldDocs[i] = docs
	}
	for _, d := range goldDocs[0] {
		docSet[d.ID] = true
	}
	pairs := levelMeasure{cdr.Relation, "CID"}
	sc.gold = make([]goldChanges, len(sets))
	for i := 1; i < len(sets); i++ {
		po, err := read(sets[0].file, pairs)
		if err != nil {
			return nil, err
		}
		ps, err := read(sets[i].file, pairs)
		if err != nil {
			return nil, err
		}
		sc.gold[i] = diffGold(sets[i].label, goldDocs[0], goldDocs[i], po, ps)
	}
	for d := range docSet {
		sc.docs = append(sc.docs, d)
	}
	sort.Strings(sc.docs)
	for _, s := range systems {
		sc.systems = append(sc.systems, s.name)
		sc.scores[s.name] = map[levelMeasure][]docScores{}
		var predAnnsO []cdr.Annotation
		for i, set := range sets {
			pred := filepath.Join(s.dir, set.base)
			for _, m := range sc.measures {
				p, err := read(pred, m)
				if err != nil {
					return nil, err
				}
				g := golds[set.file][m]
				docs, rs := cdr.ScoreDocs(g, p)
				ds := docScores{total: cdr.Score(g, p), byDoc: map[string]cdr.Result{}, golds: g.Len(), warned: append(g.Warnings, p.Warnings...)}
				for k, d := range docs {
					ds.byDoc[d] = rs[k]
				}
				sc.scores[s.name][m] = append(sc.scores[s.name][m], ds)
			}
			anns, err := readAnnotations(pred, format)
			if err != nil {
				return nil, err
			}
			if i == 0 {
				predAnnsO = anns
				sc.changed[s.name] = append(sc.changed[s.name], changedIDs{})
				continue
			}
			sc.changed[s.name] = append(sc.changed[s.name], scoreChanged(goldDocs[0], goldDocs[i], predAnnsO, anns))
		}
	}
	return sc, nil
}

func readAnnotations(path string, format cdr.Format) ([]cdr.Annotation, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return cdr.ReadAnnotations(f, path, format)
}

// changedIDs scores the concept ids of the mentions a set changed:
// Mentions are the gold mentions of the set whose text differs from the
// original's and that have an id; RightO of them have their original
// mention's ids predicted at the original's span on the original (the
// same mentions before the change), Right their own ids at their span
// on the set.
type changedIDs struct {
	Mentions, RightO, Right int
}

// goldIDKeys are the infons of a gold mention's concept ids, as the kit
// reads PubTator (conll/pubtator's "identifier") and BioC ("MESH", else
// "OMIM").
var goldIDKeys = []string{"identifier", "MESH", "OMIM"}

// goldAnnotation returns a of document doc as the kit reads it.
func goldAnnotation(doc string, a *standoff.Annotation) (cdr.Annotation, bool) {
	if len(a.Locations) != 1 {
		return cdr.Annotation{}, false
	}
	g := cdr.Annotation{Doc: doc, Start: a.Locations[0].Start, End: a.Locations[0].End, Type: a.Type}
	for _, k := range goldIDKeys {
		for _, in := range a.Infons {
			if in.Key == k {
				g.IDs = cdr.ConceptIDs(in.Value)
				return g, true
			}
		}
	}
	return g, true
}

// scoreChanged pairs the gold documents of the original and of a set (a
// set keeps every document and annotation, in order) and scores the ids
// the system predicted at the annotations whose text changed.
func scoreChanged(goldO, gold []*standoff.Document, predO, pred []cdr.Annotation) changedIDs {
	var c changedIDs
	at := func(anns []cdr.Annotation) map[string][]cdr.Annotation {
		m := map[string][]cdr.Annotation{}
		for _, a := range anns {
			m[a.Key()] = append(m[a.Key()], a)
		}
		return m
	}
	po, ps := at(predO), at(pred)
	right := func(p map[string][]cdr.Annotation, g cdr.Annotation) bool {
		for _, a := range p[g.Key()] {
			if a.SameIDs(g) {
				return true
			}
		}
		return false
	}
	for di := range min(len(goldO), len(gold)) {
		do, ds := goldO[di], gold[di]
		if do.ID != ds.ID || len(do.Passages) != len(ds.Passages) {
			continue
		}
		for pi := range do.Passages {
			ao, as := do.Passages[pi].Annotations, ds.Passages[pi].Annotations
			if len(ao) != len(as) {
				continue
			}
			for j := range ao {
				if ao[j].Text == as[j].Text {
					continue
				}
				o, ok1 := goldAnnotation(do.ID, &ao[j])
				g, ok2 := goldAnnotation(ds.ID, &as[j])
				if !ok1 || !ok2 || len(g.IDs) == 0 {
					continue // no id to find
				}
				c.Mentions++
				if len(o.IDs) > 0 && right(po, o) {
					c.RightO++
				}
				if right(ps, g) {
					c.Right++
				}
			}
		}
	}
	return c
}

// dropInterval returns the drop of F1 from the original to set i (in F1
// points, positive: worse) and its 95% paired bootstrap interval over
// the original's gold documents; ok is false without samples.
func (sc *levelScores) dropInterval(system string, m levelMeasure, i int) (drop, lo, hi float64, ok bool) {
	o, s := sc.scores[system][m][0], sc.scores[system][m][i]
	drop = 100 * (o.total.F1() - s.total.F1())
	if sc.samples == 0 || len(sc.docs) == 0 {
		return drop, 0, 0, false
	}
	r := rand.New(rand.NewPCG(sc.seed, uint64(i)))
	ds := make([]float64, sc.samples)
	for b := range ds {
		var ro, rs cdr.Result
		for range sc.docs {
			d := sc.docs[r.IntN(len(sc.docs))]
			ro, rs = ro.Add(o.byDoc[d]), rs.Add(s.byDoc[d])
		}
		ds[b] = 100 * (ro.F1() - rs.F1())
	}
	sort.Float64s(ds)
	return drop, ds[int(0.025*float64(len(ds)))], ds[min(int(0.975*float64(len(ds))), len(ds)-1)], true
}

// pct formats a fraction as a percentage with two decimals.
func pct(f float64) string { return fmt.Sprintf("%.2f", 100*f) }

// levelJSON is the JSON form of a level run's report.
type levelJSON struct {
	Sets    []string          `json:"sets"`
	Systems []levelSystemJSON `json:"systems"`
}

type levelSystemJSON struct {
	Name     string             `json:"name"`
	Measures []levelMeasureJSON `json:"measures"`
	Changed  []levelChangedJSON `json:"changed_mentions"`
}

type levelMeasureJSON struct {
	Level string         `json:"level"`
	Type  string         `json:"type"`
	Sets  []levelSetJSON `json:"sets"`
}

type levelSetJSON struct {
	Set        string   `json:"set"`
	TP         int      `json:"tp"`
	FP         int      `json:"fp"`
	FN         int      `json:"fn"`
	F1         float64  `json:"f1"`
	Drop       *float64 `json:"drop,omitempty"`
	DropLow    *float64 `json:"drop_low,omitempty"`
	DropHigh   *float64 `json:"drop_high,omitempty"`
	GoldKeys   int      `json:"gold_keys"`
	NotMeasure bool     `json:"not_measured,omitempty"`
}

type levelChangedJSON struct {
	Set      string `json:"set"`
	Mentions int    `json:"mentions"`
	RightO   int    `json:"right_on_original"`
	Right    int    `json:"right"`
}

// document builds the report: F1 per set, drops with intervals, the
// ids of the changed mentions, and the gold of every set.
func (sc *levelScores) document(lines []string) *report.Document {
	d := &report.Document{Title: "Stress run at the BioCreative V CDR levels", Lines: lines}
	var labels []string
	for _, s := range sc.sets {
		labels = append(labels, s.label)
	}
	f1 := &report.Table{ID: "f1", Title: "F1 per set (%)", Note: "the kit's F-score; NaN (no key at all) shown as 0",
		Header: append([]string{"system", "measure"}, labels...), Group: 1}
	dropTitle := "Drop from O (F1 points)"
	if sc.samples > 0 {
		dropTitle = "Drop from O (F1 points, 95% paired bootstrap interval over documents)"
	}
	drops := &report.Table{ID: "drops", Title: dropTitle,
		Header: append([]string{"system", "measure"}, labels[1:]...), Group: 1}
	changed := &report.Table{ID: "changed", Title: "Concept ids of the changed mentions",
		Note:   "mentions whose text the set changed and that have a gold id: the share whose ids the system predicts at the mention's span, on O (the original mention) and on the set (the new name; entity-swap: the new concept)",
		Header: []string{"system", "set", "mentions", "right on O (%)", "right on the set (%)", "drop (points)"}, Group: 1}
	golds := &report.Table{ID: "gold", Title: "Gold keys per set", Note: "what each set asks for: mentions, document-level ids, CID pairs (the kit's keys)",
		Header: append([]string{"measure"}, labels...)}
	f1.Right = append([]bool{false, false}, slicesRepeat(true, len(labels))...)
	drops.Right = append([]bool{false, false}, slicesRepeat(true, len(labels)-1)...)
	changed.Right = []bool{false, false, true, true, true, true}
	golds.Right = append([]bool{false}, slicesRepeat(true, len(labels))...)
	js := levelJSON{Sets: labels}
	csv := [][]string{{"system", "level", "type", "set", "tp", "fp", "fn", "f1", "drop", "drop_low", "drop_high"}}
	for _, system := range sc.systems {
		sj := levelSystemJSON{Name: system}
		for _, m := range sc.measures {
			row := []string{system, m.String()}
			drow := []string{system, m.String()}
			mj := levelMeasureJSON{Level: m.level.String(), Type: m.typ}
			for i, set := range sc.sets {
				s := sc.scores[system][m][i]
				row = append(row, pct(s.total.F1()))
				sjs := levelSetJSON{Set: set.label, TP: s.total.TP, FP: s.total.FP, FN: s.total.FN, F1: s.total.F1(), GoldKeys: s.golds, NotMeasure: set.notMeasured}
				c := []string{system, m.level.String(), m.typ, set.label, fmt.Sprint(s.total.TP), fmt.Sprint(s.total.FP), fmt.Sprint(s.total.FN), fmt.Sprintf("%.6f", s.total.F1()), "", "", ""}
				if i > 0 {
					drop, lo, hi, ok := sc.dropInterval(system, m, i)
					cell := fmt.Sprintf("%.2f", drop)
					sjs.Drop = &drop
					c[8] = fmt.Sprintf("%.4f", drop)
					if ok {
						cell += fmt.Sprintf(" [%.2f, %.2f]", lo, hi)
						sjs.DropLow, sjs.DropHigh = &lo, &hi
						c[9], c[10] = fmt.Sprintf("%.4f", lo), fmt.Sprintf("%.4f", hi)
					}
					if set.notMeasured {
						cell += " (not measured)"
					}
					drow = append(drow, cell)
				}
				mj.Sets = append(mj.Sets, sjs)
				csv = append(csv, c)
			}
			f1.Rows = append(f1.Rows, row)
			drops.Rows = append(drops.Rows, drow)
			sj.Measures = append(sj.Measures, mj)
		}
		for i, set := range sc.sets[1:] {
			c := sc.changed[system][i+1]
			if c.Mentions == 0 {
				continue
			}
			ro, rs := float64(c.RightO)/float64(c.Mentions), float64(c.Right)/float64(c.Mentions)
			changed.Rows = append(changed.Rows, []string{system, set.label, fmt.Sprint(c.Mentions), pct(ro), pct(rs), fmt.Sprintf("%.2f", 100*(ro-rs))})
			sj.Changed = append(sj.Changed, levelChangedJSON{Set: set.label, Mentions: c.Mentions, RightO: c.RightO, Right: c.Right})
		}
		js.Systems = append(js.Systems, sj)
	}
	touched := &report.Table{ID: "touched", Title: "What the sets changed in the gold beyond the text",
		Note:   "mentions whose text changed; of them, those whose ids changed and those left without id; CID pairs kept, gone and new (each listed in " + goldChangesName + ")",
		Header: []string{"set", "mentions changed", "new ids", "no id", "pairs kept", "pairs gone", "pairs new"},
		Right:  []bool{false, true, true, true, true, true, true}}
	for i, set := range sc.sets[1:] {
		g := sc.gold[i+1]
		touched.Rows = append(touched.Rows, []string{set.label, fmt.Sprint(g.mentions), fmt.Sprint(g.newIDs), fmt.Sprint(g.noIDs),
			fmt.Sprint(g.pairsKept), fmt.Sprint(g.pairsGone), fmt.Sprint(g.pairsNew)})
	}
	if len(sc.systems) > 0 {
		for _, m := range sc.measures {
			row := []string{m.String()}
			for i := range sc.sets {
				row = append(row, fmt.Sprint(sc.scores[sc.systems[0]][m][i].golds))
			}
			golds.Rows = append(golds.Rows, row)
		}
	}
	seenWarning := map[string]bool{}
	for _, system := range sc.systems {
		for _, m := range sc.measures {
			for _, ds := range sc.scores[system][m] {
				for _, w := range ds.warned {
					if !seenWarning[w] {
						seenWarning[w] = true
						d.Lines = append(d.Lines, "Warning: "+w)
					}
				}
			}
		}
	}
	d.Sections = []report.Section{f1, drops}
	if len(changed.Rows) > 0 {
		d.Sections = append(d.Sections, changed)
	}
	d.Sections = append(d.Sections, golds, touched)
	d.JSON, d.CSV = js, csv
	return d
}

func slicesRepeat(v bool, n int) []bool {
	out := make([]bool, max(n, 0))
	for i := range out {
		out[i] = v
	}
	return out
}

// goldChangesName is the file of a level run that lists, set by set,
// what the kinds changed in the gold beyond the text: each mention whose
// text changed with its ids before and after, and each CID pair that
// went or came (Dir/goldChangesName).
const goldChangesName = "gold-changes.tsv"

// goldChanges is what a set changed in the gold: its rows for
// goldChangesName, and counts.
type goldChanges struct {
	rows                           [][]string
	mentions, newIDs, noIDs        int // changed mentions; of them, with other ids; with none
	pairsKept, pairsGone, pairsNew int
}

// diffGold compares the gold documents of the original and of a set
// (kept in order: same documents, passages and annotations) and the
// CID pairs the kit reads of each (keys by document).
func diffGold(label string, goldO, gold []*standoff.Document, pairsO, pairs *cdr.Keys) goldChanges {
	var g goldChanges
	for di := range min(len(goldO), len(gold)) {
		do, ds := goldO[di], gold[di]
		if do.ID != ds.ID || len(do.Passages) != len(ds.Passages) {
			continue
		}
		for pi := range do.Passages {
			ao, as := do.Passages[pi].Annotations, ds.Passages[pi].Annotations
			for j := range min(len(ao), len(as)) {
				if ao[j].Text == as[j].Text {
					continue
				}
				o, _ := goldAnnotation(do.ID, &ao[j])
				s, ok := goldAnnotation(ds.ID, &as[j])
				if !ok {
					continue
				}
				g.mentions++
				switch {
				case len(s.IDs) == 0 && len(o.IDs) > 0:
					g.noIDs++
				case !s.SameIDs(o):
					g.newIDs++
				}
				g.rows = append(g.rows, []string{label, ds.ID, "mention", fmt.Sprintf("%d-%d", s.Start, s.End), ao[j].Text, as[j].Text,
					strings.Join(o.IDs, "|"), strings.Join(s.IDs, "|")})
			}
		}
	}
	keys := func(k *cdr.Keys) map[string]bool {
		m := map[string]bool{}
		for _, s := range k.Sorted() {
			m[s] = true
		}
		return m
	}
	ko, ks := keys(pairsO), keys(pairs)
	for _, k := range pairsO.Sorted() {
		if ks[k] {
			g.pairsKept++
			continue
		}
		g.pairsGone++
		f := strings.Split(k, "\t")
		g.rows = append(g.rows, []string{label, f[1], "pair gone", "", "", "", f[3] + " " + f[4], ""})
	}
	for _, k := range pairs.Sorted() {
		if !ko[k] {
			g.pairsNew++
			f := strings.Split(k, "\t")
			g.rows = append(g.rows, []string{label, f[1], "pair new", "", "", "", "", f[3] + " " + f[4]})
		}
	}
	return g
}

// writeGoldChanges writes goldChangesName: a header, then the rows of
// every set.
func (sc *levelScores) writeGoldChanges(path string) error {
	f, err := atomicfile.Create(path, true)
	if err != nil {
		return err
	}
	defer f.Abort()
	w := csv.NewWriter(f)
	w.Comma = '\t'
	w.Write([]string{"set", "document", "what", "offsets", "before", "after", "ids_before", "ids_after"})
	for _, g := range sc.gold {
		w.WriteAll(g.rows)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return err
	}
	return f.Commit()
}

// CompareLevels scores systems' predictions on the sets of input of
// the build in dir (stress compare --level): each system's directory
// holds one prediction a set, named as the set (as run --level writes
// them under pred/SYSTEM). Levels nil means all three; intervals take
// samples bootstrap samples seeded with seed.
func CompareLevels(dir, input string, preds []compare.Predictions, levels []cdr.Level, samples int, seed uint64) (*report.Document, error) {
	b, err := stressset.Open(dir)
	if err != nil {
		return nil, fmt.Errorf("open build manifest: %w", err)
	}
	in, err := b.Input(input)
	if err != nil {
		return nil, err
	}
	orig, err := b.OriginalPath(in)
	if err != nil {
		return nil, err
	}
	spec, format, err := levelFormat(orig)
	if err != nil {
		return nil, err
	}
	sets := []levelSet{{label: "O", file: orig, base: filepath.Base(orig)}}
	for _, out := range in.Outputs {
		sets = append(sets, levelSet{label: kindLetter(out.Kind), kind: out.Kind, file: filepath.Join(b.Dir, out.File), base: filepath.Base(out.File),
			notMeasured: out.Stats.NotMeasured})
	}
	var systems []levelSystem
	for _, p := range preds {
		if slices.ContainsFunc(systems, func(s levelSystem) bool { return s.name == p.System }) {
			return nil, fmt.Errorf("%w: system %s given twice", ErrLevelInput, p.System)
		}
		for _, set := range sets {
			if _, err := os.Stat(filepath.Join(p.Dir, set.base)); err != nil {
				return nil, fmt.Errorf("%w: system %s has no prediction of set %s: %v", ErrLevelInput, p.System, set.label, err)
			}
		}
		systems = append(systems, levelSystem{name: p.System, dir: p.Dir})
	}
	if len(levels) == 0 {
		levels = cdr.Levels
	}
	sc, err := scoreLevels(levels, spec, format, sets, systems, samples, seed)
	if err != nil {
		return nil, err
	}
	d := sc.document([]string{fmt.Sprintf("Build %s (test corpus %s); scored as the CDR kit (BC5CDR_Evaluation-0.0.3) scores mention, id and relation; resampling seed %d.", dir, orig, seed)})
	d.Title = "Comparison at the BioCreative V CDR levels"
	return d, nil
}
