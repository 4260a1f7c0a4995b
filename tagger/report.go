package tagger

import (
	"fmt"
	"io"
	"os"
	"time"
)

// WriteProgress returns an Options.Progress that writes a line per epoch
// to w, out of epochs: "epoch 2/10: 31 sentences wrong".
func WriteProgress(w io.Writer, epochs int) func(epoch, mistakes int) {
	return func(epoch, mistakes int) {
		fmt.Fprintf(w, "epoch %d/%d: %d sentences wrong\n", epoch, epochs, mistakes)
	}
}

// WriteSaved writes what a training run that took took made and where
// it is saved: the model (String), then the time and the file at path
// with its size ("trained in 1.2s; wrote m.bin (4.0 MB)").
func (m *Model) WriteSaved(w io.Writer, took time.Duration, path string) error {
	var size int64
	if fi, err := os.Stat(path); err == nil {
		size = fi.Size()
	}
	_, err := fmt.Fprintf(w, "%v\ntrained in %v; wrote %s (%.1f MB)\n", m, took.Round(time.Millisecond), path, float64(size)/(1<<20))
	return err
}
