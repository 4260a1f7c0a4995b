package review

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/stress-ner/stress/internal/cli"
)

// TestFlagsCheck: each command-line mistake of review sample and review
// score is a usage error saying what is wrong; a usable line passes and
// its --labels are read.
func TestFlagsCheck(t *testing.T) {
	for _, tc := range []struct {
		name string
		o    interface{ Check([]string) error }
		args []string
		want string // "": accepted
	}{
		{"sample", &SampleFlags{Out: "s", labels: []string{"*=valid,broken"}}, []string{"build"}, ""},
		{"sample, no build", &SampleFlags{Out: "s"}, nil, "review sample: want one BUILD_DIR (or one SET with --changes), got 0 arguments"},
		{"sample, two builds", &SampleFlags{Out: "s"}, []string{"a", "b"}, "review sample: want one BUILD_DIR (or one SET with --changes), got 2 arguments"},
		{"sample, no --out", &SampleFlags{}, []string{"build"}, "review sample: --out is required"},
		{"sample, --original alone", &SampleFlags{Out: "s", Original: "o.tsv"}, []string{"build"},
			"review sample: --original needs --changes (a build directory names its originals)"},
		{"sample, --labels without labels", &SampleFlags{Out: "s", labels: []string{"keyboard="}}, []string{"build"},
			"review sample: --labels: "}, // and the reason
		{"score", &ScoreFlags{Key: "key.tsv"}, []string{"j1.tsv", "j2.tsv"}, ""},
		{"score, no --key", &ScoreFlags{}, []string{"j1.tsv"}, "review score: --key is required"},
		{"score, no judgements", &ScoreFlags{Key: "key.tsv"}, nil, "review score: no judgement files given"},
		{"score, one judge twice", &ScoreFlags{Key: "key.tsv"}, []string{"j1.tsv", "./j1.tsv"},
			"review score: judgement file ./j1.tsv given twice (j1.tsv)"},
	} {
		err := tc.o.Check(tc.args)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v, want it accepted", tc.name, err)
		case tc.want != "" && (!errors.Is(err, cli.ErrUsage) || !strings.HasPrefix(err.Error(), "usage: "+tc.want)):
			t.Errorf("%s: error %v, want a usage error %q", tc.name, err, tc.want)
		}
	}
}

// TestSampleFlagsCheckReadsLabels: the labels of --labels are offered.
func TestSampleFlagsCheckReadsLabels(t *testing.T) {
	o := &SampleFlags{Out: "s", labels: []string{"*=valid,broken"}}
	if err := o.Check([]string{"build"}); err != nil {
		t.Fatal(err)
	}
	if got := o.Options.Labels.For("keyboard"); !slices.Equal(got, []string{"valid", "broken"}) {
		t.Errorf("labels of keyboard %q, want valid, broken", got)
	}
}
