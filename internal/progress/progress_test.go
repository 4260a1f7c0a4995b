package progress

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestNotATerminal(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "log"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, w := range []io.Writer{&bytes.Buffer{}, f} {
		if _, ok := Terminal(w); ok {
			t.Errorf("%T is a terminal", w)
		}
		if s := NewStages(w, nil); s.bars != nil {
			t.Errorf("%T: stages with bars", w)
		}
	}
}
