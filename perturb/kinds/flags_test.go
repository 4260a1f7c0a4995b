package kinds

import (
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"github.com/stress-ner/stress/internal/cli"
	"github.com/stress-ner/stress/perturb"
	"github.com/stress-ner/stress/perturb/keyboard"
)

// TestKindOptionCollision checks that a kind whose option has the name
// of another kind's option (or of a command flag) stops the program when
// the command's flags are bound, naming both.
func TestKindOptionCollision(t *testing.T) {
	k := &perturb.Kind{Name: "zz-collide", Suffix: "zz", Options: []perturb.Option{{Name: "layout", Help: "clash"}}}
	defer func() {
		r := recover()
		if s, _ := r.(string); !strings.Contains(s, "--layout") || !strings.Contains(s, "zz-collide") {
			t.Errorf("panic %v, want one naming --layout and the kind", r)
		}
	}()
	(&Flags{}).bindOptions(cli.NewFlags("x"), []*perturb.Kind{keyboard.Kind, k})
}

// TestUsageBytes checks that the usage texts of the built-in kinds'
// options fit the room bindOptions makes for them at once, and that each
// is its option's help and kinds.
func TestUsageBytes(t *testing.T) {
	f := cli.NewFlags("x")
	(&Flags{}).bindOptions(f, Builtin())
	n := 0
	for _, k := range Builtin() {
		for _, opt := range k.Options {
			u := f.FlagSet().Lookup(opt.Name).Usage
			if !strings.HasPrefix(u, opt.Help+" (") || !strings.Contains(u, k.Name) {
				t.Errorf("--%s: usage %q, want its help and kind %s", opt.Name, u, k.Name)
			}
		}
	}
	f.FlagSet().VisitAll(func(fl *pflag.Flag) { n += len(fl.Usage) })
	if n > usageBytes {
		t.Errorf("the usages take %d bytes, usageBytes is %d", n, usageBytes)
	}
	t.Logf("%d bytes of usage", n)
}
