package kinds

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/sample"
)

// What a kind does with a shared selection option.
const (
	honoured = "honoured" // changes only what the selection marks (words), or a nested share of the mentions
	same     = "same"     // honoured, and no different from the default for this kind (targets entities for mention kinds)
	refused  = "refused"  // an error naming the option and the kind
)

// TestSharedOptions is the table of every kind against every shared
// selection option (--select, --min-length, --rate, --targets): each is
// honoured or refused with an error naming the option and the kind,
// never silently ignored (issue 25, F08).
func TestSharedOptions(t *testing.T) {
	sents, err := sample.Test()
	if err != nil {
		t.Fatal(err)
	}
	sents = sents[:120]
	d := perturb.DefaultSelection()
	cases := []struct {
		name string
		mod  func(*perturb.Selection)
	}{
		{"select all", func(s *perturb.Selection) { s.Method = perturb.SelectAll }},
		{"select entities", func(s *perturb.Selection) { s.Method = perturb.SelectEntities }},
		{"min-length 3", func(s *perturb.Selection) { s.MinLength = 3 }},
		{"rate 0.5", func(s *perturb.Selection) { s.Rate = 0.5 }},
		{"targets entities", func(s *perturb.Selection) { s.Targets = perturb.TargetsEntities }},
		{"targets context", func(s *perturb.Selection) { s.Targets = perturb.TargetsContext }},
	}
	words := map[string]string{"select all": honoured, "select entities": honoured, "min-length 3": honoured,
		"rate 0.5": honoured, "targets entities": honoured, "targets context": honoured}
	mentions := map[string]string{"select all": refused, "select entities": refused, "min-length 3": refused,
		"rate 0.5": honoured, "targets entities": same, "targets context": refused}
	want := map[string]map[string]string{
		"keyboard": words, "swap": words, "spelling": words, "case": words, "ocr": words, "insert": words, "delete": words,
		"entity-swap": {"select all": honoured, "select entities": honoured, "min-length 3": honoured,
			"rate 0.5": honoured, "targets entities": honoured, "targets context": refused},
		"synonym": mentions, "abbreviation": mentions,
		"keyboard+case": words,
		"case+synonym": {"select all": refused, "select entities": refused, "min-length 3": refused,
			"rate 0.5": refused, "targets entities": honoured, "targets context": refused},
	}
	var names []string
	for _, k := range Builtin() {
		names = append(names, k.Name)
	}
	names = append(names, "keyboard+case", "case+synonym")
	defer func() {
		for _, bk := range built {
			bk.Close()
		}
	}()
	for _, name := range names {
		w, ok := want[name]
		if !ok {
			t.Errorf("kind %s: no row in the table", name)
			continue
		}
		base, err := applySel(name, d, sents)
		if err != nil {
			t.Fatalf("%s with the default selection: %v", name, err)
		}
		for _, c := range cases {
			sel := d
			c.mod(&sel)
			got, err := applySel(name, sel, sents)
			switch w[c.name] {
			case refused:
				opt := strings.Fields(c.name)[0]
				if opt == "min-length" {
					opt = "min_length"
				}
				var se *perturb.SelectionError
				if !errors.As(err, &se) || !errors.Is(err, perturb.ErrOption) || !strings.Contains(err.Error(), opt) ||
					!strings.Contains(err.Error(), strings.Split(name, "+")[len(strings.Split(name, "+"))-1]) {
					t.Errorf("%s, %s: error %v, want one naming %s and the kind", name, c.name, err, opt)
				}
			case same:
				if err != nil || !sameChanges(got, base) {
					t.Errorf("%s, %s: %v; want the default's %d changes, got %d", name, c.name, err, len(base), len(got))
				}
			case honoured:
				if err != nil {
					t.Errorf("%s, %s: %v", name, c.name, err)
					continue
				}
				checkHonoured(t, name, c.name, sel, sents, base, got)
			default:
				t.Errorf("%s, %s: no expectation", name, c.name)
			}
		}
	}
}

// checkHonoured checks that the changes of got were made under sel: a
// word kind changes only tokens sel selects, a mention kind at a rate
// changes a share of what it changes at rate 1 (base), nothing else.
func checkHonoured(t *testing.T, kind, option string, sel perturb.Selection, sents []conll.Sentence, base, got []perturb.Change) {
	t.Helper()
	k, _ := Lookup(kind)
	if !k.UsesSelection {
		if len(got) == 0 || len(got) >= len(base) {
			t.Errorf("%s, %s: %d changes, want some and fewer than the %d at rate 1", kind, option, len(got), len(base))
		}
		for _, c := range got {
			if !containsChange(base, c) {
				t.Errorf("%s, %s: %+v is no change of rate 1", kind, option, c)
			}
		}
		return
	}
	selector, err := perturb.NewSelector(sel, 1)
	if err != nil {
		t.Fatal(err)
	}
	selected := map[int][]bool{}
	for _, c := range got {
		if selected[c.Sentence] == nil {
			selected[c.Sentence] = selector.Select(sents[c.Sentence])
		}
		any := false
		for i := c.Token; i < c.End; i++ {
			any = any || selected[c.Sentence][i]
		}
		if !any {
			t.Errorf("%s, %s: sentence %d token %d changed but not selected", kind, option, c.Sentence+1, c.Token+1)
			return
		}
	}
}

func sameChanges(a, b []perturb.Change) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func containsChange(cs []perturb.Change, c perturb.Change) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

// applySel perturbs sents with kind under sel, as perturb.Apply does, and
// returns the changes. Kinds are built once per kind name: opening
// the concept store and drawing entity swap's pools take seconds.
func applySel(kind string, sel perturb.Selection, sents []conll.Sentence) ([]perturb.Change, error) {
	k, err := Lookup(kind)
	if err != nil {
		return nil, err
	}
	if err := perturb.CheckSelection(sel, k); err != nil {
		// What Apply says, before it builds anything.
		_, aerr := perturb.ApplySentences(context.Background(), k, perturb.ApplyOptions{Seed: 1, Selection: &sel},
			&conll.SliceReader{Sentences: sents}, discard{})
		if aerr == nil || aerr.Error() != err.Error() {
			return nil, fmt.Errorf("Apply: %v, CheckSelection: %v", aerr, err)
		}
		return nil, err
	}
	bk, ok := built[kind]
	if !ok {
		if bk, err = k.Build(nil); err != nil {
			return nil, err
		}
		built[kind] = bk
	}
	selector, err := perturb.NewSelector(sel, 1)
	if err != nil {
		return nil, err
	}
	var changes []perturb.Change
	pl := &perturb.Pipeline{Seed: 1, Selector: selector, Workers: 2,
		Changes: func(c perturb.Change) error { changes = append(changes, c); return nil },
		Steps:   []perturb.Step{{Name: k.Name, File: "out", Perturbation: bk.Perturbation, Out: discard{}}}}
	if _, err := pl.Run(context.Background(), &conll.SliceReader{Sentences: sents}); err != nil {
		return nil, err
	}
	return changes, nil
}

// built holds the kinds applySel built, by name.
var built = map[string]*perturb.BuiltKind{}

type discard struct{}

func (discard) Write(conll.Sentence) error { return nil }

func (discard) Flush()       {}
func (discard) Error() error { return nil }
