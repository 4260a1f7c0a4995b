package stressset

import (
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/atomicfile"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/report"
)

// Build is a finished build, read back from its directory.
type Build struct {
	Dir      string
	Manifest *Manifest
	// Opener reads the sets and predictions: set its Labels for a build
	// of JSON Lines with integer tags.
	Opener conll.Opener

	// templates holds, by gold file, the documents of the sets Sets read
	// from a document format, which predictions are split like.
	templates map[string]conll.Template
}

// Open reads the manifest of the build in dir (dir/manifest.json), or
// the manifest file dir names (an attack's OUT.manifest.json); the files
// it records are in the manifest's directory.
func Open(dir string) (*Build, error) {
	path := filepath.Join(dir, ManifestName)
	if fi, err := os.Stat(dir); err == nil && fi.Mode().IsRegular() {
		path, dir = dir, filepath.Dir(dir)
	}
	m, err := ReadManifest(path)
	if err != nil {
		return nil, err
	}
	return &Build{Dir: dir, Manifest: m}, nil
}

// WriteManifest writes m to path, refusing to replace a file unless
// force is set (the output policy's last word: see atomicfile).
func WriteManifest(path string, m *Manifest, force bool) error {
	if err := m.Validate(); err != nil {
		return err
	}
	data, err := m.Encode()
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(path, data, !force)
}

// ReadManifest reads a manifest file; errors name the file.
func ReadManifest(path string) (*Manifest, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m, err := DecodeManifest(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// Input returns the input named name, or the only input when name is "".
func (b *Build) Input(name string) (*Input, error) {
	var names []string
	for i, in := range b.Manifest.Inputs {
		if in.Name == name || name == "" && len(b.Manifest.Inputs) == 1 {
			return &b.Manifest.Inputs[i], nil
		}
		names = append(names, in.Name)
	}
	return nil, &InputError{Dir: b.Dir, Name: name, Inputs: names}
}

// InputError reports an input asked of a build (Build.Input) that it
// does not have: none of the name, or several when none was named. It
// wraps ErrInput.
type InputError struct {
	Dir    string
	Name   string   // the name asked for; "": the only input
	Inputs []string // the names of the build's inputs
}

func (e *InputError) Error() string {
	if e.Name == "" {
		return fmt.Sprintf("%v: build %s has several inputs (%s)", ErrInput, e.Dir, strings.Join(e.Inputs, ", "))
	}
	return fmt.Sprintf("%v: build %s has no input %q (it has %s)", ErrInput, e.Dir, e.Name, strings.Join(e.Inputs, ", "))
}

func (e *InputError) Unwrap() error { return ErrInput }

// Changes reads the build's change log: the changes of each output
// file. It is nil when the build has no change log.
//
// The log must hold, for every output, as many changes as the manifest
// records (Stats.Changes), and none of a file the manifest does not
// name: a row deleted or added by hand would otherwise shift the
// perturbed/untouched split silently. The error wraps ErrManifest.
func (b *Build) Changes() (map[string][]Span, error) {
	if b.Manifest.Changes == "" {
		return nil, nil
	}
	path := filepath.Join(b.Dir, b.Manifest.Changes)
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// Row by row: a build's log has a row per changed word of every set
	// (89k rows for K, W and S of BC5CDR test), and only the spans stay.
	got := map[string]int{}
	var acc spanAcc
	for _, in := range b.Manifest.Inputs {
		for _, out := range in.Outputs {
			if n := out.Stats.Changes; n > 0 { // room for the rows the manifest records (checked below)
				acc.expect(out.File, min(n, 1<<20))
			}
		}
	}
	cr := NewChangeReader(f, path)
	for {
		row, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		got[row.File]++
		acc.add(row.Change)
	}
	for _, in := range b.Manifest.Inputs {
		for _, out := range in.Outputs {
			if n := got[out.File]; n != out.Stats.Changes {
				return nil, fmt.Errorf("%w: %s: %d changes of %s, %s records %d (was the change log edited?)",
					ErrManifest, path, n, out.File, ManifestName, out.Stats.Changes)
			}
			delete(got, out.File)
		}
	}
	for _, file := range slices.Sorted(maps.Keys(got)) {
		return nil, fmt.Errorf("%w: %s: %d changes of %s, which %s does not name", ErrManifest, path, got[file], file, ManifestName)
	}
	return acc.spans(), nil
}

// OriginalPath locates an input of the build: its path as recorded
// (relative to the build directory), else relative to the current
// directory (manifests of older versions), else the same name in the
// build directory. Embedded corpora are returned as recorded.
func (b *Build) OriginalPath(in *Input) (string, error) {
	if conll.IsEmbedded(in.Path) {
		return in.Path, nil
	}
	candidates := []string{in.Path}
	if !filepath.IsAbs(in.Path) {
		candidates = []string{filepath.Join(b.Dir, in.Path), in.Path, filepath.Join(b.Dir, filepath.Base(in.Path))}
	}
	for _, p := range candidates {
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("%w: original input %q of build %s not found (tried %s)", ErrInput, in.Path, b.Dir, strings.Join(candidates, ", "))
}

// Sets reads the gold sets of input in: the original ("O") and one set
// per output, named by kind, each checked against its recorded SHA-256
// and given its changes from the change log. Set.File is the path read,
// or NAME.tsv for an embedded corpus.
func (b *Build) Sets(in *Input) ([]Set, error) {
	logs, err := b.Changes()
	if err != nil {
		return nil, err
	}
	orig, err := b.OriginalPath(in)
	if err != nil {
		return nil, err
	}
	scheme, err := b.Manifest.TagScheme()
	if err != nil {
		return nil, err
	}
	var repair func(conll.Repair)
	if b.Manifest.Repair {
		repair = func(conll.Repair) {} // as the build read it
	}
	o, tmpl, err := readGold(b.Opener, "O", orig, in.SHA256, nil, nil, scheme, repair)
	if err != nil {
		return nil, err
	}
	// Perturbed copies of documents are split into the sentences and
	// tokens of the original, whatever a typo does to their text, so
	// that the sets align sentence by sentence as IOB sets do.
	b.templates = map[string]conll.Template{o.File: tmpl}
	if conll.IsEmbedded(orig) {
		o.File = in.Name + ".tsv"
	}
	sets := []Set{o}
	for _, out := range in.Outputs {
		ch := logs[out.File]
		if logs != nil && ch == nil {
			ch = []Span{} // a log without entries: nothing changed
		}
		s, st, err := readGold(b.Opener, out.Kind, filepath.Join(b.Dir, out.File), out.SHA256, ch, tmpl, scheme, nil)
		if err != nil {
			return nil, err
		}
		s.NotMeasured = out.Stats.NotMeasured
		s.Replaced, s.Mentions = out.Stats.MentionShare("")
		b.templates[s.File] = st
		sets = append(sets, s)
	}
	return sets, nil
}

// readGold reads a gold set, checking its SHA-256 when sha is not "".
// It returns the set's document template (nil for CoNLL and JSON
// Lines); like, when not nil, is the template it is split like. Tags in
// another scheme than IOB2 (the build's) are converted to IOB2, which
// the comparison works on; with repair set, as the build read an input
// it repaired (conll.File.SetSchemeRepair).
func readGold(op conll.Opener, name, path, sha string, changes []Span, like conll.Template, scheme iob.Scheme, repair func(conll.Repair)) (Set, conll.Template, error) {
	var setup func(*conll.File) error
	if scheme != iob.IOB2 || repair != nil {
		setup = func(f *conll.File) error { return f.SetSchemeRepair(scheme, repair) }
	}
	gold, layout, sum, err := readFileSetup(op, path, like, setup)
	if err != nil {
		return Set{}, nil, fmt.Errorf("read gold: %w", err)
	}
	if sha != "" && sum != sha {
		return Set{}, nil, fmt.Errorf("%s: contents differ from the build manifest (sha256 mismatch): %w", path, conll.ErrMismatch)
	}
	return Set{Name: name, File: path, Gold: gold, Changed: changes}, layout.Template, nil
}

// Template returns the documents of the gold set read from file (a set
// Sets returned), or nil when it is not in a document format.
func (b *Build) Template(file string) conll.Template { return b.templates[file] }

// OpenPredictions opens a prediction file for set (one Sets returned),
// to be read sentence by sentence: a document file is split into the
// sentences and tokens of the set's gold documents, so that predictions
// in PubTator, BioC or brat (the same text, predicted annotations)
// align with the gold token by token. Predictions on a build in another
// scheme than IOB2 are in that scheme too: they are converted to IOB2
// as the scorer reads them (an invalid transition is a mistake to
// score, not an error). Close it after reading.
func (b *Build) OpenPredictions(set Set, path string) (*Predictions, error) {
	scheme, err := b.Manifest.TagScheme()
	if err != nil {
		return nil, err
	}
	src, err := openSource(b.Opener, path, nil)
	if err != nil {
		return nil, err
	}
	if err := src.file.SetLenientScheme(scheme); err != nil {
		src.Close()
		return nil, err
	}
	if err := src.file.ReadLike(b.templates[set.File]); err != nil {
		src.Close()
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return &Predictions{src: src}, nil
}

// Predictions is a prediction file opened by OpenPredictions.
type Predictions struct{ src *source }

// ReadAppend reads the next sentence, its strings appended to strs (see
// conll.Reader.ReadAppend); io.EOF after the last.
func (p *Predictions) ReadAppend(strs []string) (conll.Sentence, []string, error) {
	return p.src.ReadAppend(strs)
}

// Close closes the file.
func (p *Predictions) Close() { p.src.Close() }

// writeStats prints the statistics a manifest records: the
// paper's Table 2 for every input and output and, when a perturbation
// reported them (synonyms), what became of the gold mentions per type
// and the perturbation's audit of its output.
func writeStats(w io.Writer, m *Manifest) error {
	var rows []perturb.NamedStats
	for _, in := range m.Inputs {
		rows = append(rows, perturb.NamedStats{Name: in.Name + " (original)", Stats: in.Stats})
		for _, o := range in.Outputs {
			rows = append(rows, perturb.NamedStats{Name: o.File, Stats: o.Stats})
		}
	}
	if err := perturb.WriteTable(w, rows); err != nil {
		return err
	}
	for _, r := range rows {
		if r.Stats.MentionOutcomes != nil {
			fmt.Fprintf(w, "\nGold mentions per type: replaced, or why they were left:\n")
			if err := perturb.WriteOutcomes(w, rows); err != nil {
				return err
			}
			break
		}
	}
	for _, r := range rows {
		if r.Stats.NotMeasured {
			n, d := r.Stats.MentionShare("")
			fmt.Fprintf(w, "%s: not measured: it changed %d of %d gold mentions, under %.0f%%, so its scores would measure nothing\n",
				r.Name, n, d, 100*perturb.MinMeasured)
		}
	}
	notes, err := m.TypeNotes()
	if err != nil {
		// A manifest regenerated (--from) was not refused: say it.
		notes = append(notes, err.Error())
	}
	for _, n := range notes {
		for _, l := range report.Wrap(n, report.TextWidth, "  ") { // 18 types make a long note
			fmt.Fprintln(w, l)
		}
	}
	for _, r := range rows {
		if r.Stats.Audit != nil {
			fmt.Fprintf(w, "\nAudit: replacements by kind and quality proxy, names rejected as replacements by reason:\n")
			return perturb.WriteAudit(w, rows)
		}
	}
	return nil
}

// DirFiles lists the files of the build in dir (manifest, change log,
// stress sets and their originals), for an output policy: a report must
// not replace one of them. A directory without a readable manifest
// gives what can be named without it.
func DirFiles(dir string) []string {
	files := []string{filepath.Join(dir, ManifestName), filepath.Join(dir, ChangesName)}
	b, err := Open(dir)
	if err != nil {
		return files
	}
	for _, in := range b.Manifest.Inputs {
		switch p := filepath.FromSlash(in.Path); {
		case conll.IsEmbedded(in.Path), in.Path == "-":
		case filepath.IsAbs(p):
			files = append(files, p)
		default: // recorded relative to the build directory
			files = append(files, filepath.Join(dir, p))
		}
		for _, out := range in.Outputs {
			files = append(files, filepath.Join(dir, out.File))
		}
	}
	return files
}
