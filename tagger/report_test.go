package tagger

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stress-ner/stress/conll"
)

func TestWriteProgress(t *testing.T) {
	for _, tt := range []struct {
		epochs int
		calls  [][2]int // epoch, mistakes
		want   string
	}{
		{3, nil, ""},
		{3, [][2]int{{1, 12}}, "epoch 1/3: 12 sentences wrong\n"},
		{2, [][2]int{{1, 5}, {2, 0}}, "epoch 1/2: 5 sentences wrong\nepoch 2/2: 0 sentences wrong\n"},
	} {
		var b bytes.Buffer
		progress := WriteProgress(&b, tt.epochs)
		for _, c := range tt.calls {
			progress(c[0], c[1])
		}
		if b.String() != tt.want {
			t.Errorf("%d epochs, calls %v: %q, want %q", tt.epochs, tt.calls, b.String(), tt.want)
		}
	}
}

// TestWriteSaved trains on a few sentences, saves through Train's
// progress and checks the summary: the model, the time rounded to the
// millisecond, the file and its size.
func TestWriteSaved(t *testing.T) {
	sents := []conll.Sentence{
		{Tokens: []string{"Aspirin", "helps"}, Tags: []string{"B-Chemical", "O"}},
		{Tokens: []string{"fever", "goes"}, Tags: []string{"B-Disease", "O"}},
	}
	var progress bytes.Buffer
	m, err := Train(sents, Options{Features: Words, Epochs: 2, Seed: 1, HashBits: 10, Progress: WriteProgress(&progress, 2)})
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(progress.String(), " sentences wrong\n"); n != 2 || !strings.HasPrefix(progress.String(), "epoch 1/2: ") {
		t.Errorf("progress %q: want a line per epoch", progress.String())
	}
	dir := t.TempDir()
	path, big := filepath.Join(dir, "m.bin"), filepath.Join(dir, "big.bin")
	if err := m.SaveFile(path); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(big, make([]byte, 3<<20+100<<10), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		path, size string
	}{
		{path, "0.0"}, // a few kilobytes
		{big, "3.1"},
		{filepath.Join(dir, "gone.bin"), "0.0"}, // a file that cannot be read has no size
	} {
		var b bytes.Buffer
		if err := m.WriteSaved(&b, 1234567*time.Microsecond, tt.path); err != nil {
			t.Fatal(err)
		}
		want := m.String() + "\ntrained in 1.235s; wrote " + tt.path + " (" + tt.size + " MB)\n"
		if b.String() != want {
			t.Errorf("wrote %q, want %q", b.String(), want)
		}
	}
}
