package figures

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/internal/readme"
)

func TestUsesAndReplace(t *testing.T) {
	doc := "S replaces <!--f:s.chem-->585<!--/f--> of <!--f:chem-->5,385<!--/f--> mentions.\n" +
		"`<!--f:not.a.marker-->` in code, a span `over\na line` <!--f:after.span-->1<!--/f-->\n" +
		"<!-- figure: tab -->\n| a | b |\n|---|---|\n| 1 | 2 |\n\nafter\n" +
		"<!-- figure: out -->\n```text\nline 1\nline 2\n```\n" +
		"```sh\necho '<!--f:x-->1<!--/f-->'\n```\n"
	uses, err := Uses("d.md", doc)
	if err != nil {
		t.Fatal(err)
	}
	want := []Use{
		{File: "d.md", Line: 1, Name: "s.chem", Value: "585"},
		{File: "d.md", Line: 1, Name: "chem", Value: "5,385"},
		{File: "d.md", Line: 3, Name: "after.span", Value: "1"},
		{File: "d.md", Line: 5, Name: "tab", Value: "| a | b |\n|---|---|\n| 1 | 2 |\n", Block: true},
		{File: "d.md", Line: 12, Name: "out", Value: "line 1\nline 2\n", Block: true},
	}
	if len(uses) != len(want) {
		t.Fatalf("uses %+v", uses)
	}
	for i, u := range uses {
		u.start, u.end = 0, 0
		if u != want[i] {
			t.Errorf("use %d: %+v, want %+v", i, u, want[i])
		}
	}
	got, err := Replace("d.md", doc, map[string]string{"s.chem": "590", "chem": "5,385", "after.span": "1", "tab": "| x |\n", "out": "new"})
	if err != nil {
		t.Fatal(err)
	}
	wantDoc := strings.NewReplacer("-->585<", "-->590<", "| a | b |\n|---|---|\n| 1 | 2 |\n", "| x |\n", "line 1\nline 2\n", "new\n").Replace(doc)
	if got != wantDoc {
		t.Errorf("replaced:\n%s\nwant:\n%s", got, wantDoc)
	}
	if _, err := Replace("d.md", doc, map[string]string{}); !errors.Is(err, ErrUnknown) {
		t.Errorf("a figure the file lacks: %v", err)
	}
	for _, bad := range []string{
		"<!--f:Bad-->1<!--/f-->",
		"<!--f:a-->1\n<!--/f-->",
		"<!--f:a-->1",
		"1<!--/f-->",
		"<!-- figure: t -->\ntext\n",
		"<!-- figure: t -->\n```text\nx\n",
	} {
		if _, err := Uses("d.md", bad); !errors.Is(err, ErrMarker) {
			t.Errorf("%q: %v, want ErrMarker", bad, err)
		}
	}
}

func TestReadWrite(t *testing.T) {
	figs := []Figure{{"b", "1,079", "build"}, {"a", "| x |\n", "paper"}}
	var buf bytes.Buffer
	if err := Write(&buf, figs); err != nil {
		t.Fatal(err)
	}
	if want := `{"name":"a","value":"| x |\n","source":"paper"}` + "\n" + `{"name":"b","value":"1,079","source":"build"}` + "\n"; buf.String() != want {
		t.Errorf("written:\n%s", buf.String())
	}
	back, err := read(&buf)
	if err != nil || len(back) != 2 || back[0] != figs[1] || back[1] != figs[0] {
		t.Errorf("read back %+v, %v", back, err)
	}
	for _, bad := range []string{`{"name":"a","value":"1","source":"s","x":1}`, `{"name":"a"}` + "\n" + `{"name":"a"}`, `{"name":"A"}`, `{`} {
		if _, err := read(strings.NewReader(bad)); err == nil {
			t.Errorf("%q read without error", bad)
		}
	}
}

// TestDocuments fails when README.md or a docs/*.md shows a figure
// otherwise than docs/figures.jsonl holds it, or names one the file
// lacks, and when the file holds a figure no document shows (run
// scripts/figures.sh after changing either).
func TestDocuments(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	figs, err := ReadFile(filepath.Join(root, File))
	if err != nil {
		t.Fatal(err)
	}
	values := Values(figs)
	docs, err := readme.Documents(root)
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for _, doc := range docs {
		data, err := os.ReadFile(filepath.Join(root, doc))
		if err != nil {
			t.Fatal(err)
		}
		uses, err := Uses(doc, string(data))
		if err != nil {
			t.Error(err)
			continue
		}
		for _, u := range uses {
			used[u.Name] = true
			v, ok := values[u.Name]
			switch {
			case !ok:
				t.Errorf("%s:%d: figure %s is not in %s (add it to a source of internal/figures/gen and run scripts/figures.sh)", u.File, u.Line, u.Name, File)
			case u.Block && strings.TrimSuffix(u.Value, "\n") != strings.TrimSuffix(v, "\n"):
				t.Errorf("%s:%d: figure %s differs from %s (scripts/figures.sh rewrites it):\n%s\n--- the script measured:\n%s", u.File, u.Line, u.Name, File, u.Value, v)
			case !u.Block && u.Value != v:
				t.Errorf("%s:%d: figure %s is %q, the script measured %q (scripts/figures.sh rewrites it)", u.File, u.Line, u.Name, u.Value, v)
			}
		}
	}
	for _, f := range figs {
		if !used[f.Name] {
			t.Errorf("%s: figure %s (source %s) is shown by no document: drop it from its source", File, f.Name, f.Source)
		}
	}
}
