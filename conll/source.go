package conll

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// A Source is an input corpus read once: a file, "-" (the Opener's
// Stdin), a FIFO or device, or an embedded corpus ("sample:test"). Its
// bytes as stored (compressed or not) are kept, with their SHA-256, so
// that every later reader (the build, the training, the comparison, the
// provenance) gets them from memory through an Opener that holds the
// source (Opener.With) instead of opening the name again: a corpus is
// opened once, and one that cannot be read twice (standard input, a
// FIFO) is read by all of them.
type Source struct {
	// Name is the corpus as given: a path, "-" or an embedded name.
	Name string
	// SHA256 is the hash of the bytes as stored, in hex.
	SHA256 string
	// Rereadable is set when opening Name again gives the same bytes:
	// a regular file or an embedded corpus, not standard input, a FIFO
	// or a device.
	Rereadable bool
	data       []byte
}

// Bytes returns a reader of the source's bytes as stored.
func (s *Source) Bytes() io.Reader { return bytes.NewReader(s.data) }

// Read reads the corpus name once into a Source: "-" is Stdin, an
// embedded name (IsEmbedded) its bytes. A name that is missing or
// unreadable is the error stat or open gives.
func (o Opener) Read(name string) (*Source, error) {
	src := &Source{Name: name, Rereadable: name != "-"}
	if src.Rereadable && !IsEmbedded(name) {
		info, err := os.Stat(name)
		if err != nil {
			return nil, err
		}
		src.Rereadable = info.Mode().IsRegular()
	}
	r, err := o.OpenInput(name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	if src.data, err = io.ReadAll(r); err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	sum := sha256.Sum256(src.data)
	src.SHA256 = hex.EncodeToString(sum[:])
	return src, nil
}

// With returns an Opener that opens the names of srcs from their bytes
// in memory (and everything else as o does).
func (o Opener) With(srcs ...*Source) Opener {
	m := maps.Clone(o.sources)
	if m == nil {
		m = map[string]*Source{}
	}
	for _, s := range srcs {
		m[sourceKey(s.Name)] = s
	}
	o.sources = m
	return o
}

// Source returns the source o holds for name (see With), or nil. A
// file is found under any name of the same path ("out/../test.tsv" for
// "test.tsv").
func (o Opener) Source(name string) *Source {
	if o.sources == nil {
		return nil
	}
	return o.sources[sourceKey(name)]
}

// sourceKey is the key of a source's name: the absolute path of a file,
// the name itself for "-" and embedded corpora.
func sourceKey(name string) string {
	if name == "-" || IsEmbedded(name) {
		return name
	}
	if abs, err := filepath.Abs(name); err == nil {
		return abs
	}
	return name
}

// CanReread reports whether the corpus name may be read a second time,
// to be counted or hashed beside the work: a source o holds, an
// embedded corpus or a regular file; not standard input ("-") or a FIFO,
// which the work reads once (a second reader would steal its data or
// wait forever).
func (o Opener) CanReread(name string) bool {
	if o.Source(name) != nil || IsEmbedded(name) {
		return true
	}
	if name == "-" {
		return false
	}
	info, err := os.Stat(name)
	return err == nil && info.Mode().IsRegular()
}

// CheckReadable opens and closes every input file (not "-" or "", nor an
// embedded corpus), so that a run that takes long (a build, training)
// fails at once on an input that is missing or unreadable, not after
// the work done before it is read. A FIFO or device is only looked at:
// opening it would wait for a writer, or take data meant for the run.
func CheckReadable(inputs []string) error {
	for _, in := range inputs {
		if in == "" || in == "-" || IsEmbedded(in) {
			continue
		}
		info, err := os.Stat(in)
		if err != nil {
			return err
		}
		if !info.Mode().IsRegular() {
			continue
		}
		f, err := os.Open(in)
		if err != nil {
			return err
		}
		f.Close()
	}
	return nil
}

// ReadInputs checks the input files of a command as CheckReadable
// does, in order, and reads the corpora among them that can be read
// again (regular files, and embedded corpora) once each: the Opener it
// returns holds them (With), so that every layer of the command (build,
// training, comparison, provenance, progress) reads them from memory
// and none opens them again. Standard input and a FIFO are read once
// anyway, by the work, when it comes to them: a build keeps a copy of
// them for what reads them later.
func (o Opener) ReadInputs(inputs, corpora []string) (Opener, error) {
	op := o
	want := map[string]bool{}
	for _, c := range corpora {
		want[c] = c != "" && op.CanReread(c)
	}
	read := func(name string) error {
		if !want[name] || op.Source(name) != nil {
			return nil
		}
		src, err := op.Read(name)
		if err != nil {
			return err
		}
		op = op.With(src)
		return nil
	}
	for _, in := range inputs {
		check := read
		if !want[in] {
			check = func(in string) error { return CheckReadable([]string{in}) }
		}
		if err := check(in); err != nil {
			return op, err
		}
	}
	for _, c := range corpora {
		if err := read(c); err != nil {
			return op, err
		}
	}
	return op, nil
}

// Embedded corpora are bytes compiled into a program under a name of
// the form "SPACE:PART" ("sample:test"), which every Opener opens like
// a file; the package that holds them registers them.
var (
	embeddedMu sync.RWMutex
	embedded   = map[string]func() io.Reader{}
)

// RegisterEmbedded registers the embedded corpus name ("SPACE:PART"),
// whose bytes open returns.
func RegisterEmbedded(name string, open func() io.Reader) {
	embeddedMu.Lock()
	defer embeddedMu.Unlock()
	if !strings.Contains(name, ":") || open == nil {
		panic("conll: RegisterEmbedded of a name without SPACE: or without bytes")
	}
	embedded[name] = open
}

// IsEmbedded reports whether name is in the space of registered
// embedded corpora ("sample:..."), known or not, rather than a file.
func IsEmbedded(name string) bool {
	space, _, ok := strings.Cut(name, ":")
	if !ok {
		return false
	}
	embeddedMu.RLock()
	defer embeddedMu.RUnlock()
	for n := range embedded {
		if strings.HasPrefix(n, space+":") {
			return true
		}
	}
	return false
}

// embeddedNames lists the registered embedded corpora, sorted.
func embeddedNames() []string {
	embeddedMu.RLock()
	defer embeddedMu.RUnlock()
	return slices.Sorted(maps.Keys(embedded))
}

// openEmbedded returns the bytes of the embedded corpus name.
func openEmbedded(name string) (io.Reader, error) {
	embeddedMu.RLock()
	open := embedded[name]
	embeddedMu.RUnlock()
	if open == nil {
		return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownEmbedded, name, strings.Join(embeddedNames(), ", "))
	}
	return open(), nil
}
