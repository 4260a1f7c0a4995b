package conll

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stress-ner/stress/internal/limits"
)

func TestReadLabels(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	info := write("dataset_info.json", `{"bc5cdr": {"features": {"tokens": {"feature": {"dtype": "string"}}, "ner_tags": {"feature": {"names": ["O", "B-Chemical", "I-Chemical"], "_type": "ClassLabel"}, "_type": "Sequence"}}}}`)
	flat := write("flat.json", `{"features": {"ner_tags": {"feature": {"names": ["O", "B-X"]}}}}`)
	lines := write("labels.txt", "O\nB-Chemical\n\nI-Chemical\n")
	noTags := write("other.json", `{"features": {"tokens": {}}}`)
	dup := write("dup.txt", "O\nO\n")
	for _, tt := range []struct {
		spec string
		want string // joined by ","; "" for an error
	}{
		{info, "O,B-Chemical,I-Chemical"},
		{flat, "O,B-X"},
		{lines, "O,B-Chemical,I-Chemical"},
		{"O, B-Chemical,I-Chemical", "O,B-Chemical,I-Chemical"},
		{noTags, ""},
		{dup, ""},
		{"O,,B-X", ""},
		{filepath.Join(dir, "missing.txt"), ""},
	} {
		got, err := ReadLabels(tt.spec)
		if tt.want == "" {
			if err == nil {
				t.Errorf("ReadLabels(%q) = %v, want an error", tt.spec, got)
			}
			continue
		}
		if err != nil || strings.Join(got, ",") != tt.want {
			t.Errorf("ReadLabels(%q) = %v, %v; want %s", tt.spec, got, err, tt.want)
		}
	}
	if _, err := ReadLabels(dup); !errors.Is(err, ErrLabels) {
		t.Errorf("duplicate labels: %v, want ErrLabels", err)
	}
}

// TestReadLabelsEndless: a label file of one endless line (/dev/zero),
// or a dataset_info.json without end, is an error after a bounded read,
// not a process filling memory (N03 of issue 31).
func TestReadLabelsEndless(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip(err)
	}
	json := filepath.Join(t.TempDir(), "dataset_info.json")
	if err := os.Symlink("/dev/zero", json); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		spec string
		err  error
		msg  string
	}{
		{"/dev/zero", limits.ErrLongLine, "/dev/zero:1: line longer than 16 MiB"},
		{json, limits.ErrLargeDocument, json + ": document larger than 16 MiB"},
	} {
		t.Run("N03 "+filepath.Base(tt.spec), func(t *testing.T) {
			_, err := ReadLabels(tt.spec)
			if !errors.Is(err, tt.err) || !strings.HasPrefix(err.Error(), tt.msg) {
				t.Errorf("err = %v, want %q", err, tt.msg)
			}
		})
	}
}

// FuzzReadLabelFile: no label file of lines makes the reader panic; a
// list it accepts (and checkLabels passes) has no empty label, none
// twice and none with surrounding space.
func FuzzReadLabelFile(f *testing.F) {
	for _, s := range []string{"O\nB-Chemical\n\nI-Chemical\n", "\ufeffO\r\nB-X\r\n", "O\nO\n", " \n\t\n", "O\x00\n", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		labels, err := readLabelFile(strings.NewReader(text), "labels.txt")
		if err != nil {
			return
		}
		labels, err = checkLabels(labels, "labels.txt")
		if err != nil {
			if !errors.Is(err, ErrLabels) {
				t.Fatalf("error %v does not wrap ErrLabels", err)
			}
			return
		}
		seen := map[string]bool{}
		for _, l := range labels {
			if l == "" || l != strings.TrimSpace(l) || seen[l] {
				t.Fatalf("accepted labels %q", labels)
			}
			seen[l] = true
		}
	})
}

// FuzzDatasetInfoLabels: any bytes give labels or an error, never a
// panic, and labels found are strings of the names list.
func FuzzDatasetInfoLabels(f *testing.F) {
	f.Add([]byte(`{"bc5cdr": {"features": {"ner_tags": {"feature": {"names": ["O", "B-Chemical"]}}}}}`))
	f.Add([]byte(`{"features": {"ner_tags": {"feature": {"names": ["O", 3]}}}}`))
	f.Add([]byte(`{"features": {"tokens": {}}}`))
	f.Add([]byte(`[1, 2]`))
	f.Add([]byte(``))
	f.Fuzz(func(t *testing.T, data []byte) {
		labels, err := datasetInfoLabels(data)
		if err == nil && labels == nil {
			t.Fatal("nil labels without an error")
		}
	})
}

func ExampleReadLabels() {
	labels, err := ReadLabels("O,B-Chemical,I-Chemical")
	fmt.Println(labels, err)
	r := NewJSONReader(strings.NewReader(`{"tokens": ["Aspirin", "works"], "ner_tags": [1, 0]}`))
	r.Labels = labels
	s, _ := r.Read()
	fmt.Println(s.Tokens, s.Tags)
	// Output:
	// [O B-Chemical I-Chemical] <nil>
	// [Aspirin works] [B-Chemical O]
}
