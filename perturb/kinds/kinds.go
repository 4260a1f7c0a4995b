// Package kinds makes every perturbation kind of this module available by
// name: importing it registers keyboard, swap, synonym, spelling, case, ocr,
// insert, delete and entity-swap, so a program can call Lookup or All without a blank
// import per kind. A program that
// needs one kind only imports that kind's package and passes its Kind to
// perturb.Apply (keyboard and swap do not pull in the concept store).
package kinds

import (
	"slices"

	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/casing"
	"github.com/stress-ner/stress/perturb/delete"
	"github.com/stress-ner/stress/perturb/entityswap"
	"github.com/stress-ner/stress/perturb/insert"
	"github.com/stress-ner/stress/perturb/keyboard"
	"github.com/stress-ner/stress/perturb/ocr"
	_ "github.com/stress-ner/stress/perturb/pos" // pos word selection
	"github.com/stress-ner/stress/perturb/spelling"
	"github.com/stress-ner/stress/perturb/swap"
	"github.com/stress-ner/stress/perturb/synonym"
)

// builtin lists the kinds of this module; their packages register them.
var builtin = []*perturb.Kind{keyboard.Kind, swap.Kind, synonym.Kind,
	spelling.Kind, casing.Kind, ocr.Kind, insert.Kind, delete.Kind, entityswap.Kind}

// Lookup returns the kind registered under name.
func Lookup(name string) (*perturb.Kind, error) { return perturb.Lookup(name) }

// All returns the registered kinds sorted by name: the built-in ones and
// any a program registered itself.
func All() []*perturb.Kind { return perturb.All() }

// Builtin returns the kinds of this module, in a fixed order.
func Builtin() []*perturb.Kind { return slices.Clone(builtin) }
