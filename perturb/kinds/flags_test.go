package kinds

import (
	"strings"
	"testing"

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
