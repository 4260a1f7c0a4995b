package experiment

import (
	"context"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/progress"
	"github.com/stress-ner/stress/iob"
	"github.com/stress-ner/stress/perturb"
	perturbkinds "github.com/stress-ner/stress/perturb/kinds"
	"github.com/stress-ner/stress/tagger"
)

// Systems says which systems an evaluation tags with: built-in
// baselines trained here, saved models and external taggers.
type Systems struct {
	// Baselines are the feature sets of the baselines to train on Train
	// (none: no baselines); Augment also trains each on the training set
	// plus one perturbed copy per kind (systems "words+K", ...).
	Baselines []tagger.Features
	Augment   []perturb.ManifestKind
	// Train are the training corpora of the baselines (none: the
	// embedded sample), in Scheme.
	Train  []string
	Epochs int
	// Seed, Selection and Workers are those of the training order and
	// the augmentation, as in Baselines.
	Seed      uint64
	Selection perturb.Selection
	Workers   int

	// Models are saved models (tagger.Save), by system name.
	Models []Model
	// Commands are external taggers run once per set, Servers external
	// taggers started once (tagger.Command, tagger.Server). They are
	// named by Names in that order (cmd, cmd2, ..., server, server2, ...
	// past the end of Names).
	Commands, Servers, Names []string
	// Timeout bounds one command run or server batch (0: no limit).
	Timeout time.Duration

	// Scheme is the tag scheme of Train and of the external taggers'
	// tags, converted to IOB2.
	Scheme iob.Scheme
	// Repair, when not nil, repairs invalid tag transitions of Train
	// instead of refusing them (see ReadTraining).
	Repair func(conll.Repair)
	// Opener opens Train ("-": its standard input; integer JSON Lines
	// tags named by its Labels).
	Opener conll.Opener
	// Strict makes a tag unknown to the gold data an error (see
	// tagger.Checked); otherwise Loaded.Warnings reports it.
	Strict bool
	// Stderr receives the external taggers' standard error, each line
	// prefixed with the system's name; nil discards it.
	Stderr io.Writer
	// Logf, when not nil, receives progress messages.
	Logf func(format string, args ...any)
	// Progress, when not nil, shows the stages of the evaluations of
	// these systems: training here, building, tagging and comparing in
	// Evaluation and Curve.
	Progress *progress.Stages

	train []conll.Sentence // Train, once ReadTrain has read it
}

// ReadTrain reads the baselines' training corpora now, which Load would
// otherwise read after the stress sets are built, so that an empty or
// malformed training file fails before any other work; Load then trains
// on what it read. Without baselines there is nothing to read.
func (s *Systems) ReadTrain() error {
	if len(s.Baselines) == 0 || s.train != nil {
		return nil
	}
	train, err := ReadTraining(s.Opener, s.Train, s.Scheme, s.Repair)
	if err != nil {
		return err
	}
	s.train = train
	return nil
}

// Model is a saved model evaluated as system Name.
type Model struct{ Name, File string }

// Loaded are the systems of an evaluation, ready to tag.
type Loaded struct {
	// Systems are the systems, each tagger a *tagger.Checked (Checked[i])
	// for the entity types of the gold data. A caller may wrap them.
	Systems []System
	Checked []*tagger.Checked
	opened  *tagger.Opened
}

// Load trains the baselines and opens the models and external taggers
// of s (tagger.OpenAll, as tagger.Spec opens one), their tags checked
// against the entity types of gold. A system name that is empty,
// repeated or holds a slash is an error wrapping ErrOption. The caller
// closes the result.
func (s *Systems) Load(ctx context.Context, gold []conll.Sentence) (*Loaded, error) {
	l := &Loaded{}
	types := tagger.Types(gold)
	if len(s.Baselines) > 0 {
		ss, err := s.trainBaselines(ctx)
		if err != nil {
			return nil, err
		}
		for _, b := range ss {
			c := &tagger.Checked{Tagger: b.Tagger, Types: types, Strict: s.Strict}
			b.Tagger = c
			l.Systems, l.Checked = append(l.Systems, b), append(l.Checked, c)
		}
	}
	names, specs := s.specs()
	opened, err := tagger.OpenAll(specs, types)
	if err != nil {
		return nil, err
	}
	l.opened = opened
	for i, c := range opened.Checked {
		l.Systems = append(l.Systems, System{Name: names[i], Model: names[i], Tagger: c})
		l.Checked = append(l.Checked, c)
	}
	if err := checkSystemNames(l.Systems); err != nil {
		l.Close()
		return nil, err
	}
	return l, nil
}

// specs are the saved models, commands and servers of s, in that order,
// with their names: commands and servers speak the data's scheme and
// have their standard error prefixed with their names.
func (s *Systems) specs() ([]string, []tagger.Spec) {
	var names []string
	var specs []tagger.Spec
	for _, m := range s.Models {
		names = append(names, m.Name)
		specs = append(specs, tagger.Spec{File: m.File, Strict: s.Strict})
	}
	external := s.externalNames()
	for i, line := range append(slices.Clone(s.Commands), s.Servers...) {
		spec := tagger.Spec{Timeout: s.Timeout, Strict: s.Strict, Scheme: s.Scheme, Name: external[i], Stderr: s.Stderr}
		if i < len(s.Commands) {
			spec.Command = line
		} else {
			spec.Server = line
		}
		names, specs = append(names, external[i]), append(specs, spec)
	}
	return names, specs
}

func (s *Systems) trainBaselines(ctx context.Context) ([]System, error) {
	if err := s.ReadTrain(); err != nil {
		return nil, err
	}
	train := s.train
	var aug []*perturb.BuiltKind
	for _, mk := range s.Augment {
		bk, err := perturbkinds.New(mk)
		if err != nil {
			return nil, err
		}
		defer bk.Close()
		aug = append(aug, bk)
	}
	if s.Logf != nil && s.Progress == nil {
		s.Logf("training %d models on %d sentences (%s)", len(s.Baselines)*(1+len(aug)), len(train), epochs(s.Epochs))
	}
	return TrainBaselines(ctx, Baselines{Train: train, Features: s.Baselines, Augment: aug,
		Seed: s.Seed, Selection: s.Selection, Epochs: s.Epochs, Workers: s.Workers, Progress: s.Progress})
}

// SystemNames returns the names of the systems Load makes, in its order
// (baselines, models, commands, servers), without training or starting
// anything: a caller checks them (Check) and knows the files of their
// predictions before any work.
func (s *Systems) SystemNames() []string {
	var names []string
	suffixes := []string{""}
	for _, mk := range s.Augment {
		suffixes = append(suffixes, "+"+SetLabel(mk.Name))
	}
	for _, suffix := range suffixes {
		for _, f := range s.Baselines {
			names = append(names, f.String()+suffix)
		}
	}
	for _, m := range s.Models {
		names = append(names, m.Name)
	}
	return append(names, s.externalNames()...)
}

// Inputs are the files the systems read: the training corpora of the
// baselines, the files the options of the augmenting kinds name, and the
// saved models (embedded corpora left out).
func (s *Systems) Inputs() []string {
	files := perturbkinds.InputFiles(s.Augment)
	for _, t := range s.Train {
		if !conll.IsEmbedded(t) {
			files = append(files, t)
		}
	}
	for _, m := range s.Models {
		files = append(files, m.File)
	}
	return files
}

// Check reports, wrapping ErrOption, a system name Load would refuse
// (see checkSystemNames): it names no file, or two systems share it.
func (s *Systems) Check() error { return checkNames(s.SystemNames()) }

// externals is the number of external taggers: commands and servers.
func (s *Systems) externals() int { return len(s.Commands) + len(s.Servers) }

// externalNames are the names of the commands, then the servers: those
// of Names in order, then cmd, cmd2, ..., server, server2, ...
func (s *Systems) externalNames() []string {
	var names []string
	for i := range s.Commands {
		name := "cmd"
		if i > 0 {
			name = fmt.Sprintf("cmd%d", i+1)
		}
		names = append(names, name)
	}
	for i := range s.Servers {
		name := "server"
		if i > 0 {
			name = fmt.Sprintf("server%d", i+1)
		}
		names = append(names, name)
	}
	for i := range names {
		if i < len(s.Names) {
			names[i] = s.Names[i]
		}
	}
	return names
}

// Warnings returns, per system whose tags held tags unknown to the gold
// data, "NAME: " and tagger.Checked's warning.
func (l *Loaded) Warnings() []string {
	var out []string
	for i, c := range l.Checked {
		if msg := c.Warning(); msg != "" {
			out = append(out, l.Systems[i].Name+": "+msg)
		}
	}
	return out
}

// Close stops the external servers and writes out the last lines of
// the external taggers' standard error.
func (l *Loaded) Close() {
	if l.opened != nil {
		l.opened.Close()
	}
}
