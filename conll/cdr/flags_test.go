package cdr

import (
	"reflect"
	"testing"

	"github.com/stress-ner/stress/internal/cli"
)

// TestFlags: no --level is level 0 (span scoring); --type is left for
// the command to split once it knows --level.
func TestFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want Flags
	}{
		{nil, Flags{}},
		{[]string{"--level", "relation", "--type", "CID|X", "--in-format", "bioc"},
			Flags{Options: Options{Level: Relation}, Types: "CID|X", InFormat: "bioc"}},
	} {
		var got Flags
		f := cli.NewFlags("score")
		got.Bind(f)
		if err := f.Parse(tc.args); err != nil {
			t.Fatalf("%q: %v", tc.args, err)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %+v, want %+v", tc.args, got, tc.want)
		}
	}
	f := cli.NewFlags("score")
	(&Flags{}).Bind(f)
	if err := f.Parse([]string{"--level", "sentence"}); err == nil {
		t.Error("--level sentence accepted")
	}
}
