package perturb

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/conll"
	"github.com/stress-ner/stress/internal/limits"
	"github.com/stress-ner/stress/iob"
)

// TestFilesStats counts files against an original, with standard input
// named once or twice (read once), and checks the errors.
func TestFilesStats(t *testing.T) {
	const origText = "Aspirin\tB-Chemical\nhelps\tO\n\nfever\tB-Disease\ngoes\tO\n"
	const pertText = "Aspirni\tB-Chemical\nhelps\tO\n\nfever\tB-Disease\ngoes\tO\n"
	dir := t.TempDir()
	orig, pert := filepath.Join(dir, "orig.tsv"), filepath.Join(dir, "pert.tsv")
	os.WriteFile(orig, []byte(origText), 0o644)
	os.WriteFile(pert, []byte(pertText), 0o644)

	type row struct {
		name             string
		compared         bool
		tokens, modified int
	}
	for _, tt := range []struct {
		name  string
		files []string
		orig  string
		stdin string
		want  []row
		err   error
	}{
		{"alone", []string{pert}, "", "", []row{{pert, false, 4, 0}}, nil},
		{"with the original", []string{pert, orig}, orig, "",
			[]row{{orig + " (original)", false, 4, 0}, {pert, true, 4, 1}, {orig, true, 4, 0}}, nil},
		{"file on stdin", []string{"-"}, orig, pertText,
			[]row{{orig + " (original)", false, 4, 0}, {"-", true, 4, 1}}, nil},
		{"original on stdin", []string{pert}, "-", origText,
			[]row{{"- (original)", false, 4, 0}, {pert, true, 4, 1}}, nil},
		{"stdin thrice", []string{"-", "-"}, "-", pertText,
			[]row{{"- (original)", false, 4, 0}, {"-", true, 4, 0}, {"-", true, 4, 0}}, nil},
		{"missing file", []string{filepath.Join(dir, "none.tsv")}, orig, "", nil, fs.ErrNotExist},
		{"no stdin", []string{"-"}, "", "", nil, conll.ErrNoStdin},
	} {
		var op conll.Opener
		if tt.stdin != "" {
			op.Stdin = strings.NewReader(tt.stdin)
		}
		rows, err := FilesStats(op, tt.files, tt.orig, iob.IOB2, nil)
		if tt.err != nil || err != nil {
			if !errors.Is(err, tt.err) {
				t.Errorf("%s: error %v, want %v", tt.name, err, tt.err)
			}
			continue
		}
		var got []row
		for _, r := range rows {
			got = append(got, row{r.Name, r.Stats.Compared, r.Stats.Tokens, r.Stats.TokensModified})
		}
		if len(got) != len(tt.want) {
			t.Errorf("%s: rows %+v, want %+v", tt.name, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%s: row %d = %+v, want %+v", tt.name, i, got[i], tt.want[i])
			}
		}
	}

	// The scheme is checked in every file, with the line of a bad tag.
	bad := filepath.Join(dir, "bad.tsv")
	os.WriteFile(bad, []byte("Aspirin\tS-Chemical\n"), 0o644)
	var pe *conll.ParseError
	if _, err := FilesStats(conll.Opener{}, []string{bad}, "", iob.IOB2, nil); !errors.As(err, &pe) || pe.Line != 1 {
		t.Errorf("IOBES tag read as IOB2: %v, want %s:1", err, bad)
	}
	if rows, err := FilesStats(conll.Opener{}, []string{bad}, "", iob.IOBES, nil); err != nil || rows[0].Stats.Entities["Chemical"] != 1 {
		t.Errorf("IOBES file in IOBES: %+v, %v; want one Chemical", rows, err)
	}
	var b bytes.Buffer
	rows, _ := FilesStats(conll.Opener{}, []string{pert}, orig, iob.IOB2, nil)
	if err := WriteTable(&b, rows); err != nil || !strings.Contains(b.String(), "orig.tsv (original)") {
		t.Errorf("table %q, %v", b.String(), err)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestFilesStatsEndlessStdin: standard input that never ends (/dev/zero)
// is read as it comes when named once, and stops at its first line; named
// twice it is kept, up to maxStdinKept (issue 25, F18).
func TestFilesStatsEndlessStdin(t *testing.T) {
	op := conll.Opener{Stdin: zeros{}}
	if _, err := FilesStats(op, []string{"-"}, "", iob.IOB2, nil); !errors.Is(err, limits.ErrLongLine) {
		t.Errorf("named once: err = %v", err)
	}
	op = conll.Opener{Stdin: zeros{}}
	if _, err := FilesStats(op, []string{"-"}, "-", iob.IOB2, nil); !errors.Is(err, errStdinKept) {
		t.Errorf("named twice: err = %v", err)
	}
}
