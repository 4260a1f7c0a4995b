package experiment

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/testfile"
)

func TestTrainTestOverlap(t *testing.T) {
	dir := t.TempDir()
	write := testfile.Writer(t, dir)
	train := write("train.tsv", "Aspirin\tB-Chemical\nhelps\tO\n.\tO\n\n1\tO\n.\tO\n\nPain\tB-Disease\nis\tO\nbad\tO\n")
	other := write("other.tsv", "Naloxone\tB-Chemical\nworks\tO\nwell\tO\n")
	test := write("test.tsv", "Aspirin\tO\nhelps\tO\n.\tO\n\n1\tO\n.\tO\n\nNaloxone\tB-Chemical\nworks\tO\nwell\tO\n\nNew\tO\nsentence\tO\nhere\tO\n")
	link := filepath.Join(dir, "link.tsv")
	if err := os.Symlink(test, link); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		train []string
		test  string
		want  trainOverlap
	}{
		// Tags do not matter; "1 ." is too short to count.
		{"one shared sentence", []string{train}, test, trainOverlap{Shared: 1, Test: 4}},
		{"two training files", []string{train, other}, test, trainOverlap{Shared: 2, Test: 4}},
		{"none", []string{other}, train, trainOverlap{Test: 3}},
		{"the same file", []string{train, test}, test, trainOverlap{SameFile: test}},
		{"the same file through a link", []string{link}, test, trainOverlap{SameFile: link}},
		{"standard input", []string{train}, "-", trainOverlap{}},
	}
	for _, tc := range cases {
		got, err := trainTestOverlap(conll.Opener{}, tc.train, tc.test)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
		if got.Any() != (tc.want.SameFile != "" || tc.want.Shared > 0) {
			t.Errorf("%s: Any = %v", tc.name, got.Any())
		}
	}
	if s := (trainOverlap{Shared: 1, Test: 4}).String(); s != "1 of the 4 test sentences (25.0%) are also in the training data, token for token" {
		t.Errorf("String = %q", s)
	}
}
