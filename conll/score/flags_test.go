package score

import (
	"strings"
	"testing"

	"github.com/stress-ner/stress/internal/cli"
)

// TestFlags: the defaults are conlleval's, and every option lands in its
// field.
func TestFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want Flags
	}{
		{nil, Flags{Delimiter: " ", Format: "text", Eval: EvalOptions{Outside: "O"}}},
		{[]string{"-d", "\\t", "-o", "X", "-r", "-l", "--gold", "g", "--pred", "p", "--format", "csv", "--mode", "strict", "--scheme", "iobes"},
			Flags{Delimiter: "\\t", Gold: "g", Pred: "p", Format: "csv", Scheme: "iobes", Latex: true,
				Eval: EvalOptions{Outside: "X", Raw: true, Mode: ModeStrict}}},
	} {
		var got Flags
		f := cli.NewFlags("score")
		got.Bind(f)
		if err := f.Parse(tc.args); err != nil {
			t.Fatalf("%q: %v", tc.args, err)
		}
		if got != tc.want {
			t.Errorf("%q: %+v, want %+v", tc.args, got, tc.want)
		}
		if ins, want := f.Inputs(), tc.want.Gold+tc.want.Pred; strings.Join(ins, "") != want {
			t.Errorf("%q: inputs %q, want --gold and --pred (%q)", tc.args, ins, want)
		}
	}
}
