package review

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/stress-ner/stress/internal/limits"

	"github.com/stress-ner/stress/perturb"
)

// Key is a sample's key, read back (ReadKey).
type Key struct {
	File  string // as given, for messages
	Rows  []KeyRow
	index map[string]int
}

// Row returns the key row of item.
func (k *Key) Row(item string) (KeyRow, bool) {
	i, ok := k.index[item]
	if !ok {
		return KeyRow{}, false
	}
	return k.Rows[i], true
}

// ReadKeyFile reads the key file at path (see ReadKey). When the
// sample's manifest (manifestName) lies beside it and records the key's
// SHA-256, the key must still have those bytes: an edited key (labels
// reordered, kinds changed, two keys joined) would score other items
// than the judges saw.
func ReadKeyFile(path string) (*Key, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sum := sha256.New()
	k, err := ReadKey(io.TeeReader(f, sum), path)
	if err != nil {
		return nil, err
	}
	want, manifest, err := recordedKeySum(filepath.Join(filepath.Dir(path), manifestName))
	if err != nil {
		return nil, err
	}
	if got := hex.EncodeToString(sum.Sum(nil)); want != "" && got != want {
		return nil, fmt.Errorf("%s: %w: its SHA-256 is not the key_sha256 of %s (edited since the sample was drawn, or another sample's key?)", path, ErrKeyChanged, manifest)
	}
	return k, nil
}

// recordedKeySum returns the key_sha256 of the sample manifest at path,
// "" when there is none (no manifest, another program's sample.json, or
// a sample drawn before manifests recorded it).
func recordedKeySum(path string) (sum, name string, err error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", path, nil
	}
	if err != nil {
		return "", path, err
	}
	defer f.Close()
	var m struct {
		Tool      string `json:"tool"`
		KeySHA256 string `json:"key_sha256"`
	}
	if json.NewDecoder(limits.Reader(f, limits.MaxDocument, limits.ErrLargeDocument)).Decode(&m) != nil || m.Tool != "stress review" {
		return "", path, nil
	}
	return m.KeySHA256, path, nil
}

// ReadKey reads a key as WriteKey writes it; name is the file named in
// errors. A row must have every column, an item id given once, numbers
// written as the change log writes them and a valid label list.
func ReadKey(r io.Reader, name string) (*Key, error) {
	k := &Key{File: name, index: map[string]int{}}
	in := newLines(r, name, ErrKey)
	for in.scan() {
		text := in.text
		if in.line == 1 {
			if text != strings.Join(keyHeader, "\t") {
				return nil, in.fail("header %q is not a key's (want %q)", clipText(text), strings.Join(keyHeader, "\t"))
			}
			continue
		}
		row, msg := parseKeyRow(text)
		if msg != "" {
			return nil, in.fail("%s", msg)
		}
		if prev, dup := k.index[row.Item]; dup {
			return nil, in.fail("item %q twice (first on line %d)", row.Item, prev+2)
		}
		k.index[row.Item] = len(k.Rows)
		k.Rows = append(k.Rows, row)
	}
	if in.err != nil {
		return nil, in.err
	}
	if in.line == 0 {
		return nil, in.fail("empty file: no header row")
	}
	return k, nil
}

// parseKeyRow parses one key row; msg says what is wrong.
func parseKeyRow(text string) (row KeyRow, msg string) {
	f := strings.Split(text, "\t")
	if len(f) != len(keyHeader) {
		return row, fmt.Sprintf("%d tab-separated fields, want %d", len(f), len(keyHeader))
	}
	for i := range f {
		v, ok := unescapeKey(f[i])
		if !ok {
			return row, fmt.Sprintf("%s %q: a backslash not followed by \\, t, n or r", keyHeader[i], clipText(f[i]))
		}
		f[i] = v
	}
	row.Item = f[0]
	if row.Item == "" || strings.TrimSpace(row.Item) != row.Item {
		return row, fmt.Sprintf("item %q: empty or with surrounding spaces", row.Item)
	}
	var nums [4]int
	for i, col := range []int{2, 3, 4, 5} {
		n, ok := parsePositive(f[col])
		if !ok {
			return row, fmt.Sprintf("%s %q is not a number from 1", keyHeader[col], clipText(f[col]))
		}
		nums[i] = n
	}
	if nums[3] < nums[2] {
		return row, fmt.Sprintf("end %d before token %d", nums[3], nums[2])
	}
	row.Line = nums[0]
	row.Change = perturb.Change{File: f[1], Sentence: nums[1] - 1, Token: nums[2] - 1, End: nums[3], Kind: f[6],
		Source: f[8], Before: f[9], After: f[10], ConceptID: f[11], TermType: f[12]}
	row.Type = f[7]
	if row.Change.Kind == "" || row.Type == "" {
		return row, "empty kind or type"
	}
	row.Labels = strings.Split(f[13], ",")
	if err := checkLabels(row.Labels); err != nil {
		return row, err.Error()
	}
	return row, ""
}

// parsePositive parses a decimal number from 1, without sign or leading
// zero.
func parsePositive(s string) (int, bool) {
	if s == "" || s[0] < '1' || s[0] > '9' || len(s) > 18 {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// unescapeKey undoes keyEscaper.
func unescapeKey(s string) (string, bool) {
	if !strings.Contains(s, `\`) {
		return s, true
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 == len(s) {
			return "", false
		}
		i++
		switch s[i] {
		case '\\':
			b.WriteByte('\\')
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		default:
			return "", false
		}
	}
	return b.String(), true
}

// clipText shortens s for an error message.
func clipText(s string) string {
	if r := []rune(s); len(r) > 80 {
		return string(r[:77]) + "..."
	}
	return s
}
