package tagger

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/stress-ner/stress/internal/atomicfile"
)

// Model files are gzip-compressed. Inside, after the magic line and a
// version number, everything is uvarints and little-endian float32s:
//
//	"stress-tagger\n" version features bits epochs seed sentences tokens
//	L (len name)×L  trans[(L+1)×L]  R (bucketGap row[L])×R
//
// where a row's bucket is the previous row's bucket + 1 + bucketGap. Only
// buckets with weight are stored, so files are a few megabytes.
const (
	modelMagic   = "stress-tagger\n"
	modelVersion = 1
	maxLabels    = 1024
	maxLabelLen  = 256
)

// Save writes the model to w. The bytes depend only on the model, so the
// same training run always produces the same file.
func (m *Model) Save(w io.Writer) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestSpeed)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(zw)
	var buf [binary.MaxVarintLen64]byte
	uv := func(x uint64) { bw.Write(buf[:binary.PutUvarint(buf[:], x)]) }
	f32 := func(x float32) {
		binary.LittleEndian.PutUint32(buf[:4], math.Float32bits(x))
		bw.Write(buf[:4])
	}
	bw.WriteString(modelMagic)
	uv(modelVersion)
	uv(uint64(m.features))
	uv(uint64(m.bits))
	uv(uint64(m.epochs))
	uv(m.seed)
	uv(uint64(m.sentences))
	uv(uint64(m.tokens))
	L := m.labels.len()
	uv(uint64(L))
	for _, n := range m.labels.names {
		uv(uint64(len(n)))
		bw.WriteString(n)
	}
	for _, x := range m.trans {
		f32(x)
	}
	uv(uint64(len(m.weights) / L))
	prev := -1
	for b, r := range m.rows {
		if r < 0 {
			continue
		}
		uv(uint64(b - prev - 1))
		prev = b
		for _, x := range m.weights[int(r)*L : int(r)*L+L] {
			f32(x)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("save model: %w", err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("save model: %w", err)
	}
	return nil
}

// SaveOptions are the optional settings of SaveFile.
type SaveOptions struct {
	// NoClobber makes an existing file at the path an error instead of
	// being replaced; it is checked again when the model is put in place.
	NoClobber bool
}

// SaveFile writes the model to path atomically: readers see the old file
// or the complete new one, never a partial model. At most one
// SaveOptions may be given; without it an existing file is replaced.
func (m *Model) SaveFile(path string, opts ...SaveOptions) error {
	var opt SaveOptions
	switch len(opts) {
	case 0:
	case 1:
		opt = opts[0]
	default:
		return fmt.Errorf("save model: %d SaveOptions, want at most one", len(opts))
	}
	f, err := CreateModelFile(path, opt)
	if err != nil {
		return fmt.Errorf("save model: %w", err)
	}
	defer f.Abort()
	return f.Save(m)
}

// A ModelFile is a model file started before the model it will hold is
// trained, so that a directory that is not there, or a file that may
// not be replaced, fails before the training rather than after its last
// epoch. Nothing is at the path until Save; Abort (deferred) removes
// what Save did not put in place.
type ModelFile struct{ f *atomicfile.File }

// CreateModelFile starts a model file at path (SaveFile's opt).
func CreateModelFile(path string, opt SaveOptions) (*ModelFile, error) {
	f, err := atomicfile.Create(path, opt.NoClobber)
	if err != nil {
		return nil, err
	}
	return &ModelFile{f}, nil
}

// Save writes m to the file and puts it in place.
func (mf *ModelFile) Save(m *Model) error {
	bw := bufio.NewWriter(mf.f)
	if err := m.Save(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("save model: %w", err)
	}
	if err := mf.f.Commit(); err != nil {
		return fmt.Errorf("save model: %w", err)
	}
	return nil
}

// Abort removes the file unless Save put it in place.
func (mf *ModelFile) Abort() { mf.f.Abort() }

// LoadFile reads a model saved with SaveFile.
func LoadFile(path string) (*Model, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("load model: %w", err)
	}
	defer f.Close()
	m, err := Load(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// Load reads a model written by Save. Corrupt or truncated input gives an
// error wrapping ErrBadModel (or ErrModelVersion), never a panic.
func Load(r io.Reader) (*Model, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadModel, err)
	}
	br := bufio.NewReader(zr)
	m, err := decodeModel(br)
	if err != nil {
		return nil, err
	}
	// Reading to the end makes gzip verify its checksum.
	if n, err := io.Copy(io.Discard, br); err != nil || n != 0 {
		if err == nil {
			err = errors.New("trailing data")
		}
		return nil, fmt.Errorf("%w: %v", ErrBadModel, err)
	}
	return m, nil
}

func decodeModel(br *bufio.Reader) (*Model, error) {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: %s", ErrBadModel, fmt.Sprintf(format, a...))
	}
	magic := make([]byte, len(modelMagic))
	if _, err := io.ReadFull(br, magic); err != nil || string(magic) != modelMagic {
		return nil, bad("bad header")
	}
	var rerr error
	uv := func(limit uint64, what string) uint64 {
		if rerr != nil {
			return 0
		}
		x, err := binary.ReadUvarint(br)
		switch {
		case err != nil:
			rerr = bad("reading %s: %v", what, noEOF(err))
		case x > limit:
			rerr = bad("%s %d out of range", what, x)
		}
		return x
	}
	var fbuf [4]byte
	f32 := func() float32 {
		if rerr != nil {
			return 0
		}
		if _, err := io.ReadFull(br, fbuf[:]); err != nil {
			rerr = bad("reading weights: %v", noEOF(err))
			return 0
		}
		x := math.Float32frombits(binary.LittleEndian.Uint32(fbuf[:]))
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			rerr = bad("weight is not finite")
		}
		return x
	}
	if v := uv(math.MaxUint32, "version"); rerr == nil && v != modelVersion {
		return nil, fmt.Errorf("%w: file has version %d, this program reads version %d", ErrModelVersion, v, modelVersion)
	}
	m := &Model{}
	m.features = Features(uv(uint64(Chars), "feature set"))
	m.bits = uint8(uv(maxHashBits, "hash bits"))
	m.epochs = int(uv(math.MaxInt32, "epochs"))
	m.seed = uv(math.MaxUint64, "seed")
	m.sentences = int(uv(math.MaxInt32, "sentence count"))
	m.tokens = int(uv(math.MaxInt32, "token count"))
	L := int(uv(maxLabels, "label count"))
	if rerr != nil {
		return nil, rerr
	}
	if m.features != Words && m.features != Chars {
		return nil, bad("unknown feature set %d", m.features)
	}
	if m.bits < minHashBits {
		return nil, bad("hash bits %d out of range", m.bits)
	}
	names := make([]string, 0, L)
	for range L {
		n := uv(maxLabelLen, "label length")
		if rerr != nil {
			return nil, rerr
		}
		b := make([]byte, n)
		if _, err := io.ReadFull(br, b); err != nil {
			return nil, bad("reading labels: %v", noEOF(err))
		}
		names = append(names, string(b))
	}
	ls, err := labelSetOf(names)
	if err != nil {
		return nil, err
	}
	m.labels = ls
	m.trans = make([]float32, (L+1)*L)
	for i := range m.trans {
		m.trans[i] = f32()
	}
	buckets := 1 << m.bits
	R := int(uv(uint64(buckets), "row count"))
	if rerr != nil {
		return nil, rerr
	}
	m.rows = make([]int32, buckets)
	for i := range m.rows {
		m.rows[i] = -1
	}
	prev := -1
	for r := range R {
		gap := uv(uint64(buckets), "bucket")
		if rerr != nil {
			return nil, rerr
		}
		b := prev + 1 + int(gap)
		if b >= buckets {
			return nil, bad("bucket %d out of range", b)
		}
		prev = b
		m.rows[b] = int32(r)
		for range L {
			m.weights = append(m.weights, f32())
		}
		if rerr != nil {
			return nil, rerr
		}
	}
	return m, nil
}

func noEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}
